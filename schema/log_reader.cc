// log_reader.cc: a JSON Lines log into games, with the game-context checks
// that one line alone cannot make (INTERFACE.md §1, RULES.md `malformed`).
#include "schema/log_reader.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <iterator>
#include <optional>
#include <set>
#include <string_view>

#include "schema/event_json.h"

namespace pli {
namespace {

constexpr std::string_view kBom = "\xEF\xBB\xBF";

bool IsBlank(std::string_view line) {
  return line.find_first_not_of(" \t\r") == std::string_view::npos;
}

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

// Reads the games of a log one line at a time.
class Grouper {
 public:
  // Takes one non-blank line; returns an error, or nullopt.
  std::optional<LogError> Add(int line_number, std::string_view line);
  std::vector<GameLog> Take() { return std::move(games_); }

 private:
  std::optional<Problem> CheckInGame(const Event& event);

  std::vector<GameLog> games_;
  int seats_ = 0;
  std::set<std::string> ids_;  // idempotency keys of the current game
};

std::optional<Problem> Grouper::CheckInGame(const Event& event) {
  const GameLog& game = games_.back();
  // The event's 1-based position; the game event is position 1.
  int64_t position = static_cast<int64_t>(game.events.size()) + 1;
  if (event.seq && *event.seq != position) {
    return Problem{"seq", "seq " + std::to_string(*event.seq) +
                              " is not the event's position in its game (" +
                              std::to_string(position) + ")"};
  }
  if (event.id && !ids_.insert(*event.id).second) {
    return Problem{"id", "id \"" + *event.id + "\" is already used in game \"" + game.game + "\""};
  }
  return CheckSeats(event.body, seats_);
}

std::optional<LogError> Grouper::Add(int line_number, std::string_view line) {
  std::string hash;
  std::variant<Event, ParseError> parsed = ParseEventLine(line, &hash);
  if (auto* e = std::get_if<ParseError>(&parsed)) {
    return LogError{line_number, e->field, e->message};
  }
  Event& event = std::get<Event>(parsed);
  if (const auto* g = std::get_if<GameEvent>(&event.body)) {
    // A game event starts a new game.
    games_.push_back(GameLog{g->game, {}, {}, {}});
    seats_ = static_cast<int>(g->seats.size());
    ids_.clear();
  } else if (games_.empty()) {
    return LogError{
        line_number, "type",
        std::string("a ") + TypeName(TypeOf(event.body)) + " event before the first game event"};
  }
  if (std::optional<Problem> p = CheckInGame(event)) {
    return LogError{line_number, p->field, p->message};
  }
  games_.back().events.push_back(std::move(event));
  games_.back().lines.push_back(line_number);
  games_.back().hashes.push_back(std::move(hash));
  return std::nullopt;
}

}  // namespace

std::string LogError::ToString() const {
  std::string out;
  if (line > 0) out = "line " + std::to_string(line);
  if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field \"") + field + "\"";
  out += (out.empty() ? "" : ": ") + message;
  return out;
}

std::variant<std::vector<GameLog>, LogError> ReadLog(std::istream& in) {
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  if (in.bad()) return LogError{0, "", "cannot read the log"};
  std::string_view rest = text;
  if (rest.substr(0, kBom.size()) == kBom) rest.remove_prefix(kBom.size());
  Grouper grouper;
  int line_number = 0;
  while (!rest.empty()) {
    std::size_t end = rest.find('\n');
    std::string_view line = rest.substr(0, end);
    rest.remove_prefix(end == std::string_view::npos ? rest.size() : end + 1);
    ++line_number;
    if (!line.empty() && line.back() == '\r') line.remove_suffix(1);  // \r\n
    if (IsBlank(line)) continue;
    if (std::optional<LogError> e = grouper.Add(line_number, line)) return *e;
  }
  return grouper.Take();
}

std::variant<std::vector<GameLog>, LogError> ReadLogFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return LogError{0, "", "cannot open \"" + path + "\": " + std::strerror(errno)};
  }
  return ReadLog(in);
}

}  // namespace pli
