// side_store.h: where `pli serve` keeps its own data (tables, seats, token
// hashes, invitation codes, who acted for a person, the tables closed for
// idleness), beside the event log and outside it (`pli export` and `pli
// audit` read only the log). Two implementations: tables of their own in the
// SQLite file (side_store.cc), and tables of the schema `pli` on PostgreSQL
// (side_store_pg.cc), made by the schema's migration (referee/
// postgres_schema.cc, version 3) and readable by the role that writes only
// (../shared/SERVE.md "Beyond one machine"). The writer thread alone calls it.
#ifndef PLI_SERVE_SIDE_STORE_H_
#define PLI_SERVE_SIDE_STORE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "serve/tokens.h"

namespace pli::serve {

struct SideSeat {
  int seat = 0;
  std::string name, kind;
  std::optional<TokenHash> token;
};

struct SideTable {
  std::string id, code, ruleset, options, level, game;
  int size = 0;
  std::optional<TokenHash> host;
  int64_t bot_seed = 0;
  bool started = false;
  std::vector<SideSeat> seats;  // only the seats stored
};

class SideStore {
 public:
  virtual ~SideStore() = default;
  // One transaction around the writes of a group (Begin, writes, Commit;
  // Rollback after a failure). Every write throws StoreError on failure.
  virtual void Begin() = 0;
  virtual void Commit() = 0;
  virtual void Rollback() noexcept = 0;
  virtual void AddTable(const SideTable& t) = 0;  // its seats are not written
  virtual void PutSeat(const std::string& table, const SideSeat& s) = 0;  // inserts or replaces
  virtual void MarkStarted(const std::string& table) = 0;
  virtual void PutBy(const std::string& game, int64_t seq, const std::string& by) = 0;
  virtual void MarkClosed(const std::string& table) = 0;
  // The tables not closed, the newest first, at most `limit`, with their
  // seats; and every serve_by row as game -> seq -> by.
  virtual std::vector<SideTable> Tables(size_t limit) = 0;
  virtual std::map<std::string, std::map<int64_t, std::string>> By() = 0;
  // One table not closed, by its id, or by its code when `by_code`; with
  // its seats. For a node that did not make it (several nodes, PostgreSQL).
  virtual std::optional<SideTable> Find(const std::string& key, bool by_code) = 0;
  // Tells the other nodes that `game` has events up to `seq` (PostgreSQL:
  // NOTIFY pli_events, payload "SEQ GAME", after the commit); SQLite: nothing.
  virtual void Notify(const std::vector<std::pair<std::string, int64_t>>& heads) { (void)heads; }
};

// A node's ear for the other nodes' events (PostgreSQL: LISTEN pli_events
// on a connection of its own, a thread of its own); gone, it stops.
class EventListener {
 public:
  virtual ~EventListener() = default;
};

// Which node drives a table's bots and grace timers (SERVE.md: "One driver
// per table"): a session-level advisory lock per table on a connection of
// its own (pg_try_advisory_lock(1347176754, hashtext(table))), which
// PostgreSQL frees when the node's connection closes (kill -9 included).
class TableLocks {
 public:
  virtual ~TableLocks() = default;
  virtual bool TryLock(const std::string& table) = 0;  // true: this node drives it now
  virtual void Unlock(const std::string& table) = 0;
  // Failover (serve/README.md "Failover"): a lost lock connection frees
  // every lock it held. Check asks the server (one round trip) and, when
  // the connection is lost, connects again (after a backoff); TryLock does
  // too. Epoch counts the connections made after a loss: when it changes,
  // the node drives nothing until it wins each lock again.
  virtual void Check() {}
  virtual uint64_t Epoch() const { return 0; }
};
// nullptr for a SQLite file (one node drives every table).
std::unique_ptr<TableLocks> OpenTableLocks(const std::string& db);

// Calls `heard(game, seq)` on the listener's thread for each event another
// node (or this one) announces; nullptr for a SQLite file (one node). A lost
// connection is made again (backoff from 20 ms to 1 s) and LISTEN sent
// again; then `heard("", 0)`: what was announced meanwhile was not heard, so
// the node reads every table it holds.
std::unique_ptr<EventListener> ListenForEvents(const std::string& db,
                                               std::function<void(std::string, int64_t)> heard);

// The side store of `db`: a PostgreSQL one for a postgresql:// or
// postgres:// URI (its schema migrated), else the SQLite file's tables
// (made if missing).
std::unique_ptr<SideStore> OpenSideStore(const std::string& db);

}  // namespace pli::serve

#endif  // PLI_SERVE_SIDE_STORE_H_
