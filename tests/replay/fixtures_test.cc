// fixtures_test.cc: every scenario of every game (games/<game>/fixtures/,
// recursively) holds: its
// log, audited and folded by the referee, gives the verdict, violations,
// states and legal actions of its .expect.json (docs/SCENARIOS.md).
// Each scenario runs as its own section, named by its path.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "replay/scenario.h"
#include "tests/game_fixtures.h"

namespace {

// A scenario's path from games/: president/fixtures/seed/5.1-suite.jsonl.
std::string Relative(const std::string& path) {
  const std::string games = pli::test::GamesDir();
  return path.rfind(games + "/", 0) == 0 ? path.substr(games.size() + 1) : path;
}

}  // namespace

TEST_CASE("fixtures: every file of a game's fixtures/ belongs to a scenario") {
  const std::vector<std::string> dirs = pli::test::GameFixtureDirs();
  CHECK(dirs.size() >= 2);  // Super Président's and Skull King's
  for (const std::string& dir : dirs) {
    for (const std::string& path : pli::FindUnpairedFiles(dir)) {
      FAIL_CHECK(
          Relative(path) << ": half a scenario (a NAME.jsonl needs a NAME.expect.json beside it, "
                            "and the other way round)");
    }
  }
}

TEST_CASE("fixtures: every scenario holds") {
  std::vector<std::string> scenarios;
  for (const std::string& dir : pli::test::GameFixtureDirs()) {
    const std::vector<std::string> found = pli::FindScenarios(dir);
    if (found.empty()) FAIL_CHECK("no scenario under " << dir);
    scenarios.insert(scenarios.end(), found.begin(), found.end());
  }
  if (scenarios.empty())
    FAIL("no fixtures found: no NAME.jsonl with a NAME.expect.json under games/*/fixtures/");
  for (const std::string& path : scenarios) {
    DYNAMIC_SECTION(Relative(path)) {
      const pli::ScenarioReport report = pli::CheckScenario(path);
      for (const std::string& failure : report.failures) FAIL_CHECK(failure);
      CHECK(report.passed > 0);
    }
  }
}
