// audit.h: a Super Président game read whole in its own events, audited
// (the reference the audit's paths of any game are tested against:
// tests/cli/audit_fast_test.cc).
#ifndef PLI_REPLAY_PRESIDENT_AUDIT_H_
#define PLI_REPLAY_PRESIDENT_AUDIT_H_

#include "replay/audit.h"
#include "games/president/replay/source.h"

namespace pli {

// The verdict of a Président game read whole (a file's game, or a stored
// game checked by CheckStoredGame): its events re-judged
// (AuditByPosition), its chain as given. keep_going is audit --continue.
GameVerdict VerdictOf(const LoadedGame& game, bool keep_going);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_AUDIT_H_
