// game_gen.h: random legal games for the property tests, in the spirit of
// OpenSpiel's RandomSimTest (../shared/STYLE.md, "Tests").
//
// A GameScript is what RapidCheck generates and shrinks: the seats, the
// ruleset and its overrides, one deck permutation per manche and a list of
// policy choices. PlayGame turns it into a legal event log by asking the
// engine for LegalActions at every step and picking one with the next choice
// (0 once the list is exhausted, which picks the first listed action), so a
// shrunk script is a shorter, simpler game. A game that does not finish, or a
// state with nothing legal to do while a manche is on, is reported as a
// failure of the game itself.
#ifndef PLI_TESTS_PROPERTY_GAME_GEN_H_
#define PLI_TESTS_PROPERTY_GAME_GEN_H_

#include <rapidcheck.h>

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <numeric>
#include <ostream>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/state_json.h"

namespace pli::prop {

// What RapidCheck generates; PlayGame makes it a game.
struct GameScript {
  int seats = 4;
  std::string ruleset = "super-president";
  std::vector<std::pair<std::string, std::string>> overrides;  // wire name, value
  int manches = 2;                                             // deals in the log
  std::vector<std::vector<uint16_t>> deck_keys;  // per manche: sort keys of the 52 cards
  // Per manche: (rank, seat) pairs; the permutation is then changed so that
  // the seat is dealt all four cards of the rank (carrés are rare otherwise).
  std::vector<std::vector<std::pair<int, int>>> gather;
  std::vector<uint32_t> choices;  // the policy's picks, in order
  int end_mode = 0;               // 0: no end event; 1: after the last manche; 2: at event end_at
  uint32_t end_at = 0;
  bool wire_fields = false;  // write seq and id on every event
  uint64_t probe_seed = 0;   // random actions tried against each state
};

inline void showValue(const GameScript& s, std::ostream& os) {
  os << "{seats " << s.seats << ", ruleset " << s.ruleset << ", overrides {";
  for (const auto& [k, v] : s.overrides) os << k << "=" << v << " ";
  os << "}, manches " << s.manches << ", choices " << s.choices.size() << ", end_mode "
     << s.end_mode << " at " << s.end_at << ", wire " << s.wire_fields << "}";
}

// The options a game event carries: the preset with the overrides applied.
inline Options OptionsOf(const GameScript& s) {
  Options o = *Preset(s.ruleset);
  for (const auto& [k, v] : s.overrides) {
    std::string problem = SetOption(o, k, v);
    RC_ASSERT(problem.empty());
  }
  return o;
}

// Mostly the default preset; also classic, toggles of RULES.md's named
// options (exchange_cards and later_lead in every ruleset), and now and then
// every boolean at random.
inline rc::Gen<GameScript> GenScript() {
  return rc::gen::exec([] {
    using namespace rc;
    GameScript s;
    s.seats = *gen::inRange(4, 9);
    s.manches = *gen::inRange(2, 5);
    const int kind = *gen::weightedElement<int>({{6, 0}, {2, 1}, {4, 2}, {1, 3}});
    if (kind == 1) s.ruleset = "classic";
    auto toggle = [&](const char* name, bool default_value) {
      if (*gen::arbitrary<bool>()) s.overrides.emplace_back(name, default_value ? "false" : "true");
    };
    if (kind == 3) {
      for (const char* name :
           {"mandatory_play", "pass_is_out", "equal_allowed", "top_rank_closes", "top_rank_last",
            "suite", "reverse", "ou_rien", "close", "revolution"})
        toggle(name, true);
    }
    if (kind >= 2) {
      toggle("carre_closes", true);
      toggle("reverse_in_suite", true);
      toggle("completed_carre_closes", false);
      std::string solo = *gen::element<std::string>("sequence", "always", "never");
      if (solo != "sequence") s.overrides.emplace_back("solo_continuation", solo);
      if (*gen::arbitrary<bool>()) s.overrides.emplace_back("exchange", "choice");
    }
    // K3 exchange_cards and S3 later_lead, in every ruleset (classic sets
    // one and president; an override may also restate a preset's value).
    const std::string cards = *gen::weightedElement<std::string>({{3, ""}, {2, "one"}, {1, "two-one"}});
    if (!cards.empty()) s.overrides.emplace_back("exchange_cards", cards);
    const std::string lead = *gen::weightedElement<std::string>({{3, ""}, {2, "president"}, {1, "trouduc"}});
    if (!lead.empty()) s.overrides.emplace_back("later_lead", lead);
    if (kind == 1 && *gen::weightedElement<int>({{3, 0}, {1, 1}}))
      s.overrides.emplace_back("exchange", "worst");
    if (*gen::weightedElement<int>({{3, 0}, {1, 1}})) s.overrides.emplace_back("scoring", "place");
    if (*gen::weightedElement<int>({{3, 0}, {1, 1}}))
      s.overrides.emplace_back("manches", std::to_string(s.manches));
    for (int m = 0; m < s.manches; ++m) {
      s.deck_keys.push_back(
          *gen::container<std::vector<uint16_t>>(kDeckSize, gen::inRange<uint16_t>(0, 4096)));
      const int carres = *gen::weightedElement<int>({{2, 0}, {3, 1}, {3, 2}, {2, 3}});
      s.gather.push_back(*gen::container<std::vector<std::pair<int, int>>>(
          carres, gen::pair(gen::inRange(0, kRankCount), gen::inRange(0, s.seats))));
    }
    s.choices = *gen::scale(
        10.0, gen::container<std::vector<uint32_t>>(gen::inRange<uint32_t>(0, 1u << 20)));
    s.end_mode = *gen::weightedElement<int>({{2, 0}, {1, 1}, {1, 2}});
    s.end_at = *gen::inRange<uint32_t>(2, 800);
    s.wire_fields = *gen::arbitrary<bool>();
    s.probe_seed = *gen::noShrink(gen::arbitrary<uint64_t>());
    return s;
  });
}

// The policy's choices, read in order; 0 once exhausted.
class Choices {
 public:
  explicit Choices(const std::vector<uint32_t>& v) : v_(v) {}
  uint32_t Next() { return i_ < v_.size() ? v_[i_++] : 0; }

