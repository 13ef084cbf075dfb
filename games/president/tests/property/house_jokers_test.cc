// house_jokers_test.cc: H-C1 (`jokers`) and H-C2 (`joker_order`, X on top
// of the order in force, H-B2) over random games. What the rules say is
// written here by hand from HOUSE_RULES.md, not asked of the engine: the
// deck (52 or 40 natural cards and X1, X2 as `jokers` says), X above every
// natural rank and below them all under révolution, and between two sets of
// jokers the one with more X2 beats under coloured-high (fewer under
// révolution). Each option must change some verdict.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "games/president/referee/shuffle.h"
#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

struct JokerScript {
  GameScript sc;
  int jokers = 0;
  bool coloured_high = false;
};

rc::Gen<JokerScript> GenJokers() {
  return rc::gen::exec([] {
    JokerScript j;
    j.sc = *GenScript();
    j.jokers = *rc::gen::inRange(0, 3);
    j.coloured_high = j.jokers == 2 && *rc::gen::arbitrary<bool>();
    j.sc.overrides.emplace_back("jokers", std::to_string(j.jokers));
    if (j.coloured_high) j.sc.overrides.emplace_back("joker_order", "coloured-high");
    // X on X needs a pli that X does not close (E1): often enough, so that
    // every run meets H-B4 step 3.
    if (j.jokers > 0 && *rc::gen::arbitrary<bool>()) j.sc.overrides.emplace_back("top_rank_closes", "false");
    return j;
  });
}

// H-C1, written here: the natural deck of the script and the jokers.
CardSet JokerDeck(const JokerScript& j) {
  CardSet deck = TestDeck(j.sc);
  if (j.jokers >= 1) deck.insert(*ParseCard("X1"));
  if (j.jokers >= 2) deck.insert(*ParseCard("X2"));
  return deck;
}

// S2: MakeDeal's natural cards, the jokers given to the next seats in turn
// (hand sizes stay within one).
DealEvent JokerDeal(const JokerScript& j, int m) {
  const CardSet natural = TestDeck(j.sc);
  DealEvent d = MakeDeal(j.sc.seats, j.sc.deck_keys[m], j.sc.gather[m], natural);
  int k = natural.size();
  for (const char* x : {"X1", "X2"})
    if (JokerDeck(j).contains(*ParseCard(x))) d.hands[k++ % j.sc.seats].push_back(*ParseCard(x));
  return d;
}

Game PlayJokers(const JokerScript& j) {
  Game g;
  State s;
  g.states.push_back(s);
  Choices ch(j.sc.choices);
  auto push = [&](Event e) {
    if (auto v = Decide(s, e)) {
      g.failure = "the generator made an event Decide rejects: " + EventToJson(e) + " -> " + v->message;
      return false;
    }
    s = Apply(s, e);
    g.events.push_back(std::move(e));
    g.states.push_back(s);
    return true;
  };
  GameEvent game = MakeGameEvent(j.sc);
  game.options = OptionsOf(j.sc);
  if (!push(Event{game})) return g;
  for (int m = 0; m < j.sc.manches && s.phase != Phase::kGameOver; ++m) {
    if (!push(Event{JokerDeal(j, m)})) return g;
    for (int steps = 0; s.phase == Phase::kExchange || s.phase == Phase::kPlay; ++steps) {
      if (steps > kMaxEventsPerManche) {
        g.failure = "a manche did not finish";
        return g;
      }
      std::vector<LegalAction> legal = LegalActions(s);
      if (legal.empty()) {
        g.failure = "no legal action";
        return g;
      }
      const LegalAction& a = Pick(s, legal, ch);
      // An entry that names its cards (H-B6) is played as named.
      if (!push(a.cards.empty() || a.type != EventType::kPlay ? Concretize(s, a, ch) : ToEvent(s, a)))
        return g;
    }
  }
  return g;
}

Game PlayJokersOrFail(const JokerScript& j) {
  Game g = PlayJokers(j);
  if (!g.failure.empty()) RC_FAIL(Failure(g, g.events.size(), g.failure));
  return g;
}

TEST_CASE("H-C1 S2 P1: with jokers the cards are conserved in the deck written here") {
  Prop("hands are disjoint and hands + played cards are the deck, jokers included", [] {
    const JokerScript j = *GenJokers();
    const Game g = PlayJokersOrFail(j);
    const CardSet deck = JokerDeck(j);
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      if (s.manche == 0) continue;
      CardSet all = s.discards;
      int count = s.discards.size();
      for (int seat = 0; seat < s.seats; ++seat) {
        all |= s.hands[seat];
        count += s.hands[seat].size();
      }
      if (all != deck || count != deck.size())
        RC_FAIL(Failure(g, k, "hands and played cards are " + CardSetText(all) + ", not the deck with " +
                                  std::to_string(j.jokers) + " jokers"));
    }
  });
}

