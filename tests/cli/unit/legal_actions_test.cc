// legal_actions_test.cc: every registered game's Match::LegalActionsJson
// (games/game.h, issue 27): aligned with LegalJson, and each entry's
// action, given its seat as `pli serve` gives it (ActAs: `seat`, or `from`
// when the game's reader says so), read well formed and accepted by Decide.
// Random games of every game, dealt from seeds, played by taking a random
// entry's action, over the registry. And `pli legal --json --actions`.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "tests/cli/run.h"

namespace {

namespace bj = boost::json;
using pli::test::Json;
using pli::test::PliArgv;
using pli::test::Result;

// The game event of a game of `ruleset` with `seats` seats.
std::string GameLine(const std::string& ruleset, int seats) {
  bj::array names;
  for (int s = 0; s < seats; ++s) names.emplace_back("P" + std::to_string(s));
  return bj::serialize(bj::object{{"type", "game"}, {"game", "g"}, {"ruleset", ruleset}, {"seats", names}});
}

// `action` as the server submits it for `seat` (serve/hub_api.cc ActAs).
pli::GameLine ReadAs(const pli::Game& game, bj::object action, int seat, int seats) {
  action["seat"] = seat;
  pli::GameLine read = game.ReadLine(bj::serialize(action), seats);
  if (!read.well_formed && read.field == "seat") {
    action.erase("seat");
    action["from"] = seat;
    read = game.ReadLine(bj::serialize(action), seats);
  }
  return read;
}

TEST_CASE("each legal entry's action is one the game accepts, in every registered game") {
  std::mt19937_64 rng(27);
  for (const pli::Game* game : pli::Games()) {
    const pli::GameFacts facts = game->Facts();
    for (const pli::RulesetFact& ruleset : facts.rulesets) {
      for (int seats = ruleset.min_seats; seats <= ruleset.max_seats; seats += 2) {
        INFO(ruleset.name << ", " << seats << " seats");
        std::unique_ptr<pli::Match> match = game->NewMatch();
        const pli::GameLine opening = game->ReadLine(GameLine(ruleset.name, seats), 0);
        REQUIRE(opening.well_formed);
        REQUIRE(!match->Step(opening.event));
        int64_t checked = 0;
        for (int step = 0; step < 300 && !match->Over(); ++step) {
          const bj::array legal = match->LegalJson();
          const bj::array actions = match->LegalActionsJson();
          REQUIRE(actions.size() == legal.size());
          if (legal.empty()) {
            const std::optional<std::string> deal = match->SeededDeal(static_cast<int64_t>(rng() % 1000000));
            if (!deal) break;
            const pli::GameLine read = game->ReadLine(*deal, seats);
            REQUIRE(read.well_formed);
            REQUIRE(!match->Step(read.event));
            continue;
          }
          std::optional<pli::AnyEvent> chosen;
          const size_t pick = static_cast<size_t>(rng() % legal.size());
          for (size_t i = 0; i < legal.size(); ++i) {
            const bj::object& given = actions[i].as_object();
            INFO("legal " << bj::serialize(legal[i]) << "\naction " << bj::serialize(given));
            REQUIRE(given.at("label").at("en").as_string().size() > 0);
            REQUIRE(given.at("label").at("fr").as_string().size() > 0);
            const bj::object& action = given.at("action").as_object();
            REQUIRE(action.at("type") == legal[i].at("type"));
            const int seat = static_cast<int>(legal[i].at("seat").as_int64());
            const pli::GameLine read = ReadAs(*game, action, seat, seats);
            REQUIRE(read.well_formed);
            const std::optional<pli::Verdict> verdict = match->Decide(read.event);
            INFO("verdict " << (verdict ? verdict->code + ": " + verdict->message : "none"));
            REQUIRE(!verdict);
            ++checked;
            if (i == pick) chosen = read.event;
          }
          REQUIRE(!match->Step(*chosen));
        }
        CHECK(checked > 0);
      }
    }
  }
}

// `pli legal --json --actions` (issue 27): the entries of `pli legal --json`,
// unchanged and in the same order, each with the action to submit and its
// label added.
TEST_CASE("legal --json --actions adds each entry's action and label, changing nothing else") {
  // 5.1-suite after event 4: C (seat 2) holds 3s 4s 6d 7c 7h 8s 9c 9s Tc Ts
  // Jh Qs Ks and must follow the suite 5c 6c with a 7 (U1), or reverse it
  // (V1); the lowest suit first is 7c (C1: clubs, diamonds, hearts, spades).
  const std::string president = std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl";
  // C-king-tigress-bonuses after event 3: C (seat 2) bids 0 or 1 (SK-B1, H = 1).
  const std::string skull_king =
      std::string(PLI_SOURCE_DIR) + "/games/skull_king/fixtures/examples/C-king-tigress-bonuses.jsonl";
  const std::vector<std::pair<std::string, std::string>> cases = {
      {president,
       R"([{"action":{"type":"play","cards":["7c"]},"label":{"en":"Play 7c","fr":"Jouer 7c"}},)"
       R"({"action":{"type":"play","cards":["7c"],"declare":"reverse"},)"
       R"("label":{"en":"Play 7c, declaring reverse","fr":"Jouer 7c, en annonçant le reverse"}}])"},
      {skull_king,
       R"([{"action":{"type":"bid","bid":0},"label":{"en":"Bid 0","fr":"Annoncer 0"}},)"
       R"({"action":{"type":"bid","bid":1},"label":{"en":"Bid 1","fr":"Annoncer 1"}}])"},
  };
  for (const auto& [file, expected] : cases) {
    INFO(file);
    const std::string at = file == president ? "4" : "3";
    const Result plain = PliArgv({"legal", file, "--at", at, "--json"});
    const Result with = PliArgv({"legal", file, "--at", at, "--json", "--actions"});
    REQUIRE(plain.status == 0);
    REQUIRE(with.status == 0);
    const bj::array legal = Json(plain).as_array();
    bj::array entries = Json(with).as_array();
    REQUIRE(entries.size() == legal.size());
    bj::array given;
    for (bj::value& e : entries) {
      bj::object& o = e.as_object();
      given.push_back(bj::object{{"action", o.at("action")}, {"label", o.at("label")}});
      o.erase("action");
      o.erase("label");
    }
    CHECK(bj::serialize(entries) == bj::serialize(legal));  // the entries, byte for byte
    CHECK(given == bj::parse(expected));
  }
  // --actions is an addition to --json's entries.
  const Result text = PliArgv({"legal", president, "--actions"});
  CHECK(text.status == 2);
  CHECK(text.err.find("--json") != std::string::npos);
}

}  // namespace
