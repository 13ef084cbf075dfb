// Skull King events <-> JSON Lines: every malformed case of SKULL_KING.md
// "Events" and INTERFACE.md §1, the accepted card forms, canonical writing.
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "games/skull_king/wire/event_json.h"

namespace pli::sk {
namespace {

// The field a line is refused for ("" when it parses).
std::string FieldOf(const std::string& line) {
  auto r = ParseEventLine(line);
  if (const auto* e = std::get_if<ParseError>(&r)) {
    INFO(line << " -> " << e->field << ": " << e->message);
    CHECK(!e->message.empty());
    return e->field.empty() ? "<line>" : e->field;
  }
  return "";
}

EventLine Parsed(const std::string& line) {
  auto r = ParseEventLine(line);
  INFO(line);
  if (const auto* e = std::get_if<ParseError>(&r)) FAIL(e->field + ": " + e->message);
  return std::get<EventLine>(r);
}

TEST_CASE("Malformed: unknown types, Président's included") {
  CHECK(FieldOf(R"({"type":"pass","seat":0})") == "type");
  CHECK(FieldOf(R"({"type":"close","seat":0,"cards":["3g"]})") == "type");
  CHECK(FieldOf(R"({"type":"exchange","from":0,"to":1,"cards":["3g"]})") == "type");
  CHECK(FieldOf(R"({"type":"Bid","seat":0,"bid":1})") == "type");
  CHECK(FieldOf(R"({"type":null,"seat":0,"bid":1})") == "type");
  CHECK(FieldOf(R"({"type":3,"seat":0,"bid":1})") == "type");
  CHECK(FieldOf(R"({"seat":0,"bid":1})") == "type");
}

TEST_CASE("Malformed: unknown fields, fields of another type") {
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"x":1})") == "x");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"cards":["3g"]})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":["3g"],"bid":1})") == "bid");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"]],"seat":0})") == "seat");
  CHECK(FieldOf(R"({"type":"end","seat":0})") == "seat");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":["3g"],"from":1})") == "from");
}

TEST_CASE("Malformed: bid not a JSON integer") {
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1.0})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1e0})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":-0})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":"1"})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":true})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":null})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0})") == "bid");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":99999999999999999999})") == "bid");
  // A negative bid is bid-out-of-range, for Decide: not malformed.
  CHECK(std::get<BidEvent>(Parsed(R"({"type":"bid","seat":0,"bid":-1})").event).bid == -1);
}

TEST_CASE("Malformed: seat") {
  CHECK(FieldOf(R"({"type":"bid","seat":1.0,"bid":1})") == "seat");
  CHECK(FieldOf(R"({"type":"bid","seat":-1,"bid":1})") == "seat");
  CHECK(FieldOf(R"({"type":"bid","seat":8,"bid":1})") == "seat");
  CHECK(FieldOf(R"({"type":"bid","seat":null,"bid":1})") == "seat");
  CHECK(FieldOf(R"({"type":"bid","seat":"0","bid":1})") == "seat");
  CHECK(FieldOf(R"({"type":"play","cards":["3g"]})") == "seat");
  CHECK(FieldOf(R"({"type":"bid","seat":7,"bid":1})") == "");
}

TEST_CASE("Malformed: cannon value") {
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"cannon":"big"})") == "cannon");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"cannon":"Cannonball"})") == "cannon");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"cannon":null})") == "cannon");
  CHECK(FieldOf(R"({"type":"bid","seat":0,"bid":1,"cannon":1})") == "cannon");
  CHECK(std::get<BidEvent>(Parsed(R"({"type":"bid","seat":0,"bid":1,"cannon":"cannonball"})").event)
            .cannon == Cannon::kCannonball);
  CHECK(std::get<BidEvent>(Parsed(R"({"type":"bid","seat":0,"bid":1,"cannon":"grapeshot"})").event)
            .cannon == Cannon::kGrapeshot);
}

