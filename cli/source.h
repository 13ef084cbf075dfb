// source.h: reading a log SOURCE for the `pli` commands and choosing the
// game and the point (--game, --at) they look at. Header-only, cli only:
// bad input throws std::runtime_error, which main turns into exit status 2.
#ifndef PLI_CLI_SOURCE_H_
#define PLI_CLI_SOURCE_H_

#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <variant>
#include <vector>

#include "cli/error.h"
#include "engine/president/event.h"
#include "engine/text.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/stored_scan.h"
#include "schema/log_reader.h"

namespace pli::cli {

// How a source is named in messages.
inline std::string SourceLabel(const std::string& source) {
  return source == "-" ? "<stdin>" : source;
}

// Every game of a JSON Lines log file, or of standard input for "-",
// read line by line. An unreadable log (a line that is not a JSON object,
// events before any game event) throws, naming the line and field; a
// malformed event is kept at its position (schema/log_reader.h).
// ReadSource as a stream (schema/log_reader.h, ReadLogEvents): hands each
// event to `fn` as its line is read, keeping none. An unreadable log
// throws once its bad line is reached, after the events before it were
// handed over: the caller must print nothing of them before this returns.
inline void ReadSourceEvents(const std::string& source, const std::function<void(LogItem&)>& fn) {
  std::error_code ec;
  if (source != "-" && std::filesystem::is_directory(source, ec)) {
    throw InputError(source + " is a directory, not a log file (give a JSON Lines file)");
  }
  const std::optional<LogError> error =
      source == "-" ? ReadLogEvents(std::cin, fn) : ReadLogFileEvents(source, fn);
  if (error) {
    throw InputError(SourceLabel(source) + ": " + error->ToString(),
                     error->line > 0 ? std::optional<int64_t>(error->line) : std::nullopt,
                     error->field);
  }
}

inline std::vector<GameLog> ReadSource(const std::string& source) {
  std::vector<GameLog> games;
  ReadSourceEvents(source, [&](LogItem& item) { AppendLogItem(games, item); });
  return games;
}

// A game as a command reads it, with its chain verdict.
struct LoadedGame {
  GameLog log;
  ChainCheck chain;
};

// "SEQ:HASH", as an acknowledgement prints it.
inline Head ParseHead(const std::string& text) {
  const size_t colon = text.find(':');
  std::optional<Hash> hash;
  int64_t seq = 0;
  if (colon != std::string::npos) {
    hash = ParseHashHex(text.substr(colon + 1));
    try {
      size_t used = 0;
      seq = std::stoll(text.substr(0, colon), &used);
      if (used != colon || seq < 1) hash.reset();
    } catch (const std::exception&) {
      hash.reset();
    }
  }
  if (!hash) {
    throw InputError("--head " + text +
                         ": write it as SEQ:HASH, the seq and the 64 hex digits of an "
                         "acknowledgement",
                     std::nullopt, "--head");
  }
  return Head{seq, *hash};
}

// What --head names: a game's head "SEQ:HASH", as an acknowledgement prints
// it, or the database's head "db:N:HASH" (schema/STORE.md §3), which
// cannot be taken for one (a seq is a number).
struct Witness {
  std::optional<Head> game;
  std::optional<DatabaseHead> database;
};

inline Witness ParseWitness(const std::string& text) {
  if (!text.starts_with("db:")) return Witness{ParseHead(text), std::nullopt};
  const size_t colon = text.find(':', 3);
  std::optional<Hash> hash;
  int64_t games = 0;
  if (colon != std::string::npos) {
    hash = ParseHashHex(text.substr(colon + 1));
    const std::string n = text.substr(3, colon - 3);
    if (n.empty() || n.size() > 18 || n.find_first_not_of("0123456789") != std::string::npos) {
      hash.reset();
    } else {
      games = std::stoll(n);
    }
  }
  if (!hash) {
    throw std::runtime_error("--head " + text +
                             ": write a database head as db:N:HASH, the number of games and the "
                             "64 hex digits printed by an acknowledgement or by pli audit --db");
  }
  return Witness{std::nullopt, DatabaseHead{games, *hash}};
}

// Game ids for a message: "g1, g2, g3", the first ten of a longer list and
// how many more ("g1, ..., g10 and 2390 more"), "none" for none. An archive
// can hold thousands of games; the message must stay readable.
inline std::string IdsText(const std::vector<std::string>& ids) {
  constexpr size_t kShown = 10;
  if (ids.empty()) return "none";
  std::string text;
  for (size_t i = 0; i < ids.size() && i < kShown; ++i) text += (i == 0 ? "" : ", ") + EscapeForTerminal(ids[i]);
  if (ids.size() > kShown) text += " and " + std::to_string(ids.size() - kShown) + " more";
  return text;
}

// The ids of the games of a database that a command looks at: all of
// them, or the one named (which must be there). A --head witness belongs to
// one game, so it needs exactly one.
inline std::vector<std::string> DbGameIds(EventStore& store, const std::string& db,
                                          const std::optional<std::string>& id, bool witness) {
  std::vector<std::string> ids = store.Games();
  if (id) {
    bool known = false;
    for (const std::string& g : ids) known = known || g == *id;
    if (!known) {
      throw InputError(db + " has no game \"" + *id + "\" (games: " + IdsText(ids) + ")",
                       std::nullopt, "--game");
    }
    ids = {*id};
  }
  if (witness && ids.size() > 1) {
    throw std::runtime_error("--head belongs to one game, and " + db + " holds " +
                             std::to_string(ids.size()) + " games: choose it with --game ID");
  }
  return ids;
}

// Visits the games of a database (all, or the one named) one at a time, in
// creation order, each checked for tampering (chain, head, and `witness`
// when given): memory holds one game at a time, however large the archive.
// fn gets the game, its index and the number of games.
inline void ForEachDbGame(const std::string& db, const std::optional<std::string>& id,
                          const std::optional<Head>& witness,
                          const std::function<void(LoadedGame&&, size_t, size_t)>& fn) {
  std::unique_ptr<EventStore> store = OpenSqliteStore(db, OpenMode::kReadOnly);
  const std::vector<std::string> ids = DbGameIds(*store, db, id, witness.has_value());
  for (size_t i = 0; i < ids.size(); ++i) {
    CheckedGame checked = CheckStoredGame(*store->Read(ids[i]), witness);
    fn(LoadedGame{std::move(checked.log), std::move(checked.chain)}, i, ids.size());
  }
}

// One game of a database, checked for tampering as ForEachDbGame checks it
// (without a witness): one pass over SQLite's rows when nothing is wrong
// (stored_scan.h; the log's hashes are then left empty, as folding needs
// none), else CheckStoredGame, which says what is. A game that is not there
// is an error listing those that are (DbGameIds).
inline LoadedGame LoadDbGame(SqliteReader& store, const std::string& db, const std::string& id) {
  if (std::optional<GameLog> log = LoadStoredGameFast(store, id)) {
    return LoadedGame{std::move(*log), ChainCheck{ChainStatus::kOk, {}}};
  }
  DbGameIds(store, db, id, false);
  CheckedGame checked = CheckStoredGame(*store.Read(id), std::nullopt);
  return LoadedGame{std::move(checked.log), std::move(checked.chain)};
}

// The games of a database (all, or the one named), each checked.
inline std::vector<LoadedGame> LoadDbGames(const std::string& db, const std::optional<std::string>& id,
                                           const std::optional<Head>& witness) {
  std::vector<LoadedGame> games;
  ForEachDbGame(db, id, witness,
                [&](LoadedGame&& g, size_t, size_t) { games.push_back(std::move(g)); });
  return games;
}

// The games of a log file, each with its chain verdict ("none" when it
// carries no hashes).
inline std::vector<LoadedGame> LoadFileGames(const std::string& source) {
  std::vector<LoadedGame> games;
  for (GameLog& log : ReadSource(source)) {
    ChainCheck chain = CheckFileChain(log);
    games.push_back(LoadedGame{std::move(log), std::move(chain)});
  }
  return games;
}

inline std::string GameIds(const std::vector<GameLog>& games) {
  std::vector<std::string> ids;
  for (const GameLog& g : games) ids.push_back(g.game);
  return IdsText(ids);
}

// The game a `state` or `legal` command looks at: the one named by --game,
// or the only game of the log. Several games and no --game is an error that
// lists their ids.
inline const GameLog& SelectGame(const std::vector<GameLog>& games,
                                 const std::optional<std::string>& id, const std::string& source) {
  const std::string label = SourceLabel(source);
  if (games.empty()) throw std::runtime_error(label + ": the log holds no game");
  if (!id) {
    if (games.size() == 1) return games.front();
    throw std::runtime_error(label + " holds " + std::to_string(games.size()) + " games (" +
                             GameIds(games) + "): choose one with --game ID");
  }
  const GameLog* chosen = nullptr;
  for (const GameLog& g : games) {
    if (g.game != *id) continue;
    if (chosen)
      throw std::runtime_error(label + " holds several games with the id \"" + EscapeForTerminal(*id) + "\"");
    chosen = &g;
  }
  if (!chosen) {
    throw InputError(label + " has no game \"" + *id + "\" (games: " + GameIds(games) + ")",
                     std::nullopt, "--game");
  }
  return *chosen;
}

// The seq a `state` or `legal` command folds to: --at, or the last event.
// seq is 1-based; past the game's last event is an error.
inline int64_t ResolveAt(const GameLog& game, const std::optional<int64_t>& at) {
  const auto events = static_cast<int64_t>(game.events.size());
  if (!at) return events;
  if (*at < 1) {
    throw InputError("--at " + std::to_string(*at) +
                         ": events are numbered from 1 (seq is the event's position in its game)",
                     std::nullopt, "--at");
  }
  if (*at > events) {
    throw InputError("--at " + std::to_string(*at) + " is past the end of game \"" + game.game +
                         "\", which has " + std::to_string(events) + " events",
                     std::nullopt, "--at");
  }
  return *at;
}

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

// The seat names of a game, from its game event (the first event).
inline std::vector<std::string> SeatNames(const GameLog& game) {
  if (game.events.empty()) return {};
  if (const auto* g = std::get_if<GameEvent>(&game.events.front().body)) return g->seats;
  return {};
}

}  // namespace pli::cli

#endif  // PLI_CLI_SOURCE_H_