TEST_CASE("H-C2 H-B2 H-B4: plays on and of jokers follow the order written here, and each option changes a verdict") {
  static std::map<std::string, int> differs;
  const auto property = [] {
    const JokerScript j = *GenJokers();
    const Game g = PlayJokersOrFail(j);
    const Rank x = ParseCard("X1")->rank();
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      const Pli& p = s.pli;
      if (s.phase != Phase::kPlay || p.count == 0 || p.mode != Mode::kFree || p.ou_rien) continue;
      const Rank last = p.last_cards.first().rank();
      if (last != x && s.hands[s.turn].OnlyRank(x).empty()) continue;  // only probes about X
      const CardSet hand = s.hands[s.turn];
      // Every set of p.count cards of one rank, jokers by their exact cards.
      std::vector<CardSet> sets;
      for (Card c : hand) {
        CardSet one;
        one.insert(c);
        if (p.count == 1) sets.push_back(one);
      }
      if (p.count > 1)
        for (uint64_t m = hand.RanksWithAtLeast(p.count); m != 0; m &= m - 1) {
          const Rank r = RankOfBit(m);
          sets.push_back(SetOf(PickCards(hand.OnlyRank(r), p.count, 0)));
        }
      for (const CardSet play : sets) {
        const Rank r = play.first().rank();
        if (play != play.OnlyRank(r) || play.size() != p.count) continue;
        const bool rev = s.revolution;
        // The order written here: X above every natural rank (H-B2, H-C2),
        // the natural ranks as C2 / H-R1 (asked of Decide only through the
        // cases below, which do not depend on them).
        bool expected;
        if (r == x && last == x) {  // H-B4 step 3 (H-C2), else a tie (P3)
          int d = static_cast<int>(play.contains(*ParseCard("X2"))) -
                  static_cast<int>(p.last_cards.contains(*ParseCard("X2")));
          if (rev) d = -d;
          expected = j.coloured_high && d != 0 ? d > 0 : s.options.equal_allowed;
          const bool if_equal = s.options.equal_allowed;
          if (j.coloured_high && expected != if_equal) ++differs["coloured-high"];
        } else if (r == x) {
          expected = !rev;  // X beats every natural rank, loses to all under révolution
          ++differs["jokers"];
        } else if (last == x) {
          expected = rev;
          if (!rev && r == Rank::k2) ++differs["jokers"];  // in C2 a 2 would have beaten it
        } else {
          continue;
        }
        CardList cards(play.begin(), play.end());
        const Event e{PlayEvent{s.turn, cards, Declare::kNone}};
        const std::optional<Violation> v = Decide(s, e);
        if (expected == v.has_value())
          RC_FAIL(Failure(g, k, EventToJson(e) + " on " + CardSetText(p.last_cards) +
                                    (rev ? " under révolution" : "") + " is " +
                                    (v ? std::string(CodeName(v->code)) + " " + v->message : "legal") +
                                    "; HOUSE_RULES.md says " + (expected ? "legal" : "too-weak")));
        if (v && v->code == Code::kTooWeak && v->rule != "H-C2")
          RC_FAIL(Failure(g, k, "too-weak about jokers cites " + v->rule + ", not H-C2"));
        // legal lists it exactly when it is accepted (jokers by their cards
        // under coloured-high, H-B6).
        bool listed = false;
        for (const LegalAction& a : LegalActions(s))
          listed = listed || (a.type == EventType::kPlay && a.rank == r && a.count == p.count &&
                              a.declare == Declare::kNone && (a.cards.empty() || a.cards == play));
        if (listed == v.has_value())
          RC_FAIL(Failure(g, k, EventToJson(e) + (listed ? " is listed but refused" : " is accepted but not listed")));
      }
    }
  };
  const std::string description =
      "in a free pli, a play of one rank on the last play is legal exactly when HOUSE_RULES.md says";
  Prop(description, property);
  // Coloured-high changes a verdict only on X on X in a free pli, a set of
  // jokers with more X2 than the last and equal plays refused, or the
  // reverse: with 100 games (Debug builds) about one run in eight meets
  // none (CI met such a run). Further rounds of other games until one
  // does, at most 20: all missing is below 1e-17, and a rule that never
  // changes a verdict still fails.
  for (int round = 1; round <= 20 && differs["coloured-high"] == 0; ++round)
    if (!PropRound(description, property, round)) break;
  CHECK(differs["jokers"] > 0);
  CHECK(differs["coloured-high"] > 0);
}

TEST_CASE("H-C1: a joker the deck lacks is malformed, citing H-C1, and a game without jokers reads X1 so") {
  Prop("a play of a joker this game lacks is malformed (H-C1)", [] {
    const JokerScript j = *GenJokers();
    if (j.jokers == 2) return;
    State s;
    RC_ASSERT(!Step(s, Event{MakeGameEvent(j.sc)}));
    RC_ASSERT(!Step(s, Event{JokerDeal(j, 0)}));
    const Card lacking = *ParseCard(j.jokers == 0 ? "X1" : "X2");
    const std::optional<Violation> v = Decide(s, Event{PlayEvent{s.turn, {lacking}, Declare::kNone}});
    RC_ASSERT(v && v->code == Code::kMalformed && v->rule == "H-C1");
  });
}

TEST_CASE("H-C1 S2: a seeded deal with jokers deals every card once, and without jokers it is unchanged") {
  Prop("DealFromSeed of a deck with 1 or 2 jokers: the deck, each card once, sizes within one", [] {
    const int seats = *rc::gen::inRange(4, 9);
    const int64_t seed = *rc::gen::arbitrary<int64_t>();
    JokerScript j;
    j.jokers = *rc::gen::inRange(1, 3);
    const CardSet deck = JokerDeck(j);
    RC_ASSERT(deck.size() == 52 + j.jokers);
    const std::vector<CardList> got = DealFromSeed(seats, seed, deck);
    CardSet all;
    int smallest = 60, largest = 0;
    for (const CardList& hand : got) {
      for (Card c : hand) {
        RC_ASSERT(deck.contains(c));
        RC_ASSERT(!all.contains(c));
        all.insert(c);
      }
      smallest = std::min(smallest, static_cast<int>(hand.size()));
      largest = std::max(largest, static_cast<int>(hand.size()));
    }
    RC_ASSERT(all == deck);
    RC_ASSERT(largest - smallest <= 1);
    // Without jokers the deal is the whole deck's (cli-golden holds its hands).
    const std::vector<CardList> plain = DealFromSeed(seats, seed, CardSet::Deck());
    RC_ASSERT(plain == DealFromSeed(seats, seed));
  });
}

}  // namespace
}  // namespace pli::prop
