// legal_test.cc: LegalActions lists exactly what SKULL_KING.md "`pli legal`
// lists" says, in its order, on random positions of random games under
// every preset and the options that shape the list (bidding, hook, bid_max,
// cannonball, lead, deck). The reference below is written from the spec,
// one seat and one card at a time; the engine lists by blocks and bits.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <random>

#include "games/skull_king/tests/rules/sk_table.h"

using namespace pli::sk;
using namespace pli::sk::test;

namespace {

// Bids by seat, then bid ascending, then grapeshot before cannonball (SK-B1,
// SK-B2, SK-B4, SK-B5); plays in canonical order (SK-C2), only the lead
// suit's numbered cards when the seat holds one (SK-P5), the Tigress twice,
// pirate then escape (SK-P3).
std::vector<LegalAction> ReferenceLegal(const State& s) {
  std::vector<LegalAction> out;
  if (s.phase == Phase::kBidding) {
    int sum = 0;
    for (const auto& b : s.bids) sum += b ? *b : 0;
    for (int seat = 0; seat < s.seats; ++seat) {
      const bool owes = std::find(s.to_bid.begin(), s.to_bid.end(), seat) != s.to_bid.end();
      if (!owes) continue;
      if (s.options.bidding == Bidding::kSequential && seat != s.to_bid.front()) continue;
      const int max = s.options.bid_max == BidMax::kTen ? 10 : s.hand_size;
      const bool last = s.to_bid.size() == 1;
      for (int n = 0; n <= max; ++n) {
        if (s.options.hook && last && n == s.hand_size - sum) continue;
        if (!s.options.cannonball) {
          out.push_back(LegalAction{EventType::kBid, seat, n, std::nullopt, Card(), Declare::kNone});
        } else {
          out.push_back(
              LegalAction{EventType::kBid, seat, n, Cannon::kGrapeshot, Card(), Declare::kNone});
          out.push_back(
              LegalAction{EventType::kBid, seat, n, Cannon::kCannonball, Card(), Declare::kNone});
        }
      }
    }
  } else if (s.phase == Phase::kPlay) {
    const int seat = s.turn;
    const CardSet& hand = s.hands[seat];
    const std::optional<Suit> lead = s.trick->lead_suit;
    bool follow = false;
    for (int v = 1; v <= kMaxValue && lead; ++v) follow = follow || hand.Count(Numbered(*lead, v)) > 0;
    for (int i = 0; i < kCardBits; ++i) {
      const Card c = KindOf(i);
      if (c.index != i || hand.Count(c) == 0) continue;
      if (c.numbered() && follow && c.suit() != *lead) continue;
      const auto play = [&](Declare d) {
        out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, d});
      };
      if (c == kTigress) {
        play(Declare::kPirate);
        play(Declare::kEscape);
      } else {
        play(Declare::kNone);
      }
    }
  }
  return out;
}

Overrides ListingOverrides(std::mt19937_64& rng, const std::string& ruleset, int seats) {
  Overrides o;
  const auto pick = [&](const char* key, std::vector<const char*> values) {
    if (rng() % 2) o.emplace_back(key, values[rng() % values.size()]);
  };
  pick("bidding", {"sequential", "simultaneous"});
  pick("hook", {"true", "false"});
  pick("bid_max", {"hand", "ten"});
  pick("lead", {"first-card", "defer-escapes", "first-number"});
  pick("deck", {"70", "66"});
  if (rng() % 3 == 0) o.insert(o.end(), {{"scoring", "rascal"}, {"cannonball", "true"}});
  Options check;
  REQUIRE(MakeOptions(ruleset, o, seats, check).empty());
  return o;
}

// One random game: at every position, both forms of LegalActions equal the
// reference (the reusing form handed a vector left full by another call),
// and both forms of ToEvent agree on every action listed (the reusing form
// handed the event of the last action, or an event of another type).
void ListEveryPosition(const std::string& ruleset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto [lo, hi] = SeatRange(ruleset);
  const int seats = lo + static_cast<int>(rng() % (hi - lo + 1));
  State s;
  RC_ASSERT(!Step(s, Game(seats, ruleset, ListingOverrides(rng, ruleset, seats))));
  std::vector<LegalAction> reused(40, LegalAction{EventType::kPlay, 7, 3, Cannon::kCannonball,
                                                  kKing, Declare::kEscape});
  Event event;  // reused by ToEvent(action, event)
  const Event others[] = {Game(3),
                          Deal({"1b 2b", "escape pirate"}, "king"),
                          Bid(5, 7, Cannon::kGrapeshot),
                          Play(2, "14y mermaid tigress", Declare::kPirate),
                          End(),
                          MalformedEvent{"seat", "not a seat"}};
  while (s.phase != Phase::kGameOver) {
    RC_ASSERT(!Step(s, RandomDeal(rng, s)));
    while (s.phase == Phase::kBidding || s.phase == Phase::kPlay) {
      const std::vector<LegalAction> expect = ReferenceLegal(s);
      RC_ASSERT(LegalActions(s) == expect);
      LegalActions(s, reused);
      RC_ASSERT(reused == expect);
      RC_ASSERT(!expect.empty());
      // ToEvent into an event left by the last action, or by anything else.
      for (const LegalAction& a : expect) {
        ToEvent(a, event);
        RC_ASSERT(event == ToEvent(a));
        Event other = others[rng() % std::size(others)];
        ToEvent(a, other);
        RC_ASSERT(other == ToEvent(a));
      }
      RC_ASSERT(!Step(s, ToEvent(expect[rng() % expect.size()])));
    }
  }
}

}  // namespace

TEST_CASE("LegalActions lists the spec's actions in its order, seed-004 preset") {
  rc::prop("skull-king", [](uint64_t seed) { ListEveryPosition("skull-king", seed); });
}
TEST_CASE("LegalActions lists the spec's actions in its order, official preset") {
  rc::prop("skull-king-official",
           [](uint64_t seed) { ListEveryPosition("skull-king-official", seed); });
}
TEST_CASE("LegalActions lists the spec's actions in its order, original preset") {
  rc::prop("skull-king-original",
           [](uint64_t seed) { ListEveryPosition("skull-king-original", seed); });
}
