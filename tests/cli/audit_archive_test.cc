// audit_archive_test.cc: `pli audit --db` over an archive of many games
// (issue 4): per-game lines, a closing summary (games, events, clean,
// violations by code, chain problems), and the same in --json.
#include <catch2/catch.hpp>

#include "tests/cli/run.h"

namespace pli::test {
namespace {

const std::string kFixtures = std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/";

// An archive: every seed scenario (clean) and two illegal rule cases, kept
// for audit: P4 (a pass while a play exists) and P7 (out of turn).
std::string Archive(const TempDir& dir) {
  const std::string db = (dir.path / "archive.db").string();
  std::string all;
  for (const auto& entry : std::filesystem::directory_iterator(kFixtures + "seed")) {
    if (entry.path().extension() == ".jsonl") all += ReadBytes(entry.path().string());
  }
  all += ReadBytes(kFixtures + "rules/P4-must-play-illegal.jsonl");
  all += ReadBytes(kFixtures + "rules/P7-not-your-turn-illegal.jsonl");
  const std::string log = dir.Write("archive.jsonl", all);
  const Result r = PliArgv({"import", "--db", db, "--keep-illegal", log});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  return db;
}

TEST_CASE("audit --db over an archive: a summary with violations by code (P4, P7)") {
  TempDir dir;
  const std::string db = Archive(dir);
  const Result r = PliArgv({"audit", "--db", db});  // each game stops at its first violation
  INFO(r.out << r.err);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::Contains("summary: 9 game(s), "));
  CHECK_THAT(r.out, Catch::Contains(", 7 clean\n"));
  CHECK_THAT(r.out, Catch::Contains("  1 x must-play\n"));
  CHECK_THAT(r.out, Catch::Contains("  1 x not-your-turn\n"));
  CHECK_THAT(r.out, Catch::Contains("game 5.1-suite: 11 events, hash chain ok, clean\n"));
}

TEST_CASE("audit --db --json: every game and a summary in one document") {
  TempDir dir;
  const std::string db = Archive(dir);
  const Result r = PliArgv({"audit", "--db", db, "--json"});
  CHECK(r.status == 1);
  const boost::json::value doc = Json(r);
  const auto& games = doc.at("games").as_array();
  CHECK(games.size() == 9);
  int64_t events = 0;
  for (const auto& g : games) {
    events += Int(g.at("events"));
    CHECK(Str(g.at("chain")) == "ok");
  }
  const auto& summary = doc.at("summary");
  CHECK(Int(summary.at("games")) == 9);
  CHECK(Int(summary.at("events")) == events);
  CHECK(Int(summary.at("clean")) == 7);
  CHECK(Int(summary.at("broken_chains")) == 0);
  CHECK(Int(summary.at("violations").at("must-play")) == 1);
  CHECK(Int(summary.at("violations").at("not-your-turn")) == 1);
}

TEST_CASE("audit --db of a clean archive exits 0, --game audits one game") {
  TempDir dir;
  const std::string db = Archive(dir);
  const Result one = PliArgv({"audit", "--db", db, "--game", "5.1-suite"});
  CHECK(one.status == 0);
  // The game, then the database head (of all 9 games: schema/STORE.md §3).
  CHECK_THAT(one.out, Catch::StartsWith("game 5.1-suite: 11 events, hash chain ok, clean\n"
                                        "database head db:9:"));
  const Result state = PliArgv({"state", "--db", db});
  CHECK(state.status == 2);
  CHECK_THAT(state.err, Catch::Contains("holds 9 games") && Catch::Contains("--game ID"));
}

}  // namespace
}  // namespace pli::test
