// malformed_test.cc: `malformed` is a violation at its position
// (RULES.md Changes 2026-11-24, INTERFACE.md §1-§2): what the log reader
// keeps as a MalformedEvent, what makes a whole log unreadable, and that a
// log is read line by line in bounded memory (kMaxLineBytes).
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "games/president/log.h"
#include "games/president/wire/event_json.h"

namespace {

using pli::GameLog;
using pli::LogError;
using pli::MalformedEvent;

std::vector<GameLog> Read(const std::string& text) {
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  if (auto* e = std::get_if<LogError>(&result)) FAIL("unexpected unreadable log: " << e->ToString());
  return std::get<std::vector<GameLog>>(result);
}

LogError Unreadable(const std::string& text) {
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  if (std::holds_alternative<std::vector<GameLog>>(result)) FAIL("read an unreadable log");
  return std::get<LogError>(result);
}

const MalformedEvent& MalformedAt(const GameLog& game, size_t seq) {
  REQUIRE(seq >= 1);
  REQUIRE(seq <= game.events.size());
  const auto* m = std::get_if<MalformedEvent>(&game.events[seq - 1].body);
  if (m == nullptr) FAIL("event " << seq << " of " << game.game << " is not malformed");
  return *m;
}

std::string Lines(std::initializer_list<std::string> lines) {
  std::string text;
  for (const std::string& line : lines) text += line + "\n";
  return text;
}

std::string Game(const std::string& id, const std::string& extra = "") {
  return R"({"type":"game","game":")" + id + R"(")" + extra + R"(,"seats":["a","b","c","d"]})";
}

// Whether one line parses as an event.
pli::ParseError ParseBad(const std::string& line) {
  auto parsed = pli::ParseEventLine(line);
  if (std::holds_alternative<pli::Event>(parsed)) FAIL("accepted " << line);
  return std::get<pli::ParseError>(parsed);
}
bool ParsesOk(const std::string& line) {
  return std::holds_alternative<pli::Event>(pli::ParseEventLine(line));
}

}  // namespace

TEST_CASE("INTERFACE 2: malformed events inside a multi-game log stay at their positions") {
  const std::string text = Lines({
      Game("g1"),                                     // line 1
      R"({"type":"pass","seat":1})",                  // 2
      R"({"type":"end"})",                            // 3
      Game("g2"),                                     // 4
      R"({"type":"play","seat":2,"cards":["1h"]})",   // 5: unknown card
      R"({"type":"pass","seat":1.0})",                // 6: not an integer
      R"({"type":"bid","seat":3})",                   // 7: unknown type
      R"({"seat":3})",                                // 8: no type
      R"({"type":"end"})",                            // 9
      Game("g3"),                                     // 10
      R"({"type":"end"})",                            // 11
  });
  const std::vector<GameLog> games = Read(text);
  REQUIRE(games.size() == 3);
  CHECK(games[0].events.size() == 3);
  CHECK(pli::FirstMalformed(games[0]) == nullptr);
  REQUIRE(games[1].game == "g2");
  REQUIRE(games[1].events.size() == 6);
  CHECK(games[1].lines == std::vector<int>{4, 5, 6, 7, 8, 9});
  const MalformedEvent& card = MalformedAt(games[1], 2);
  CHECK(card.line == 5);
  CHECK(card.field == "cards");
  CHECK(card.type == "play");
  CHECK(card.seat == 2);  // readable: reported as the acting seat
  CHECK(card.Text() == "line 5, field \"cards\": unknown card \"1h\"");
  const MalformedEvent& number = MalformedAt(games[1], 3);
  CHECK(number.field == "seat");
  CHECK(number.seat == -1);  // 1.0 is no seat
  CHECK(number.Text().find("1.0") != std::string::npos);
  CHECK(MalformedAt(games[1], 4).type == "bid");
  CHECK(MalformedAt(games[1], 4).field == "type");
  CHECK_FALSE(MalformedAt(games[1], 5).type.has_value());
  CHECK(std::holds_alternative<pli::EndEvent>(games[1].events[5].body));
  CHECK(games[2].game == "g3");
  CHECK(pli::FirstMalformed(games[2]) == nullptr);
  CHECK(pli::TypeOf(games[1].events[1].body) == pli::EventType::kMalformed);
  CHECK(pli::WrittenType(games[1].events[1].body) == std::optional<std::string>("play"));
}

TEST_CASE("INTERFACE 2: a malformed event names its line in the file, blank lines and CRLF counted") {
  const std::vector<GameLog> games = Read(Game("g1") + "\n" +                          // 1
                                          "\n" +                                       // 2
                                          "  \r\n" +                                   // 3
                                          R"({"type":"pass","seat":1})" "\r\n" +       // 4
                                          R"({"type":"play","seat":2,"cards":["1h"]})"  // 5
                                          "\n");
  REQUIRE(games.size() == 1);
  REQUIRE(games[0].events.size() == 3);
  CHECK(games[0].lines == std::vector<int>{1, 4, 5});
  CHECK(MalformedAt(games[0], 3).line == 5);
  CHECK(MalformedAt(games[0], 3).Text() == "line 5, field \"cards\": unknown card \"1h\"");
}

