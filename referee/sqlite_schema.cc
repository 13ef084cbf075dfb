// sqlite_schema.cc: the SQL text of the pli database schema, its
// migrations, and the checks made when a connection is opened
// (schema/STORE.md explains every table, trigger and view).
#include "referee/sqlite_schema.h"

#include <fcntl.h>
#include <stdio.h>  // renameat2
#include <sys/stat.h>
#include <unistd.h>

#include <array>
#include <cctype>
#include <cerrno>
#include <chrono>
#include <cstring>
#include <filesystem>
#include <algorithm>
#include <cstdint>
#include <system_error>
#include <thread>
#include <variant>

#include "referee/store.h"
#include "games/game.h"

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

// Version 2 -> 3 (schema/STORE.md §7, issue 11 item 7): the fields the body
// held that no column showed, as columns of their own, for readers with
// sqlite3 and for events_view: a play's declaration, an exchange's
// recipient, the time `at` and a deal's seed. Inserts fill them from then
// on (ColumnsOf); the rows already stored get them from their bodies,
// through pli_detail (RegisterDetailFunction), with events_no_update
// dropped for that one UPDATE and put back as it was, all in the
// migration's transaction. Bodies and hashes are untouched. Readers of an
// older file read it as it is, without these columns (SqliteStore).
constexpr Migration kVersion3 = R"sql(
ALTER TABLE events ADD COLUMN declaration TEXT CHECK (declaration IN ('suite', 'reverse'));
ALTER TABLE events ADD COLUMN recipient INTEGER CHECK (recipient BETWEEN 0 AND 7);
ALTER TABLE events ADD COLUMN at TEXT;
ALTER TABLE events ADD COLUMN seed INTEGER;

DROP TRIGGER events_no_update;
UPDATE events SET declaration = pli_detail(body, 'declaration'),
                  recipient = pli_detail(body, 'recipient'),
                  at = pli_detail(body, 'at'),
                  seed = pli_detail(body, 'seed');
CREATE TRIGGER events_no_update BEFORE UPDATE ON events
BEGIN
  SELECT RAISE(ABORT, 'pli: events are append-only: a stored event is never changed');
END;

DROP VIEW events_view;
CREATE VIEW events_view AS
SELECT e.game AS game, e.seq AS seq,
       CASE e.type WHEN 1 THEN 'game' WHEN 2 THEN 'deal' WHEN 3 THEN 'exchange'
                   WHEN 4 THEN 'play' WHEN 5 THEN 'pass' WHEN 6 THEN 'close'
                   WHEN 7 THEN 'end' END AS type,
       e.seat AS seat,
       json_extract(g.seats, '$[' || e.seat || ']') AS player,
       e.id AS id, e.cards AS cards, e.declaration AS declaration,
       e.recipient AS recipient,
       json_extract(g.seats, '$[' || e.recipient || ']') AS recipient_player,
       e.at AS at, e.seed AS seed, lower(hex(e.hash)) AS hash
  FROM events AS e LEFT JOIN games AS g ON g.game = e.game
 ORDER BY g.created, e.game, e.seq;
)sql";

// Version 3 -> 4 (schema/STORE.md §7): events_view names each event's type
// in its own game. The `type` column is a game's wire tag, and the games
// reuse the small numbers (Skull King's 3 is `bid` and 5 `end`, Président's
// `exchange` and `pass`), so the view's CASE of Président's names called a
// Skull King bid an exchange. The names move to a table, event_types, keyed
// by the first byte of a body (the byte that names its game, FORMAT.md §6,
// §8) and the tag, filled from the registry of games (Version4Sql); the view
// joins it. A game added later needs no step of its own: a writer adds its
// rows with its first event (KnowEventTypes). Readers of version 3 read the
// same tables.
constexpr std::string_view kVersion4Head = R"sql(
CREATE TABLE event_types (
  format BLOB NOT NULL CHECK (length(format) = 1),  -- the first byte of its game's bodies
  type   INTEGER NOT NULL,                          -- the game's wire tag (events.type)
  game   TEXT NOT NULL,                             -- the game's name
  name   TEXT NOT NULL,                             -- the event's `type` in a log
  PRIMARY KEY (format, type)
) STRICT, WITHOUT ROWID;
)sql";

