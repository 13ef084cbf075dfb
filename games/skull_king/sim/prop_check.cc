// prop_check.cc: one game of Skull King played or replayed, every property
// checked after every event (see prop_check.h).
#include "games/skull_king/sim/prop_check.h"

#include <algorithm>
#include <array>
#include <boost/json.hpp>
#include <cstdlib>
#include <exception>
#include <memory>

#include "games/skull_king/bots/bot.h"
#include "games/skull_king/rules/rules.h"
#include "games/game.h"
#include "games/skull_king/wire/event_json.h"
#include "games/skull_king/wire/state_json.h"

namespace pli::sk::prop {
namespace {

constexpr int kMaxEventsPerManche = 1000;  // 8 bids and 80 plays at most
constexpr int kProbesPerState = 8;

// Cards counted by kind: the count at the first index of each card's copies.
using Counts = std::array<int, kCardBits>;

// SK-C1: the deck of this game, 70 cards or 66 without the 14s.
Counts DeckCounts(int deck) {
  Counts c{};
  for (int i = 0; i < kCardBits; ++i) {
    if (deck == 66 && i < 56 && i % 14 == 13) continue;
    ++c[KindOf(i).index];
  }
  return c;
}

void Add(Counts& c, Card card, int n = 1) { c[KindOf(card.index).index] += n; }

Counts CountsOf(const CardSet& set) {
  Counts c{};
  set.ForEachKind([&](Card card, int n) { Add(c, card, n); });
  return c;
}

Counts Sum(Counts a, const Counts& b) {
  for (int i = 0; i < kCardBits; ++i) a[i] += b[i];
  return a;
}

// A hand as `pli state` writes it: canonical order (SK-C2), copies repeated.
boost::json::array HandJson(const Counts& c) {
  boost::json::array a;
  for (int i = 0; i < kCardBits; ++i)
    for (int n = 0; n < c[i]; ++n) a.emplace_back(CardText(Card(static_cast<uint8_t>(i))));
  return a;
}

bool IsPirateLike(const PliPlay& p) {  // SK-P3
  return p.card.kind() == Kind::kPirate ||
         (p.card.kind() == Kind::kTigress && p.declare == Declare::kPirate);
}

// SK-N2, written out from the table: the bonus of a pli won by plays[w].
int ExpectedPliBonus(const Options& o, const std::vector<PliPlay>& plays, int w) {
  const Kind win = plays[w].card.kind();
  const bool king_in = std::any_of(plays.begin(), plays.end(),
                                   [](const PliPlay& p) { return p.card.kind() == Kind::kKing; });
  int bonus = 0;
  if (o.bonuses == Bonuses::k2021) {
    for (const PliPlay& p : plays) {
      if (p.card.numbered() && p.card.value() == 14) bonus += p.card.suit() == Suit::kBlack ? 20 : 10;
    }
    if (win == Kind::kKing)
      bonus += 30 * static_cast<int>(std::count_if(plays.begin(), plays.end(), IsPirateLike));
    if (win == Kind::kMermaid && king_in) bonus += 40;
    if (IsPirateLike(plays[w])) {
      bonus += 20 * static_cast<int>(std::count_if(plays.begin(), plays.end(), [](const PliPlay& p) {
                 return p.card.kind() == Kind::kMermaid;
               }));
    }
  } else {  // original: pirates and the Tigress however declared, the mermaid's 50
    if (win == Kind::kKing) {
      bonus += 30 * static_cast<int>(std::count_if(plays.begin(), plays.end(), [](const PliPlay& p) {
                 return p.card.kind() == Kind::kPirate || p.card.kind() == Kind::kTigress;
               }));
    }
    if (win == Kind::kMermaid && king_in) bonus += 50;
  }
  return bonus;
}

// SK-N1, SK-N3, SK-N4, written out: a seat's points (without B) and the
// part of B that counts, for bid b, plis won t, bonus B, H cards, manche m.
std::pair<int, int> ExpectedScore(const Options& o, int h, int m, int b, int t, int big_b,
                                  std::optional<Cannon> cannon, Hook hook) {
  if (o.scoring == Scoring::kRascal) {  // SK-N4
    if (cannon == Cannon::kCannonball) return t == b ? std::pair{15 * h, big_b} : std::pair{0, 0};
    const int off = std::abs(b - t);
    if (off == 0) return {10 * h, big_b};
    if (off == 1) return {10 * h / 2, big_b / 2};
    return {0, 0};
  }
  int points = 0;  // SK-N1
  if (b >= 1) {
    points = t == b ? 20 * b : -10 * std::abs(b - t);
  } else {
    const int base = o.zero_base == ZeroBase::kRound ? m : h;
    if (t == 0) {
      points = hook == Hook::kScore ? 0 : 10 * base;  // the planted wrong invariant
    } else {
      points = o.zero_miss == ZeroMiss::kPerTrick ? -10 * t : -10 * base;
    }
  }
  const int bonus = (t == b || o.bonus_on_miss) ? big_b : 0;  // SK-N3
  return {points, bonus};
}

std::string Describe(const Event& e) {
  const EventType type = TypeOf(e);
  return std::string(type == EventType::kEnd ? "an " : "a ") + TypeName(type) + " " +
         EventToJson(e);
}

boost::json::object StatesCheck(int64_t at, boost::json::object expect) {
  boost::json::object check{{"at", at}, {"expect", std::move(expect)}};
  return boost::json::object{{"states", boost::json::array{boost::json::value(std::move(check))}}};
}

const char* RuleOf(const Event& e) {
  switch (TypeOf(e)) {
    case EventType::kGame: return "SK-S1";
    case EventType::kDeal: return "SK-D2";
    case EventType::kBid: return "SK-B1";
    case EventType::kEnd: return "SK-G1";
    default: return "SK-P1";
  }
}

class Checker {
 public:
  Checker(Hook hook, uint64_t probe_seed) : hook_(hook), probe_rng_(probe_seed) {}