TEST_CASE("INTERFACE 1: a wrong seq, an id used twice, a seat out of range are malformed events") {
  const std::vector<GameLog> games = Read(Lines({
      Game("g1"),
      R"({"type":"pass","seat":1,"seq":3})",          // seq 2 expected
      R"({"type":"pass","seat":1,"id":"k"})",
      R"({"type":"pass","seat":2,"id":"k"})",         // id used twice
      R"({"type":"pass","seat":4})",                  // four seats: 0-3
      R"({"type":"pass","seat":1,"seq":6})",          // positions go on counting
  }));
  REQUIRE(games.size() == 1);
  const GameLog& g = games[0];
  REQUIRE(g.events.size() == 6);
  CHECK(MalformedAt(g, 2).field == "seq");
  CHECK(std::holds_alternative<pli::PassEvent>(g.events[2].body));
  CHECK(MalformedAt(g, 4).field == "id");
  CHECK(MalformedAt(g, 4).seat == 2);
  CHECK(MalformedAt(g, 5).field == "seat");
  CHECK(std::holds_alternative<pli::PassEvent>(g.events[5].body));
}

TEST_CASE("INTERFACE 1: an id is used once it appears on any event, a malformed one too") {
  const std::vector<GameLog> games = Read(Lines({
      Game("g1"),
      R"({"type":"pass","seat":1,"id":"k","cards":[]})",  // malformed, but its id is used
      R"({"type":"pass","seat":1,"id":"k"})",
  }));
  REQUIRE(games[0].events.size() == 3);
  CHECK(games[0].events[1].id == std::optional<std::string>("k"));
  CHECK(MalformedAt(games[0], 3).field == "id");
}

TEST_CASE("docs/RULINGS.md: a second game with an id already used in the file is malformed") {
  const std::vector<GameLog> games =
      Read(Lines({Game("g1"), R"({"type":"end"})", Game("g1"), R"({"type":"end"})"}));
  REQUIRE(games.size() == 2);
  CHECK(pli::FirstMalformed(games[0]) == nullptr);
  const MalformedEvent& again = MalformedAt(games[1], 1);
  CHECK(again.field == "game");
  CHECK(again.Text().find("line 1") != std::string::npos);
  // The rest of that game cannot be judged.
  CHECK(MalformedAt(games[1], 2).Text().find("line 3") != std::string::npos);
}

TEST_CASE("docs/RULINGS.md: a malformed game event opens its game, whose events are malformed") {
  const std::vector<GameLog> games = Read(Lines({
      Game("g1", R"(,"ruleset":"chess")"),
      R"({"type":"pass","seat":1})",
      Game("g2"),
      R"({"type":"end"})",
  }));
  REQUIRE(games.size() == 2);
  CHECK(games[0].game == "g1");
  CHECK(MalformedAt(games[0], 1).field == "ruleset");
  CHECK(MalformedAt(games[0], 2).message.find("cannot be judged") != std::string::npos);
  CHECK(pli::FirstMalformed(games[1]) == nullptr);
}

TEST_CASE("INTERFACE 2: a line that is not a JSON object makes the log unreadable") {
  CHECK(Unreadable(Lines({Game("g1"), "{\"type\":\"pass\",", R"({"type":"end"})"})).line == 2);
  CHECK(Unreadable(Lines({Game("g1"), "[1,2]"})).line == 2);
  CHECK(Unreadable(Lines({Game("g1"), "\"pass\""})).line == 2);
  CHECK(Unreadable(Lines({Game("g1"), R"({"seq":01})"})).line == 2);  // not JSON
}

TEST_CASE("INTERFACE 2: events before any game event make the log unreadable") {
  CHECK(Unreadable(Lines({R"({"type":"pass","seat":1})", Game("g1")})).line == 1);
  CHECK(Unreadable(Lines({R"({"type":"nonsense"})", Game("g1")})).line == 1);
  CHECK(Unreadable(Lines({R"({"seat":1})", Game("g1")})).line == 1);
}

TEST_CASE("FORMAT.md: a line longer than 1 MiB makes the log unreadable, reading stops there") {
  std::string text = Game("g1") + "\n" + std::string(pli::kMaxLineBytes + 1, ' ') + "\n";
  text += std::string(4 * pli::kMaxLineBytes, 'x');  // never read
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  REQUIRE(std::holds_alternative<LogError>(result));
  CHECK(std::get<LogError>(result).line == 2);
  CHECK(std::get<LogError>(result).message.find("1048576") != std::string::npos);
  // Not the whole text: at most the long line and one buffer more.
  const auto consumed = static_cast<size_t>(in.tellg());
  CHECK(consumed < text.size() - pli::kMaxLineBytes);
  // Exactly kMaxLineBytes is still a line (here a blank one).
  CHECK(Read(Game("g1") + "\n" + std::string(pli::kMaxLineBytes, ' ') + "\n").size() == 1);
}