constexpr std::string_view kVersion4Tail = R"sql(
DROP VIEW events_view;
CREATE VIEW events_view AS
SELECT e.game AS game, e.seq AS seq, t.name AS type,
       e.seat AS seat,
       json_extract(g.seats, '$[' || e.seat || ']') AS player,
       e.id AS id, e.cards AS cards, e.declaration AS declaration,
       e.recipient AS recipient,
       json_extract(g.seats, '$[' || e.recipient || ']') AS recipient_player,
       e.at AS at, e.seed AS seed, lower(hex(e.hash)) AS hash
  FROM events AS e LEFT JOIN games AS g ON g.game = e.game
  LEFT JOIN event_types AS t ON t.format = substr(e.body, 1, 1) AND t.type = e.type
 ORDER BY g.created, e.game, e.seq;
)sql";

// The rows of event_types for `game`: the first byte of its bodies and the
// name of each of its tags, as INSERT statements (`verb`: "INSERT" in the
// step, "INSERT OR IGNORE" when a writer adds a game's rows later).
std::string EventTypeInserts(const Game& game, std::string_view verb) {
  std::string sql;
  const std::optional<uint8_t> format = FormatOf(game);
  if (!format) return sql;
  static constexpr char kHex[] = "0123456789abcdef";
  const std::string byte = {kHex[*format >> 4], kHex[*format & 15]};
  for (int tag = 1; tag < 256; ++tag) {
    const std::string name = game.TypeName(static_cast<uint8_t>(tag));
    if (name == "?") continue;
    sql += std::string(verb) + " INTO event_types VALUES (x'" + byte + "', " +
           std::to_string(tag) + ", '" + std::string(game.Name()) + "', '" + name + "');\n";
  }
  return sql;
}

// Step 3 -> 4 with the rows of event_types: for every game of the registry,
// the first byte of its bodies and the name of each of its tags.
std::string Version4Sql() {
  std::string sql(kVersion4Head);
  for (const Game* game : Games()) sql += EventTypeInserts(*game, "INSERT");
  return sql + std::string(kVersion4Tail);
}

// pli_detail(body, name), the SQL function of step 2 -> 3: the column
// `name` ('declaration', 'recipient', 'at' or 'seed') of the event whose
// stored encoding is `body`, as ColumnsOf gives it for an insert; NULL for
// none, and for a body that does not decode (audit reports that body). The
// UPDATE asks for four columns of each row in turn: the last body decoded
// is kept, so each is decoded once.
struct DetailCache {
  std::string body;
  std::optional<EventDetails> details;  // nullopt: `body` does not decode
  bool valid = false;
};

void DetailFunction(sqlite3_context* ctx, int, sqlite3_value** argv) {
  auto* cache = static_cast<DetailCache*>(sqlite3_user_data(ctx));
  const auto* data = static_cast<const char*>(sqlite3_value_blob(argv[0]));
  const std::string_view body(data == nullptr ? "" : data,
                              static_cast<size_t>(sqlite3_value_bytes(argv[0])));
  if (!cache->valid || body != cache->body) {
    // The body's own game reads it (games/game.h): any game's rows migrate.
    cache->body.assign(body);
    cache->details.reset();
    std::string why;
    if (const Game* game = GameOfBody(body)) {
      if (std::optional<EventRecord> record = game->RecordOf(body, &why))
        cache->details = record->columns.details;
    }
    cache->valid = true;
  }
  const unsigned char* text = sqlite3_value_text(argv[1]);
  const std::string_view name = text == nullptr ? "" : reinterpret_cast<const char*>(text);
  const std::optional<EventDetails>& d = cache->details;
  if (!d) return sqlite3_result_null(ctx);
  if (name == "declaration" && d->declaration) {
    return sqlite3_result_text(ctx, d->declaration->data(),
                               static_cast<int>(d->declaration->size()), SQLITE_TRANSIENT);
  }
  if (name == "recipient" && d->recipient >= 0) return sqlite3_result_int64(ctx, d->recipient);
  if (name == "at" && d->at) {
    return sqlite3_result_text(ctx, d->at->data(), static_cast<int>(d->at->size()),
                               SQLITE_TRANSIENT);
  }
  if (name == "seed" && d->seed) return sqlite3_result_int64(ctx, *d->seed);
  sqlite3_result_null(ctx);
}

