// log_reader_test.cc: reading a JSON Lines log into games (INTERFACE.md §1),
// with line numbers, and each game-context check of RULES.md `malformed`.
#include "games/president/log.h"

#include <catch2/catch.hpp>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "games/president/wire/event_json.h"

namespace {

using pli::GameLog;
using pli::LogError;

std::vector<GameLog> Read(const std::string& text) {
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  if (auto* e = std::get_if<LogError>(&result)) FAIL("unexpected error: " << e->ToString());
  return std::get<std::vector<GameLog>>(result);
}

// The log's problem: why it is unreadable, or its first malformed event
// (INTERFACE.md §2: a malformed event is kept at its position).
LogError ReadBad(const std::string& text) {
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  if (auto* e = std::get_if<LogError>(&result)) return *e;
  for (const GameLog& g : std::get<std::vector<GameLog>>(result)) {
    if (const pli::MalformedEvent* m = pli::FirstMalformed(g)) return LogError{m->line, m->field, m->message};
  }
  FAIL("accepted a malformed log");
  return {};
}

// The lines of a log, each ended by "\n".
std::string Lines(std::initializer_list<std::string> lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

const std::string kGame4 = R"({"type":"game","game":"g1","seats":["a","b","c","d"]})";
const std::string kGame5 = R"({"type":"game","game":"g2","seats":["a","b","c","d","e"]})";

}  // namespace

TEST_CASE("INTERFACE 1: a log with several games is split at each game event") {
  std::string text = Lines({kGame4, R"({"type":"pass","seat":1})", R"({"type":"end"})", kGame5,
                            R"({"type":"pass","seat":4})"});
  std::vector<GameLog> games = Read(text);
  REQUIRE(games.size() == 2);
  CHECK(games[0].game == "g1");
  CHECK(games[0].events.size() == 3);
  CHECK(games[0].lines == std::vector<int>{1, 2, 3});
  CHECK(std::holds_alternative<pli::GameEvent>(games[0].events[0].body));
  CHECK(std::holds_alternative<pli::EndEvent>(games[0].events[2].body));
  CHECK(games[1].game == "g2");
  CHECK(games[1].events.size() == 2);
  CHECK(games[1].lines == std::vector<int>{4, 5});
  CHECK(std::get<pli::PassEvent>(games[1].events[1].body).seat == 4);
}

TEST_CASE("INTERFACE 1: blank lines are skipped but counted in line numbers") {
  std::string text = "\n" + kGame4 + "\n   \n\t\n" + R"({"type":"pass","seat":1})" + "\n\n";
  std::vector<GameLog> games = Read(text);
  REQUIRE(games.size() == 1);
  CHECK(games[0].lines == std::vector<int>{2, 5});
}

TEST_CASE("INTERFACE 1: CRLF line ends, a BOM on line 1 and no final newline are accepted") {
  std::string text = "\xEF\xBB\xBF" + kGame4 + "\r\n\r\n" + R"({"type":"pass","seat":1})";
  std::vector<GameLog> games = Read(text);
  REQUIRE(games.size() == 1);
  CHECK(games[0].lines == std::vector<int>{1, 3});
}

TEST_CASE("INTERFACE 1: an empty log holds no games") {
  CHECK(Read("").empty());
  CHECK(Read("\n\n  \n").empty());
}

TEST_CASE("INTERFACE 1: a malformed line is reported with its line number and field") {
  std::string text = kGame4 + "\n\n" + R"({"type":"play","seat":0,"cards":["1h"]})" + "\n";
  LogError e = ReadBad(text);
  CHECK(e.line == 3);
  CHECK(e.field == "cards");
  CHECK(e.ToString() == "line 3, field \"cards\": unknown card \"1h\"");
}

TEST_CASE("INTERFACE 1: bad JSON is reported with its line and no field") {
  LogError e = ReadBad(kGame4 + "\n{oops\n");
  CHECK(e.line == 2);
  CHECK(e.field.empty());
  CHECK(e.ToString().rfind("line 2: ", 0) == 0);
}

TEST_CASE("RULES malformed: an event before the first game event") {
  LogError e = ReadBad(Lines({"", R"({"type":"pass","seat":1})", kGame4}));
  CHECK(e.line == 2);
  CHECK(e.field == "type");
  CHECK(e.ToString() == "line 2, field \"type\": a \"pass\" event before the first game event");
}

TEST_CASE("RULES malformed: a seat outside the game's seats (seat, from, to)") {
  LogError play = ReadBad(Lines({kGame4, R"({"type":"play","seat":4,"cards":["Qh"]})"}));
  CHECK(play.line == 2);
  CHECK(play.field == "seat");
  CHECK(ReadBad(Lines({kGame4, R"({"type":"pass","seat":7})"})).field == "seat");
  CHECK(ReadBad(Lines({kGame4, R"({"type":"close","seat":5,"cards":["Qh"]})"})).field == "seat");
  CHECK(ReadBad(Lines({kGame4, R"({"type":"exchange","from":4,"to":0,"cards":["Qh"]})"})).field ==
        "from");
  CHECK(ReadBad(Lines({kGame4, R"({"type":"exchange","from":0,"to":6,"cards":["Qh"]})"})).field ==
        "to");
  // Seat 4 exists in a five-seat game.
  CHECK(Read(Lines({kGame5, R"({"type":"pass","seat":4})"})).size() == 1);
}

TEST_CASE("RULES malformed: a deal whose hands do not match the seats") {
  LogError e = ReadBad(Lines({kGame4, R"({"type":"deal","hands":[["Qh"],["Kh"],["Ah"]]})"}));
  CHECK(e.line == 2);
  CHECK(e.field == "hands");
  ReadBad(Lines({kGame4, R"({"type":"deal","hands":[[],[],[],[],[]]})"}));
  CHECK(Read(Lines({kGame4, R"({"type":"deal","hands":[["Qh"],["Kh"],["Ah"],["2h"]]})"})).size() ==
        1);
}

TEST_CASE("RULES malformed: a seq that is not the event's position in its game") {
  // Positions restart at 1 with each game event.
  std::string good = Lines({
      R"({"type":"game","seq":1,"game":"g1","seats":["a","b","c","d"]})",
      R"({"type":"pass","seq":2,"seat":1})",
      R"({"type":"pass","seat":2})",
      R"({"type":"pass","seq":4,"seat":3})",
      R"({"type":"game","seq":1,"game":"g2","seats":["a","b","c","d"]})",
      R"({"type":"end","seq":2})",
  });
  CHECK(Read(good).size() == 2);

  LogError e = ReadBad(Lines({kGame4, R"({"type":"pass","seq":3,"seat":1})"}));
  CHECK(e.line == 2);
  CHECK(e.field == "seq");
  CHECK(ReadBad(R"({"type":"game","seq":2,"game":"g","seats":["a","b","c","d"]})").field == "seq");
}

TEST_CASE("RULES malformed: an id used twice within a game") {
  std::string text =
      Lines({kGame4, R"({"type":"pass","id":"k1","seat":1})",
             R"({"type":"pass","id":"k2","seat":2})", R"({"type":"pass","id":"k1","seat":3})"});
  LogError e = ReadBad(text);
  CHECK(e.line == 4);
  CHECK(e.field == "id");
  // The same id in another game is fine.
  std::string two_games =
      Lines({kGame4, R"({"type":"end","id":"k1"})", kGame5, R"({"type":"end","id":"k1"})"});
  CHECK(Read(two_games).size() == 2);
}

TEST_CASE("RULES malformed: a game event whose options are invalid for its ruleset") {
  LogError e = ReadBad(
      R"({"type":"game","game":"g","options":{"exchange":"best"},"seats":["a","b","c","d"]})");
  CHECK(e.line == 1);
  CHECK(e.field == "options");
}

TEST_CASE("LogError: ToString names line and field, leaving out what is empty") {
  CHECK(LogError{7, "cards", "unknown card \"1h\""}.ToString() ==
        "line 7, field \"cards\": unknown card \"1h\"");
  CHECK(LogError{3, "", "bad JSON"}.ToString() == "line 3: bad JSON");
  CHECK(LogError{0, "", "cannot open \"x\""}.ToString() == "cannot open \"x\"");
}

TEST_CASE("INTERFACE 1: ReadLogFile reads a file, and an unreadable one is line 0") {
  std::string path = std::string(PLI_BINARY_DIR) + "/log_reader_test.jsonl";
  {
    std::ofstream out(path, std::ios::binary);
    out << kGame4 << "\n"
        << R"({"type":"end"})"
        << "\n";
  }
  auto ok = pli::ReadLogFile(path);
  REQUIRE(std::holds_alternative<std::vector<GameLog>>(ok));
  CHECK(std::get<std::vector<GameLog>>(ok)[0].events.size() == 2);
  std::remove(path.c_str());

  auto missing = pli::ReadLogFile(path + ".missing");
  REQUIRE(std::holds_alternative<LogError>(missing));
  CHECK(std::get<LogError>(missing).line == 0);
}

TEST_CASE("schema/FORMAT.md: the example game is read as one game of canonical lines") {
  std::ifstream doc(std::string(PLI_SOURCE_DIR) + "/schema/FORMAT.md");
  REQUIRE(doc);
  std::string line, example;
  bool in_example = false;
  while (std::getline(doc, line)) {
    if (line == "## 5. Example") in_example = true;
    if (in_example && line.rfind("{\"type\"", 0) == 0) example += line + "\n";
  }
  std::vector<GameLog> games = Read(example);
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].events.size() == 7);
  std::istringstream lines(example);
  for (const pli::Event& e : games[0].events) {
    std::getline(lines, line);
    CHECK(pli::EventToJson(e) == line);
  }
}
