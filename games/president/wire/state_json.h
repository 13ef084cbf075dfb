// state_json.h: the JSON documents of `pli state`, `pli legal` and of
// violations (INTERFACE.md §2). Boost.JSON values, serialized by the caller.
#ifndef PLI_SCHEMA_STATE_JSON_H_
#define PLI_SCHEMA_STATE_JSON_H_

#include <boost/json.hpp>
#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"

namespace pli {

// INTERFACE.md §2 `pli state`: game, seq, manche, phase, revolution, turn,
// hands, pli {leader, count, mode, ou_rien, last, out, solo}, finished,
// ranking, plus seats (names), gifts owed, options and scores.
boost::json::object StateToJson(const State& state);

// INTERFACE.md §2 `pli legal`: one object per action:
// {"type":"play","seat":S,"rank":"7","count":2,"declare":null},
// {"type":"pass","seat":S}, {"type":"close","seat":S,"rank":"6","count":N},
// {"type":"exchange","seat":FROM,"to":TO,"count":N,"from_cards":[...],
//  "ranks":["3","4"] or null when the giver chooses (K3 option choice)}.
// `wild`: option wild is on (H-B6: each play entry adds its "wild" count).
boost::json::array LegalToJson(const std::vector<LegalAction>& actions, bool wild = false);

// {"code":..., "rule":..., "message":...}: the message `audience` reads
// (SentenceFor). The adjudicator's view (the default: audit, explain,
// import, a replay without --seat) adds "hidden": what the acting player's
// sentence leaves out because the player may not know it, or null; the
// message then carries it too, marked "(hidden from the player: ...)".
boost::json::object ViolationToJson(const Violation& violation,
                                    Audience audience = Audience::kAdjudicator);

// Names of enums as written in JSON: "exchange"/"play"/"manche-over"/
// "game-over" ("none" before a game event); "free"/"suite"/"reverse".
const char* PhaseName(Phase phase);
const char* ModeName(Mode mode);

}  // namespace pli

#endif  // PLI_SCHEMA_STATE_JSON_H_
