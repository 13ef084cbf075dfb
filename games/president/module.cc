// module.cc: Super Président behind the game interface (module.h): its
// line reader, its stored encoding and its rules, as they already are.
#include "games/president/module.h"

#include <boost/json/serialize.hpp>
#include <algorithm>
#include <array>
#include <charconv>
#include <utility>
#include <variant>

#include "games/president/bots/bot.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"
#include "games/president/columns.h"
#include "games/president/rule_text.h"
#include "schema/input_error.h"
#include "games/president/wire/event_codec.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/record.h"
#include "games/president/wire/state_json.h"
#include "games/president/referee/shuffle.h"
#include "games/view.h"

namespace pli {

// Each legal entry made concrete by ToEvent (games/president/rules/legal.cc):
// a play's or a close's cards of its rank from the seat's hand, the
// lowest suits first (C1's order); a gift's cards the ranks K2 forces,
// then the first free ones of those K1/K3 allow (RULES.md §11).
boost::json::array LegalActionsJson(const State& state) {
  namespace bj = boost::json;
  bj::array out;
  for (const LegalAction& a : LegalActions(state)) {
    const Event e = ToEvent(state, a);
    bj::array cards;
    std::string text;
    auto take = [&](const CardList& list) {
      for (Card c : list) {
        cards.emplace_back(CardText(c));
        text += (text.empty() ? "" : " ") + CardText(c);
      }
    };
    bj::object action;
    std::string en, fr;
    if (const auto* play = std::get_if<PlayEvent>(&e.body)) {
      take(play->cards);
      action = {{"type", "play"}, {"cards", cards}};
      en = "Play " + text;
      fr = "Jouer " + text;
      if (play->declare != Declare::kNone) {
        const std::string d = play->declare == Declare::kSuite ? "suite" : "reverse";
        action["declare"] = d;
        en += ", declaring " + d;
        fr += ", en annonçant " + std::string(play->declare == Declare::kSuite ? "la suite" : "le reverse");
      }
    } else if (const auto* close = std::get_if<CloseEvent>(&e.body)) {
      take(close->cards);
      action = {{"type", "close"}, {"cards", cards}};
      en = "Close the pli with " + text;
      fr = "Fermer le pli avec " + text;
    } else if (const auto* gift = std::get_if<ExchangeEvent>(&e.body)) {
      take(gift->cards);
      action = {{"type", "exchange"}, {"to", gift->to}, {"cards", cards}};
      const std::string to = gift->to < static_cast<int>(state.seat_names.size())
                                 ? state.seat_names[gift->to]
                                 : "seat " + std::to_string(gift->to);
      en = "Give " + text + " to " + to;
      fr = "Donner " + text + " à " + to;
    } else {
      action = {{"type", "pass"}};
      en = "Pass";
      fr = "Passer";
    }
    out.push_back(bj::object{{"action", std::move(action)}, {"label", bj::object{{"en", en}, {"fr", fr}}}});
  }
  return out;
}

namespace {

constexpr uint8_t kVersion = 0x01;  // FORMAT.md §6

struct Problem {
  std::string field;
  std::string message;
};

std::optional<Problem> CheckSeat(std::string_view field, int seat, int seats) {
  if (seat >= 0 && seat < seats) return std::nullopt;
  return Problem{std::string(field), "seat " + std::to_string(seat) +
                                         " does not exist: the game has seats 0 to " +
                                         std::to_string(seats - 1)};
}

// The seats named by an event's body, checked against the game's
// (INTERFACE.md §1: an unknown seat is malformed).
std::optional<Problem> CheckSeats(const EventBody& body, int seats) {
  if (const auto* x = std::get_if<ExchangeEvent>(&body)) {
    if (auto p = CheckSeat("from", x->from, seats)) return p;
    return CheckSeat("to", x->to, seats);
  }
  if (const auto* p = std::get_if<PlayEvent>(&body)) return CheckSeat("seat", p->seat, seats);
  if (const auto* p = std::get_if<PassEvent>(&body)) return CheckSeat("seat", p->seat, seats);
  if (const auto* c = std::get_if<CloseEvent>(&body)) return CheckSeat("seat", c->seat, seats);
  if (const auto* d = std::get_if<DealEvent>(&body)) {
    if (static_cast<int>(d->hands.size()) != seats) {
      return Problem{"hands", "a deal has one hand per seat: " + std::to_string(seats) +
                                  " seats, " + std::to_string(d->hands.size()) + " hands"};
    }
  }
  return std::nullopt;
}

MalformedEvent ToMalformedEvent(const Malformed& m) {
  MalformedEvent e;
  e.type = m.type;
  e.seat = m.seat;
  e.line = m.line;
  e.field = m.field;
  e.message = m.message;
  return e;
}

Verdict ToVerdict(const Violation& v) {
  return Verdict{std::string(CodeName(v.code)), v.rule, SentenceFor(v, Audience::kAdjudicator),
                 v.hidden};
}

// The body with every list of cards in index order (C1): the order in
// which a record writes the cards of a play, a gift or a hand does not
// change the action (`pli diff`; replay/diff.cc compares typed events so).
EventBody Normalized(EventBody body) {
  auto sort = [](CardList& cards) { std::sort(cards.begin(), cards.end()); };
  if (auto* p = std::get_if<PlayEvent>(&body)) sort(p->cards);
  if (auto* c = std::get_if<CloseEvent>(&body)) sort(c->cards);
  if (auto* g = std::get_if<ExchangeEvent>(&body)) sort(g->cards);
  if (auto* d = std::get_if<DealEvent>(&body)) {
    for (CardList& hand : d->hands) sort(hand);
  }
  return body;
}

// --- What a recipient may see (Match::ViewJson, Game::ProjectEvent) -------
// Super Président's secrets are the cards in hands (RULES.md C2: a hand is
// seen by its holder only) and the cards of a gift (RULES.md §11: known to
// its giver and its receiver), until the game's `end` opens the whole log
// (INTERFACE.md §3, SERVE.md "Identity and secrecy"). Allow-lists: a field
// is copied only when named here, so a field added later stays hidden
// until someone decides it is public.

// Every field of StateToJson but `hands` (INTERFACE.md §2).
constexpr std::array<std::string_view, 14> kPublicState = {
    "game", "seq", "manche", "phase", "revolution", "turn", "pli",
    "finished", "ranking", "seats", "gifts", "options", "scores", "ended"};
// The fields of an event anyone may read (INTERFACE.md §1); `hands`, the
// `cards` of a gift, `seed`, `id` and `hash` are decided apart.
constexpr std::array<std::string_view, 11> kPublicEvent = {
    "type", "seq", "game", "ruleset", "options", "seats", "seat", "from", "to", "declare", "at"};

template <size_t N>
bool Named(const std::array<std::string_view, N>& names, std::string_view key) {
  return std::find(names.begin(), names.end(), key) != names.end();
}

// INTERFACE.md §3 `view`: the state with `hands` replaced by the seat's own
// `hand` (none for a spectator, seat -1) and every seat's `counts`.
boost::json::object ViewOf(const boost::json::object& state, int seat) {
  boost::json::object view = pli::SeatView(state, seat, kPublicState);
  return view;
}

// An event for `seat`: a deal shows the seat its own hand and the counts;
// a gift's cards are shown to its giver and receiver only (§11), a count
// to the others; after `end` (over) everything, seed, id and hash too.
boost::json::object EventView(const boost::json::object& event, int seat, bool over) {
  boost::json::object out;
  for (const auto& [key, value] : event)
    if (Named(kPublicEvent, key)) out[key] = value;
  auto seat_of = [&](const char* key) -> int64_t {
    const boost::json::value* v = event.if_contains(key);
    return v && v->is_int64() ? v->as_int64() : -2;
  };
  if (const boost::json::value* hands = event.if_contains("hands"); hands && hands->is_array()) {
    const boost::json::array& all = hands->as_array();
    if (over) {
      out["hands"] = *hands;
    } else if (seat >= 0 && static_cast<size_t>(seat) < all.size()) {
      out["hand"] = all[seat];
    }
    out["counts"] = pli::CountsOf(all);
  }
  if (const boost::json::value* cards = event.if_contains("cards"); cards && cards->is_array()) {
    const boost::json::value* type = event.if_contains("type");
    const bool gift = type && type->is_string() && type->as_string() == "exchange";
    if (!gift || over || seat_of("from") == seat || seat_of("to") == seat) {
      out["cards"] = *cards;
    } else {
      out["count"] = static_cast<int64_t>(cards->as_array().size());
    }
  }
  if (over) {
    for (const char* key : {"seed", "id", "hash"})
      if (const boost::json::value* v = event.if_contains(key)) out[key] = *v;
  }
  return out;
}

class PresidentMatch final : public Match {
 public:
  const Game& game() const override { return PresidentGame(); }
  std::unique_ptr<Match> Clone() const override { return std::make_unique<PresidentMatch>(*this); }
  int64_t seq() const override { return state_.seq; }