TEST_CASE("Malformed: cards not an array of strings, bad card text") {
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":"pirate"})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":[1]})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":[null]})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":[["3g"]]})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":null})") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0})") == "cards");
  for (const char* bad : {"pirat", "15b", "0g", "014b", "14x", "3c", "PIRATE_6", "ESCAPE_0",
                          "MERMAID_3", "BLACK_15", "skull king", " 3g", "3g ", "tiger", ""}) {
    INFO(bad);
    CHECK(FieldOf(std::string(R"({"type":"play","seat":0,"cards":[")") + bad + "\"]}") == "cards");
  }
  // sirène only with a precomposed è (U+00E8): e + U+0300 is no card.
  CHECK(FieldOf("{\"type\":\"play\",\"seat\":0,\"cards\":[\"sire\xCC\x80ne\"]}") == "cards");
  CHECK(FieldOf(R"({"type":"play","seat":0,"cards":["sire\u0300ne"]})") == "cards");
}

TEST_CASE("Accepted card forms, any letter case, written canonically") {
  const std::pair<const char*, const char*> forms[] = {
      {"14B", "14b"},       {"black_14", "14b"},   {"GREEN_7", "7g"},   {"Purple_10", "10p"},
      {"YELLOW_1", "1y"},   {"PIRATE_3", "pirate"}, {"fuite", "escape"}, {"ESCAPE_5", "escape"},
      {"Sirène", "mermaid"}, {"SIRÈNE", "mermaid"}, {"sirene", "mermaid"}, {"MERMAID_2", "mermaid"},
      {"sir\\u00e8ne", "mermaid"}, {"TIGRESSE", "tigress"}, {"Tigress", "tigress"},
      {"skullking", "king"}, {"Skull-King", "king"}, {"SKULL_KING", "king"}, {"KING", "king"}};
  for (const auto& [in, out] : forms) {
    INFO(in);
    EventLine e = Parsed(std::string(R"({"type":"play","seat":0,"cards":[")") + in + "\"]}");
    CHECK(EventToJson(e) == std::string(R"({"type":"play","seat":0,"cards":[")") + out + "\"]}");
  }
  // Other than one card is count-mismatch, for Decide.
  CHECK(std::get<PlayEvent>(Parsed(R"({"type":"play","seat":0,"cards":[]})").event).cards.empty());
  CHECK(std::get<PlayEvent>(Parsed(R"({"type":"play","seat":0,"cards":["3g","4g"]})").event)
            .cards.size() == 2);
}

TEST_CASE("Malformed: declare") {
  for (const char* bad : {R"("suite")", R"("reverse")", R"("Pirate")", R"("ESCAPE")", "null",
                          "1", R"("")", R"(["pirate"])"}) {
    INFO(bad);
    CHECK(FieldOf(std::string(R"({"type":"play","seat":2,"cards":["tigress"],"declare":)") + bad +
                  "}") == "declare");
  }
  CHECK(std::get<PlayEvent>(
            Parsed(R"({"type":"play","seat":2,"cards":["tigress"],"declare":"escape"})").event)
            .declare == Declare::kEscape);
  // A declaration on another card is declare-not-allowed, for Decide.
  CHECK(FieldOf(R"({"type":"play","seat":2,"cards":["3g"],"declare":"pirate"})") == "");
}

TEST_CASE("Malformed: deal") {
  CHECK(FieldOf(R"({"type":"deal"})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":null})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":"3g"})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":["3g"]})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],null]})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["3z"]]})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],[4]]})") == "hands");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"turned":null})") == "turned");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"turned":"5z"})") == "turned");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"turned":["5g"]})") == "turned");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"turned":5})") == "turned");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"seed":1.0})") == "seed");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"seed":1e0})") == "seed");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"seed":null})") == "seed");
  CHECK(FieldOf(R"({"type":"deal","hands":[["3g"],["4g"]],"seed":"7"})") == "seed");
  // A 14 with deck 66 or a wrong count is bad-deal, for Decide.
  CHECK(FieldOf(R"({"type":"deal","hands":[[],["14b","14b"]],"turned":"KING","seed":-5})") == "");
}

