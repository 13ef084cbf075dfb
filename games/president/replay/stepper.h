// stepper.h: stepping through one Super Président game's log (its own view
// of `pli replay`, games/president/cli/replay.cc), event by event, pli by pli,
// manche by manche, forwards and backwards (`pli replay`, INTERFACE.md §2).
// The log is folded once with pli::Step; the state after every event is
// kept, with where each pli and each manche begins and ends (cursor.h), so
// moving anywhere is a lookup. No I/O here: the terminal view is cli/replay_view.cc.
#ifndef PLI_REPLAY_PRESIDENT_STEPPER_H_
#define PLI_REPLAY_PRESIDENT_STEPPER_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"
#include "replay/cursor.h"
#include "games/president/log.h"

namespace pli {

// How a pli ended at an event (RULES.md §4, §6, §8, §10), or kNone.
enum class PliEnd : uint8_t {
  kNone,
  kTopRank,         // E1: a play of the top rank
  kCarre,           // E2: a play of four cards
  kAllPassed,       // E3: every other player still holding cards passed
  kClose,           // E4: an out-of-turn close (X1, X3)
  kSoloStop,        // R4: the lone last player passed
  kCompletedCarre,  // X5 option completed_carre_closes
  kMancheOver,      // F3: one player still holds cards; the manche ends with the pli
  kSingleRound,     // HOUSE_RULES.md H-T2: the turn would reach a seat that had its chance
};

// The rule id of a pli end: "E1", "E2", "E3", "E4", "R4", "X5", "F3", "H-T2"; "" for kNone.
const char* PliEndRule(PliEnd end);
// What happened, as a person would say it: "a play of the top rank closed it".
const char* PliEndText(PliEnd end);

// One event of the log, folded.
struct Frame {
  int64_t seq = 0;                     // 1-based position in the game
  std::optional<Violation> violation;  // set: the event was illegal and changed nothing
  State state;                         // after the event (its `ids` are not kept)
  PliEnd pli_end = PliEnd::kNone;      // the event ended the pli on the table
  bool manche_start = false;           // a legal deal
  bool manche_end = false;             // F3: the event ended the manche
  int pli_number = 0;  // the pli on the table after the event, 1-based in its manche; 0 before
                       // the first deal
};

// The cursor over one Super Président game (cursor.h), with every frame.
class Stepper : public StepCursor {
 public:
  // Folds every event of the game. `log` must hold at least its game event
  // (as every GameLog read from a file or a store does).
  explicit Stepper(GameLog log);

  const GameLog& log() const { return log_; }

  // The frame at the cursor, or at any seq in 1..size().
  const Frame& frame() const { return frame(seq()); }
  const Frame& frame(int64_t seq) const;
  const Event& event() const { return event(seq()); }
  const Event& event(int64_t seq) const;

  // The legal plays, passes and closes of the pli on the table after `seq`,
  // or, when `seq` ended a pli, of the pli it ended; in seq order.
  std::vector<int64_t> PliEvents(int64_t seq) const;

 private:
  GameLog log_;
  std::vector<Frame> frames_;  // frames_[i] is seq i + 1
};

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_STEPPER_H_
