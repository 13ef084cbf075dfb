// any_stepper.h: stepping through the log of any game (`pli replay`,
// INTERFACE.md §2) through the game interface (games/game.h). The log is
// folded once by its Match; after every event the stepper keeps the
// verdict, where the match stands (Match::Progress: its manche and the plis
// closed in it) and the match itself, so that moving anywhere is a lookup
// (cursor.h). An event dealt a manche when the manche went up, closed a
// pli when the plis closed went up in the same manche, ended the manche
// when it became played out: the bounds the cursor steps by are the
// game's own. No I/O here: the screen is cli/replay_view.cc.
//
// Super Président has a richer view of its own (president/stepper.h,
// registered by games/president/cli/replay.cc, with the rule
// that closed each pli); this serves every other game.
#ifndef PLI_REPLAY_ANY_STEPPER_H_
#define PLI_REPLAY_ANY_STEPPER_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "games/log.h"
#include "replay/cursor.h"

namespace pli {

// One event of the log, folded.
struct AnyFrame {
  int64_t seq = 0;                 // 1-based position in the game
  std::optional<Verdict> verdict;  // set: the event was illegal and changed nothing
  MatchProgress progress;          // after the event
  bool manche_start = false;       // a legal deal
  bool pli_end = false;            // the event closed a pli (the last of a manche too)
  bool manche_end = false;         // the event played the manche out
  // The match after the event (an illegal event changed nothing but the
  // count of events folded, as pli state --at shows it).
  std::shared_ptr<const Match> match;
  // The pli on the table after the event, 1-based in its manche (the last
  // one once the manche is played out); 0 before the first deal.
  int pli_number() const;
};

class AnyStepper : public StepCursor {
 public:
  // Folds every event of the game. `log` must hold at least its game event
  // and name its game (as every log read from a file or a store does).
  explicit AnyStepper(AnyGameLog log);

  const AnyGameLog& log() const { return log_; }
  const Game& game() const { return *log_.kind; }

  const AnyFrame& frame() const { return frame(seq()); }
  const AnyFrame& frame(int64_t seq) const;
  const AnyEvent& event(int64_t seq) const;
  // The canonical JSON line of the event at seq (with its seq), or nullopt
  // for a malformed event.
  std::optional<std::string> EventLine(int64_t seq) const;

 private:
  AnyGameLog log_;
  std::vector<AnyFrame> frames_;  // frames_[i] is seq i + 1
};

// What `pli replay` prints of the point at `seq` on a game's own screen:
// the head (game, seq of N, manche and pli), the event and its verdict (an
// illegal one refused with its code, rule and sentence: it changes
// nothing), where a manche was dealt, a pli closed, a manche played out,
// then the game's own view of the state after it (Match::StateText).
std::vector<std::string> AnyStepLines(const AnyStepper& stepper, int64_t seq);

// One step of `pli replay --json` for a game other than Super Président:
// {"seq","event" (the JSON line as an object, null when malformed),"legal",
// "violation" (VerdictJson or null),"manche","pli_number","pli_end",
// "manche_start","manche_end","state" (as pli state --json)}.
boost::json::object AnyStepJson(const AnyStepper& stepper, int64_t seq);

}  // namespace pli

#endif  // PLI_REPLAY_ANY_STEPPER_H_
