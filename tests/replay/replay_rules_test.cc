// replay_rules_test.cc: the replay page cites every rule a violation
// names with its sentence, in every game (issue 26: Skull King's ids were
// left as plain text). The sentence comes from the game's own rulebook
// (Game::RuleSentence), so the check runs over every scenario of
// fixtures/, whatever its game.
#include <catch2/catch.hpp>
#include <boost/json.hpp>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "replay/html.h"
#include "replay/scenario.h"
#include "replay/source.h"

namespace {

namespace bj = boost::json;
const std::string kGamesDir = std::string(PLI_SOURCE_DIR) + "/games";

}  // namespace

TEST_CASE("replay page: every rule id a violation of a fixture cites has its sentence, in every game") {
  const std::vector<std::string> scenarios = pli::FindScenarios(kGamesDir);
  REQUIRE(!scenarios.empty());
  int cited = 0, skull_king = 0;
  for (const std::string& path : scenarios) {
    const pli::AnyLoadedGame game = pli::LoadAnyFileGame(path, std::nullopt);
    const bj::object doc = pli::ReplayDocument(game, path);
    const bj::object& rules = doc.at("rules").as_object();
    for (const bj::value& step : doc.at("steps").as_array()) {
      const bj::value& v = step.at("violation");
      if (!v.is_object()) continue;
      const std::string id(v.at("rule").as_string());
      if (id.empty()) continue;  // malformed: no rule to cite
      INFO(path << ": rule " << id);
      CHECK(rules.contains(id));
      ++cited;
      if (id.rfind("SK-", 0) == 0) ++skull_king;
    }
  }
  CHECK(cited > 50);
  CHECK(skull_king > 10);
}

TEST_CASE("replay page: a Skull King violation's rule is cited with SKULL_KING.md's sentence (SK-B4)") {
  // games/skull_king/fixtures/rules/SK-B4-hook-simultaneous-illegal: seq 5 is
  // bid-equalizes, SK-B4 (its .expect.json).
  const std::string path = kGamesDir + "/skull_king/fixtures/rules/SK-B4-hook-simultaneous-illegal.jsonl";
  const bj::object doc = pli::ReplayDocument(pli::LoadAnyFileGame(path, std::nullopt), path);
  const bj::object& rules = doc.at("rules").as_object();
  REQUIRE(rules.size() == 1);
  // SKULL_KING.md SK-B4: the P-th bid must not make the sum equal H.
  CHECK(rules.at("SK-B4").as_string() == "The last bid must not make the bids sum to H.");
}
