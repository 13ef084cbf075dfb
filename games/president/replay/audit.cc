// audit.cc: a Super Président game read whole, audited (audit.h).
#include "games/president/replay/audit.h"

#include <string>
#include <utility>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/replay/chain_check.h"

namespace pli {

GameVerdict VerdictOf(const LoadedGame& game, bool keep_going) {
  std::vector<AuditFinding> findings;
  for (Finding& f : AuditByPosition(game.log.events, keep_going)) {
    findings.push_back(AuditFinding{
        f.seq, f.seat, std::move(f.written_type),
        Verdict{std::string(CodeName(f.violation.code)), f.violation.rule,
                SentenceFor(f.violation, Audience::kAdjudicator), f.violation.hidden}});
  }
  return GameVerdict{game.log.game,
                     static_cast<int64_t>(game.log.events.size()),
                     SeatNames(game.log),
                     game.chain,
                     std::move(findings),
                     FirstMalformed(game.log) != nullptr};
}

}  // namespace pli
