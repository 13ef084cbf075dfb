// decide_test.cc: Decide, one rule id at a time, and RULES.md's order of
// precedence when several violations apply. Every violation code is
// triggered here at least once.
#include "games/president/rules/rules.h"
#include "games/president/tests/rules/table.h"

using namespace pli;
using namespace pli::test;

TEST_CASE("P1: a play of cards not held is card-not-in-hand, a card named twice too") {
  Table t({"5c 5d 9h", "6c", "7c", "8c"});
  CHECK(t.CodeOf(Play(0, "5h")) == "card-not-in-hand");
  CHECK(t.CodeOf(Play(0, "5c 5c")) == "card-not-in-hand");
  CHECK(t.Try(Play(0, "5c 5c"))->message.find("5c is named twice") != std::string::npos);
  CHECK(t.CodeOf(Play(0, "5c 5d")) == "legal");
}

TEST_CASE("P1: cards of different ranks are mixed-ranks") {
  Table t({"5c 5d 9h", "6c", "7c", "8c"});
  auto v = t.Try(Play(0, "5c 9h"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "mixed-ranks");
  CHECK(v->rule == "P1");
}

TEST_CASE("P2: the lead fixes the count for the whole pli (count-mismatch)") {
  Table t({"5c 5d", "6c 6d 7h", "7c", "8c"});
  t.Do(Play(0, "5c 5d"));
  auto v = t.Try(Play(1, "7h"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "count-mismatch");
  CHECK(v->rule == "P2");
  CHECK(v->message == "the pli is played in pairs; 7h is one card");
  CHECK(t.CodeOf(Play(1, "6c 6d")) == "legal");
}

TEST_CASE("P3: a play must be equal or stronger (too-weak), equal is allowed") {
  Table t({"9c", "8c 9d Kc", "7c", "8d"});
  t.Do(Play(0, "9c"));
  CHECK(t.CodeOf(Play(1, "8c")) == "too-weak");
  CHECK(t.RuleOf(Play(1, "8c")) == "P3");
  CHECK(t.CodeOf(Play(1, "9d")) == "legal");
  CHECK(t.CodeOf(Play(1, "Kc")) == "legal");
}

TEST_CASE("P3 classic: a play must be strictly stronger") {
  Table t({"9c", "9d Kc", "7c", "8d"}, 0, *Preset("classic"));
  t.Do(Play(0, "9c"));
  CHECK(t.CodeOf(Play(1, "9d")) == "too-weak");
  CHECK(t.CodeOf(Play(1, "Kc")) == "legal");
}

TEST_CASE("P4: a pass while a legal play exists is must-play") {
  Table t({"9c", "Kc", "7c", "8d"});
  t.Do(Play(0, "9c"));
  auto v = t.Try(Pass(1));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "must-play");
  CHECK(v->rule == "P4");
  CHECK(v->message.find("Kc") != std::string::npos);
  t.Do(Play(1, "Kc"));
  CHECK(t.CodeOf(Pass(2)) == "legal");  // C holds only a 7: nothing to play
}

TEST_CASE("P4: the leader cannot pass") {
  Table t({"9c", "Kc", "7c", "8d"});
  CHECK(t.CodeOf(Pass(0)) == "must-play");
}

TEST_CASE("P4: a play legal only with a declaration does not oblige") {
  // A leads 6; B holds only a 5, legal only as a reverse (V1): B may pass.
  Table t({"6c 9c", "5c", "7c", "8d"});
  t.Do(Play(0, "6c"));
  CHECK(t.CodeOf(Reverse(1, "5c")) == "legal");
  CHECK(t.CodeOf(Pass(1)) == "legal");
}

TEST_CASE("P4: a possible close does not oblige (X1 is never obligatory)") {
  // Pairs in a suite: D cannot play the next rank (8s) but holds the last
  // two 7s, so D may close (X1, X4: whatever is in force) or pass.
  Table t({"5c 5d Kc", "6c 6d Kd", "7c 7d Kh", "7h 7s 4c"});
  t.Do(Play(0, "5c 5d")).Do(Suite(1, "6c 6d")).Do(Play(2, "7c 7d"));
  CHECK(t.CodeOf(Close(3, "7h 7s")) == "legal");
  CHECK(t.CodeOf(Pass(3)) == "legal");
}

TEST_CASE("P4 classic: passing is always allowed") {
  Table t({"9c", "Kc", "7c", "8d"}, 0, *Preset("classic"));
  t.Do(Play(0, "9c"));
  CHECK(t.CodeOf(Pass(1)) == "legal");
}

TEST_CASE("P5: a player who passed is out of the pli (out-of-pli)") {
  Table t({"9c Ac 4h", "Kc 3d", "7c", "8d"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2)).Do(Pass(3));
  t.Do(Play(0, "Ac"));
  // B passes now? B holds only a 3: pass, out.
  t.Do(Pass(1));
  // Everyone else is out: E3 closes, A leads; C and D are back in.
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 0);
}