  // Plays the script.
  Outcome Play(const Script& script) {
    Guard([&] { PlayScript(script); });
    return std::move(outcome_);
  }

  // Replays a fixed log.
  Outcome Replay(const std::vector<Event>& log) {
    Guard([&] {
      for (size_t i = 0; i < log.size() && !failed(); ++i) {
        if (i > 0 && !CheckPoint()) return;
        if (i > 0 && !CheckProbe(log[i])) return;
        if (i > 0 && Decide(state_, log[i])) {
          if (i + 1 == log.size()) return;  // an illegal last event, judged by CheckProbe
        }
        if (!Push(log[i], "refused")) return;
      }
    });
    return std::move(outcome_);
  }

 private:
  bool failed() const { return outcome_.failure.has_value(); }

  template <typename F>
  void Guard(F&& body) {
    try {
      body();
    } catch (const std::exception& e) {
      Fail("exception", "SK-P1", std::string("an exception escaped: ") + e.what(), {});
    }
  }

  void PlayScript(const Script& script) {
    for (int s = 0; s < script.seats; ++s) {
      const Policy p = script.policies[s];
      if (p == Policy::kRandom) {
        bots_.push_back(nullptr);
        continue;
      }
      const Level level = p == Policy::kEasy     ? Level::kEasy
                          : p == Policy::kMedium ? Level::kMedium
                                                 : Level::kHard;
      bots_.push_back(MakeBot(level, script.bot_seeds[s], BotBudget{.samples = 3, .candidates = 3}));
    }
    choice_rng_ = script.choice_seed;
    GameEvent g{.game = "prop", .ruleset = script.ruleset, .overrides = script.overrides, .seats = {}};
    for (int s = 0; s < script.seats; ++s)
      g.seats.push_back(std::string(PolicyName(script.policies[s])) + "-" + std::to_string(s));
    if (!Push(Event{std::move(g)}, "refused")) return;
    for (int m = 1; m <= script.manches && state_.phase != Phase::kGameOver; ++m) {
      DealEvent deal = DealFromSeed(state_.options, state_.seats, m, script.deal_seed + m);
      deal.seed = static_cast<int64_t>((script.deal_seed + m) & ((uint64_t{1} << 53) - 1));
      if (!Push(Event{std::move(deal)}, "refused")) return;
      const bool last = m == script.manches;
      for (int n = 0; SeatToAct(state_) >= 0; ++n) {
        if (last && script.end_after && n == *script.end_after && n > 0) break;
        if (n >= kMaxEventsPerManche) {
          Fail("endless", "SK-P2",
               "manche " + std::to_string(state_.manche) + " did not end within " +
                   std::to_string(kMaxEventsPerManche) + " events",
               {});
          return;
        }
        if (!CheckPoint()) return;
        const std::optional<Event> e = Choose();
        if (!e) return;
        if (!Push(*e, chosen_by_bot_ ? "bot-refused" : "listed-rejected")) return;
      }
      if (!CheckPoint()) return;
    }
    if (script.end_after && state_.phase != Phase::kGameOver) {
      if (!Push(Event{EndEvent{}}, "refused")) return;
    }
    WholeReplay();
  }