const std::string kSeats = R"("seats":["A","B","C"])";
std::string GameLine(const std::string& middle) {
  return R"({"type":"game","game":"g",)" + middle + "}";
}

TEST_CASE("Malformed: game event") {
  CHECK(FieldOf(R"({"type":"game","ruleset":"skull-king","seats":["A","B"]})") == "game");
  CHECK(FieldOf(R"({"type":"game","game":"","ruleset":"skull-king","seats":["A","B"]})") == "game");
  CHECK(FieldOf(R"({"type":"game","game":null,"ruleset":"skull-king","seats":["A","B"]})") == "game");
  CHECK(FieldOf(R"({"type":"game","game":7,"ruleset":"skull-king","seats":["A","B"]})") == "game");
  // ruleset: required (without one a game is Super Président's), exact.
  CHECK(FieldOf(GameLine(kSeats)) == "ruleset");
  CHECK(FieldOf(GameLine(R"("ruleset":null,)" + kSeats)) == "ruleset");
  CHECK(FieldOf(GameLine(R"("ruleset":"super-president",)" + kSeats)) == "ruleset");
  CHECK(FieldOf(GameLine(R"("ruleset":"classic",)" + kSeats)) == "ruleset");
  CHECK(FieldOf(GameLine(R"("ruleset":"Skull-King",)" + kSeats)) == "ruleset");
  // options: JSON types of the table, values of the table, the game checks.
  const std::string rs = R"("ruleset":"skull-king",)";
  for (const char* bad : {
           R"({"hook":"true"})", R"({"hook":1})", R"({"hook":null})", R"({"deck":"70"})",
           R"({"deck":66.0})", R"({"deck":68})", R"({"bonuses":2021})", R"({"trump":"Turned"})",
           R"({"trump":"turned "})", R"({"trump":null})", R"({"first_dealer":"0"})",
           R"({"first_dealer":3})", R"({"first_dealer":-1})", R"({"kraken":true})",
           R"({"cannonball":true})", R"({"scoring":"rascal","bonus_on_miss":true})",
           R"({"cannonball":"true","scoring":"rascal"})", R"({"lead":"first_card"})"}) {
    INFO(bad);
    CHECK(FieldOf(GameLine(rs + R"("options":)" + bad + "," + kSeats)) == "options");
  }
  CHECK(FieldOf(GameLine(rs + R"("options":null,)" + kSeats)) == "options");
  CHECK(FieldOf(GameLine(rs + R"("options":[],)" + kSeats)) == "options");
  CHECK(FieldOf(GameLine(rs + R"("options":{"hook":true,"hook":false},)" + kSeats)) == "options");
  // seats
  CHECK(FieldOf(GameLine(rs + R"("seats":["A"])")) == "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":["1","2","3","4","5","6","7","8","9"])")) == "seats");
  CHECK(FieldOf(GameLine(R"("ruleset":"skull-king-original","seats":["1","2","3","4","5","6","7"])")) ==
        "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":["A",""])")) == "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":["A",null])")) == "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":["A",2])")) == "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":["A","B\u0007"])")) == "seats");
  CHECK(FieldOf(GameLine(rs + R"("seats":null)")) == "seats");
  CHECK(FieldOf(GameLine(rs.substr(0, rs.size() - 1))) == "seats");
  // Good ones.
  CHECK(FieldOf(GameLine(R"("ruleset":"skull-king-original","seats":["1","2","3","4","5","6"])")) == "");
  CHECK(FieldOf(GameLine(R"("ruleset":"skull-king-official","options":{"scoring":"rascal","cannonball":true,"deck":66,"bonuses":"original","first_dealer":2,"hook":true},)" + kSeats)) == "");
}