// Makes pli_detail known to `db`'s SQL, for the steps Migrate applies.
void RegisterDetailFunction(const Db& db) {
  int rc = sqlite3_create_function_v2(
      db.get(), "pli_detail", 2, SQLITE_UTF8 | SQLITE_DETERMINISTIC, new DetailCache,
      DetailFunction, nullptr, nullptr, [](void* p) { delete static_cast<DetailCache*>(p); });
  if (rc != SQLITE_OK) db.Fail("", rc);
}

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

// The three values in one statement, hence from one snapshot of the file: read
// one by one, they could straddle another process's creation of the schema
// (application id 0 from before it, user_version 1 from after it) and make a
// pli database look foreign (issue 12 item 9).
constexpr const char* kIdentitySql =
    "SELECT (SELECT application_id FROM pragma_application_id), "
    "(SELECT user_version FROM pragma_user_version), (SELECT count(*) FROM sqlite_schema)";

// Reads the identity; SQLite's result code (SQLITE_OK when read) instead of
// throwing, so that a reader can tell a file it cannot share (below) apart.
int TryReadIdentity(const Db& db, Identity& id) {
  sqlite3_stmt* raw = nullptr;
  int rc = sqlite3_prepare_v2(db.get(), kIdentitySql, -1, &raw, nullptr);
  if (rc == SQLITE_OK) {
    rc = sqlite3_step(raw);
    if (rc == SQLITE_ROW) {
      id = {sqlite3_column_int64(raw, 0), sqlite3_column_int64(raw, 1),
            sqlite3_column_int64(raw, 2)};
      rc = SQLITE_OK;
    } else if (rc == SQLITE_DONE) {
      rc = SQLITE_ERROR;
    }
  }
  if (rc != SQLITE_OK) rc = sqlite3_extended_errcode(db.get());
  sqlite3_finalize(raw);
  return rc;
}

Identity ReadIdentity(const Db& db) {
  Identity id;
  if (int rc = TryReadIdentity(db, id); rc != SQLITE_OK) db.Fail("", rc);
  return id;
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
  RegisterDetailFunction(db);
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
      if (rc != SQLITE_OK) db.Fail("", rc);
      throw StoreError(db.path() + ": SQLite would not put the database in WAL mode (it stays in " +
                       mode + " mode), which pli needs so that readers never block writers");
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(10));
  }
}

// Whether `path` names an existing file; throws when it names something
// that is not a regular file (a folder, a FIFO, a device): SQLite would
// fail on a folder with a vague message and wait forever on a FIFO for a
// writer to open it (issue 12 item 5).
bool IsDatabaseFile(const std::string& path) {
  struct stat st {};
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT) return false;
    throw StoreError("cannot open " + path + ": " + std::strerror(errno));
  }
  if (S_ISREG(st.st_mode)) return true;
  if (S_ISDIR(st.st_mode)) throw StoreError(path + " is a folder, not a database file");
  if (S_ISFIFO(st.st_mode)) {
    throw StoreError(path + " is a named pipe (FIFO), not a database file: a database is read "
                     "from a regular file");
  }
  throw StoreError(path + " is a device or special file, not a database file");
}

void RequireDatabaseFile(const std::string& path) {
  if (!IsDatabaseFile(path)) {
    throw StoreError("no database " + path + " (create one with pli new or pli import)");
  }
}

// Opens a connection to `file` (a path, or a URI with SQLITE_OPEN_URI);
// messages name `path`. Never creates a file: the caller has checked that
// it exists (a database is only ever created by CreateDatabase).
Db Connect(const std::string& file, const std::string& path, int flags, bool read_only) {
  sqlite3* raw = nullptr;
  int rc = sqlite3_open_v2(file.c_str(), &raw, flags | SQLITE_OPEN_EXRESCODE, nullptr);
  if (raw == nullptr) throw StoreError(path + ": cannot open: out of memory");
  Db db(raw, path, read_only);
  if (rc != SQLITE_OK) db.Fail("", rc);
  return db;
}

