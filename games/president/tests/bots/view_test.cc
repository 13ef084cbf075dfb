// view_test.cc: what a seat may know (SeatView). The view holds nothing
// hidden; what it infers (known cards, rank caps from forced passes and
// gifts) is true of the real hands; LegalFor lists exactly the seat's legal
// actions; and shuffling the hidden hands among the other seats, in a way
// the public history cannot tell apart, changes neither the view nor any
// bot's action.
#include <catch2/catch.hpp>

#include "games/president/bots/hard.h"
#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

std::vector<LegalAction> LegalOfSeat(const State& s, int seat) {
  std::vector<LegalAction> out;
  for (const LegalAction& a : LegalActions(s))
    if (a.seat == seat) out.push_back(a);
  return out;
}

TEST_CASE("a view holds only this seat's cards, and its history is redacted", "[bots]") {
  const std::vector<CardList> hands = DealFromSeed(4, 17);
  std::vector<Event> log{test::GameOf(4, *Preset("super-president")),
                         Event{DealEvent{hands, int64_t{17}}}};
  State s;
  for (const Event& e : log) REQUIRE_FALSE(Step(s, e));
  const SeatView v = ViewFor(s, log, 2);
  CHECK(v.hand == s.hands[2]);
  CHECK(v.counts[0] == 13);
  for (int o : {0, 1, 3}) {
    CHECK(v.table.hands[o].empty());
    CHECK(v.table.dealt[o].empty());
  }
  REQUIRE(v.history.size() == 1);  // this manche: its deal
  const auto& deal = std::get<DealEvent>(v.history[0].body);
  CHECK_FALSE(deal.seed);  // S2: the seed would give every hand away
  CHECK(deal.hands[2] == hands[2]);
  CHECK(deal.hands[0].empty());
  CHECK(v.unknown == CardSet::Deck() - s.hands[2]);
}

TEST_CASE("every view of every position is sound and LegalFor is the seat's legal actions",
          "[bots]") {
  bots::Rng rng(23);
  int views = 0, caps = 0, known = 0, sampled_with_caps = 0, gifts_hidden = 0;
  for (int game = 0; game < 12; ++game) {
    const int seats = 4 + rng.Below(5);
    std::vector<Level> levels;
    for (int i = 0; i < seats; ++i) levels.push_back(i % 2 ? Level::kEasy : Level::kMedium);
    test::BotTable t(test::RandomOptions(rng), levels, game);
    for (int m = 0; m < 3 && t.state.phase == Phase::kMancheOver; ++m)
      REQUIRE(t.Manche(900 + game * 3 + m) == "");
    test::ForEachPosition(t.log, [&](const State& s, const std::vector<Event>& prefix) {
      if (s.phase != Phase::kPlay && s.phase != Phase::kExchange) return;
      for (int seat = 0; seat < s.seats; ++seat) {
        const SeatView v = ViewFor(s, prefix, seat);
        ++views;
        REQUIRE(v.hand == s.hands[seat]);
        CardSet others;
        for (int o = 0; o < s.seats; ++o) {
          REQUIRE(v.counts[o] == s.hands[o].size());
          if (o == seat) continue;
          others |= s.hands[o];
          REQUIRE(v.table.hands[o].empty());
          REQUIRE(s.hands[o].contains(v.known[o]));  // what it gave is still there
          known += !v.known[o].empty();
          for (int r = 0; r < kRankCount; ++r) {
            REQUIRE(s.hands[o].CountOf(static_cast<Rank>(r)) <= v.max_of_rank[o][r]);
            caps += v.max_of_rank[o][r] < 4;
          }
        }
        REQUIRE(v.unknown == others);
        for (const Event& e : v.history)
          if (const auto* g = std::get_if<ExchangeEvent>(&e.body))
            if (g->from != seat && g->to != seat) {
              for (Card c : g->cards) REQUIRE(c == Card(0));
              ++gifts_hidden;
            }
        REQUIRE(LegalFor(v) == LegalOfSeat(s, seat));
        // A sample of the hidden hands fits the counts and the known cards.
        std::array<CardSet, kMaxSeats> hands{};
        bots::Rng sampler(views);
        const bool fit = bots::SampleHands(v, sampler, hands);
        sampled_with_caps += fit;
        CardSet all;
        for (int o = 0; o < s.seats; ++o) {
          if (o == seat) continue;
          REQUIRE(hands[o].size() == v.counts[o]);
          REQUIRE(hands[o].contains(v.known[o]));
          REQUIRE((all & hands[o]).empty());
          all |= hands[o];
          if (fit)
            for (int r = 0; r < kRankCount; ++r)
              REQUIRE(hands[o].CountOf(static_cast<Rank>(r)) <= v.max_of_rank[o][r]);
        }
        REQUIRE(all == v.unknown);
      }
    });
  }
  CHECK(views > 2000);
  CHECK(caps > 1000);  // forced passes and gifts did teach something ...
  CHECK(known > 100);  // ... and seats knew where their gifts went
  CHECK(gifts_hidden > 0);
  CHECK(sampled_with_caps > views * 95 / 100);
}