  std::optional<Verdict> Decide(const AnyEvent& event) const override {
    std::optional<Violation> v = pli::Decide(state_, Read(event));
    if (!v) return std::nullopt;
    return ToVerdict(*v);
  }
  std::optional<Verdict> Step(const AnyEvent& event) override {
    std::optional<Violation> v = StepEvent(Read(event));
    if (!v) return std::nullopt;
    return ToVerdict(*v);
  }
  // The audit's one pass (Match::StepRow): the body decoded once, into the
  // event kept from the last row, its columns compared in place
  // (games/president/columns.h), the event judged as AuditByPosition
  // judges it (games/president/replay/chain_check.h).
  bool StepRow(int64_t seq, std::string_view body, const ColumnsView& columns,
               std::optional<GameOpening>& opening) override {
    Event& event = scratch_;
    if (DecodeEventInto(body, event)) return false;
    event.seq = seq;
    if (!ColumnsAgree(columns, event)) return false;
    const auto* created = std::get_if<GameEvent>(&event.body);
    if (created) opening = GameOpening{created->game, created->ruleset, created->seats};
    // An event whose seq is not the position Decide expects (1 for the
    // game event of a state with none, else state.seq + 1) is judged
    // without its seq.
    const bool opens = created != nullptr && state_.phase == Phase::kNone;
    if (seq != (opens ? 1 : state_.seq + 1)) event.seq.reset();
    return !StepEvent(event);
  }
  boost::json::object StateJson() const override { return StateToJson(state_); }
  boost::json::array LegalJson() const override {
    return LegalToJson(LegalActions(state_), state_.options.wild != 0);  // H-B6
  }
  boost::json::array LegalActionsJson() const override { return pli::LegalActionsJson(state_); }
  std::string StateText() const override { return boost::json::serialize(StateJson()) + "\n"; }
  std::string LegalText() const override { return boost::json::serialize(LegalJson()) + "\n"; }
  std::vector<std::string> Seats() const override { return state_.seat_names; }
  int Turn() const override { return state_.turn; }
  bool Over() const override { return state_.phase == Phase::kGameOver; }
  // K1: every giver of a gift still owed may give now.
  std::vector<int> ToAct() const override {
    std::vector<int> seats;
    if (state_.phase == Phase::kPlay && state_.turn >= 0) seats.push_back(state_.turn);
    if (state_.phase == Phase::kExchange) {
      for (const Gift& g : state_.gifts) {
        if (!g.done && std::find(seats.begin(), seats.end(), g.from) == seats.end())
          seats.push_back(g.from);
      }
      std::sort(seats.begin(), seats.end());
    }
    return seats;
  }
  MatchProgress Progress() const override {
    return MatchProgress{state_.manche, plis_, manche_over_};
  }
  void KeepLog() override { keep_log_ = true; }
  bool Reset() override {
    ResetState(state_);  // its lists keep their capacity
    plis_ = 0;
    manche_over_ = false;
    keep_log_ = false;
    log_.clear();
    return true;
  }
  // S2: the next manche's deal shuffled from `seed` (referee/shuffle.h).
  std::optional<std::string> SeededDeal(int64_t seed) const override {
    if (state_.seats == 0 || state_.phase == Phase::kGameOver) return std::nullopt;
    Event deal{.body = DealEvent{DealFromSeed(state_.seats, seed, state_.order.deck), seed}};
    return EventToJson(deal);
  }

