// sqlite_schema_test.cc: opening a database (referee/sqlite_schema.h,
// schema/STORE.md §"Versions and migrations"): a missing file is not
// created, a file that is not SQLite or not pli's or newer than this pli is
// refused with its bytes untouched, and migrations bring an older schema up
// to date in one transaction (proved with a migration list of the test's
// own: the real steps plus one more), and the real step 1 -> 2 (the index
// on games (created), events_view's order) on a version-1 database.
#include "referee/sqlite_schema.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

using sqlite::Migration;

// This pli's version, and the one a test's own extra step makes.
const int kNow = SqliteSchemaVersion();
const std::string kNext = std::to_string(kNow + 1);

// The real steps, then a step of the test's own.
std::vector<Migration> WithNextVersion(Migration step2) {
  std::vector<Migration> steps(sqlite::Migrations().begin(), sqlite::Migrations().end());
  steps.push_back(step2);
  return steps;
}

constexpr Migration kAddNotes =
    "CREATE TABLE notes (game TEXT NOT NULL REFERENCES games (game), note TEXT) STRICT;"
    "INSERT INTO notes SELECT game, 'migrated' FROM games;";

// Opening `path` in `mode` throws a StoreError saying `says`, and leaves
// the file's bytes as they were, and nothing written in a -wal beside it (a
// read-only connection to a WAL file leaves an empty one).
void RequireRefused(const std::string& path, OpenMode mode, const std::string& says) {
  std::string before = FileBytes(path);
  CHECK_THROWS_WITH(OpenSqliteStore(path, mode), Catch::Contains(says) && Catch::Contains(path));
  CHECK(FileBytes(path) == before);
  CHECK(FileBytes(path + "-wal").empty());
}

TEST_CASE("Open: a missing file is not created, except by kCreate") {
  TempDir dir;
  std::string path = (dir.path / "none.db").string();
  for (OpenMode mode : {OpenMode::kReadOnly, OpenMode::kReadWrite}) {
    CHECK_THROWS_WITH(OpenSqliteStore(path, mode),
                      "no database " + path + " (create one with pli new or pli import)");
    CHECK_FALSE(std::filesystem::exists(path));
  }
  CHECK(OpenSqliteStore(path, OpenMode::kCreate)->Games().empty());
  CHECK(OpenSqliteStore(path, OpenMode::kReadOnly)->Games().empty());
}

TEST_CASE("Open: a file that is not SQLite is refused and left alone") {
  TempDir dir;
  std::string path = dir.Write("game.jsonl", std::string(200, 'x') + "\n{\"type\":\"game\"}\n");
  OpenMode mode = GENERATE(OpenMode::kReadOnly, OpenMode::kReadWrite, OpenMode::kCreate);
  RequireRefused(path, mode, "is not a SQLite database");
}

TEST_CASE("Open: another program's SQLite database is refused and left alone") {
  TempDir dir;
  std::string path = (dir.path / "other.db").string();
  std::string setup =
      GENERATE(as<std::string>{}, "CREATE TABLE t (x); INSERT INTO t VALUES (1);",
               "PRAGMA application_id = 7; CREATE TABLE t (x);",
               "PRAGMA user_version = 1; CREATE TABLE t (x);", "PRAGMA application_id = 7;");
  RawDb(path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE).Exec(setup);
  OpenMode mode = GENERATE(OpenMode::kReadOnly, OpenMode::kReadWrite, OpenMode::kCreate);
  INFO(setup);
  RequireRefused(path, mode, "is a SQLite database but not a pli database");
}

TEST_CASE("Open: an empty file becomes a pli database only with kCreate") {
  TempDir dir;
  std::string path = dir.Write("empty.db", "");
  RequireRefused(path, OpenMode::kReadOnly, "not a pli database");
  RequireRefused(path, OpenMode::kReadWrite, "not a pli database");
  OpenSqliteStore(path, OpenMode::kCreate);
  CHECK(RawDb(path).Text("PRAGMA user_version") == std::to_string(SqliteSchemaVersion()));
}

TEST_CASE("Open: a newer schema version is refused and the file left alone") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  sqlite::OpenDb(path, OpenMode::kCreate, WithNextVersion(kAddNotes));
  std::string says = "has schema version " + kNext + "; this pli knows up to " +
                     std::to_string(kNow) + ": use a newer pli";
  for (OpenMode mode : {OpenMode::kReadOnly, OpenMode::kReadWrite, OpenMode::kCreate}) {
    RequireRefused(path, mode, says);
  }
}

TEST_CASE("Open: migrations bring an older schema up to date, data kept") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", rows);
  std::vector<Migration> steps = WithNextVersion(kAddNotes);

  // Read-only never writes: it reads the older version as it is.
  std::string before = FileBytes(path);
  RequireSame(sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kReadOnly, steps))->Read("g"),
              Expected("g", rows));
  CHECK(FileBytes(path) == before);
  CHECK(RawDb(path).Text("PRAGMA user_version") == std::to_string(kNow));

  OpenMode mode = GENERATE(OpenMode::kReadWrite, OpenMode::kCreate);
  auto store = sqlite::NewSqliteStore(sqlite::OpenDb(path, mode, steps));
  RequireSame(store->Read("g"), Expected("g", rows));
  store.reset();
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == kNext);
  CHECK(raw.Text("SELECT game || ' ' || note FROM notes") == "g migrated");
  // Opening again with the same steps has nothing to do.
  sqlite::OpenDb(path, OpenMode::kReadWrite, steps);
  CHECK(raw.Text("SELECT count(*) FROM notes") == "1");
}