  int64_t Seq() const { return static_cast<int64_t>(log_.size()); }

  void Fail(const std::string& kind, const std::string& rule, const std::string& message,
            boost::json::object checks, const std::optional<Event>& extra = std::nullopt) {
    Failure f;
    f.kind = kind;
    f.rule = rule;
    f.message = message;
    f.log = log_;
    if (extra) f.log.push_back(*extra);
    f.expect["verdict"] = "clean";
    for (auto& [key, value] : checks) f.expect[key] = value;
    outcome_.failure = std::move(f);
  }

  // Appends a legal event and checks everything after it.
  bool Push(const Event& e, const char* kind) {
    if (std::optional<Violation> v = Decide(state_, e)) {
      Fail(kind, v->rule.empty() ? RuleOf(e) : v->rule,
           "the rules refuse " + Describe(e) + ": " + std::string(CodeName(v->code)) + " (" +
               v->rule + "): " + v->message,
           {}, e);
      return false;
    }
    const Phase phase_before = state_.phase;
    Step(state_, e);
    log_.push_back(e);
    ++outcome_.events;
    return Model(e, phase_before) && Cards(e) && ReplayStep(e);
  }

  // The checker's own model of the cards, the plis and the scores, moved by
  // the event; checks the bonus of a closed pli and the scores of a
  // completed manche.
  bool Model(const Event& e, Phase phase_before) {
    if (std::holds_alternative<GameEvent>(e)) {
      seats_ = state_.seats;
      scores_.assign(seats_, 0);
      return true;
    }
    if (const auto* d = std::get_if<DealEvent>(&e)) {
      const Counts deck = DeckCounts(state_.options.deck);
      hands_.assign(seats_, Counts{});
      Counts dealt{};
      for (int s = 0; s < seats_; ++s) {
        for (Card c : d->hands[s]) Add(hands_[s], c), Add(dealt, c);
      }
      if (d->turned) Add(dealt, *d->turned);
      for (int i = 0; i < kCardBits; ++i) {
        if (dealt[i] > deck[i]) {
          return Fail("cards", "SK-D2",
                      "the deal " + EventToJson(e) + " was accepted with " + std::to_string(dealt[i]) +
                          " of " + CardText(Card(static_cast<uint8_t>(i))) + ", and the deck holds " +
                          std::to_string(deck[i]),
                      {}),
                 false;
        }
        undealt_[i] = deck[i] - dealt[i];
      }
      played_ = Counts{};
      turned_ = d->turned;
      bids_.assign(seats_, std::nullopt);
      cannon_.assign(seats_, std::nullopt);
      won_.assign(seats_, 0);
      bonus_.assign(seats_, 0);
      pli_.clear();
      plays_ = 0;
      hand_size_ = static_cast<int>(d->hands.front().size());
      ++manche_;
      return true;
    }
    if (const auto* b = std::get_if<BidEvent>(&e)) {
      bids_[b->seat] = static_cast<int>(b->bid);
      cannon_[b->seat] = b->cannon;
      return true;
    }
    if (const auto* p = std::get_if<PlayEvent>(&e)) {
      const Card card = p->cards[0];
      if (hook_ != Hook::kCards) Add(hands_[p->seat], card, -1);  // the planted wrong model
      Add(played_, card);
      pli_.push_back(PliPlay{p->seat, card, p->declare});
      ++plays_;
      if (static_cast<int>(pli_.size()) == seats_ && !ClosePli()) return false;
      if (plays_ == seats_ * hand_size_) return CompleteManche();
      return true;
    }
    if (std::holds_alternative<EndEvent>(e)) {
      // SK-N5: an unfinished manche is discarded; SK-G2 on the totals.
      if ((phase_before == Phase::kBidding || phase_before == Phase::kPlay) &&
          (state_.scores != scores_ || static_cast<int>(state_.history.size()) != manches_done_)) {
        return Fail("score", "SK-N5",
                    "an end during manche " + std::to_string(manche_) +
                        " changed the scores or the history",
                    StatesCheck(Seq(), boost::json::object{{"scores", boost::json::value_from(scores_)}})),
               false;
      }
      return Winners();
    }
    return true;
  }