// `path` as a file: URI, with the characters a URI gives a meaning to
// escaped, and made absolute (SQLite reads "file://x" as a host name).
std::string FileUri(const std::string& path) {
  std::error_code ec;
  std::string abs = std::filesystem::absolute(path, ec).string();
  if (ec) abs = path;
  std::string uri = "file:";
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (size_t i = 0; i < abs.size(); ++i) {
    const auto c = static_cast<unsigned char>(abs[i]);
    bool plain = std::isalnum(c) || std::strchr("/-._~", c) != nullptr;
    if (c == '/' && i == 1 && abs[0] == '/') plain = false;  // "//": not an authority
    if (plain) {
      uri += static_cast<char>(c);
    } else {
      uri += '%';
      uri += kHex[c >> 4];
      uri += kHex[c & 0xf];
    }
  }
  return uri;
}

// The size of `path`'s -wal file; 0 when there is none.
uintmax_t WalSize(const std::string& path) {
  std::error_code ec;
  uintmax_t size = std::filesystem::file_size(path + "-wal", ec);
  return ec ? 0 : size;
}

// Opens `path` for reading when SQLite cannot share it the usual way: the
// -wal and -shm files through which WAL readers and writers meet do not
// exist and cannot be created (a read-only mount, a folder this user cannot
// write). SQLite's answer (https://www.sqlite.org/wal.html, "Read-Only
// Databases") is the `immutable` URI parameter, which reads the main file
// alone, without locks. That is every event when there is no -wal or an
// empty one (the file was checkpointed when its last writer closed it);
// since no lock is shared, the connection checks after each read that the
// file did not change meanwhile (Db::CheckUnchanged). A -wal with content
// but no -shm (left by a crash, or copied without it) holds events the main
// file lacks and `immutable` would skip: then the file and its -wal are
// copied into a private folder of the temporary directory, where SQLite
// replays the -wal as usual; the copy goes when the connection closes.
// Nothing is ever written beside `path`.
Db OpenUnshared(const std::string& path) {
  if (WalSize(path) == 0) {
    struct stat before {};
    if (::stat(path.c_str(), &before) != 0) {
      throw StoreError("cannot open " + path + ": " + std::strerror(errno));
    }
    Db db = Connect(FileUri(path) + "?immutable=1", path,
                    SQLITE_OPEN_READONLY | SQLITE_OPEN_URI | SQLITE_OPEN_NOMUTEX, true);
    db.Guard(before);
    return db;
  }
  std::error_code ec;
  std::string dir = (std::filesystem::temp_directory_path(ec) / "pli-read-XXXXXX").string();
  if (ec || ::mkdtemp(dir.data()) == nullptr) {
    throw StoreError("cannot read " + path + ": its -wal file holds events, and reading them "
                     "needs a private copy, but no temporary folder could be made (" +
                     std::strerror(errno) + "); set TMPDIR to a folder you can write");
  }
  const std::string copy = dir + "/copy.db";
  Db db;
  db.OwnDir(dir);  // removes the folder if the copy fails
  std::filesystem::copy_file(path, copy, ec);
  if (!ec) std::filesystem::copy_file(path + "-wal", copy + "-wal", ec);
  if (ec) {
    throw StoreError("cannot read " + path + ": copying it with its -wal file into " + dir +
                     " failed (" + ec.message() + ")");
  }
  Db opened = Connect(copy, path, SQLITE_OPEN_READWRITE | SQLITE_OPEN_NOMUTEX, true);
  opened.OwnDir(dir);
  db.OwnDir("");
  return opened;
}

