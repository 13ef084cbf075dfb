// store.h: the event store behind an interface (STYLE.md: the way LevelDB
// tests against NewMemEnv). Two implementations: SQLite (sqlite_store.h),
// the real one, and memory (memory_store.h), for tests.
//
// A store keeps, per game, an append-only sequence of events numbered from
// 1, each with its stored encoding (schema/record.h: each game writes its own) and its chain hash
// (chain.h), and the game's head: the seq and hash of its last event, kept
// apart from the rows so that a cut-off tail shows (schema/STORE.md).
// The store does not judge events: referee.h decides, then appends.
//
// Errors (an unreadable or foreign file, a newer schema, a refused write, a
// full disk) throw StoreError; the cli turns it into exit status 2.
#ifndef PLI_REFEREE_STORE_H_
#define PLI_REFEREE_STORE_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/chain.h"
#include "schema/record.h"

namespace pli {

class StoreError : public std::runtime_error {
 public:
  using std::runtime_error::runtime_error;
};

// One stored event, as read back.
struct StoredEvent {
  int64_t seq = 0;
  std::string body;       // the event's stored encoding (schema/record.h)
  Hash hash{};            // ChainHash(previous hash, seq, body)
  EventColumns columns;   // as stored (may disagree with body if tampered)
  Hash prev{};            // the prev column as stored: the hash this row chains to
};

// Where a game's log ends, as the store recorded it when appending.
struct Head {
  int64_t seq = 0;
  Hash hash{};  // kGenesis for seq 0
  friend bool operator==(const Head&, const Head&) = default;
};

// The checks every store makes before an append, shared by the
// implementations: throws StoreError saying what is wrong unless, given the
// game's recorded head (nullopt: no such game), `seq` is head + 1, event 1
// is a game event (its record has an opening) that names `game` (and the
// game is new), no other event is one, and `hash` == ChainHash(head hash,
// seq, body). (Whether the id is new in the game is the store's own check.)
void CheckAppend(const std::optional<Head>& head, std::string_view game, int64_t seq,
                 const EventRecord& record, const Hash& hash);

// The seats as the games table keeps them (schema/STORE.md §2): a JSON
// array of strings, `"` and `\` escaped with a backslash, control
// characters as \u00XX, everything else as is (["Ann","Bob","Cleo","Dan"]).
std::string SeatsJson(const std::vector<std::string>& seats);

// A game's row of the games table: copies of its game event kept for
// readers (ruleset, seats), its creation number and its recorded head.
struct GameRow {
  std::string ruleset;
  std::string seats;     // as SeatsJson writes them, unless tampered with
  int64_t created = 0;   // 1, 2, ... in creation order
  Head head;
};

// A game as stored: its rows in seq order (gaps and all, if tampered), its
// recorded head and the other copies of its games row.
struct StoredGame {
  std::string game;
  std::vector<StoredEvent> events;
  Head head;
  std::string ruleset;   // the games row's copies (GameRow)
  std::string seats;
  int64_t created = 0;
};

// A game's id, creation number and recorded head: what the database head
// hashes (schema/STORE.md §3).
struct GameHead {
  std::string game;
  int64_t created = 0;
  Head head;
};

// The head of a whole database: the number of games it covers and a hash
// over their heads, in creation order (schema/STORE.md §3):
//   SHA-256( for each game: be64(len(id)) ‖ id ‖ be64(head seq) ‖ head hash )
// where be64 is 8 bytes big-endian and id the game id's UTF-8 bytes. In
// text "db:N:HASH" (N in decimal, HASH 64 lowercase hex digits).
struct DatabaseHead {
  int64_t games = 0;
  Hash hash{};
  friend bool operator==(const DatabaseHead&, const DatabaseHead&) = default;
};
// The head of the given games, in the order given (all of them).
DatabaseHead DatabaseHeadOf(const std::vector<GameHead>& games);
// Adds one game to a database head being computed.
void AddToDatabaseHead(Sha256Stream& sha, std::string_view game, const Head& head);
// "db:N:HASH".
std::string DatabaseHeadText(const DatabaseHead& head);

class MatchCache;  // referee/match_cache.h

class EventStore {
 public:
  EventStore();
  virtual ~EventStore();
  EventStore(const EventStore&) = delete;
  EventStore& operator=(const EventStore&) = delete;

