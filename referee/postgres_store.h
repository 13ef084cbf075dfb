// postgres_store.h: the event store in a PostgreSQL database, over libpq
// (../shared/POSTGRES.md is the design; docs/POSTGRES.md says how to run
// pli against a server). The same tables and meaning as the SQLite store
// (schema/STORE.md), in the schema `pli`, guarded by triggers that check
// the chain with the server's own sha256 and refuse UPDATE, DELETE and
// TRUNCATE even to the owner.
//
// Write is optimistic: fn runs against the store's cache of heads it wrote
// or read, its appends are buffered, and the commit is one round trip (one
// guarded INSERT, or a pipeline of them ended by one Sync); many appends (an
// import, which this store takes whole in one Write:
// ImportsInOneTransaction) go by binary COPY in one transaction, through the
// same row triggers. When the server
// refuses the commit because another writer moved the game on (SQLSTATE
// PLI01, a unique violation, a serialization failure), the cache of those
// games is dropped and fn runs again, reading fresh heads; so does a fn that
// returned false after reading a cached head (a refusal must be judged on
// the latest log). fn may therefore run more than once: it must have no
// effect outside the store that a rerun does not redo.
#ifndef PLI_REFEREE_POSTGRES_STORE_H_
#define PLI_REFEREE_POSTGRES_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "referee/sqlite_store.h"  // OpenMode
#include "referee/store.h"

namespace pli {

// Whether `db` names a PostgreSQL database (a libpq URI: postgresql://...
// or postgres://...) rather than a SQLite file.
bool IsPostgresUri(std::string_view db);

// How a new schema is laid out (only when this open creates it).
struct PostgresOptions {
  int partitions = 0;  // >0: events hash-partitioned by game into this many tables
};

// Connects to the database `uri` names and checks (kReadOnly), brings up to
// date (kReadWrite) or creates (kCreate) the schema `pli`, migrations in one
// transaction under an advisory lock. Throws StoreError naming the server
// (the URI without its password) and what is wrong: no connection, no pli
// schema (kReadOnly, kReadWrite), a newer schema version, a refused write.
std::unique_ptr<EventStore> OpenPostgresStore(const std::string& uri, OpenMode mode,
                                              const PostgresOptions& options = {});

// A game as PostgresReader::ScanGames hands it over: its games row and its
// rows in seq order, gaps and all (views into the reader's buffers, valid
// during the visit only). `rows_read` is how many event rows the scan had
// read from the server when it handed this game over: this game's, those of
// the games before it and at most one more (the row that shows this game
// ended): what tests check to see that a scan holds one game at a time.
struct ScannedGame {
  std::string_view game;
  GameRow row;
  std::span<const StoredRowView> rows;
  int64_t rows_read = 0;
};

// The game copied out of the scan's buffers: what Read(game) returns for it
// (from the same snapshot).
StoredGame StoredGameOf(const ScannedGame& game);

// A PostgreSQL store open for reading that can also stream every game's
// rows in one statement (pli audit --db URI: replay/audit.cc).
class PostgresReader : public EventStore {
 public:
  // Visits every game (only `game`, when given) in creation order, each
  // whole: one statement, so one snapshot, a binary COPY of the games rows
  // joined with their events in (created, seq) order, read as the server
  // sends it. Memory holds one game's rows at a time. Throws StoreError.
  virtual void ScanGames(const std::optional<std::string>& game,
                         const std::function<void(const ScannedGame&)>& visit) = 0;
  // Runs fn in one read-only REPEATABLE READ transaction: every read inside
  // it sees the same snapshot (the games listed, their rows, their heads).
  virtual void InOneSnapshot(const std::function<void()>& fn) = 0;
};

// Connects to `uri` as OpenPostgresStore(uri, kReadOnly) does.
std::unique_ptr<PostgresReader> OpenPostgresReader(const std::string& uri);

// The schema version this program writes (the meta table's schema_version).
int PostgresSchemaVersion();

// The URI with its password, if any, replaced by "***": what messages show.
std::string RedactedUri(std::string_view uri);

}  // namespace pli

#endif  // PLI_REFEREE_POSTGRES_STORE_H_
