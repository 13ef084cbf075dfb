// replay_look.h: how `pli replay` shows a point of a game, whichever game's
// screen draws it (cli/replay_view.cc; Super Président's own lines in
// games/president/cli/replay_text.h, any other game's in replay/any_stepper.h).
// Header-only, cli only.
#ifndef PLI_CLI_REPLAY_LOOK_H_
#define PLI_CLI_REPLAY_LOOK_H_

#include <string>

#include "cli/style.h"

// In a namespace of its own, so that these helpers never meet another
// header's functions of the same name.
namespace pli::cli::replay {

// How to show a point of the game.
struct ReplayLook {
  int seat = -1;  // --seat: only this seat's hand is shown; -1: every hand
  Style style;    // plain, or colour (cli/style.h)
  int width = 0;  // wrap long lists at this many columns; 0: never
};

inline std::string Paint(const std::string& text, const char* sgr, const ReplayLook& look) {
  return look.style.Paint(text, sgr);
}

}  // namespace pli::cli::replay

#endif  // PLI_CLI_REPLAY_LOOK_H_