  // The games SubmitAny (referee/referee.h) has folded through this store
  // object, each kept at its head, so that the next submit to one skips
  // reading and folding it again (referee/match_cache.h). Each store object
  // keeps its own, a decorator too. Made on first use.
  MatchCache& Matches();

  // The ids of every game, in the order they were created.
  virtual std::vector<std::string> Games() = 0;

  // A game's rows and head; nullopt when there is no such game.
  virtual std::optional<StoredGame> Read(std::string_view game) = 0;

  // The recorded head of a game; nullopt when there is no such game.
  virtual std::optional<Head> HeadOf(std::string_view game) = 0;

  // Every game's id, creation number and recorded head, in creation order
  // (DatabaseHeadOf hashes them). This default asks Games() and HeadOf()
  // (creation numbers 1, 2, ...); the SQLite store reads them with one
  // statement, from one snapshot.
  virtual std::vector<GameHead> GameHeads();

  // The database head now (DatabaseHeadOf over GameHeads()); the SQLite
  // store hashes the rows as it reads them, copying nothing.
  virtual DatabaseHead CurrentDatabaseHead() { return DatabaseHeadOf(GameHeads()); }

  // The seq of the game's event with this idempotency key, if any.
  virtual std::optional<int64_t> FindId(std::string_view game, std::string_view id) = 0;

  // Appends event `seq` of `game`, of any game (schema/record.h): seq 1
  // must be the game event and creates the game. Only inside Write.
  // Precondition, checked by the store too (SQLite: by triggers): seq is the
  // head's seq + 1, hash chains to the head's hash (CheckAppend). A refused
  // append throws StoreError.
  virtual void Append(std::string_view game, int64_t seq, const EventRecord& record,
                      const Hash& hash) = 0;

  // Whether an import may write all its games in one write transaction,
  // however many: true where other writers are not locked out meanwhile
  // (PostgreSQL, which then sends them by binary COPY); else Import writes
  // bounded chunks (SQLite: one writer at a time).
  virtual bool ImportsInOneTransaction() const { return false; }

  // The rows that belong to no game: each game id that has event rows but
  // no games row, in byte order, with its number of rows (audit reports
  // them). Only a writer around the store's guards leaves such rows; a store
  // that cannot hold any (memory) has none.
  virtual std::vector<std::pair<std::string, int64_t>> StrayGames() { return {}; }

  // Runs fn in one write transaction (SQLite: BEGIN IMMEDIATE, so reads
  // inside fn see the latest log and no other writer can interleave).
  // Commits, durably, when fn returns true; rolls back when it returns
  // false or throws (the exception propagates). Returns fn's result.
  virtual bool Write(const std::function<bool()>& fn) = 0;

 private:
  std::unique_ptr<MatchCache> matches_;
};

// A store that passes every call on to another: the base of a decorator,
// which overrides only what it changes (cli/sim_run.cc groups commits; tests
// count reads and inject failures).
class ForwardingStore : public EventStore {
 public:
  explicit ForwardingStore(EventStore& inner) : inner_(inner) {}

  std::vector<std::string> Games() override { return inner_.Games(); }
  std::optional<StoredGame> Read(std::string_view game) override { return inner_.Read(game); }
  std::optional<Head> HeadOf(std::string_view game) override { return inner_.HeadOf(game); }
  std::vector<GameHead> GameHeads() override { return inner_.GameHeads(); }
  DatabaseHead CurrentDatabaseHead() override { return inner_.CurrentDatabaseHead(); }
  std::optional<int64_t> FindId(std::string_view game, std::string_view id) override {
    return inner_.FindId(game, id);
  }
  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    inner_.Append(game, seq, record, hash);
  }
  bool ImportsInOneTransaction() const override { return inner_.ImportsInOneTransaction(); }
  std::vector<std::pair<std::string, int64_t>> StrayGames() override { return inner_.StrayGames(); }
  bool Write(const std::function<bool()>& fn) override { return inner_.Write(fn); }

 protected:
  EventStore& inner() { return inner_; }

 private:
  EventStore& inner_;
};

}  // namespace pli

#endif  // PLI_REFEREE_STORE_H_
