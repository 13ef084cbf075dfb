// event_codec_test.cc: the stored encoding of events (games/president/wire/event_codec.h,
// schema/FORMAT.md §"Stored encoding"): every event type round trips, the
// bytes match the documented layout (expected bytes written by hand from the
// layout table, not taken from the code), only canonical encodings decode,
// and whatever decodes is an event the JSON reader accepts too.
#include "games/president/wire/event_codec.h"

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "games/president/wire/event_json.h"
#include "games/president/tests/rules/table.h"

namespace {

using pli::Event;
using pli::test::Cards;

// A byte string from byte values.
std::string Bytes(std::initializer_list<int> values) {
  std::string s;
  for (int v : values) s += static_cast<char>(v);
  return s;
}

std::string Hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char b : bytes) {
    hex += kDigits[b >> 4];
    hex += kDigits[b & 0xF];
    hex += ' ';
  }
  return hex;
}

// Decodes bytes that must decode.
Event Decode(const std::string& bytes) {
  auto result = pli::DecodeEvent(bytes);
  if (auto* e = std::get_if<std::string>(&result)) FAIL("rejected " << Hex(bytes) << ": " << *e);
  return std::get<Event>(result);
}

// Decodes bytes that must be rejected; returns the error sentence.
std::string DecodeBad(const std::string& bytes) {
  auto result = pli::DecodeEvent(bytes);
  if (std::holds_alternative<Event>(result)) FAIL("accepted " << Hex(bytes));
  return std::get<std::string>(result);
}

// A game event as the JSON reader builds it: the preset with the overrides.
pli::GameEvent Game(const std::string& ruleset,
                    std::vector<std::pair<std::string, std::string>> overrides,
                    std::vector<std::string> seats) {
  pli::GameEvent g;
  g.game.append("g-1");
  g.ruleset = ruleset;
  g.options = *pli::Preset(ruleset);
  for (const auto& [name, text] : overrides) REQUIRE(pli::SetOption(g.options, name, text).empty());
  g.overrides = std::move(overrides);
  g.seats = std::move(seats);
  return g;
}

// One event of every type, with and without the optional fields.
std::vector<Event> SampleEvents() {
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  const int64_t kMax = std::numeric_limits<int64_t>::max();
  std::vector<Event> events = {
      {Game("super-president", {}, {"Ana", "Bo", "Cy", "Di"})},
      {Game("classic", {{"manches", "5"}, {"suite", "true"}, {"solo_continuation", "never"}},
            {"A", "B", "C", "D", "E", "F", "G", "H"}),
       {},
       "id-1",
       "2026-11-22T10:00:00Z"},
      {Game("super-president", {{"exchange", "choice"}}, {"Zoé", "Ana", "Bo", "日本"})},
      {Game("super-president", {{"exchange_cards", "one"}, {"later_lead", "president"}},
            {"A", "B", "C", "D", "E"})},
      {Game("classic", {{"exchange_cards", "two-one"}, {"later_lead", "trouduc"}}, {"A", "B", "C", "D"})},
      {pli::DealEvent{{Cards("3c 7h 2s"), Cards("4d"), {}, Cards("Ac Ac")}, std::nullopt}},
      {pli::DealEvent{{}, 0}},
      {pli::DealEvent{{Cards("Qh")}, -1}, {}, std::nullopt, ""},
      {pli::DealEvent{{Cards("Qh")}, kMin}},
      {pli::DealEvent{{Cards("Qh")}, kMax}},
      {pli::DealEvent{{Cards("Qh")}, 1234}},
      pli::test::Give(0, 3, "3c 4d"),
      pli::test::Play(1, "7h 7s"),
      pli::test::Suite(7, "2s 2s 2s"),  // a card named twice stays named twice
      pli::test::Reverse(0, "3c"),
      pli::test::Pass(2),
      pli::test::Close(3, "Ac Ad"),
      {pli::EndEvent{}},
      {pli::EndEvent{}, {}, "k", "2026-11-22T21:40:00Z"},
      {pli::PassEvent{5}, {}, std::string(1, '\0') + "x\n\"", std::nullopt},
  };
  return events;
}

}  // namespace

