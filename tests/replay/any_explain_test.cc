// any_explain_test.cc: Match::ExplainJson, the explain of any game, judges
// each event of every game's fixtures (games/<game>/fixtures/) as
// Match::Step does: the same verdict, and "legal" exactly when Step accepts.
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/game.h"
#include "games/log.h"
#include "replay/scenario.h"
#include "tests/game_fixtures.h"

TEST_CASE("explain of any game agrees with audit on every event of every game's fixtures") {
  int checked = 0, games = 0;
  for (const std::string& dir : pli::test::GameFixtureDirs()) {
    int in_dir = 0;
    for (const std::string& path : pli::FindScenarios(dir)) {
      auto read = pli::ReadAnyLogFile(path);
      REQUIRE(std::holds_alternative<std::vector<pli::AnyGameLog>>(read));
      const pli::AnyGameLog& log = std::get<std::vector<pli::AnyGameLog>>(read).front();
      std::unique_ptr<pli::Match> match = log.kind->NewMatch();
      for (const pli::AnyEvent& e : log.events) {
        INFO(path << " seq " << match->seq() + 1);
        const boost::json::object x = match->ExplainJson(e);
        const std::optional<pli::Verdict> decided = match->Decide(e);
        const std::optional<pli::Verdict> stepped = match->Step(e);
        CHECK(decided == stepped);
        CHECK(x.at("legal") == !stepped.has_value());
        if (stepped) CHECK(x.at("violation").at("code").as_string() == stepped->code.c_str());
        ++in_dir;
      }
    }
    INFO(dir);
    CHECK(in_dir > 0);
    checked += in_dir;
    ++games;
  }
  CHECK(games >= 2);
  CHECK(checked > 0);
}
