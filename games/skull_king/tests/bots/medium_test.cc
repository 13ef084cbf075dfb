// medium_test.cc: medium's aims, from set positions: it bids from its hand
// and the trump, and plays to make its bid exactly.
#include "games/skull_king/tests/bots/sk_bot_table.h"

namespace pli::sk::test {
namespace {

Card C(const char* text) { return *ParseCard(text); }

CardList L(std::initializer_list<const char*> cards) {
  CardList out;
  for (const char* c : cards) out.push_back(C(c));
  return out;
}

DealEvent DealOf(std::vector<CardList> hands, const char* turned) {
  DealEvent d;
  d.hands = std::move(hands);
  d.turned = C(turned);
  return d;
}

Event MediumAct(const State& s, int seat) { return *MakeBot(Level::kMedium, 1)->Act(ViewFor(s, seat)); }

// Plays manche 1 (H = 1) of 3 seats to reach manche 2 (H = 2, dealer 1,
// seat 2 bids first and leads).
State ToManche2() {
  State s;
  REQUIRE(!Step(s, Event{GameOf(3, "skull-king")}));
  REQUIRE(!Step(s, Event{DealOf({L({"1g"}), L({"2g"}), L({"3g"})}, "4y")}));
  for (int seat : {1, 2, 0}) REQUIRE(!Step(s, Event{BidEvent{seat, 0, std::nullopt}}));
  for (int seat : {1, 2, 0}) REQUIRE(!Step(s, MediumAct(s, seat)));
  REQUIRE(s.phase == Phase::kMancheOver);
  return s;
}

int BidOf(const Event& e) { return static_cast<int>(std::get<BidEvent>(e).bid); }
Card CardOf(const Event& e) { return std::get<PlayEvent>(e).cards[0]; }

TEST_CASE("medium bids its sure winners and nothing for a weak hand", "[sk_bots]") {
  State s = ToManche2();
  REQUIRE(!Step(s, Event{DealOf({L({"king", "pirate"}), L({"escape", "2g"}), L({"3b", "escape"})},
                                "1p")}));
  CHECK(BidOf(MediumAct(s, 2)) == 0);  // an escape and a low card
  REQUIRE(!Step(s, Event{BidEvent{2, 0, std::nullopt}}));
  CHECK(BidOf(MediumAct(s, 0)) == 2);  // the King and a pirate
  REQUIRE(!Step(s, Event{BidEvent{0, 2, std::nullopt}}));
  // Seat 1 (the dealer) would bid 0, which the hook forbids (2 - 2 = 0).
  CHECK(BidOf(MediumAct(s, 1)) == 1);
}

TEST_CASE("medium sheds when its bid is made and wins cheaply when it needs to", "[sk_bots]") {
  State s = ToManche2();
  REQUIRE(!Step(s, Event{DealOf({L({"13p", "5g"}), L({"12p", "escape"}), L({"10p", "6g"})},
                                "1y")}));
  REQUIRE(!Step(s, Event{BidEvent{2, 0, std::nullopt}}));
  REQUIRE(!Step(s, Event{BidEvent{0, 1, std::nullopt}}));
  REQUIRE(!Step(s, Event{BidEvent{1, 0, std::nullopt}}));
  // Seat 2 bid 0: it leads its weakest card.
  const Event lead = MediumAct(s, 2);
  CHECK(CardOf(lead) == C("6g"));
  REQUIRE(!Step(s, lead));
  // Seat 0 needs a pli but must follow green (SK-P5): its only green.
  CHECK(CardOf(MediumAct(s, 0)) == C("5g"));
  REQUIRE(!Step(s, Event{PlayEvent{0, L({"5g"}), Declare::kNone}}));
  // Seat 1 bid 0 and holds no green: the escape would lose, but so would
  // 12p (green led, no trump played): it sheds the dangerous 12p.
  CHECK(CardOf(MediumAct(s, 1)) == C("12p"));
  REQUIRE(!Step(s, Event{PlayEvent{1, L({"12p"}), Declare::kNone}}));
  // Seat 2 won and leads 10p; seat 0 needs its pli and wins with 13p.
  REQUIRE(!Step(s, MediumAct(s, 2)));
  CHECK(CardOf(MediumAct(s, 0)) == C("13p"));
}

}  // namespace
}  // namespace pli::sk::test
