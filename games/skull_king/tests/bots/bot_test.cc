// bot_test.cc: every level always returns a legal action and every game
// ends, over random games under the three presets and random options, 2 to
// 8 seats (2 to 6 for original); LegalFor agrees with the engine; a seed
// replays a game; ViewFor hides every other hand.
#include <algorithm>

#include "games/skull_king/tests/bots/sk_bot_table.h"

namespace pli::sk::test {
namespace {

const BotBudget kFast{3, 3};  // a small hard budget keeps these tests quick

std::vector<Level> RandomLevels(bots::Rng& rng, int seats) {
  std::vector<Level> levels;
  for (int s = 0; s < seats; ++s) levels.push_back(static_cast<Level>(rng.Below(3)));
  return levels;
}

// The engine's legal actions of one seat.
std::vector<LegalAction> EngineLegalFor(const State& s, int seat) {
  std::vector<LegalAction> out;
  for (const LegalAction& a : LegalActions(s))
    if (a.seat == seat) out.push_back(a);
  return out;
}

TEST_CASE("every bot acts legally and every game ends, LegalFor = the engine's", "[sk_bots]") {
  bots::Rng rng(2024);
  int games = 0;
  for (const char* ruleset : kRulesets) {
    const auto [lo, hi] = SeatRange(ruleset);
    for (int seats = lo; seats <= hi; ++seats) {
      for (int k = 0; k < 4; ++k, ++games) {
        const Overrides o = k == 0 ? Overrides{} : RandomOverrides(rng, ruleset, seats);
        BotTable t(GameOf(seats, ruleset, o), RandomLevels(rng, seats), 100 + games, kFast);
        INFO(ruleset << " " << seats << " seats, game " << games);
        // The driver's loop, with LegalFor checked against the engine.
        while (t.state.phase == Phase::kMancheOver && t.state.manche < kManches) {
          const int m = t.state.manche + 1;
          REQUIRE(!Step(t.state, DealFromSeed(t.state.options, seats, m, games * 1000 + m)));
          for (int n = 0; n < 500 && SeatToAct(t.state) >= 0; ++n) {
            for (int s = 0; s < seats; ++s)
              REQUIRE(LegalFor(ViewFor(t.state, s)) == EngineLegalFor(t.state, s));
            const int actor = SeatToAct(t.state);
            auto e = t.bots[actor]->Act(ViewFor(t.state, actor));
            REQUIRE(e);
            auto v = Decide(t.state, *e);
            INFO(LevelName(t.bots[actor]->level()) << ": " << (v ? v->message : ""));
            REQUIRE(!v);
            ApplyInPlace(t.state, *e);
          }
          REQUIRE(SeatToAct(t.state) < 0);
        }
        REQUIRE(t.state.phase == Phase::kGameOver);
      }
    }
  }
  CHECK(games == 4 * (7 + 7 + 5));
}

TEST_CASE("PlayGame plays whole games at every level", "[sk_bots]") {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
    BotTable t(GameOf(4, "skull-king"), std::vector<Level>(4, level), 7, kFast);
    REQUIRE(PlayGame(t.state, t.bots, 7, &t.log) == "");
    CHECK(t.state.phase == Phase::kGameOver);
    CHECK(t.state.history.size() == 10);
  }
}

TEST_CASE("the same seed gives the same game", "[sk_bots]") {
  bots::Rng rng(5);
  for (int k = 0; k < 3; ++k) {
    const std::vector<Level> levels = {Level::kEasy, Level::kMedium, Level::kHard,
                                       static_cast<Level>(k)};
    const GameEvent g = GameOf(4, kRulesets[k], RandomOverrides(rng, kRulesets[k], 4));
    BotTable a(g, levels, 40 + k, kFast), b(g, levels, 40 + k, kFast);
    REQUIRE(PlayGame(a.state, a.bots, 9 + k, &a.log) == "");
    REQUIRE(PlayGame(b.state, b.bots, 9 + k, &b.log) == "");
    CHECK(a.log == b.log);
    CHECK(a.state == b.state);
    BotTable c(g, levels, 41 + k, kFast);
    REQUIRE(PlayGame(c.state, c.bots, 9 + k, &c.log) == "");
    CHECK(c.log != a.log);  // another bot seed, another game (easy draws differently)
  }
}

TEST_CASE("DealFromSeed deals legal hands, the same for the same seed", "[sk_bots]") {
  const Options o = *Preset("skull-king");
  const DealEvent a = DealFromSeed(o, 5, 3, 77), b = DealFromSeed(o, 5, 3, 77),
                  c = DealFromSeed(o, 5, 3, 78);
  CHECK(a == b);
  CHECK(a.hands != c.hands);
  CHECK(a.hands.size() == 5);
  for (const auto& h : a.hands) CHECK(h.size() == 3);
  CHECK(a.turned.has_value());
}

// DealFromSeed as bot.h documents it, written plainly: the deck in SK-C2
// order (copies repeated, no 14s in the 66-card deck), Fisher-Yates from the
// top down with j = Below(i + 1), H cards a seat from seat 0 on, then the
// turned card (SK-D3).
DealEvent ReferenceDeal(const Options& o, int seats, int manche, uint64_t seed) {
  std::vector<Card> deck;
  for (int i = 0; i < 56; ++i)
    if (o.deck != 66 || Card(static_cast<uint8_t>(i)).value() != 14)
      deck.push_back(Card(static_cast<uint8_t>(i)));
  for (const auto& [card, copies] : {std::pair{kEscape, 5}, std::pair{kPirate, 5},
                                     std::pair{kTigress, 1}, std::pair{kMermaid, 2},
                                     std::pair{kKing, 1}})
    for (int k = 0; k < copies; ++k) deck.push_back(card);
  bots::Rng rng(seed);
  for (int i = static_cast<int>(deck.size()) - 1; i > 0; --i)
    std::swap(deck[i], deck[rng.Below(i + 1)]);
  const int h = HandSize(o, seats, manche);
  DealEvent d;
  size_t k = 0;
  for (int s = 0; s < seats; ++s) {
    d.hands.emplace_back();
    for (int i = 0; i < h; ++i) d.hands.back().push_back(deck[k++]);
  }
  if (TurnsCard(o, manche)) d.turned = deck[k];
  d.seed = static_cast<int64_t>(seed & 0x7FFFFFFFFFFFFFFFull);
  return d;
}

TEST_CASE("DealFromSeed deals exactly the documented shuffle", "[sk_bots]") {
  // The dealt hands are part of the contract (a seed names a deal): the
  // deck laid out once must give the hands the plain algorithm gives.
  bots::Rng rng(314);
  for (const char* ruleset : kRulesets) {
    for (const char* deck : {"70", "66"}) {
      for (const char* trump : {"turned", "black"}) {
        Options o;
        REQUIRE(MakeOptions(ruleset, {{"deck", deck}, {"trump", trump}}, 2, o).empty());
        for (int seats = 2; seats <= 8; ++seats)
          for (int manche = 1; manche <= kManches; ++manche) {
            const uint64_t seed = rng.Next();
            INFO(ruleset << " deck " << deck << " trump " << trump << ", " << seats
                         << " seats, manche " << manche << ", seed " << seed);
            CHECK(DealFromSeed(o, seats, manche, seed) == ReferenceDeal(o, seats, manche, seed));
          }
      }
    }
  }
}

// Swaps one unplayed card between seats a and b.
void SwapOne(State& s, int a, int b, bots::Rng& rng) {
  auto pick = [&](const CardSet& h) {
    std::vector<Card> cards;
    h.ForEachKind([&](Card c, int) { cards.push_back(c); });
    return cards[rng.Below(static_cast<int>(cards.size()))];
  };
  const Card ca = pick(s.hands[a]), cb = pick(s.hands[b]);
  s.hands[a].Remove(ca);
  s.hands[b].Remove(cb);
  s.hands[a].Add(cb);
  s.hands[b].Add(ca);
}

TEST_CASE("information hiding: other seats' hands change neither view nor choice", "[sk_bots]") {
  bots::Rng rng(99);
  int checked = 0;
  for (int game = 0; game < 24; ++game) {
    const char* ruleset = kRulesets[game % 3];
    const int seats = 3 + game % 4;
    BotTable t(GameOf(seats, ruleset, RandomOverrides(rng, ruleset, seats)),
               RandomLevels(rng, seats), game, kFast);
    while (t.state.phase == Phase::kMancheOver && t.state.manche < kManches) {
      const int m = t.state.manche + 1;
      REQUIRE(!Step(t.state, DealFromSeed(t.state.options, seats, m, game * 1000 + m)));
      while (SeatToAct(t.state) >= 0) {
        const int actor = SeatToAct(t.state);
        // Two other seats, both with cards.
        std::vector<int> others;
        for (int s = 0; s < seats; ++s)
          if (s != actor && !t.state.hands[s].empty()) others.push_back(s);
        if (others.size() >= 2 && rng.Below(3) == 0) {
          State swapped = t.state;
          SwapOne(swapped, others[0], others[1], rng);
          const SeatView v1 = ViewFor(t.state, actor), v2 = ViewFor(swapped, actor);
          REQUIRE(v1 == v2);
          for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
            auto b1 = MakeBot(level, 555, kFast), b2 = MakeBot(level, 555, kFast);
            REQUIRE(b1->Act(ViewFor(t.state, actor)) == b2->Act(ViewFor(swapped, actor)));
          }
          ++checked;
        }
        auto e = t.bots[actor]->Act(ViewFor(t.state, actor));
        REQUIRE(e);
        REQUIRE(!Step(t.state, *e));
      }
    }
  }
  CHECK(checked > 100);
}

