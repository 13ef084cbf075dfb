// event_json_test.cc: events <-> JSON Lines (INTERFACE.md §1, schema/FORMAT.md):
// every type parses and round trips, the canonical form is exact, and every
// kind of malformed line is rejected naming its field.
#include "games/president/wire/event_json.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace {

using pli::Card;
using pli::CardList;
using pli::Event;
using pli::ParseError;

// Parses a line that must be well formed.
Event Parse(const std::string& line) {
  auto result = pli::ParseEventLine(line);
  if (auto* e = std::get_if<ParseError>(&result)) {
    FAIL("unexpected error on " << line << ": field \"" << e->field << "\": " << e->message);
  }
  return std::get<Event>(result);
}

// Parses a line that must be malformed; returns the error.
ParseError ParseBad(const std::string& line) {
  auto result = pli::ParseEventLine(line);
  if (std::holds_alternative<Event>(result)) {
    FAIL("accepted a malformed line: " << line);
  }
  return std::get<ParseError>(result);
}

CardList Cards(std::initializer_list<const char*> texts) {
  CardList cards;
  for (const char* t : texts) cards.push_back(*pli::ParseCard(t));
  return cards;
}

const std::string kGameLine =
    R"({"type":"game","seq":1,"id":"g1-0","at":"2026-11-22T10:00:00Z","game":"g1",)"
    R"("ruleset":"super-president","options":{"reverse_in_suite":false,)"
    R"("solo_continuation":"always","manches":3},"seats":["Ana","Bo","Cy","Di"]})";

}  // namespace

TEST_CASE("INTERFACE 1: a game event parses with its options applied to the preset") {
  Event e = Parse(kGameLine);
  REQUIRE(e.seq == 1);
  REQUIRE(e.id == "g1-0");
  REQUIRE(e.at == "2026-11-22T10:00:00Z");
  const auto& g = std::get<pli::GameEvent>(e.body);
  CHECK(g.game == "g1");
  CHECK(g.ruleset == "super-president");
  CHECK(g.seats == std::vector<std::string>{"Ana", "Bo", "Cy", "Di"});
  using Overrides = std::vector<std::pair<std::string, std::string>>;
  CHECK(g.overrides == Overrides{{"reverse_in_suite", "false"},
                                 {"solo_continuation", "always"},
                                 {"manches", "3"}});
  pli::Options expected;
  expected.reverse_in_suite = false;
  expected.solo_continuation = pli::SoloContinuation::kAlways;
  expected.manches = 3;
  CHECK(g.options == expected);
}

TEST_CASE("INTERFACE 1: ruleset defaults to super-president, classic is its preset") {
  Event plain = Parse(R"({"type":"game","game":"g","seats":["a","b","c","d"]})");
  const auto& g = std::get<pli::GameEvent>(plain.body);
  CHECK(g.ruleset == "super-president");
  CHECK(g.options == *pli::Preset("super-president"));
  CHECK(g.overrides.empty());

  Event classic =
      Parse(R"({"type":"game","game":"g","ruleset":"classic","options":{"suite":true},)"
            R"("seats":["a","b","c","d","e","f","g","h"]})");
  const auto& c = std::get<pli::GameEvent>(classic.body);
  pli::Options expected = *pli::Preset("classic");
  expected.suite = true;
  CHECK(c.options == expected);
  CHECK(c.seats.size() == 8);
}

TEST_CASE("INTERFACE 1: the canonical line of each event type is exact and round trips") {
  // Each line is written by hand in canonical form: parsing it and writing it
  // back gives the same text.
  const std::vector<std::string> lines = {
      kGameLine,
      R"({"type":"game","game":"g2","ruleset":"classic","seats":["a","b","c","d"]})",
      R"({"type":"deal","seq":2,"hands":[["3c","Qh"],["2s"],["Td","Ts"],[]],"seed":-42})",
      R"({"type":"deal","hands":[["3c"],["4c"],["5c"],["6c"]]})",
      R"({"type":"exchange","from":0,"to":3,"cards":["3c","4d"]})",
      R"({"type":"play","seq":9,"seat":2,"cards":["7h","7s"],"declare":"suite"})",
      R"({"type":"play","seat":2,"cards":["8h"],"declare":"reverse"})",
      R"({"type":"play","seat":7,"cards":["Ah","Ah","2c"]})",
      R"({"type":"pass","id":"k\"1\\","seat":1})",
      R"({"type":"close","seat":3,"cards":["6c","6d"]})",
      R"({"type":"end","seq":120,"at":"2026-11-22T11:00:00+01:00"})",
  };
  for (const std::string& line : lines) {
    INFO(line);
    Event e = Parse(line);
    CHECK(pli::EventToJson(e) == line);
    CHECK(Parse(pli::EventToJson(e)) == e);
  }
}

