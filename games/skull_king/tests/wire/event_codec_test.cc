// The stored encoding of Skull King events: its bytes, what it refuses
// (every truncation, a flipped version byte, non-canonical bytes).
#include <catch2/catch.hpp>
#include <string>
#include <variant>

#include "games/skull_king/wire/event_codec.h"

namespace pli::sk {
namespace {

std::string Hex(const std::string& bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    if (!out.empty()) out += ' ';
    out += kHex[c >> 4];
    out += kHex[c & 0xF];
  }
  return out;
}
std::string Bytes(std::initializer_list<int> bytes) {
  std::string out;
  for (int b : bytes) out += static_cast<char>(b);
  return out;
}

EventLine Line(const std::string& json) {
  auto r = ParseEventLine(json);
  INFO(json);
  REQUIRE(std::holds_alternative<EventLine>(r));
  return std::get<EventLine>(r);
}

std::string Error(const std::string& bytes) {
  auto r = DecodeEvent(bytes);
  if (const auto* e = std::get_if<std::string>(&r)) return *e;
  return "";
}

// Events of every type and flag, each encoded and decoded back.
const char* const kSamples[] = {
    R"({"type":"game","game":"g","ruleset":"skull-king","seats":["A","B"]})",
    R"({"type":"game","id":"k","at":"now","game":"g2","ruleset":"skull-king-official","options":{"scoring":"rascal","cannonball":true,"deck":66,"first_dealer":3},"seats":["Ann","Bob","Cyd","Dan"]})",
    R"({"type":"deal","hands":[["pirate"],["mermaid"],["14y"]],"turned":"3g"})",
    R"({"type":"deal","hands":[["king","escape","escape"],[]],"seed":-12345678901})",
    R"({"type":"deal","hands":[]})",
    R"({"type":"bid","seat":1,"bid":1})",
    R"({"type":"bid","seat":7,"bid":-3,"cannon":"cannonball"})",
    R"({"type":"bid","id":"b","seat":0,"bid":0,"cannon":"grapeshot"})",
    R"({"type":"play","seat":2,"cards":["tigress"],"declare":"pirate"})",
    R"({"type":"play","seat":2,"cards":["tigress"],"declare":"escape"})",
    R"({"type":"play","seat":0,"cards":[]})",
    R"({"type":"play","seat":0,"cards":["1b","14y","escape","pirate","tigress","mermaid","king"]})",
    R"({"type":"end","at":""})",
};

TEST_CASE("Codec: round trip of every type and flag") {
  for (const char* json : kSamples) {
    INFO(json);
    EventLine e = Line(json);
    const std::string bytes = EncodeEvent(e);
    auto d = DecodeEvent(bytes);
    INFO(Hex(bytes) << " " << Error(bytes));
    REQUIRE(std::holds_alternative<EventLine>(d));
    CHECK(std::get<EventLine>(d) == e);
    CHECK(EncodeEvent(std::get<EventLine>(d)) == bytes);
  }
}

TEST_CASE("Codec: the documented bytes (FORMAT.md §8)") {
  CHECK(Hex(EncodeEvent(Line(R"({"type":"bid","seq":4,"seat":1,"bid":1})"))) == "4b 03 00 01 02");
  CHECK(Hex(EncodeEvent(Line(R"({"type":"play","id":"p","seat":2,"cards":["tigress"],"declare":"pirate"})"))) ==
        "4b 04 01 01 70 02 01 42 01");
  CHECK(Hex(EncodeEvent(Line(R"({"type":"deal","hands":[["pirate"],["mermaid"],["14y"]],"turned":"3g"})"))) ==
        "4b 02 08 03 01 3d 01 43 01 37 10");
  CHECK(Hex(EncodeEvent(Line(R"({"type":"bid","seat":0,"bid":2,"cannon":"cannonball"})"))) ==
        "4b 03 10 00 04 01");
  CHECK(Hex(EncodeEvent(Line(R"({"type":"end"})"))) == "4b 05 00");
  CHECK(Hex(EncodeEvent(Line(R"({"type":"game","game":"g","ruleset":"skull-king","options":{"hook":false},"seats":["A","B"]})"))) ==
        "4b 01 00 01 67 0a 73 6b 75 6c 6c 2d 6b 69 6e 67 01 04 68 6f 6f 6b 05 66 61 6c 73 65 02 01 41 01 42");
}

TEST_CASE("Codec: every truncation is refused") {
  for (const char* json : kSamples) {
    const std::string bytes = EncodeEvent(Line(json));
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      INFO(json << " cut to " << n);
      CHECK(!Error(bytes.substr(0, n)).empty());
    }
    INFO(json);
    CHECK(!Error(bytes + '\0').empty());  // and a byte too many
  }
}

