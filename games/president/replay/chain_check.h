// chain_check.h: Super Président's half of the tamper evidence
// (replay/chain_check.h is the half of any game): a stored game checked and
// read back in Président's own events, a file's chain checked on them, and
// the audit that judges them by position. For Président's own tools (the
// fast audit's detailed path, state and legal of a Président game, its
// replay, explain and diff) and the tests and benchmarks that measure them.
#ifndef PLI_REPLAY_PRESIDENT_CHAIN_CHECK_H_
#define PLI_REPLAY_PRESIDENT_CHAIN_CHECK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/log.h"
#include "referee/store.h"
#include "replay/chain_check.h"
#include "games/president/replay/fold.h"

namespace pli {

// A stored game read back: the events that decode, each with its stored
// seq, and the chain verdict.
struct CheckedGame {
  GameLog log;  // lines empty; hashes are the stored hashes in hex
  ChainCheck chain;
  std::string ruleset;  // the games row's copies, as stored
  std::string seats;
};

// GameRowProblem (replay/chain_check.h) given Président's game event.
std::string GameRowProblem(std::string_view game, std::string_view ruleset,
                           std::string_view seats, const GameEvent& event);

// CheckStoredAnyGame (replay/chain_check.h), its events turned into
// Président's: every check it makes, and a game of another ruleset is
// reported as one these tools do not read.
CheckedGame CheckStoredGame(const StoredGame& stored, const std::optional<Head>& witness);

// Checks the `hash` fields of a game read from a JSON Lines file: kNone
// when no event carries one, else each must be the chain hash of its event
// (FileChainChecker over the events' stored encodings).
ChainCheck CheckFileChain(const GameLog& game);

// Audits events in order as positions 1..n whatever seq they carry (a
// tampered store may have gaps), reporting each finding at the event's own
// seq (its position when it has none).
std::vector<Finding> AuditByPosition(const std::vector<Event>& events, bool keep_going);

// AuditByPosition one event at a time, for a game read as a stream: Add
// each event in order; findings() are those of AuditByPosition over the
// events added so far. Memory holds the game's state and its findings.
class PositionAuditor {
 public:
  explicit PositionAuditor(bool keep_going) : keep_going_(keep_going) {}
  void Add(const Event& event);
  const std::vector<Finding>& findings() const { return findings_; }
  std::vector<Finding> Take() { return std::move(findings_); }

 private:
  bool keep_going_;
  bool stopped_ = false;  // at the first violation, without keep_going
  int64_t position_ = 0;
  State state_;
  std::vector<Finding> findings_;
};

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_CHAIN_CHECK_H_
