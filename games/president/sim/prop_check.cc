// prop_check.cc: one game played from a script, every property checked
// after every event (see prop_check.h).
#include "games/president/log.h"
#include "games/president/sim/prop_check.h"

#include <exception>
#include <memory>
#include <sstream>

#include "games/president/bots/bot.h"
#include "games/president/sim/prop_probe.h"
#include "games/president/rules/rules.h"
#include "games/president/referee/shuffle.h"
#include "games/president/replay/fold.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/state_json.h"

namespace pli::cli {
namespace {

constexpr int kMaxEventsPerManche = 2000;  // a manche needs a few hundred at most
constexpr int kProbesPerState = 10;

// The rule a failure about an event of this type is about (for the
// scenario's "rules").
const char* RuleOf(EventType type) {
  switch (type) {
    case EventType::kGame:
      return "S1";
    case EventType::kDeal:
      return "S2";
    case EventType::kExchange:
      return "K1";
    case EventType::kPass:
      return "P4";
    case EventType::kClose:
      return "X1";
    case EventType::kEnd:
      return "G1";
    default:
      return "P1";
  }
}

std::string Describe(const Event& e) {
  const EventType type = TypeOf(e.body);
  std::string text =
      std::string(type == EventType::kExchange || type == EventType::kEnd ? "an " : "a ") +
      TypeName(type);
  if (const int seat = ActingSeat(e.body); seat >= 0) text += " of seat " + std::to_string(seat);
  return text + " " + EventToJson(e);
}

boost::json::array Strings(std::initializer_list<std::string> items) {
  boost::json::array a;
  for (const std::string& s : items) a.emplace_back(s);
  return a;
}

// {"at": at, "expect": expect}
boost::json::object StateCheck(int64_t at, boost::json::object expect) {
  boost::json::object check;
  check["at"] = at;
  check["expect"] = std::move(expect);
  return check;
}

// {"legal": [{"at": at, "includes": [action]}]}: an action matching
// `action` must be listed at `at`.
boost::json::object IncludesCheck(int64_t at, boost::json::object action) {
  boost::json::object check;
  check["at"] = at;
  check["includes"] = boost::json::array{boost::json::value(std::move(action))};
  boost::json::object out;
  out["legal"] = boost::json::array{boost::json::value(std::move(check))};
  return out;
}

// {"states": [{"at": at, "expect": expect}]}
boost::json::object StatesCheck(int64_t at, boost::json::object expect) {
  boost::json::object out;
  out["states"] = boost::json::array{boost::json::value(StateCheck(at, std::move(expect)))};
  return out;
}

// The seats' hands of a reference model: the hands before the event, with
// its cards moved (S2: a deal gives them, P1/X1: a play or close takes them
// from the actor, K1: a gift moves them to the receiver). The hook makes it
// forget one type's moves.
std::array<CardSet, kMaxSeats> ReferenceHands(const State& before, const Event& e,
                                              const PropHooks& hooks) {
  std::array<CardSet, kMaxSeats> hands = before.hands;
  if (hooks.forget_moves == TypeOf(e.body)) return hands;
  const int seat = ActingSeat(e.body);
  const auto* gift = std::get_if<ExchangeEvent>(&e.body);
  const bool moves = std::holds_alternative<PlayEvent>(e.body) ||
                     std::holds_alternative<CloseEvent>(e.body) || gift != nullptr;
  if (moves && (seat < 0 || seat >= kMaxSeats || (gift && (gift->to < 0 || gift->to >= kMaxSeats))))
    return hands;  // a seat outside the table moves nothing (Decide refuses it anyway)
  auto set_of = [](const CardList& cards) {
    CardSet s;
    for (Card c : cards) s.insert(c);
    return s;
  };
  if (auto* d = std::get_if<DealEvent>(&e.body)) {
    for (size_t s = 0; s < d->hands.size() && s < hands.size(); ++s) hands[s] = set_of(d->hands[s]);
  } else if (auto* p = std::get_if<PlayEvent>(&e.body)) {
    hands[p->seat] -= set_of(p->cards);
  } else if (auto* c = std::get_if<CloseEvent>(&e.body)) {
    hands[c->seat] -= set_of(c->cards);
  } else if (auto* x = std::get_if<ExchangeEvent>(&e.body)) {
    hands[x->from] -= set_of(x->cards);
    hands[x->to] |= set_of(x->cards);
  }
  return hands;
}

class Checker {
 public:
  Checker(const GameRules& rules, const PropScript& script, const PropHooks& hooks)
      : rules_(rules), script_(script), hooks_(hooks), probe_rng_(script.probe_seed) {
    for (int s = 0; s < script.seats; ++s) {
      const Policy p = script.policies[s];
      if (p == Policy::kRandom) {
        bots_.push_back(nullptr);
        continue;
      }
      const Level level = p == Policy::kEasy     ? Level::kEasy
                          : p == Policy::kMedium ? Level::kMedium
                                                 : Level::kHard;
      bots_.push_back(
          MakeBot(level, script.bot_seeds[s], BotBudget{.samples = 4, .candidates = 4}));
    }
  }

