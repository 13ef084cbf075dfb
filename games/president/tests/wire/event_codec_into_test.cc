// event_codec_into_test.cc: DecodeEventInto (games/president/wire/event_codec.h), the
// decoder that reuses a caller's Event. DecodeEvent is a wrapper around it,
// so the two share one decoder; these tests check what the reuse could
// break: one Event decoded into again and again, through events of every
// type and shape, must give exactly what DecodeEvent gives (the event, or
// the same error sentence), and keep nothing of the event it held before.
#include <rapidcheck.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/president/wire/event_codec.h"
#include "games/president/wire/event_json.h"
#include "games/president/tests/rules/table.h"
#include "games/president/tests/property/game_gen.h"

namespace pli {
namespace {

// What DecodeEvent says of the bytes, as an event or an error sentence.
using Outcome = std::variant<Event, std::string>;

// What DecodeEventInto says of the bytes, decoding into `reused`.
Outcome DecodeInto(const std::string& bytes, Event& reused) {
  if (std::optional<std::string> error = DecodeEventInto(bytes, reused)) return *error;
  return reused;
}

// Decodes `bytes` into `reused` and checks it gives what DecodeEvent gives.
void CheckAgree(const std::string& bytes, Event& reused) {
  const Outcome fresh = DecodeEvent(bytes);
  const Outcome into = DecodeInto(bytes, reused);
  if (const auto* error = std::get_if<std::string>(&fresh)) {
    REQUIRE(std::holds_alternative<std::string>(into));
    CHECK(std::get<std::string>(into) == *error);
  } else {
    REQUIRE(std::holds_alternative<Event>(into));
    CHECK(std::get<Event>(into) == std::get<Event>(fresh));
  }
}

// Every event of the fixtures (rules and seed), without its seq.
std::vector<Event> FixtureEvents() {
  std::vector<Event> events;
  for (const char* dir : {"/games/president/fixtures/rules", "/games/president/fixtures/seed"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PLI_SOURCE_DIR) + dir)) {
      if (entry.path().extension() != ".jsonl") continue;
      std::ifstream in(entry.path());
      for (std::string line; std::getline(in, line);) {
        auto parsed = ParseEventLine(line);
        if (!std::holds_alternative<Event>(parsed)) continue;  // blank lines, malformed on purpose
        Event e = std::get<Event>(parsed);
        e.seq.reset();
        events.push_back(std::move(e));
      }
    }
  }
  return events;
}

// A random card list of 0 to `max` cards (repetitions allowed), so that
// some lists fit inline in a CardList and some do not.
CardList RandomCards(std::mt19937& rng, int min, int max) {
  CardList cards;
  for (int n = std::uniform_int_distribution<int>(min, max)(rng); n > 0; --n) {
    cards.push_back(Card(static_cast<uint8_t>(rng() % kDeckSize)));
  }
  return cards;
}

std::optional<std::string> RandomText(std::mt19937& rng, bool may_be_empty) {
  switch (rng() % 6) {
    case 0:
      return std::nullopt;
    case 1:
      return may_be_empty ? "" : "k";
    case 2:
      return "2026-11-22T21:40:" + std::to_string(rng() % 60) + "Z";
    case 3:
      // Up to 300 bytes: lengths of one varint byte and of two.
      return std::string(5 + rng() % 290, static_cast<char>('a' + rng() % 26)) + "é";
    case 4:
      return std::string(1 + rng() % 200, static_cast<char>('a' + rng() % 26));
    default:
      return std::string(128, 'x');  // the first length of two varint bytes
  }
}

