// log_reader.cc: a JSON Lines log, line by line in bounded memory
// (INTERFACE.md §1-§2); games/log.cc tells its games apart.
#include "schema/log_reader.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <optional>
#include <string_view>


namespace pli {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool IsBlank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

// Reads a stream line by line through a fixed buffer: memory holds one line
// (at most kMaxLineBytes + 1 bytes) and one buffer, whatever the stream.
class LineReader {
 public:
  explicit LineReader(std::istream& in) : buf_(in.rdbuf()) {}

  // The next line without its "\n" into *line; false at the end of the
  // stream. A line longer than kMaxLineBytes sets too_long() and returns
  // true with the line cut short: the caller stops there.
  bool Next(std::string* line) {
    line->clear();
    bool any = false;
    for (;;) {
      if (pos_ == end_ && !Fill()) return any;
      any = true;
      const char* start = chunk_.data() + pos_;
      const auto* nl = static_cast<const char*>(std::memchr(start, '\n', end_ - pos_));
      const std::size_t n = nl ? static_cast<std::size_t>(nl - start) : end_ - pos_;
      if (line->size() + n > kMaxLineBytes) {
        too_long_ = true;
        return true;
      }
      line->append(start, n);
      pos_ += n;
      if (nl) {
        ++pos_;
        return true;
      }
    }
  }
  bool too_long() const { return too_long_; }
  bool bad() const { return bad_; }

 private:
  bool Fill() {
    if (buf_ == nullptr) return false;
    std::streamsize got = 0;
    try {
      got = buf_->sgetn(chunk_.data(), static_cast<std::streamsize>(chunk_.size()));
    } catch (...) {
      bad_ = true;
      return false;
    }
    pos_ = 0;
    end_ = got > 0 ? static_cast<std::size_t>(got) : 0;
    return end_ > 0;
  }

  std::streambuf* buf_;
  std::array<char, 1 << 16> chunk_{};
  std::size_t pos_ = 0;
  std::size_t end_ = 0;
  bool too_long_ = false;
  bool bad_ = false;
};

}  // namespace

std::string LogError::ToString() const {
  std::string out;
  if (line > 0) out = "line " + std::to_string(line);
  if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field \"") + field + "\"";
  out += (out.empty() ? "" : ": ") + message;
  return out;
}

std::optional<LogError> ReadLogLines(
    std::istream& in, const std::function<std::optional<LogError>(int, std::string_view)>& fn) {
  LineReader reader(in);
  std::string text;
  int line_number = 0;
  while (reader.Next(&text)) {
    ++line_number;
    if (reader.too_long()) {
      return LogError{line_number, "",
                      "the line is longer than " + std::to_string(kMaxLineBytes) +
                          " bytes (1 MiB), the longest a log line may be"};
    }
    std::string_view line = text;
    if (line_number == 1 && line.substr(0, kBom.size()) == kBom) line.remove_prefix(kBom.size());
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // \r\n
    if (IsBlank(line)) continue;
    if (std::optional<LogError> e = fn(line_number, line)) return e;
  }
  if (reader.bad()) return LogError{0, "", "cannot read the log"};
  return std::nullopt;
}

std::optional<LogError> ReadLogFileLines(
    const std::string& path,
    const std::function<std::optional<LogError>(int, std::string_view)>& fn) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return LogError{0, "", "cannot open \"" + path + "\": " + std::strerror(errno)};
  }
  return ReadLogLines(in, fn);
}

}  // namespace pli
