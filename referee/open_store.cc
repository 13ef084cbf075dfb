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

}  // namespace pli
