// replay.cc: Super Président's own view of `pli replay` (INTERFACE.md §2),
// registered for the shared command (cli/replay_view.cc, through
// cli/game_commands.h): its typed stepper (games/president/replay/stepper.h:
// which rule closed each pli, the gifts, what is in force) and its lines
// and JSON steps (games/president/cli/replay_text.h), with --seat's view of one
// seat. Wiring only.
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/game_commands.h"
#include "games/president/cli/replay_text.h"
#include "engine/text.h"
#include "games/president/replay/stepper.h"
#include "games/president/replay/source.h"

namespace pli::cli {
namespace {

// --seat: a seat number, or a seat's name.
int ResolveSeat(const GameLog& game, const std::optional<std::string>& seat) {
  if (!seat) return -1;
  const std::vector<std::string> names = SeatNames(game);
  for (size_t s = 0; s < names.size(); ++s) {
    if (names[s] == *seat || std::to_string(s) == *seat) return static_cast<int>(s);
  }
  std::string list;
  for (size_t s = 0; s < names.size(); ++s)
    list += (list.empty() ? "" : ", ") + std::to_string(s) + " (" + EscapeForTerminal(names[s]) + ")";
  throw std::runtime_error("--seat " + EscapeForTerminal(*seat) + ": game \"" + EscapeForTerminal(game.game) +
                           "\" has no such seat (seats: " + list + ")");
}

ReplayView PresidentReplay(AnyGameLog log, const std::optional<int64_t>& at,
                           const std::optional<std::string>& seat) {
  GameLog game = ToGameLog(log);
  ReplayView view;
  view.at = at ? ResolveAt(game, at) : 1;
  view.seat = ResolveSeat(game, seat);
  auto stepper = std::make_shared<Stepper>(std::move(game));
  stepper->Jump(view.at);
  view.lines = [stepper](int64_t seq, const replay::ReplayLook& look) {
    return replay::ReplayLines(*stepper, seq, look);
  };
  view.step_json = [stepper, seat = view.seat](int64_t seq) {
    return replay::ReplayStepJson(*stepper, seq, seat);
  };
  view.cursor = std::move(stepper);
  return view;
}

// Registered under the game's name (games/president/module.cc: "super-president").
const bool registered =
    RegisterGameCommands({.game = "super-president", .replay = PresidentReplay});

}  // namespace
}  // namespace pli::cli
