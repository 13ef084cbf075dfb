// chain_check.h: tamper evidence. Checks a game's hash chain and head
// (referee/chain.h, schema/STORE.md), as read from a store or a file, and
// decodes a stored game into a log that replay and audit can fold.
#ifndef PLI_REPLAY_CHAIN_CHECK_H_
#define PLI_REPLAY_CHAIN_CHECK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "engine/event.h"
#include "referee/store.h"
#include "replay/fold.h"
#include "schema/log_reader.h"

namespace pli {

enum class ChainStatus { kNone, kOk, kBroken };
// "none", "ok", "broken" (INTERFACE.md §2, audit JSON).
const char* ChainStatusName(ChainStatus status);

// Where the chain fails and why.
struct ChainProblem {
  int64_t seq = 0;
  std::string message;
};

// The chain verdict of a game. kNone: a file whose events carry no hash.
struct ChainCheck {
  ChainStatus status = ChainStatus::kNone;
  std::vector<ChainProblem> problems;  // in seq order; empty unless broken
};

// A stored game read back: the events that decode, each with its stored
// seq, and the chain verdict.
struct CheckedGame {
  GameLog log;  // lines empty; hashes are the stored hashes in hex
  ChainCheck chain;
};

// Checks every row of a stored game: seqs contiguous from 1, each body
// decodes, each hash chains to the previous row's (an edited, removed or
// reordered row breaks its link), the columns agree with the body, and the
// recorded head is the last row (a cut-off tail leaves the head beyond it).
// `witness`, a head kept outside the database (every acknowledgement prints
// one), must be a row of the log with that hash. Each broken link is
// reported once, at its seq, and checking goes on from the stored hash.
CheckedGame CheckStoredGame(const StoredGame& stored, const std::optional<Head>& witness);

// Checks the `hash` fields of a game read from a JSON Lines file: kNone
// when no event carries one, else each must be the chain hash of its event.
ChainCheck CheckFileChain(const GameLog& game);

// Audits events in order as positions 1..n whatever seq they carry (a
// tampered store may have gaps), reporting each finding at the event's own
// seq (its position when it has none).
std::vector<Finding> AuditByPosition(const std::vector<Event>& events, bool keep_going);

}  // namespace pli

#endif  // PLI_REPLAY_CHAIN_CHECK_H_
