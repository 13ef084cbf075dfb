// log.cc: a log of any game into games (log.h).
#include "games/log.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <set>
#include <string_view>

namespace pli {
namespace {

std::string QuoteRaw(std::string_view s) { return "\"" + std::string(s) + "\""; }

struct Problem {
  std::string field;
  std::string message;
};

// Tells the events of a log apart into games, one line at a time, keeping
// only what the checks of later lines need: the game ids of the file, and
// the current game's id, game, seats, position and used ids.
class Grouper {
 public:
  explicit Grouper(const std::function<void(AnyLogItem&)>& fn) : fn_(fn) {}
  // Takes one non-blank line; returns an error when the log is unreadable.
  std::optional<LogError> Add(int line_number, std::string_view line);

 private:
  std::optional<Problem> CheckInGame(const GameLine& read, bool opens) const;

  const std::function<void(AnyLogItem&)>& fn_;
  AnyLogItem item_;
  const Game* game_kind_ = nullptr;  // the current game's; nullptr before the first game event
  std::string game_;                 // the current game's id
  int64_t events_ = 0;               // the number of events of the current game so far
  std::map<std::string, int> game_lines_;  // each game id of the file, and its first line
  int seats_ = 0;          // the current game's seats, 0 when its game event is malformed
  std::string context_;    // its game event's GameLine::context
  int game_line_ = 0;      // the line of the current game's game event
  std::set<std::string> ids_;  // idempotency keys of the current game
};

std::optional<Problem> Grouper::CheckInGame(const GameLine& read, bool opens) const {
  // The event's 1-based position; the game event is position 1.
  const int64_t position = events_ + 1;
  if (read.seq && *read.seq != position) {
    return Problem{"seq", "seq " + std::to_string(*read.seq) +
                              " is not the event's position in its game (" +
                              std::to_string(position) + ")"};
  }
  if (read.id && ids_.contains(*read.id)) {
    return Problem{"id", "id " + QuoteRaw(*read.id) + " is already used in game " + QuoteRaw(game_)};
  }
  if (opens) {
    if (auto first = game_lines_.find(game_); first != game_lines_.end()) {
      return Problem{"game", "game id " + QuoteRaw(game_) + " is already used by the game of line " +
                                 std::to_string(first->second)};
    }
    return std::nullopt;
  }
  if (seats_ == 0) {
    return Problem{"", "cannot be judged: the game event of its game (line " +
                           std::to_string(game_line_) + ") is malformed"};
  }
  return std::nullopt;
}

std::optional<LogError> Grouper::Add(int line_number, std::string_view line) {
  const Game* reader = game_kind_ != nullptr ? game_kind_ : &GameOfOpeningLine(line);
  GameLine read = reader->ReadLineIn(line, seats_, context_);
  if (!read.object) return LogError{line_number, read.field, read.message};
  const bool opens = read.type == "game";
  if (opens) {
    // A game event starts a new game, well formed or not, of the game its
    // ruleset names.
    const Game& kind = GameOfOpeningLine(line);
    if (&kind != reader) read = kind.ReadLine(line, 0);
    game_kind_ = &kind;
    game_ = read.game.value_or("");
    events_ = 0;
    seats_ = 0;
    context_.clear();
    game_line_ = line_number;
    ids_.clear();
  } else if (game_kind_ == nullptr) {
    return LogError{line_number, "type",
                    (read.type ? "a " + QuoteRaw(*read.type) + " event" : std::string("an object")) +
                        " before the first game event"};
  }
  std::optional<Problem> problem;
  if (!read.well_formed) {
    problem = Problem{read.field, read.message};
  } else {
    problem = CheckInGame(read, opens);
  }
  if (opens) {
    if (!problem) {
      seats_ = read.seats;
      context_ = read.context;
    }
    game_lines_.emplace(game_, line_number);  // the first game of that id keeps its line
  }
  AnyEvent& event = item_.event;
  if (problem) {
    Malformed m;
    m.type = read.type;
    if (read.seat && *read.seat >= 0 && *read.seat < seats_) m.seat = static_cast<int>(*read.seat);
    m.line = line_number;
    m.field = std::move(problem->field);
    m.message = std::move(problem->message);
    event = AnyEvent{};
    event.seat = m.seat;
    event.malformed = std::move(m);
    // Its id is used all the same (INTERFACE.md §1), unless it was already.
    if (read.id && ids_.insert(*read.id).second) event.id = read.id;
  } else {
    event = std::move(read.event);
    if (event.id) ids_.insert(*event.id);
  }
  ++events_;
  item_.opens = opens;
  if (opens) item_.game = game_;
  item_.kind = game_kind_;
  item_.line = line_number;
  item_.hash = std::move(read.hash);
  fn_(item_);
  return std::nullopt;
}

}  // namespace

std::optional<LogError> ReadAnyLogEvents(std::istream& in,
                                         const std::function<void(AnyLogItem&)>& fn) {
  Grouper grouper(fn);
  return ReadLogLines(in, [&](int n, std::string_view line) { return grouper.Add(n, line); });
}

std::optional<LogError> ReadAnyLogFileEvents(const std::string& path,
                                             const std::function<void(AnyLogItem&)>& fn) {
  Grouper grouper(fn);
  return ReadLogFileLines(path,
                          [&](int n, std::string_view line) { return grouper.Add(n, line); });
}

void AppendAnyLogItem(std::vector<AnyGameLog>& games, AnyLogItem& item) {
  if (item.opens) games.push_back(AnyGameLog{item.game, item.kind, {}, {}, {}});
  AnyGameLog& game = games.back();
  game.events.push_back(std::move(item.event));
  game.lines.push_back(item.line);
  game.hashes.push_back(std::move(item.hash));
}

std::variant<std::vector<AnyGameLog>, LogError> ReadAnyLog(std::istream& in) {
  std::vector<AnyGameLog> games;
  std::optional<LogError> error =
      ReadAnyLogEvents(in, [&](AnyLogItem& item) { AppendAnyLogItem(games, item); });
  if (error) return *std::move(error);
  return games;
}

std::variant<std::vector<AnyGameLog>, LogError> ReadAnyLogFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) {
    return LogError{0, "", "cannot open \"" + path + "\": " + std::strerror(errno)};
  }
  return ReadAnyLog(in);
}

}  // namespace pli
