// log_reader.h: reads a JSON Lines log line by line in bounded memory
// (INTERFACE.md §1-§2), for the reader of any game's log (games/log.h),
// which tells its games apart and checks each event for its game. It knows
// no game: Président's typed log is games/president/log.h.
#ifndef PLI_SCHEMA_LOG_READER_H_
#define PLI_SCHEMA_LOG_READER_H_

#include <cstddef>
#include <functional>
#include <istream>
#include <optional>
#include <string>
#include <string_view>

namespace pli {

// The longest line a log may have, not counting its end of line: 1 MiB, far
// above any event (a game event with eight seat names of 64 KiB each, the
// JSON reader's longest string, is about 512 KiB). A longer line makes the
// file unreadable, and reading stops there (schema/FORMAT.md).
inline constexpr std::size_t kMaxLineBytes = std::size_t{1} << 20;

// Why a log cannot be read at all: where, which field, what is wrong.
struct LogError {
  int line = 0;
  std::string field;
  std::string message;
  // "line 7, field \"cards\": unknown card \"1h\""
  std::string ToString() const;
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

}  // namespace pli

#endif  // PLI_SCHEMA_LOG_READER_H_
