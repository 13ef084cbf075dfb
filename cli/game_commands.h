// game_commands.h: the commands a game brings to `pli` for itself
// (docs/ARCHITECTURE.md §3, "A game's own tools"). Most commands serve
// every game through the game interface (games/game.h); where a game has
// its own loop or checks (Super Président's `simulate`, whose bots also
// close out of turn, X1; each game's `prop`), its cli folder
// (games/<game>/cli/) registers them here at start-up, under the game's name, as
// OpenSpiel's games register themselves (../shared/GAMES.md). The shared
// command asks for the game's entry once, when it knows the game, and calls
// it; it never names a game.
//
// The cli is one executable whose sources are all linked, so a game's
// registration cannot be dropped by the linker (a static library's could:
// docs/ARCHITECTURE.md §3 says how the other layers would keep theirs).
#ifndef PLI_CLI_GAME_COMMANDS_H_
#define PLI_CLI_GAME_COMMANDS_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "cli/replay_look.h"
#include "games/game.h"
#include "games/log.h"
#include "replay/cursor.h"

namespace pli {
class SqliteReader;
}  // namespace pli

namespace pli::cli {

struct LiveArgs;  // cli/live.h

// `pli state`'s and `pli legal`'s arguments, as parsed (cli/main.cc).
struct PointArgs {
  std::string source;
  std::optional<std::string> db;
  std::optional<int64_t> at;
  std::optional<std::string> game;
  bool json = false;
  bool actions = false;  // legal --json --actions: each entry's action and label (games/game.h)
};

// `pli simulate`'s arguments, as parsed (cli/simulate.cc).
struct SimulateArgs {
  std::string db;
  int games = 1;
  std::optional<int> seats;
  std::string bots = "mixed";
  int64_t seed = 1;
  std::optional<int> manches;  // Président: 3 when absent; other games: their own end
  std::string ruleset = "super-president";
  std::vector<std::string> options;
  bool fast = false;
  bool json = false;
};

// `pli prop`'s arguments, as parsed (--runs is checked before the game is asked).
struct PropArgs {
  int runs = 100;
  std::optional<uint64_t> seed;
  std::string ruleset = "super-president";
  std::vector<std::string> options;
  std::string out = ".";
  std::string inject;  // hidden test hook: what each game's checks may plant
  bool json = false;
};

// `pli explain`'s arguments, as parsed (cli/adjudicate.cc).
struct ExplainArgs {
  std::string source;
  std::optional<std::string> db;
  std::optional<std::string> game;
  int64_t at = 0;
  bool json = false;
};

// `pli diff`'s two sides, each read (of one game, the same on both sides),
// with what the command prints them as.
struct DiffSides {
  const AnyGameLog& a;
  const AnyGameLog& b;
  std::string game_id;  // "g1", or "g1 / g2" when the ids differ
  std::string label_a;  // the file or database each side came from
  std::string label_b;
  bool strict = false;  // --strict: ids and times too
  bool json = false;
};

// A game's own view of `pli replay` (cli/replay_view.cc draws it, walks it
// or prints its steps): its cursor over the log, at --at, and what it shows
// of each point.
struct ReplayView {
  std::shared_ptr<StepCursor> cursor;  // at the first point to show
  int64_t at = 1;                      // --at, resolved against the game
  int seat = -1;                       // --seat, resolved (-1: every hand)
  // The lines of the point at `seq` (the screen and the walk).
  std::function<std::vector<std::string>(int64_t seq, const replay::ReplayLook& look)> lines;
  // One step of --json.
  std::function<boost::json::object(int64_t seq)> step_json;
};

// A game's own commands; each returns the exit status, prints its output
// and throws std::runtime_error for bad usage (main turns it into exit 2).
struct GameCommands {
  std::string_view game;  // the Game::Name() of the game they serve
  // `pli simulate`; nullptr: the loop of any game (sim/any_sim.h).
  int (*simulate)(const SimulateArgs& args) = nullptr;
  // `pli prop`; nullptr: the game has no property checks.
  int (*prop)(const PropArgs& args) = nullptr;
  // `pli explain` (reads the game itself from args); nullptr: the
  // explanation of any game (Match::ExplainJson).
  int (*explain)(const ExplainArgs& args) = nullptr;
  // `pli diff`; nullptr: the diff of any game (replay/any_diff.h).
  int (*diff)(const DiffSides& sides) = nullptr;
  // `pli replay`'s view of one game with --at and --seat (throws
  // std::runtime_error for a bad one); nullptr: the view of any game
  // (replay/any_stepper.h).
  ReplayView (*replay)(AnyGameLog log, const std::optional<int64_t>& at,
                       const std::optional<std::string>& seat) = nullptr;
  // The live commands (`new`, `deal`, `play`, ...: cli/live.cc, `command`
  // their name), once the shared checks of their options are made; nullptr:
  // the action written as its event's JSON line and judged by SubmitAny.
  int (*live)(const std::string& command, const LiveArgs& args) = nullptr;
  // `pli state` (`legal` false) and `pli legal` of a game of this game's
  // (read by the game itself from args; `sqlite`, when not null, is --db's
  // file, opened once already); nullptr: the Match's StateJson, LegalJson,
  // StateText and LegalText. The default game's is also called when
  // --db holds no game, to say so.
  int (*point)(const PointArgs& args, bool legal, std::unique_ptr<SqliteReader> sqlite) = nullptr;
};

// Registers a game's commands (from its cli folder, at start-up): the
// members set are added to what the game's other files registered. Returns
// true, for the initialiser of a namespace-scope constant.
bool RegisterGameCommands(const GameCommands& commands);

// The commands registered for `game` (every member null when none are).
const GameCommands& CommandsOf(const Game& game);

// The game `ruleset` names, or DefaultGame() when none does: its commands
// report the unknown ruleset (games/game.h).
const Game& GameOfRuleset(std::string_view ruleset);

}  // namespace pli::cli

#endif  // PLI_CLI_GAME_COMMANDS_H_
