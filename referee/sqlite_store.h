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

// A pli database open read-only, which can also hand a game's rows over one
// by one without copying them (audit, state: the fast paths of
// replay/stored_scan.h).
class SqliteReader : public EventStore {
 public:
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

// Copies a database safely, WAL included, to `target` (which must not
// exist) with SQLite's online backup API; readers and writers may go on
// meanwhile. Throws StoreError.
void BackupSqliteStore(const std::string& path, const std::string& target);

// The schema version this program writes (PRAGMA user_version).
int SqliteSchemaVersion();

}  // namespace pli

#endif  // PLI_REFEREE_SQLITE_STORE_H_
