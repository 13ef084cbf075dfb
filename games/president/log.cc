// log.cc: a log read for Président's own events (log.h).
#include "games/president/log.h"

#include <cerrno>
#include <cstring>
#include <fstream>

#include "games/log.h"
#include "games/president/module.h"
#include "schema/input_error.h"

namespace pli {
namespace {

// Turns the items of the log of any game into Président's, refusing a game
// of another ruleset.
class Typed {
 public:
  explicit Typed(const std::function<void(LogItem&)>& fn) : fn_(fn) {}

  void Take(AnyLogItem& any) {
    if (error_) return;
    if (any.kind != &PresidentGame()) {
      error_ = LogError{any.line, "ruleset",
                        "game \"" + any.game + "\" is a game of " + std::string(any.kind->Name()) +
                            ", which this command does not read yet (pli audit, state, legal, explain, "
                            "replay, diff, import, export and the live commands read every game)"};
      return;
    }
    item_.opens = any.opens;
    if (any.opens) item_.game = any.game;
    item_.line = any.line;
    item_.hash = std::move(any.hash);
    try {
      item_.event = PresidentEvent(any.event);
    } catch (const InputError& e) {
      error_ = LogError{any.line, "", e.what()};
      return;
    }
    fn_(item_);
  }
  std::optional<LogError> Result(std::optional<LogError> read) {
    return read ? read : std::move(error_);
  }

 private:
  const std::function<void(LogItem&)>& fn_;
  LogItem item_;
  std::optional<LogError> error_;
};

}  // namespace

const MalformedEvent* FirstMalformed(const GameLog& game) {
  for (const Event& e : game.events) {
    if (const auto* m = std::get_if<MalformedEvent>(&e.body)) return m;
  }
  return nullptr;
}

void AppendLogItem(std::vector<GameLog>& games, LogItem& item) {
  if (item.opens) games.push_back(GameLog{item.game, {}, {}, {}});
  GameLog& game = games.back();
  game.events.push_back(std::move(item.event));
  game.lines.push_back(item.line);
  game.hashes.push_back(std::move(item.hash));
}

AnyGameLog ToAnyGameLog(const GameLog& log) {
  AnyGameLog out{log.game, &PresidentGame(), {}, log.lines, log.hashes};
  out.events.reserve(log.events.size());
  for (const Event& e : log.events) out.events.push_back(ToAnyEvent(e));
  return out;
}

GameLog ToGameLog(const AnyGameLog& log) {
  GameLog out{log.game, {}, log.lines, log.hashes};
  out.events.reserve(log.events.size());
  for (const AnyEvent& e : log.events) out.events.push_back(PresidentEvent(e));
  return out;
}

std::optional<LogError> ReadLogEvents(std::istream& in, const std::function<void(LogItem&)>& fn) {
  Typed typed(fn);
  return typed.Result(ReadAnyLogEvents(in, [&](AnyLogItem& item) { typed.Take(item); }));
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