 private:
  const std::vector<uint32_t>& v_;
  size_t i_ = 0;
};

// H-R1, written here from HOUSE_RULES.md and not asked of the engine: the
// cards of a game's deck (klootzakken has no 4, 5 or 6).
inline CardSet TestDeck(const GameScript& s) {
  bool kloot = false;
  for (const auto& [k, v] : s.overrides) kloot = k == "ranks" ? v == "klootzakken" : kloot;
  CardSet deck;
  for (const char r : std::string(kloot ? "789TJQKA23" : "3456789TJQKA2"))
    for (const char suit : std::string("cdhs")) deck.insert(*ParseCard(std::string{r, suit}));
  return deck;
}

// S2: seat i gets every n-th card of the deck shuffled by the keys, after
// the swaps that gather each (rank, seat) of `gather` in that seat; only
// the cards of `deck` are dealt (H-R1), the k-th of them to seat k mod n.
inline DealEvent MakeDeal(int seats, const std::vector<uint16_t>& keys,
                          const std::vector<std::pair<int, int>>& gather = {},
                          CardSet deck = CardSet::Deck()) {
  std::vector<int> order(kDeckSize);
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return keys[a] < keys[b]; });
  CardSet kept;  // cards already gathered: never swapped away
  for (auto [ri, seat] : gather) {
    const Rank r = static_cast<Rank>(ri);
    for (int j = 0; j < kDeckSize; ++j) {
      const Card c(static_cast<uint8_t>(order[j]));
      if (c.rank() != r || j % seats == seat) continue;
      for (int q = seat; q < kDeckSize; q += seats) {
        const Card other(static_cast<uint8_t>(order[q]));
        if (other.rank() == r || kept.contains(other)) continue;
        std::swap(order[j], order[q]);
        break;
      }
    }
    for (int q = seat; q < kDeckSize; q += seats) {
      const Card c(static_cast<uint8_t>(order[q]));
      if (c.rank() == r) kept.insert(c);
    }
  }
  DealEvent d;
  d.hands.resize(seats);
  int k = 0;
  for (int j = 0; j < kDeckSize; ++j) {
    const Card c(static_cast<uint8_t>(order[j]));
    if (deck.contains(c)) d.hands[k++ % seats].push_back(c);
  }
  return d;
}

inline GameEvent MakeGameEvent(const GameScript& s) {
  GameEvent g;
  g.game = "prop";
  g.ruleset = s.ruleset;
  g.overrides = s.overrides;
  g.options = OptionsOf(s);
  for (int i = 0; i < s.seats; ++i) g.seats.push_back("P" + std::to_string(i));
  return g;
}

inline CardList ListOf(CardSet set) {
  CardList cards;
  for (Card c : set) cards.push_back(c);
  return cards;
}