  // What each seat and a spectator see (above, ViewOf); no event of
  // Super Président stays sealed past itself.
  boost::json::object ViewJson(int seat) const override { return ViewOf(StateJson(), seat); }
  bool Sealed(const boost::json::object& /*event*/) const override { return false; }

  const State& state() const { return state_; }
  const std::vector<Event>& log() const { return log_; }

 private:
  // Steps `event` (scratch_); a legal one also counts plis and is kept in
  // the log when asked.
  std::optional<Violation> StepEvent(const Event& event) {
    const Phase phase = state_.phase;
    const int plays = state_.pli.plays;
    std::optional<Violation> v = pli::Step(state_, event);
    if (v) return v;
    CountPlis(phase, plays, event.body);
    if (keep_log_) log_.push_back(event);
    return std::nullopt;
  }

  // The event into scratch_, reused from one event to the next.
  const Event& Read(const AnyEvent& event) const {
    if (event.malformed) {
      scratch_ = Event{};
      scratch_.body = ToMalformedEvent(*event.malformed);
      scratch_.id = event.id;
    } else if (std::optional<std::string> why = DecodeEventInto(event.body, scratch_)) {
      throw InputError("a stored Super Président event does not decode: " + *why);
    }
    scratch_.seq = event.seq;
    return scratch_;
  }

