// store_ops.h: what the store benchmarks time. On one side pli's own paths
// (audit, state at an event, as `pli audit --db` and `pli state --db` run
// them); on the other the bare SQLite work they are compared with (a scan of
// the rows, an INSERT and COMMIT of the same rows with the same pragmas),
// through the SQLite C API directly.
#ifndef PLI_BENCH_STORE_OPS_H_
#define PLI_BENCH_STORE_OPS_H_

#include <sqlite3.h>

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "referee/chain.h"
#include "referee/store.h"
#include "games/president/log.h"
#include "replay/audit.h"

namespace pli::bench {

// Creates a pli database of at least `events` events of random games (ids
// "g000001" ...), imported with pli::Import in transactions of 200 games,
// unless `path` exists already. Written under a temporary name and renamed
// when complete, so an interrupted run leaves nothing to reuse.
void MakeDb(const std::string& path, int64_t events, uint64_t seed);

// What MakeDb does for any game's archive: unless `path` exists, calls
// import_batch(store, first) until at least `events` events are written,
// each call importing the 200 games numbered from `first` and returning the
// events it wrote; `what` names the events in the progress line.
void MakeArchive(const std::string& path, int64_t events, const std::string& what,
                 const std::function<int64_t(EventStore&, int)>& import_batch);

// The games of a database in creation order, each with its head seq.
std::vector<std::pair<std::string, int64_t>> GameHeads(const std::string& path);

// SELECT game, seq, body, hash FROM events, every row, touching each column,
// on a connection opened as pli opens one (serialized: SQLite locks the
// connection's mutex in every call), or with SQLITE_OPEN_NOMUTEX. Returns
// the rows read.
int64_t BareScan(const std::string& path, bool no_mutex);
// The same scan, and the SHA-256 chain hash of each row (its link only).
int64_t ScanAndHash(const std::string& path);
// SELECT of every column the audit reads (game, seq, type, seat, id, cards,
// body, hash), every row, touching each column, on a default connection.
int64_t WideScan(const std::string& path);

// What `pli audit --db` does, in process (replay/audit.h AuditDbGames,
// without SQLite's integrity_check and the database head): in one read
// transaction, one pass over every game's rows from SQLite's buffers in key
// order (AuditSqliteGames: chain, head, columns, decode, Decide and Apply).
// Aborts unless every game is clean. Returns the events audited.
int64_t AuditDb(const std::string& path);
// The same audit by `jobs` threads, each scanning a range of the games on
// its own connection, one snapshot shared (`pli audit --db --jobs N`:
// InSharedSnapshot, AuditSqliteGames). Aborts unless every game is clean.
int64_t AuditDbParallel(const std::string& path, int jobs);
// The detailed path, which `pli audit --db` takes for a game with anything
// to report (and took for every game before the fast path): Read,
// CheckStoredGame and AuditByPosition. Aborts unless every game is clean.
int64_t AuditDbDetailed(const std::string& path);

// A row as pli would write it, computed ahead for the raw inserts.
struct RawRow {
  int64_t seq = 0;
  int type = 0;
  int seat = -1;
  std::optional<std::string> id;
  std::string cards, body;
  Hash hash{}, prev{};
  EventDetails details;  // the columns of schema 3 (declaration, recipient, at, seed)
};
std::vector<RawRow> RowsOf(const GameLog& game);

// A connection with pli's pragmas (WAL, synchronous=FULL, busy_timeout,
// recursive_triggers, foreign_keys) and the two inserts pli's store makes
// (InsertGame only with pli_schema; else the file needs only an `events`
// table with pli's columns).
class RawDb {
 public:
  RawDb(const std::string& path, bool pli_schema);
  ~RawDb();
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;

  void Exec(const char* sql);
  // INSERT INTO games, as the store does before event 1 of a game.
  void InsertGame(const std::string& game, const GameLog& log);
  void InsertEvent(const std::string& game, const RawRow& row);

 private:
  sqlite3* db_ = nullptr;
  sqlite3_stmt* game_ = nullptr;
  sqlite3_stmt* event_ = nullptr;
};

// Removes a database file and its -wal, -shm and -journal.
void RemoveDb(const std::string& path);

// Counts the events an audit hands over, and stops the benchmark unless
// every game is clean (measurements 3 and 9 audit archives they made clean).
class CleanSink final : public AuditSink {
 public:
  bool keep_going() const override { return false; }
  void Add(const GameVerdict& game) override;
  void AddClean(const std::string&, int64_t n) override { events += n; }
  void SetDatabaseCheck(const std::string&, std::vector<std::string>) override {}
  void SetDatabase(const DatabaseHead&, std::vector<DatabaseProblem>) override {}
  void Progress(size_t, size_t) override {}

  int64_t events = 0;
};

}  // namespace pli::bench

#endif  // PLI_BENCH_STORE_OPS_H_
