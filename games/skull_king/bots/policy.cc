// policy.cc: medium's bids and plays.
#include "games/skull_king/bots/policy.h"

#include <algorithm>
#include <cmath>
#include <numeric>

namespace pli::sk::bots {
namespace {

// How strong a card is when played (for "cheapest" and "most dangerous"):
// escape-like 0, numbered 1..14 (+20 trump), characters above.
int Power(const Options& o, std::optional<Suit> trump, Card c, Declare d) {
  switch (c.kind()) {
    case Kind::kEscape: return 0;
    case Kind::kTigress: return d == Declare::kEscape ? 0 : 40;
    case Kind::kPirate: return 40;
    case Kind::kMermaid: return o.pirate_vs_mermaid == PirateVsMermaid::kMermaid ? 38 : 36;
    case Kind::kKing: return 45;
    case Kind::kNumbered: return c.value() + (trump && c.suit() == *trump ? 20 : 0);
  }
  return 0;
}

}  // namespace

double WinChance(const Options& o, std::optional<Suit> trump, int seats, Card c) {
  // More seats: more chances that someone holds a character or a trump.
  const double f = std::min(1.2, std::sqrt(3.0 / std::max(2, seats)));
  switch (c.kind()) {
    case Kind::kEscape: return 0;
    case Kind::kKing: return 0.85;
    case Kind::kPirate: return 0.7 * std::min(1.0, f + 0.1);
    case Kind::kTigress: return 0.7 * std::min(1.0, f + 0.1);
    case Kind::kMermaid: return o.pirate_vs_mermaid == PirateVsMermaid::kMermaid ? 0.55 : 0.3;
    case Kind::kNumbered: break;
  }
  const int v = c.value();
  if (trump && c.suit() == *trump) return std::min(0.9, (0.05 + 0.75 * (v / 14.0) * (v / 14.0)) * f);
  double p = v >= 14 ? 0.45 : v == 13 ? 0.3 : v == 12 ? 0.18 : v >= 10 ? 0.08 : 0.02;
  return p * f;
}

double ExpectedPlis(const State& t, const CardSet& hand) {
  double e = 0;
  hand.ForEachKind([&](Card c, int n) { e += n * WinChance(t.options, t.trump, t.seats, c); });
  return e;
}

int MediumBidTarget(const State& t, int, const CardSet& hand) {
  return static_cast<int>(std::lround(ExpectedPlis(t, hand)));
}

std::vector<int> MediumOrder(const State& t, int seat, const CardSet& hand,
                             const std::vector<LegalAction>& legal) {
  std::vector<double> score(legal.size(), 0);
  if (!legal.empty() && legal.front().type == EventType::kBid) {
    const double e = ExpectedPlis(t, hand);
    for (size_t i = 0; i < legal.size(); ++i) {
      score[i] = -std::abs(legal[i].bid - e) - 0.01 * legal[i].bid;
      if (legal[i].cannon == Cannon::kCannonball) score[i] -= 0.5;  // grapeshot: the safe load
    }
  } else if (!legal.empty() && t.trick) {
    const int bid = t.bids[seat].value_or(0);
    const int need = bid - t.won[seat];
    const bool want = need > 0;
    std::vector<PliPlay> plays = t.trick->plays;
    const bool leading = plays.empty();
    const bool last = static_cast<int>(plays.size()) + 1 == t.seats;
    plays.push_back(PliPlay{seat, Card(), Declare::kNone});
    for (size_t i = 0; i < legal.size(); ++i) {
      const LegalAction& a = legal[i];
      plays.back() = PliPlay{seat, a.card, a.declare};
      const int w = WinningIndex(t.options, t.trump, plays);
      const bool wins = w == static_cast<int>(plays.size()) - 1;
      const int p = Power(t.options, t.trump, a.card, a.declare);
      const bool real_escape = a.card == kEscape;
      // Keep the Tigress (she can still win) over a real escape.
      const double keep_tigress = a.card == kTigress && a.declare == Declare::kEscape ? -2 : 0;
      if (want) {
        if (leading) score[i] = p;                          // lead the strongest
        else if (wins) score[i] = 1000 - p + (last || p >= 13 ? 100 : 0);  // the cheapest safe winner
        else score[i] = -p;                                 // cannot win: shed the weakest
      } else {
        if (leading) score[i] = -p + (real_escape ? 1 : 0) + keep_tigress;  // the weakest lead
        else if (!wins) score[i] = 500 + p + (real_escape ? -1 : 0) + keep_tigress;  // the most dangerous loser
        else score[i] = -p;                                          // forced to win: cheapest
      }
    }
  }
  std::vector<int> order(legal.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return score[a] > score[b]; });
  return order;
}

}  // namespace pli::sk::bots
