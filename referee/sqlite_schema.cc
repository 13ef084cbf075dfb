// sqlite_schema.cc: the SQL text of the pli database schema, its
// migrations, and the checks made when a connection is opened
// (schema/STORE.md explains every table, trigger and view).
#include "referee/sqlite_schema.h"

#include <array>
#include <chrono>
#include <filesystem>
#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>

#include <unistd.h>

namespace pli::sqlite {
namespace {

// Version 0 -> 1: the tables, the triggers that keep events append-only and
// the head in lockstep with them, and the views for people using sqlite3.
constexpr Migration kVersion1 = R"sql(
PRAGMA application_id = 1347176753;  -- 0x504C4931, 'PLI1'

CREATE TABLE games (
  game      TEXT PRIMARY KEY,
  ruleset   TEXT NOT NULL,
  seats     TEXT NOT NULL,     -- JSON array of the seats' names, seat 0 first
  created   INTEGER NOT NULL,  -- creation order, 1, 2, ...
  head_seq  INTEGER NOT NULL CHECK (head_seq >= 0),
  head_hash BLOB NOT NULL CHECK (length(head_hash) = 32)
) STRICT, WITHOUT ROWID;

CREATE TABLE events (
  game  TEXT NOT NULL REFERENCES games (game),
  seq   INTEGER NOT NULL CHECK (seq >= 1),
  type  INTEGER NOT NULL CHECK (type BETWEEN 1 AND 7),
  seat  INTEGER CHECK (seat BETWEEN 0 AND 7),
  id    TEXT,
  cards TEXT NOT NULL,
  body  BLOB NOT NULL,
  hash  BLOB NOT NULL CHECK (length(hash) = 32),
  prev  BLOB NOT NULL CHECK (length(prev) = 32),
  PRIMARY KEY (game, seq),
  UNIQUE (game, id)
) STRICT, WITHOUT ROWID;

CREATE TRIGGER games_insert BEFORE INSERT ON games
BEGIN
  SELECT RAISE(ABORT, 'pli: this game already exists; a game is created once')
   WHERE EXISTS (SELECT 1 FROM games WHERE game = NEW.game);
  SELECT RAISE(ABORT, 'pli: a new game starts with head_seq 0 and a zero head_hash')
   WHERE NEW.head_seq IS NOT 0 OR NEW.head_hash IS NOT zeroblob(32);
END;

CREATE TRIGGER games_no_delete BEFORE DELETE ON games
BEGIN
  SELECT RAISE(ABORT, 'pli: games are never deleted');
END;

CREATE TRIGGER games_head_only BEFORE UPDATE ON games
WHEN NOT (NEW.game IS OLD.game AND NEW.ruleset IS OLD.ruleset AND NEW.seats IS OLD.seats
          AND NEW.created IS OLD.created AND NEW.head_seq IS OLD.head_seq + 1
          AND NEW.head_hash IS (SELECT hash FROM events
                                 WHERE game = NEW.game AND seq = NEW.head_seq))
BEGIN
  SELECT RAISE(ABORT, 'pli: a game row only changes by its head advancing with an appended event');
END;

CREATE TRIGGER events_append BEFORE INSERT ON events
BEGIN
  SELECT RAISE(ABORT, 'pli: no such game; its games row comes first')
   WHERE NOT EXISTS (SELECT 1 FROM games WHERE game = NEW.game);
  SELECT RAISE(ABORT, 'pli: events are append-only: seq must be the head''s seq + 1')
   WHERE NEW.seq IS NOT (SELECT head_seq + 1 FROM games WHERE game = NEW.game);
  SELECT RAISE(ABORT, 'pli: prev must be the head''s hash (the chain link)')
   WHERE NEW.prev IS NOT (SELECT head_hash FROM games WHERE game = NEW.game);
  SELECT RAISE(ABORT, 'pli: event 1 of a game must be its game event (type 1)')
   WHERE NEW.seq = 1 AND NEW.type IS NOT 1;
  SELECT RAISE(ABORT, 'pli: this id is already used in this game')
   WHERE NEW.id IS NOT NULL
     AND EXISTS (SELECT 1 FROM events WHERE game = NEW.game AND id = NEW.id);
END;

CREATE TRIGGER events_advance_head AFTER INSERT ON events
BEGIN
  UPDATE games SET head_seq = NEW.seq, head_hash = NEW.hash WHERE game = NEW.game;
END;

CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'pli: events are append-only: a stored event is never changed');
END;

CREATE TRIGGER events_no_delete BEFORE DELETE ON events
BEGIN
  SELECT RAISE(ABORT, 'pli: events are append-only: a stored event is never deleted');
END;

CREATE VIEW events_view AS
SELECT e.game AS game, e.seq AS seq,
       CASE e.type WHEN 1 THEN 'game' WHEN 2 THEN 'deal' WHEN 3 THEN 'exchange'
                   WHEN 4 THEN 'play' WHEN 5 THEN 'pass' WHEN 6 THEN 'close'
                   WHEN 7 THEN 'end' END AS type,
       e.seat AS seat,
       json_extract(g.seats, '$[' || e.seat || ']') AS player,
       e.id AS id, e.cards AS cards, lower(hex(e.hash)) AS hash
  FROM events AS e LEFT JOIN games AS g ON g.game = e.game;

CREATE VIEW games_view AS
SELECT g.game AS game, g.ruleset AS ruleset, g.seats AS seats, g.created AS created,
       (SELECT count(*) FROM events AS e WHERE e.game = g.game) AS events,
       g.head_seq AS head_seq, lower(hex(g.head_hash)) AS head_hash_hex,
       g.head_seq IS NOT (SELECT coalesce(max(seq), 0) FROM events AS e
                           WHERE e.game = g.game) AS cut,
       (SELECT count(*) IS NOT coalesce(max(seq), 0) FROM events AS e
         WHERE e.game = g.game) AS gaps
  FROM games AS g ORDER BY g.created;
)sql";

