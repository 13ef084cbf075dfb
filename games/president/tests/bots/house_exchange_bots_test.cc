// house_exchange_bots_test.cc: the bots make the gifts of HOUSE_RULES.md's
// H-K1 (`exchange_cards` patterns and `scores`) and H-K2 (`merchants`), and
// play §13's presets, every event legal (the driver stops at a refused one),
// at every level and 4 to 8 seats.
#include "games/president/bots/bot.h"

#include <catch2/catch.hpp>

#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

TEST_CASE("H-K1 H-K2 §13: every level makes the gifts of patterns, scores and merchants legally", "[bots]") {
  struct Case {
    const char* ruleset;
    const char* cards;  // "" keeps the preset's
    bool merchants;
    int seats;
  };
  const Case cases[] = {
      {"butthead", "", false, 4},        {"butthead", "", true, 7},      {"klootzakken", "", false, 4},
      {"klootzakken", "", true, 6},      {"classic", "scores", false, 8}, {"super-president", "scores", true, 5},
      {"super-president", "3-2-1", false, 6}, {"super-president", "4:1-1:4", true, 8},
      {"classic", "one", true, 4},       {"super-president", "two-one", true, 6},
  };
  int gifts = 0;
  for (const Case& c : cases) {
    for (int level = 0; level < 3; ++level) {
      Options o = *Preset(c.ruleset);
      if (*c.cards) REQUIRE(SetOption(o, "exchange_cards", c.cards).empty());
      if (c.merchants) REQUIRE(SetOption(o, "merchants", "true").empty());
      REQUIRE(ExchangeSeatsRefusal(o, c.seats).empty());
      INFO(c.ruleset << " " << c.cards << " merchants " << c.merchants << " seats " << c.seats << " level " << level);
      test::BotTable t(o, std::vector<Level>(c.seats, static_cast<Level>(level)), 300 + level,
                       BotBudget{.samples = 3, .candidates = 3});
      const CardSet deck = OrderOf(o).deck;  // H-R1: klootzakken's 40 cards
      for (int m = 0; m < 3; ++m) {
        REQUIRE(PlayManche(t.state, t.log, DealFromSeed(c.seats, 40 + m, deck), t.bots) == "");
        CHECK(CheckInvariants(t.state) == "");
      }
      for (const Event& e : t.log) gifts += std::holds_alternative<ExchangeEvent>(e.body);
    }
  }
  CHECK(gifts > 100);
}

}  // namespace
}  // namespace pli