TEST_CASE("INTERFACE 1: input forms are accepted and written canonically") {
  // Spaces, any key order, C1's other card spellings, a hash (ignored).
  Event e = Parse(
      "  { \"cards\" : [\"10h\", \"qs\", \"Q\xE2\x99\xA5\", \"2C\"], \"seat\": 2,\r\n"
      " \"type\": \"play\", \"hash\": \"" +
      std::string(64, 'a') + "\" }  ");
  CHECK(pli::EventToJson(e) == R"({"type":"play","seat":2,"cards":["Th","Qs","Qh","2c"]})");
}

TEST_CASE("INTERFACE 1: cards keep the order written, a card named twice included") {
  Event e = Parse(R"({"type":"play","seat":0,"cards":["Qh","7h","Qh"]})");
  CHECK(std::get<pli::PlayEvent>(e.body).cards == Cards({"Qh", "7h", "Qh"}));
}

TEST_CASE("INTERFACE 1: hash is accepted and ignored on parse, never written") {
  std::string hash = "0123456789abcdef0123456789abcdef0123456789abcdef0123456789abcdef";
  Event with = Parse(R"({"type":"pass","seat":1,"hash":")" + hash + "\"}");
  Event without = Parse(R"({"type":"pass","seat":1})");
  CHECK(with == without);
  CHECK(pli::EventToJson(with) == R"({"type":"pass","seat":1})");
}

TEST_CASE("INTERFACE 1: strings are escaped and non-ASCII kept as UTF-8") {
  Event e;
  pli::GameEvent g;
  g.game = std::string("tab\there nul\x01", 13);  // control characters: in a game id only
  g.seats = {"Zo\xC3\xA9", "a\"b", "back\\slash", "d"};
  e.body = g;
  std::string line = pli::EventToJson(e);
  CHECK(line ==
        "{\"type\":\"game\",\"game\":\"tab\\there nul\\u0001\",\"ruleset\":\"super-president\","
        "\"seats\":[\"Zo\xC3\xA9\",\"a\\\"b\",\"back\\\\slash\",\"d\"]}");
  CHECK(Parse(line) == e);
}

TEST_CASE("INTERFACE 1: option values are written as booleans, integers or strings") {
  Event e = Parse(R"({"type":"game","game":"g","options":{"manches":7,"suite":false,)"
                  R"("exchange":"choice"},"seats":["a","b","c","d"]})");
  CHECK(pli::EventToJson(e) ==
        R"({"type":"game","game":"g","ruleset":"super-president","options":{"manches":7,)"
        R"("suite":false,"exchange":"choice"},"seats":["a","b","c","d"]})");
}

TEST_CASE("INTERFACE 1: seq and seed take the int64 range exactly") {
  Event big = Parse(R"({"type":"deal","hands":[],"seed":9223372036854775807})");
  CHECK(std::get<pli::DealEvent>(big.body).seed == INT64_MAX);
  Event small = Parse(R"({"type":"deal","hands":[],"seed":-9223372036854775808})");
  CHECK(std::get<pli::DealEvent>(small.body).seed == INT64_MIN);
  CHECK(pli::EventToJson(small) == R"({"type":"deal","hands":[],"seed":-9223372036854775808})");
  Event zero = Parse(R"({"type":"deal","hands":[],"seed":0})");
  CHECK(std::get<pli::DealEvent>(zero.body).seed == 0);
}

