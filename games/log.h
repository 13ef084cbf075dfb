// log.h: reads a JSON Lines log of any game into games, line by line in
// bounded memory (INTERFACE.md §1-§2): each game's lines are read by the
// game its `game` event's ruleset names (games/game.h), and the envelope
// checks that one line alone cannot make are made here, the same for
// every game.
#ifndef PLI_GAMES_LOG_H_
#define PLI_GAMES_LOG_H_

#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/game.h"
#include "schema/log_reader.h"

namespace pli {

// One event of a log as ReadAnyLogEvents hands it over, in file order.
struct AnyLogItem {
  bool opens = false;        // the first event of a new game (its game event, malformed or not)
  std::string game;          // the id of its game ("" when its game event has no string id)
  const Game* kind = nullptr;  // the game its game event's ruleset names
  AnyEvent event;            // malformed when not a well-formed event of its game
  int line = 0;
  std::string hash;          // its `hash` as written, "" if none
};

// One game of a log.
struct AnyGameLog {
  std::string game;
  const Game* kind = nullptr;
  std::vector<AnyEvent> events;
  std::vector<int> lines;
  std::vector<std::string> hashes;  // each event's `hash` as written, "" if none
};

// Reads a log line by line, handing each event over to `fn` as soon as its
// line is read and keeping none: memory holds one line, the game ids of the
// file (with their first line) and the ids used in the current game. The
// log is unreadable (a LogError, and reading stops at that line) when a
// line is not a JSON object (bad JSON, another JSON value, a line longer
// than kMaxLineBytes) or an event comes before the first game event. Any
// other problem is a malformed event at its position: the game's own line
// checks (Game::ReadLine); a `seq` that is not the event's 1-based position
// in its game; an `id` already used by an event of the game (legal, illegal
// or malformed); a game event that is malformed (its game is still opened,
// named by its `game` when a string, and every later event of it is
// malformed: it cannot be judged without its rules and seats) or whose id
// an earlier game of the file has (the same).
std::optional<LogError> ReadAnyLogEvents(std::istream& in,
                                         const std::function<void(AnyLogItem&)>& fn);
// The same over a file; an unreadable file is a LogError with line 0.
std::optional<LogError> ReadAnyLogFileEvents(const std::string& path,
                                             const std::function<void(AnyLogItem&)>& fn);
// Appends an event handed over by ReadAnyLogEvents to `games` (a new game
// when it opens one); its event and hash are moved.
void AppendAnyLogItem(std::vector<AnyGameLog>& games, AnyLogItem& item);
// Every game of a log (holding every event: ReadAnyLogEvents for a log of
// any length).
std::variant<std::vector<AnyGameLog>, LogError> ReadAnyLog(std::istream& in);
std::variant<std::vector<AnyGameLog>, LogError> ReadAnyLogFile(const std::string& path);

}  // namespace pli

#endif  // PLI_GAMES_LOG_H_
