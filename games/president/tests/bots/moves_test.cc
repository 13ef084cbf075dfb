// moves_test.cc: the bots' fast move generator (games/president/bots/moves.h) agrees with
// the engine's LegalActions and ToEvent in every position of random games,
// every ruleset: the playouts of the hard bot follow the real rules.
#include "games/president/bots/moves.h"

#include <catch2/catch.hpp>

#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

TEST_CASE("PlayActions lists what LegalActions lists in play (plays, pass, close)", "[bots]") {
  bots::Rng rng(11);
  int positions = 0, closes = 0, declares = 0;
  for (int game = 0; game < 40; ++game) {
    const int seats = 4 + rng.Below(5);
    test::BotTable t(test::RandomOptions(rng), std::vector<Level>(seats, Level::kEasy), game);
    for (int m = 0; m < 3 && t.state.phase == Phase::kMancheOver; ++m)
      REQUIRE(t.Manche(500 + game * 3 + m) == "");
    test::ForEachPosition(t.log, [&](const State& s, const std::vector<Event>&) {
      if (s.phase != Phase::kPlay) return;
      std::vector<LegalAction> fast;
      bots::PlayActions(s, fast);
      const std::vector<LegalAction> engine = LegalActions(s);
      REQUIRE(fast == engine);
      for (const LegalAction& a : engine) {
        CHECK(bots::MakeEvent(s, a) == ToEvent(s, a));
        closes += a.type == EventType::kClose;
        declares += a.declare != Declare::kNone;
      }
      ++positions;
    });
  }
  CHECK(positions > 3000);
  CHECK(closes > 0);    // the generator was tested on closes ...
  CHECK(declares > 0);  // ... and declarations too
}

}  // namespace
}  // namespace pli