  // SK-W2, SK-N2: the pli just closed.
  bool ClosePli() {
    const std::optional<ClosedTrick>& t = state_.last_trick;
    std::vector<PliPlay> kinds = pli_;
    pli_.clear();
    if (!t || t->plays.size() != kinds.size()) {
      return Fail("bonus", "SK-W2", "a pli closed and the state's last_trick is not it", {}), false;
    }
    int w = -1;
    for (size_t i = 0; i < kinds.size(); ++i) {
      const PliPlay& a = t->plays[i];
      if (a.seat != kinds[i].seat || KindOf(a.card.index) != KindOf(kinds[i].card.index) ||
          a.declare != kinds[i].declare) {
        return Fail("bonus", "SK-W2", "the state's last_trick does not hold the pli's plays", {}),
               false;
      }
      if (a.seat == t->winner) w = static_cast<int>(i);
    }
    if (w < 0) return Fail("bonus", "SK-W1", "the pli's winner played no card of it", {}), false;
    const int expected = ExpectedPliBonus(state_.options, kinds, w);
    if (t->bonus != expected) {
      return Fail("bonus", "SK-N2",
                  "pli " + std::to_string(t->number) + " of manche " + std::to_string(manche_) +
                      " won by seat " + std::to_string(t->winner) + " has bonus " +
                      std::to_string(t->bonus) + ", SK-N2 gives " + std::to_string(expected),
                  StatesCheck(Seq(), boost::json::object{
                                         {"last_trick", boost::json::object{{"bonus", expected}}}})),
             false;
    }
    ++won_[t->winner];
    bonus_[t->winner] += expected;
    return true;
  }

  // SK-N1, SK-N3, SK-N4, SK-N5 at the end of a manche.
  bool CompleteManche() {
    std::vector<int> expected_scores = scores_;
    boost::json::array lines;
    std::string wrong;
    std::string rule = "SK-N5";  // the totals, unless a seat's line is wrong
    for (int s = 0; s < seats_; ++s) {
      const int b = *bids_[s];
      const auto [points, bonus] =
          ExpectedScore(state_.options, hand_size_, manche_, b, won_[s], bonus_[s], cannon_[s], hook_);
      expected_scores[s] += points + bonus;
      lines.push_back(boost::json::object{
          {"bid", b}, {"won", won_[s]}, {"points", points}, {"bonus", bonus}, {"total", points + bonus}});
      const std::vector<MancheScore>* h =
          state_.history.empty() ? nullptr : &state_.history.back();
      if (wrong.empty() &&
          (!h || static_cast<int>(h->size()) != seats_ || (*h)[s].bid != b ||
           (*h)[s].won != won_[s] || (*h)[s].points != points || (*h)[s].bonus != bonus ||
           (*h)[s].total != points + bonus)) {
        const bool rascal = state_.options.scoring == Scoring::kRascal;
        rule = rascal ? "SK-N4"
               : h && static_cast<int>(h->size()) == seats_ && (*h)[s].points == points &&
                       (*h)[s].bonus != bonus
                   ? "SK-N3"
                   : "SK-N1";
        wrong = "seat " + std::to_string(s) + " (bid " + std::to_string(b) + ", won " +
                std::to_string(won_[s]) + ", bonus " + std::to_string(bonus_[s]) + ", H " +
                std::to_string(hand_size_) + ") should score " + std::to_string(points) + " + " +
                std::to_string(bonus) + " in manche " + std::to_string(manche_) +
                (h && static_cast<int>(h->size()) == seats_
                     ? ", the state says " + std::to_string((*h)[s].points) + " + " +
                           std::to_string((*h)[s].bonus)
                     : ", the state has no line for it");
      }
    }
    ++manches_done_;
    if (wrong.empty() && state_.scores != expected_scores) wrong = "the totals are not the sums of the manches";
    if (wrong.empty() && static_cast<int>(state_.history.size()) != manches_done_)
      wrong = "the history does not have one line per completed manche";
    scores_ = expected_scores;
    if (!wrong.empty()) {
      return Fail("score", rule, wrong,
                  StatesCheck(Seq(), boost::json::object{{"scores", boost::json::value_from(expected_scores)}})),
             false;
    }
    if (manche_ == kManches) return Winners();
    return true;
  }

