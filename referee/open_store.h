// open_store.h: opens the store a --db names: a PostgreSQL database for a
// libpq URI (postgresql://... or postgres://...), a SQLite file otherwise
// (INTERFACE.md §2, ../shared/POSTGRES.md).
#ifndef PLI_REFEREE_OPEN_STORE_H_
#define PLI_REFEREE_OPEN_STORE_H_

#include <memory>
#include <string>

#include "referee/postgres_store.h"
#include "referee/sqlite_store.h"
#include "referee/store.h"

namespace pli {

// OpenPostgresStore or OpenSqliteStore, by what `db` looks like. Throws
// StoreError as they do.
std::unique_ptr<EventStore> OpenStore(const std::string& db, OpenMode mode);

// What a message calls the store `db` names: the URI without its password,
// or the file name as given.
std::string StoreName(const std::string& db);

// What `pli backup` says for a PostgreSQL database, which it does not copy:
// the server's own tools do (pg_dump, or a base backup and WAL archiving).
std::string PostgresBackupAdvice(const std::string& uri);

}  // namespace pli

#endif  // PLI_REFEREE_OPEN_STORE_H_
