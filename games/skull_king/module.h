// module.h: Skull King behind the game interface (games/game.h).
#ifndef PLI_GAMES_SKULL_KING_MODULE_H_
#define PLI_GAMES_SKULL_KING_MODULE_H_

#include <string>

#include "games/skull_king/rules/state.h"
#include "games/game.h"
#include "schema/record.h"
#include "games/skull_king/wire/event_json.h"

namespace pli::sk {

// The game that answers to `skull-king`, `skull-king-official` and
// `skull-king-original` (SKULL_KING.md).
const Game& SkullKingGame();

// The columns a store keeps beside a Skull King event (schema/STORE.md §2):
// its type tag, acting seat, id, cards (a deal's hands joined by " | ",
// then " | turned " and the turned card), and the details (the deal's
// seed, the time). A bid keeps its bid, and a Tigress play its declaration,
// in the body only.
EventColumns ColumnsOf(const EventLine& line);

// `pli state` and `pli legal` for people.
std::string StateText(const State& state);
std::string LegalText(const State& state);

}  // namespace pli::sk

#endif  // PLI_GAMES_SKULL_KING_MODULE_H_