TEST_CASE("INTERFACE 1 / RULES malformed: each malformed line is rejected naming its field") {
  const std::string seats4 = R"("seats":["a","b","c","d"])";
  struct Case {
    std::string line;
    std::string field;
  };
  const std::vector<Case> cases = {
      // Bad JSON is the line's fault as a whole.
      {R"({"type":"pass","seat":1)", ""},
      {"not json", ""},
      {"", ""},
      {R"({"type":"end",})", ""},
      {R"({"type":"end"} // comment)", ""},
      {R"({"type":"pass","seat":1} {})", ""},
      {R"([{"type":"end"}])", ""},
      {R"("end")", ""},
      // Duplicate keys, at the top and inside options.
      {R"({"type":"pass","seat":1,"seat":2})", "seat"},
      {R"({"type":"end","type":"end"})", "type"},
      {R"({"type":"game","game":"g","options":{"suite":true,"suite":false},)" + seats4 + "}",
       "options"},
      // The type.
      {R"({"seat":1})", "type"},
      {R"({"type":"shuffle"})", "type"},
      {R"({"type":"Pass","seat":1})", "type"},
      {R"({"type":5})", "type"},
      // Unknown fields for the type.
      {R"({"type":"pass","seat":1,"cards":["Qh"]})", "cards"},
      {R"({"type":"end","seat":1})", "seat"},
      {R"({"type":"play","seat":1,"cards":["Qh"],"Seat":1})", "Seat"},
      {R"({"type":"deal","hands":[],"seat":1})", "seat"},
      // Missing required fields.
      {R"({"type":"pass"})", "seat"},
      {R"({"type":"play","seat":1})", "cards"},
      {R"({"type":"exchange","from":1,"cards":["Qh"]})", "to"},
      {R"({"type":"deal"})", "hands"},
      {R"({"type":"game",)" + seats4 + "}", "game"},
      {R"({"type":"game","game":"g"})", "seats"},
      // Wrong JSON types.
      {R"({"type":"pass","seat":"1"})", "seat"},
      {R"({"type":"pass","seat":true})", "seat"},
      {R"({"type":"play","seat":0,"cards":"Qh"})", "cards"},
      {R"({"type":"play","seat":0,"cards":[12]})", "cards"},
      {R"({"type":"deal","hands":[["Qh"],"Kh"]})", "hands"},
      {R"({"type":"deal","hands":{}})", "hands"},
      {R"({"type":"end","at":5})", "at"},
      {R"({"type":"end","id":7})", "id"},
      {R"({"type":"game","game":"g","options":[],)" + seats4 + "}", "options"},
      {R"({"type":"game","game":"g","seats":"a,b,c,d"})", "seats"},
      // Numbers: integers in canonical form only.
      {R"({"type":"pass","seat":1.0})", "seat"},
      {R"({"type":"pass","seat":1e2})", "seat"},
      {R"({"type":"pass","seat":1E0})", "seat"},
      {R"({"type":"pass","seat":01})", "seat"},
      {R"({"type":"pass","seat":-0})", "seat"},
      {R"({"type":"pass","seat":+1})", "seat"},
      {R"({"type":"pass","seq":01,"seat":1})", "seq"},
      {R"({"type":"pass","seq":-0,"seat":1})", "seq"},
      {R"({"type":"deal","hands":[],"seed":9223372036854775808})", "seed"},
      {R"({"type":"deal","hands":[],"seed":-9223372036854775809})", "seed"},
      {R"({"type":"deal","hands":[],"seed":1.5})", "seed"},
      // Values out of their domain.
      {R"({"type":"pass","seq":0,"seat":1})", "seq"},
      {R"({"type":"pass","seat":-1})", "seat"},
      {R"({"type":"pass","seat":8})", "seat"},
      {R"({"type":"exchange","from":0,"to":99,"cards":["Qh"]})", "to"},
      {R"({"type":"end","id":""})", "id"},
      {R"({"type":"end","hash":"ABC"})", "hash"},
      {R"({"type":"end","hash":")" + std::string(64, 'A') + "\"}", "hash"},
      {R"({"type":"game","game":"",)" + seats4 + "}", "game"},
      // Cards.
      {R"({"type":"play","seat":0,"cards":["1h"]})", "cards"},
      {R"({"type":"play","seat":0,"cards":["Qh","Qx"]})", "cards"},
      {R"({"type":"play","seat":0,"cards":["Jo"]})", "cards"},
      {R"({"type":"deal","hands":[["Qh"],["11c"]]})", "hands"},
      {R"({"type":"play","seat":0,"cards":[]})", "cards"},
      {R"({"type":"close","seat":0,"cards":[]})", "cards"},
      {R"({"type":"exchange","from":0,"to":1,"cards":[]})", "cards"},
      // declare.
      {R"({"type":"play","seat":0,"cards":["Qh"],"declare":"sideways"})", "declare"},
      {R"({"type":"play","seat":0,"cards":["Qh"],"declare":null})", "declare"},
      {R"({"type":"play","seat":0,"cards":["Qh"],"declare":"none"})", "declare"},
      {R"({"type":"play","seat":0,"cards":["Qh"],"declare":"Suite"})", "declare"},
      // Seats (S1: 4 to 8).
      {R"({"type":"game","game":"g","seats":["a","b","c"]})", "seats"},
      {R"({"type":"game","game":"g","seats":["a","b","c","d","e","f","g","h","i"]})", "seats"},
      {R"({"type":"game","game":"g","seats":["a","b","","d"]})", "seats"},
      {R"({"type":"game","game":"g","seats":["a","b",3,"d"]})", "seats"},
      // Ruleset and options.
      {R"({"type":"game","game":"g","ruleset":"poker",)" + seats4 + "}", "ruleset"},
      {R"({"type":"game","game":"g","ruleset":null,)" + seats4 + "}", "ruleset"},
      {R"({"type":"game","game":"g","options":{"jokers":true},)" + seats4 + "}", "options"},
      {R"({"type":"game","game":"g","options":{"suite":"maybe"},)" + seats4 + "}", "options"},
      {R"({"type":"game","game":"g","options":{"suite":null},)" + seats4 + "}", "options"},
      {R"({"type":"game","game":"g","options":{"manches":2.0},)" + seats4 + "}", "options"},
      {R"({"type":"game","game":"g","options":{"manches":-1},)" + seats4 + "}", "options"},
  };
  for (const Case& c : cases) {
    INFO(c.line);
    ParseError e = ParseBad(c.line);
    INFO("message: " << e.message);
    CHECK(e.field == c.field);
    CHECK(!e.message.empty());
  }
}

