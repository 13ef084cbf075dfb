// log_reader.h: reads a JSON Lines log into games, line by line in bounded
// memory, checking that every event is well formed for its game
// (INTERFACE.md §1-§2, RULES.md `malformed`).
#ifndef PLI_SCHEMA_LOG_READER_H_
#define PLI_SCHEMA_LOG_READER_H_

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string_view>
#include <string>
#include <variant>
#include <vector>

#include "engine/president/event.h"

namespace pli {

// The longest line a log may have, not counting its end of line: 1 MiB, far
// above any event (a game event with eight seat names of 64 KiB each, the
// JSON reader's longest string, is about 512 KiB). A longer line makes the
// file unreadable, and reading stops there (schema/FORMAT.md).
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

// One game of a log: its events from the `game` event on, and the line each
// came from (1-based, in the file). An event that is a JSON object but not a
// well-formed event of its game is kept at its position as a MalformedEvent
// (engine/president/event.h), whose text names the line and the field.
struct GameLog {
  std::string game;  // the id of its game event ("" when it has no string id)
  std::vector<Event> events;
  std::vector<int> lines;
  std::vector<std::string> hashes;  // each event's `hash` as written, "" if none
};

// The first malformed event of a game, or nullptr.
const MalformedEvent* FirstMalformed(const GameLog& game);

// Why a log cannot be read at all: where, which field, what is wrong.
struct LogError {
  int line = 0;
  std::string field;
  std::string message;
  // "line 7, field \"cards\": unknown card \"1h\""
  std::string ToString() const;
};

// One event of a log as ReadLogEvents hands it over, in the order of the
// file: what ReadLog appends to its game (event, line, hash).
struct LogItem {
  bool opens = false;  // the first event of a new game (its game event, malformed or not)
  std::string game;    // the id of its game, as GameLog::game
  Event event;         // a MalformedEvent when it is not a well-formed event of its game
  int line = 0;
  std::string hash;    // its `hash` as written, "" if none
};

// Hands each non-blank line of a log to `fn` with its 1-based number, as
// it is read: memory holds one line, whatever the log. A UTF-8 BOM on line
// 1 and CRLF line ends are accepted. Returns the first error `fn` returns
// (reading stops there), a LogError for a line longer than kMaxLineBytes or
// a stream that cannot be read, or nullopt once the whole log is read.
// The games of a log are told apart by games/log.h.
std::optional<LogError> ReadLogLines(
    std::istream& in, const std::function<std::optional<LogError>(int, std::string_view)>& fn);
// ReadLogLines over a file; an unreadable file is a LogError with line 0.
std::optional<LogError> ReadLogFileLines(
    const std::string& path,
    const std::function<std::optional<LogError>(int, std::string_view)>& fn);

// Appends an event handed over by ReadLogEvents to `games` (a new game
// when it opens one), as ReadLog does: its event, line and hash are moved.
void AppendLogItem(std::vector<GameLog>& games, LogItem& item);

}  // namespace pli

#endif  // PLI_SCHEMA_LOG_READER_H_
