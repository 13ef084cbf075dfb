// stepper.h: stepping through one game's log, event by event, pli by pli,
// manche by manche, forwards and backwards (`pli replay`, INTERFACE.md §2).
// The log is folded once with pli::Step; the state after every event is
// kept, with where each pli and each manche begins and ends, so moving
// anywhere is a lookup. No I/O here: the terminal view is cli/replay_view.cc.
#ifndef PLI_REPLAY_STEPPER_H_
#define PLI_REPLAY_STEPPER_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "engine/president/event.h"
#include "engine/president/state.h"
#include "engine/president/violation.h"
#include "schema/log_reader.h"

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
};

// The rule id of a pli end: "E1", "E2", "E3", "E4", "R4", "X5", "F3"; "" for kNone.
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

// A cursor over one game, at a seq from 1 (the game event) to size() (the
// last event). Every move stays in that range; a move that cannot go
// anywhere leaves the cursor where it is and returns false.
class Stepper {
 public:
  // Folds every event of the game. `log` must hold at least its game event
  // (as every GameLog read from a file or a store does).
  explicit Stepper(GameLog log);

  const GameLog& log() const { return log_; }
  int64_t size() const { return static_cast<int64_t>(frames_.size()); }
  int64_t seq() const { return seq_; }

  // The frame at the cursor, or at any seq in 1..size().
  const Frame& frame() const { return frame(seq_); }
  const Frame& frame(int64_t seq) const;
  const Event& event() const { return event(seq_); }
  const Event& event(int64_t seq) const;

  // Where plis begin: every seq whose event ended a pli (pli_end) or dealt a
  // manche, ascending. After such a seq no play of a new pli has been made.
  const std::vector<int64_t>& pli_bounds() const { return pli_bounds_; }
  // Where manches begin: the seq of every legal deal, ascending.
  const std::vector<int64_t>& manche_starts() const { return manche_starts_; }
  // Where manches end (F3), ascending.
  const std::vector<int64_t>& manche_ends() const { return manche_ends_; }

  // The legal plays, passes and closes of the pli on the table after `seq`,
  // or, when `seq` ended a pli, of the pli it ended; in seq order.
  std::vector<int64_t> PliEvents(int64_t seq) const;

  // One event forwards / backwards.
  bool Next();
  bool Prev();
  // To the next pli bound after the cursor (the event that ends the pli on
  // the table), or to the last event when there is none. Back: to the last
  // pli bound before the cursor (where the pli on the table began), or to
  // the first event.
  bool NextPli();
  bool PrevPli();
  // To the next manche's deal, or to the last event when there is none.
  // Back: to the deal of the manche on the table, or of the one before when
  // the cursor is on a deal; to the first event before the first deal.
  bool NextManche();
  bool PrevManche();
  // To seq; false (and no move) when seq is outside 1..size().
  bool Jump(int64_t seq);
  // To the first event (the game event) / the last event.
  bool First() { return MoveTo(1); }
  bool Last() { return MoveTo(size()); }

 private:
  bool MoveTo(int64_t seq);
  bool NextIn(const std::vector<int64_t>& bounds);
  bool PrevIn(const std::vector<int64_t>& bounds);

  GameLog log_;
  std::vector<Frame> frames_;  // frames_[i] is seq i + 1
  std::vector<int64_t> pli_bounds_;
  std::vector<int64_t> manche_starts_;
  std::vector<int64_t> manche_ends_;
  int64_t seq_ = 1;
};

}  // namespace pli

#endif  // PLI_REPLAY_STEPPER_H_
