// sqlite_store_test.cc: what the SQLite store adds to the store contract
// (store_test.cc runs that against it): persistence, the triggers that keep
// the log append-only and the head in lockstep even for a person with the
// sqlite3 shell, reading back tampered rows exactly as stored, the views,
// the busy writer and the online backup (schema/STORE.md).
#include "referee/sqlite_store.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "referee/sqlite_schema.h"
#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

// A database holding the sample game "g" (7 events), closed.
struct SampleDb {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  std::vector<Row> rows = SampleRows("g");
  SampleDb() { AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", rows); }
};

std::string Hex(const Hash& h) { return "x'" + HashHex(h) + "'"; }

// An INSERT of a row into events, as someone would write it by hand.
std::string InsertSql(const char* verb, int64_t seq, const Hash& prev,
                      const std::string& id = "NULL") {
  return std::string(verb) + " INTO events (game, seq, type, seat, id, cards, body, hash, prev)" +
         " VALUES ('g', " + std::to_string(seq) + ", 5, 1, " + id + ", '', x'01', " +
         Hex(ChainHash(prev, seq, "x")) + ", " + Hex(prev) + ")";
}

TEST_CASE("SQLite store: a log persists across reopening, read-only and read-write") {
  SampleDb db;
  RequireSame(OpenSqliteStore(db.path, OpenMode::kReadOnly)->Read("g"), Expected("g", db.rows));
  auto store = OpenSqliteStore(db.path, OpenMode::kReadWrite);
  std::vector<Row> more = Chain({Ev(PassEvent{.seat = 3})}, 8, db.rows[6].hash);
  AppendAll(*store, "g", more);
  store.reset();
  std::vector<Row> all = db.rows;
  all.push_back(more[0]);
  RequireSame(OpenSqliteStore(db.path, OpenMode::kReadOnly)->Read("g"), Expected("g", all));
}

TEST_CASE("SQLite store: a read-only store refuses to write") {
  SampleDb db;
  auto store = OpenSqliteStore(db.path, OpenMode::kReadOnly);
  std::vector<Row> more = Chain({Ev(PassEvent{.seat = 3})}, 8, db.rows[6].hash);
  CHECK_THROWS_AS(store->Write([&] {
    Append(*store, "g", more[0]);
    return true;
  }),
                  StoreError);
  CHECK(store->HeadOf("g") == Head{7, db.rows[6].hash});
}

TEST_CASE("SQLite store: the triggers keep events append-only, whatever sqlite3 is told") {
  SampleDb db;
  RawDb raw(db.path);
  // recursive_triggers is OFF in a plain sqlite3 shell: then REPLACE's
  // implicit delete fires no DELETE trigger, and the INSERT trigger alone
  // must refuse (STORE.md).
  std::string recursive = GENERATE(as<std::string>{}, "ON", "OFF");
  INFO("recursive_triggers = " << recursive);
  REQUIRE(raw.Exec("PRAGMA recursive_triggers = " + recursive + "; PRAGMA foreign_keys = ON") ==
          "");
  const Hash& head = db.rows[6].hash;

  CHECK_THAT(raw.Exec("UPDATE events SET cards = '2s' WHERE seq = 4"),
             Catch::Contains("append-only"));
  CHECK_THAT(raw.Exec("UPDATE OR REPLACE events SET seq = 9 WHERE seq = 7"),
             Catch::Contains("append-only"));
  CHECK_THAT(raw.Exec("DELETE FROM events WHERE seq = 7"), Catch::Contains("append-only"));
  CHECK_THAT(raw.Exec("DELETE FROM events"), Catch::Contains("append-only"));
  // REPLACE over an existing (game, seq), and over an existing (game, id).
  CHECK_THAT(raw.Exec(InsertSql("INSERT OR REPLACE", 4, db.rows[2].hash)),
             Catch::Contains("seq must be"));
  CHECK_THAT(raw.Exec(InsertSql("REPLACE", 8, head, "'k-play'")),
             Catch::Contains("id is already used"));
  CHECK_THAT(raw.Exec(InsertSql("INSERT OR IGNORE", 8, head, "'k-play'")),
             Catch::Contains("id is already used"));
  CHECK_THAT(raw.Exec(InsertSql("INSERT", 9, head)), Catch::Contains("seq must be"));
  CHECK_THAT(raw.Exec(InsertSql("INSERT", 8, db.rows[5].hash)), Catch::Contains("prev"));
  CHECK_THAT(raw.Exec("INSERT INTO events (game, seq, type, seat, id, cards, body, hash, prev) "
                      "VALUES ('h', 1, 1, NULL, NULL, '', x'01', " + Hex(head) +
                      ", " + Hex(kGenesis) + ")"),
             Catch::Contains("no such game"));
  RequireSame(OpenSqliteStore(db.path, OpenMode::kReadOnly)->Read("g"), Expected("g", db.rows));

  // A correct insert is an append, and the head follows it.
  CHECK(raw.Exec(InsertSql("INSERT", 8, head)) == "");
  CHECK(raw.Text("SELECT head_seq FROM games") == "8");
  CHECK(raw.Text("SELECT hex(head_hash) = hex(hash) FROM games JOIN events USING (game) "
                 "WHERE seq = 8") == "1");
}

TEST_CASE("SQLite store: the head only advances in lockstep with an insert") {
  SampleDb db;
  RawDb raw(db.path);
  std::string recursive = GENERATE(as<std::string>{}, "ON", "OFF");
  REQUIRE(raw.Exec("PRAGMA recursive_triggers = " + recursive) == "");
  const std::string refused = "only changes by its head advancing";
  CHECK_THAT(raw.Exec("UPDATE games SET head_seq = 6, head_hash = " + Hex(db.rows[5].hash)),
             Catch::Contains(refused));
  CHECK_THAT(raw.Exec("UPDATE games SET head_seq = 8, head_hash = " + Hex(db.rows[6].hash)),
             Catch::Contains(refused));
  CHECK_THAT(raw.Exec("UPDATE games SET head_hash = " + Hex(kGenesis)), Catch::Contains(refused));
  CHECK_THAT(raw.Exec("UPDATE games SET seats = '[]'"), Catch::Contains(refused));
  CHECK_THAT(raw.Exec("UPDATE games SET game = 'h'"), Catch::Contains(refused));
  CHECK_THAT(raw.Exec("DELETE FROM games"), Catch::Contains("never deleted"));
  CHECK_THAT(raw.Exec("INSERT OR REPLACE INTO games VALUES ('g', 'classic', '[]', 1, 0, " +
                      Hex(kGenesis) + ")"),
             Catch::Contains("already exists"));
  CHECK_THAT(
      raw.Exec("INSERT INTO games VALUES ('h', 'classic', '[]', 2, 3, " + Hex(kGenesis) + ")"),
      Catch::Contains("starts with head_seq 0"));
  CHECK(raw.Text("SELECT head_seq FROM games") == "7");
}

TEST_CASE("SQLite store: Read returns tampered rows as stored, for audit to find") {
  SampleDb db;
  {
    RawDb raw(db.path);
    // Only by removing the triggers can rows change; the head stays.
    REQUIRE(raw.Exec("DROP TRIGGER events_no_delete; DROP TRIGGER events_no_update;"
                     "DELETE FROM events WHERE seq IN (3, 7);"
                     "UPDATE events SET cards = 'As', seat = 3 WHERE seq = 4") == "");
    CHECK(raw.Text("SELECT cut || gaps FROM games_view") == "11");
  }
  std::optional<StoredGame> got = OpenSqliteStore(db.path, OpenMode::kReadOnly)->Read("g");
  REQUIRE(got.has_value());
  CHECK(got->head == Head{7, db.rows[6].hash});
  std::vector<int64_t> seqs;
  for (const StoredEvent& e : got->events) seqs.push_back(e.seq);
  CHECK(seqs == std::vector<int64_t>{1, 2, 4, 5, 6});
  CHECK(got->events[2].columns.cards == "As");
  CHECK(got->events[2].columns.seat == 3);
  CHECK(got->events[2].body == db.rows[3].body);
}

// The rows ScanRows visits, copied out of its views as Read would give them.
StoredGame Scanned(SqliteReader& store, const std::string& game, size_t stop_after = 1000) {
  StoredGame out{.game = game, .events = {}, .head = {}};
  std::optional<GameRow> head = store.ScanRows(game, [&](const StoredRowView& v) {
    StoredEvent e{.seq = v.seq, .body = std::string(v.body), .hash = v.hash, .columns = {},
                  .prev = v.prev};
    e.columns.type = static_cast<uint8_t>(v.type);
    e.columns.seat = v.seat;
    if (v.id) e.columns.id = std::string(*v.id);
    e.columns.cards = std::string(v.cards);
    if (v.details) {
      EventDetails& d = e.columns.details.emplace();
      if (v.declaration) d.declaration = std::string(*v.declaration);
      d.recipient = static_cast<int>(v.recipient);
      if (v.at) d.at = std::string(*v.at);
      d.seed = v.seed;
    }
    out.events.push_back(std::move(e));
    return out.events.size() < stop_after;
  });
  REQUIRE(head.has_value());
  out.head = head->head;
  return out;
}

TEST_CASE("SQLite store: ScanRows visits the rows Read returns, tampered or not, and stops when told") {
  SampleDb db;
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(db.path);
  RequireSame(Scanned(*store, "g"), Expected("g", db.rows));
  CHECK(Scanned(*store, "g", 3).events.size() == 3);
  CHECK(!store->ScanRows("nope", [](const StoredRowView&) { return true; }));
  store.reset();
  {
    RawDb raw(db.path);
    REQUIRE(raw.Exec("DROP TRIGGER events_no_delete; DROP TRIGGER events_no_update;"
                     "DELETE FROM events WHERE seq IN (3, 7);"
                     "UPDATE events SET cards = 'As', seat = NULL, id = 'k' WHERE seq = 4;"
                     "UPDATE events SET declaration = 'suite', recipient = 2, at = 'then', "
                     "seed = 9 WHERE seq = 5") == "");
  }
  store = OpenSqliteReader(db.path);
  RequireSame(Scanned(*store, "g"), *store->Read("g"));
  {
    RawDb raw(db.path);
    REQUIRE(raw.Exec("DELETE FROM events") == "");
  }
  const StoredGame empty = Scanned(*store, "g");
  CHECK(empty.events.empty());
  CHECK(empty.head == Head{7, db.rows[6].hash});
}

TEST_CASE("SQLite store: the views name types and players and show the head") {
  SampleDb db;
  RawDb raw(db.path);
  CHECK(raw.Text("SELECT type || ' ' || seat || ' ' || player || ' ' || cards FROM events_view "
                 "WHERE game = 'g' AND seq = 6") == "close 2 C\u00e9 \"Q\" \\ 4h");
  CHECK(raw.Text("SELECT player FROM events_view WHERE seq = 1") == "NULL");
  CHECK(raw.Text("SELECT json_extract(seats, '$[3]') FROM games") == "Dan\n");
  CHECK(raw.Text("SELECT hash FROM events_view WHERE seq = 7") == HashHex(db.rows[6].hash));
  CHECK(raw.Text("SELECT events || ' ' || head_seq || ' ' || head_hash_hex || ' ' || cut || "
                 "gaps FROM games_view") == "7 7 " + HashHex(db.rows[6].hash) + " 00");
}

TEST_CASE("SQLite store: a file pli made is WAL with pli's application_id") {
  SampleDb db;
  RawDb raw(db.path);
  CHECK(raw.Text("PRAGMA journal_mode") == "wal");
  CHECK(raw.Text("PRAGMA application_id") == std::to_string(0x504C4931));
  CHECK(raw.Text("PRAGMA user_version") == std::to_string(SqliteSchemaVersion()));
  CHECK(raw.Text("SELECT seats FROM games") == R"(["Ann","Bob","Cé \"Q\" \\","Dan\u000a"])");
}

