// open_store.cc: the store a --db names (open_store.h).
#include "referee/open_store.h"

namespace pli {

std::unique_ptr<EventStore> OpenStore(const std::string& db, OpenMode mode) {
  if (IsPostgresUri(db)) return OpenPostgresStore(db, mode);
  return OpenSqliteStore(db, mode);
}

std::string StoreName(const std::string& db) {
  return IsPostgresUri(db) ? RedactedUri(db) : db;
}

std::string PostgresBackupAdvice(const std::string& uri) {
  return "pli backup copies SQLite files only; " + RedactedUri(uri) +
         " is a PostgreSQL database: back it up with the server's tools, e.g. "
         "pg_dump --format=custom --schema=pli --file=pli.dump 'URI' (a consistent snapshot, "
         "restored with pg_restore), or a base backup with WAL archiving for point-in-time "
         "recovery; pli audit --db on the restored copy checks it (docs/POSTGRES.md)";
}

}  // namespace pli