// A random event of any type that EncodeEvent can write and the decoder
// accepts: random ids, times, seeds, overrides, seat counts and card lists.
Event RandomEvent(std::mt19937& rng) {
  Event e;
  const int seat = static_cast<int>(rng() % kMaxSeats);
  switch (rng() % 7) {
    case 0: {
      const int kind = static_cast<int>(rng() % 3);
      GameEvent g;
      g.game = "g" + std::to_string(rng() % 1000);
      g.ruleset = kind == 1 ? "classic" : "super-president";
      g.options = *Preset(g.ruleset);
      if (kind == 2) g.overrides = {{"manches", std::to_string(1 + rng() % 9)}, {"suite", "false"}};
      for (const auto& [name, text] : g.overrides) REQUIRE(SetOption(g.options, name, text).empty());
      for (int n = 4 + static_cast<int>(rng() % 5); n > 0; --n) {
        g.seats.push_back("seat " + std::string(1 + rng() % 30, 'x'));
      }
      e.body = std::move(g);
      break;
    }
    case 1: {
      DealEvent d;
      for (int n = static_cast<int>(rng() % 9); n > 0; --n) d.hands.push_back(RandomCards(rng, 0, 20));
      if (rng() % 2 == 0) {
        d.seed = static_cast<int64_t>(uint64_t{rng()} << 32 | rng());
      }
      e.body = std::move(d);
      break;
    }
    case 2:
      e.body = ExchangeEvent{seat, static_cast<int>(rng() % kMaxSeats), RandomCards(rng, 1, 3)};
      break;
    case 3:
      e.body = PlayEvent{seat, RandomCards(rng, 1, 20), static_cast<Declare>(rng() % 3)};
      break;
    case 4:
      e.body = PassEvent{seat};
      break;
    case 5:
      e.body = CloseEvent{seat, RandomCards(rng, 1, 4)};
      break;
    default:
      e.body = EndEvent{};
  }
  e.id = RandomText(rng, false);
  e.at = RandomText(rng, true);
  return e;
}

TEST_CASE("DecodeEventInto agrees with DecodeEvent on every event of the fixtures, reusing one Event") {
  const std::vector<Event> events = FixtureEvents();
  REQUIRE(events.size() > 100);
  Event reused;
  // In order, then backwards: each event decoded over its neighbour.
  for (int pass = 0; pass < 2; ++pass) {
    for (size_t k = 0; k < events.size(); ++k) {
      const Event& e = events[pass == 0 ? k : events.size() - 1 - k];
      INFO(EventToJson(e));
      const std::string bytes = EncodeEvent(e);
      CheckAgree(bytes, reused);
      CHECK(reused == e);
    }
  }
}

TEST_CASE("DecodeEventInto agrees with DecodeEvent on random events, and on their corruptions") {
  std::mt19937 rng(20261123);
  Event reused;
  int accepted = 0, refused = 0;
  for (int trial = 0; trial < 4000; ++trial) {
    const Event e = RandomEvent(rng);
    const std::string bytes = EncodeEvent(e);
    INFO(EventToJson(e));
    CheckAgree(bytes, reused);
    CHECK(reused == e);
    // A flipped byte, a cut or an extra byte: the same verdict, the same
    // sentence; then a good event again over what the bad one left.
    std::string bad = bytes;
    switch (trial % 3) {
      case 0:
        bad[rng() % bad.size()] = static_cast<char>(rng() % 256);
        break;
      case 1:
        bad.resize(rng() % bad.size());
        break;
      default:
        bad.insert(bad.begin() + static_cast<std::ptrdiff_t>(rng() % (bad.size() + 1)),
                   static_cast<char>(rng() % 256));
    }
    INFO("corrupted");
    CheckAgree(bad, reused);
    (std::holds_alternative<Event>(DecodeEvent(bad)) ? accepted : refused)++;
  }
  CHECK(refused > 1000);  // the corruptions did test rejection
  CHECK(accepted > 100);  // and acceptance of the ones that still decode
}

TEST_CASE("DecodeEventInto agrees with DecodeEvent on random legal games, one Event for all") {
  prop::Prop("random games, wire fields and times added", [] {
    const prop::Game game = prop::PlayOrFail(*prop::GenScript());
    Event reused;
    for (size_t k = 0; k < game.events.size(); ++k) {
      Event e = game.events[k];
      e.seq.reset();
      if (k % 3 == 0) e.at = "2026-11-23T08:00:" + std::to_string(k % 60) + "Z";
      const std::string bytes = EncodeEvent(e);
      RC_ASSERT(std::holds_alternative<Event>(DecodeEvent(bytes)));
      RC_ASSERT(!DecodeEventInto(bytes, reused).has_value());
      RC_ASSERT(reused == std::get<Event>(DecodeEvent(bytes)));
      RC_ASSERT(reused == e);
    }
  });
}

// Decodes `next` into an Event that held `before` (with a seq too).
Event DecodeOver(const Event& before, const Event& next) {
  Event reused = before;
  reused.seq = 7;
  const std::optional<std::string> error = DecodeEventInto(EncodeEvent(next), reused);
  if (error) FAIL("rejected " << EventToJson(next) << ": " << *error);
  return reused;
}

