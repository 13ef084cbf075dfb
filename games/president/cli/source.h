// source.h: what Super Président's commands add to reading a SOURCE
// (games/president/replay/source.h): the warning state, legal and explain print
// for a malformed game (the commands of any game print it from the
// AnyEvent's Malformed). Header-only, cli only.
#ifndef PLI_CLI_PRESIDENT_SOURCE_H_
#define PLI_CLI_PRESIDENT_SOURCE_H_

#include <iostream>

#include "cli/error.h"
#include "games/president/rules/event.h"
#include "engine/text.h"
#include "games/president/log.h"
#include "games/president/replay/source.h"

namespace pli::cli {

// For state, legal and explain (INTERFACE.md §2, docs/RULINGS.md): a game
// with a malformed event is malformed input. They print their normal
// document all the same (a malformed event changes nothing), then this
// warns on stderr, naming the first one, and says to exit 2.
inline bool WarnIfMalformed(const GameLog& game) {
  const MalformedEvent* m = FirstMalformed(game);
  if (m == nullptr) return false;
  std::cerr << "pli: game \"" << EscapeForTerminal(game.game) << "\" holds a malformed event ("
            << EscapeForTerminal(m->Text()) << "); pli audit --continue lists them all\n";
  return true;
}

}  // namespace pli::cli

#endif  // PLI_CLI_PRESIDENT_SOURCE_H_