TEST_CASE("INTERFACE 1: error messages say what is wrong") {
  CHECK(ParseBad(R"({"type":"play","seat":0,"cards":["1h"]})").message == "unknown card \"1h\"");
  CHECK(ParseBad(R"({"type":"pass","seat":1,"seat":2})").message == "duplicate key \"seat\"");
  CHECK(ParseBad(R"({"type":"pass","seat":1,"cards":["Qh"]})").message ==
        "unknown field for a pass event");
  const std::string types = " (the event types are game, deal, exchange, play, pass, close, end)";
  CHECK(ParseBad(R"({"type":"shuffle"})").message == "unknown event type \"shuffle\"" + types);
  // Issue 11 item 7: a number for the type says what types exist, not that
  // it must be an integer.
  CHECK(ParseBad(R"({"type":4,"seat":1})").message ==
        "must be a string naming the event, not a number" + types);
  CHECK(ParseBad(R"({"type":1.0,"seat":1})").message ==
        "must be a string naming the event, not a number" + types);
  CHECK(ParseBad(R"({"seat":1})").message == "is required but missing" + types);
  CHECK(ParseBad(R"({"type":"pass","seat":1.0})").message ==
        "must be an integer without fraction or exponent, not 1.0");
  CHECK(ParseBad(R"({"type":"pass","seat":-0})").message == "-0 is not a canonical integer");
  CHECK(ParseBad(R"({"type":"pass"})").message == "is required but missing");
}

TEST_CASE("INTERFACE 1: random events round trip through their canonical line") {
  std::mt19937_64 rng(20261122);
  auto pick = [&](int n) { return static_cast<int>(rng() % static_cast<uint64_t>(n)); };
  auto cards = [&](int min) {
    CardList list;
    int n = min + pick(5);
    for (int i = 0; i < n; ++i) list.push_back(Card(static_cast<uint8_t>(pick(52))));
    return list;
  };
  for (int i = 0; i < 2000; ++i) {
    Event e;
    switch (pick(7)) {
      case 0: {
        pli::GameEvent g;
        g.game = "g" + std::to_string(pick(1000));
        if (pick(2)) {
          g.ruleset = "classic";
          g.options = *pli::Preset("classic");
        }
        if (pick(2)) {
          g.overrides = {{"manches", std::to_string(pick(20))}, {"ou_rien", "false"}};
          pli::SetOption(g.options, "manches", g.overrides[0].second);
          g.options.ou_rien = false;
        }
        for (int s = 0, n = 4 + pick(5); s < n; ++s) g.seats.push_back("p" + std::to_string(s));
        e.body = g;
        break;
      }
      case 1: {
        pli::DealEvent d;
        for (int s = 0, n = pick(9); s < n; ++s) d.hands.push_back(cards(0));
        if (pick(2)) d.seed = static_cast<int64_t>(rng());
        e.body = d;
        break;
      }
      case 2:
        e.body = pli::ExchangeEvent{pick(8), pick(8), cards(1)};
        break;
      case 3:
        e.body = pli::PlayEvent{pick(8), cards(1), static_cast<pli::Declare>(pick(3))};
        break;
      case 4:
        e.body = pli::PassEvent{pick(8)};
        break;
      case 5:
        e.body = pli::CloseEvent{pick(8), cards(1)};
        break;
      default:
        e.body = pli::EndEvent{};
        break;
    }
    if (pick(2)) e.seq = 1 + pick(500);
    if (pick(3) == 0) e.id = "id-" + std::to_string(pick(100));
    if (pick(3) == 0) e.at = "2026-11-22T10:00:0" + std::to_string(pick(10)) + "Z";
    std::string line = pli::EventToJson(e);
    INFO(line);
    REQUIRE(Parse(line) == e);
    REQUIRE(line.find(' ') == std::string::npos);
  }
}