  PropOutcome Run() {
    try {
      Play();
    } catch (const std::exception& e) {
      Fail("exception", std::string("an exception escaped: ") + e.what(), {}, "P1");
    }
    return std::move(outcome_);
  }

 private:
  bool failed() const { return outcome_.failure.has_value(); }

  void Play() {
    GameEvent g{.game = "prop",
                .ruleset = rules_.ruleset,
                .options = rules_.options,
                .overrides = rules_.overrides,
                .seats = {}};
    for (int s = 0; s < script_.seats; ++s)
      g.seats.push_back(std::string(PolicyName(script_.policies[s])) + "-" + std::to_string(s));
    if (!Push(Event{.body = std::move(g)}, "refused")) return;
    for (const int64_t seed : script_.deal_seeds) {
      if (state_.phase == Phase::kGameOver) break;
      if (!Push(Event{.body = DealEvent{DealFromSeed(script_.seats, seed, state_.order.deck), seed}}, "refused"))
        return;
      for (int n = 0; SeatToAct(state_) >= 0; ++n) {
        if (n >= kMaxEventsPerManche) {
          Fail("endless",
               "manche " + std::to_string(state_.manche) + " did not end within " +
                   std::to_string(kMaxEventsPerManche) + " events",
               StatesCheck(Seq(), boost::json::object{{"phase", "manche-over"}}), "F3");
          return;
        }
        if (!CheckPoint()) return;
        std::optional<Event> e = Choose();
        if (failed()) return;
        if (!Push(*e, chosen_by_bot_ ? "bot-refused" : "listed-rejected")) return;
      }
      if (!CheckPoint()) return;  // the manche is over: nothing may be played
    }
    if (script_.end_event && state_.phase != Phase::kGameOver &&
        !Push(Event{.body = EndEvent{}}, "refused"))
      return;
    CheckWholeLog();
  }

  int64_t Seq() const { return static_cast<int64_t>(log_.size()); }

  // Records the failure: the log so far (plus `extra`, if any) and the
  // expectation `checks` (with verdict clean unless it says otherwise).
  void Fail(const std::string& kind, const std::string& message, boost::json::object checks,
            const std::string& rule, const std::optional<Event>& extra = std::nullopt) {
    PropFailure f;
    f.kind = kind;
    f.message = message;
    f.log = log_;
    if (extra) f.log.push_back(*extra);
    f.expect["rules"] = Strings({rule});
    if (!checks.contains("verdict")) f.expect["verdict"] = "clean";
    for (auto& [key, value] : checks) f.expect[key] = value;
    outcome_.failure = std::move(f);
  }

  // Appends an event (which must be legal) and checks the state after it.
  // `kind` names the failure if the rules refuse it.
  bool Push(const Event& e, const char* kind) {
    const State before = state_;
    if (std::optional<Violation> v = Decide(state_, e)) {
      const std::string why = std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message;
      Fail(kind, "the rules refuse " + Describe(e) + ": " + why, {},
           v->rule.empty() ? RuleOf(TypeOf(e.body)) : v->rule, e);
      return false;
    }
    Step(state_, e);
    log_.push_back(e);
    ++outcome_.events;
    if (const std::string broken = CheckInvariants(state_); !broken.empty()) {
      return CardFailure("invariant", "CheckInvariants after " + Describe(e) + ": " + broken,
                         before, e);
    }
    if (ReferenceHands(before, e, hooks_) != state_.hands) {
      return CardFailure(
          "cards",
          "the hands after " + Describe(e) + " are not the hands before with its cards moved",
          before, e);
    }
    return CheckWire(e);
  }

