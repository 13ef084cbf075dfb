// sqlite_schema_test.cc: opening a database (referee/sqlite_schema.h,
// schema/STORE.md §"Versions and migrations"): a missing file is not
// created, a file that is not SQLite or not pli's or newer than this pli is
// refused with its bytes untouched, and migrations bring an older schema up
// to date in one transaction (proved with a migration list of the test's
// own: the real steps plus one more), the real step 1 -> 2 (the index
// on games (created), events_view's order) on a version-1 database, and
// the real step 2 -> 3 (the columns declaration, recipient, at and seed,
// filled from the bodies of the rows already stored) on a version-2 one.
#include "games/president/wire/record.h"
#include "referee/sqlite_schema.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "replay/chain_check.h"
#include "games/president/replay/chain_check.h"
#include "replay/stored_scan.h"
#include "games/log.h"
#include "games/president/log.h"
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
  CHECK(SqliteSchemaVersion() == 4);
  CHECK(sqlite::Migrations().size() == 4);
}

// The first `n` real steps: a database as an older pli made it.
std::span<const Migration> FirstSteps(size_t n) { return sqlite::Migrations().first(n); }

// A game as a store reads it from a file older than schema 3: without the
// columns of EventDetails.
StoredGame WithoutDetails(StoredGame g) {
  for (StoredEvent& e : g.events) e.columns.details.reset();
  return g;
}

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
  RequireSame(OpenSqliteStore(path, OpenMode::kReadOnly)->Read("g"),
              WithoutDetails(Expected("g", rows)));
  CHECK(FileBytes(path) == before);
  CHECK(RawDb(path).Text("SELECT count(*) FROM sqlite_schema WHERE name = 'games_created'") == "0");

  // A writer migrates under its write lock; stored bytes and hashes stay.
  OpenSqliteStore(path, OpenMode::kReadWrite);
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == std::to_string(kNow));
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

// One column of events_view per event of game g, NULL as "-".
std::string ViewColumn(RawDb& raw, const std::string& column) {
  return raw.Text("SELECT group_concat(coalesce(" + column + ", '-'), ',') FROM events_view "
                  "WHERE game = 'g'");
}

TEST_CASE("Schema 3: events_view shows the declaration, the recipient, the time and the seed") {
  TempDir dir;
  std::string path = (dir.path / "view.db").string();
  std::vector<Event> events = SampleEvents("g");  // deal seeded 42, a gift from seat 1 to 0
  events[3] = Ev(PlayEvent{.seat = 0, .cards = {Card(Rank::k3, Suit::kClubs)},
                           .declare = Declare::kSuite},
                 "k-play");
  events[3].at = "2026-11-22T10:00:04Z";
  events[4] = Ev(PlayEvent{.seat = 1, .cards = {Card(Rank::k4, Suit::kClubs)},
                           .declare = Declare::kReverse});
  AppendAll(*OpenSqliteStore(path, OpenMode::kCreate), "g", Chain(events));
  RawDb raw(path);
  CHECK(ViewColumn(raw, "type") == "game,deal,exchange,play,play,close,end");
  CHECK(ViewColumn(raw, "declaration") == "-,-,-,suite,reverse,-,-");
  CHECK(ViewColumn(raw, "recipient") == "-,-,0,-,-,-,-");
  CHECK(ViewColumn(raw, "recipient_player") == "-,-,Ann,-,-,-,-");
  CHECK(ViewColumn(raw, "at") == "-,-,-,2026-11-22T10:00:04Z,-,-,-");
  CHECK(ViewColumn(raw, "seed") == "-,42,-,-,-,-,-");
  // The table's columns are what the view shows.
  CHECK(raw.Text("SELECT group_concat(coalesce(seed, '-') || coalesce(at, '-'), ',') "
                 "FROM events") == "--,42-,--,-2026-11-22T10:00:04Z,--,--,--");
}

// Whether a log has a play declaring `declare`, and an exchange.
bool Has(const GameLog& log, Declare declare) {
  for (const Event& e : log.events) {
    const auto* play = std::get_if<PlayEvent>(&e.body);
    if (play != nullptr && play->declare == declare) return true;
  }
  return false;
}
bool HasExchange(const GameLog& log) {
  for (const Event& e : log.events) {
    if (std::holds_alternative<ExchangeEvent>(e.body)) return true;
  }
  return false;
}