// Opens an existing file for reading only, and reads its identity. It sets
// no pragma (a reader changes nothing) and, where SQLite cannot create or
// write the -wal and -shm files beside the file, reads it without them
// (OpenUnshared).
Db OpenReader(const std::string& path, int busy_timeout_ms, Identity& id) {
  RequireDatabaseFile(path);
  // A read-only connection is used by one thread (pli's are: nothing shares
  // a connection across threads), so it skips SQLite's per-call mutex, which
  // cost a scan of the rows 10-20% (docs/PERFORMANCE.md, 3c).
  Db db = Connect(path, path, SQLITE_OPEN_READONLY | SQLITE_OPEN_NOMUTEX, true);
  sqlite3_busy_timeout(db.get(), busy_timeout_ms);
  int rc = TryReadIdentity(db, id);
  if (rc == SQLITE_OK) return db;
  if ((rc & 0xff) != SQLITE_CANTOPEN && (rc & 0xff) != SQLITE_READONLY) db.Fail("", rc);
  db = OpenUnshared(path);
  sqlite3_busy_timeout(db.get(), busy_timeout_ms);
  id = ReadIdentity(db);
  db.CheckUnchanged();
  return db;
}

// Syncs a folder, so that a name just linked into it survives a power cut.
void SyncDir(const std::string& dir) {
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

void SyncFile(const std::string& temp, const std::string& path) {
  int fd = ::open(temp.c_str(), O_RDWR | O_CLOEXEC);
  if (fd < 0 || ::fsync(fd) != 0) {
    const int err = errno;
    if (fd >= 0) ::close(fd);
    throw StoreError("cannot create " + path + ": writing it to the disk failed (" +
                     std::strerror(err) + ")");
  }
  ::close(fd);
}

// Why a file could not be created in `dir`, in words.
std::string CreateFailure(const std::string& path, const std::string& dir, int err) {
  std::string why = std::strerror(err);
  if (err == EACCES || err == EPERM) why += ": this user cannot write the folder " + dir;
  if (err == EROFS) why += ": the folder " + dir + " is on a read-only mount";
  if (err == ENOENT) why += ": the folder " + dir + " does not exist";
  return "cannot create " + path + " (" + why + ")";
}


// Creates the pli database `path` whole, or leaves it to another process
// that does so first (issue 12 item 9). The schema is built in a private
// file of the same folder (a name only this process knows, made by
// mkstemp) and then set to WAL mode; it is closed (a -wal left behind, as
// a full disk can leave it, refuses the file) and synced. link(2) then gives it the name `path` in one step: it fails with
// EEXIST when `path` exists, and the file that another process put there
// is kept untouched. The private name is removed either way. So no process
// ever sees `path` half made: it is missing, or a whole pli database. On a
// file system without hard links, renameat2 with RENAME_NOREPLACE does the
// same. Killed before the link, the process leaves only the private file
// (".NAME.pli-new-XXXXXX"), which nothing reads.
void CreateDatabase(const std::string& path, std::span<const Migration> migrations,
                    int busy_timeout_ms) {
  const std::filesystem::path target(path);
  const std::string dir = target.has_parent_path() ? target.parent_path().string() : ".";
  std::string temp = (std::filesystem::path(dir) / ("." + target.filename().string() +
                                                    ".pli-new-XXXXXX")).string();
  int fd = ::mkstemp(temp.data());
  if (fd < 0) throw StoreError(CreateFailure(path, dir, errno));
  const mode_t mask = ::umask(0);  // mkstemp makes 0600; SQLite would make 0666 & ~umask
  ::umask(mask);
  ::fchmod(fd, 0666 & ~mask);
  ::close(fd);
  struct RemoveTemp {  // this process's private file: never another's database
    std::string name;
    ~RemoveTemp() {
      for (const char* suffix : {"", "-wal", "-shm", "-journal"}) ::unlink((name + suffix).c_str());
    }
  } remove_temp{temp};
  {
    Db db = Connect(temp, path, SQLITE_OPEN_READWRITE, false);
    sqlite3_busy_timeout(db.get(), busy_timeout_ms);
    // Built with a rollback journal, so that COMMIT itself writes the file
    // and reports a full disk; WAL mode is set last, with nothing to fold
    // back on close. One fsync below instead of SQLite's several.
    db.Exec("PRAGMA synchronous = OFF");
    Migrate(db, OpenMode::kCreate, migrations);
    SetWal(db, busy_timeout_ms);
  }  // closed: its -wal and -shm removed
  std::error_code ec;
  if (std::filesystem::exists(temp + "-wal", ec) || std::filesystem::exists(temp + "-journal", ec)) {
    // Closing could not fold the -wal back (a full disk): never give this
    // file the name, its schema is partly in the -wal.
    throw StoreError("cannot create " + path + ": the new database could not be written whole" +
                     " (is the disk full?); nothing was created");
  }
  SyncFile(temp, path);  // on disk before it has a name anyone uses
  if (::link(temp.c_str(), path.c_str()) == 0) return SyncDir(dir);
  int err = errno;
  if (err == EEXIST) return;  // another process created it first: theirs is used
  if (err == EPERM || err == EOPNOTSUPP || err == EMLINK) {
    if (::renameat2(AT_FDCWD, temp.c_str(), AT_FDCWD, path.c_str(), RENAME_NOREPLACE) == 0) {
      return SyncDir(dir);
    }
    if (errno == EEXIST) return;
    err = errno;
  }
  throw StoreError(CreateFailure(path, dir, err));
}

}  // namespace

