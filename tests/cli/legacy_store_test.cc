// legacy_store_test.cc: a database written by an earlier pli keeps its
// meaning (issue 13: "a database written by today's main audits clean and
// exports identically after the change").
//
// tests/data/store/v2-2026-11-26.db was made on 2026-11-26 by main at 890773f
// (schema v2), with these commands, and is never rewritten:
//   pli simulate --db old.db --games 2 --seats 4 --bots mixed --seed 11 --manches 2 --fast
//   pli simulate --db old.db --games 1 --seats 5 --bots mixed --seed 12 --manches 1 --ruleset classic --fast
//   pli import --db old.db --keep-illegal games/president/fixtures/rules/C3-revolution-too-weak-illegal.jsonl
//   pli import --db old.db games/president/fixtures/seed/5.1-suite.jsonl
//   pli new  --db old.db --game live --seats Ana,Bo,Cy,Di --id n1 --time 2026-11-26T10:00:00Z
//   pli deal --db old.db --game live --seed 42 --expect 1 --id d1 --time 2026-11-26T10:00:05Z
//   pli play --db old.db --game live --seat Di Qc Qh --expect 2 --id p1 --time 2026-11-26T10:01:00Z
//   pli pass --db old.db --game live --seat Ana --expect 3 --id p2 --time 2026-11-26T10:01:10Z
//   pli play --db old.db --game live --seat Bo Kh Ks --declare suite --expect 4 --id p3 --time 2026-11-26T10:01:20Z
// and v2-2026-11-26.export.jsonl is what that main's `pli export` printed.
// The expected verdict is the fixture's own: the only illegal events are
// the two kept from C3-revolution-too-weak-illegal (seq 5 and 7, too-weak,
// RULES.md C3/P3: under révolution an ace does not beat a king, a ten does
// not beat a nine).
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::TempDir;

const std::string kFixture = std::string(PLI_SOURCE_DIR) + "/tests/data/store/v2-2026-11-26";

// A private copy of the old database (a reader may leave -wal/-shm beside
// it, which must not land in the source tree).
std::string CopyOld(const TempDir& tmp) {
  const fs::path db = tmp.path / "old.db";
  fs::copy_file(kFixture + ".db", db);
  return db.string();
}

void CheckVerdict(const std::string& db) {
  const Result audit = PliArgv({"audit", "--db", db, "--continue", "--json"});
  INFO(audit.err);
  CHECK(audit.status == 1);  // two kept illegal events
  const json::object doc = json::parse(audit.out).as_object();
  const json::object& summary = doc.at("summary").as_object();
  CHECK(summary.at("games").as_int64() == 6);
  CHECK(summary.at("events").as_int64() == 333);
  CHECK(summary.at("clean").as_int64() == 5);
  CHECK(summary.at("broken_chains").as_int64() == 0);
  CHECK(json::serialize(summary.at("violations")) == R"({"too-weak":2})");
  for (const json::value& g : doc.at("games").as_array()) {
    const json::object& game = g.as_object();
    INFO(json::serialize(game));
    CHECK(game.at("chain").as_string() == "ok");
    const json::array& violations = game.at("violations").as_array();
    if (game.at("game").as_string() == "C3-revolution-too-weak-illegal") {
      REQUIRE(violations.size() == 2);
      CHECK(violations[0].at("seq").as_int64() == 5);
      CHECK(violations[1].at("seq").as_int64() == 7);
    } else {
      CHECK(violations.empty());
    }
  }
}

TEST_CASE("An old database audits as it did and exports byte for byte", "[legacy]") {
  TempDir tmp;
  const std::string db = CopyOld(tmp);
  CheckVerdict(db);
  const Result exported = PliArgv({"export", "--db", db});
  REQUIRE(exported.status == 0);
  CHECK(exported.out == ReadBytes(kFixture + ".export.jsonl"));
}

TEST_CASE("An old database goes on after a write, its old games unchanged", "[legacy]") {
  TempDir tmp;
  const std::string db = CopyOld(tmp);
  // A write (which may migrate the file to a newer schema) adds a game;
  // the export of the old games stays a byte-for-byte prefix.
  const Result created =
      PliArgv({"new", "--db", db, "--game", "after", "--seats", "A,B,C,D"});
  INFO(created.err);
  REQUIRE(created.status == 0);
  const Result exported = PliArgv({"export", "--db", db});
  REQUIRE(exported.status == 0);
  const std::string old_export = ReadBytes(kFixture + ".export.jsonl");
  REQUIRE(exported.out.size() > old_export.size());
  CHECK(exported.out.substr(0, old_export.size()) == old_export);
}

}  // namespace
