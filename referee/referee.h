// referee.h: validate-then-append. An action becomes an event only if the
// rules accept it, in one write transaction of the store:
//   BEGIN IMMEDIATE; read the head; compare with the caller's expected seq;
//   fold the log; Decide; encode, chain, insert; COMMIT; acknowledge.
// A rejected action writes nothing and says why. A Referee (below) skips
// the fold when it already holds the state at that head.
#ifndef PLI_REFEREE_REFEREE_H_
#define PLI_REFEREE_REFEREE_H_

#include <chrono>
#include <cstdint>
#include <functional>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "engine/president/event.h"
#include "engine/president/state.h"
#include "engine/president/violation.h"
#include "referee/store.h"
#include "games/log.h"
#include "games/president/log.h"

namespace pli {

enum class Outcome {
  kAccepted,   // written and committed: seq, hash
  kDuplicate,  // the idempotency key was already used for this same action:
               // nothing written; seq, hash of the original event
  kRejected,   // illegal (violation), or the key was used for another action
  kStale,      // --expect differs from the log's head (head_seq)
  kNoGame,     // no such game (and the action is not a game event)
};

struct SubmitResult {
  Outcome outcome = Outcome::kRejected;
  int64_t seq = 0;                      // accepted, duplicate: the event's seq
  Hash hash{};                          // accepted, duplicate: its chain hash
  int64_t head_seq = 0;                 // the log's head when the action was judged
  std::optional<Violation> violation;   // rejected by the rules
  std::string message;                  // one sentence for a person, always set
  State state;  // accepted: the state after the event; rejected, stale: the
                // state the action was judged in; otherwise empty
};

// Submits an action for `game`. The game id is taken from a game event's
// body (and must not exist yet); for other events `game` names it. `expect`
// is the seq the caller last saw (the head); nullopt skips the check.
// An id, time, game id or seat name with a control character is refused as
// malformed (INTERFACE.md §1). Storage failures throw StoreError. Reads and folds the whole game inside
// the transaction: for one action per process (`pli play`); a process that
// submits many uses a Referee.
SubmitResult Submit(EventStore& store, const std::string& game, const Event& action,
                    std::optional<int64_t> expect);

// The state a game's log folds to at `head` (nullopt: nothing folded yet).
// A fact about the log, whichever transaction read it: the head's chain hash
// commits to every event up to it, and the store only appends.
struct FoldedLog {
  std::optional<Head> head;
  State state;
};

// Submit for a process that submits many actions (`pli simulate`, a server):
// it keeps, per game, the state folded up to the log's head, so that a
// submit need not read and fold the whole game again.
//
// Inside each write transaction it reads the head, as Submit does. When the
// head (seq and chain hash) is the one it last folded to, its state is the
// fold of the log: the chain hash commits to every event up to the head and
// the store only appends. Otherwise (another connection appended, a
// transaction of its own rolled back, a game not seen yet) it reads and
// folds the game from the store, as Submit does. Its results, and what it
// writes, are Submit's; only the work differs. After an accepted action it
// steps its state by the event once the store committed it (not before; not
// after a rollback or an exception). Should an enclosing transaction roll
// that back later, the head it stepped to is gone and the next submit folds
// again: only the head decides.
//
// What it does not see: rows edited in place (a tampered database) are not
// read again while the head is the one it folded to; `pli audit` is what
// finds those. The states live in this object only: each `pli play`
// is a new process, which folds from the store (no snapshot on disk).
// Not thread-safe: one Referee per store connection.
class Referee {
 public:
  // Remembers at most `max_games` games, dropping the least recently used.
  explicit Referee(EventStore& store, size_t max_games = 64);

  // As Submit(store, game, action, expect).
  SubmitResult Submit(const std::string& game, const Event& action, std::optional<int64_t> expect);

 private:
  struct Entry {
    FoldedLog fold;
    uint64_t used = 0;  // the submit that last used it, for dropping the oldest
  };
  // The entry of `game`, made if new, marked as the most recently used.
  FoldedLog& Remember(const std::string& game);
  // After a submit to `game`: drops its entry if nothing was folded into it,
  // else the least recently used entry when there are too many.
  void Forget(const std::string& game, bool nothing_folded);

