// simulate_test.cc: `pli simulate` and `pli prop` through the built binary
// (docs/SIMULATE.md): a simulation is reproducible from its seed (--fast or
// not, the export is byte for byte the same), every simulated game audits
// clean, the closing table's JSON has its fields; a small prop run passes,
// and with an injected bug prop fails, shrinks the game and writes a
// scenario that the scenario checker and `pli check` report failing for
// that bug.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "replay/scenario.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::Json;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::Str;
using pli::test::Lines;
using pli::test::TempDir;

// `pli simulate --db DB` with a small table and these extra arguments.
Result Simulate(const std::string& db, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"simulate", "--db",      db,  "--games",
                                   "2",        "--manches", "2", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return PliArgv(args);
}

void RequireInterval(const json::value& ci, double value) {
  REQUIRE(ci.is_array());
  REQUIRE(ci.as_array().size() == 2);
  const double low = ci.at(0).to_number<double>(), high = ci.at(1).to_number<double>();
  CHECK(low <= value + 1e-9);
  CHECK(value <= high + 1e-9);
}

TEST_CASE("simulate: the same seed writes the same events, with or without --fast") {
  TempDir dir;
  const std::string a = (dir.path / "a.db").string(), b = (dir.path / "b.db").string(),
                    c = (dir.path / "c.db").string();
  const std::vector<std::string> table = {"--seats", "4",   "--bots", "easy,medium,hard,medium",
                                          "--seed",  "2026"};
  Result ra = Simulate(a, table);
  INFO(ra.err);
  REQUIRE(ra.status == 0);
  std::vector<std::string> fast = table;
  fast.push_back("--fast");
  REQUIRE(Simulate(b, fast).status == 0);
  const std::string exported = Export(a);
  CHECK(exported == Export(b));
  CHECK(Lines(exported).size() == static_cast<size_t>(Int(Json(ra).at("events"))));
  // Another seed, other deals.
  std::vector<std::string> other = table;
  other.back() = "2027";
  REQUIRE(Simulate(c, other).status == 0);
  CHECK(Export(c) != exported);
  // No time stamps: nothing in the log depends on when it ran.
  CHECK(exported.find("\"at\"") == std::string::npos);
}

TEST_CASE("simulate: every simulated game audits clean, its chain intact") {
  TempDir dir;
  const std::string db = (dir.path / "s.db").string();
  REQUIRE(Simulate(db, {"--bots", "mixed", "--seats", "5", "--seed", "9", "--fast"}).status == 0);
  const json::value audit = AuditDb(db, 0);
  const json::array& games = audit.at("games").as_array();
  REQUIRE(games.size() == 2);
  for (const json::value& g : games) {
    CHECK(Str(g.at("chain")) == "ok");
    CHECK(g.at("violations").as_array().empty());
    CHECK(Str(g.at("game")).rfind("sim-9-", 0) == 0);
  }
  // The same ids again would collide: refused, nothing written.
  Result again = Simulate(db, {"--bots", "mixed", "--seats", "5", "--seed", "9"});
  CHECK(again.status == 2);
  CHECK(again.err.find("already holds game") != std::string::npos);
}