TEST_CASE("Stored encoding: every event type round trips, id, at, seed and options included") {
  for (const Event& e : SampleEvents()) {
    INFO(pli::EventToJson(e));
    std::string bytes = pli::EncodeEvent(e);
    CHECK(Decode(bytes) == e);
    CHECK(pli::EncodeEvent(Decode(bytes)) == bytes);
  }
}

TEST_CASE("Stored encoding: seq is not encoded and decodes empty") {
  Event e = pli::test::Pass(1);
  e.seq = 42;
  std::string bytes = pli::EncodeEvent(e);
  CHECK(bytes == Bytes({0x01, 0x05, 0x00, 0x01}));
  Event back = Decode(bytes);
  CHECK_FALSE(back.seq.has_value());
  e.seq.reset();
  CHECK(back == e);
}

TEST_CASE("Stored encoding: a decoded game event rebuilds options from preset and overrides") {
  Event e{Game("classic", {{"suite", "true"}, {"manches", "3"}}, {"A", "B", "C", "D"})};
  const Event back = Decode(pli::EncodeEvent(e));
  const auto& g = std::get<pli::GameEvent>(back.body);
  CHECK(g.options.suite);
  CHECK(g.options.manches == 3);
  CHECK_FALSE(g.options.reverse);  // classic preset, not overridden
}

TEST_CASE("Stored encoding: bytes follow the documented layout (hand-written)") {
  // pass, seat 2: version, type 5, flags 0, seat.
  CHECK(pli::EncodeEvent(pli::test::Pass(2)) == Bytes({0x01, 0x05, 0x00, 0x02}));
  // FORMAT.md's example: pass seat 2 with id "p-5" (seq not encoded).
  CHECK(pli::EncodeEvent({pli::PassEvent{2}, 2, "p-5", {}}) ==
        Bytes({0x01, 0x05, 0x01, 0x03, 'p', '-', '5', 0x02}));
  // end with id "k": flags bit 0, then the id as length + bytes.
  CHECK(pli::EncodeEvent({pli::EndEvent{}, {}, "k", {}}) == Bytes({0x01, 0x07, 0x01, 0x01, 'k'}));
  // play seat 1, 7h (rank 4 * 4 + suit 2 = 18) 7s (19), declare suite (1).
  CHECK(pli::EncodeEvent(pli::test::Suite(1, "7h 7s")) ==
        Bytes({0x01, 0x04, 0x00, 0x01, 0x02, 0x12, 0x13, 0x01}));
  // exchange at "T", from 0 to 3, 3c (0) 4d (5): flags bit 1.
  CHECK(pli::EncodeEvent({pli::ExchangeEvent{0, 3, Cards("3c 4d")}, {}, {}, "T"}) ==
        Bytes({0x01, 0x03, 0x02, 0x01, 'T', 0x00, 0x03, 0x02, 0x00, 0x05}));
  // close seat 3, 2s (12 * 4 + 3 = 51).
  CHECK(pli::EncodeEvent(pli::test::Close(3, "2s")) == Bytes({0x01, 0x06, 0x00, 0x03, 0x01, 0x33}));
  // deal, two hands [3c] and [], seed -1 (zigzag 1): flags bit 2.
  CHECK(pli::EncodeEvent({pli::DealEvent{{Cards("3c"), {}}, -1}}) ==
        Bytes({0x01, 0x02, 0x04, 0x02, 0x01, 0x00, 0x00, 0x01}));
  // seed 300: zigzag 600 = 0x258, LEB128 d8 04.
  CHECK(pli::EncodeEvent({pli::DealEvent{{}, 300}}) == Bytes({0x01, 0x02, 0x04, 0x00, 0xd8, 0x04}));
  // game "g", classic, one override manches=3, seats A B C D.
  std::string game = Bytes({0x01, 0x01, 0x00, 0x01, 'g', 0x07}) + "classic" + Bytes({0x01, 0x07}) +
                     "manches" +
                     Bytes({0x01, '3', 0x04, 0x01, 'A', 0x01, 'B', 0x01, 'C', 0x01, 'D'});
  Event e{Game("classic", {{"manches", "3"}}, {"A", "B", "C", "D"})};
  std::get<pli::GameEvent>(e.body).game = "g";
  CHECK(pli::EncodeEvent(e) == game);
  CHECK(Decode(game) == e);
  // K3/S3 options added on 2026-11-24 are overrides like any other: name and
  // value as strings, so games written before them keep their bytes.
  std::string one = Bytes({0x01, 0x01, 0x00, 0x01, 'g', 0x07}) + "classic" + Bytes({0x02, 0x0e}) +
                    "exchange_cards" + Bytes({0x03}) + "one" + Bytes({0x0a}) + "later_lead" +
                    Bytes({0x09}) + "president" +
                    Bytes({0x04, 0x01, 'A', 0x01, 'B', 0x01, 'C', 0x01, 'D'});
  Event eo{Game("classic", {{"exchange_cards", "one"}, {"later_lead", "president"}}, {"A", "B", "C", "D"})};
  std::get<pli::GameEvent>(eo.body).game = "g";
  CHECK(pli::EncodeEvent(eo) == one);
  CHECK(Decode(one) == eo);
  // FORMAT.md's hash chain example: game "g", default ruleset, no overrides.
  Event sp{Game("super-president", {}, {"A", "B", "C", "D"})};
  std::get<pli::GameEvent>(sp.body).game = "g";
  CHECK(pli::EncodeEvent(sp) ==
        Bytes({0x01, 0x01, 0x00, 0x01, 'g', 0x0f}) + "super-president" +
            Bytes({0x00, 0x04, 0x01, 'A', 0x01, 'B', 0x01, 'C', 0x01, 'D'}));
}