  // SK-G2: the winners are the seats with the highest total.
  bool Winners() {
    if (state_.phase != Phase::kGameOver) return true;
    const int best = *std::max_element(scores_.begin(), scores_.end());
    std::vector<int> expected;
    for (int s = 0; s < seats_; ++s)
      if (scores_[s] == best) expected.push_back(s);
    if (state_.winners != expected) {
      return Fail("score", "SK-G2", "the winners are not the seats with the highest total",
                  StatesCheck(Seq(), boost::json::object{{"winners", boost::json::value_from(expected)}})),
             false;
    }
    return true;
  }

  // SK-C1, SK-D2: the engine's hands are the model's, and every card of the
  // deck is in a hand, played, turned or undealt.
  bool Cards(const Event& e) {
    if (const std::string broken = CheckInvariants(state_); !broken.empty()) {
      return Fail("invariant", "SK-C1", "CheckInvariants after " + Describe(e) + ": " + broken, {}),
             false;
    }
    if (manche_ == 0) return true;
    Counts all = played_;
    if (turned_) Add(all, *turned_);
    all = Sum(all, undealt_);
    boost::json::array model;
    bool same = true;
    for (int s = 0; s < seats_; ++s) {
      const Counts held = CountsOf(state_.hands[s]);
      same = same && held == hands_[s];
      all = Sum(all, held);
      model.push_back(HandJson(hands_[s]));
    }
    if (!same) {
      return Fail("cards", "SK-P1",
                  "the hands after " + Describe(e) + " are not the dealt hands less the cards played",
                  StatesCheck(Seq(), boost::json::object{{"hands", std::move(model)}})),
             false;
    }
    if (all != DeckCounts(state_.options.deck)) {
      return Fail("cards", "SK-C1",
                  "after " + Describe(e) +
                      " the hands, the cards played, the turned card and the undealt cards are not the deck",
                  {}),
             false;
    }
    return true;
  }

  // A fresh match of the game interface fed the events' JSON lines read back
  // gives the live state.
  bool ReplayStep(const Event& e) {
    const Game* game = FindGame(state_.ruleset);
    if (!replay_) replay_ = game->NewMatch();
    const std::string line = EventToJson(e);
    const GameLine read = game->ReadLine(line, state_.seats);
    if (!read.well_formed) {
      return Fail("replay", RuleOf(e), "the line " + line + " does not read back: " + read.message,
                  {}),
             false;
    }
    if (std::optional<Verdict> v = replay_->Step(read.event)) {
      return Fail("replay", RuleOf(e), "the replay refuses " + line + ": " + v->message, {}), false;
    }
    const boost::json::object live = StateToJson(state_);
    if (replay_->StateJson() != live) {
      return Fail("replay", RuleOf(e),
                  "after " + Describe(e) + " the replay differs from the live state:\n  replay " +
                      boost::json::serialize(replay_->StateJson()) + "\n  live   " +
                      boost::json::serialize(live),
                  StatesCheck(Seq(), live)),
             false;
    }
    return true;
  }