// k distinct cards of `pool`, picked by the mixed-radix digits of c (c = 0:
// the lowest-index cards, as ToEvent names them), in the order picked.
inline CardList PickCards(CardSet pool, int k, uint32_t c) {
  CardList left = ListOf(pool);
  CardList out;
  for (int i = 0; i < k && !left.empty(); ++i) {
    size_t j = c % left.size();
    c /= static_cast<uint32_t>(left.size());
    out.push_back(left[j]);
    left.erase(left.begin() + static_cast<long>(j));
  }
  return out;
}

// The policy's preferences: declarations, closes, carrés, multi-card leads.
inline bool Preferred(const State& s, const LegalAction& a) {
  if (a.type == EventType::kClose) return true;
  if (a.type != EventType::kPlay) return false;
  return a.declare != Declare::kNone || a.count == 4 || (s.pli.count == 0 && a.count >= 2);
}

// c % 8: 0-3 any listed action, 4-5 a carré if there is one, 4-7 a preferred one.
inline const LegalAction& Pick(const State& s, const std::vector<LegalAction>& legal, Choices& ch) {
  const uint32_t c = ch.Next();
  const uint32_t bucket = c % 8, index = c / 8;
  std::vector<const LegalAction*> preferred, carres;
  for (const LegalAction& a : legal) {
    if (Preferred(s, a)) preferred.push_back(&a);
    if (a.type == EventType::kPlay && a.count == 4) carres.push_back(&a);
  }
  if ((bucket == 4 || bucket == 5) && !carres.empty()) return *carres[index % carres.size()];
  if (bucket >= 4 && !preferred.empty()) return *preferred[index % preferred.size()];
  return legal[index % legal.size()];
}

// The event for a legal action, with suits chosen by the policy when the
// hand has more cards of the rank than the action needs.
inline Event Concretize(const State& s, const LegalAction& a, Choices& ch) {
  Event e = ToEvent(s, a);
  if (auto* play = std::get_if<PlayEvent>(&e.body)) {
    if (!s.order.wild.empty()) return e;  // H-W1: ToEvent's natural and wild cards, as listed
    CardSet pool = s.hands[a.seat].OnlyRank(a.rank);
    if (pool.size() > a.count) play->cards = PickCards(pool, a.count, ch.Next());
  } else if (auto* gift = std::get_if<ExchangeEvent>(&e.body)) {
    if (a.ranks.empty()) {
      if (a.cards.size() > a.count) gift->cards = PickCards(a.cards, a.count, ch.Next());
    } else {
      CardSet left = a.cards;
      gift->cards.clear();
      for (Rank r : a.ranks) {
        CardSet pool = left.OnlyRank(r);
        Card c = pool.size() > 1 ? PickCards(pool, 1, ch.Next())[0] : pool.first();
        left.erase(c);
        gift->cards.push_back(c);
      }
    }
  }
  return e;
}

// Small rule-independent helpers shared by the properties (SetOf is
// games/president/rules/event.h's).

inline SeatMask WithCards(const State& s) {
  SeatMask m = 0;
  for (int i = 0; i < s.seats; ++i)
    if (!s.hands[i].empty()) m |= SeatBit(i);
  return m;
}

// The first seat clockwise after `from` in `mask`, or -1.
inline int NextIn(const State& s, int from, SeatMask mask) {
  for (int k = 1; k <= s.seats; ++k) {
    int seat = (from + k) % s.seats;
    if (mask & SeatBit(seat)) return seat;
  }
  return -1;
}

// E5: `seat` if it holds cards, else the next seat clockwise that does.
inline int LeaderFrom(const State& s, int seat) {
  return s.hands[seat].empty() ? NextIn(s, seat, WithCards(s)) : seat;
}

inline bool InPlay(const Event& e) {
  return std::holds_alternative<PlayEvent>(e.body) || std::holds_alternative<PassEvent>(e.body) ||
         std::holds_alternative<CloseEvent>(e.body);
}

// A game: its log and the live state after each event (states[k] is the
// state after the first k events, built with Apply as the game went).
struct Game {
  std::vector<Event> events;
  std::vector<State> states;
  std::string failure;  // the game got stuck or made an illegal event
};

inline constexpr int kMaxEventsPerManche = 2000;  // a manche needs far fewer

