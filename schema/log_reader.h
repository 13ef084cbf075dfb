// log_reader.h: reads a JSON Lines log into games, checking that every event
// is well formed for its game (INTERFACE.md §1, RULES.md `malformed`).
#ifndef PLI_SCHEMA_LOG_READER_H_
#define PLI_SCHEMA_LOG_READER_H_

#include <istream>
#include <string>
#include <variant>
#include <vector>

#include "engine/event.h"

namespace pli {

// One game of a log: its events from the `game` event on, and the line each
// came from (1-based, in the file).
struct GameLog {
  std::string game;  // the id of its game event
  std::vector<Event> events;
  std::vector<int> lines;
  std::vector<std::string> hashes;  // each event's `hash` as written, "" if none
};

// A malformed line: where, which field, what is wrong.
struct LogError {
  int line = 0;
  std::string field;
  std::string message;
  // "line 7, field \"cards\": unknown card \"1h\""
  std::string ToString() const;
};

// Reads every game of a log. Blank lines are skipped. Beyond ParseEventLine's
// checks, an error is returned for: an event before the first game event; a
// seat outside the game's seats (any of seat/from/to); a deal whose hands
// array does not have one entry per seat; a `seq` that is not the event's
// 1-based position in its game; an `id` used twice in a game; a game event
// whose options are invalid for its ruleset.
std::variant<std::vector<GameLog>, LogError> ReadLog(std::istream& in);
// Reads a file; an unreadable file is a LogError with line 0.
std::variant<std::vector<GameLog>, LogError> ReadLogFile(const std::string& path);

}  // namespace pli

#endif  // PLI_SCHEMA_LOG_READER_H_
