// house_target_test.cc: H-G2 (`target`), HOUSE_RULES.md §10, from its text
// written here by hand: the option's wire form and refused combination
// (H-A1, H-A2), the end of the game when a total reaches the target, the
// winners all tied at the top, the first of `manches` and `target`, and
// what is game-over afterwards (one end still accepted, RULINGS.md 2).
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/options.h"
#include "games/president/rules/rules.h"
#include "games/president/tests/rules/table.h"

namespace pli {
namespace {

using test::Play;

Options TargetOptions(const char* target, const char* manches = "0") {
  Options o;
  REQUIRE(SetOption(o, "scoring", "place").empty());
  REQUIRE(SetOption(o, "target", target).empty());
  REQUIRE(SetOption(o, "manches", manches).empty());
  return o;
}

// Manche 2 of four seats, totals so far A 1, B 2, C -1, D -2; A leads 4c
// and goes out first, B 9c second, C Tc third, D is left: places A B C D,
// G1 with four seats +2 +1 -1 -2, so totals A 3, B 3, C -2, D -4.
test::Table TargetTable(const Options& o) {
  test::Table t({"4c", "9c", "Tc", "3c 5c"}, 0, o);
  t.s.manche = 2;
  t.s.scores = {1, 2, -1, -2};
  return t;
}
void PlayToEnd(test::Table& t) { t.Do(Play(0, "4c")).Do(Play(1, "9c")).Do(Play(2, "Tc")); }

TEST_CASE("H-G2 H-A1 H-A2: option target, a whole number 0 to 1000, shown only when set, refused without scoring") {
  Options o;
  CHECK(o.target == 0);
  CHECK(OptionText(o, "target") == "0");
  for (const auto& [name, value] : OptionValues(o)) CHECK(name != "target");  // H-A1
  CHECK(SetOption(o, "target", "11").empty());
  CHECK(o.target == 11);
  bool shown = false;
  for (const auto& [name, value] : OptionValues(o)) shown = shown || (name == "target" && value == "11");
  CHECK(shown);
  CHECK(SetOption(o, "target", "1000").empty());
  for (const char* bad : {"1001", "-1", "x", "", "1e3"}) {
    INFO(bad);
    CHECK_FALSE(SetOption(o, "target", bad).empty());
  }
  Options without;
  REQUIRE(SetOption(without, "target", "10").empty());
  CHECK(RefusedCombination(without) ==
        "options \"target\" and \"scoring\": a target above 0 needs scoring place (no points to reach) (H-G2)");
  CHECK(RefusedCombination(TargetOptions("10")).empty());
  CHECK(RefusedCombination(Options{}).empty());
}

TEST_CASE("H-G2: a total that reaches the target ends the game, winners all tied at the top") {
  test::Table t = TargetTable(TargetOptions("3"));
  PlayToEnd(t);
  CHECK(t.s.ranking == std::vector<int>{0, 1, 2, 3});
  CHECK(t.s.scores == std::vector<int>{3, 3, -2, -4});
  CHECK(t.s.phase == Phase::kGameOver);
  CHECK(Winners(t.s) == std::vector<int>{0, 1});  // ties are shared, never broken
  // Every later deal, play, pass or gift is game-over, citing H-G2.
  const Event deal{DealEvent{}, {}, {}, {}};
  CHECK(t.CodeOf(deal) == "game-over");
  CHECK(t.RuleOf(deal) == "H-G2");
  CHECK(t.RuleOf(Play(3, "3c")) == "H-G2");
  CHECK(t.RuleOf(test::Pass(3)) == "H-G2");
  // One end event is still accepted (RULINGS.md 2), a second is game-over.
  const Event end{EndEvent{}, {}, {}, {}};
  t.Do(end);
  CHECK(t.CodeOf(end) == "game-over");
  CHECK(t.RuleOf(end) == "H-G2");
}

TEST_CASE("H-G2: passing the target counts as reaching it, and below it the game goes on") {
  test::Table passed = TargetTable(TargetOptions("2"));  // A and B have 3 > 2
  PlayToEnd(passed);
  CHECK(passed.s.phase == Phase::kGameOver);
  test::Table below = TargetTable(TargetOptions("4"));  // the best total is 3
  PlayToEnd(below);
  CHECK(below.s.phase == Phase::kMancheOver);
  CHECK(below.CodeOf(Play(3, "3c")) == "no-manche");
}

TEST_CASE("H-G2 G1: with manches too, the first limit reached ends the game") {
  test::Table target_first = TargetTable(TargetOptions("3", "5"));  // target at manche 2 of 5
  PlayToEnd(target_first);
  CHECK(target_first.s.phase == Phase::kGameOver);
  CHECK(target_first.RuleOf(Event{DealEvent{}, {}, {}, {}}) == "H-G2");
  test::Table manches_first = TargetTable(TargetOptions("50", "2"));  // manche 2 of 2, target 50 far
  PlayToEnd(manches_first);
  CHECK(manches_first.s.phase == Phase::kGameOver);
  CHECK(manches_first.RuleOf(Event{DealEvent{}, {}, {}, {}}) == "G1");
  CHECK(Winners(manches_first.s) == std::vector<int>{0, 1});
}

}  // namespace
}  // namespace pli
