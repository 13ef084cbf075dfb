// postgres_schema.h: the PostgreSQL store's schema and migrations
// (postgres_schema.cc), used by postgres_store.cc.
#ifndef PLI_REFEREE_POSTGRES_SCHEMA_H_
#define PLI_REFEREE_POSTGRES_SCHEMA_H_

#include <memory>
#include <string>

#include "referee/postgres_conn.h"
#include "referee/postgres_store.h"

namespace pli::pg {

// The SQLSTATEs the triggers raise (class PL: pli's own).
inline constexpr const char* kNotAtHead = "PLI01";     // seq/prev do not follow the game's head
inline constexpr const char* kBadHash = "PLI02";       // hash is not sha256(prev || seq || body)
inline constexpr const char* kBadOpening = "PLI03";    // event 1 not a game event, or a game event later
inline constexpr const char* kAppendOnly = "PLI04";    // an update, delete or truncate refused

// Connects and makes the schema what `mode` asks (OpenPostgresStore).
std::unique_ptr<Conn> Connect(const std::string& uri, OpenMode mode, const PostgresOptions& options);

// The number of migrations: the schema version this program writes.
int SchemaVersion();

}  // namespace pli::pg

#endif  // PLI_REFEREE_POSTGRES_SCHEMA_H_
