// Round trips over the events of random legal games (every preset, random
// options) and over RapidCheck-generated events: JSON (parse -> write ->
// parse equal, and the line written again is the same) and the stored
// encoding (decode(encode(e)) == e, encode(decode(b)) == b).
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
#include "games/skull_king/wire/state_json.h"

namespace pli::sk {
namespace {

void RoundTrip(const EventLine& e) {
  const std::string json = EventToJson(e);
  auto parsed = ParseEventLine(json);
  RC_ASSERT(std::holds_alternative<EventLine>(parsed));
  RC_ASSERT(std::get<EventLine>(parsed) == e);
  RC_ASSERT(EventToJson(std::get<EventLine>(parsed)) == json);
  EventLine unsequenced = e;
  unsequenced.seq.reset();
  const std::string bytes = EncodeEvent(e);
  auto decoded = DecodeEvent(bytes);
  RC_ASSERT(std::holds_alternative<EventLine>(decoded));
  RC_ASSERT(std::get<EventLine>(decoded) == unsequenced);
  RC_ASSERT(EncodeEvent(std::get<EventLine>(decoded)) == bytes);
}

using Overrides = std::vector<std::pair<std::string, std::string>>;

Overrides RandomOverrides(std::mt19937_64& rng, const std::string& ruleset, int seats) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> table = {
      {"trump", {"turned", "black", "none"}},     {"pirate_vs_mermaid", {"mermaid", "pirate"}},
      {"lead", {"first-card", "defer-escapes", "first-number"}},
      {"bidding", {"sequential", "simultaneous"}}, {"hook", {"true", "false"}},
      {"bid_max", {"hand", "ten"}},               {"zero_miss", {"per-trick", "per-card"}},
      {"zero_base", {"cards", "round"}},          {"bonuses", {"2021", "original"}},
      {"bonus_on_miss", {"false", "true"}},       {"scoring", {"skull-king", "rascal"}},
      {"cannonball", {"false", "true"}},          {"deck", {"70", "66"}},
  };
  Overrides o;
  for (const auto& [key, values] : table)
    if (rng() % 2) o.emplace_back(key, values[rng() % values.size()]);
  if (rng() % 2) o.emplace_back("first_dealer", std::to_string(rng() % seats));
  std::shuffle(o.begin(), o.end(), rng);
  Options check;
  if (!MakeOptions(ruleset, o, seats, check).empty())
    std::erase_if(o, [](const auto& kv) { return kv.first == "cannonball" || kv.first == "bonus_on_miss"; });
  return o;
}

DealEvent RandomDeal(std::mt19937_64& rng, const State& s) {
  std::vector<Card> deck;
  CardSet::Deck(s.options.deck).ForEachKind([&](Card c, int n) {
    for (int i = 0; i < n; ++i) deck.push_back(c);
  });
  std::shuffle(deck.begin(), deck.end(), rng);
  const int m = s.manche + 1, h = HandSize(s.options, s.seats, m);
  DealEvent d;
  std::size_t k = 0;
  for (int seat = 0; seat < s.seats; ++seat) {
    d.hands.emplace_back();
    for (int i = 0; i < h; ++i) d.hands.back().push_back(deck[k++]);
  }
  if (TurnsCard(s.options, m)) d.turned = deck[k];
  if (rng() % 2) d.seed = static_cast<int64_t>(rng());
  return d;
}

// A random legal game, each event with a random envelope, every event round
// tripped; the state and legal documents serialize along the way.
void RandomGame(const std::string& ruleset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto [lo, hi] = SeatRange(ruleset);
  const int seats = lo + static_cast<int>(rng() % (hi - lo + 1));
  GameEvent g;
  g.game = "g" + std::to_string(seed % 1000);
  g.ruleset = ruleset;
  g.overrides = RandomOverrides(rng, ruleset, seats);
  for (int i = 0; i < seats; ++i) g.seats.push_back(i % 2 ? "Zoë" : "seat \"" + std::to_string(i) + "\"");
  State s;
  int64_t seq = 0;
  auto play = [&](const Event& e) {
    EventLine line{e};
    if (rng() % 2) line.seq = seq + 1;
    if (rng() % 3 == 0) line.id = "id-" + std::to_string(seq);
    if (rng() % 3 == 0) line.at = "2026-11-24T10:00:00Z";
    RoundTrip(line);
    RC_ASSERT(!Step(s, e));
    ++seq;
    (void)boost::json::serialize(StateToJson(s));
  };
  play(g);
  while (s.phase != Phase::kGameOver) {
    if (rng() % 60 == 0) {
      play(EndEvent{});
      break;
    }
    play(RandomDeal(rng, s));
    while (s.phase == Phase::kBidding || s.phase == Phase::kPlay) {
      const auto legal = LegalActions(s);
      RC_ASSERT(!legal.empty());
      RC_ASSERT(LegalToJson(legal).size() == legal.size());
      play(ToEvent(legal[rng() % legal.size()]));
    }
  }
}

TEST_CASE("Round trips over random legal games, seed-004") {
  rc::prop("skull-king", [](uint64_t seed) { RandomGame("skull-king", seed); });
}
TEST_CASE("Round trips over random legal games, official") {
  rc::prop("skull-king-official", [](uint64_t seed) { RandomGame("skull-king-official", seed); });
}
TEST_CASE("Round trips over random legal games, original") {
  rc::prop("skull-king-original", [](uint64_t seed) { RandomGame("skull-king-original", seed); });
}

// ---- RapidCheck-generated events (legal or not, well formed on the wire) ----

rc::Gen<Card> GenCard() {
  return rc::gen::map(rc::gen::inRange(0, kCardBits), [](int i) { return KindOf(i); });
}
rc::Gen<CardList> GenCards(int max) {
  return rc::gen::map(rc::gen::container<std::vector<Card>>(GenCard()), [max](std::vector<Card> v) {
    CardList out;
    for (std::size_t i = 0; i < v.size() && static_cast<int>(i) < max; ++i) out.push_back(v[i]);
    return out;
  });
}
rc::Gen<std::string> GenText() {
  return rc::gen::map(rc::gen::container<std::string>(rc::gen::inRange<char>(' ', '~')),
                      [](std::string s) { return s; });
}

rc::Gen<Event> GenEvent() {
  return rc::gen::oneOf(
      rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 8), rc::gen::arbitrary<int64_t>(),
                                  rc::gen::maybe(rc::gen::element(Cannon::kGrapeshot, Cannon::kCannonball))),
                   [](auto t) {
                     auto [seat, bid, cannon] = t;
                     return Event(BidEvent{seat, bid, cannon ? std::optional<Cannon>(*cannon) : std::nullopt});
                   }),
      rc::gen::map(rc::gen::tuple(rc::gen::inRange(0, 8), GenCards(3),
                                  rc::gen::element(Declare::kNone, Declare::kPirate, Declare::kEscape)),
                   [](auto t) {
                     auto [seat, cards, declare] = t;
                     return Event(PlayEvent{seat, cards, declare});
                   }),
      rc::gen::map(rc::gen::tuple(rc::gen::container<std::vector<CardList>>(GenCards(11)),
                                  rc::gen::maybe(GenCard()), rc::gen::maybe(rc::gen::arbitrary<int64_t>())),
                   [](auto t) {
                     auto [hands, turned, seed] = t;
                     DealEvent d;
                     d.hands = hands;
                     if (turned) d.turned = *turned;
                     if (seed) d.seed = *seed;
                     return Event(d);
                   }),
      rc::gen::just(Event(EndEvent{})));
}

TEST_CASE("Round trips over RapidCheck-generated events") {
  rc::prop("json and codec", [] {
    EventLine line{*GenEvent()};
    if (*rc::gen::arbitrary<bool>()) line.seq = *rc::gen::inRange<int64_t>(1, INT64_MAX);
    if (*rc::gen::arbitrary<bool>()) line.id = "k" + *GenText();
    if (*rc::gen::arbitrary<bool>()) line.at = *GenText();
    RoundTrip(line);
  });
}

TEST_CASE("Every truncation of a random event is refused") {
  rc::prop("truncations", [] {
    EventLine line{*GenEvent()};
    const std::string bytes = EncodeEvent(line);
    const auto n = *rc::gen::inRange<std::size_t>(0, bytes.size());
    RC_ASSERT(std::holds_alternative<std::string>(DecodeEvent(bytes.substr(0, n))));
  });
}

}  // namespace
}  // namespace pli::sk
