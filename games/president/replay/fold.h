// fold.h: folding a Super Président game's log, in Président's own events,
// to any point, and auditing it: its own tools' fold (replay, diff,
// explain, prop, state and legal of a Président game). The fold of any game
// is its Match (games/game.h). Works on events already read (from a file or
// a store); no I/O here.
#ifndef PLI_REPLAY_PRESIDENT_FOLD_H_
#define PLI_REPLAY_PRESIDENT_FOLD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"

namespace pli {

// A violation found in a log: the event's seq, acting seat (-1 for none),
// type, and the violation. A malformed event (games/president/rules/event.h) has type
// kMalformed; `written_type` is the `type` as written (WrittenType: for a
// malformed event, its `type` when a string, else nullopt), as audit prints it.
struct Finding {
  int64_t seq = 0;
  int seat = -1;
  EventType type = EventType::kGame;
  Violation violation;
  std::optional<std::string> written_type = std::nullopt;
};

// The state after folding events[0 .. seq-1] (seq = 0: the empty state;
// seq past the end: the whole log). Illegal events change nothing.
State FoldTo(const std::vector<Event>& events, int64_t seq);

// Re-checks every event. Without keep_going, stops at the first violation;
// with it (audit --continue), reports each illegal event and goes on.
std::vector<Finding> AuditGame(const std::vector<Event>& events, bool keep_going);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_FOLD_H_
