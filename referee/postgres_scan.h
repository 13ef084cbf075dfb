// postgres_scan.h: the one-statement scan of every game's rows on
// PostgreSQL (PostgresReader::ScanGames, postgres_store.h), apart from the
// store so that postgres_store.cc keeps its reads and writes.
#ifndef PLI_REFEREE_POSTGRES_SCAN_H_
#define PLI_REFEREE_POSTGRES_SCAN_H_

#include <functional>
#include <optional>
#include <string>

#include "referee/postgres_conn.h"
#include "referee/postgres_store.h"

namespace pli::pg {

// PostgresReader::ScanGames on connection `c`: one binary
// `COPY (SELECT ... FROM pli.games LEFT JOIN pli.events ... ORDER BY
// created, game) TO STDOUT`, read a row at a time (libpq hands one
// CopyData message, one row, per call), each game's rows kept until the
// first row of the next game shows it ended, then put in seq order, handed
// to `visit` and freed. A visit that throws cancels the statement; the exception
// propagates and the connection stays usable.
void ScanGames(Conn& c, const std::optional<std::string>& game,
               const std::function<void(const ScannedGame&)>& visit);

}  // namespace pli::pg

#endif  // PLI_REFEREE_POSTGRES_SCAN_H_