  // After the legal `body`, played in a state of `phase` with `plays` plays
  // in its pli: whether it dealt, closed a pli or ended the manche
  // (replay/stepper.cc reads the same off whole states, naming the rule).
  // F3: a play or close that leaves one player holding cards ends the
  // manche and its pli (an `end` abandons it: not over). X3: a close ends
  // the pli. Any other end of a pli (E1, E2, E3, R4, X5) leaves a fresh one
  // with no play, after a play or after a pass in a pli with plays.
  void CountPlis(Phase phase, int plays, const EventBody& body) {
    if (std::holds_alternative<DealEvent>(body)) {
      plis_ = 0;
      manche_over_ = false;
    } else if (phase == Phase::kPlay && (state_.phase == Phase::kMancheOver ||
                                         (state_.phase == Phase::kGameOver && !state_.ended))) {
      ++plis_;
      manche_over_ = true;
    } else if (std::holds_alternative<CloseEvent>(body)) {
      ++plis_;
    } else if (state_.pli.plays == 0 && (std::holds_alternative<PlayEvent>(body) ||
                                         (std::holds_alternative<PassEvent>(body) && plays > 0))) {
      ++plis_;
    }
  }

  State state_;
  int plis_ = 0;              // plis closed in this manche
  bool manche_over_ = false;  // F3 ended this manche
  mutable Event scratch_;
  bool keep_log_ = false;
  std::vector<Event> log_;  // the legal events folded, when keep_log_
};

// A Président bot in one seat: it sees ViewFor(state, log, seat) only.
class PresidentBotSeat final : public BotSeat {
 public:
  explicit PresidentBotSeat(std::unique_ptr<Bot> bot) : bot_(std::move(bot)) {}
  std::optional<std::string> Act(const Match& match, int seat) override {
    const auto& m = dynamic_cast<const PresidentMatch&>(match);
    std::optional<Event> e = bot_->Act(ViewFor(m.state(), m.log(), seat));
    if (!e) return std::nullopt;
    e->seq.reset();
    return EventToJson(*e);
  }

 private:
  std::unique_ptr<Bot> bot_;
};

class President final : public Game {
 public:
  std::string_view Name() const override { return "super-president"; }
  bool Answers(std::string_view ruleset) const override {
    // RULES.md's presets and HOUSE_RULES.md §13's (options.cc kPresets).
    const auto& names = PresetNames();
    return std::find(names.begin(), names.end(), ruleset) != names.end();
  }
  bool Owns(std::string_view body) const override {
    return !body.empty() && static_cast<uint8_t>(body[0]) == kVersion;
  }