TEST_CASE("DecodeEventInto leaves nothing of the event it decodes over") {
  using test::Cards;
  Event rich_deal{DealEvent{{Cards("3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c 3d 4d 5d 6d"), Cards("Qh")},
                            1234},
                  {}, "deal-1", "2026-11-22T21:40:00Z"};
  GameEvent classic;
  classic.game = "a-long-game-name-beyond-small-strings";
  classic.ruleset = "classic";
  classic.options = *Preset("classic");
  classic.overrides = {{"manches", "3"}, {"suite", "true"}};
  for (const auto& [name, text] : classic.overrides) REQUIRE(SetOption(classic.options, name, text).empty());
  classic.seats = {"A", "B", "C", "D", "E", "F", "G", "H"};
  const Event rich_game{classic, {}, "game-id", "2026-11-22T21:40:00Z"};

  SECTION("id, at and seq") {
    const Event plain = test::Pass(2);
    CHECK(DecodeOver(rich_deal, plain) == plain);
    const Event bare = DecodeOver(rich_deal, Event{EndEvent{}});
    CHECK(!bare.id);
    CHECK(!bare.at);
    CHECK(!bare.seq);
    // Shorter strings replace longer ones whole.
    const Event short_fields{PassEvent{1}, {}, "k", ""};
    CHECK(DecodeOver(rich_deal, short_fields) == short_fields);
  }
  SECTION("a deal over a deal: hands, seed") {
    const Event small{DealEvent{{Cards("Ah")}, std::nullopt}};
    const Event got = DecodeOver(rich_deal, small);
    CHECK(got == small);
    CHECK(!std::get<DealEvent>(got.body).seed);
    CHECK(std::get<DealEvent>(got.body).hands.size() == 1);
    const Event none{DealEvent{{}, std::nullopt}};
    CHECK(DecodeOver(rich_deal, none) == none);
    const Event more{DealEvent{{Cards("Ah"), {}, Cards("2s 2h"), Cards("3c")}, 0}};
    CHECK(DecodeOver(rich_deal, more) == more);
  }
  SECTION("a game over a game: ruleset, options, overrides, seats") {
    GameEvent sp;
    sp.game = "g";
    sp.seats = {"A", "B", "C", "D"};
    const Event plain{sp};
    const Event got = DecodeOver(rich_game, plain);
    CHECK(got == plain);
    CHECK(std::get<GameEvent>(got.body).options == *Preset("super-president"));
    CHECK(std::get<GameEvent>(got.body).overrides.empty());
    CHECK(std::get<GameEvent>(got.body).seats.size() == 4);
    CHECK(DecodeOver(plain, rich_game) == rich_game);
  }
  SECTION("plays over plays: cards and declare") {
    const Event suite = test::Suite(3, "3c 3d 3h 3s 4c 4d 4h 4s 5c 5d 5h 5s 6c 6d 6h 6s 7c 7d");
    const Event one = test::Play(1, "Qh");
    CHECK(DecodeOver(suite, one) == one);
    CHECK(DecodeOver(one, suite) == suite);
    const Event close = test::Close(0, "2s");
    CHECK(DecodeOver(suite, close) == close);
    const Event give = test::Give(4, 5, "Kh");
    CHECK(DecodeOver(close, give) == give);
  }
  SECTION("every type over every type") {
    const std::vector<Event> all = {rich_game,          rich_deal,     test::Give(0, 3, "3c 4d"),
                                    test::Reverse(1, "7h"), test::Pass(2), test::Close(3, "Ac"),
                                    Event{EndEvent{}, {}, "end", {}}, Event{EndEvent{}}};
    for (const Event& before : all) {
      for (const Event& next : all) {
        INFO(EventToJson(before) << " then " << EventToJson(next));
        CHECK(DecodeOver(before, next) == next);
      }
    }
  }
}

