// game_commands.cc: the registry of the games' own commands (see
// game_commands.h).
#include "cli/game_commands.h"

#include <vector>

namespace pli::cli {
namespace {

// Filled during start-up by the games' cli folders (a function-local static,
// so that it exists whichever file registers first).
std::vector<GameCommands>& Registered() {
  static std::vector<GameCommands> commands;
  return commands;
}

}  // namespace

bool RegisterGameCommands(const GameCommands& commands) {
  for (GameCommands& known : Registered()) {
    if (known.game != commands.game) continue;
    // A game's files each register theirs: one entry per game.
    if (commands.simulate) known.simulate = commands.simulate;
    if (commands.prop) known.prop = commands.prop;
    if (commands.explain) known.explain = commands.explain;
    if (commands.diff) known.diff = commands.diff;
    if (commands.replay) known.replay = commands.replay;
    if (commands.live) known.live = commands.live;
    if (commands.point) known.point = commands.point;
    return true;
  }
  Registered().push_back(commands);
  return true;
}

const GameCommands& CommandsOf(const Game& game) {
  static const GameCommands none{};
  for (const GameCommands& commands : Registered()) {
    if (commands.game == game.Name()) return commands;
  }
  return none;
}

const Game& GameOfRuleset(std::string_view ruleset) {
  const Game* game = FindGame(ruleset);
  return game != nullptr ? *game : DefaultGame();
}

}  // namespace pli::cli
