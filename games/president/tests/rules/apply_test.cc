// apply_test.cc: Apply, the fold: how plis close and who leads (E1-E5, R4),
// ou-rien (O1-O3), révolution (Q1-Q3), finishing (F1-F4), exchanges
// (K1-K3), the deal (S2, S3) and the game (G1).
#include "games/president/rules/rules.h"
#include "games/president/tests/rules/table.h"

using namespace pli;
using namespace pli::test;

namespace {

// A deal of the whole deck: seat i gets every card whose suit index is i
// (4 seats: A all clubs, B diamonds, C hearts, D spades).
DealEvent SuitDeal() {
  DealEvent d;
  d.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) d.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
  return d;
}
Event Ev(EventBody b) { return Event{std::move(b), {}, {}, {}}; }

}  // namespace

TEST_CASE("E1: a play of the top rank closes the pli, its player leads") {
  Table t({"5c 9c", "2d 9d", "7c", "8c"});
  t.Do(Play(0, "5c")).Do(Play(1, "2d"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.pli.leader == 1);
  CHECK(t.s.turn == 1);
}

TEST_CASE("E1 classic: the 2 is simply the highest card and does not close") {
  Table t({"5c 9c", "2d 9d", "7c", "8c"}, 0, *Preset("classic"));
  t.Do(Play(0, "5c")).Do(Play(1, "2d"));
  CHECK(t.s.pli.count == 1);
  CHECK(t.s.turn == 2);
}

TEST_CASE("E2: a carré closes the pli at once, option carre_closes off keeps it open") {
  Table t({"7c 7d 7h 7s 9c", "8c 8d 8h 8s 9d", "Tc", "Jc"});
  t.Do(Play(0, "7c 7d 7h 7s"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 0);
  Options o;
  o.carre_closes = false;
  Table u({"7c 7d 7h 7s 9c", "8c 8d 8h 8s 9d", "Tc", "Jc"}, 0, o);
  u.Do(Play(0, "7c 7d 7h 7s"));
  CHECK(u.s.pli.count == 4);
  CHECK(u.s.turn == 1);
  // Q1: the order flipped from the next play on: four 8s are now weaker.
  CHECK(u.CodeOf(Play(1, "8c 8d 8h 8s")) == "too-weak");
}

TEST_CASE("E3: when every other player has passed since the last play, the last player leads") {
  Table t({"9c 4c", "Kc 3d", "7c", "8c"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2)).Do(Pass(3));
  CHECK(t.s.pli.count == 1);
  t.Do(Pass(0));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 1);
  CHECK(t.s.pli.out == 0);  // P5: out until the pli closes, not longer
}

TEST_CASE("E4/X3: a close ends the pli at once and the closer leads") {
  Table t({"6c 9c", "6d 9d", "6h 9h", "6s 4c"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d")).Do(Play(2, "6h")).Do(Close(3, "6s"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 3);
}

TEST_CASE("X3: the same cards played in turn as an ordinary play do not close") {
  Table t({"6c 9c", "6d 9d", "6h 9h", "6s 4c"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d")).Do(Play(2, "6h")).Do(Play(3, "6s"));
  CHECK(t.s.pli.count == 1);
  CHECK(t.s.turn == 0);
}

TEST_CASE("E5: if the player who should lead has no cards, the next seat clockwise leads") {
  Table t({"9c 4c", "Kc", "7c 5h", "8d 5d"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc"));  // B is out of cards (F1)
  CHECK(t.s.finished == std::vector<int>{1});
  t.Do(Pass(2)).Do(Pass(3)).Do(Pass(0));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 2);
}

TEST_CASE("P6: turn order skips players with no cards and players out of the pli") {
  Table t({"5c 4c", "", "7c 3h", "8d 3d"});
  t.Do(Play(0, "5c"));
  CHECK(t.s.turn == 2);
}

TEST_CASE("R4: in a suite the lone last player may continue or pass (000 §5.1)") {
  // A 5, B 6 suite, C 7, D no 8 passes, A 8, B no 9 passes, C 9, A no T passes.
  Table t({"5c 8c 4c", "6c 4d", "7c 9c Tc 4h", "Kc 4s"});
  t.Do(Play(0, "5c")).Do(Suite(1, "6c")).Do(Play(2, "7c")).Do(Pass(3)).Do(Play(0, "8c"));
  t.Do(Pass(1)).Do(Play(2, "9c")).Do(Pass(0));
  CHECK(t.s.pli.solo);
  CHECK(t.s.turn == 2);
  CHECK(t.CodeOf(Pass(2)) == "legal");  // R4: passing is his choice
  t.Do(Play(2, "Tc"));
  CHECK(t.s.pli.solo);
  t.Do(Pass(2));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 2);
}

TEST_CASE("R4 option never: the pli closes as soon as the others are out") {
  Options o;
  o.solo_continuation = SoloContinuation::kNever;
  Table t({"5c 8c 4c", "6c 4d", "7c 9c Tc 4h", "Kc 4s"}, 0, o);
  t.Do(Play(0, "5c")).Do(Suite(1, "6c")).Do(Play(2, "7c")).Do(Pass(3)).Do(Play(0, "8c"));
  t.Do(Pass(1)).Do(Play(2, "9c")).Do(Pass(0));
  CHECK_FALSE(t.s.pli.solo);
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 2);
}

TEST_CASE("R4: in a free pli the pli simply closes, option always lets him go on") {
  Table t({"9c 4c", "Kc Ac 3d", "7c", "8c"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2)).Do(Pass(3)).Do(Pass(0));
  CHECK(t.s.pli.count == 0);
  Options o;
  o.solo_continuation = SoloContinuation::kAlways;
  Table u({"9c 4c", "Kc Ac 3d", "7c", "8c"}, 0, o);
  u.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2)).Do(Pass(3)).Do(Pass(0));
  CHECK(u.s.pli.solo);
  CHECK(u.s.turn == 1);
  CHECK(u.CodeOf(Play(1, "3d")) == "too-weak");
  u.Do(Play(1, "Ac"));
  CHECK_FALSE(u.s.pli.ou_rien);
  u.Do(Pass(1));
  CHECK(u.s.pli.count == 0);
  CHECK(u.s.turn == 1);
}

TEST_CASE("V3: the weakest rank of a reverse does not close the pli, it cannot be followed") {
  Table t({"5c 9c", "4c 9d", "3c 9h", "3d 9s"});
  t.Do(Play(0, "5c")).Do(Reverse(1, "4c")).Do(Play(2, "3c"));
  CHECK(t.s.pli.count == 1);
  CHECK(t.s.turn == 3);
  CHECK(t.CodeOf(Play(3, "3d")) == "not-consecutive");
  CHECK(t.CodeOf(Pass(3)) == "legal");
}

TEST_CASE("V4: the reverse lasts for the current pli only") {
  Table t({"9c 4c", "8c 4d", "7c 4h", "Kc 4s"});
  t.Do(Play(0, "9c")).Do(Reverse(1, "8c")).Do(Play(2, "7c")).Do(Pass(3)).Do(Pass(0)).Do(Pass(1));
  // R4: C is alone in a reverse; C holds no 6 and passes: C leads a free pli.
  CHECK(t.s.pli.solo);
  t.Do(Pass(2));
  CHECK(t.s.pli.mode == Mode::kFree);
  CHECK(t.s.turn == 2);
}

TEST_CASE("O1: a same-rank play by a different player starts ou-rien, the top rank never does") {
  Table t({"Jc 4c", "Jd 4d", "Jh 4h", "8c 4s"});
  t.Do(Play(0, "Jc"));
  CHECK_FALSE(t.s.pli.ou_rien);
  t.Do(Play(1, "Jd"));
  CHECK(t.s.pli.ou_rien);
  Options o;
  o.top_rank_closes = false;
  Table u({"2c 4c", "2d 4d", "Jh 4h", "8c 4s"}, 0, o);
  u.Do(Play(0, "2c")).Do(Play(1, "2d"));
  CHECK_FALSE(u.s.pli.ou_rien);
}

TEST_CASE("O3: the first pass ends ou-rien and does not put the passer out") {
  Table t({"Jc 4c", "Jd 4d", "Qh 4h", "Kc Ac"});
  t.Do(Play(0, "Jc")).Do(Play(1, "Jd")).Do(Pass(2));
  CHECK_FALSE(t.s.pli.ou_rien);
  CHECK((t.s.pli.out & SeatBit(2)) == 0);
  // Play goes on as a free pli: D must beat or equal the J.
  t.Do(Play(3, "Kc"));
  t.Do(Pass(0)).Do(Pass(1));
  // C passed under ou-rien, so C is still in the pli and is asked again.
  CHECK(t.s.turn == 2);
}

TEST_CASE("O3/E3: a pli closes when all others have passed, whether out or not") {
  Table t({"Jc 4c", "Jd 4d", "9h 4h", "8c 3c"});
  t.Do(Play(0, "Jc")).Do(Play(1, "Jd")).Do(Pass(2)).Do(Pass(3)).Do(Pass(0));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 1);
}

TEST_CASE("O3: another equal play can start ou-rien again") {
  Table t({"Jc 4c", "Jd 4d", "9h 4h", "Jh 3c"});
  t.Do(Play(0, "Jc")).Do(Play(1, "Jd")).Do(Pass(2));
  CHECK_FALSE(t.s.pli.ou_rien);
  t.Do(Play(3, "Jh"));
  CHECK(t.s.pli.ou_rien);
}

TEST_CASE("X5: a play completing the four of a rank across plays neither closes nor revolts") {
  Table t({"7c 4c", "7d 4d", "7h 4h", "7s 3c"});
  t.Do(Play(0, "7c")).Do(Play(1, "7d")).Do(Play(2, "7h")).Do(Play(3, "7s"));
  CHECK(t.s.pli.count == 1);
  CHECK_FALSE(t.s.revolution);
  Options o;
  o.completed_carre_closes = true;
  Table u({"7c 4c", "7d 4d", "7h 4h", "7s 3c"}, 0, o);
  u.Do(Play(0, "7c")).Do(Play(1, "7d")).Do(Play(2, "7h")).Do(Play(3, "7s"));
  CHECK(u.s.pli.count == 0);
  CHECK(u.s.turn == 3);
  CHECK_FALSE(u.s.revolution);
  // X5 speaks of several plays: one carré does not close under this option.
  o.carre_closes = false;
  Table w({"7c 7d 7h 7s 4c", "5c 5d 5h 5s 4d", "Kh", "3c"}, 0, o);
  w.Do(Play(0, "7c 7d 7h 7s"));
  CHECK(w.s.pli.count == 4);
  CHECK(w.s.turn == 1);
}

TEST_CASE("Q1: a carré toggles the révolution, a second carré in a later pli flips it back") {
  Table t({"7c 7d 7h 7s 9c 9d 9h 9s 4c", "5c Kd", "Kc", "Qc"});
  t.Do(Play(0, "7c 7d 7h 7s"));
  CHECK(t.s.revolution);
  t.Do(Play(0, "9c 9d 9h 9s"));
  CHECK_FALSE(t.s.revolution);
}

TEST_CASE("Q1/C3: under révolution a lower rank beats a higher one (000 §5.4)") {
  Table t({"7c 7d 7h 7s Kc 4c", "5c 9d", "4d 9h", "Qc 3c"});
  t.Do(Play(0, "7c 7d 7h 7s"));  // E2 closes, A leads again under révolution
  t.Do(Play(0, "Kc"));
  CHECK(t.CodeOf(Play(1, "9d")) == "legal");
  t.Do(Play(1, "5c"));
  CHECK(t.CodeOf(Play(2, "9h")) == "too-weak");
  t.Do(Play(2, "4d"));
}

TEST_CASE("F1-F4: finishing order, a top-rank finisher placed last, the last holder between") {
  // A plays 8 then finishes on the 2 (000 §5.5): Trouduc though first out.
  Table t({"8c 2c", "9d Td 3d", "5h 3h", "6s 4s"});
  t.Do(Play(0, "8c")).Do(Play(1, "9d")).Do(Pass(2)).Do(Pass(3)).Do(Play(0, "2c"));
  CHECK(t.s.finished == std::vector<int>{0});
  CHECK(t.s.top_finishers == std::vector<int>{0});
  // A is out of cards: E5, B (next with cards) leads.
  CHECK(t.s.turn == 1);
  t.Do(Play(1, "3d")).Do(Play(2, "5h")).Do(Play(3, "6s")).Do(Play(1, "Td"));  // B finishes
  t.Do(Pass(2)).Do(Pass(3));
  CHECK(t.s.turn == 2);  // E5: B finished, C leads
  t.Do(Play(2, "3h"));   // C finishes: only D holds cards (F3)
  REQUIRE(t.s.ranking.has_value());
  CHECK(*t.s.ranking == std::vector<int>{1, 2, 3, 0});
  CHECK(t.s.phase == Phase::kMancheOver);
  CHECK(t.s.turn == -1);
  CHECK(std::string(PlaceName(0, 4)) == "president");
  CHECK(std::string(PlaceName(3, 4)) == "trouduc");
  CHECK(std::string(PlaceName(2, 4)) == "vice-trouduc");
  CHECK(std::string(PlaceName(2, 5)) == "neutral");
}

TEST_CASE("F2: a second top-rank finisher is placed just above the first") {
  Table t({"2c", "2d", "5h 3h", "6s 4s 3s"}, 0);
  t.Do(Play(0, "2c"));  // A out on a 2: bottom
  CHECK(t.s.turn == 1);
  t.Do(Play(1, "2d"));  // B out on a 2: just above A
  t.Do(Play(2, "5h")).Do(Play(3, "6s")).Do(Pass(2));  // E3: D leads
  t.Do(Play(3, "3s")).Do(Play(2, "3h"));  // C out: D is the last holder
  REQUIRE(t.s.ranking.has_value());
  CHECK(*t.s.ranking == std::vector<int>{2, 3, 1, 0});
}

TEST_CASE("S3: in manche 1 the holder of Qh leads, Q3: each manche starts in normal order") {
  State s = Apply(State{}, Ev(NewGame(4)));
  s.revolution = true;
  s = Apply(s, Ev(SuitDeal()));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 2);  // C holds every heart
  CHECK_FALSE(s.revolution);
  CHECK(s.hands[0].size() == 13);
  CHECK(CheckInvariants(s) == "");
}