  // At the end: a match fed the whole log from scratch agrees too.
  void WholeReplay() {
    if (failed() || log_.empty()) return;
    const Game* game = FindGame(state_.ruleset);
    std::unique_ptr<Match> fresh = game->NewMatch();
    for (const Event& e : log_) fresh->Step(game->ReadLine(EventToJson(e), state_.seats).event);
    if (fresh->StateJson() != StateToJson(state_))
      Fail("replay", "SK-G1", "the whole log replayed from scratch differs from the live state",
           StatesCheck(Seq(), StateToJson(state_)));
  }

  // LegalActions against Decide, both ways.
  bool CheckPoint() {
    LegalActions(state_, legal_);
    const int actor = SeatToAct(state_);
    if (actor >= 0 && legal_.empty()) {
      return Fail("stuck", "SK-P1",
                  "seat " + std::to_string(actor) + " must act in phase " + PhaseName(state_.phase) +
                      " and nothing is listed",
                  {}),
             false;
    }
    for (const LegalAction& a : legal_) {
      const Event e = ToEvent(a);
      if (std::optional<Violation> v = Decide(state_, e)) {
        return Fail("listed-rejected", v->rule,
                    "the listed action " + EventToJson(e) + " is refused: " +
                        std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message,
                    {}, e),
               false;
      }
    }
    for (int i = 0; i < kProbesPerState; ++i) {
      if (!CheckProbe(Probe())) return false;
    }
    return true;
  }

  uint64_t Next() { return bots::Rng(probe_rng_++ * 0x9E3779B97F4A7C15ULL + 1).Next(); }

  // A random bid or play, legal or not: any seat (one outside the table
  // sometimes), any bid from -1 to H + 2, any card of SK-C1, any
  // declaration, any load.
  Event Probe() {
    const int seats = std::max(state_.seats, 1);
    const int seat = Next() % 16 == 0 ? seats : static_cast<int>(Next() % seats);
    if (Next() % 2 == 0) {
      BidEvent b{.seat = seat, .bid = static_cast<int64_t>(Next() % (state_.hand_size + 4)) - 1,
                 .cannon = std::nullopt};
      if (const uint64_t c = Next() % 3; c > 0) b.cannon = c == 1 ? Cannon::kGrapeshot : Cannon::kCannonball;
      return Event{b};
    }
    PlayEvent p{.seat = seat, .cards = {}, .declare = Declare::kNone};
    // Most often a card of the seat's own hand, else any card.
    Card card = KindOf(static_cast<int>(Next() % kCardBits));
    if (seat < state_.seats && !state_.hands.empty() && !state_.hands[seat].empty() && Next() % 3 > 0) {
      std::vector<Card> held;
      state_.hands[seat].ForEachKind([&](Card c, int) { held.push_back(c); });
      card = held[Next() % held.size()];
    }
    p.cards.push_back(card);
    if (Next() % 20 == 0) p.cards.push_back(KindOf(static_cast<int>(Next() % kCardBits)));
    if (const uint64_t d = Next() % 4; card.kind() == Kind::kTigress ? d > 0 : d == 0)
      p.declare = Next() % 2 == 0 ? Declare::kPirate : Declare::kEscape;
    return Event{p};
  }

  bool IsListed(const Event& e) const {
    for (const LegalAction& a : legal_) {
      if (const auto* b = std::get_if<BidEvent>(&e)) {
        if (a.type == EventType::kBid && a.seat == b->seat && a.bid == b->bid && a.cannon == b->cannon)
          return true;
      } else if (const auto* p = std::get_if<PlayEvent>(&e)) {
        if (a.type == EventType::kPlay && p->cards.size() == 1 && a.seat == p->seat &&
            KindOf(a.card.index) == KindOf(p->cards[0].index) && a.declare == p->declare)
          return true;
      }
    }
    return false;
  }

