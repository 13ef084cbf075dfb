// referee.h: validate-then-append. An action becomes an event only if the
// rules accept it, in one write transaction of the store:
//   BEGIN IMMEDIATE; read the head; compare with the caller's expected seq;
//   fold the log; Decide; encode, chain, insert; COMMIT; acknowledge.
// A rejected action writes nothing and says why. SubmitAny (below) skips
// the fold when the store already holds the game's match at that head.
//
// This is the referee of any game (games/game.h). Super Président's typed
// Submit, Referee and LoadState, on its own events and states, are its own
// (games/president/referee/referee.h).
#ifndef PLI_REFEREE_REFEREE_H_
#define PLI_REFEREE_REFEREE_H_

#include <chrono>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/log.h"
#include "referee/store.h"

namespace pli {

enum class Outcome {
  kAccepted,   // written and committed: seq, hash
  kDuplicate,  // the idempotency key was already used for this same action:
               // nothing written; seq, hash of the original event
  kRejected,   // illegal (violation), or the key was used for another action
  kStale,      // --expect differs from the log's head (head_seq)
  kNoGame,     // no such game (and the action is not a game event)
};

// What SubmitAny did.
struct AnySubmitResult {
  Outcome outcome = Outcome::kRejected;
  int64_t seq = 0;                    // accepted, duplicate: the event's seq
  Hash hash{};                        // accepted, duplicate: its chain hash
  int64_t head_seq = 0;               // the log's head when the action was judged
  std::optional<Verdict> violation;   // rejected by the rules (or malformed)
  std::string message;                // one sentence for a person, always set
  // accepted: the match after the event; rejected, stale: the match the
  // action was judged in; otherwise null.
  std::unique_ptr<Match> match;
};

// Submits an action of any game (games/game.h), read by its game's reader
// (Game::ReadLine, without seq), in the transaction above. `kind` is the
// game the action belongs to (for a game event, the one its ruleset names).
// The game id is taken from a game event's opening (and must not exist
// yet); for other events `game` names it. `expect` is the seq the caller
// last saw (the head); nullopt skips the check. A malformed action is
// refused with `malformed`, as is an id, time, game id or seat name with a
// control character (INTERFACE.md §1). A resubmitted --id is the same
// action when the two differ at most in their time stamp. Storage failures
// throw StoreError.
//
// It keeps each game's Match folded up to the head in
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
// The refusal of `text`, named `what` ("the seat name"), when it holds a
// control character or is not UTF-8 (INTERFACE.md §1); "" when it is clean.
// Every game's submit checks its ids, times and names with it.
std::string ControlProblem(const std::string& what, const std::string& text);

}  // namespace pli

#endif  // PLI_REFEREE_REFEREE_H_
