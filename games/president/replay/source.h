// source.h: Super Président's games read from a SOURCE in its own events,
// for its own tools (state and legal of a Président game, its replay,
// explain and diff, and the audit's detailed path): the reading of any
// game's log is replay/source.h, which this adds to.
#ifndef PLI_REPLAY_PRESIDENT_SOURCE_H_
#define PLI_REPLAY_PRESIDENT_SOURCE_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "games/president/log.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/source.h"

namespace pli {

// A game as a command reads it, with its chain verdict.
struct LoadedGame {
  GameLog log;
  ChainCheck chain;
};

// Visits the games of a database (all, or the one named) one at a time, in
// creation order, each checked for tampering (chain, head, and `witness`
// when given): memory holds one game at a time, however large the archive.
// fn gets the game, its index and the number of games.
void ForEachDbGame(const std::string& db, const std::optional<std::string>& id,
                   const std::optional<Head>& witness,
                   const std::function<void(LoadedGame&&, size_t, size_t)>& fn);

// One game of a database, checked for tampering as ForEachDbGame checks it
// (without a witness): one pass over SQLite's rows when nothing is wrong
// (games/president/replay/stored_scan.h; the log's hashes are then left empty, as folding
// needs none), else CheckStoredGame, which says what is. A game that is
// not there is an error listing those that are (DbGameIds).
LoadedGame LoadDbGame(SqliteReader& store, const std::string& db, const std::string& id);

// The games of a database (all, or the one named), each checked.
std::vector<LoadedGame> LoadDbGames(const std::string& db, const std::optional<std::string>& id,
                                    const std::optional<Head>& witness);

// The Président games of a log file, each with its chain verdict ("none"
// when it carries no hashes). The games of other games in the file are
// left to the commands of any game.
std::vector<LoadedGame> LoadFileGames(const std::string& source);

// The game a `state` or `legal` command looks at: the one named by --game,
// or the only game of the log (SelectGameIndex).
const GameLog& SelectGame(const std::vector<GameLog>& games, const std::optional<std::string>& id,
                          const std::string& source);

// The seq a `state` or `legal` command folds to: --at, or the last event
// (ResolveAt of replay/source.h).
int64_t ResolveAt(const GameLog& game, const std::optional<int64_t>& at);

// The seat names of a game, from its game event (the first event).
std::vector<std::string> SeatNames(const GameLog& game);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_SOURCE_H_
