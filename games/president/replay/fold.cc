// fold.cc: folding a game's log to any point, and auditing it (see fold.h).
// Both are a left fold of pli::Step, which applies a legal event and keeps
// the state on an illegal one (RULES.md: an illegal event changes nothing).
#include "games/president/replay/fold.h"

#include <algorithm>

namespace pli {

State FoldTo(const std::vector<Event>& events, int64_t seq) {
  State state;
  const int64_t n = std::clamp<int64_t>(seq, 0, static_cast<int64_t>(events.size()));
  for (int64_t i = 0; i < n; ++i) Step(state, events[i]);
  return state;
}

std::vector<Finding> AuditGame(const std::vector<Event>& events, bool keep_going) {
  std::vector<Finding> findings;
  State state;
  for (size_t i = 0; i < events.size(); ++i) {
    std::optional<Violation> violation = Step(state, events[i]);
    if (!violation) continue;
    findings.push_back(Finding{static_cast<int64_t>(i) + 1, ActingSeat(events[i].body),
                               TypeOf(events[i].body), std::move(*violation),
                               WrittenType(events[i].body)});
    if (!keep_going) break;
  }
  return findings;
}

}  // namespace pli