TEST_CASE("P5: out-of-pli wins over not-your-turn") {
  Table t({"9c Ac", "Kc", "7c 7d", "8d"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2));
  // C is out and it is D's turn: C's play is out-of-pli, not not-your-turn.
  CHECK(t.CodeOf(Play(2, "7c")) == "out-of-pli");
  CHECK(t.RuleOf(Play(2, "7c")) == "P5");
  CHECK(t.CodeOf(Pass(2)) == "out-of-pli");
}

TEST_CASE("P7: only the player whose turn it is may play or pass") {
  Table t({"9c", "Kc", "7c", "8d"});
  auto v = t.Try(Play(1, "Kc"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "not-your-turn");
  CHECK(v->rule == "P7");
  CHECK(v->message == "it is A (seat 0)'s turn, not B (seat 1)'s");
  CHECK(t.CodeOf(Pass(2)) == "not-your-turn");
}

TEST_CASE("P7: a seat with no cards is not-your-turn") {
  Table t({"9c", "", "7c", "8d"});
  CHECK(t.CodeOf(Play(1, "Kc")) == "not-your-turn");
}

TEST_CASE("Order: not-your-turn beats card-not-in-hand beats mixed-ranks") {
  Table t({"9c 9d", "Kc", "7c", "8d"});
  CHECK(t.CodeOf(Play(1, "2c 3c")) == "not-your-turn");
  CHECK(t.CodeOf(Play(0, "2c 9c")) == "card-not-in-hand");
  CHECK(t.CodeOf(Play(0, "9c 8d")) == "card-not-in-hand");
}

TEST_CASE("Order: mixed-ranks beats a declaration on a lead, which beats nothing else") {
  Table t({"9c 9d Tc", "Kc", "7c", "8d"});
  CHECK(t.CodeOf(Suite(0, "9c Tc")) == "mixed-ranks");
  CHECK(t.CodeOf(Suite(0, "9c")) == "declare-not-allowed");
  CHECK(t.RuleOf(Suite(0, "9c")) == "U1");
  CHECK(t.RuleOf(Reverse(0, "9c")) == "V1");
}

TEST_CASE("Order: count-mismatch beats declare-not-allowed") {
  Table t({"9c", "Tc Td", "7c", "8d"});
  t.Do(Play(0, "9c"));
  CHECK(t.CodeOf(Suite(1, "Tc Td")) == "count-mismatch");
}

TEST_CASE("U1: only the second play may declare a suite, one step up from the lead") {
  Table t({"5c", "6c 7d", "7c 8h", "8d 6d"});
  t.Do(Play(0, "5c"));
  CHECK(t.CodeOf(Suite(1, "7d")) == "declare-not-allowed");  // not consecutive
  CHECK(t.RuleOf(Suite(1, "7d")) == "U1");
  t.Do(Suite(1, "6c"));
  CHECK(t.s.pli.mode == Mode::kSuite);
  t.Do(Play(2, "7c"));
  CHECK(t.CodeOf(Suite(3, "8d")) == "declare-not-allowed");  // a third play
}

TEST_CASE("U1: passes between the lead and the second play do not matter") {
  Table t({"5c", "4c", "6c", "8d"});
  t.Do(Play(0, "5c")).Do(Pass(1));
  CHECK(t.CodeOf(Suite(2, "6c")) == "legal");
}

TEST_CASE("U2: in a suite every play is exactly the next rank, equal is not allowed") {
  Table t({"5c", "6c", "7c 8c 6d", "7d"});
  t.Do(Play(0, "5c")).Do(Suite(1, "6c"));
  auto v = t.Try(Play(2, "8c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "not-consecutive");
  CHECK(v->rule == "U2");
  CHECK(t.CodeOf(Play(2, "6d")) == "not-consecutive");
  CHECK(t.CodeOf(Play(2, "7c")) == "legal");
}

TEST_CASE("U3: the top rank ends the suite and the pli") {
  Table t({"Kc", "Ac", "2c 9c", "7d"});
  t.Do(Play(0, "Kc")).Do(Suite(1, "Ac")).Do(Play(2, "2c"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.pli.mode == Mode::kFree);
  CHECK(t.s.turn == 2);
}

TEST_CASE("U4: whoever can follow a suite must (must-play cites U4)") {
  Table t({"5c", "6c", "7c 9c", "7d"});
  t.Do(Play(0, "5c")).Do(Suite(1, "6c"));
  CHECK(t.CodeOf(Pass(2)) == "must-play");
  CHECK(t.RuleOf(Pass(2)) == "U4");
}

TEST_CASE("V1: the second play may declare a reverse one step down") {
  Table t({"9c 6c", "8c 7d", "7c", "6d"});
  t.Do(Play(0, "9c"));
  CHECK(t.CodeOf(Reverse(1, "7d")) == "declare-not-allowed");
  CHECK(t.RuleOf(Reverse(1, "7d")) == "V1");
  t.Do(Reverse(1, "8c"));
  CHECK(t.s.pli.mode == Mode::kReverse);
}

TEST_CASE("V2: a legal suite continuation may also declare a reverse (000 §4.8)") {
  // Under révolution: A 6, B 5 declaring suite, C 4 declaring reverse, D must play 5.
  Table t({"6c Kc", "5c Kd", "4c Kh", "5d 3d"});
  t.s.revolution = true;
  t.Do(Play(0, "6c")).Do(Suite(1, "5c")).Do(Reverse(2, "4c"));
  CHECK(t.s.pli.mode == Mode::kReverse);
  CHECK(t.CodeOf(Play(3, "3d")) == "not-consecutive");
  CHECK(t.RuleOf(Play(3, "3d")) == "V3");
  CHECK(t.CodeOf(Play(3, "5d")) == "legal");
}

TEST_CASE("V2: a reverse declared in a suite on a rank that does not continue it is not-consecutive") {
  Table t({"5c", "6c", "8c 7d", "5d"});
  t.Do(Play(0, "5c")).Do(Suite(1, "6c"));
  CHECK(t.CodeOf(Reverse(2, "8c")) == "not-consecutive");
  CHECK(t.CodeOf(Reverse(2, "7d")) == "legal");
}

TEST_CASE("V2: a pli can be reversed once, no suite during a reverse") {
  Table t({"9c", "8c", "7c", "6c 8d"});
  t.Do(Play(0, "9c")).Do(Reverse(1, "8c"));
  CHECK(t.CodeOf(Reverse(2, "7c")) == "declare-not-allowed");
  CHECK(t.RuleOf(Reverse(2, "7c")) == "V2");
  CHECK(t.CodeOf(Suite(2, "7c")) == "declare-not-allowed");
}

TEST_CASE("V2 option reverse_in_suite off: no reverse during a suite") {
  Options o;
  o.reverse_in_suite = false;
  Table t({"5c", "6c", "7c", "5d"}, 0, o);
  t.Do(Play(0, "5c")).Do(Suite(1, "6c"));
  CHECK(t.CodeOf(Reverse(2, "7c")) == "declare-not-allowed");
  CHECK(t.CodeOf(Play(2, "7c")) == "legal");
}

TEST_CASE("V3: in a reverse every play is exactly one step down") {
  Table t({"9c", "8c", "7c 6h", "6c"});
  t.Do(Play(0, "9c")).Do(Reverse(1, "8c"));
  CHECK(t.CodeOf(Play(2, "6h")) == "not-consecutive");
  CHECK(t.CodeOf(Play(2, "7c")) == "legal");
}

TEST_CASE("O1/O2: after two equal plays by different players the next must play that rank") {
  Table t({"Jc", "Jd", "Jh Qh", "8d"});
  t.Do(Play(0, "Jc")).Do(Play(1, "Jd"));
  CHECK(t.s.pli.ou_rien);
  auto v = t.Try(Play(2, "Qh"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "ou-rien-rank");
  CHECK(v->rule == "O2");
  CHECK(t.CodeOf(Pass(2)) == "must-play");
  CHECK(t.RuleOf(Pass(2)) == "O2");
  CHECK(t.CodeOf(Play(2, "Jh")) == "legal");
}

TEST_CASE("O2: under ou-rien a player without the rank must pass") {
  Table t({"Jc", "Jd", "Qh Ah", "8d"});
  t.Do(Play(0, "Jc")).Do(Play(1, "Jd"));
  CHECK(t.CodeOf(Pass(2)) == "legal");
}

TEST_CASE("Order: out-of-pli beats not-your-turn beats must-play for a pass") {
  Table t({"9c Ac", "Kc", "7c", "8d 9d"});
  t.Do(Play(0, "9c")).Do(Play(1, "Kc")).Do(Pass(2));
  CHECK(t.CodeOf(Pass(2)) == "out-of-pli");
  CHECK(t.CodeOf(Pass(0)) == "not-your-turn");
}

TEST_CASE("X1: whoever holds every remaining card of the last rank may close, in or out of turn") {
  // 000 §5.6: A 6, B 6, C 6, D holds the last 6.
  Table t({"6c 9c", "6d 9d", "6h 9h", "6s 4c"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d")).Do(Play(2, "6h"));
  CHECK(t.s.turn == 3);
  t.Do(Close(3, "6s"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 3);  // X3: the closer leads
}

TEST_CASE("X1: the impossible case: three 3s played at once, one 3 left") {
  Table t({"3c 3d 3h 9c", "3s 9d", "7c", "8c"});
  t.Do(Play(0, "3c 3d 3h"));
  auto v = t.Try(Close(1, "3s"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "close-not-allowed");
  CHECK(v->rule == "X1");
}

TEST_CASE("X1: a close when another hand still holds the rank is close-not-allowed") {
  Table t({"6c 9c", "6d 9d", "6h", "6s"});
  t.Do(Play(0, "6c"));
  CHECK(t.CodeOf(Close(1, "6d")) == "close-not-allowed");
  CHECK(t.CodeOf(Close(1, "9d")) == "close-not-allowed");  // not the last play's rank
}

TEST_CASE("X1: a close with no play on the table is close-not-allowed, before card checks") {
  Table t({"6c", "6d", "6h", "6s"});
  CHECK(t.CodeOf(Close(1, "2c")) == "close-not-allowed");
}

TEST_CASE("X1: a player out of the pli may still close") {
  // A 9, B reverses with an 8; nobody holds a 7, so C, D and A pass and are
  // out. C holds the last 8 left in any hand and closes out of turn.
  Table t({"9c Kc", "8c Kd", "8d 4c", "3h Ks"});
  t.Do(Play(0, "9c")).Do(Reverse(1, "8c")).Do(Pass(2)).Do(Pass(3)).Do(Pass(0));
  CHECK((t.s.pli.out & SeatBit(2)) != 0);
  CHECK(t.CodeOf(Close(2, "8d")) == "legal");
  t.Do(Close(2, "8d"));
  CHECK(t.s.turn == 2);  // X3
}

TEST_CASE("X2: no close with the top rank, 2 normally and 3 under révolution") {
  Options o;
  o.top_rank_closes = false;  // so that a 2 stays on the table
  Table t({"2c 9c", "2d 9d", "9h", "9s"}, 0, o);
  t.Do(Play(0, "2c"));
  auto v = t.Try(Close(1, "2d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "close-not-allowed");
  CHECK(v->rule == "X2");
  Table r({"3c 9c", "3d 9d", "9h", "9s"}, 0, o);
  r.s.revolution = true;
  r.Do(Play(0, "3c"));
  CHECK(r.RuleOf(Close(1, "3d")) == "X2");
}

TEST_CASE("Q2/E1: under révolution the 3 is the top rank and closes the pli") {
  Table r({"9c 4c", "3d 4d", "3h", "9s"});
  r.s.revolution = true;
  r.Do(Play(0, "9c")).Do(Play(1, "3d"));
  CHECK(r.s.pli.count == 0);
  CHECK(r.s.turn == 1);
}

TEST_CASE("X4: a close is allowed whatever is in force: ou-rien") {
  Table t({"6c 9c", "6d 9d", "6h 4c", "6s Kc"});
  t.Do(Play(0, "6c")).Do(Play(1, "6d")).Do(Play(2, "6h"));
  CHECK(t.s.pli.ou_rien);
  CHECK(t.CodeOf(Close(3, "6s")) == "legal");
  CHECK(t.CodeOf(Close(3, "Kc")) == "close-not-allowed");  // not the last play's rank
}

TEST_CASE("K3: a play before the gifts are made is exchange-pending") {
  Table t({"5c", "6c", "7c", "7d"});
  t.s.phase = Phase::kExchange;
  t.s.gifts = {pli::Gift{0, 3, 2, false, false, false}};
  auto v = t.Try(Play(0, "5c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "exchange-pending");
  CHECK(v->rule == "K3");
  CHECK(t.CodeOf(Pass(0)) == "exchange-pending");
  CHECK(t.CodeOf(Close(0, "5c")) == "exchange-pending");
}

TEST_CASE("G1: a play between manches is no-manche, after end it is game-over") {
  Table t({"5c", "6c", "7c", "7d"});
  t.s.phase = Phase::kMancheOver;
  CHECK(t.CodeOf(Play(0, "5c")) == "no-manche");
  CHECK(t.CodeOf(Give(0, 1, "5c")) == "no-manche");
  t.Do(Event{EndEvent{}, {}, {}, {}});
  CHECK(t.CodeOf(Play(0, "5c")) == "game-over");
  CHECK(t.CodeOf(Event{EndEvent{}, {}, {}, {}}) == "game-over");
}

TEST_CASE("malformed: a seat that does not exist, a wrong seq, an id used twice, a game in a game") {
  Table t({"5c", "6c", "7c", "7d"});
  CHECK(t.CodeOf(Play(7, "5c")) == "malformed");
  Event e = Play(0, "5c");
  e.seq = 5;
  CHECK(t.CodeOf(e) == "malformed");
  e.seq = t.s.seq + 1;
  e.id = "k1";
  t.Do(e);
  Event again = Play(1, "6c");
  again.id = "k1";
  CHECK(t.CodeOf(again) == "malformed");
  CHECK(t.CodeOf(Event{NewGame(4), {}, {}, {}}) == "malformed");
}

TEST_CASE("S2: a deal that is not a partition of the deck is bad-deal") {
  State s = Apply(State{}, Event{NewGame(4), {}, {}, {}});
  DealEvent d;
  d.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) d.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
  CHECK_FALSE(Decide(s, Event{d, {}, {}, {}}));
  DealEvent twice = d;
  twice.hands[0][0] = twice.hands[1][0];
  CHECK(CodeName(Decide(s, Event{twice, {}, {}, {}})->code) == "bad-deal");
  DealEvent uneven = d;
  uneven.hands[1].push_back(uneven.hands[0].back());
  uneven.hands[0].pop_back();
  uneven.hands[2].push_back(uneven.hands[0].back());
  uneven.hands[0].pop_back();
  auto v = Decide(s, Event{uneven, {}, {}, {}});
  REQUIRE(v);
  CHECK(CodeName(v->code) == "bad-deal");
  CHECK(v->rule == "S2");
  // A deal while a manche is being played is bad-deal too.
  s = Apply(s, Event{d, {}, {}, {}});
  CHECK(CodeName(Decide(s, Event{d, {}, {}, {}})->code) == "bad-deal");
}

TEST_CASE("U1: a suite on the top rank left open names no rank beyond it") {
  Options o;
  o.top_rank_closes = false;  // so that a 2 stays on the table
  Table t({"2c 9c", "3d 9d", "9h", "9s"}, 0, o);
  t.Do(Play(0, "2c"));
  auto v = t.Try(Suite(1, "3d"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "declare-not-allowed");
  CHECK(v->message.find("there is none") != std::string::npos);
  CHECK_FALSE(LegalActions(t.s).empty());  // B may pass; no read past the rank table
}
