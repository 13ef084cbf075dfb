// any_diff.h: two records of the same game compared event by event (`pli
// diff`), for any game through the game interface (games/game.h): where
// they part, and what each side's event meant there. Super Président keeps
// its typed diff (president/diff.h), which names the reasons of each verdict.
#ifndef PLI_REPLAY_ANY_DIFF_H_
#define PLI_REPLAY_ANY_DIFF_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "replay/diff_kind.h"

namespace pli {

struct AnyLogDiff {
  DiffKind kind = DiffKind::kIdentical;
  int64_t events_a = 0;
  int64_t events_b = 0;
  int64_t common = 0;  // events the same from the start (Game::SameEvent)
  // The match after the last common event (before the game event when none).
  std::shared_ptr<const Match> before;
  // The first event past the common part on each side, explained in
  // `before` (Match::ExplainJson with "seq", "event", "type", "seat" and
  // "after", without "instead"): both for kDiverge, the longer side's only
  // for kPrefix.
  std::optional<boost::json::object> a;
  std::optional<boost::json::object> b;
  // The seq where the logs part (common + 1); 0 when identical.
  int64_t seq() const { return kind == DiffKind::kIdentical ? 0 : common + 1; }
};

// Compares two logs of one game (`game`'s events both).
AnyLogDiff DiffAnyLogs(const Game& game, const std::vector<AnyEvent>& a,
                       const std::vector<AnyEvent>& b, bool strict);

// As `pli diff --json` prints it, the same document as Président's
// (president/diff.h): {"result","events_a","events_b","common","seq" (null when
// identical),"state" (pli state --json after the last common event, null
// when identical),"a","b" (each side's event explained, or null)}.
boost::json::object AnyLogDiffToJson(const AnyLogDiff& diff);

// The human view: where they part, each side's event and verdict, and the
// table after the last event they share (Match::StateText).
std::string AnyDiffText(const std::string& game_id, const AnyLogDiff& diff,
                        const std::string& label_a, const std::string& label_b);

}  // namespace pli

#endif  // PLI_REPLAY_ANY_DIFF_H_
