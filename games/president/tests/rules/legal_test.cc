// legal_test.cc: LegalActions lists every legal action up to suits, and
// agrees with Decide on hand-made positions (the property tests check the
// agreement on random games).
#include <algorithm>

#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"
#include "games/president/tests/rules/table.h"

using namespace pli;
using namespace pli::test;

namespace {

bool Has(const std::vector<LegalAction>& v, EventType type, int seat, Rank rank = Rank::k3,
         int count = 0, Declare d = Declare::kNone) {
  return std::any_of(v.begin(), v.end(), [&](const LegalAction& a) {
    if (a.type != type || a.seat != seat) return false;
    if (type == EventType::kPass) return true;
    return a.rank == rank && a.count == count && a.declare == d;
  });
}

}  // namespace

TEST_CASE("P1/P2: a lead may be any 1 to 4 cards of one rank, the leader cannot pass (P4)") {
  Table t({"5c 5d 9h", "6c", "7c", "8c"});
  auto v = LegalActions(t.s);
  CHECK(v.size() == 3);
  CHECK(Has(v, EventType::kPlay, 0, Rank::k5, 1));
  CHECK(Has(v, EventType::kPlay, 0, Rank::k5, 2));
  CHECK(Has(v, EventType::kPlay, 0, Rank::k9, 1));
  CHECK_FALSE(Has(v, EventType::kPass, 0));
}

TEST_CASE("U1/V1/P3: the second play lists plain plays, a suite and a reverse, no pass when one must play") {
  Table t({"9c 4c", "Tc Td 8c 3d", "7c", "8d"});
  t.Do(Play(0, "9c"));
  auto v = LegalActions(t.s);
  CHECK(Has(v, EventType::kPlay, 1, Rank::kT, 1));
  CHECK(Has(v, EventType::kPlay, 1, Rank::kT, 1, Declare::kSuite));
  CHECK(Has(v, EventType::kPlay, 1, Rank::k8, 1, Declare::kReverse));
  CHECK_FALSE(Has(v, EventType::kPlay, 1, Rank::k8, 1));
  CHECK_FALSE(Has(v, EventType::kPlay, 1, Rank::k3, 1));
  CHECK_FALSE(Has(v, EventType::kPass, 1));
  CHECK(v.size() == 3);
}