  // Decide accepts `e` iff LegalActions lists it; an illegal one changes
  // nothing but seq.
  bool CheckProbe(const Event& e) {
    if (!std::holds_alternative<BidEvent>(e) && !std::holds_alternative<PlayEvent>(e)) return true;
    const std::optional<Violation> v = Decide(state_, e);
    const bool listed = IsListed(e);
    if (!v && !listed) {
      // The scenario takes Decide, the referee of record, as right: the
      // action is legal and must be listed at this point.
      boost::json::object include = boost::json::value_to<boost::json::object>(
          boost::json::parse(EventToJson(e)));
      include.erase("cards");
      if (const auto* p = std::get_if<PlayEvent>(&e); p && p->cards.size() == 1)
        include["card"] = CardText(p->cards[0]);
      boost::json::object check{{"at", Seq()}, {"includes", boost::json::array{include}}};
      const auto* play = std::get_if<PlayEvent>(&e);
      return Fail("unlisted-accepted",
                  play && play->cards.size() == 1 && play->cards[0].kind() == Kind::kTigress
                      ? "SK-P3"
                      : RuleOf(e),
                  "Decide accepts " + Describe(e) + ", which LegalActions does not list",
                  boost::json::object{{"legal", boost::json::array{check}}}, e),
             false;
    }
    if (v && listed) {
      return Fail("listed-rejected", v->rule,
                  "LegalActions lists " + Describe(e) + " but Decide refuses it: " +
                      std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message,
                  {}, e),
             false;
    }
    if (!v) return true;
    State after = state_;
    const std::optional<Violation> w = Step(after, e);
    State expected = state_;
    ++expected.seq;
    if (after == expected && w == v) return true;
    boost::json::object checks = StatesCheck(Seq() + 1, StateToJson(expected));
    checks["verdict"] = "violations";
    checks["violations"] = boost::json::array{boost::json::object{
        {"seq", Seq() + 1}, {"code", std::string(CodeName(v->code))}, {"rule", v->rule}}};
    return Fail("illegal-changed", v->rule.empty() ? RuleOf(e) : v->rule,
                "the illegal " + Describe(e) + " changed more than seq", std::move(checks), e),
           false;
  }

  // The event of the seat asked to act: its bot's, or a random listed one.
  std::optional<Event> Choose() {
    const int actor = SeatToAct(state_);
    chosen_by_bot_ = bots_[actor] != nullptr;
    if (bots_[actor]) {
      std::optional<Event> e = bots_[actor]->Act(ViewFor(state_, actor));
      if (!e) Fail("bot-refused", "SK-P1", "seat " + std::to_string(actor) + "'s bot returned nothing", {});
      return e;
    }
    std::vector<const LegalAction*> mine;
    for (const LegalAction& a : legal_)
      if (a.seat == actor) mine.push_back(&a);
    if (mine.empty()) {
      Fail("stuck", "SK-P1", "seat " + std::to_string(actor) + " must act and nothing is listed for it", {});
      return std::nullopt;
    }
    return ToEvent(*mine[bots::Rng(choice_rng_++).Next() % mine.size()]);
  }

  Hook hook_;
  uint64_t probe_rng_;
  uint64_t choice_rng_ = 0;
  std::vector<std::unique_ptr<Bot>> bots_;
  bool chosen_by_bot_ = false;
  State state_;
  std::unique_ptr<Match> replay_;
  std::vector<Event> log_;
  std::vector<LegalAction> legal_;
  // The model.
  int seats_ = 0, manche_ = 0, manches_done_ = 0, hand_size_ = 0, plays_ = 0;
  std::vector<Counts> hands_;
  Counts played_{}, undealt_{};
  std::optional<Card> turned_;
  std::vector<std::optional<int>> bids_;
  std::vector<std::optional<Cannon>> cannon_;
  std::vector<PliPlay> pli_;
  std::vector<int> won_, bonus_, scores_;
  Outcome outcome_;
};

}  // namespace

const char* PolicyName(Policy policy) {
  switch (policy) {
    case Policy::kRandom: return "random";
    case Policy::kEasy: return "easy";
    case Policy::kMedium: return "medium";
    default: return "hard";
  }
}

Outcome CheckGame(const Script& script, Hook hook) {
  return Checker(hook, script.probe_seed).Play(script);
}

Outcome CheckLog(const std::vector<Event>& log, uint64_t probe_seed, Hook hook) {
  return Checker(hook, probe_seed).Replay(log);
}

}  // namespace pli::sk::prop
