// adjudicate.cc: Super Président's own `pli explain` and `pli diff`,
// registered for the shared commands (cli/adjudicate.cc, through
// cli/game_commands.h): its typed explanation (games/president/replay/explain.h:
// the rules met and set in motion, read off the states before and after)
// and diff (games/president/replay/diff.h: each side's event explained where the
// records part), and their text (games/president/cli/adjudicate_text.h). Wiring
// only: parse, call, print.
#include <boost/json.hpp>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/game_commands.h"
#include "games/president/cli/adjudicate_text.h"
#include "games/president/cli/source.h"
#include "cli/style.h"
#include "games/president/replay/diff.h"
#include "games/president/replay/explain.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitViolation = 1;
constexpr int kExitBadInput = 2;

void PrintJson(const boost::json::value& v) { std::cout << boost::json::serialize(v) << "\n"; }

// Reads the one game a command looks at from a log file or a database:
// --game's, or the only one. Warns on stderr when its hash chain is broken.
GameLog LoadGame(const std::optional<std::string>& file, const std::optional<std::string>& db,
                 const std::optional<std::string>& id) {
  std::vector<LoadedGame> games = db ? LoadDbGames(*db, id, std::nullopt) : LoadFileGames(*file);
  std::vector<GameLog> logs;
  for (LoadedGame& g : games) {
    if (g.chain.status == ChainStatus::kBroken && (!id || *id == g.log.game)) {
      std::cerr << "pli: warning: game \"" << EscapeForTerminal(g.log.game) << "\" has a broken hash chain (at event "
                << g.chain.problems.front().seq << "); run pli audit\n";
    }
    logs.push_back(std::move(g.log));
  }
  return SelectGame(logs, id, db ? *db : *file);
}

int RunPresidentExplain(const ExplainArgs& args) {
  const GameLog game =
      LoadGame(args.db ? std::nullopt : std::optional(args.source), args.db, args.game);
  const int64_t seq = ResolveAt(game, args.at);
  const Explanation x = Explain(game.events, seq);
  if (args.json)
    PrintJson(ExplanationToJson(x));
  else
    std::cout << ExplainText(game, x, StdoutStyle());
  // A game with a malformed event is malformed input: exit 2 (docs/RULINGS.md).
  if (WarnIfMalformed(game)) return kExitBadInput;
  return x.legal() ? kExitOk : kExitViolation;
}

int RunPresidentDiff(const DiffSides& sides) {
  const GameLog a = ToGameLog(sides.a);
  const GameLog b = ToGameLog(sides.b);
  const LogDiff d = DiffLogs(a.events, b.events, sides.strict);
  if (sides.json) {
    boost::json::object o = LogDiffToJson(d);
    o["game_a"] = a.game;
    o["game_b"] = b.game;
    PrintJson(o);
  } else {
    std::cout << DiffText(sides.game_id, d, sides.label_a, sides.label_b, StdoutStyle());
  }
  return d.kind == DiffKind::kIdentical ? kExitOk : kExitViolation;
}

// Registered under the game's name (games/president/module.cc: "super-president").
const bool registered = RegisterGameCommands(
    {.game = "super-president", .explain = RunPresidentExplain, .diff = RunPresidentDiff});

}  // namespace
}  // namespace pli::cli