  GameLine ReadLine(std::string_view line, int seats) const override {
    LineRead read = ReadEventLine(line);
    GameLine out;
    out.object = read.object;
    out.type = std::move(read.type);
    out.seat = read.seat;
    out.id = std::move(read.id);
    out.game = std::move(read.game);
    out.hash = std::move(read.hash);
    if (!read.event) {
      out.field = std::move(read.error.field);
      out.message = std::move(read.error.message);
      return out;
    }
    const Event& event = *read.event;
    out.seq = event.seq;
    if (const auto* g = std::get_if<GameEvent>(&event.body)) {
      out.seats = static_cast<int>(g->seats.size());
    } else if (seats > 0) {
      if (std::optional<Problem> p = CheckSeats(event.body, seats)) {
        out.field = std::move(p->field);
        out.message = std::move(p->message);
        return out;
      }
    }
    out.well_formed = true;
    out.event = ToAnyEvent(event);
    return out;
  }

  std::unique_ptr<Match> NewMatch() const override { return std::make_unique<PresidentMatch>(); }

  bool SameEvent(std::string_view a, std::string_view b, bool strict) const override {
    const Event x = Decoded(a);
    const Event y = Decoded(b);
    if (!(Normalized(x.body) == Normalized(y.body))) return false;
    return !strict || (x.id == y.id && x.at == y.at);
  }

  std::string EventJson(std::string_view body, int64_t seq, const std::string& hash) const override {
    Event event = Decoded(body);
    event.seq = seq;
    std::string line = EventToJson(event);
    if (!hash.empty()) {
      line.pop_back();  // the closing brace
      line += ",\"hash\":\"" + hash + "\"}";
    }
    return line;
  }

  // A body that decodes is the one encoding of its event (event_codec.h:
  // EncodeEvent(DecodeEvent(b)) == b), so the record keeps it rather than
  // encoding the event again; the event is decoded into a buffer reused
  // from call to call (an import asks once an event).
  std::optional<EventRecord> RecordOf(std::string_view body, std::string* why) const override {
    thread_local Event event;
    if (std::optional<std::string> problem = DecodeEventInto(body, event)) {
      if (why != nullptr) *why = std::move(*problem);
      return std::nullopt;
    }
    return pli::RecordOf(event, std::string(body));
  }

  // RULES.md's ids, in the project's words (rule_text.h).
  std::optional<std::string> RuleSentence(std::string_view id) const override {
    if (const std::optional<std::string_view> s = pli::RuleSentence(id)) return std::string(*s);
    return std::nullopt;
  }
  bool KnowsCode(std::string_view code) const override {
    return pli::ParseCode(code).has_value();
  }

  std::string TypeName(uint8_t type) const override {
    if (type < static_cast<uint8_t>(EventType::kGame) || type > static_cast<uint8_t>(EventType::kEnd)) {
      return "?";
    }
    return pli::TypeName(static_cast<EventType>(type));
  }