std::span<const Migration> Migrations() {
  static const std::string version4 = Version4Sql();
  static const std::array<Migration, 4> migrations = {kVersion1, kVersion2, kVersion3, version4};
  return migrations;
}

int64_t SchemaVersionOf(const Db& db) { return ReadIdentity(db).version; }

void KnowEventTypes(const Db& db, const Game& game) {
  // Built once per game: a game's names never change while pli runs.
  static const std::vector<std::string> inserts = [] {
    std::vector<std::string> out;
    for (const Game* g : Games()) out.push_back(EventTypeInserts(*g, "INSERT OR IGNORE"));
    return out;
  }();
  const std::span<const Game* const> games = Games();
  for (size_t i = 0; i < games.size(); ++i) {
    if (games[i] == &game) return db.Exec(inserts[i].c_str());
  }
}

void SetBusyHandler(const Db& db, int busy_timeout_ms) {
  sqlite3_busy_handler(db.get(), FairBusyHandler,
                       reinterpret_cast<void*>(static_cast<intptr_t>(busy_timeout_ms)));
}

Db OpenDb(const std::string& path, OpenMode mode, std::span<const Migration> migrations,
          int busy_timeout_ms) {
  auto current = static_cast<int64_t>(migrations.size());
  if (mode == OpenMode::kReadOnly) {
    Identity id;
    Db db = OpenReader(path, busy_timeout_ms, id);
    CheckIdentity(db, id, mode, current);
    return db;
  }
  if (!IsDatabaseFile(path)) {
    if (mode != OpenMode::kCreate) RequireDatabaseFile(path);
    CreateDatabase(path, migrations, busy_timeout_ms);
    RequireDatabaseFile(path);
  }
  if (::access(path.c_str(), W_OK) != 0) {
    const int err = errno;
    throw StoreError(path + " cannot be written (" + std::strerror(err) +
                     "): it or its mount is read-only; the commands that only read (audit, "
                     "state, legal, explain, replay, diff, export) work there");
  }
  Db db = Connect(path, path, SQLITE_OPEN_READWRITE, false);
  SetBusyHandler(db, busy_timeout_ms);  // fair turns among writers
  // Connection settings only: nothing here writes to the file.
  db.Exec("PRAGMA synchronous = FULL; PRAGMA recursive_triggers = ON; PRAGMA foreign_keys = ON");
  bool older = CheckIdentity(db, ReadIdentity(db), mode, current);
  SetWal(db, busy_timeout_ms);
  if (older) Migrate(db, mode, migrations);
  return db;
}

Db OpenPliFile(const std::string& path) {
  Identity id;
  Db db = OpenReader(path, kBusyTimeoutMs, id);
  if (id.application_id != kApplicationId || id.version == 0) {
    throw StoreError(path + " is a SQLite database but not a pli database");
  }
  return db;
}

}  // namespace pli::sqlite
