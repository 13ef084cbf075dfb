// diff.h: two records of the same Super Président game compared event by
// event (`pli diff`, games/president/cli/adjudicate.cc):
// where they part, and what each side's event meant there.
#ifndef PLI_REPLAY_PRESIDENT_DIFF_H_
#define PLI_REPLAY_PRESIDENT_DIFF_H_

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "replay/diff_kind.h"
#include "games/president/replay/explain.h"

namespace pli {

struct LogDiff {
  DiffKind kind = DiffKind::kIdentical;
  int64_t events_a = 0;
  int64_t events_b = 0;
  int64_t common = 0;  // events equal from the start
  // The state after the last common event (the empty state when none).
  State before;
  // The first event past the common part on each side, explained in
  // `before`: both for kDiverge, the longer side's only for kPrefix.
  std::optional<Explanation> a;
  std::optional<Explanation> b;
  // The seq where the logs part (common + 1); 0 when identical.
  int64_t seq() const { return kind == DiffKind::kIdentical ? 0 : common + 1; }
};

// Whether two events are the same action: the same body (type, seats,
// cards, declaration, options), whatever order the cards are written in.
// With strict, also the same `id` and `at` fields. `seq` is the position,
// never compared.
bool SameEvent(const Event& a, const Event& b, bool strict);

// Compares two logs of one game.
LogDiff DiffLogs(const std::vector<Event>& a, const std::vector<Event>& b, bool strict);

// As `pli diff --json` prints it: {"result","events_a","events_b","common",
// "seq" (null when identical),"state" (after the last common event),
// "a","b" (ExplanationToJson without before/hand/instead, or null)}.
boost::json::object LogDiffToJson(const LogDiff& diff);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_DIFF_H_
