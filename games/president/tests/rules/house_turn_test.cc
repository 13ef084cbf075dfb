// house_turn_test.cc: HOUSE_RULES.md §6, the turn and the pli: H-T1
// (`equal_skips`), H-T2 (`single_round`) and H-T5 (`ou_rien_singles`), each
// from a position set up by hand (table.h), checked against the rule's text
// and its worked example (§14 X-T1, X-T3, X-T6).
#include <catch2/catch.hpp>

#include "games/president/tests/rules/table.h"

namespace pli::test {
namespace {

Options TurnOptions(const char* ruleset, std::initializer_list<std::pair<const char*, const char*>> set) {
  Options o = *Preset(ruleset);
  for (const auto& [name, value] : set) REQUIRE(SetOption(o, name, value) == "");
  return o;
}

std::vector<int> SeatList(SeatMask m) {
  std::vector<int> out;
  for (int s = 0; s < kMaxSeats; ++s)
    if (m & SeatBit(s)) out.push_back(s);
  return out;
}

TEST_CASE("H-T1 H-T2 H-T5: the options are booleans, off by default, shown only when on (H-A1)") {
  for (const char* name : {"equal_skips", "single_round", "ou_rien_singles"}) {
    INFO(name);
    Options o;
    CHECK(OptionText(o, name) == "false");
    CHECK(SetOption(o, name, "1") == std::string("option \"") + name + "\" takes true or false, not \"1\"");
    for (const auto& [option, value] : OptionValues(o)) CHECK(option != name);
    REQUIRE(SetOption(o, name, "true") == "");
    CHECK(OptionText(o, name) == "true");
    CHECK(OptionValues(o).back() == std::make_pair(std::string(name), std::string("true")));
    CHECK(RefusedCombination(o).empty());  // H-A2: no refused combination names them
  }
  // H-A2: an option whose case never arises is accepted (classic: no equal
  // play, no ou-rien).
  CHECK(RefusedCombination(TurnOptions("classic", {{"equal_skips", "true"}, {"ou_rien_singles", "true"}})).empty());
}

TEST_CASE("H-T5 X-T6: under ou_rien_singles an equal pair starts no ou-rien, equal singles still do") {
  const Options on = TurnOptions("super-president", {{"ou_rien_singles", "true"}});
  // A Qh 7c 7d, B 7h 7s, C 9c 9d.
  Table t({"Qh 7c 7d", "7h 7s", "9c 9d", "9h 9s"}, 0, on);
  t.Do(Play(0, "7c 7d")).Do(Play(1, "7h 7s"));
  CHECK_FALSE(t.s.pli.ou_rien);
  CHECK(t.CodeOf(Play(2, "9c 9d")) == "legal");
  // Without the option the same pair starts ou-rien (O1), and C's 9s are ou-rien-rank (O2).
  Table off({"Qh 7c 7d", "7h 7s", "9c 9d", "9h 9s"}, 0, *Preset("super-president"));
  off.Do(Play(0, "7c 7d")).Do(Play(1, "7h 7s"));
  CHECK(off.s.pli.ou_rien);
  CHECK(off.CodeOf(Play(2, "9c 9d")) == "ou-rien-rank");
  // The second deal: A Qh 5c, B 5d, C 8c.
  Table singles({"Qh 5c", "5d", "8c", "5h 5s"}, 0, on);
  singles.Do(Play(0, "5c")).Do(Play(1, "5d"));
  CHECK(singles.s.pli.ou_rien);
  const auto v = singles.Try(Play(2, "8c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "ou-rien-rank");
  CHECK(v->rule == "O2");
}

TEST_CASE("H-T2 X-T3: each seat acts once, when the turn would come back to A the pli closes and D leads") {
  const Options o = TurnOptions("classic", {{"single_round", "true"}});
  Table t({"Qh 4c 4d Jc Jd", "3c", "6c 6d", "9c 9d 5c"}, 0, o);
  t.Do(Play(0, "4c 4d"));
  CHECK(SeatList(t.s.pli.acted) == std::vector<int>{0});
  t.Do(Pass(1)).Do(Play(2, "6c 6d"));
  CHECK(SeatList(t.s.pli.acted) == std::vector<int>{0, 1, 2});
  CHECK(t.s.turn == 3);
  t.Do(Play(3, "9c 9d"));
  // H-T2: A has had his chance: the pli closes, D (its last player) leads.
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.pli.leader == 3);
  CHECK(t.s.turn == 3);
  CHECK(t.s.pli.acted == 0);
  const auto v = t.Try(Play(0, "Jc Jd"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "not-your-turn");
  CHECK(v->rule == "H-T2");
  CHECK(t.RuleOf(Play(1, "3c")) == "P7");  // B was not the seat whose turn closed the pli
  t.Do(Play(3, "5c"));
  CHECK(SeatList(t.s.pli.acted) == std::vector<int>{3});
  CHECK(t.RuleOf(Play(0, "Jc")) == "");  // now A's turn, and a J beats the 5
  // Without the option A plays on: his Jc Jd beats the 9s.
  Table off({"Qh 4c 4d Jc Jd", "3c", "6c 6d", "9c 9d 5c"}, 0, *Preset("classic"));
  off.Do(Play(0, "4c 4d")).Do(Pass(1)).Do(Play(2, "6c 6d")).Do(Play(3, "9c 9d"));
  CHECK(off.s.turn == 0);
  CHECK(off.CodeOf(Play(0, "Jc Jd")) == "legal");
}

TEST_CASE("H-T2: R4 never applies: in a suite, when the turn would come back to the leader the pli closes") {
  const Options o = TurnOptions("super-president", {{"single_round", "true"}});
  // A leads 5c, B 6c declaring a suite; C and D cannot follow (no 7) and pass.
  Table t({"Qh 5c 3d", "6c 8d", "Kc", "Kd"}, 0, o);
  t.Do(Play(0, "5c")).Do(Suite(1, "6c")).Do(Pass(2)).Do(Pass(3));
  // The turn would go to A, who led: the pli closes and B leads (no R4).
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 1);
  CHECK_FALSE(t.s.pli.solo);
  // Without the option A (no 7) must pass, then B goes on alone (R4).
  Table off({"Qh 5c 3d", "6c 8d", "Kc", "Kd"}, 0, *Preset("super-president"));
  off.Do(Play(0, "5c")).Do(Suite(1, "6c")).Do(Pass(2)).Do(Pass(3));
  CHECK(off.s.turn == 0);
  off.Do(Pass(0));
  CHECK(off.s.pli.solo);
  CHECK(off.s.turn == 1);
}

TEST_CASE("H-T2: E3 may close the pli earlier, and E5 gives the lead on when its last player has no cards") {
  const Options o = TurnOptions("super-president", {{"single_round", "true"}});
  // A leads 9c; B plays his last card, Jc; C and D cannot beat it and pass;
  // the turn would go to A, who led: H-T2 closes the pli. B has no cards:
  // E5, C leads.
  Table t({"Qh 9c", "Jc", "3c 4c", "3d 4d"}, 0, o);
  t.Do(Play(0, "9c")).Do(Play(1, "Jc")).Do(Pass(2));
  CHECK(t.s.turn == 3);
  t.Do(Pass(3));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.pli.leader == 2);
  CHECK(t.s.pli.denied == SeatBit(0));
  CHECK(t.RuleOf(Play(0, "Qh")) == "H-T2");
  // E3: A leads, everyone else passes (out): the pli closes by E3, A leads.
  Table e3({"Qh 9c", "3h", "3c 4c", "3d 4d"}, 0, o);
  e3.Do(Play(0, "Qh")).Do(Pass(1)).Do(Pass(2)).Do(Pass(3));
  CHECK(e3.s.pli.count == 0);
  CHECK(e3.s.turn == 0);
  CHECK(e3.s.pli.denied == 0);
}

TEST_CASE("H-T1 X-T1: an equal play skips the next seat, and a play by it is not-your-turn citing H-T1") {
  const Options o = TurnOptions("classic", {{"equal_allowed", "true"}, {"equal_skips", "true"}});
  Table t({"Qh 7c", "7d", "9c", "8c"}, 0, o);
  t.Do(Play(0, "7c")).Do(Play(1, "7d"));
  CHECK(t.s.turn == 3);
  CHECK(SeatList(t.s.pli.skipped) == std::vector<int>{2});
  const auto v = t.Try(Play(2, "9c"));
  REQUIRE(v);
  CHECK(CodeName(v->code) == "not-your-turn");
  CHECK(v->rule == "H-T1");
  t.Do(Play(3, "8c"));
  CHECK(t.s.turn == 0);
  CHECK(t.s.pli.skipped == 0);
  // Without the option C is next.
  Table off({"Qh 7c", "7d", "9c", "8c"}, 0, TurnOptions("classic", {{"equal_allowed", "true"}}));
  off.Do(Play(0, "7c")).Do(Play(1, "7d"));
  CHECK(off.s.turn == 2);
}

TEST_CASE("H-T1: with two players left the equal player plays again at once, also on his own play") {
  const Options o = TurnOptions("classic", {{"equal_allowed", "true"}, {"equal_skips", "true"}});
  Table t({"Qh 7c 9c", "7d 7h 8c", "", ""}, 0, o);
  t.Do(Play(0, "7c")).Do(Play(1, "7d"));
  CHECK(t.s.turn == 1);  // A is skipped: the turn comes back to B
  CHECK(t.s.pli.count == 1);
  CHECK(t.RuleOf(Play(0, "9c")) == "H-T1");
  t.Do(Play(1, "7h"));  // an equal play on his own play skips too (Decided)
  CHECK(t.s.turn == 1);
  t.Do(Pass(1));  // an ordinary pass: A, skipped, has not passed (E3)
  CHECK(t.s.turn == 0);
  CHECK(t.s.pli.count == 1);
  t.Do(Pass(0));  // now every other player has passed since B's play: E3, B leads
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 1);
}

TEST_CASE("H-T1 O2: under ou-rien the skip gives the turn to the next seat, bound by O2") {
  const Options o = TurnOptions("super-president", {{"equal_skips", "true"}});
  Table t({"Qh 7c", "7d 9d", "9c", "7h 8c"}, 0, o);
  t.Do(Play(0, "7c")).Do(Play(1, "7d"));
  CHECK(t.s.pli.ou_rien);
  CHECK(t.s.turn == 3);  // C skipped
  CHECK(t.CodeOf(Play(3, "8c")) == "ou-rien-rank");
  CHECK(t.CodeOf(Pass(3)) == "must-play");
  t.Do(Play(3, "7h"));
}

TEST_CASE("H-T1 RULINGS H20: when the equal player went out and every other seat is skipped, the turn goes on") {
  const Options o = TurnOptions("super-president", {{"equal_skips", "true"}});
  // A leads 7c; B cannot beat it and passes (out); C plays his last card, 7d:
  // A is skipped, C has no cards, so the turn goes on to A, bound by ou-rien.
  Table t({"Qh 7c 9c", "3c", "7d", ""}, 0, o);
  t.Do(Play(0, "7c")).Do(Pass(1)).Do(Play(2, "7d"));
  CHECK(t.s.pli.ou_rien);
  CHECK(t.s.turn == 0);
  CHECK(t.s.pli.count == 1);
  t.Do(Pass(0));  // O2: no 7; O3 ends ou-rien; E3: C leads, and has no cards: E5, A leads
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 0);
}

TEST_CASE("H-T1 H-T2: a seat skipped has had its chance") {
  const Options o = TurnOptions("classic", {{"equal_allowed", "true"}, {"equal_skips", "true"}, {"single_round", "true"}});
  // A 7c, B 7d skips C; D plays 9c; the turn would go to A, who led: the pli closes, D leads.
  Table t({"Qh 7c", "7d", "8c", "9c 5c"}, 0, o);
  t.Do(Play(0, "7c")).Do(Play(1, "7d"));
  CHECK(SeatList(t.s.pli.acted) == std::vector<int>{0, 1, 2});
  CHECK(t.s.turn == 3);
  t.Do(Play(3, "9c"));
  CHECK(t.s.pli.count == 0);
  CHECK(t.s.turn == 3);
  CHECK(t.RuleOf(Play(0, "Qh")) == "H-T2");
}

}  // namespace
}  // namespace pli::test