inline Game PlayGame(const GameScript& sc) {
  Game g;
  State s;
  g.states.push_back(s);
  Choices ch(sc.choices);
  auto push = [&](EventBody body) {
    Event e{std::move(body)};
    if (sc.wire_fields) {
      e.seq = s.seq + 1;
      e.id = "e" + std::to_string(g.events.size() + 1);
    }
    if (auto v = Decide(s, e)) {
      g.failure = "the generator made an event Decide rejects: " + EventToJson(e) + " -> " +
                  std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message;
      return false;
    }
    s = Apply(s, e);
    g.events.push_back(std::move(e));
    g.states.push_back(s);
    return true;
  };
  if (!push(MakeGameEvent(sc))) return g;
  for (int m = 0; m < sc.manches; ++m) {
    if (s.phase == Phase::kGameOver) break;  // G1: the manches option ended it
    DealEvent deal = MakeDeal(sc.seats, sc.deck_keys[m], sc.gather[m], TestDeck(sc));
    if (sc.wire_fields) deal.seed = sc.deck_keys[m][0];
    if (!push(std::move(deal))) return g;
    for (int steps = 0; s.phase == Phase::kExchange || s.phase == Phase::kPlay; ++steps) {
      if (steps > kMaxEventsPerManche) {
        g.failure = "manche " + std::to_string(s.manche) + " did not finish within " +
                    std::to_string(kMaxEventsPerManche) + " events";
        return g;
      }
      if (sc.end_mode == 2 && g.events.size() >= sc.end_at) {
        push(EndEvent{});
        return g;
      }
      std::vector<LegalAction> legal = LegalActions(s);
      if (legal.empty()) {
        g.failure = std::string("no legal action in phase ") + PhaseName(s.phase);
        return g;
      }
      const LegalAction& a = Pick(s, legal, ch);
      if (!push(Concretize(s, a, ch).body)) return g;
    }
  }
  if (sc.end_mode != 0) push(EndEvent{});
  return g;
}

// The first `n` events of a log as JSON Lines.
inline std::string LogText(const std::vector<Event>& events, size_t n) {
  std::string text;
  for (size_t i = 0; i < n && i < events.size(); ++i) text += EventToJson(events[i]) + "\n";
  return text;
}

inline std::string StateText(const State& s) { return boost::json::serialize(StateToJson(s)); }
inline std::string LegalText(const std::vector<LegalAction>& legal) {
  return boost::json::serialize(LegalToJson(legal));
}

// The failure of a property at the event events[k-1] (k events folded):
// what broke and the log up to there.
inline std::string Failure(const Game& g, size_t k, const std::string& what) {
  return what + "\nlog up to that point (" + std::to_string(k) + " events):\n" +
         LogText(g.events, k);
}

// Plays the script and fails when the game itself got stuck.
inline Game PlayOrFail(const GameScript& sc) {
  Game g = PlayGame(sc);
  if (!g.failure.empty()) RC_FAIL(Failure(g, g.events.size(), g.failure));
  return g;
}

// Games each property plays by default: enough to reach the rare cases
// (contre-révolution, F2 with two top-rank finishers) in a few seconds.
// RC_PARAMS="max_success=N" overrides it.
// Builds with assertions on (Debug) are several times slower: fewer games.
#ifdef NDEBUG
inline constexpr int kDefaultGames = 300;
#else
inline constexpr int kDefaultGames = 100;
#endif

// One run of `testable` over kDefaultGames games (RC_PARAMS's seed moved on
// by `round`, so a later round plays other games, reproducibly), its
// outcome reported to Catch. Returns whether every game passed.
template <typename Testable>
bool PropRound(const std::string& description, Testable&& testable, int round = 0) {
  using namespace rc::detail;
  TestParams params = configuration().testParams;
  if (params.maxSuccess == TestParams().maxSuccess) params.maxSuccess = kDefaultGames;
  params.seed += static_cast<uint64_t>(round);
  TestMetadata metadata;
  metadata.id = description;
  metadata.description = description;
  const TestResult result = checkTestable(std::forward<Testable>(testable), metadata, params);
  std::ostringstream message;
  printResultMessage(result, message);
  INFO(message.str() << "\n");
  if (!result.template is<SuccessResult>()) FAIL_CHECK("round " << round);
  return result.template is<SuccessResult>();
}

// rc::prop (rapidcheck/catch.h) with kDefaultGames tests instead of 100.
template <typename Testable>
void Prop(const std::string& description, Testable&& testable) {
  SECTION(description) {
    if (!PropRound(description, std::forward<Testable>(testable))) FAIL("the property failed (above)");
  }
}

}  // namespace pli::prop

#endif  // PLI_TESTS_PROPERTY_GAME_GEN_H_
