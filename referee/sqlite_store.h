// sqlite_store.h: the event store in a SQLite database file (schema/STORE.md:
// tables, triggers, views, migrations, pragmas).
#ifndef PLI_REFEREE_SQLITE_STORE_H_
#define PLI_REFEREE_SQLITE_STORE_H_

#include <memory>
#include <string>

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

// Copies a database safely, WAL included, to `target` (which must not
// exist) with SQLite's online backup API; readers and writers may go on
// meanwhile. Throws StoreError.
void BackupSqliteStore(const std::string& path, const std::string& target);

// The schema version this program writes (PRAGMA user_version).
int SqliteSchemaVersion();

}  // namespace pli

#endif  // PLI_REFEREE_SQLITE_STORE_H_
