// sqlite_store.h: the event store in a SQLite database file (schema/STORE.md:
// tables, triggers, views, migrations, pragmas).
#ifndef PLI_REFEREE_SQLITE_STORE_H_
#define PLI_REFEREE_SQLITE_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/store.h"

namespace pli {

enum class OpenMode {
  kReadOnly,      // audit, state, legal, export: the file must exist
  kReadWrite,     // play, pass, ...: the file must exist and be a pli database
  kCreate,        // new, import: creates the file and the schema if missing
};

// Opens (and, for kCreate, creates) a pli database. Sets WAL,
// synchronous=FULL, busy_timeout, recursive_triggers and foreign keys;
// brings an older schema up to date (migrations; not in kReadOnly, where an
// older schema is an error asking for a read-write command first).
// Throws StoreError naming the file when it cannot be opened, is not a
// SQLite database, is a SQLite database that is not pli's, or has a schema
// version newer than this program knows.
std::unique_ptr<EventStore> OpenSqliteStore(const std::string& path, OpenMode mode);

// A stored row as a scan sees it: views into SQLite's own buffers, valid
// only while the row is being visited (StoredEvent is the row copied out);
// its columns as ColumnsView (schema/record.h) holds them.
struct StoredRowView : ColumnsView {
  int64_t seq = 0;
  std::string_view body;
  Hash hash{};
  Hash prev{};                         // the prev column
};

// What SqliteReader::ScanGames hands each game's rows to, game after game.
class GameRowsVisitor {
 public:
  virtual ~GameRowsVisitor() = default;
  // The rows of `game` (a games row's id) are next.
  virtual void Start(std::string_view game) = 0;
  // The next row of the game, in seq order, gaps and all; false: the
  // game's other rows are not wanted.
  virtual bool Row(const StoredRowView& row) = 0;
  // The game's rows are over; `row` is its games row.
  virtual void Finish(std::string_view game, const GameRow& row) = 0;
};

// A pli database open read-only, which can also hand a game's rows over one
// by one without copying them (audit, state: the fast paths of
// replay/stored_scan.h).
class SqliteReader : public EventStore {
 public:
  // Runs fn in one read transaction: every read inside it (Games, Read,
  // ScanRows, ScanGames, GameHeads, StrayGames, CheckFile) sees the same
  // snapshot, whatever a writer commits meanwhile.
  virtual void InOneSnapshot(const std::function<void()>& fn) = 0;

  // Visits every game that has a games row, in the order of the tables'
  // keys (the ids' byte order, not creation order), each with its rows in
  // seq order, gaps and all: two statements over the whole tables stepped
  // side by side, in one read transaction, with no query, bind or seek per
  // game (an archive's audit: replay/audit.cc). Event rows that belong to
  // no games row are skipped (StrayGames reports them). The visitor may
  // read the store meanwhile (Read: the detailed path). With `from` and
  // `to`, the games whose ids are in [from, to) only (nullopt: no end):
  // one seek to `from` (a range of games for one thread of a parallel
  // audit).
  virtual void ScanGames(GameRowsVisitor& visit, std::string_view from = {},
                         const std::optional<std::string>& to = std::nullopt) = 0;

  // Visits the rows of `game` in seq order, gaps and all, reading the games
  // row and the rows in one read transaction (one snapshot), until `row`
  // returns false. Returns the games row (its head, its copies); nullopt,
  // visiting nothing, when there is no such game.
  virtual std::optional<GameRow> ScanRows(std::string_view game,
                                          const std::function<bool(const StoredRowView&)>& row) = 0;

  // The rows that belong to no game (EventStore::StrayGames): only a
  // writer without the foreign key, or a renamed games row, leaves such rows.
  std::vector<std::pair<std::string, int64_t>> StrayGames() override = 0;

  // SQLite's own check of the file (PRAGMA integrity_check: every page,
  // b-tree, index entry against its row, and the free list): what it
  // reports, at most `limit` lines, none when the file is sound. A damage
  // that keeps the check itself from running is one line saying so.
  virtual std::vector<std::string> CheckFile(int limit = 100) = 0;
};

// Opens a pli database read-only (as OpenSqliteStore with kReadOnly).
std::unique_ptr<SqliteReader> OpenSqliteReader(const std::string& path);

// Runs fn with `count` more readers of the file `store` reads, `store` and
// each of them inside a read transaction on one snapshot: whatever a writer
// commits meanwhile, every read through any of them sees the same
// database (a parallel audit, one reader a thread; `store` stays the
// caller's). Debian's SQLite is built without SQLITE_ENABLE_SNAPSHOT
// (sqlite3_snapshot_get/open), so the snapshots are made the same by
// starting them all with no commit in between: PRAGMA data_version, read on
// a probe connection before the first starts and after the last has read,
// is unchanged (else they are ended and started again, a few times).
// Returns false, without calling fn, when that never held (a writer
// committing all the time), or when `store` reads a private copy of the
// file (a -wal without its -shm on a read-only mount: each reader would
// copy the file again); the caller then reads on `store` alone. `store`
// must not be inside a transaction.
bool InSharedSnapshot(SqliteReader& store, int count,
                      const std::function<void(const std::vector<SqliteReader*>&)>& fn);

// Copies a database safely, WAL included, to `target` (which must not
// exist) with SQLite's online backup API; readers and writers may go on
// meanwhile. Throws StoreError.
void BackupSqliteStore(const std::string& path, const std::string& target);

// The schema version this program writes (PRAGMA user_version).
int SqliteSchemaVersion();

}  // namespace pli

#endif  // PLI_REFEREE_SQLITE_STORE_H_
