// module.h: Super Président behind the game interface (games/game.h).
#ifndef PLI_GAMES_PRESIDENT_MODULE_H_
#define PLI_GAMES_PRESIDENT_MODULE_H_

#include <boost/json/array.hpp>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/game.h"

namespace pli {

// The game that answers to `super-president` and `classic`.
const Game& PresidentGame();

// Match::LegalActionsJson of a state of this game: for each entry of
// LegalToJson(LegalActions(state)), in its order, {"action","label"}
// (games/game.h); `pli legal --json --actions` prints them beside them.
boost::json::array LegalActionsJson(const State& state);

// Between the interface's events and Président's own (for the tools that
// still take Président's events: docs/ARCHITECTURE.md §3).
// The event an AnyEvent of this game holds (a MalformedEvent for a
// malformed one); throws InputError when its body does not decode.
Event PresidentEvent(const AnyEvent& event);
// The AnyEvent of an event (its stored body, or what is malformed).
AnyEvent ToAnyEvent(const Event& event);

}  // namespace pli

#endif  // PLI_GAMES_PRESIDENT_MODULE_H_