TEST_CASE("Malformed: the envelope (INTERFACE.md §1)") {
  const std::string body = R"("seat":0,"bid":1})";
  auto line = [&](const std::string& common) { return R"({"type":"bid",)" + common + "," + body; };
  CHECK(FieldOf(line(R"("seq":1.0)")) == "seq");
  CHECK(FieldOf(line(R"("seq":1e0)")) == "seq");
  CHECK(FieldOf(line(R"("seq":0)")) == "seq");
  CHECK(FieldOf(line(R"("seq":null)")) == "seq");
  CHECK(FieldOf(line(R"("seq":"1")")) == "seq");
  CHECK(FieldOf(line(R"("id":null)")) == "id");
  CHECK(FieldOf(line(R"("id":"")")) == "id");
  CHECK(FieldOf(line(R"("id":5)")) == "id");
  CHECK(FieldOf(line(R"("at":null)")) == "at");
  CHECK(FieldOf(line(R"("at":0)")) == "at");
  CHECK(FieldOf(line(R"("hash":null)")) == "hash");
  CHECK(FieldOf(line(R"("hash":"abc")")) == "hash");
  CHECK(FieldOf(line(R"("hash":")" + std::string(64, 'A') + "\"")) == "hash");
  CHECK(FieldOf(line(R"("seat":0)")) == "seat");  // a duplicate key
  CHECK(FieldOf("{\"type\":\"bid\",") == "<line>");
  CHECK(FieldOf("[1]") == "<line>");
  std::string hash;
  auto r = ParseEventLine(line(R"("seq":4,"id":"k","at":"2026-01-01T00:00:00Z","hash":")" +
                               std::string(64, 'e') + "\""),
                          &hash);
  REQUIRE(std::holds_alternative<EventLine>(r));
  CHECK(hash == std::string(64, 'e'));
  const EventLine& e = std::get<EventLine>(r);
  CHECK(e.seq == 4);
  CHECK(e.id == "k");
  CHECK(e.at == "2026-01-01T00:00:00Z");
}

TEST_CASE("ReadEventLine keeps what it can of a malformed line") {
  LineRead r = ReadEventLine(R"({"type":"bid","seat":2,"id":"x","bid":1.5})");
  CHECK(r.object);
  CHECK(!r.line);
  CHECK(r.error.field == "bid");
  CHECK(r.type == "bid");
  CHECK(r.seat == 2);
  CHECK(r.id == "x");
  CHECK(!ReadEventLine("nope").object);
}

TEST_CASE("Writing is canonical: key order, card text, option types") {
  CHECK(EventToJson(Parsed(
            R"({"declare":"pirate","cards":["TIGRESSE"],"id":"x","seat":2,"seq":3,"type":"play","at":"t"})")) ==
        R"({"type":"play","seq":3,"id":"x","at":"t","seat":2,"cards":["tigress"],"declare":"pirate"})");
  CHECK(EventToJson(Parsed(R"({"cannon":"grapeshot","bid":0,"seat":1,"type":"bid"})")) ==
        R"({"type":"bid","seat":1,"bid":0,"cannon":"grapeshot"})");
  CHECK(EventToJson(Parsed(R"({"seed":-3,"turned":"Sirène","hands":[["PIRATE_2","14B"],[]],"type":"deal"})")) ==
        R"({"type":"deal","hands":[["pirate","14b"],[]],"turned":"mermaid","seed":-3})");
  const std::string game =
      R"({"type":"game","game":"g2","ruleset":"skull-king-official","options":{"scoring":"rascal","cannonball":true,"deck":66,"bonuses":"2021","first_dealer":1},"seats":["Ann","Bob","Cyd","Dan"]})";
  CHECK(EventToJson(Parsed(game)) == game);
  CHECK(EventToJson(Parsed(R"({"type":"end"})")) == R"({"type":"end"})");
  CHECK_THROWS_AS(EventToJson(Event(MalformedEvent{"x", "y"})), std::invalid_argument);
}

}  // namespace
}  // namespace pli::sk