namespace {
// Manche 2 after a manche 1 ranked C, A, D, B: Président C (2), Vice-Président
// A (0), Vice-Trouduc D (3), Trouduc B (1).
State SecondManche(Options options = Options{}) {
  State s = Apply(State{}, Ev(NewGame(4, options)));
  s = Apply(s, Ev(SuitDeal()));
  s.phase = Phase::kMancheOver;
  s.ranking = std::vector<int>{2, 0, 3, 1};
  return Apply(s, Ev(SuitDeal()));
}
}  // namespace

TEST_CASE("K1/K3: four gifts are owed, play waits for them, then the Trouduc leads") {
  State s = SecondManche();
  CHECK(s.phase == Phase::kExchange);
  CHECK(s.turn == -1);
  REQUIRE(s.gifts.size() == 4);
  CHECK(CodeName(Decide(s, Play(1, "3d"))->code) == "exchange-pending");
  s = Apply(s, Give(2, 1, "3h 4h"));   // Président gives the two weakest
  s = Apply(s, Give(1, 2, "Ad 2d"));   // Trouduc gives the two strongest
  s = Apply(s, Give(3, 0, "2s"));      // Vice-Trouduc gives the strongest
  CHECK(s.phase == Phase::kExchange);
  s = Apply(s, Give(0, 3, "3c"));      // Vice-Président gives the weakest
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 1);  // S3: the Trouduc leads
  CHECK(s.hands[1].contains(Set("3h 4h")));
  CHECK(s.hands[2].contains(Set("Ad 2d")));
  CHECK(CheckInvariants(s) == "");
}