TEST_CASE("simultaneous bidding: other bids are hidden until all are in", "[sk_bots]") {
  BotTable t(GameOf(3, "skull-king-official"), {Level::kMedium, Level::kMedium, Level::kMedium}, 1);
  REQUIRE(!Step(t.state, DealFromSeed(t.state.options, 3, 1, 12)));
  REQUIRE(!Step(t.state, Event{BidEvent{2, 1, std::nullopt}}));
  const SeatView v = ViewFor(t.state, 0);
  CHECK(!v.table.bids[2].has_value());
  CHECK(ViewFor(t.state, 2).table.bids[2] == 1);  // its own bid
  CHECK(v.table.to_bid.size() == 2);               // who still owes a bid is public
  REQUIRE(!Step(t.state, Event{BidEvent{0, 0, std::nullopt}}));
  REQUIRE(!Step(t.state, Event{BidEvent{1, 1, std::nullopt}}));
  CHECK(ViewFor(t.state, 0).table.bids[2] == 1);  // revealed
}

TEST_CASE("the hook under simultaneous bidding: the last bidder is told its forbidden bid",
          "[sk_bots]") {
  BotTable t(GameOf(3, "skull-king-official", {{"hook", "true"}}),
             {Level::kMedium, Level::kMedium, Level::kMedium}, 1);
  REQUIRE(!Step(t.state, DealFromSeed(t.state.options, 3, 1, 12)));
  REQUIRE(!Step(t.state, Event{BidEvent{2, 1, std::nullopt}}));
  CHECK(!ViewFor(t.state, 0).forbidden_bid);
  REQUIRE(!Step(t.state, Event{BidEvent{1, 0, std::nullopt}}));
  CHECK(ViewFor(t.state, 0).forbidden_bid == 0);  // H = 1, the others bid 1
  for (const LegalAction& a : LegalFor(ViewFor(t.state, 0))) CHECK(a.bid != 0);
}

}  // namespace
}  // namespace pli::sk::test