// Version 1 -> 2 (schema/STORE.md §7): an index on games (created), so that
// a new game's `created` (1 + the largest so far) is found in the index
// instead of by scanning every game, which made an import of n games
// quadratic; and events_view in creation order, then seq (without ORDER BY
// it came in whatever order SQLite's plan gave: an event with an id last).
// Readers of version 1 read the same tables and need neither.
constexpr Migration kVersion2 = R"sql(
CREATE INDEX games_created ON games (created);

DROP VIEW events_view;
CREATE VIEW events_view AS
SELECT e.game AS game, e.seq AS seq,
       CASE e.type WHEN 1 THEN 'game' WHEN 2 THEN 'deal' WHEN 3 THEN 'exchange'
                   WHEN 4 THEN 'play' WHEN 5 THEN 'pass' WHEN 6 THEN 'close'
                   WHEN 7 THEN 'end' END AS type,
       e.seat AS seat,
       json_extract(g.seats, '$[' || e.seat || ']') AS player,
       e.id AS id, e.cards AS cards, lower(hex(e.hash)) AS hash
  FROM events AS e LEFT JOIN games AS g ON g.game = e.game
 ORDER BY g.created, e.game, e.seq;
)sql";

constexpr std::array<Migration, 2> kMigrations = {kVersion1, kVersion2};

// Waiting for another writer's lock (SetBusyHandler): each wait is a random
// sleep in [kBusySleepMinUs, kBusySleepMaxUs], never growing.
constexpr int kBusySleepMinUs = 100;
constexpr int kBusySleepMaxUs = 2000;