TEST_CASE("Stored encoding: seed extremes are zigzag varints of 10 bytes") {
  std::string ff9 = Bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
  // INT64_MIN -> 2^64 - 1; INT64_MAX -> 2^64 - 2.
  std::string min = Bytes({0x01, 0x02, 0x04, 0x00}) + ff9 + Bytes({0x01});
  std::string max = Bytes({0x01, 0x02, 0x04, 0x00, 0xfe}) + ff9.substr(1) + Bytes({0x01});
  CHECK(std::get<pli::DealEvent>(Decode(min).body).seed == std::numeric_limits<int64_t>::min());
  CHECK(std::get<pli::DealEvent>(Decode(max).body).seed == std::numeric_limits<int64_t>::max());
  CHECK(pli::EncodeEvent(Decode(min)) == min);
  CHECK(pli::EncodeEvent(Decode(max)) == max);
}

TEST_CASE("Stored encoding rejects an unknown version, type or flag bit, naming the byte") {
  CHECK_THAT(DecodeBad(Bytes({0x02, 0x05, 0x00, 0x02})), Catch::Contains("at byte 0"));
  CHECK_THAT(DecodeBad(Bytes({0x00, 0x05, 0x00, 0x02})), Catch::Contains("version"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x00, 0x00})), Catch::Contains("at byte 1"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x08, 0x00})), Catch::Contains("type"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x05, 0x04, 0x02})), Catch::Contains("at byte 2"));  // seed bit
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x02, 0x08, 0x00})), Catch::Contains("flag"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x07, 0x80})), Catch::Contains("flag"));
}

TEST_CASE("Stored encoding rejects non-minimal and overlong varints") {
  // Card count 1 written 81 00.
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x04, 0x00, 0x00, 0x81, 0x00, 0x00, 0x00})),
             Catch::Contains("at byte 4") && Catch::Contains("not a minimal varint"));
  // Seed 0 written 80 00.
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x02, 0x04, 0x00, 0x80, 0x00})),
             Catch::Contains("not a minimal varint"));
  // A 10th byte above 1 does not fit in 64 bits; an 11th byte never comes.
  std::string ff9 = Bytes({0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff});
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x02, 0x04, 0x00}) + ff9 + Bytes({0x02})),
             Catch::Contains("64 bits"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x02, 0x04, 0x00}) + ff9 + Bytes({0x81, 0x00})),
             Catch::Contains("64 bits"));
}