TEST_CASE("X1: a close is listed for the player who holds the rest of the rank, out of turn") {
  Table t({"6c 9c", "6d 9d", "6h 9h", "6s 4c"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d")).Do(Play(2, "6h"));
  auto v = LegalActions(t.s);
  CHECK(Has(v, EventType::kClose, 3, Rank::k6, 1));
  t = Table({"6c 9c", "6d 9d", "6h 9h", "6s 4c"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d"));
  // C must play a 6 (O2); D's close is not yet possible: C still holds 6h.
  v = LegalActions(t.s);
  CHECK_FALSE(Has(v, EventType::kClose, 3, Rank::k6, 1));
  CHECK(Has(v, EventType::kPlay, 2, Rank::k6, 1));
  CHECK(v.size() == 1);
}

TEST_CASE("R4: the lone last player of a suite may continue or pass") {
  Table t({"5c 8c 4c", "6c 4d", "7c 9c Tc 4h", "Kc 4s"});
  t.Do(Play(0, "5c")).Do(Suite(1, "6c")).Do(Play(2, "7c")).Do(Pass(3)).Do(Play(0, "8c"));
  t.Do(Pass(1)).Do(Play(2, "9c")).Do(Pass(0));
  auto v = LegalActions(t.s);
  CHECK(Has(v, EventType::kPlay, 2, Rank::kT, 1));
  CHECK(Has(v, EventType::kPlay, 2, Rank::kT, 1, Declare::kReverse));  // V2
  CHECK(Has(v, EventType::kPass, 2));
  CHECK(v.size() == 3);
}

TEST_CASE("K1/K2: the owed gifts are listed with the ranks they must have") {
  State s = Apply(State{}, Event{NewGame(4), {}, {}, {}});
  DealEvent d;
  d.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) d.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
  s = Apply(s, Event{d, {}, {}, {}});
  s.phase = Phase::kMancheOver;
  s.ranking = std::vector<int>{2, 0, 3, 1};
  s = Apply(s, Event{d, {}, {}, {}});
  auto v = LegalActions(s);
  REQUIRE(v.size() == 4);
  for (const LegalAction& a : v) {
    CHECK(a.type == EventType::kExchange);
    CHECK_FALSE(Decide(s, ToEvent(s, a)));
  }
  CHECK(v[0].seat == 2);
  CHECK(v[0].ranks == RankList{Rank::k3, Rank::k4});
  CHECK(v[1].ranks == RankList{Rank::kA, Rank::k2});
}

TEST_CASE("K3 exchange_cards = one: two gifts listed, the Président's by exchange, either first") {
  for (ExchangeRule rule : {ExchangeRule::kWorst, ExchangeRule::kChoice}) {
    Options o;
    o.exchange_cards = ExchangeCards::kOne;
    o.exchange = rule;
    State s = Apply(State{}, Event{NewGame(4, o), {}, {}, {}});
    DealEvent d;
    d.hands.resize(4);
    for (int i = 0; i < kDeckSize; ++i) d.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
    s = Apply(s, Event{d, {}, {}, {}});
    s.phase = Phase::kMancheOver;
    s.ranking = std::vector<int>{2, 0, 3, 1};  // Président C (hearts), Trouduc B (diamonds)
    s = Apply(s, Event{d, {}, {}, {}});
    auto v = LegalActions(s);
    REQUIRE(v.size() == 2);
    CHECK(v[0].seat == 2);
    CHECK(v[0].to == 1);
    CHECK(v[0].count == 1);
    if (rule == ExchangeRule::kWorst) {
      CHECK(v[0].ranks == RankList{Rank::k3});
    } else {
      CHECK(v[0].ranks.empty());
      CHECK(v[0].cards == s.hands[2]);  // any card of the hand as dealt
    }
    CHECK(v[1].seat == 1);
    CHECK(v[1].to == 2);
    CHECK(v[1].count == 1);
    CHECK(v[1].ranks == RankList{Rank::k2});
    // Every card of each giver, alone: accepted exactly when listed.
    for (const LegalAction& a : v) {
      for (Card c : s.hands[a.seat]) {
        const bool listed = a.cards.contains(c) &&
                            (a.ranks.empty() || a.ranks[0] == c.rank());
        Event e{ExchangeEvent{a.seat, a.to, CardList{c}}, {}, {}, {}};
        CHECK(listed == !Decide(s, e).has_value());
      }
    }
    // Either gift may come first: after the Trouduc's, only the Président's is listed.
    s = Apply(s, ToEvent(s, v[1]));
    v = LegalActions(s);
    REQUIRE(v.size() == 1);
    CHECK(v[0].seat == 2);
    CHECK_FALSE(v[0].cards.contains(Card(Rank::k2, Suit::kDiamonds)));  // K2: not the card received
    for (Card c : s.hands[2]) {  // the Président's hand now holds the 2d too
      const bool listed = v[0].cards.contains(c) && (v[0].ranks.empty() || v[0].ranks[0] == c.rank());
      CHECK(listed == !Decide(s, Event{ExchangeEvent{2, 1, CardList{c}}, {}, {}, {}}).has_value());
    }
    s = Apply(s, ToEvent(s, v[0]));
    CHECK(s.phase == Phase::kPlay);
  }
}

TEST_CASE("Legal actions and Decide agree on every concrete event of a hand-made position") {
  Table t({"9c 9d Tc 4c", "Tc Td 8c 3d 9h", "7c 9s", "8d Th"});
  t.s.hands[1] = Set("Td 8c 3d 9h Ts");
  t.Do(Play(0, "9c"));
  auto legal = LegalActions(t.s);
  // Every single card of B with each declaration: accepted iff listed.
  for (Card c : t.s.hands[1]) {
    for (Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse}) {
      bool listed = Has(legal, EventType::kPlay, 1, c.rank(), 1, d);
      CHECK(listed == !t.Try(Play(1, CardText(c), d)).has_value());
    }
  }
}

TEST_CASE("P3 U1-U2 V1-V3 O2: the ranks LegalActions lists are RankCheck's, in every pli") {
  // FittingRanks decides for all ranks at once what RankCheck decides per
  // rank (Decide's check): compared on every combination of what they read.
  int combinations = 0;
  for (int last = 0; last < kRankCount; ++last)
    for (int flags = 0; flags < (1 << 8); ++flags)
      for (Mode mode : {Mode::kFree, Mode::kSuite, Mode::kReverse}) {
        State s;
        s.seats = 4;
        s.phase = Phase::kPlay;
        s.revolution = flags & 1;
        s.options.suite = flags & 2;
        s.options.reverse = flags & 4;
        s.options.reverse_in_suite = flags & 8;
        s.options.equal_allowed = flags & 16;
        s.pli.ou_rien = flags & 32;
        s.pli.plays = flags & 64 ? 1 : 2;
        s.pli.count = flags & 128 ? 1 : 2;
        s.pli.mode = mode;
        s.pli.last_cards = CardSet::OfRank(static_cast<Rank>(last));
        for (Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse}) {
          const uint64_t fitting = internal::FittingRanks(s, d);
          for (int r = 0; r < kRankCount; ++r) {
            const bool fits = internal::RankCheck(s, static_cast<Rank>(r), d) ==
                              internal::RankProblem::kFits;
            INFO("last " << last << " flags " << flags << " mode " << static_cast<int>(mode)
                         << " declare " << static_cast<int>(d) << " rank " << r);
            REQUIRE(((fitting >> (4 * r + 3)) & 1) == static_cast<uint64_t>(fits));
          }
          REQUIRE((fitting & ~internal::kRankMaskBits) == 0);
        }
        ++combinations;
      }
  CHECK(combinations == kRankCount * 256 * 3);
}