TEST_CASE("K2: gifts are the weakest / strongest as dealt, any suit among equal ranks") {
  State s = SecondManche();
  auto v = Decide(s, Give(2, 1, "3h 5h"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K2");
  CHECK(CodeName(Decide(s, Give(1, 2, "Kd 2d"))->code) == "exchange-wrong-cards");
  CHECK(CodeName(Decide(s, Give(1, 2, "2d"))->code) == "exchange-wrong-cards");   // count
  CHECK(CodeName(Decide(s, Give(1, 2, "2h 2d"))->code) == "card-not-in-hand");
  // A card received is not in the hand as dealt: the Trouduc cannot pass it on.
  s = Apply(s, Give(2, 1, "3h 4h"));
  v = Decide(s, Give(1, 2, "3h 2d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
}

TEST_CASE("K1: a gift nobody owes is exchange-wrong-cards, and so is any gift in manche 1") {
  State s = SecondManche();
  CHECK(CodeName(Decide(s, Give(0, 1, "3c"))->code) == "exchange-wrong-cards");
  State first = Apply(Apply(State{}, Ev(NewGame(4))), Ev(SuitDeal()));
  auto v = Decide(first, Give(0, 1, "3c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K1");
}

TEST_CASE("K3 option choice: the Président and Vice-Président give cards of their choice") {
  Options o;
  o.exchange = ExchangeRule::kChoice;
  State s = SecondManche(o);
  CHECK_FALSE(Decide(s, Give(2, 1, "9h Kh")));
  CHECK_FALSE(Decide(s, Give(0, 3, "7c")));
  CHECK(CodeName(Decide(s, Give(1, 2, "Kd 2d"))->code) == "exchange-wrong-cards");  // still the best
}

TEST_CASE("K3 option exchange_cards = one, worst: one card each way, in either order") {
  Options o;
  o.exchange_cards = ExchangeCards::kOne;
  State s = SecondManche(o);  // Président C (2, hearts), Trouduc B (1, diamonds)
  REQUIRE(s.gifts.size() == 2);
  CHECK(s.phase == Phase::kExchange);
  // The Vice-Président and the Vice-Trouduc give nothing.
  auto v = Decide(s, Give(0, 3, "3c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K1");
  CHECK_THAT(v->message, Catch::Contains("exchange_cards = one"));
  CHECK(CodeName(Decide(s, Give(3, 0, "2s"))->code) == "exchange-wrong-cards");
  // One card, not two.
  v = Decide(s, Give(1, 2, "Ad 2d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K1");
  // The Trouduc's strongest, the Président's weakest (exchange = worst).
  v = Decide(s, Give(1, 2, "Ad"));
  REQUIRE(v);
  CHECK(v->rule == "K2");
  v = Decide(s, Give(2, 1, "4h"));
  REQUIRE(v);
  CHECK(v->rule == "K2");
  // No play before both gifts.
  CHECK(CodeName(Decide(s, Play(1, "3d"))->code) == "exchange-pending");
  // The Trouduc first here; then the Président, and play starts.
  s = Apply(s, Give(1, 2, "2d"));
  CHECK(s.phase == Phase::kExchange);
  CHECK(CodeName(Decide(s, Give(1, 2, "Ad"))->code) == "exchange-wrong-cards");  // made already
  // K2: the Président gives from the hand as dealt, not the 2d just received.
  v = Decide(s, Give(2, 1, "2d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K2");
  s = Apply(s, Give(2, 1, "3h"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 1);  // S3: later_lead = trouduc (default): the Trouduc leads
  CHECK(s.hands[1].size() == 13);
  CHECK(s.hands[1].contains(Set("3h")));
  CHECK(s.hands[2].contains(Set("2d")));
  CHECK(CheckInvariants(s) == "");
}

TEST_CASE("K3 option exchange_cards = one, choice: the Président gives any card back, S3 later_lead") {
  Options o;
  o.exchange_cards = ExchangeCards::kOne;
  o.exchange = ExchangeRule::kChoice;
  o.later_lead = LaterLead::kPresident;
  State s = SecondManche(o);
  REQUIRE(s.gifts.size() == 2);
  // The Président first this time, a card of his choice; the Trouduc still his strongest.
  CHECK_FALSE(Decide(s, Give(2, 1, "Kh")));
  CHECK(CodeName(Decide(s, Give(2, 1, "Kh Ah"))->code) == "exchange-wrong-cards");
  CHECK(Decide(s, Give(1, 2, "Kd"))->rule == "K2");
  s = Apply(s, Give(2, 1, "Kh"));
  CHECK(s.phase == Phase::kExchange);
  CHECK(Decide(s, Give(1, 2, "Kh"))->rule == "K2");  // the Trouduc cannot hand it back
  s = Apply(s, Give(1, 2, "2d"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 2);  // S3 later_lead = president: the Président of manche 1 leads
  CHECK(s.pli.leader == 2);
  // The Trouduc first: the Président chooses among his cards as dealt, not the 2d received.
  State t = Apply(SecondManche(o), Give(1, 2, "2d"));
  auto v = Decide(t, Give(2, 1, "2d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-wrong-cards");
  CHECK(v->rule == "K2");
  CHECK_FALSE(Decide(t, Give(2, 1, "3h")));
  CHECK_FALSE(Decide(t, Give(2, 1, "2h")));
}

TEST_CASE("S3 option later_lead = president with the four gifts of K1") {
  Options o;
  o.later_lead = LaterLead::kPresident;
  State s = SecondManche(o);
  REQUIRE(s.gifts.size() == 4);
  s = Apply(s, Give(3, 0, "2s"));
  s = Apply(s, Give(0, 3, "3c"));
  s = Apply(s, Give(1, 2, "Ad 2d"));
  CHECK(s.phase == Phase::kExchange);
  s = Apply(s, Give(2, 1, "3h 4h"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 2);
}

TEST_CASE("Presets: classic plays one card each way and the Président leads manche 2") {
  State s = SecondManche(*Preset("classic"));
  REQUIRE(s.gifts.size() == 2);
  CHECK_FALSE(Decide(s, Give(2, 1, "9h")));  // exchange = choice
  s = Apply(s, Give(1, 2, "2d"));
  s = Apply(s, Give(2, 1, "9h"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 2);
}

TEST_CASE("G1: scoring by place with six seats gives 3 2 1 -1 -2 -3") {
  Options o;
  o.scoring = Scoring::kPlace;
  // F finishes first, then B, C, D, E; A holds the last card.
  Table t({"3c 4c", "8c", "7c", "6c", "5c", "3d"}, 5, o);
  t.Do(Play(5, "3d"));                                   // F out: 1st
  t.Do(Play(0, "4c")).Do(Play(1, "8c"));                 // B out: 2nd
  t.Do(Pass(2)).Do(Pass(3)).Do(Pass(4)).Do(Pass(0));     // E3, E5: B has no cards, C leads
  t.Do(Play(2, "7c"));                                   // C out: 3rd
  t.Do(Pass(3)).Do(Pass(4)).Do(Pass(0));
  t.Do(Play(3, "6c"));                                   // D out: 4th
  t.Do(Pass(4)).Do(Pass(0));
  t.Do(Play(4, "5c"));                                   // E out: 5th; A is left (F3)
  REQUIRE(t.s.ranking.has_value());
  CHECK(*t.s.ranking == std::vector<int>{5, 1, 2, 3, 4, 0});
  // By seat: A 6th (-3), B 2nd (2), C 3rd (1), D 4th (-1), E 5th (-2), F 1st (3).
  CHECK(t.s.scores == std::vector<int>{-3, 2, 1, -1, -2, 3});
}

TEST_CASE("G1: a manche cut short by an end event scores nothing") {
  Options o;
  o.scoring = Scoring::kPlace;
  Table t({"8c", "9d 3d", "5h 3h", "6s 4s"}, 0, o);
  t.Do(Play(0, "8c"));  // A out: the manche goes on
  REQUIRE(t.s.scores == std::vector<int>{0, 0, 0, 0});
  t.Do(Ev(EndEvent{}));
  CHECK(t.s.phase == Phase::kGameOver);
  CHECK_FALSE(t.s.ranking.has_value());
  CHECK(t.s.scores == std::vector<int>{0, 0, 0, 0});
}

TEST_CASE("G1: scoring by place gives +2 +1 ... -1 -2, option manches ends the game, end once") {
  Options o;
  o.scoring = Scoring::kPlace;
  o.manches = 1;
  Table t({"8c", "9d", "5h 3h", "6s 4s"}, 0, o);
  t.Do(Play(0, "8c")).Do(Play(1, "9d"));  // A out, B out: C and D hold cards
  t.Do(Pass(2)).Do(Pass(3));
  CHECK(t.s.turn == 2);  // E5: B finished, C leads
  t.Do(Play(2, "3h")).Do(Play(3, "4s")).Do(Play(2, "5h"));
  REQUIRE(t.s.ranking.has_value());
  CHECK(*t.s.ranking == std::vector<int>{0, 1, 2, 3});
  CHECK(t.s.scores == std::vector<int>{2, 1, -1, -2});
  CHECK(t.s.phase == Phase::kGameOver);
  CHECK(CodeName(Decide(t.s, Ev(SuitDeal()))->code) == "game-over");
  CHECK_FALSE(Decide(t.s, Ev(EndEvent{})));
  t.Do(Ev(EndEvent{}));
  CHECK(CodeName(Decide(t.s, Ev(EndEvent{}))->code) == "game-over");
}