  EventStore& store_;
  size_t max_games_;
  uint64_t clock_ = 0;
  std::map<std::string, Entry, std::less<>> games_;
};

// What SubmitAny did: SubmitResult's fields, with the game's Verdict and
// its Match instead of Président's violation and state.
struct AnySubmitResult {
  Outcome outcome = Outcome::kRejected;
  int64_t seq = 0;
  Hash hash{};
  int64_t head_seq = 0;
  std::optional<Verdict> violation;
  std::string message;
  // accepted: the match after the event; rejected, stale: the match the
  // action was judged in; otherwise null.
  std::unique_ptr<Match> match;
};

// Submit for an action of any game (games/game.h), read by its game's
// reader (Game::ReadLine, without seq): the same transaction, checks and
// outcomes as Submit. `kind` is the game the action belongs to (for a game
// event, the one its ruleset names). A malformed action is refused with
// `malformed`. A resubmitted --id is the same action when the two differ
// at most in their time stamp.
//
// As a Referee does, it keeps each game's Match folded up to the head in
// the store object (EventStore::Matches, referee/match_cache.h): when the
// head read inside the write transaction is the one kept, the game is not
// read and folded again (a submit then costs a Decide, a Clone for the
// result and a Step); when another writer moved it, or a transaction was
// rolled back, it folds from the store. The kept match is stepped only once
// the store's Write returned true (committed, or joined to an enclosing
// transaction, whose rollback moves the head back: only the head decides).
// Its results, and what it writes, are the same either way.
AnySubmitResult SubmitAny(EventStore& store, const std::string& game, const Game& kind,
                          const AnyEvent& action, std::optional<int64_t> expect);

// The state of a game folded from the store (illegal events, kept by an
// import for audit, change nothing). nullopt when there is no such game.
// Throws StoreError when a stored body does not decode.
std::optional<State> LoadState(EventStore& store, const std::string& game);

// What an import did, or why it refused.
struct ImportResult {
  bool ok = false;     // every game written
  int64_t games = 0;   // games written
  int64_t events = 0;  // events written
  // Refused (nothing written): the game and seq at fault (seq 0: the game
  // as a whole), the violation when an event is illegal, and a sentence.
  // Not ok but games > 0 or raced not empty: `raced` were created by
  // another writer while the import ran and were not written; `game` is the
  // first of them and `message` says so.
  std::string game;
  int64_t seq = 0;
  std::optional<Verdict> violation;  // the rule broken, in the game's own codes
  std::string message;
  // Written with keep_illegal: the illegal events written for audit.
  std::vector<std::pair<std::string, int64_t>> kept;
  std::vector<std::string> raced;
};

// How an import shares the database with live writers.
struct ImportLimits {
  // A transaction holds whole games, and stops taking more once it holds at
  // least this many events (a longer game is still one transaction).
  int64_t chunk_events = 4096;
  // The pause between two transactions, longer than a waiting writer's
  // longest sleep (referee/sqlite_schema.h SetBusyHandler), so that it
  // finds the lock free.
  std::chrono::microseconds pause{3000};
};

// Imports whole games (read by ReadLog). First judges every game, writing
// nothing: refused whole when a game id appears twice or is already in the
// database, when an event's `hash` is present and is not its chain hash,
// when an event is malformed (always: it has no stored form), or when an
// event is illegal, unless keep_illegal (then it is stored as it
// is, and changes nothing on replay). Then writes the games in order, in
// transactions of whole games (`limits`): each game is written all or
// nothing; a game another writer created meanwhile is skipped and listed in
// `raced`; after a crash or a storage failure (StoreError) the games of the
// transactions committed before it stay. Events keep their id and at; seq
// is their position.
ImportResult Import(EventStore& store, const std::vector<AnyGameLog>& games, bool keep_illegal,
                    const ImportLimits& limits = {});
// The same for Super Président's games read as its own events.
ImportResult Import(EventStore& store, const std::vector<GameLog>& games, bool keep_illegal,
                    const ImportLimits& limits = {});

}  // namespace pli

#endif  // PLI_REFEREE_REFEREE_H_