// A legal game of four seats played by random legal actions, every event
// stamped with `at` and every deal seeded, as pli writes them live; the
// first seed from `seed` on whose game has a suite and a reverse declared
// and an exchange within 400 events.
GameLog StampedGame(const std::string& id, uint32_t seed) {
  for (;; ++seed) {
    GameLog log;
    log.game = id;
    GameEvent g;
    g.game = id;
    g.options = *Preset("super-president");
    g.seats = {"Ana", "Bo", "Cy", "Di"};
    log.events.push_back(Event{.body = g, .at = "2026-11-22T10:00:00Z"});
    State state;
    REQUIRE(!Step(state, log.events.back()));
    uint32_t rng = seed;
    while (log.events.size() < 400 && state.phase != Phase::kGameOver) {
      Event e;
      if (state.phase == Phase::kMancheOver) {
        e.body = DealEvent{DealFromSeed(state.seats, rng), rng};
      } else {
        const std::vector<LegalAction> actions = LegalActions(state);
        REQUIRE(!actions.empty());
        e = ToEvent(state, actions[(rng >> 8) % actions.size()]);
      }
      rng = rng * 1103515245u + 12345u;
      e.at = "2026-11-22T10:" + std::to_string(10 + log.events.size() % 50) + ":00Z";
      REQUIRE(!Step(state, e));
      log.events.push_back(e);
    }
    if (Has(log, Declare::kSuite) && Has(log, Declare::kReverse) && HasExchange(log)) return log;
  }
}

// Audit's verdict on game g, on both paths: the fast one
// (AuditStoredGameFast) and the detailed one (CheckStoredGame, then the
// rules): clean, all `events` of it.
void RequireAuditsClean(SqliteReader& store, int64_t events) {
  CHECK(AuditStoredGameFast(store, "g", std::nullopt) == std::optional<int64_t>(events));
  const CheckedGame checked = CheckStoredGame(*store.Read("g"), std::nullopt);
  CHECK(checked.chain.status == ChainStatus::kOk);
  for (const ChainProblem& p : checked.chain.problems) FAIL_CHECK(p.message);
  CHECK(AuditByPosition(checked.log.events, true).empty());
}

TEST_CASE("Schema 3: a version-2 database is read as it is, migrated by a writer, audited clean") {
  TempDir dir;
  const std::string path = (dir.path / "v2.db").string();
  const GameLog log = StampedGame("g", 1);
  const auto events = static_cast<int64_t>(log.events.size());
  REQUIRE(Import(*sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kCreate, FirstSteps(2))),
                 {log}, false)
              .ok);
  REQUIRE(RawDb(path).Text("PRAGMA user_version") == "2");
  const std::string stored_before =
      RawDb(path).Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events");

  // A reader reads it as it is, without the new columns, writes nothing,
  // and finds it clean.
  const std::string before = FileBytes(path);
  {
    std::unique_ptr<SqliteReader> reader = OpenSqliteReader(path);
    const StoredGame as_is = *reader->Read("g");
    for (const StoredEvent& e : as_is.events) CHECK(!e.columns.details);
    RequireAuditsClean(*reader, events);
  }
  CHECK(FileBytes(path) == before);

  // The first write migrates, under its write lock: the new columns are
  // filled from the bodies, which stay byte for byte, hashes too.
  AppendAll(*OpenSqliteStore(path, OpenMode::kReadWrite), "h", SampleRows("h"));
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == std::to_string(kNow));
  CHECK(raw.Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events WHERE game = 'g'") ==
        stored_before);
  std::unique_ptr<SqliteReader> reader = OpenSqliteReader(path);
  const StoredGame stored = *reader->Read("g");
  REQUIRE(stored.events.size() == log.events.size());
  for (size_t i = 0; i < log.events.size(); ++i) {
    INFO("event " << i + 1);
    CHECK(stored.events[i].columns == ColumnsOf(log.events[i]));
  }
  // Each new column holds something in this game, as the view shows it.
  for (const char* filled : {"declaration = 'suite'", "declaration = 'reverse'",
                             "recipient IS NOT NULL", "recipient_player IS NOT NULL",
                             "at IS NOT NULL", "seed IS NOT NULL"}) {
    INFO(filled);
    CHECK(raw.Text(std::string("SELECT count(*) > 0 FROM events_view WHERE game = 'g' AND ") +
                   filled) == "1");
  }
  CHECK(raw.Text("SELECT count(*) FROM events_view WHERE game = 'g' AND at IS NULL") == "0");
  RequireAuditsClean(*reader, events);
  // The trigger dropped for the backfill is back.
  CHECK_THAT(raw.Exec("UPDATE events SET at = NULL WHERE seq = 1"), Catch::Contains("append-only"));
}

// A Skull King game whose tags mean other types in Président: 3 is bid
// (Président: exchange) and 5 end (Président: pass). SKULL_KING.md SK-B1,
// SK-G1.
constexpr const char* kSkullKingLog =
    "{\"type\":\"game\",\"game\":\"sk\",\"ruleset\":\"skull-king\",\"seats\":[\"Ann\",\"Bob\",\"Cyd\"]}\n"
    "{\"type\":\"deal\",\"hands\":[[\"pirate\"],[\"mermaid\"],[\"14y\"]],\"turned\":\"3g\"}\n"
    "{\"type\":\"bid\",\"seat\":1,\"bid\":1}\n"
    "{\"type\":\"bid\",\"seat\":2,\"bid\":0}\n"
    "{\"type\":\"bid\",\"seat\":0,\"bid\":1}\n"
    "{\"type\":\"play\",\"seat\":1,\"cards\":[\"mermaid\"]}\n"
    "{\"type\":\"play\",\"seat\":2,\"cards\":[\"14y\"]}\n"
    "{\"type\":\"play\",\"seat\":0,\"cards\":[\"pirate\"]}\n"
    "{\"type\":\"end\"}\n";

