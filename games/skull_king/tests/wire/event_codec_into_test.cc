// DecodeEventInto (games/skull_king/wire/event_codec.h), the audit's decoder that
// reuses one EventLine from row to row (Match::StepRow). Whatever the line
// held before (another type, a deal with more hands or a turned card, an id
// or an `at`), it must give exactly what DecodeEvent gives: the event, or
// the same error sentence.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <catch2/catch.hpp>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "games/skull_king/rules/rules.h"
#include "games/skull_king/wire/event_codec.h"
#include "games/skull_king/wire/event_json.h"

namespace pli::sk {
namespace {

// What DecodeEvent says of the bytes: the event, or the error sentence.
using Outcome = std::variant<EventLine, std::string>;

// What DecodeEventInto says of them, decoding into `reused`.
Outcome Into(const std::string& bytes, EventLine& reused) {
  if (std::optional<std::string> error = DecodeEventInto(bytes, reused)) return *error;
  return reused;
}

EventLine Line(const std::string& json) {
  auto r = ParseEventLine(json);
  INFO(json);
  REQUIRE(std::holds_alternative<EventLine>(r));
  return std::get<EventLine>(r);
}

// Every type and flag, the deals with and without turned card and seed, of
// several sizes, ids and `at`s present and absent.
const char* const kSamples[] = {
    R"({"type":"game","game":"g","ruleset":"skull-king","seats":["A","B"]})",
    R"({"type":"game","id":"k","at":"2026-11-01T00:00:00Z","game":"g2","ruleset":"skull-king-official","options":{"scoring":"rascal","cannonball":true,"deck":66,"first_dealer":3},"seats":["Ann","Bob","Cyd","Dan"]})",
    R"({"type":"deal","id":"d-000001","at":"2026-11-01T00:00:01Z","hands":[["pirate"],["mermaid"],["14y"]],"turned":"3g","seed":77})",
    R"({"type":"deal","hands":[["king","escape","escape"],[]],"seed":-12345678901})",
    R"({"type":"deal","hands":[["1b","2b","3b","4b","5b","6b","7b","8b","9b","10b","11b","12b","13b","14b","1g","2g","3g"],["4g"]]})",
    R"({"type":"deal","hands":[]})",
    R"({"type":"bid","seat":1,"bid":1})",
    R"({"type":"bid","id":"c1-00012","at":"2026-11-01T00:00:09Z","seat":7,"bid":-3,"cannon":"cannonball"})",
    R"({"type":"bid","id":"b","seat":0,"bid":0,"cannon":"grapeshot"})",
    R"({"type":"play","id":"c3-00020","at":"2026-11-01T00:00:12Z","seat":2,"cards":["tigress"],"declare":"pirate"})",
    R"({"type":"play","seat":2,"cards":["tigress"],"declare":"escape"})",
    R"({"type":"play","seat":0,"cards":[]})",
    R"({"type":"play","seat":0,"cards":["1b","14y","escape","pirate","tigress","mermaid","king"]})",
    R"({"type":"end","at":""})",
    R"({"type":"end"})",
};

TEST_CASE("DecodeEventInto gives what DecodeEvent gives, after any other event") {
  std::vector<std::string> encoded;
  for (const char* json : kSamples) encoded.push_back(EncodeEvent(Line(json)));
  for (size_t a = 0; a < encoded.size(); ++a) {
    for (size_t b = 0; b < encoded.size(); ++b) {
      INFO(kSamples[a] << " then " << kSamples[b]);
      EventLine reused;
      REQUIRE(Into(encoded[a], reused) == DecodeEvent(encoded[a]));
      reused.seq = 9;  // a seq left by the caller is cleared, as DecodeEvent leaves none
      CHECK(Into(encoded[b], reused) == DecodeEvent(encoded[b]));
    }
  }
}

TEST_CASE("DecodeEventInto refuses what DecodeEvent refuses, with the same sentence") {
  EventLine reused = Line(kSamples[2]);
  for (const char* json : kSamples) {
    const std::string bytes = EncodeEvent(Line(json));
    for (size_t n = 0; n < bytes.size(); ++n) {  // every truncation
      INFO(json << " cut to " << n);
      const Outcome fresh = DecodeEvent(bytes.substr(0, n));
      REQUIRE(std::holds_alternative<std::string>(fresh));
      CHECK(Into(bytes.substr(0, n), reused) == fresh);
    }
    for (size_t i = 0; i < bytes.size(); ++i) {  // every byte changed, accepted or not
      std::string changed = bytes;
      changed[i] = static_cast<char>(changed[i] ^ 0x41);
      INFO(json << " byte " << i << " changed");
      CHECK(Into(changed, reused) == DecodeEvent(changed));
    }
  }
}

// The events of a random legal game under `ruleset`, as a table writes them
// (ids and `at`s on some), each encoded.
std::vector<std::string> RandomGameBytes(const std::string& ruleset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto [lo, hi] = SeatRange(ruleset);
  const int seats = lo + static_cast<int>(rng() % static_cast<uint64_t>(hi - lo + 1));
  std::vector<std::string> out;
  State s;
  int n = 0;
  const auto add = [&](Event e) {
    EventLine line{.event = std::move(e), .seq = std::nullopt, .id = std::nullopt, .at = std::nullopt};
    ++n;
    if (rng() % 2) line.id = "c-" + std::to_string(n);
    if (rng() % 3) line.at = "2026-11-01T00:00:" + std::to_string(10 + n % 50) + "Z";
    RC_ASSERT(!Decide(s, line.event));
    ApplyInPlace(s, line.event);
    out.push_back(EncodeEvent(line));
  };
  GameEvent g{.game = "g" + std::to_string(seed), .ruleset = ruleset, .overrides = {}, .seats = {}};
  for (int i = 0; i < seats; ++i) g.seats.push_back("P" + std::to_string(i));
  add(std::move(g));
  std::vector<LegalAction> legal;
  while (s.phase != Phase::kGameOver) {
    if (s.phase == Phase::kMancheOver) {
      if (rng() % 8 == 0) {
        add(EndEvent{});
        break;
      }
      // A deal: the deck shuffled, H cards a seat, the next one turned when
      // this manche turns one.
      std::vector<Card> deck;
      CardSet::Deck(s.options.deck).ForEachKind([&](Card c, int count) {
        for (int k = 0; k < count; ++k) deck.push_back(c);
      });
      std::shuffle(deck.begin(), deck.end(), rng);
      const int m = s.manche + 1;
      const int h = HandSize(s.options, s.seats, m);
      DealEvent d;
      size_t next = 0;
      for (int seat = 0; seat < s.seats; ++seat) {
        CardList hand;
        for (int k = 0; k < h; ++k) hand.push_back(deck[next++]);
        d.hands.push_back(hand);
      }
      if (TurnsCard(s.options, m)) d.turned = deck[next++];
      if (rng() % 2) d.seed = static_cast<int64_t>(rng() >> 1);
      add(std::move(d));
      continue;
    }
    LegalActions(s, legal);
    RC_ASSERT(!legal.empty());
    add(ToEvent(legal[rng() % legal.size()]));
  }
  return out;
}

void DecodeGameIntoOneLine(const std::string& ruleset, uint64_t seed) {
  EventLine reused;
  for (const std::string& bytes : RandomGameBytes(ruleset, seed)) {
    const Outcome fresh = DecodeEvent(bytes);
    RC_ASSERT(std::holds_alternative<EventLine>(fresh));
    RC_ASSERT(Into(bytes, reused) == fresh);
  }
}

TEST_CASE("DecodeEventInto over random legal games, one EventLine for all") {
  rc::prop("skull-king", [](uint64_t seed) { DecodeGameIntoOneLine("skull-king", seed); });
  rc::prop("skull-king-official",
           [](uint64_t seed) { DecodeGameIntoOneLine("skull-king-official", seed); });
  rc::prop("skull-king-original",
           [](uint64_t seed) { DecodeGameIntoOneLine("skull-king-original", seed); });
}

}  // namespace
}  // namespace pli::sk
