// audit_file_test.cc: `pli audit --db` runs SQLite's own check of the file
// (PRAGMA integrity_check) besides the games' checks (issue 12 item 7,
// docs/REFEREE.md §3): damage to a part of the file that no game's check
// reads, here an entry of the index on events (game, id) that pli uses to
// find a retried --id, is reported as a finding of the database (exit 1,
// text, and a "database" member in --json); a sound file says so in
// --json and prints nothing more in text.
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <iterator>
#include <string>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::AuditDb;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::TempDir;

// The first column of the first row of `sql` on the file, as an integer.
int64_t QueryInt(const std::string& path, const std::string& sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_step(s) == SQLITE_ROW);
  const int64_t v = sqlite3_column_int64(s, 0);
  sqlite3_finalize(s);
  sqlite3_close_v2(db);
  return v;
}

std::string Bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return {std::istreambuf_iterator<char>(in), std::istreambuf_iterator<char>()};
}

// A database of one game whose game event carries the id `key`, with every
// page in the main file (checkpointed, no -wal).
std::string GameWithKey(const TempDir& dir, const std::string& key) {
  const std::string db = (dir.path / "f.db").string();
  const Result r = PliArgv({"new", "--db", db, "--game", "f1", "--seats", "A,B,C,D", "--id", key,
                            "--no-time", "--expect", "0"});
  REQUIRE(r.status == 0);
  QueryInt(db, "PRAGMA wal_checkpoint(TRUNCATE)");
  return db;
}

TEST_CASE("audit --db reports a damaged index that no game's check reads") {
  TempDir dir;
  const std::string key = "kk-the-key-of-f1";
  const std::string db = GameWithKey(dir, key);
  const boost::json::value sound = AuditDb(db, 0);
  CHECK(boost::json::serialize(sound.at("database")) ==
        "{\"file\":\"" + db + "\",\"check\":\"integrity_check\",\"ok\":true,\"problems\":[]}");

  // The key as the index on events (game, id) holds it: in the index's page.
  const int64_t page_size = QueryInt(db, "PRAGMA page_size");
  const int64_t root = QueryInt(
      db, "SELECT rootpage FROM sqlite_schema WHERE tbl_name = 'events' AND type = 'index'");
  std::string bytes = Bytes(db);
  const size_t from = static_cast<size_t>((root - 1) * page_size);
  const size_t at = bytes.find(key, from);
  REQUIRE(at != std::string::npos);
  REQUIRE(at < from + static_cast<size_t>(page_size));
  bytes[at + key.size() - 1] ^= 1;  // the last letter of the key, in the index only
  std::ofstream(db, std::ios::binary | std::ios::trunc) << bytes;

  const boost::json::value damaged = AuditDb(db, 1);
  CHECK(damaged.at("summary").at("clean") == 1);  // the game itself is sound
  CHECK(damaged.at("database").at("ok") == false);
  CHECK_FALSE(damaged.at("database").at("problems").as_array().empty());

  const Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 1);
  CHECK(text.out.find("database " + db +
                      ": the file is damaged: SQLite's integrity check reports") !=
        std::string::npos);
}

}  // namespace