  std::optional<boost::json::value> OptionJson(std::string_view name,
                                               std::string_view text) const override {
    // The JSON kind is the kind of the option's value in the preset
    // (RULES.md Changes 2026-11-24), as the reader checks it.
    for (const auto& [option, value] : AllOptionValues(*Preset("super-president"))) {
      if (option != name) continue;
      if (value == "true" || value == "false") {
        if (text == "true" || text == "false") return boost::json::value(text == "true");
        return std::nullopt;
      }
      if (!value.empty() && value.find_first_not_of("-0123456789") == std::string::npos) {
        int64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
        return boost::json::value(v);
      }
      return boost::json::value(boost::json::string_view(text.data(), text.size()));
    }
    return std::nullopt;
  }
  std::unique_ptr<BotSeat> MakeBot(std::string_view level, uint64_t seed) const override {
    std::optional<Level> l = ParseLevel(level);
    if (!l) return nullptr;
    return std::make_unique<PresidentBotSeat>(pli::MakeBot(*l, seed));
  }
  // RULES.md: S1's seats, the presets ("Ruleset presets") and each option
  // with the rule it switches; the defaults written here are RULES.md's
  // (tests/serve checks them against what the engine applies).
  GameFacts Facts() const override {
    namespace bj = boost::json;
    GameFacts f;
    f.game = "president";
    f.title = "Super Président";
    f.rulebook = "RULES.md";
    f.cards = "RULES.md C1: 7h Ts 10d Q♥";
    // Its paragraphs of `pli simulate --help` and `pli prop --help` (cli/simulate.cc).
    f.simulate_help = R"(Super Président (every ruleset of RULES.md and HOUSE_RULES.md): its own
loop, whose bots also close out of turn (X1). The table, per level: games,
manches, mean place, share of manches as Président and as Trouduc, each
with a 95% confidence interval clustered by game.

Cost: with the database's default durability (WAL, synchronous=FULL) each
event is its own transaction and costs an fsync, ~5 ms on a disk. A manche
is ~60 events at 4 seats (~80 at 8), so a game of 3 manches costs ~1 s and
--games 100 ~100 s. --fast commits once per game instead (one fsync per
game, ~0.1 s per game, --games 100 in ~10 s): a crash then loses the game
being played, never a committed one. The bots themselves are cheap (the
hard one ~0.2 ms per decision). docs/SIMULATE.md has the measurements.)";
    f.simulate_examples = {R"(pli simulate --db sim.db --games 30 --bots mixed --seed 7 --fast)", R"(pli simulate --db t.db --games 1 --seats 4 --bots easy,medium,hard,medium --seed 2026 --manches 2)"};
    f.simulate_manches = "default 3";
    f.state_summary = "manche, phase, turn, hands, the pli and what is in force, who is out, the ranking";
    f.legal_summary = "each play, pass, close and gift, up to suits";
    f.prop_help = R"(Each run is a random game: 4 to 8 seats, each played by the bots (easy,
medium, hard) or by a policy picking uniformly among the legal actions,
one to three manches. After every event the engine's invariants are
checked: CheckInvariants, the hands against a model that moves the cards,
the event's JSON line read back, replay equal to the live state,
LegalActions against Decide (every listed action, random probes that are
not), an illegal event changing nothing but seq; at the end the log read
back audits clean.

A failure is shrunk by RapidCheck to a minimal game and written to --out as
a scenario, prop-SEED.jsonl and prop-SEED.expect.json (docs/SCENARIOS.md),
that `pli check` replays and reports failing until the bug is fixed.)";
    f.prop_examples = {R"(pli prop --runs 200 --seed 1)", R"(pli prop --runs 200 --seed 1 --ruleset skull-king)"};
    f.min_seats = kMinSeats;
    f.max_seats = kMaxSeats;
    f.levels = {"easy", "medium", "hard"};
    // Every preset a game may be played under (options.cc kPresets,
    // HOUSE_RULES.md §13's included), generated from that table: a preset
    // whose options are not all refereed yet (huberes: H-W1, toronto: H-P3)
    // is listed as soon as they are, not before (issue 30: the lobby offers
    // nothing the server refuses; RULINGS.md H45).
    for (std::string_view name : PresetNames()) {
      const std::optional<Options> preset = Preset(name);
      if (!preset) continue;
      RulesetFact r{std::string(name), kMinSeats, kMaxSeats, {}};
      for (const auto& [option, value] : OptionValues(*preset)) r.defaults[option] = *OptionJson(option, value);
      f.rulesets.push_back(std::move(r));
    }
    auto flag = [&](const char* name, bool on, const char* rule, const char* en, const char* fr) {
      f.options.push_back(OptionFact{name, "bool", {}, {}, {}, on, rule, en, fr});
    };
    auto pick = [&](const char* name, std::initializer_list<const char*> values, const char* rule,
                    const char* en, const char* fr) {
      bj::array v;
      for (const char* x : values) v.push_back(bj::string(x));
      f.options.push_back(OptionFact{name, "enum", v, {}, {}, bj::string(*values.begin()), rule, en, fr});
    };
    flag("mandatory_play", true, "P4", "Play when you can (pass only with no legal play)",
         "Jouer si on peut (passer seulement sans coup permis)");
    flag("pass_is_out", true, "P5", "A pass puts you out of the pli", "Passer fait sortir du pli");
    flag("equal_allowed", true, "P3", "A play may equal the last one", "On peut jouer une valeur égale");
    flag("top_rank_closes", true, "E1", "The top rank closes the pli", "La carte la plus forte ferme le pli");
    flag("top_rank_last", true, "F2", "Finishing on the top rank places you last",
         "Finir sur la carte la plus forte classe dernier");
    flag("suite", true, "U1", "La suite (consecutive plays)", "La suite");
    flag("reverse", true, "V1", "Le reverse (descending plays)", "Le reverse");
    flag("ou_rien", true, "O1", "Ou-rien (equal rank or nothing)", "Ou-rien");
    flag("close", true, "X1", "Closing a pli out of turn", "Fermer un pli hors de son tour");
    flag("revolution", true, "Q1", "La révolution (a carré turns the order)", "La révolution (un carré inverse l'ordre)");
    flag("carre_closes", true, "E2", "A carré closes the pli", "Un carré ferme le pli");
    flag("reverse_in_suite", true, "V2", "A reverse may be declared during a suite",
         "Un reverse peut être déclaré pendant une suite");
    pick("solo_continuation", {"sequence", "always", "never"}, "R4",
         "The last player left may go on alone", "Le dernier joueur restant peut continuer seul");
    flag("completed_carre_closes", false, "X5", "Completing four of a rank over several plays closes the pli",
         "Compléter un carré en plusieurs coups ferme le pli");
    pick("exchange", {"worst", "choice"}, "K3", "What the Président gives: the weakest cards, or their choice",
         "Ce que donne le Président : ses plus faibles cartes, ou à son choix");
    pick("exchange_cards", {"two-one", "one"}, "K3", "Cards exchanged: two and one, or one",
         "Cartes échangées : deux et une, ou une seule");
    pick("later_lead", {"trouduc", "president"}, "S3", "Who leads after manche 1",
         "Qui commence après la première manche");
    pick("scoring", {"none", "place", "podium", "descending"}, "G1", "Points by place",
         "Points selon la place");  // H-G1: podium, descending
    f.options.push_back(OptionFact{"manches", "int", {}, 0, 1000, 0, "G1", "Manches in the game (0: until ended)",
                                   "Manches de la partie (0 : jusqu'à ce qu'on l'arrête)"});
    // INTERFACE.md §2: its live verbs (RULES.md §3, §5-§8, §11, G1) and what
    // a play may declare (U1 suite, V1 reverse).
    f.verbs = {
        {"deal", "deals", "Deal a manche: a seeded shuffle (recorded), or the hands given.",
         {{"--seed", "shuffle with this seed (docs/REFEREE.md has the algorithm); default: a random "
                     "seed, recorded in the event"},
          {"--hand", "the hand of the next seat, e.g. \"3c 7h Qh ...\" (repeat once per seat, seat 0 first)"}}},
        {"exchange", "exchanges", "Record one gift of the exchange (RULES.md §11).",
         {{"--from", "the giver"}, {"--to", "the receiver"}, {"CARDS", "the cards given"}}},
        {"play", "plays", "Play cards in turn (RULES.md §3, §5, §6, §7).",
         {{"--seat", "the player"},
          {"CARDS", "the cards played, all of one rank"},
          {"--declare", "declare a suite or a reverse with this play (Super Président), or play the "
                        "Tigress as a pirate or an escape (Skull King)"}}},
        {"pass", "passes", "Pass (RULES.md P4, P5, O3).", {{"--seat", "the player"}}},
        {"close", "closes", "Close the pli out of turn with the remaining cards of its rank (RULES.md §8).",
         {{"--seat", "the closer"}, {"CARDS", "the remaining cards of the last play's rank"}}},
        {"end", "ends", "End the game (RULES.md G1).", {}},
    };
    // Each verb's --help examples (VerbFact::before, examples), from pli's
    // source tree: a fixture's first events reach the position they need.
    const auto show = [&f](std::string_view name, std::vector<std::string> before,
                           std::vector<std::string> examples) {
      for (pli::VerbFact& verb : f.verbs) {
        if (verb.name == name) verb.before = std::move(before), verb.examples = std::move(examples);
      }
    };
    show("deal", {"pli new --db club.db --game g1 --seats Ana,Bo,Cy,Di", "pli new --db club.db --game g2 --seats A,B,C,D"},
         {"pli deal --db club.db --game g1 --seed 42 --expect 1",
          "pli deal --db club.db --game g2 --expect 1 \\\n"
          "    --hand \"3c 4c 5c 6c 6d 7c 8c 9c Tc Jc Qc Qh Kd\" --hand \"3d 4d 5d 7d 8d 9d Td Jd Qd Kh Ad 2c 2h\" \\\n"
          "    --hand \"3h 4h 5h 6h 6s 7h 8h 9h Th Jh Qs Ks Ah\" --hand \"3s 4s 5s 7s 8s 9s Ts Js Kc Ac As 2d 2s\""});
    show("exchange",
         {"head -n 21 games/president/fixtures/rules/K1-exchange-legal.jsonl | pli import --db club.db -   # manche 2 dealt"},
         {"pli exchange --db club.db --game K1-exchange-legal --from D --to A 6c 5h --expect 21"});
    show("play", {"head -n 2 games/president/fixtures/seed/5.1-suite.jsonl | pli import --db club.db -   # a game just dealt"},
         {"pli play --db club.db --game 5.1-suite --seat A 5c --expect 2",
          "pli play --db club.db --game 5.1-suite --seat 1 6c --declare suite --expect 3 --json"});
    show("pass", {"head -n 3 games/president/fixtures/rules/P4-pass-forced-legal.jsonl | pli import --db club.db -   # A led Kc"},
         {"pli pass --db club.db --game P4-pass-forced-legal --seat B --expect 3"});
    show("close", {"head -n 3 games/president/fixtures/rules/E4-close-closes-legal.jsonl | pli import --db club.db -   # A led 6c 6d"},
         {"pli close --db club.db --game E4-close-closes-legal --seat C 6h 6s --expect 3"});
    show("end", {"pli import --db club.db games/president/fixtures/seed/5.5-finish-on-2.jsonl   # 26 events"},
         {"pli end --db club.db --game 5.5-finish-on-2 --expect 26"});
    f.declares = {"suite", "reverse"};
    return f;
  }
  // An event for a seat (EventView above; no event is sealed).
  boost::json::object ProjectEvent(const boost::json::object& event, int seat, bool /*sealed*/,
                                   bool over) const override {
    return EventView(event, seat, over);
  }

 private:
  static Event Decoded(std::string_view body) {
    std::variant<Event, std::string> decoded = DecodeEvent(body);
    if (auto* why = std::get_if<std::string>(&decoded)) {
      throw InputError("a stored Super Président event does not decode: " + *why);
    }
    return std::get<Event>(std::move(decoded));
  }
};

}  // namespace

const Game& PresidentGame() {
  static const President game;
  return game;
}

Event PresidentEvent(const AnyEvent& event) {
  Event out;
  if (event.malformed) {
    out.body = ToMalformedEvent(*event.malformed);
    out.id = event.id;
  } else if (std::optional<std::string> why = DecodeEventInto(event.body, out)) {
    throw InputError("a stored Super Président event does not decode: " + *why);
  }
  out.seq = event.seq;
  return out;
}

AnyEvent ToAnyEvent(const Event& event) {
  AnyEvent out;
  out.seq = event.seq;
  out.id = event.id;
  out.seat = ActingSeat(event.body);
  if (const auto* m = std::get_if<MalformedEvent>(&event.body)) {
    out.malformed = Malformed{m->type, m->seat, m->line, m->field, m->message};
    return out;
  }
  out.type = static_cast<uint8_t>(TypeOf(event.body));
  out.body = EncodeEvent(event);
  return out;
}

}  // namespace pli
