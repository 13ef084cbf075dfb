// house_wild_bots_test.cc: every bot level plays only legal events under
// H-W1 (`wild` 2, 3, 2+3) and H-W2 (`wild_tie`), in random rulesets, and
// its wild sets are played (the bots do not ignore them).
#include "games/president/bots/bot.h"

#include <catch2/catch.hpp>

#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

TEST_CASE("H-W1 H-W2: bots of every level play legal games with wild cards", "[bots]") {
  bots::Rng rng(2828);
  const BotBudget small{.samples = 3, .candidates = 3};
  int manches = 0, wild_plays = 0;
  for (int game = 0; game < 24; ++game) {
    const int seats = 4 + rng.Below(5);
    Options options = test::RandomOptions(rng);
    const char* wild[] = {"2", "3", "2+3"};
    const char* tie[] = {"equal", "natural", "wild"};
    REQUIRE(SetOption(options, "wild", wild[rng.Below(3)]).empty());
    REQUIRE(SetOption(options, "wild_tie", tie[rng.Below(3)]).empty());
    std::vector<Level> levels;
    for (int s = 0; s < seats; ++s) levels.push_back(static_cast<Level>((game + s) % 3));
    test::BotTable t(options, levels, 4000 + game, small);
    for (int m = 0; m < 2 && t.state.phase == Phase::kMancheOver; ++m) {
      INFO("game " << game << " manche " << m << " seats " << seats);
      REQUIRE(t.Manche(game * 10 + m + 77) == "");
      REQUIRE(t.state.ranking);
      ++manches;
    }
    for (const Event& e : t.log)
      if (const auto* p = std::get_if<PlayEvent>(&e.body)) {
        const CardSet cards = SetOf(p->cards);
        wild_plays += !(cards & t.state.order.wild).empty() && !(cards - t.state.order.wild).empty();
      }
  }
  CHECK(manches >= 40);
  CHECK(wild_plays > 0);  // natural cards with wild ones were played
}

}  // namespace
}  // namespace pli
