// referee.h: Super Président's own validate-then-append, on its typed
// events and states (games/president/rules/): Submit, the Referee that keeps
// each game's state folded at its head, LoadState, and Import of its games
// read as its own events. The same transaction, checks and outcomes as the
// referee of any game (referee/referee.h: SubmitAny, Import), whose Outcome,
// ImportResult and ImportLimits it shares; kept typed for its Violation
// codes and its State in the result, and for speed (bench measurement 5).
#ifndef PLI_REFEREE_PRESIDENT_REFEREE_H_
#define PLI_REFEREE_PRESIDENT_REFEREE_H_

#include <cstdint>
#include <functional>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"
#include "referee/referee.h"
#include "referee/store.h"
#include "games/president/log.h"

namespace pli {

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

// The state of a game folded from the store (illegal events, kept by an
// import for audit, change nothing). nullopt when there is no such game.
// Throws StoreError when a stored body does not decode.
std::optional<State> LoadState(EventStore& store, const std::string& game);

// The same for Super Président's games read as its own events.
ImportResult Import(EventStore& store, const std::vector<GameLog>& games, bool keep_illegal,
                    const ImportLimits& limits = {});

}  // namespace pli

#endif  // PLI_REFEREE_PRESIDENT_REFEREE_H_
