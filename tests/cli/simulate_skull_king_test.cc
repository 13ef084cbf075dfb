// simulate_skull_king_test.cc: `pli simulate` and `pli prop` on Skull King
// tables through the built binary (docs/SIMULATE.md, issue 14): bot games
// refereed into a database audit clean (SK-G1: whole games of 10 manches),
// the same seed writes the same events and hashes, the strength table shows
// hard > medium > easy with intervals apart at 3 and 6 seats; prop passes,
// and fails (exit 1, a shrunk scenario written) when one of its checks is
// deliberately wrong (--inject-bug score: SK-N1 without a made zero bid's
// 10 × H; --inject-bug cards: a model that forgets SK-P1's card leaving the
// hand).
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::Json;
using pli::test::Lines;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::Str;
using pli::test::TempDir;

Result SimulateSk(const std::string& db, const std::vector<std::string>& extra) {
  std::vector<std::string> args = {"simulate", "--db", db, "--ruleset", "skull-king", "--json"};
  args.insert(args.end(), extra.begin(), extra.end());
  return PliArgv(args);
}

double Num(const json::value& v) { return v.to_number<double>(); }

// The row of `level` in a table.
const json::object& Row(const json::value& doc, const std::string& level) {
  for (const json::value& row : doc.at("levels").as_array())
    if (Str(row.at("level")) == level) return row.as_object();
  FAIL("no row for " << level);
  throw;
}

TEST_CASE("simulate skull-king: whole games at 3 and 6 seats audit clean, seeds reproduce them") {
  TempDir dir;
  for (const std::string seats : {"3", "6"}) {
    const std::string a = (dir.path / ("a" + seats + ".db")).string(),
                      b = (dir.path / ("b" + seats + ".db")).string();
    const std::vector<std::string> table = {"--seats", seats, "--games", "2", "--bots", "mixed",
                                            "--seed", "14"};
    Result ra = SimulateSk(a, table);
    INFO(ra.err);
    REQUIRE(ra.status == 0);
    std::vector<std::string> fast = table;
    fast.push_back("--fast");
    Result rb = SimulateSk(b, fast);
    REQUIRE(rb.status == 0);
    const json::value da = Json(ra), db = Json(rb);
    CHECK(Int(da.at("games")) == 2);
    CHECK(Int(da.at("manches")) == 20);  // SK-G1: 10 manches a game
    CHECK(da.at("last") == db.at("last"));  // the same head hash, --fast or not
    CHECK(Export(a) == Export(b));
    const json::value audit = AuditDb(a, 0);
    const json::array& games = audit.at("games").as_array();
    REQUIRE(games.size() == 2);
    for (const json::value& g : games) {
      CHECK(Str(g.at("chain")) == "ok");
      CHECK(g.at("violations").as_array().empty());
    }
  }
}