TEST_CASE("Codec: a flipped version byte is refused (Président's 01 too)") {
  for (const char* json : kSamples) {
    const std::string bytes = EncodeEvent(Line(json));
    for (int bit = 0; bit < 8; ++bit) {
      std::string flipped = bytes;
      flipped[0] = static_cast<char>(flipped[0] ^ (1 << bit));
      INFO(json << " bit " << bit);
      CHECK(Error(flipped).find("at byte 0:") == 0);
    }
    std::string president = bytes;
    president[0] = 1;
    CHECK(Error(president).find("at byte 0:") == 0);
  }
}

TEST_CASE("Codec: non-canonical bytes are refused") {
  // A card byte that is not a kind's first index (57, the second escape), 70 and above.
  CHECK(Error(Bytes({0x4b, 4, 0, 0, 1, 57, 0})).find("at byte 5") == 0);
  CHECK(Error(Bytes({0x4b, 4, 0, 0, 1, 70, 0})).find("at byte 5") == 0);
  CHECK(Error(Bytes({0x4b, 4, 0, 0, 1, 56, 0})) == "");
  // Declare 3, seat 8, cannon 2, unknown tag, unknown flags, flags of another type.
  CHECK(!Error(Bytes({0x4b, 4, 0, 0, 1, 66, 3})).empty());
  CHECK(!Error(Bytes({0x4b, 3, 0, 8, 0})).empty());
  CHECK(!Error(Bytes({0x4b, 3, 0x10, 0, 0, 2})).empty());
  CHECK(!Error(Bytes({0x4b, 6, 0})).empty());
  CHECK(!Error(Bytes({0x4b, 0, 0})).empty());
  CHECK(!Error(Bytes({0x4b, 5, 0x20})).empty());
  CHECK(!Error(Bytes({0x4b, 4, 0x10, 0, 1, 66, 1})).empty());  // cannon flag on a play
  CHECK(!Error(Bytes({0x4b, 3, 0x08, 0, 0, 3})).empty());      // turned flag on a bid
  // A non-minimal varint: bid 0 as 80 00.
  CHECK(!Error(Bytes({0x4b, 3, 0, 0, 0x80, 0})).empty());
  // An empty id.
  CHECK(!Error(Bytes({0x4b, 5, 1, 0})).empty());
  // Invalid UTF-8 in `at`.
  CHECK(!Error(Bytes({0x4b, 5, 2, 1, 0xff})).empty());
  // A game: unknown ruleset, option named twice, a value of the wrong text, 1 seat, cannonball alone.
  auto game = [](std::initializer_list<int> options, std::initializer_list<int> seats) {
    std::string out = Bytes({0x4b, 1, 0, 1, 'g', 10});
    out += "skull-king";
    out += Bytes(options);
    out += Bytes(seats);
    return out;
  };
  CHECK(Error(game({0}, {2, 1, 'A', 1, 'B'})) == "");
  CHECK(!Error(game({0}, {1, 1, 'A'})).empty());
  CHECK(!Error(game({0}, {2, 1, 'A', 0})).empty());
  CHECK(!Error(game({0}, {2, 1, 'A', 1, 7})).empty());  // a control character
  CHECK(!Error(game({2, 4, 'h', 'o', 'o', 'k', 4, 't', 'r', 'u', 'e', 4, 'h', 'o', 'o', 'k', 4, 't',
                     'r', 'u', 'e'},
                    {2, 1, 'A', 1, 'B'}))
             .empty());
  CHECK(!Error(game({1, 4, 'h', 'o', 'o', 'k', 4, 'T', 'r', 'u', 'e'}, {2, 1, 'A', 1, 'B'})).empty());
  CHECK(!Error(game({1, 4, 'd', 'e', 'c', 'k', 3, '0', '7', '0'}, {2, 1, 'A', 1, 'B'})).empty());
  CHECK(!Error(game({1, 10, 'c', 'a', 'n', 'n', 'o', 'n', 'b', 'a', 'l', 'l', 4, 't', 'r', 'u', 'e'},
                    {2, 1, 'A', 1, 'B'}))
             .empty());
  std::string unknown = Bytes({0x4b, 1, 0, 1, 'g', 7});
  unknown += "classic";
  unknown += Bytes({0, 4, 1, 'A', 1, 'B', 1, 'C', 1, 'D'});
  CHECK(!Error(unknown).empty());
}

TEST_CASE("Codec: a malformed event has no encoding") {
  CHECK_THROWS_AS(EncodeEvent(EventLine{MalformedEvent{"x", "y"}}), std::invalid_argument);
}

}  // namespace
}  // namespace pli::sk