// SQLite's busy handler: called when the lock is held by another
// connection; `count` is how many times it was called before for this same
// wait. Returns 0 to give up (SQLITE_BUSY) once `arg` milliseconds passed.
int FairBusyHandler(void* arg, int count) {
  using Clock = std::chrono::steady_clock;
  thread_local Clock::time_point start;
  thread_local uint64_t rng = 0;
  const Clock::time_point now = Clock::now();
  if (count == 0) start = now;
  if (rng == 0) {
    rng = static_cast<uint64_t>(now.time_since_epoch().count()) ^
          (static_cast<uint64_t>(::getpid()) << 32) ^ 0x9E3779B97F4A7C15ULL;
  }
  const auto timeout = std::chrono::milliseconds(reinterpret_cast<intptr_t>(arg));
  if (now - start >= timeout) return 0;
  // SplitMix64: independent of the other waiters' draws.
  uint64_t z = (rng += 0x9E3779B97F4A7C15ULL);
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  z ^= z >> 31;
  auto sleep = std::chrono::microseconds(kBusySleepMinUs +
                                         static_cast<int64_t>(z % (kBusySleepMaxUs - kBusySleepMinUs + 1)));
  const auto left = std::chrono::duration_cast<std::chrono::microseconds>(start + timeout - now);
  std::this_thread::sleep_for(std::min(sleep, left));
  return 1;
}

// What a file says about itself before pli writes anything to it.
struct Identity {
  int64_t application_id = 0;
  int64_t version = 0;  // user_version
  int64_t objects = 0;  // rows of sqlite_schema (tables, indexes ...)
};

int64_t QueryInt(const Db& db, const char* sql) {
  Stmt s(db, sql);
  return s.Step() ? s.Int(0) : 0;
}

Identity ReadIdentity(const Db& db) {
  return {QueryInt(db, "PRAGMA application_id"), QueryInt(db, "PRAGMA user_version"),
          QueryInt(db, "SELECT count(*) FROM sqlite_schema")};
}

// Throws unless `id` is a pli database that `mode` may use with a program
// knowing `current` versions. Returns whether steps are to be applied.
bool CheckIdentity(const Db& db, const Identity& id, OpenMode mode, int64_t current) {
  const std::string& path = db.path();
  bool empty = id.version == 0 && id.objects == 0 && id.application_id == 0;
  bool ours = id.application_id == kApplicationId && id.version > 0;
  if (!empty && !ours) {
    throw StoreError(path + " is a SQLite database but not a pli database");
  }
  if (empty && mode != OpenMode::kCreate) {
    throw StoreError(path +
                     " is an empty SQLite database, not a pli database"
                     " (create one with pli new or pli import)");
  }
  if (id.version > current) {
    throw StoreError(path + " has schema version " + std::to_string(id.version) +
                     "; this pli knows up to " + std::to_string(current) + ": use a newer pli");
  }
  // A reader reads an older version as it is (it never writes) from
  // kOldestReadableVersion on: later steps changed nothing readers use.
  if (id.version < kOldestReadableVersion && mode == OpenMode::kReadOnly) {
    throw StoreError(path + " has schema version " + std::to_string(id.version) +
                     ", older than this pli's " + std::to_string(current) +
                     ": run a command that writes to it (such as pli import) to upgrade it");
  }
  return id.version < current && mode != OpenMode::kReadOnly;
}

// Applies steps [from, size) in one IMMEDIATE transaction, re-checking the
// file once the write lock is held (another process may have migrated it).
void Migrate(const Db& db, OpenMode mode, std::span<const Migration> steps) {
  db.Exec("BEGIN IMMEDIATE");
  try {
    Identity id = ReadIdentity(db);
    if (CheckIdentity(db, id, mode, static_cast<int64_t>(steps.size()))) {
      for (size_t v = static_cast<size_t>(id.version); v < steps.size(); ++v) {
        int rc = sqlite3_exec(db.get(), std::string(steps[v]).c_str(), nullptr, nullptr, nullptr);
        if (rc != SQLITE_OK) {
          db.Fail(
              "migrating from schema version " + std::to_string(v) + " to " + std::to_string(v + 1),
              rc);
        }
        db.Exec(("PRAGMA user_version = " + std::to_string(v + 1)).c_str());
      }
    }
    db.Exec("COMMIT");
  } catch (...) {
    sqlite3_exec(db.get(), "ROLLBACK", nullptr, nullptr, nullptr);
    throw;
  }
}