std::vector<AnyGameLog> SkullKingGame() {
  std::istringstream in(kSkullKingLog);
  auto read = ReadAnyLog(in);
  REQUIRE(std::holds_alternative<std::vector<AnyGameLog>>(read));
  return std::get<std::vector<AnyGameLog>>(read);
}

TEST_CASE("Schema 4: events_view names each event's type in its own game (a version-3 file migrated)") {
  TempDir dir;
  const std::string path = (dir.path / "v3.db").string();
  {
    auto store = sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kCreate, FirstSteps(3)));
    REQUIRE(Import(*store, SkullKingGame(), false).ok);
    REQUIRE(Import(*store, {StampedGame("g", 1)}, false).ok);
  }
  REQUIRE(RawDb(path).Text("PRAGMA user_version") == "3");
  // Version 3's view read Président's names into every game: the defect.
  CHECK(RawDb(path).Text("SELECT group_concat(type, ' ') FROM events_view WHERE game = 'sk'") ==
        "game deal exchange exchange exchange play play play pass");
  const std::string stored_before =
      RawDb(path).Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events");

  OpenSqliteStore(path, OpenMode::kReadWrite);  // a writer migrates
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == "4");
  CHECK(raw.Text("SELECT group_concat(hex(body) || hex(hash), ',') FROM events") == stored_before);
  CHECK(raw.Text("SELECT group_concat(type, ' ') FROM events_view WHERE game = 'sk'") ==
        "game deal bid bid bid play play play end");
  // Président's names are unchanged (RULES.md's event types), every row has
  // one, and each game's rows name its game in event_types.
  CHECK(raw.Text("SELECT group_concat(DISTINCT type) FROM (SELECT type FROM events_view "
                 "WHERE game = 'g' ORDER BY type)") == "close,deal,exchange,game,pass,play");  // StampedGame has no end event
  CHECK(raw.Text("SELECT count(*) FROM events_view WHERE type IS NULL") == "0");
  CHECK(raw.Text("SELECT group_concat(DISTINCT t.game) FROM events AS e JOIN event_types AS t "
                 "ON t.format = substr(e.body, 1, 1) AND t.type = e.type WHERE e.game = 'sk'") ==
        "skull-king");
  CHECK(raw.Text("SELECT group_concat(DISTINCT t.game) FROM events AS e JOIN event_types AS t "
                 "ON t.format = substr(e.body, 1, 1) AND t.type = e.type WHERE e.game = 'g'") ==
        "super-president");
  std::unique_ptr<SqliteReader> reader = OpenSqliteReader(path);
  RequireAuditsClean(*reader, static_cast<int64_t>(reader->Read("g")->events.size()));
}

// Issue 27: a game added to pli after a file was made needs no schema step.
// Here the file lacks Skull King's rows in event_types, as a file made before
// that game existed would; the writer adds them with the game's first event,
// in its transaction, and the file keeps its version (so an older pli, which
// knows version 4, still opens it).
TEST_CASE("Schema 4: a game's event_types rows come with its first event, no schema step (issue 27)") {
  TempDir dir;
  const std::string path = (dir.path / "later.db").string();
  {
    auto store = sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kCreate, sqlite::Migrations()));
    REQUIRE(Import(*store, {StampedGame("g", 1)}, false).ok);
  }
  REQUIRE(RawDb(path).Exec("DELETE FROM event_types WHERE game = 'skull-king'").empty());
  REQUIRE(RawDb(path).Text("SELECT count(*) FROM event_types WHERE game = 'skull-king'") == "0");
  {
    auto store = sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kReadWrite, sqlite::Migrations()));
    REQUIRE(Import(*store, SkullKingGame(), false).ok);
  }
  RawDb raw(path);
  CHECK(raw.Text("PRAGMA user_version") == "4");
  CHECK(raw.Text("SELECT group_concat(type, ' ') FROM events_view WHERE game = 'sk'") ==
        "game deal bid bid bid play play play end");
  CHECK(raw.Text("SELECT count(*) FROM events_view WHERE type IS NULL") == "0");
  // Président's rows were there already: left as they were, none doubled.
  CHECK(raw.Text("SELECT count(*) FROM event_types WHERE game = 'super-president'") == "7");
  std::unique_ptr<SqliteReader> reader = OpenSqliteReader(path);
  RequireAuditsClean(*reader, static_cast<int64_t>(reader->Read("g")->events.size()));
}

}  // namespace
}  // namespace pli::test
