// log_reader.cc: a JSON Lines log into games, line by line, with the
// game-context checks that one line alone cannot make (INTERFACE.md §1-§2,
// RULES.md `malformed`).
#include "schema/log_reader.h"

#include <array>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <optional>
#include <set>
#include <string_view>

#include "schema/president/event_json.h"

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

// Field and sentence of a game-context problem.
struct Problem {
  std::string field;
  std::string message;
};

std::optional<Problem> CheckSeat(std::string_view field, int seat, int seats) {
  if (seat >= 0 && seat < seats) return std::nullopt;
  return Problem{std::string(field), "seat " + std::to_string(seat) +
                                         " does not exist: the game has seats 0 to " +
                                         std::to_string(seats - 1)};
}

// The seats named by an event's body, checked against the game's.
std::optional<Problem> CheckSeats(const EventBody& body, int seats) {
  if (const auto* x = std::get_if<ExchangeEvent>(&body)) {
    if (auto p = CheckSeat("from", x->from, seats)) return p;
    return CheckSeat("to", x->to, seats);
  }
  if (const auto* p = std::get_if<PlayEvent>(&body)) return CheckSeat("seat", p->seat, seats);
  if (const auto* p = std::get_if<PassEvent>(&body)) return CheckSeat("seat", p->seat, seats);
  if (const auto* c = std::get_if<CloseEvent>(&body)) return CheckSeat("seat", c->seat, seats);
  if (const auto* d = std::get_if<DealEvent>(&body)) {
    if (static_cast<int>(d->hands.size()) != seats) {
      return Problem{"hands", "a deal has one hand per seat: " + std::to_string(seats) +
                                  " seats, " + std::to_string(d->hands.size()) + " hands"};
    }
  }
  return std::nullopt;
}

std::string Quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

// Tells the events of a log apart into games, one line at a time, keeping
// only what the checks of later lines need: the game ids of the file, and
// the current game's id, seats, position and used ids.
class Grouper {
 public:
  explicit Grouper(const std::function<void(LogItem&)>& fn) : fn_(fn) {}
  // Takes one non-blank line; returns an error when the log is unreadable.
  std::optional<LogError> Add(int line_number, std::string_view line);

 private:
  std::optional<Problem> CheckInGame(const LineRead& read);

  const std::function<void(LogItem&)>& fn_;
  LogItem item_;  // reused from line to line
  bool in_game_ = false;   // a game event was read
  std::string game_;       // the current game's id
  int64_t events_ = 0;     // the number of events of the current game so far
  std::map<std::string, int> game_lines_;  // each game id of the file, and its first line
  int seats_ = 0;          // the current game's seats, 0 when its game event is malformed
  int game_line_ = 0;      // the line of the current game's game event
  std::set<std::string> ids_;  // idempotency keys of the current game
};

std::optional<Problem> Grouper::CheckInGame(const LineRead& read) {
  const Event& event = *read.event;
  // The event's 1-based position; the game event is position 1.
  const int64_t position = events_ + 1;
  if (event.seq && *event.seq != position) {
    return Problem{"seq", "seq " + std::to_string(*event.seq) +
                              " is not the event's position in its game (" +
                              std::to_string(position) + ")"};
  }
  if (event.id && ids_.contains(*event.id)) {
    return Problem{"id", "id " + Quote(*event.id) + " is already used in game " + Quote(game_)};
  }
  if (std::holds_alternative<GameEvent>(event.body)) {
    if (auto first = game_lines_.find(game_); first != game_lines_.end()) {
      return Problem{"game", "game id " + Quote(game_) + " is already used by the game of line " +
                                 std::to_string(first->second)};
    }
    return std::nullopt;
  }
  if (seats_ == 0) {
    return Problem{"", "cannot be judged: the game event of its game (line " +
                           std::to_string(game_line_) + ") is malformed"};
  }
  return CheckSeats(event.body, seats_);
}