// Opens the connection itself, without creating the file unless kCreate.
Db Connect(const std::string& path, OpenMode mode) {
  std::error_code ec;
  if (mode != OpenMode::kCreate && !std::filesystem::exists(path, ec)) {
    throw StoreError("no database " + path + " (create one with pli new or pli import)");
  }
  // A read-only connection is used by one thread (pli's are: nothing shares
  // a connection across threads), so it skips SQLite's per-call mutex, which
  // cost a scan of the rows 10-20% (docs/PERFORMANCE.md, 3c).
  int flags = mode == OpenMode::kReadOnly ? SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX
                                          : SQLITE_OPEN_READWRITE;
  if (mode == OpenMode::kCreate) flags |= SQLITE_OPEN_CREATE;
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(path.c_str(), &raw, flags | SQLITE_OPEN_EXRESCODE, nullptr);
  if (raw == nullptr) throw StoreError(path + ": cannot open: out of memory");
  Db db(raw, path);
  if (rc != SQLITE_OK) db.Fail("cannot open", rc);
  return db;
}

// WAL is persistent: set once when the file is created (and restored if
// someone turned it off with sqlite3). The mode is read first, because
// setting it, even to what it already is, takes a lock for which SQLite may
// answer SQLITE_BUSY at once without calling the busy handler (seen when
// two processes open a new file together); so that case is retried here
// until the busy timeout.
void SetWal(const Db& db, int busy_timeout_ms) {
  for (int waited = 0;; waited += 10) {
    sqlite3_stmt* raw = nullptr;
    int rc = sqlite3_prepare_v2(db.get(), "PRAGMA journal_mode = WAL", -1, &raw, nullptr);
    std::string mode;
    if (rc == SQLITE_OK) {
      rc = sqlite3_step(raw);
      if (rc == SQLITE_ROW) {
        mode = reinterpret_cast<const char*>(sqlite3_column_text(raw, 0));
        rc = SQLITE_OK;
      }
    }
    sqlite3_finalize(raw);
    if (rc == SQLITE_OK && mode == "wal") return;
    if ((rc & 0xFF) != SQLITE_BUSY || waited >= busy_timeout_ms) {
      db.Fail("PRAGMA journal_mode = WAL" + (mode.empty() ? "" : " (mode stays " + mode + ")"),
              rc == SQLITE_OK ? SQLITE_ERROR : rc);
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

}  // namespace

std::span<const Migration> Migrations() { return kMigrations; }

void SetBusyHandler(const Db& db, int busy_timeout_ms) {
  sqlite3_busy_handler(db.get(), FairBusyHandler,
                       reinterpret_cast<void*>(static_cast<intptr_t>(busy_timeout_ms)));
}

Db OpenDb(const std::string& path, OpenMode mode, std::span<const Migration> migrations,
          int busy_timeout_ms) {
  Db db = Connect(path, mode);
  SetBusyHandler(db, busy_timeout_ms);
  // Connection settings only: nothing here writes to the file.
  db.Exec("PRAGMA synchronous = FULL; PRAGMA recursive_triggers = ON; PRAGMA foreign_keys = ON");
  auto current = static_cast<int64_t>(migrations.size());
  bool older = CheckIdentity(db, ReadIdentity(db), mode, current);
  if (mode == OpenMode::kReadOnly) return db;
  SetWal(db, busy_timeout_ms);
  if (older) Migrate(db, mode, migrations);
  return db;
}

Db OpenPliFile(const std::string& path) {
  Db db = Connect(path, OpenMode::kReadOnly);
  sqlite3_busy_timeout(db.get(), kBusyTimeoutMs);
  Identity id = ReadIdentity(db);
  if (id.application_id != kApplicationId || id.version == 0) {
    throw StoreError(path + " is a SQLite database but not a pli database");
  }
  return db;
}

}  // namespace pli::sqlite