TEST_CASE("Stored encoding rejects a card above 53, a seat above 7 and a declare above 2") {
  // FORMAT.md: cards are 0 to 51, and the jokers X1 = 52, X2 = 53 (H-C1).
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x36, 0x00})),
             Catch::Contains("at byte 5") && Catch::Contains("54") && Catch::Contains("0 to 53"));
  CHECK(std::holds_alternative<Event>(pli::DecodeEvent(Bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x34, 0x00}))));
  CHECK(std::holds_alternative<Event>(pli::DecodeEvent(Bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x35, 0x00}))));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x02, 0x00, 0x01, 0x01, 0xff})), Catch::Contains("card"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x05, 0x00, 0x08})),
             Catch::Contains("at byte 3") && Catch::Contains("seat"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x03, 0x00, 0x00, 0x09, 0x01, 0x00})), Catch::Contains("seat"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x00, 0x03})),
             Catch::Contains("at byte 6") && Catch::Contains("declare"));
}

TEST_CASE("Stored encoding rejects empty cards where JSON requires at least one card") {
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x04, 0x00, 0x00, 0x00, 0x00})), Catch::Contains("at least"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x03, 0x00, 0x00, 0x01, 0x00})), Catch::Contains("at least"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x06, 0x00, 0x00, 0x00})), Catch::Contains("at least"));
  // A hand of a deal may be empty, as in JSON.
  CHECK(Decode(Bytes({0x01, 0x02, 0x00, 0x01, 0x00})) ==
        Event{pli::DealEvent{std::vector<pli::CardList>(1), {}}});
}

TEST_CASE(
    "Stored encoding rejects truncation at every byte, trailing bytes and overrunning lengths") {
  for (const Event& e : SampleEvents()) {
    std::string bytes = pli::EncodeEvent(e);
    for (std::size_t n = 0; n < bytes.size(); ++n) {
      INFO(Hex(bytes) << " cut to " << n);
      CHECK_THAT(DecodeBad(bytes.substr(0, n)), Catch::Contains("at byte"));
    }
    CHECK_THAT(DecodeBad(bytes + Bytes({0x00})),
               Catch::Contains("at byte " + std::to_string(bytes.size())));
  }
  // An id of 5 bytes with 2 left; 3 cards with 1 left.
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x07, 0x01, 0x05, 'a', 'b'})), Catch::Contains("runs past"));
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x04, 0x00, 0x00, 0x03, 0x00})), Catch::Contains("runs past"));
}

TEST_CASE("Stored encoding rejects an empty id, game id or seat name, and bad UTF-8") {
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x07, 0x01, 0x00})), Catch::Contains("empty"));
  // An empty at is allowed, as in JSON.
  CHECK(Decode(Bytes({0x01, 0x07, 0x02, 0x00})) == Event{pli::EndEvent{}, {}, {}, ""});
  std::string sp = Bytes({0x0f}) + "super-president" + Bytes({0x00});
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x01, 0x00, 0x00}) + sp), Catch::Contains("at byte 3"));
  std::string seats = Bytes({0x04, 0x01, 'A', 0x01, 'B', 0x01, 'C'});
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x01, 0x00, 0x01, 'g'}) + sp + seats + Bytes({0x00})),
             Catch::Contains("empty"));
  // Overlong "/", a surrogate, a byte that never starts UTF-8, a cut sequence.
  for (std::string bad : {Bytes({0xc0, 0xaf}), Bytes({0xed, 0xa0, 0x80}),
                          Bytes({0xf5, 0x80, 0x80, 0x80}), Bytes({0xe2, 0x82})}) {
    std::string id = Bytes({static_cast<int>(bad.size())}) + bad;
    CHECK_THAT(DecodeBad(Bytes({0x01, 0x07, 0x01}) + id), Catch::Contains("UTF-8"));
  }
}