TEST_CASE("simulate --json: the closing table has a row per level with its intervals") {
  TempDir dir;
  const std::string db = (dir.path / "t.db").string();
  Result r = Simulate(db, {"--bots", "mixed", "--seed", "5", "--fast"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json::value doc = Json(r);
  CHECK(Int(doc.at("games")) == 2);
  CHECK(Int(doc.at("seats")) == 4);
  CHECK(Int(doc.at("manches")) == 4);
  CHECK(Str(doc.at("bots")) == "mixed");
  CHECK(Int(doc.at("last").at("seq")) > 0);
  const json::array& levels = doc.at("levels").as_array();
  REQUIRE(levels.size() == 3);  // mixed: every level sat down
  int64_t seat_manches = 0;
  for (const json::value& row : levels) {
    for (const char* key :
         {"level", "games", "manches", "seat_manches", "mean_place", "mean_place_ci95", "president_share",
          "president_ci95", "trouduc_share", "trouduc_ci95", "ci_unit"}) {
      INFO(key);
      CHECK(row.as_object().contains(key));
    }
    seat_manches += Int(row.at("seat_manches"));
    // Issue 11 item 7: "manches" counts manches, not seats times manches:
    // with mixed levels at 4 seats every level sits in every manche of the
    // 2 games of 2 manches.
    CHECK(Int(row.at("manches")) == 2 * 2);
    const double mean = row.at("mean_place").to_number<double>();
    CHECK(mean >= 1);
    CHECK(mean <= 4);
    RequireInterval(row.at("mean_place_ci95"), mean);
    RequireInterval(row.at("president_ci95"), row.at("president_share").to_number<double>());
    RequireInterval(row.at("trouduc_ci95"), row.at("trouduc_share").to_number<double>());
    CHECK(Str(row.at("ci_unit")) == "game");
  }
  CHECK(seat_manches == 2 * 2 * 4);  // games x manches x seats
}

TEST_CASE("simulate: bad usage exits 2 and says what was wrong") {
  TempDir dir;
  const std::string db = (dir.path / "u.db").string();
  struct Case {
    std::vector<std::string> args;
    const char* says;
  };
  for (const Case& c : std::vector<Case>{
           {{"--bots", "easy,medium"}, "2 levels"},
           {{"--bots", "easy,medium", "--seats", "4"}, "2 levels for 4 seats"},
           {{"--bots", "easy,genius,hard,hard"}, "unknown level \"genius\""},
           {{"--seats", "9"}, "4 to 8"},
           {{"--games", "0"}, "at least 1"},
           {{"--manches", "0"}, "at least 1"},
           {{"--option", "manches=4"}, "--manches"},
       }) {
    std::vector<std::string> args = {"simulate", "--db", db};
    args.insert(args.end(), c.args.begin(), c.args.end());
    Result r = PliArgv(args);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find(c.says) != std::string::npos);
  }
}

TEST_CASE("prop: a small run of random games passes") {
  TempDir dir;
  Result r = PliArgv({"prop", "--runs", "15", "--seed", "1", "--out", dir.path.string(), "--json"});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  const json::value doc = Json(r);
  CHECK(Str(doc.at("result")) == "pass");
  CHECK(Int(doc.at("runs")) == 15);
  CHECK(Int(doc.at("events")) > 15 * 3);
  CHECK(std::filesystem::is_empty(dir.path));  // nothing to write
  // The text form says PASS.
  Result text = PliArgv(
      {"prop", "--runs", "3", "--seed", "1", "--ruleset", "classic", "--out", dir.path.string()});
  CHECK(text.status == 0);
  CHECK(text.out.find("PASS") != std::string::npos);
}

// Runs prop with a bug injected (the card model forgets `type`'s moves).
json::value InjectedFailure(const TempDir& dir, const std::string& type, const std::string& seed) {
  Result r = PliArgv({"prop", "--runs", "60", "--seed", seed, "--inject-bug", type, "--out",
                      dir.path.string(), "--json"});
  INFO(r.out << r.err);
  REQUIRE(r.status == 1);
  const json::value doc = Json(r);
  REQUIRE(Str(doc.at("result")) == "fail");
  CHECK(Str(doc.at("failure").at("kind")) == "cards");
  return doc;
}

TEST_CASE(
    "prop --inject-bug: fails, shrinks, and writes a scenario that fails on replay for that bug") {
  TempDir dir;
  SECTION("play: the minimal game is the game, the deal and one play") {
    const json::value doc = InjectedFailure(dir, "play", "3");
    const json::value& f = doc.at("failure");
    const std::string jsonl = Str(f.at("scenario"));
    CHECK(jsonl == (dir.path / "prop-3.jsonl").string());
    const std::vector<std::string> lines = Lines(ReadBytes(jsonl));
    REQUIRE(lines.size() == 3);
    CHECK(lines[0].find("\"type\":\"game\"") != std::string::npos);
    CHECK(lines[1].find("\"seed\":0") != std::string::npos);  // the deal seed shrinks to 0
    CHECK(lines[2].find("\"type\":\"play\"") != std::string::npos);
    const pli::ScenarioReport report = pli::CheckScenario(jsonl);
    REQUIRE(!report.ok());
    CHECK(report.failures.front().find("at seq 3: hands[") != std::string::npos);
  }
  SECTION("exchange: shrunk from a longer game to one ending in the first gift") {
    const json::value doc = InjectedFailure(dir, "exchange", "3");
    const json::value& f = doc.at("failure");
    CHECK(Int(f.at("shrinks")) > 0);
    CHECK(Int(f.at("events")) < Int(f.at("events_before_shrinking")));
    const std::string jsonl = Str(f.at("scenario"));
    const std::vector<std::string> lines = Lines(ReadBytes(jsonl));
    REQUIRE(lines.size() == static_cast<size_t>(Int(f.at("events"))));
    CHECK(lines.back().find("\"type\":\"exchange\"") != std::string::npos);
    // The giver's and the receiver's hands, as the model that forgot the gift has them.
    const pli::ScenarioReport report = pli::CheckScenario(jsonl);
    REQUIRE(report.failures.size() == 2);
    const std::string at = "at seq " + std::to_string(lines.size()) + ": hands[";
    for (const std::string& failure : report.failures) CHECK(failure.find(at) != std::string::npos);
    // `pli check` replays it the same way.
    Result check = PliArgv({"check", jsonl});
    INFO(check.out << check.err);
    CHECK(check.status == 1);
    CHECK(check.out.find(at) != std::string::npos);
  }
}

}  // namespace
