// fixtures_test.cc: every scenario of fixtures/ (recursively) holds: its
// log, audited and folded by the referee, gives the verdict, violations,
// states and legal actions of its .expect.json (docs/SCENARIOS.md).
// Each scenario runs as its own section, named by its path.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "replay/scenario.h"

namespace {

const std::string kFixtures = std::string(PLI_SOURCE_DIR) + "/fixtures";

std::string Relative(const std::string& path) {
  return path.rfind(kFixtures + "/", 0) == 0 ? path.substr(kFixtures.size() + 1) : path;
}

}  // namespace

TEST_CASE("fixtures: every file of fixtures/ belongs to a scenario") {
  for (const std::string& path : pli::FindUnpairedFiles(kFixtures)) {
    FAIL_CHECK(
        Relative(path) << ": half a scenario (a NAME.jsonl needs a NAME.expect.json beside it, "
                          "and the other way round)");
  }
}

TEST_CASE("fixtures: every scenario holds") {
  const std::vector<std::string> scenarios = pli::FindScenarios(kFixtures);
  if (scenarios.empty())
    FAIL("no fixtures found: no NAME.jsonl with a NAME.expect.json under " << kFixtures);
  for (const std::string& path : scenarios) {
    DYNAMIC_SECTION(Relative(path)) {
      const pli::ScenarioReport report = pli::CheckScenario(path);
      for (const std::string& failure : report.failures) FAIL_CHECK(failure);
      CHECK(report.passed > 0);
    }
  }
}
