// house_ranks_test.cc: H-R1 (HOUSE_RULES.md §4, `ranks`) and H-B2 (the
// order in force as data) over random games under every value of the
// option. The orders and the decks are written here by hand from
// HOUSE_RULES.md, not asked of the engine (OrderOf, State::order): P3's
// verdicts follow them, the cards are conserved in the deck written here,
// and each value changes some verdict of C2's order (an option that did
// nothing would fail).
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "games/president/referee/shuffle.h"
#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

// H-R1's orders, weakest first, as HOUSE_RULES.md §4 writes them.
std::string OrderFor(const std::string& ranks) {
  if (ranks == "aces-high") return "23456789TJQKA";
  if (ranks == "klootzakken") return "789TJQKA23";
  if (ranks == "toronto") return "3456789TQKA2J";
  return "3456789TJQKA2";  // normal (C2)
}

// Strength in `order`, reversed under révolution (C3, H-B2).
int Place(const std::string& order, Rank r, bool revolution) {
  const int i = static_cast<int>(order.find(RankChar(r)));
  return revolution ? static_cast<int>(order.size()) - 1 - i : i;
}

std::string RanksOf(const GameScript& s) {
  std::string ranks = "normal";
  for (const auto& [k, v] : s.overrides)
    if (k == "ranks") ranks = v;
  return ranks;
}

// Every value in turn, whatever GenScript drew.
GameScript WithRanks(GameScript s, const std::string& ranks) {
  std::erase_if(s.overrides, [](const auto& o) { return o.first == "ranks"; });
  s.overrides.emplace_back("ranks", ranks);
  return s;
}

TEST_CASE("H-R1 H-B2: P3 follows the order of ranks, and each value changes some verdict") {
  // Per value: probes whose verdict under C2's order would differ.
  static std::map<std::string, int> differs;
  Prop("a play of one rank in a free pli is legal exactly when the order written here says", [] {
    const std::string ranks = *rc::gen::element<std::string>("normal", "aces-high", "klootzakken", "toronto");
    const GameScript sc = WithRanks(*GenScript(), ranks);
    const Game g = PlayOrFail(sc);
    const std::string order = OrderFor(ranks), normal = OrderFor("normal");
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      const Pli& p = s.pli;
      if (s.phase != Phase::kPlay || p.count == 0 || p.mode != Mode::kFree || p.ou_rien) continue;
      const int seat = s.turn;
      const Rank last = p.last_cards.first().rank();
      for (int ri = 0; ri < kRankCount; ++ri) {
        const Rank r = static_cast<Rank>(ri);
        const CardSet mine = s.hands[seat].OnlyRank(r);
        if (mine.size() < p.count) continue;
        const Event e{PlayEvent{seat, PickCards(mine, p.count, 0), Declare::kNone}};
        const std::optional<Violation> v = Decide(s, e);
        const int need = Place(order, last, s.revolution) + (s.options.equal_allowed ? 0 : 1);
        const bool expected = Place(order, r, s.revolution) >= need;
        const int need_c2 = Place(normal, last, s.revolution) + (s.options.equal_allowed ? 0 : 1);
        if (expected != (Place(normal, r, s.revolution) >= need_c2)) ++differs[ranks];
        if (expected != !v)
          RC_FAIL(Failure(g, k,
                          "ranks = " + ranks + (s.revolution ? " under révolution" : "") + ": " +
                              EventToJson(e) + " on " + CardSetText(p.last_cards) + " is " +
                              (v ? std::string(CodeName(v->code)) + " (" + v->rule + ")" : "legal") +
                              ", the order " + order + " says " + (expected ? "legal" : "too-weak")));
        // H-R1 is cited exactly when C2's order would have accepted the play.
        if (v && (v->rule == "H-R1") != (Place(normal, r, s.revolution) >= need_c2))
          RC_FAIL(Failure(g, k, "too-weak cites " + v->rule + " for " + EventToJson(e)));
      }
    }
  });
  CHECK(differs["normal"] == 0);
  CHECK(differs["aces-high"] > 0);
  CHECK(differs["klootzakken"] > 0);
  CHECK(differs["toronto"] > 0);
}

// A value of `ranks`, the default now and then (GenScript itself draws
// none: the oracles of the other property files are written for C2's order).
GameScript AnyRanks() {
  return WithRanks(*GenScript(),
                   *rc::gen::element<std::string>("normal", "aces-high", "klootzakken", "toronto"));
}

