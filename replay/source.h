// source.h: reading a log SOURCE for the commands and choosing the game and
// the point (--game, --at) they look at: a JSON Lines file (or standard
// input, "-") or a database (--db). Bad input throws InputError
// (schema/input_error.h) or std::runtime_error, naming what is wrong; the
// cli turns them into exit status 2.
#ifndef PLI_REPLAY_SOURCE_H_
#define PLI_REPLAY_SOURCE_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "games/log.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/stored_scan.h"
#include "schema/log_reader.h"

namespace pli {

// How a source is named in messages.
std::string SourceLabel(const std::string& source);

// Every game of a JSON Lines log file, or of standard input for "-",
// read line by line. An unreadable log (a line that is not a JSON object,
// events before any game event) throws, naming the line and field; a
// malformed event is kept at its position (schema/log_reader.h).
// ReadSource as a stream (schema/log_reader.h, ReadLogEvents): hands each
// event to `fn` as its line is read, keeping none. An unreadable log
// throws once its bad line is reached, after the events before it were
// handed over: the caller must print nothing of them before this returns.
void ReadSourceEvents(const std::string& source, const std::function<void(LogItem&)>& fn);

std::vector<GameLog> ReadSource(const std::string& source);
// The same for the log of any game (games/log.h): what audit, state and
// legal read, whatever the games of the file.
void ReadAnySourceEvents(const std::string& source, const std::function<void(AnyLogItem&)>& fn);
std::vector<AnyGameLog> ReadAnySource(const std::string& source);

// One game of any game as state and legal read it, with its chain verdict:
// a file's game checked as audit checks its hashes, a stored game's rows
// checked link by link (each hash the chain hash of its body after the row
// before it, seqs contiguous from 1; audit --db checks the rest).
struct AnyLoadedGame {
  AnyGameLog log;
  ChainCheck chain;
};
// The game of a file that --game names, or its only game.
AnyLoadedGame LoadAnyFileGame(const std::string& source, const std::optional<std::string>& id);
// A game of a store (which must be there); nullopt when its first body is
// no game's.
std::optional<AnyLoadedGame> LoadAnyStoredGame(EventStore& store, const std::string& id);

// The one game a command looks at, of any game: the one --game names, or
// the only one, of the log file `file` ("-": standard input, read once) or
// of the database `db` (exactly one of them given). Several games and no
// --game is SelectGame's error; so is an unknown id.
AnyLoadedGame LoadOneAnyGame(const std::optional<std::string>& file,
                             const std::optional<std::string>& db,
                             const std::optional<std::string>& id);
// A Super Président game read as the log of any game, in Président's own
// events (for the commands that fold them typed: replay, diff).
GameLog PresidentLog(const AnyGameLog& log);

// A game as a command reads it, with its chain verdict.
struct LoadedGame {
  GameLog log;
  ChainCheck chain;
};

// "SEQ:HASH", as an acknowledgement prints it.
Head ParseHead(const std::string& text);

// What --head names: a game's head "SEQ:HASH", as an acknowledgement prints
// it, or the database's head "db:N:HASH" (schema/STORE.md §3), which
// cannot be taken for one (a seq is a number).
struct Witness {
  std::optional<Head> game;
  std::optional<DatabaseHead> database;
};

Witness ParseWitness(const std::string& text);

// Game ids for a message: "g1, g2, g3", the first ten of a longer list and
// how many more ("g1, ..., g10 and 2390 more"), "none" for none. An archive
// can hold thousands of games; the message must stay readable.
std::string IdsText(const std::vector<std::string>& ids);

// The ids of the games of a database that a command looks at: all of
// them, or the one named (which must be there). A --head witness belongs to
// one game, so it needs exactly one.
std::vector<std::string> DbGameIds(EventStore& store, const std::string& db,
                                   const std::optional<std::string>& id, bool witness);

// Visits the games of a database (all, or the one named) one at a time, in
// creation order, each checked for tampering (chain, head, and `witness`
// when given): memory holds one game at a time, however large the archive.
// fn gets the game, its index and the number of games.
void ForEachDbGame(const std::string& db, const std::optional<std::string>& id,
                   const std::optional<Head>& witness,
                   const std::function<void(LoadedGame&&, size_t, size_t)>& fn);

// One game of a database, checked for tampering as ForEachDbGame checks it
// (without a witness): one pass over SQLite's rows when nothing is wrong
// (stored_scan.h; the log's hashes are then left empty, as folding needs
// none), else CheckStoredGame, which says what is. A game that is not there
// is an error listing those that are (DbGameIds).
LoadedGame LoadDbGame(SqliteReader& store, const std::string& db, const std::string& id);

// The game a SQLite database's game is of, named by its first row's body
// (GameOfBody); nullptr when the game has no rows or no game owns that
// body. Reads the games row and row 1 only: state and legal choose their
// path by it before reading the game once (LoadDbGame or LoadAnyStoredGame).
const Game* StoredGameKind(SqliteReader& store, const std::string& id);

// The games of a database (all, or the one named), each checked.
std::vector<LoadedGame> LoadDbGames(const std::string& db, const std::optional<std::string>& id,
                                    const std::optional<Head>& witness);

// The games of a log file, each with its chain verdict ("none" when it
// carries no hashes).
std::vector<LoadedGame> LoadFileGames(const std::string& source);

std::string GameIds(const std::vector<GameLog>& games);

// The game a `state` or `legal` command looks at: the one named by --game,
// or the only game of the log. Several games and no --game is an error that
// lists their ids.
const GameLog& SelectGame(const std::vector<GameLog>& games, const std::optional<std::string>& id,
                          const std::string& source);

// The seq a `state` or `legal` command folds to: --at, or the last event.
// seq is 1-based; past the game's last event is an error.
int64_t ResolveAt(const GameLog& game, const std::optional<int64_t>& at);

// The seat names of a game, from its game event (the first event).
std::vector<std::string> SeatNames(const GameLog& game);

}  // namespace pli

#endif  // PLI_REPLAY_SOURCE_H_
