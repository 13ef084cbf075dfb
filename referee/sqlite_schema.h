// sqlite_schema.h: the SQL schema of a pli database and how a connection to
// one is opened (private to referee/; documented in schema/STORE.md).
//
// The schema is an ordered list of migrations: step i takes the database
// from version i to version i + 1 (PRAGMA user_version). Version 0 is an
// empty file; step 0 creates the tables, triggers and views of version 1.
// Steps are applied in one transaction on open, so a database is always at
// one version. Never edit a step that has shipped: append a new one.
//
// The list is a parameter of OpenDb so that tests can prove the mechanism
// with a list of their own (tests/referee/sqlite_store_test.cc).
#ifndef PLI_REFEREE_SQLITE_SCHEMA_H_
#define PLI_REFEREE_SQLITE_SCHEMA_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "referee/sqlite_db.h"
#include "referee/sqlite_store.h"

namespace pli {
class Game;
}  // namespace pli

namespace pli::sqlite {

// PRAGMA application_id of every pli database: "PLI1" in ASCII.
inline constexpr int32_t kApplicationId = 0x504C4931;
// How long a connection waits for another writer before SQLITE_BUSY.
inline constexpr int kBusyTimeoutMs = 10000;

// The oldest schema version a read-only connection reads without it being
// migrated first (schema/STORE.md §7): version 2 added only an index and a
// view's order, which no reader of pli's needs; version 3 added columns
// that a reader reads only from a file that has them (kDetailsVersion). A
// step that changes what readers read raises it.
inline constexpr int64_t kOldestReadableVersion = 1;

// The version from which events has the columns declaration, recipient, at
// and seed (EventDetails): a store on an older file, read as it is, neither
// reads nor writes them.
inline constexpr int64_t kDetailsVersion = 3;

// The file's schema version (PRAGMA user_version). Throws StoreError.
int64_t SchemaVersionOf(const Db& db);

// The version from which the file has event_types (the names of each
// game's event types, read by events_view).
inline constexpr int64_t kEventTypesVersion = 4;

// Adds `game`'s rows to event_types where they are missing (INSERT OR
// IGNORE), inside the caller's transaction. A writer calls it with each new
// game's first event, so a game added to pli after a file was made needs no
// schema step of its own (issue 27): the file keeps its version, and an
// older pli still opens it (and names that game's types in events_view).
void KnowEventTypes(const Db& db, const Game& game);

// Installs the busy handler of every pli connection: while another
// connection holds the write lock, sleep a random 0.1-2 ms and retry, for
// up to `busy_timeout_ms` (then SQLITE_BUSY: "locked by another writer").
// SQLite's own busy_timeout sleeps ever longer (up to 100 ms) and so loses
// the lock, again and again, to writers that ask at the right moment; short
// random sleeps give every waiter its turn (docs/PERFORMANCE.md).
void SetBusyHandler(const Db& db, int busy_timeout_ms);

// One migration: SQL taking the schema from its index to index + 1. It
// must not set user_version (OpenDb does) nor change journal_mode.
using Migration = std::string_view;

// This program's migrations; their count is SqliteSchemaVersion().
std::span<const Migration> Migrations();

// Opens `path` as a pli database whose current version is
// `migrations.size()`:
//  - kReadOnly / kReadWrite: the file must exist (it is not created);
//  - it must be SQLite, and pli's (application_id, or an empty file in
//    kCreate), and not newer than `migrations`;
//  - the connection gets busy_timeout, synchronous=FULL,
//    recursive_triggers=ON, foreign_keys=ON and, unless read-only,
//    journal_mode=WAL;
//  - kReadWrite / kCreate apply the missing steps in one transaction;
//    kReadOnly reads an older version as it is, from
//    kOldestReadableVersion on (it never writes).
// Nothing is written to a file that is refused. Throws StoreError.
Db OpenDb(const std::string& path, OpenMode mode,
          std::span<const Migration> migrations = Migrations(),
          int busy_timeout_ms = kBusyTimeoutMs);

// Opens an existing pli database read-only, whatever its schema version
// (for BackupSqliteStore, which copies pages and reads no table). Throws
// StoreError as OpenDb does for a missing, non-SQLite or foreign file.
Db OpenPliFile(const std::string& path);

// The event store on an open connection (defined in sqlite_store.cc).
std::unique_ptr<EventStore> NewSqliteStore(Db db);

}  // namespace pli::sqlite

#endif  // PLI_REFEREE_SQLITE_SCHEMA_H_