std::optional<LogError> Grouper::Add(int line_number, std::string_view line) {
  LineRead read = ReadEventLine(line);
  if (!read.object) return LogError{line_number, read.error.field, read.error.message};
  const bool opens = read.event ? std::holds_alternative<GameEvent>(read.event->body)
                                : read.type == "game";
  if (opens) {
    // A game event starts a new game, well formed or not.
    const auto* g = read.event ? &std::get<GameEvent>(read.event->body) : nullptr;
    in_game_ = true;
    game_ = g ? g->game : read.game.value_or("");
    events_ = 0;
    seats_ = 0;
    game_line_ = line_number;
    ids_.clear();
  } else if (!in_game_) {
    return LogError{line_number, "type",
                    (read.type ? "a " + Quote(*read.type) + " event" : std::string("an object")) +
                        " before the first game event"};
  }
  std::optional<Problem> problem;
  if (!read.event) {
    problem = Problem{read.error.field, read.error.message};
  } else {
    problem = CheckInGame(read);
  }
  if (opens) {
    if (!problem) seats_ = static_cast<int>(std::get<GameEvent>(read.event->body).seats.size());
    game_lines_.emplace(game_, line_number);  // the first game of that id keeps its line
  }
  Event& event = item_.event;
  if (problem) {
    MalformedEvent m;
    m.type = read.type;
    if (read.seat && *read.seat >= 0 && *read.seat < seats_) m.seat = static_cast<int>(*read.seat);
    m.line = line_number;
    m.field = std::move(problem->field);
    m.message = std::move(problem->message);
    event = Event{};
    event.body = std::move(m);
    // Its id is used all the same (INTERFACE.md §1), unless it was already.
    if (read.id && ids_.insert(*read.id).second) event.id = read.id;
  } else {
    event = std::move(*read.event);
    if (event.id) ids_.insert(*event.id);
  }
  ++events_;
  item_.opens = opens;
  if (opens) item_.game = game_;
  item_.line = line_number;
  item_.hash = std::move(read.hash);
  fn_(item_);
  return std::nullopt;
}

}  // namespace

const MalformedEvent* FirstMalformed(const GameLog& game) {
  for (const Event& e : game.events) {
    if (const auto* m = std::get_if<MalformedEvent>(&e.body)) return m;
  }
  return nullptr;
}

std::string LogError::ToString() const {
  std::string out;
  if (line > 0) out = "line " + std::to_string(line);
  if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field \"") + field + "\"";
  out += (out.empty() ? "" : ": ") + message;
  return out;
}

std::optional<LogError> ReadLogEvents(std::istream& in, const std::function<void(LogItem&)>& fn) {
  LineReader reader(in);
  Grouper grouper(fn);
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
    if (std::optional<LogError> e = grouper.Add(line_number, line)) return e;
  }
  if (reader.bad()) return LogError{0, "", "cannot read the log"};
  return std::nullopt;
}

void AppendLogItem(std::vector<GameLog>& games, LogItem& item) {
  if (item.opens) games.push_back(GameLog{item.game, {}, {}, {}});
  GameLog& game = games.back();
  game.events.push_back(std::move(item.event));
  game.lines.push_back(item.line);
  game.hashes.push_back(std::move(item.hash));
}

std::variant<std::vector<GameLog>, LogError> ReadLog(std::istream& in) {
  std::vector<GameLog> games;
  std::optional<LogError> error =
      ReadLogEvents(in, [&](LogItem& item) { AppendLogItem(games, item); });
  if (error) return *std::move(error);
  return games;
}

std::variant<std::vector<GameLog>, LogError> ReadLogFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return LogError{0, "", "cannot open \"" + path + "\": " + std::strerror(errno)};
  }
  return ReadLog(in);
}

std::optional<LogError> ReadLogFileEvents(const std::string& path,
                                          const std::function<void(LogItem&)>& fn) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return LogError{0, "", "cannot open \"" + path + "\": " + std::strerror(errno)};
  }
  return ReadLogEvents(in, fn);
}

}  // namespace pli