  bool CardFailure(const std::string& kind, const std::string& message, const State& before,
                   const Event& e) {
    State reference = state_;
    reference.hands = ReferenceHands(before, e, hooks_);
    boost::json::object expect{{"hands", StateToJson(reference).at("hands")}};
    Fail(kind, message, StatesCheck(Seq(), std::move(expect)), RuleOf(TypeOf(e.body)));
    return false;
  }

  // The event's JSON line reads back as the same event, and the replay of
  // the lines read back equals the live state.
  bool CheckWire(const Event& e) {
    const std::string line = EventToJson(e);
    std::variant<Event, ParseError> parsed = ParseEventLine(line);
    const boost::json::object live = StatesCheck(Seq(), StateToJson(state_));
    if (auto* error = std::get_if<ParseError>(&parsed)) {
      Fail("wire", "the line " + line + " does not parse: " + error->field + ": " + error->message,
           live, RuleOf(TypeOf(e.body)));
      return false;
    }
    if (!(std::get<Event>(parsed) == e)) {
      Fail("wire", "the line " + line + " reads back as " + EventToJson(std::get<Event>(parsed)),
           live, RuleOf(TypeOf(e.body)));
      return false;
    }
    Step(replay_, std::get<Event>(parsed));
    if (!(replay_ == state_)) {
      Fail("replay",
           "after " + Describe(e) +
               " the replay of the log differs from the live state:\n  replay " +
               boost::json::serialize(StateToJson(replay_)) + "\n  live   " +
               boost::json::serialize(StateToJson(state_)),
           live, RuleOf(TypeOf(e.body)));
      return false;
    }
    return true;
  }

  // LegalActions against Decide at the current state, and probes.
  bool CheckPoint() {
    legal_ = LegalActions(state_);
    const int actor = SeatToAct(state_);
    if (actor >= 0 && legal_.empty()) {
      Fail("stuck",
           "seat " + std::to_string(actor) + " must act in phase " + PhaseName(state_.phase) +
               " and nothing is listed",
           IncludesCheck(Seq(), boost::json::object{{"seat", actor}}), "P4");
      return false;
    }
    const Draw draw = [this] { return static_cast<uint32_t>(SplitMix64Next(probe_rng_)); };
    for (const LegalAction& a : legal_) {
      for (const Event& e : {ToEvent(state_, a), Concrete(state_, a, draw)}) {
        if (std::optional<Violation> v = Decide(state_, e)) {
          Fail("listed-rejected",
               "the listed action " + boost::json::serialize(LegalToJson({a})) + " as " +
                   EventToJson(e) + " is refused: " + std::string(CodeName(v->code)) + " (" +
                   v->rule + "): " + v->message,
               {}, v->rule.empty() ? RuleOf(a.type) : v->rule, e);
          return false;
        }
      }
    }
    for (const Event& e : Probes(state_, probe_rng_, kProbesPerState)) {
      if (!CheckProbe(e)) return false;
    }
    return true;
  }

  bool CheckProbe(const Event& e) {
    const std::optional<Violation> v = Decide(state_, e);
    const bool listed = IsListed(state_, legal_, e);
    if (!v && !listed) {
      boost::json::object include = LegalToJson({AbstractOf(e)}).at(0).as_object();
      include.erase("from_cards");
      include.erase("ranks");
      Fail("unlisted-accepted",
           "Decide accepts " + Describe(e) + ", which LegalActions does not list",
           IncludesCheck(Seq(), std::move(include)), RuleOf(TypeOf(e.body)), e);
      return false;
    }
    const std::string verdict =
        v ? std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message : "";
    if (v && listed) {
      Fail("listed-rejected",
           "LegalActions lists " + Describe(e) + " but Decide refuses it: " + verdict, {},
           v->rule.empty() ? RuleOf(TypeOf(e.body)) : v->rule, e);
      return false;
    }
    if (!v) return true;
    State after = state_;
    const std::optional<Violation> w = Step(after, e);
    State expected = state_;
    ++expected.seq;
    if (after == expected && w == v) return true;
    boost::json::object finding{{"seq", Seq() + 1},
                                {"type", TypeName(TypeOf(e.body))},
                                {"code", CodeName(v->code)},
                                {"rule", v->rule}};
    boost::json::object checks = StatesCheck(Seq() + 1, StateToJson(expected));
    checks["verdict"] = "violations";
    checks["violations"] = boost::json::array{boost::json::value(std::move(finding))};
    Fail("illegal-changed",
         "the illegal " + Describe(e) + " (" + verdict + ") changed more than seq" +
             (w == v ? "" : ", or Step judged it otherwise than Decide"),
         std::move(checks), v->rule.empty() ? RuleOf(TypeOf(e.body)) : v->rule, e);
    return false;
  }