TEST_CASE("a view is the same when the log carries illegal events (a reused id)", "[bots]") {
  test::BotTable t(*Preset("super-president"), std::vector<Level>(5, Level::kMedium), 8);
  for (int m = 0; m < 2; ++m) REQUIRE(t.Manche(60 + m) == "");
  std::vector<Event> log = t.log;
  for (size_t i = 1; i < log.size(); ++i) log[i].id = "e" + std::to_string(i);
  size_t deal = 0;
  for (size_t i = 0; i < log.size(); ++i)
    if (std::holds_alternative<DealEvent>(log[i].body)) deal = i;
  int checked = 0;
  for (size_t end = deal + 8; end + 1 < log.size(); end += 7) {
    // The next event, sent early with an id of manche 1: refused as malformed.
    std::vector<Event> clean(log.begin(), log.begin() + end);
    std::vector<Event> noisy = clean;
    Event again = log[end];
    again.id = "e2";
    noisy.push_back(again);
    State a, b;
    for (const Event& e : clean) Step(a, e);
    for (const Event& e : noisy) Step(b, e);
    REQUIRE(b.seq == a.seq + 1);
    b.seq = a.seq;
    REQUIRE(a == b);  // the noisy event changed nothing but the count
    for (int seat = 0; seat < 5; ++seat) {
      const SeatView va = ViewFor(a, clean, seat), vb = ViewFor(b, noisy, seat);
      CHECK(va.max_of_rank == vb.max_of_rank);
      CHECK(va.known == vb.known);
      ++checked;
    }
  }
  CHECK(checked > 20);
}

// The deal of the last manche of `log` with cards x and y swapped.
std::vector<Event> SwapInLastDeal(std::vector<Event> log, Card x, Card y) {
  for (auto it = log.rbegin(); it != log.rend(); ++it) {
    if (auto* deal = std::get_if<DealEvent>(&it->body)) {
      for (CardList& hand : deal->hands)
        for (Card& c : hand) c = c == x ? y : c == y ? x : c;
      break;
    }
  }
  return log;
}

// The fold of `log`, or nullopt if any event of it is illegal.
std::optional<State> FoldAllLegal(const std::vector<Event>& log) {
  State s;
  for (const Event& e : log)
    if (Step(s, e)) return std::nullopt;
  return s;
}

TEST_CASE(
    "information hiding: hidden hands shuffled consistently with public information "
    "give the same view and the same action, at every level",
    "[bots]") {
  bots::Rng rng(31);
  int tested = 0, acted = 0;
  for (int game = 0; game < 30; ++game) {
    const int seats = 4 + rng.Below(5);
    test::BotTable t(game % 3 ? *Preset("super-president") : test::RandomOptions(rng),
                     std::vector<Level>(seats, Level::kMedium), game);
    for (int m = 0; m < 2; ++m) REQUIRE(t.Manche(300 + game * 2 + m) == "");
    size_t deal = 0;
    for (size_t i = 0; i < t.log.size(); ++i)
      if (std::holds_alternative<DealEvent>(t.log[i].body)) deal = i;
    for (int probe = 0; probe < 4; ++probe) {
      const size_t end = deal + 1 + rng.Below(static_cast<int>(t.log.size() - deal - 1));
      const std::vector<Event> prefix(t.log.begin(), t.log.begin() + end);
      const std::optional<State> real = FoldAllLegal(prefix);
      REQUIRE(real);
      if (real->phase != Phase::kPlay) continue;
      const int me = rng.Below(2) ? real->turn : rng.Below(seats);
      // Swap cards that never moved (still held, as dealt) between two
      // other seats, keeping each swap only if the whole log stays legal:
      // forced passes and K2 gifts must still be what they were.
      std::vector<Event> alt = prefix;
      int swaps = 0;
      for (int tries = 0; tries < 60 && swaps < 6; ++tries) {
        const State now = *FoldAllLegal(alt);
        const int a = rng.Below(seats), b = rng.Below(seats);
        if (a == me || b == me || a == b) continue;
        const CardSet xa = now.hands[a] & now.dealt[a], yb = now.hands[b] & now.dealt[b];
        if (xa.empty() || yb.empty()) continue;
        const std::vector<Card> xs(xa.begin(), xa.end()), ys(yb.begin(), yb.end());
        const Card x = xs[rng.Below(static_cast<int>(xs.size()))];
        const Card y = ys[rng.Below(static_cast<int>(ys.size()))];
        if (x.rank() == y.rank()) continue;
        std::vector<Event> next = SwapInLastDeal(alt, x, y);
        if (!FoldAllLegal(next)) continue;
        alt = std::move(next);
        ++swaps;
      }
      const State other = *FoldAllLegal(alt);
      if (other.hands == real->hands) continue;  // no swap kept, or they undid each other
      REQUIRE(other.hands[me] == real->hands[me]);
      const SeatView v1 = ViewFor(*real, prefix, me), v2 = ViewFor(other, alt, me);
      REQUIRE(v1 == v2);
      for (Level level : {Level::kEasy, Level::kMedium, Level::kHard}) {
        const BotBudget budget{.samples = 4, .candidates = 4};
        auto b1 = MakeBot(level, 77, budget), b2 = MakeBot(level, 77, budget);
        const std::optional<Event> e1 = b1->Act(v1), e2 = b2->Act(v2);
        CHECK(e1 == e2);
        acted += e1.has_value();
      }
      ++tested;
    }
  }
  CHECK(tested >= 40);
  CHECK(acted > 0);
}

}  // namespace
}  // namespace pli
