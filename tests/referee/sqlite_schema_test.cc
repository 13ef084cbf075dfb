// sqlite_schema_test.cc: opening a database (referee/sqlite_schema.h,
// schema/STORE.md §"Versions and migrations"): a missing file is not
// created, a file that is not SQLite or not pli's or newer than this pli is
// refused with its bytes untouched, and migrations bring an older schema up
// to date in one transaction (proved with a migration list of the test's
// own: the real steps plus a version 2).
#include "referee/sqlite_schema.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

using sqlite::Migration;

// The real steps, then a step 1 -> 2 of the test's own.
std::vector<Migration> WithVersion2(Migration step2) {
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
  sqlite::OpenDb(path, OpenMode::kCreate, WithVersion2(kAddNotes));
  std::string says = "has schema version 2; this pli knows up to 1: use a newer pli";
  for (OpenMode mode : {OpenMode::kReadOnly, OpenMode::kReadWrite, OpenMode::kCreate}) {
    RequireRefused(path, mode, says);
  }
}

TEST_CASE("Open: migrations bring an older schema up to date, data kept") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", rows);
  std::vector<Migration> steps = WithVersion2(kAddNotes);

  // Read-only never writes: it asks for a write command first.
  std::string before = FileBytes(path);
  CHECK_THROWS_WITH(sqlite::OpenDb(path, OpenMode::kReadOnly, steps),
                    Catch::Contains("has schema version 1, older than this pli's 2"));
  CHECK(FileBytes(path) == before);

  OpenMode mode = GENERATE(OpenMode::kReadWrite, OpenMode::kCreate);
  auto store = sqlite::NewSqliteStore(sqlite::OpenDb(path, mode, steps));
  RequireSame(store->Read("g"), Expected("g", rows));
  store.reset();
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == "2");
  CHECK(raw.Text("SELECT game || ' ' || note FROM notes") == "g migrated");
  // Opening again with the same steps has nothing to do.
  sqlite::OpenDb(path, OpenMode::kReadWrite, steps);
  CHECK(raw.Text("SELECT count(*) FROM notes") == "1");
}

TEST_CASE("Open: a new file goes through every step, a failing step leaves the old version") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  SECTION("new file") {
    sqlite::OpenDb(path, OpenMode::kCreate, WithVersion2(kAddNotes));
    CHECK(RawDb(path).Text("PRAGMA user_version") == "2");
    CHECK(RawDb(path).Text("SELECT count(*) FROM notes") == "0");
  }
  SECTION("failing step") {
    std::vector<Row> rows = SampleRows("g");
    AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", rows);
    std::vector<Migration> steps = WithVersion2("CREATE TABLE half (x); CREATE TABLE half (y);");
    CHECK_THROWS_WITH(sqlite::OpenDb(path, OpenMode::kReadWrite, steps),
                      Catch::Contains("migrating from schema version 1 to 2") &&
                          Catch::Contains("already exists"));
    RawDb raw(path);
    CHECK(raw.Text("PRAGMA user_version") == "1");
    CHECK(raw.Text("SELECT count(*) FROM sqlite_schema WHERE name = 'half'") == "0");
    RequireSame(OpenSqliteStore(path, OpenMode::kReadOnly)->Read("g"), Expected("g", rows));
  }
}

TEST_CASE("Open: this pli's schema version is the number of its migrations") {
  CHECK(SqliteSchemaVersion() == 1);
  CHECK(sqlite::Migrations().size() == 1);
}

}  // namespace
}  // namespace pli::test