TEST_CASE("DecodeEventInto refuses what DecodeEvent refuses, with its sentence, whatever it held") {
  // Bodies from event_codec_test.cc's rejection cases, decoded over a rich event.
  auto bytes = [](std::initializer_list<int> values) {
    std::string s;
    for (int v : values) s += static_cast<char>(v);
    return s;
  };
  const std::vector<std::string> bad = {
      bytes({0x02, 0x05, 0x00, 0x02}),                    // version
      bytes({0x01, 0x08, 0x00}),                          // type tag
      bytes({0x01, 0x05, 0x04, 0x02}),                    // seed flag on a pass
      bytes({0x01, 0x04, 0x00, 0x00, 0x81, 0x00, 0x00}),  // non-minimal varint
      bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x36, 0x00}),  // card 54 (52, 53: the jokers)
      bytes({0x01, 0x05, 0x00, 0x08}),                    // seat 8
      bytes({0x01, 0x04, 0x00, 0x00, 0x01, 0x00, 0x03}),  // declare 3
      bytes({0x01, 0x04, 0x00, 0x00, 0x00, 0x00}),        // no cards
      bytes({0x01, 0x07, 0x01, 0x00}),                    // empty id
      bytes({0x01, 0x07, 0x01, 0x02, 0xc0, 0xaf}),        // overlong UTF-8
      bytes({0x01, 0x07, 0x03, 0x01, 'k', 0x09, 'a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 0xe2}),
      bytes({0x01, 0x07, 0x01, 0x05, 'a', 'b'}),          // runs past the end
      bytes({0x01, 0x05, 0x00, 0x02, 0x00}),              // trailing byte
  };
  const Event rich{DealEvent{{test::Cards("3c 4c"), test::Cards("Qh")}, 99}, 3, "id", "at"};
  for (const std::string& b : bad) {
    Event reused = rich;
    const Outcome fresh = DecodeEvent(b);
    REQUIRE(std::holds_alternative<std::string>(fresh));
    const std::optional<std::string> error = DecodeEventInto(b, reused);
    REQUIRE(error.has_value());
    CHECK(*error == std::get<std::string>(fresh));
    // And the Event is fit for the next decode.
    CHECK(DecodeOver(reused, test::Pass(1)) == test::Pass(1));
  }
}

// A reference reading of RFC 3629 (well-formed UTF-8: no overlong form, no
// surrogate, nothing past U+10FFFF), one code point at a time.
bool IsUtf8Reference(const std::string& s) {
  for (size_t i = 0; i < s.size();) {
    const auto b = static_cast<unsigned char>(s[i]);
    const int n = b < 0x80 ? 1 : (b >> 5) == 6 ? 2 : (b >> 4) == 14 ? 3 : (b >> 3) == 30 ? 4 : 0;
    if (n == 0 || i + n > s.size()) return false;
    uint32_t cp = n == 1 ? b : b & (0x7F >> n);
    for (int k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(s[i + k]);
      if ((c >> 6) != 2) return false;
      cp = cp << 6 | (c & 0x3F);
    }
    const uint32_t least[] = {0, 0, 0x80, 0x800, 0x10000};
    if (cp < least[n] || (cp >= 0xD800 && cp <= 0xDFFF) || cp > 0x10FFFF) return false;
    i += n;
  }
  return true;
}

TEST_CASE("Strings decode exactly when they are well-formed UTF-8, ASCII runs or not") {
  // Random ids of ASCII with a few high bytes at random places, so that the
  // decoder's eight-bytes-at-a-time ASCII path meets them at every offset.
  std::mt19937 rng(7);
  const unsigned char high[] = {0x80, 0xbf, 0xc2, 0xc0, 0xdf, 0xe0, 0xa0, 0xed,
                                0x9f, 0xef, 0xf0, 0x90, 0xf4, 0x8f, 0xf5, 0xff};
  Event reused;
  int valid = 0, invalid = 0;
  for (int trial = 0; trial < 20000; ++trial) {
    std::string id(1 + rng() % 40, 'a');
    for (char& c : id) c = static_cast<char>('a' + rng() % 26);
    for (int k = static_cast<int>(rng() % 4); k > 0; --k) {
      id[rng() % id.size()] = static_cast<char>(high[rng() % sizeof high]);
    }
    const Event e{EndEvent{}, {}, id, {}};
    std::string bytes = EncodeEvent(e);
    INFO(trial);
    const bool expected = IsUtf8Reference(id);
    const std::optional<std::string> error = DecodeEventInto(bytes, reused);
    CHECK(error.has_value() == !expected);
    if (error) CHECK(*error == "at byte 3: the id is not valid UTF-8");
    CheckAgree(bytes, reused);
    (expected ? valid : invalid)++;
  }
  CHECK(valid > 2000);
  CHECK(invalid > 2000);
}

}  // namespace
}  // namespace pli