TEST_CASE("Stored encoding rejects what the JSON reader rejects in a game event") {
  auto game = [](const std::string& ruleset, const std::string& options, int seats) {
    std::string b =
        Bytes({0x01, 0x01, 0x00, 0x01, 'g', static_cast<int>(ruleset.size())}) + ruleset;
    b += options;
    b += Bytes({seats});
    for (int i = 0; i < seats; ++i) b += Bytes({0x01, 'A' + i});
    return b;
  };
  auto option = [](const std::string& name, const std::string& text) {
    return Bytes({static_cast<int>(name.size())}) + name + Bytes({static_cast<int>(text.size())}) +
           text;
  };
  const std::string none = Bytes({0x00});
  Decode(game("classic", none, 4));
  CHECK_THAT(DecodeBad(game("", none, 4)), Catch::Contains("unknown ruleset"));
  CHECK_THAT(DecodeBad(game("Classic", none, 4)), Catch::Contains("unknown ruleset"));
  CHECK_THAT(DecodeBad(game("classic", none, 3)), Catch::Contains("4 to 8 seats"));
  CHECK_THAT(DecodeBad(game("classic", none, 9)), Catch::Contains("4 to 8 seats"));
  CHECK_THAT(DecodeBad(game("classic", Bytes({0x01}) + option("nope", "true"), 4)),
             Catch::Contains("unknown option"));
  CHECK_THAT(DecodeBad(game("classic", Bytes({0x01}) + option("manches", "-1"), 4)),
             Catch::Contains("manches"));
  // The JSON reader refuses a duplicate key, so the codec refuses an option named twice.
  CHECK_THAT(DecodeBad(game("classic",
                            Bytes({0x02}) + option("suite", "true") + option("suite", "false"), 4)),
             Catch::Contains("named twice"));
}

TEST_CASE("Stored encoding keeps the JSON reader's limits: 64 KiB strings, 4096 cards") {
  std::string big(65536, 'x');
  std::string at_limit = Bytes({0x01, 0x07, 0x01, 0x80, 0x80, 0x04}) + big;  // 65536 = 80 80 04
  CHECK(Decode(at_limit).id == big);
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x07, 0x01, 0x81, 0x80, 0x04}) + big + "x"),
             Catch::Contains("65536"));
  std::string cards(4097, '\0');
  CHECK_THAT(DecodeBad(Bytes({0x01, 0x06, 0x00, 0x00, 0x81, 0x20}) + cards + Bytes({})),
             Catch::Contains("4096"));
  cards.pop_back();
  Decode(Bytes({0x01, 0x06, 0x00, 0x00, 0x80, 0x20}) + cards);
}

TEST_CASE("Stored encoding: what decodes re-encodes to the same bytes and parses as JSON too") {
  // Random byte flips of valid encodings: a small in-test fuzz of canonicity.
  std::mt19937 rng(20261122);
  int decoded = 0;
  for (const Event& e : SampleEvents()) {
    const std::string bytes = pli::EncodeEvent(e);
    for (int trial = 0; trial < 400; ++trial) {
      std::string b = bytes;
      for (int flips = 1 + trial % 3; flips > 0; --flips) {
        b[rng() % b.size()] = static_cast<char>(rng() % 256);
      }
      auto result = pli::DecodeEvent(b);
      if (const Event* got = std::get_if<Event>(&result)) {
        ++decoded;
        INFO(Hex(b));
        CHECK(pli::EncodeEvent(*got) == b);
        auto json = pli::ParseEventLine(pli::EventToJson(*got));
        REQUIRE(std::holds_alternative<Event>(json));
        CHECK(std::get<Event>(json) == *got);
      }
    }
  }
  CHECK(decoded > 100);  // the check above did run
}

TEST_CASE("Stored encoding: every event of the seed fixtures round trips through the codec") {
  int count = 0;
  for (const auto& entry : std::filesystem::directory_iterator(PLI_SOURCE_DIR "/games/president/fixtures/seed")) {
    if (entry.path().extension() != ".jsonl") continue;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (line.empty()) continue;
      auto parsed = pli::ParseEventLine(line);
      REQUIRE(std::holds_alternative<Event>(parsed));
      Event e = std::get<Event>(parsed);
      e.seq.reset();
      std::string bytes = pli::EncodeEvent(e);
      CHECK(Decode(bytes) == e);
      ++count;
    }
  }
  CHECK(count > 50);
}