TEST_CASE("FORMAT.md: a bad first line fails fast, without reading the rest") {
  std::string text = "garbage\n";
  for (int i = 0; i < 20000; ++i) text += Game("g" + std::to_string(i)) + "\n";
  std::istringstream in(text);
  auto result = pli::ReadLog(in);
  REQUIRE(std::holds_alternative<LogError>(result));
  CHECK(std::get<LogError>(result).line == 1);
  CHECK(static_cast<size_t>(in.tellg()) <= (size_t{1} << 16));
}

TEST_CASE("FORMAT.md: /dev/zero is one endless line, refused after 1 MiB") {
  auto result = pli::ReadLogFile("/dev/zero");
  REQUIRE(std::holds_alternative<LogError>(result));
  CHECK(std::get<LogError>(result).line == 1);
}

TEST_CASE("INTERFACE 1: null for an optional field is malformed") {
  CHECK(ParseBad(R"({"type":"pass","seat":1,"seq":null})").field == "seq");
  CHECK(ParseBad(R"({"type":"pass","seat":1,"id":null})").field == "id");
  CHECK(ParseBad(R"({"type":"pass","seat":1,"at":null})").field == "at");
  CHECK(ParseBad(R"({"type":"play","seat":1,"cards":["3h"],"declare":null})").field == "declare");
  CHECK(ParseBad(R"({"type":"game","game":"g","ruleset":null,"seats":["a","b","c","d"]})").field ==
        "ruleset");
  CHECK(ParseBad(R"({"type":"game","game":"g","options":null,"seats":["a","b","c","d"]})").field ==
        "options");
}

TEST_CASE("INTERFACE 1: 1.0 or 1e0 where an integer belongs is malformed") {
  CHECK(ParseBad(R"({"type":"pass","seat":1.0})").field == "seat");
  CHECK(ParseBad(R"({"type":"pass","seat":1e0})").field == "seat");
  CHECK(ParseBad(R"({"type":"pass","seat":1,"seq":2.0})").field == "seq");
  CHECK(ParseBad(R"({"type":"game","game":"g","options":{"manches":2.0},"seats":["a","b","c","d"]})")
            .field == "options");
}

TEST_CASE("RULES.md Changes 2026-11-24: option values have their JSON type") {
  const std::string seats = R"(,"seats":["a","b","c","d"]})";
  auto game = [&](const std::string& options) {
    return R"({"type":"game","game":"g","options":{)" + options + "}" + seats;
  };
  CHECK(ParsesOk(game(R"("carre_closes":false)")));
  CHECK(ParseBad(game(R"("carre_closes":"false")")).message.find("boolean") != std::string::npos);
  CHECK(ParseBad(game(R"("carre_closes":0)")).field == "options");
  CHECK(ParsesOk(game(R"("manches":3)")));
  CHECK(ParseBad(game(R"("manches":"3")")).message.find("integer") != std::string::npos);
  CHECK(ParsesOk(game(R"("exchange":"choice")")));
  CHECK(ParseBad(game(R"("exchange":true)")).message.find("string") != std::string::npos);
  CHECK(ParseBad(game(R"("solo_continuation":null)")).field == "options");
  CHECK(ParseBad(game(R"("no_such_option":true)")).message.find("unknown option") !=
        std::string::npos);
}

TEST_CASE("INTERFACE 1: a seat name with a control character is malformed") {
  auto game = [](const std::string& name) {
    return R"({"type":"game","game":"g","seats":[")" + name + R"(","b","c","d"]})";
  };
  CHECK(ParsesOk(game("Zo\u00e9")));
  CHECK(ParsesOk(game("\u00a0nbsp")));  // U+00A0 is no control character
  for (const char* bad : {"\\u0000", "a\\u0007", "\\t", "\\u001f", "\\u007f", "\\u0080", "x\\u009f"}) {
    INFO(bad);
    const pli::ParseError e = ParseBad(game(bad));
    CHECK(e.field == "seats");
    CHECK(e.message.find("control character") != std::string::npos);
  }
}

TEST_CASE("INTERFACE 1: a duplicate key is a malformed event, not an unreadable line") {
  const std::vector<GameLog> games =
      Read(Lines({Game("g1"), R"({"type":"pass","seat":1,"seat":2})", R"({"type":"end"})"}));
  REQUIRE(games[0].events.size() == 3);
  CHECK(MalformedAt(games[0], 2).message.find("duplicate key") != std::string::npos);
}