  // The next event: out-of-turn closes first (X1), clockwise from the seat
  // to act, then that seat's action.
  std::optional<Event> Choose() {
    const int actor = SeatToAct(state_);
    auto draw = [this] {
      return next_choice_ < script_.choices.size() ? script_.choices[next_choice_++] : 0u;
    };
    if (state_.phase == Phase::kPlay) {
      for (int k = 1; k < state_.seats; ++k) {
        const int seat = (actor + k) % state_.seats;
        std::vector<LegalAction> closes;
        for (const LegalAction& a : legal_) {
          if (a.type == EventType::kClose && a.seat == seat) closes.push_back(a);
        }
        if (closes.empty()) continue;
        if (bots_[seat]) {
          chosen_by_bot_ = true;
          if (std::optional<Event> e = bots_[seat]->Act(ViewFor(state_, log_, seat))) return e;
          continue;
        }
        chosen_by_bot_ = false;
        const uint32_t c = draw() % static_cast<uint32_t>(closes.size() + 1);
        if (c < closes.size()) return Concrete(state_, closes[c], draw);
      }
    }
    chosen_by_bot_ = bots_[actor] != nullptr;
    if (bots_[actor]) {
      std::optional<Event> e = bots_[actor]->Act(ViewFor(state_, log_, actor));
      if (!e)
        Fail("bot-refused",
             "seat " + std::to_string(actor) + "'s bot must act and returned nothing", {}, "P4");
      return e;
    }
    std::vector<LegalAction> mine;
    for (const LegalAction& a : legal_) {
      if (a.seat == actor) mine.push_back(a);
    }
    if (mine.empty()) {
      Fail("stuck", "seat " + std::to_string(actor) + " must act and nothing is listed for it",
           IncludesCheck(Seq(), boost::json::object{{"seat", actor}}), "P4");
      return std::nullopt;
    }
    return Concrete(state_, mine[draw() % mine.size()], draw);
  }

  // The whole log as JSON Lines, read back: one game, the same events,
  // folding to the live state, and clean on audit.
  void CheckWholeLog() {
    std::string text;
    for (const Event& e : log_) text += EventToJson(e) + "\n";
    std::istringstream in(text);
    auto read = ReadLog(in);
    const boost::json::object live = StatesCheck(Seq(), StateToJson(state_));
    if (auto* error = std::get_if<LogError>(&read)) {
      Fail("audit", "the log does not read back: " + error->ToString(), live, "S1");
      return;
    }
    const std::vector<GameLog>& games = std::get<std::vector<GameLog>>(read);
    if (games.size() != 1 || games[0].events != log_) {
      Fail("audit", "the log reads back as other events", live, "S1");
      return;
    }
    if (!(FoldTo(games[0].events, Seq()) == state_)) {
      Fail("replay", "FoldTo over the log read back differs from the live state", live, "G1");
      return;
    }
    const std::vector<Finding> findings = AuditGame(games[0].events, true);
    if (!findings.empty()) {
      Fail("audit",
           "the audit of the log finds event " + std::to_string(findings[0].seq) +
               " illegal: " + findings[0].violation.message,
           {}, findings[0].violation.rule.empty() ? "S1" : findings[0].violation.rule);
    }
  }

  const GameRules& rules_;
  const PropScript& script_;
  const PropHooks& hooks_;
  std::vector<std::unique_ptr<Bot>> bots_;  // nullptr: the random policy
  State state_;                             // live: Step after each event
  State replay_;                            // folded from the events' JSON lines read back
  std::vector<Event> log_;
  std::vector<LegalAction> legal_;  // LegalActions(state_), from CheckPoint
  size_t next_choice_ = 0;
  bool chosen_by_bot_ = false;  // whether Choose's event came from a bot
  uint64_t probe_rng_;
  PropOutcome outcome_;
};

}  // namespace

const char* PolicyName(Policy policy) {
  switch (policy) {
    case Policy::kRandom:
      return "random";
    case Policy::kEasy:
      return "easy";
    case Policy::kMedium:
      return "medium";
    default:
      return "hard";
  }
}

PropOutcome CheckGame(const GameRules& rules, const PropScript& script, const PropHooks& hooks) {
  return Checker(rules, script, hooks).Run();
}

}  // namespace pli::cli
