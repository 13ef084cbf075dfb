// cursor.h: a position in one game's log and the moves `pli replay` makes
// over it (INTERFACE.md §2): event by event, pli by pli, manche by manche,
// forwards and backwards. Game-neutral: a position is an event's seq, and
// the bounds it moves between are what the game reported for each event
// (a pli closed, a manche dealt or ended). The typed stepper of Super
// Président (president/stepper.h) and the stepper of any game (any_stepper.h) fill
// it in as they fold; the screen (cli/replay_view.cc) moves it.
#ifndef PLI_REPLAY_CURSOR_H_
#define PLI_REPLAY_CURSOR_H_

#include <cstdint>
#include <vector>

namespace pli {

// A cursor at a seq from 1 (the game event) to size() (the last event).
// Every move stays in that range; a move that cannot go anywhere leaves the
// cursor where it is and returns false.
class StepCursor {
 public:
  int64_t size() const { return size_; }
  int64_t seq() const { return seq_; }

  // Where plis begin: every seq whose event ended a pli or dealt a manche,
  // ascending. After such a seq no card of a new pli has been played.
  const std::vector<int64_t>& pli_bounds() const { return pli_bounds_; }
  // Where manches begin: the seq of every legal deal, ascending.
  const std::vector<int64_t>& manche_starts() const { return manche_starts_; }
  // Where manches end (played out), ascending.
  const std::vector<int64_t>& manche_ends() const { return manche_ends_; }

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

 protected:
  StepCursor() = default;
  // The next event of the log (seq size() + 1) as folded: whether it ended a
  // pli, dealt a manche, ended the manche.
  void Add(bool pli_end, bool manche_start, bool manche_end);

 private:
  bool MoveTo(int64_t seq);
  bool NextIn(const std::vector<int64_t>& bounds);
  bool PrevIn(const std::vector<int64_t>& bounds);

  int64_t size_ = 0;
  std::vector<int64_t> pli_bounds_;
  std::vector<int64_t> manche_starts_;
  std::vector<int64_t> manche_ends_;
  int64_t seq_ = 1;
};

}  // namespace pli

#endif  // PLI_REPLAY_CURSOR_H_