TEST_CASE("SQLite store: a writer waiting past the busy timeout is told who holds the lock") {
  SampleDb db;
  RawDb other(db.path);
  REQUIRE(other.Exec("BEGIN IMMEDIATE") == "");
  auto store = sqlite::NewSqliteStore(
      sqlite::OpenDb(db.path, OpenMode::kReadWrite, sqlite::Migrations(), 50));
  CHECK_THROWS_WITH(store->Write([] { return true; }),
                    Catch::Contains("locked by another writer") && Catch::Contains(db.path));
  CHECK(store->HeadOf("g") == Head{7, db.rows[6].hash});  // readers go on (WAL)
  REQUIRE(other.Exec("COMMIT") == "");
  CHECK(store->Write([] { return true; }));
}

TEST_CASE("SQLite store: backup copies every event, those still in the WAL too") {
  TempDir dir;
  std::string path = (dir.path / "pli.db").string();
  std::string copy = (dir.path / "copy.db").string();
  auto store = OpenSqliteStore(path, OpenMode::kCreate);  // kept open: no checkpoint on close
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*store, "g", rows);
  REQUIRE(std::filesystem::file_size(path + "-wal") > 0);
  // cp of the main file alone loses what is still in the WAL.
  std::filesystem::copy_file(path, dir.path / "naive.db");
  CHECK_FALSE(OpenSqliteStore((dir.path / "naive.db").string(), OpenMode::kCreate)
                  ->HeadOf("g")
                  .has_value());

  BackupSqliteStore(path, copy);
  CHECK_FALSE(std::filesystem::exists(copy + "-wal"));  // standalone
  RequireSame(OpenSqliteStore(copy, OpenMode::kReadOnly)->Read("g"), Expected("g", rows));
  RawDb raw(copy);
  CHECK(raw.Text("PRAGMA journal_mode") == "wal");
  CHECK(raw.Text("PRAGMA integrity_check") == "ok");
}

TEST_CASE("SQLite store: backup never overwrites and copies only pli databases") {
  SampleDb db;
  std::string target = db.dir.Write("exists.db", "precious");
  CHECK_THROWS_WITH(BackupSqliteStore(db.path, target), Catch::Contains("exists"));
  CHECK(FileBytes(target) == "precious");
  std::string other = db.dir.Write("notes.txt", "not a database at all, just some text\n");
  std::string target2 = (db.dir.path / "copy.db").string();
  CHECK_THROWS_WITH(BackupSqliteStore(other, target2), Catch::Contains("not a SQLite database"));
  CHECK_THROWS_WITH(BackupSqliteStore((db.dir.path / "none.db").string(), target2),
                    Catch::Contains("no database"));
  CHECK_FALSE(std::filesystem::exists(target2));
}

}  // namespace
}  // namespace pli::test