TEST_CASE("Open: a new file goes through every step, a failing step leaves the old version") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  SECTION("new file") {
    sqlite::OpenDb(path, OpenMode::kCreate, WithNextVersion(kAddNotes));
    CHECK(RawDb(path).Text("PRAGMA user_version") == kNext);
    CHECK(RawDb(path).Text("SELECT count(*) FROM notes") == "0");
  }
  SECTION("failing step") {
    std::vector<Row> rows = SampleRows("g");
    AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", rows);
    std::vector<Migration> steps = WithNextVersion("CREATE TABLE half (x); CREATE TABLE half (y);");
    CHECK_THROWS_WITH(sqlite::OpenDb(path, OpenMode::kReadWrite, steps),
                      Catch::Contains("migrating from schema version " + std::to_string(kNow) +
                                      " to " + kNext) &&
                          Catch::Contains("already exists"));
    RawDb raw(path);
    CHECK(raw.Text("PRAGMA user_version") == std::to_string(kNow));
    CHECK(raw.Text("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == "0");
    RequireSame(OpenSqliteStore(path, OpenMode::kReadOnly)->Read("g"), Expected("g", rows));
  }
}

TEST_CASE("Open: this pli's schema version is the number of its migrations") {
  CHECK(SqliteSchemaVersion() == 2);
  CHECK(sqlite::Migrations().size() == 2);
}

// The first `n` real steps: a database as an older pli made it.
std::span<const Migration> FirstSteps(size_t n) { return sqlite::Migrations().first(n); }

TEST_CASE("Schema 2: a version-1 database is read as it is and migrated by a writer") {
  TempDir dir;
  std::string path = (dir.path / "v1.db").string();
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kCreate, FirstSteps(1))), "g",
            rows);
  const std::string stored_before =
      RawDb(path).Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events");
  REQUIRE(RawDb(path).Text("PRAGMA user_version") == "1");

  // A reader needs no migration and writes nothing.
  std::string before = FileBytes(path);
  RequireSame(OpenSqliteStore(path, OpenMode::kReadOnly)->Read("g"), Expected("g", rows));
  CHECK(FileBytes(path) == before);
  CHECK(RawDb(path).Text("SELECT count(*) FROM sqlite_schema WHERE name = 'games_created'") == "0");

  // A writer migrates under its write lock; stored bytes and hashes stay.
  OpenSqliteStore(path, OpenMode::kReadWrite);
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == "2");
  CHECK(raw.Text("SELECT count(*) FROM sqlite_schema WHERE name = 'games_created'") == "1");
  CHECK(raw.Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events") == stored_before);
  RequireSame(OpenSqliteStore(path, OpenMode::kReadOnly)->Read("g"), Expected("g", rows));
}

// How many rows of `games` a query visits in a full scan (0 when it uses an
// index): a count, not a time.
int FullScanSteps(RawDb& raw, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw.get(), sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
  while (sqlite3_step(s) == SQLITE_ROW) {
  }
  const int steps = sqlite3_stmt_status(s, SQLITE_STMTSTATUS_FULLSCAN_STEP, 0);
  sqlite3_finalize(s);
  return steps;
}

// EXPLAIN QUERY PLAN's lines, joined.
std::string QueryPlan(RawDb& raw, const std::string& sql) {
  sqlite3_stmt* s = nullptr;
  REQUIRE(sqlite3_prepare_v2(raw.get(), ("EXPLAIN QUERY PLAN " + sql).c_str(), -1, &s, nullptr) ==
          SQLITE_OK);
  std::string out;
  while (sqlite3_step(s) == SQLITE_ROW) {
    out += reinterpret_cast<const char*>(sqlite3_column_text(s, 3));
    out += "; ";
  }
  sqlite3_finalize(s);
  return out;
}

TEST_CASE("Schema 2: a new game's creation order comes from the index, not a scan of games") {
  TempDir dir;
  std::string path = (dir.path / "many.db").string();
  auto store = OpenSqliteStore(path, OpenMode::kCreate);
  for (int i = 0; i < 300; ++i) {
    const std::string game = "g" + std::to_string(i);
    AppendAll(*store, game, {SampleRows(game).front()});
  }
  RawDb raw(path);
  // The query of kInsertGameSql (referee/sqlite_store.cc): with 300 games,
  // a scan would step 300 times; the index answers max() in one seek.
  const std::string next_created = "SELECT coalesce(max(created), 0) + 1 FROM games";
  CHECK(raw.Text(next_created) == "301");
  CHECK(FullScanSteps(raw, next_created) == 0);
  CHECK(QueryPlan(raw, next_created).find("games_created") != std::string::npos);
}

TEST_CASE("Schema 2: events_view lists games in creation order, each in seq order") {
  TempDir dir;
  std::string path = (dir.path / "view.db").string();
  auto store = OpenSqliteStore(path, OpenMode::kCreate);
  AppendAll(*store, "zeta", SampleRows("zeta"));
  AppendAll(*store, "alpha", SampleRows("alpha"));
  RawDb raw(path);
  std::string expected;
  for (const char* game : {"zeta", "alpha"}) {
    for (size_t seq = 1; seq <= SampleRows(game).size(); ++seq) {
      expected += (expected.empty() ? "" : ",") + std::string(game) + ":" + std::to_string(seq);
    }
  }
  CHECK(raw.Text("SELECT group_concat(game || ':' || seq, ',') FROM events_view") == expected);
}

}  // namespace
}  // namespace pli::test