TEST_CASE("H-R1 G1: under every ranks, replay equals the live state") {
  Prop("Step over the logged events gives the live states, each event legal", [] {
    const Game g = PlayOrFail(AnyRanks());
    State replay;
    for (size_t k = 0; k < g.events.size(); ++k) {
      if (auto v = Step(replay, g.events[k]))
        RC_FAIL(Failure(g, k + 1, "a logged event is illegal on replay: " + v->message));
      if (!(replay == g.states[k + 1])) RC_FAIL(Failure(g, k + 1, "replay differs from the live state"));
    }
  });
}

TEST_CASE("H-R1 P1-P7 U1 V1: under every ranks, legal and Decide agree both ways on plays") {
  Prop("every listed action is accepted, and every play of the turn's hand is accepted iff listed", [] {
    const Game g = PlayOrFail(AnyRanks());
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      if (s.phase != Phase::kPlay && s.phase != Phase::kExchange) continue;
      const std::vector<LegalAction> legal = LegalActions(s);
      for (const LegalAction& a : legal)
        if (auto v = Decide(s, ToEvent(s, a)))
          RC_FAIL(Failure(g, k, "listed but refused: " + EventToJson(ToEvent(s, a)) + ": " + v->message));
      if (s.phase != Phase::kPlay) continue;
      const int seat = s.turn;
      for (int ri = 0; ri < kRankCount; ++ri) {
        const Rank r = static_cast<Rank>(ri);
        const CardSet mine = s.hands[seat].OnlyRank(r);
        for (int n = 1; n <= mine.size(); ++n)
          for (const Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse}) {
            const Event e{PlayEvent{seat, PickCards(mine, n, 0), d}};
            const bool listed = std::any_of(legal.begin(), legal.end(), [&](const LegalAction& a) {
              return a.type == EventType::kPlay && a.seat == seat && a.rank == r && a.count == n &&
                     a.declare == d;
            });
            if (listed == Decide(s, e).has_value())
              RC_FAIL(Failure(g, k, EventToJson(e) + (listed ? " is listed but refused" : " is accepted but not listed")));
          }
      }
    }
  });
}

TEST_CASE("H-R1 S2 P1: the cards are conserved in the deck of ranks, written here") {
  Prop("hands are disjoint and hands + played cards are the deck, after every event", [] {
    const GameScript sc = AnyRanks();
    const Game g = PlayOrFail(sc);
    const CardSet deck = TestDeck(sc);
    RC_ASSERT(deck.size() == (RanksOf(sc) == "klootzakken" ? 40 : 52));
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
        RC_FAIL(Failure(g, k, "hands and played cards are " + CardSetText(all) + " (" +
                                  std::to_string(count) + " cards), not the deck of ranks = " +
                                  RanksOf(sc)));
    }
  });
}

TEST_CASE("H-R1: a deal or a play of a card the deck lacks is refused, citing H-R1") {
  Prop("klootzakken: a 4, 5 or 6 dealt is bad-deal, named in a play card-not-in-hand", [] {
    const GameScript sc = WithRanks(*GenScript(), "klootzakken");
    State s;
    RC_ASSERT(!Step(s, Event{MakeGameEvent(sc)}));
    DealEvent full = MakeDeal(sc.seats, sc.deck_keys[0]);  // all 52 cards
    const std::optional<Violation> bad = Decide(s, Event{full});
    RC_ASSERT(bad && bad->code == Code::kBadDeal && bad->rule == "H-R1");
    RC_ASSERT(!Step(s, Event{MakeDeal(sc.seats, sc.deck_keys[0], {}, TestDeck(sc))}));
    const int lacking = *rc::gen::inRange(0, 12);  // 4c .. 6s
    const Card c(static_cast<uint8_t>(4 + lacking));
    const std::optional<Violation> v = Decide(s, Event{PlayEvent{s.turn, {c}, Declare::kNone}});
    RC_ASSERT(v && v->code == Code::kCardNotInHand && v->rule == "H-R1");
  });
}

TEST_CASE("H-R1 S2: a seeded deal of the klootzakken deck is the 52-card shuffle without 4, 5, 6") {
  Prop("DealFromSeed with a deck: the whole deck's deal; the 40 cards, each once, sizes within one", [] {
    const int seats = *rc::gen::inRange(4, 9);
    const int64_t seed = *rc::gen::arbitrary<int64_t>();
    GameScript kloot;
    kloot.overrides.emplace_back("ranks", "klootzakken");
    const CardSet deck = TestDeck(kloot);
    RC_ASSERT(DealFromSeed(seats, seed, CardSet::Deck()) == DealFromSeed(seats, seed));
    const std::vector<CardList> got = DealFromSeed(seats, seed, deck);
    CardSet all;
    int smallest = 52, largest = 0;
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
    RC_ASSERT(largest - smallest <= 1);  // S2
  });
}

}  // namespace
}  // namespace pli::prop
