// log.h: Super Président's events read from a log, for the tools that
// still take Président's own events (docs/ARCHITECTURE.md §3): the log of
// any game read by games/log.h, each event of a Président game turned into
// Président's Event. A game of another ruleset makes the log unreadable for
// them (a LogError naming the game and its ruleset).
#ifndef PLI_GAMES_PRESIDENT_LOG_H_
#define PLI_GAMES_PRESIDENT_LOG_H_

#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <variant>
#include <vector>

#include "games/president/rules/event.h"
#include "schema/log_reader.h"

namespace pli {

// One game of a log: its events from the `game` event on, and the line each
// came from (1-based, in the file). An event that is a JSON object but not a
// well-formed event of its game is kept at its position as a MalformedEvent
// (games/president/rules/event.h), whose text names the line and the field.
struct GameLog {
  std::string game;  // the id of its game event ("" when it has no string id)
  std::vector<Event> events;
  std::vector<int> lines;
  std::vector<std::string> hashes;  // each event's `hash` as written, "" if none
};

// The first malformed event of a game, or nullptr.
const MalformedEvent* FirstMalformed(const GameLog& game);

// One event of a log as ReadLogEvents hands it over, in the order of the
// file: what ReadLog appends to its game (event, line, hash).
struct LogItem {
  bool opens = false;  // the first event of a new game (its game event, malformed or not)
  std::string game;    // the id of its game, as GameLog::game
  Event event;         // a MalformedEvent when it is not a well-formed event of its game
  int line = 0;
  std::string hash;    // its `hash` as written, "" if none
};

// Appends an event handed over by ReadLogEvents to `games` (a new game
// when it opens one), as ReadLog does: its event, line and hash are moved.
void AppendLogItem(std::vector<GameLog>& games, LogItem& item);

// Reads a log as ReadLog does, line by line, handing each event over to
// `fn` as soon as its line is read and keeping none: memory holds one line,
// the game ids of the file (with their first line) and the ids used in the
// current game, whatever the number of events. Returns why the log is
// unreadable (reading stops at that line; the events handed over before it
// belong to no readable log, and the caller must drop what it made of
// them), or nullopt once the whole log is read.
std::optional<LogError> ReadLogEvents(std::istream& in, const std::function<void(LogItem&)>& fn);

// Reads every game of a log, one line at a time (never the whole text at
// once). Blank lines are skipped; a UTF-8 BOM on line 1 and CRLF line ends
// are accepted. The log is unreadable (a LogError, and reading stops at
// that line) when a line is not a JSON object (bad JSON, another JSON
// value, a line longer than kMaxLineBytes) or an event comes before the
// first game event. Any other problem is a malformed event at its position:
// ParseEventLine's checks; a seat outside the game's seats (seat/from/to); a
// deal without one hand per seat; a `seq` that is not the event's 1-based
// position in its game; an `id` already used by an event of the game (legal,
// illegal or malformed); a game event that is malformed (its game is still
// opened, named by its `game` when a string, and every later event of it is
// malformed: it cannot be judged without its rules and seats) or whose id an
// earlier game of the file has (the same). Holds every event of the log:
// ReadLogEvents for a log of any length.
std::variant<std::vector<GameLog>, LogError> ReadLog(std::istream& in);
// Reads a file; an unreadable file is a LogError with line 0.
std::variant<std::vector<GameLog>, LogError> ReadLogFile(const std::string& path);
// ReadLogEvents over a file; an unreadable file is a LogError with line 0.
std::optional<LogError> ReadLogFileEvents(const std::string& path,
                                          const std::function<void(LogItem&)>& fn);

// A game read as Président's events, as the log of any game holds it.
struct AnyGameLog;
AnyGameLog ToAnyGameLog(const GameLog& log);
// And back: a Président game read as the log of any game, in Président's
// events (its kind must be Super Président).
GameLog ToGameLog(const AnyGameLog& log);

}  // namespace pli

#endif  // PLI_GAMES_PRESIDENT_LOG_H_