TEST_CASE("simulate skull-king --json: a row per level with its intervals, --manches ends early") {
  TempDir dir;
  const std::string db = (dir.path / "t.db").string();
  Result r = SimulateSk(db, {"--seats", "4", "--games", "3", "--manches", "2", "--seed", "3",
                             "--option", "trump=black", "--fast"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  const json::value doc = Json(r);
  CHECK(Int(doc.at("manches")) == 6);
  CHECK(Int(doc.at("manches_per_game")) == 2);
  REQUIRE(doc.at("levels").as_array().size() == 3);
  for (const json::value& row : doc.at("levels").as_array()) {
    CHECK(Str(row.at("ci_unit")) == "game");
    for (const char* key : {"mean_score_ci95", "mean_place_ci95", "won_ci95", "bids_exact_ci95"})
      CHECK(row.at(key).as_array().size() == 2);
    const double place = Num(row.at("mean_place"));
    CHECK(place >= 1);
    CHECK(place <= 4);
    const json::array& ci = row.at("mean_score_ci95").as_array();
    CHECK(Num(ci.at(0)) <= Num(row.at("mean_score")) + 1e-9);
    CHECK(Num(row.at("mean_score")) <= Num(ci.at(1)) + 1e-9);
    CHECK(Int(row.at("bids")) == 2 * Int(row.at("seat_games")));  // a bid per seat per manche (SK-B1)
  }
  // The games end with an `end` after manche 2 (SK-G1) and audit clean.
  const json::value audit = AuditDb(db, 0);
  CHECK(audit.at("games").as_array().size() == 3);
  const std::string exported = Export(db);
  CHECK(exported.find("\"type\":\"end\"") != std::string::npos);
  CHECK(exported.find("\"trump\":\"black\"") != std::string::npos);
}

TEST_CASE("simulate skull-king: bad usage is refused before anything is written") {
  TempDir dir;
  const std::string db = (dir.path / "u.db").string();
  CHECK(SimulateSk(db, {"--seats", "9"}).status == 2);                        // SK-S1
  CHECK(PliArgv({"simulate", "--db", db, "--ruleset", "skull-king-original", "--seats", "7"})
            .status == 2);                                                    // SK-R13
  CHECK(SimulateSk(db, {"--bots", "easy,wizard,hard"}).status == 2);
  CHECK(SimulateSk(db, {"--option", "trump=sideways"}).status == 2);
  CHECK(SimulateSk(db, {"--option", "nonsense=1"}).status == 2);
  CHECK_FALSE(std::filesystem::exists(dir.path / "u.db"));
}

// hard > medium > easy, with the mean places' and scores' intervals apart.
void RequireStrengthOrder(const std::string& seats, const std::string& games) {
  TempDir dir;
  const std::string db = (dir.path / "s.db").string();
  Result r = SimulateSk(db, {"--seats", seats, "--games", games, "--bots", "mixed", "--seed", "1",
                             "--fast"});
  INFO(r.err << r.out);
  REQUIRE(r.status == 0);
  const json::value doc = Json(r);
  const json::object &easy = Row(doc, "easy"), &medium = Row(doc, "medium"),
                     &hard = Row(doc, "hard");
  auto low = [](const json::object& row, const char* key) { return Num(row.at(key).at(0)); };
  auto high = [](const json::object& row, const char* key) { return Num(row.at(key).at(1)); };
  CHECK(low(hard, "mean_score_ci95") > high(medium, "mean_score_ci95"));
  CHECK(low(medium, "mean_score_ci95") > high(easy, "mean_score_ci95"));
  CHECK(high(hard, "mean_place_ci95") < low(medium, "mean_place_ci95"));
  CHECK(high(medium, "mean_place_ci95") < low(easy, "mean_place_ci95"));
}

TEST_CASE("simulate skull-king: hard > medium > easy at 3 seats, intervals apart") {
  RequireStrengthOrder("3", "60");
}

TEST_CASE("simulate skull-king: hard > medium > easy at 6 seats, intervals apart") {
  RequireStrengthOrder("6", "30");
}

TEST_CASE("prop skull-king: random games under every preset pass") {
  for (const std::string ruleset : {"skull-king", "skull-king-official", "skull-king-original"}) {
    Result r = PliArgv({"prop", "--ruleset", ruleset, "--runs", "60", "--seed", "3", "--json"});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    const json::value doc = Json(r);
    CHECK(Str(doc.at("result")) == "pass");
    CHECK(Int(doc.at("runs")) == 60);
    CHECK(Int(doc.at("events")) > 1000);
  }
  Result text = PliArgv({"prop", "--ruleset", "skull-king", "--runs", "5", "--seed", "1"});
  CHECK(text.status == 0);
  CHECK(text.out.find("events checked: PASS") != std::string::npos);
  CHECK(PliArgv({"prop", "--ruleset", "skull-king", "--option", "deck=65"}).status == 2);
}

// A deliberately wrong check makes prop fail, shrink and write the game.
void RequireFailure(const std::string& bug, const std::string& kind, const std::string& rule) {
  TempDir dir;
  Result r = PliArgv({"prop", "--ruleset", "skull-king", "--runs", "200", "--seed", "1", "--out",
                      dir.path.string(), "--inject-bug", bug, "--json"});
  INFO(r.out << r.err);
  REQUIRE(r.status == 1);
  const json::value doc = Json(r);
  CHECK(Str(doc.at("result")) == "fail");
  const json::object& f = doc.at("failure").as_object();
  CHECK(Str(f.at("kind")) == kind);
  CHECK(Str(f.at("rule")) == rule);
  CHECK(Int(f.at("events")) <= Int(f.at("events_before_shrinking")));
  const std::string scenario = Str(f.at("scenario"));
  const std::vector<std::string> lines = Lines(ReadBytes(scenario));
  REQUIRE(static_cast<int64_t>(lines.size()) == Int(f.at("events")));
  CHECK(lines.front().find("\"type\":\"game\"") != std::string::npos);
  CHECK(lines.size() <= 12);  // shrunk to a manche of two or three seats
  // The log itself is a legal game: it audits clean as a file.
  Result audit = PliArgv({"audit", scenario});
  INFO(audit.out << audit.err);
  CHECK(audit.status == 0);
  const json::value expect = json::parse(ReadBytes(Str(f.at("expectation"))));
  CHECK(expect.at("rules").at(0) == json::value(rule));
  CHECK(Str(expect.at("verdict")) == "clean");
  CHECK(expect.at("states").at(0).at("at") == json::value(Int(f.at("events"))));
}

TEST_CASE("prop skull-king fails on a wrong SK-N1 and a wrong card model, and writes the scenario") {
  RequireFailure("score", "score", "SK-N1");
  RequireFailure("cards", "cards", "SK-P1");
}

}  // namespace
