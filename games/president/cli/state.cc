// state.cc: `pli state` and `pli legal` of a game of Super Président
// (INTERFACE.md §2): the log read as its own events, folded to --at, and
// printed as its state and legal JSON (games/president/wire/state_json.h) or
// its text (games/president/cli/output.h). Registered with the cli
// (cli/game_commands.h); cli/main.cc calls it once it knows the game is
// Président's.
#include <boost/json.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/error.h"
#include "cli/game_commands.h"
#include "games/president/cli/output.h"
#include "games/president/cli/source.h"
#include "games/president/rules/rules.h"
#include "engine/text.h"
#include "games/president/module.h"
#include "referee/open_store.h"
#include "referee/sqlite_store.h"
#include "games/president/replay/fold.h"
#include "games/president/wire/state_json.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitBadInput = 2;

void Print(const boost::json::value& value) { std::cout << boost::json::serialize(value) << "\n"; }

// The games SOURCE or --db holds (from a database: only --game's, if given).
std::vector<pli::LoadedGame> Load(const PointArgs& args) {
  if (args.db.has_value() == !args.source.empty()) {
    throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
  }
  if (!args.db) return pli::LoadFileGames(args.source);
  return pli::LoadDbGames(*args.db, args.game, std::nullopt);
}

// Warns on stderr that a game read for state/legal has a broken chain.
void WarnIfBroken(const pli::LoadedGame& g) {
  if (g.chain.status != pli::ChainStatus::kBroken) return;
  std::cerr << "pli: warning: game \"" << pli::EscapeForTerminal(g.log.game) << "\" has a broken hash chain (at event "
            << g.chain.problems.front().seq << "); run pli audit\n";
}

// The game of a database a state or legal command looks at: --game, or the
// only one. Only that game is read, from the store cli/main.cc opened
// (`sqlite`) when it is a SQLite file.
pli::LoadedGame LoadOneFromDb(const PointArgs& args, std::unique_ptr<pli::SqliteReader> sqlite) {
  if (pli::IsPostgresUri(*args.db)) {  // no fast path: read through the store
    std::vector<pli::LoadedGame> games = pli::LoadDbGames(*args.db, args.game, std::nullopt);
    if (games.size() != 1) {
      throw pli::cli::InputError(pli::StoreName(*args.db) + " holds " + std::to_string(games.size()) +
                                     " games: choose one with --game ID",
                                 std::nullopt, "--game");
    }
    return std::move(games.front());
  }
  std::unique_ptr<pli::SqliteReader> store =
      sqlite ? std::move(sqlite) : pli::OpenSqliteReader(*args.db);
  std::optional<std::string> id = args.game;
  if (!id) {
    const std::vector<std::string> ids = store->Games();
    if (ids.empty()) throw std::runtime_error(*args.db + " holds no game");
    if (ids.size() > 1) {
      std::string list;
      for (size_t i = 0; i < ids.size() && i < 10; ++i) list += (i ? ", " : "") + pli::EscapeForTerminal(ids[i]);
      if (ids.size() > 10) list += ", ...";
      throw pli::cli::InputError(*args.db + " holds " + std::to_string(ids.size()) + " games (" +
                                     list + "): choose one with --game ID",
                                 std::nullopt, "--game");
    }
    id = ids.front();
  }
  return pli::LoadDbGame(*store, *args.db, *id);
}

// The one game a state or legal command looks at.
pli::GameLog LoadOne(const PointArgs& args, std::unique_ptr<pli::SqliteReader> sqlite) {
  if (args.db) {
    if (!args.source.empty()) throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
    pli::LoadedGame game = LoadOneFromDb(args, std::move(sqlite));
    WarnIfBroken(game);
    return std::move(game.log);
  }
  std::vector<pli::GameLog> logs;
  for (pli::LoadedGame& g : Load(args)) {
    if (!args.game || *args.game == g.log.game) WarnIfBroken(g);
    logs.push_back(std::move(g.log));
  }
  return pli::SelectGame(logs, args.game, args.source);
}

int RunState(const PointArgs& args, std::unique_ptr<pli::SqliteReader> sqlite) {
  const pli::GameLog game = LoadOne(args, std::move(sqlite));
  const int64_t at = pli::ResolveAt(game, args.at);
  const pli::State state = pli::FoldTo(game.events, at);
  if (args.json)
    Print(pli::StateToJson(state));
  else
    std::cout << pli::cli::StateText(game, state, at);
  return pli::cli::WarnIfMalformed(game) ? kExitBadInput : kExitOk;
}

int RunLegal(const PointArgs& args, std::unique_ptr<pli::SqliteReader> sqlite) {
  const pli::GameLog game = LoadOne(args, std::move(sqlite));
  const pli::State state = pli::FoldTo(game.events, pli::ResolveAt(game, args.at));
  const std::vector<pli::LegalAction> actions = pli::LegalActions(state);
  if (args.json && args.actions)
    Print(pli::LegalWithActions(pli::LegalToJson(actions, state.options.wild != 0), pli::LegalActionsJson(state)));
  else if (args.json)
    Print(pli::LegalToJson(actions, state.options.wild != 0));  // H-B6
  else
    std::cout << pli::cli::LegalText(game, state, actions);
  return pli::cli::WarnIfMalformed(game) ? kExitBadInput : kExitOk;
}

int RunPresidentPoint(const PointArgs& args, bool legal, std::unique_ptr<SqliteReader> sqlite) {
  return legal ? RunLegal(args, std::move(sqlite)) : RunState(args, std::move(sqlite));
}

// Registered under the game's name (games/president/module.cc: "super-president").
const bool registered =
    RegisterGameCommands({.game = "super-president", .point = RunPresidentPoint});

}  // namespace
}  // namespace pli::cli
