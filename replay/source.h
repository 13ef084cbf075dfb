// source.h: reading a log SOURCE for the commands and choosing the game and
// the point (--game, --at) they look at: a JSON Lines file (or standard
// input, "-") or a database (--db). Bad input throws InputError
// (schema/input_error.h) or std::runtime_error, naming what is wrong; the
// cli turns them into exit status 2. Of any game: Super Président's own
// tools read its games typed through games/president/replay/source.h.
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
#include "schema/log_reader.h"

namespace pli {

// How a source is named in messages.
std::string SourceLabel(const std::string& source);

// Every event of a JSON Lines log file, or of standard input for "-", of
// any game (games/log.h), read line by line: hands each event to `fn` as
// its line is read, keeping none. An unreadable log (a line that is not a
// JSON object, events before any game event) throws, naming the line and
// field, once its bad line is reached, after the events before it were
// handed over: the caller must print nothing of them before this returns.
// A malformed event is kept at its position.
void ReadAnySourceEvents(const std::string& source, const std::function<void(AnyLogItem&)>& fn);
// Every game of the log (ReadAnySourceEvents, keeping them).
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
// --game is SelectGameIndex's error; so is an unknown id.
AnyLoadedGame LoadOneAnyGame(const std::optional<std::string>& file,
                             const std::optional<std::string>& db,
                             const std::optional<std::string>& id);

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

// The one game of a database a command looks at (state, legal, explain,
// replay): --game's, or the only one. A database with no game, or with
// several and no --game, is an error that says so and lists their ids.
std::string DbGameId(EventStore& store, const std::string& db, const std::optional<std::string>& id);

// The game a SQLite database's game is of, named by its first row's body
// (GameOfBody); nullptr when the game has no rows or no game owns that
// body. Reads the games row and row 1 only: state and legal choose their
// path by it before reading the game once (Président's LoadDbGame, or LoadAnyStoredGame).
const Game* StoredGameKind(SqliteReader& store, const std::string& id);

// The game a `state` or `legal` command looks at, given the ids of the
// games of the source (in its order): the index of the one named by --game,
// or of the only game of the log. Several games and no --game is an error
// that lists their ids; so is an id no game or several games have.
size_t SelectGameIndex(const std::vector<std::string>& ids, const std::optional<std::string>& id,
                       const std::string& source);

// The seq a `state` or `legal` command folds to in game `game` of `events`
// events: --at, or the last event. seq is 1-based; past the game's last
// event is an error.
int64_t ResolveAt(const std::string& game, int64_t events, const std::optional<int64_t>& at);

}  // namespace pli

#endif  // PLI_REPLAY_SOURCE_H_
