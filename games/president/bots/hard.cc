// hard.cc: the hard bot. Determinized search (perfect-information Monte
// Carlo): for each of `samples` guesses of the hidden hands consistent with
// everything public, every candidate action (medium's favourites) is played
// and the manche is played out with the medium policy for every seat; the
// candidate with the best mean place wins if it beats medium's favourite by
// a clear margin. The same guesses serve every candidate, so the comparison
// is between actions, not between deals. The budget is in samples, so a
// seed gives the same game on any machine.
#include "games/president/bots/hard.h"

#include <algorithm>

#include "games/president/bots/moves.h"
#include "games/president/bots/policy.h"

namespace pli::bots {
namespace {

constexpr int kSampleTries = 20;
constexpr int kPlayoutSteps = 2000;  // a manche has well under 200 events
// How much better (in hundredths of a place, mean over the samples) another
// candidate must do to replace medium's favourite. Measured: 0.25 to 0.5
// place beats 0 by about 0.2 place in mixed tables (games/president/bots/README.md).
constexpr int kSwitchMargin = 40;

// One try at dealing `rest` out: each card to a seat with room that its cap
// allows, drawn with weight the room left (near-uniform over the deals).
bool DealRest(const SeatView& v, std::vector<Card> rest, Rng& rng, bool caps,
              std::array<CardSet, kMaxSeats>& out) {
  std::array<int, kMaxSeats> room{};
  for (int s = 0; s < v.table.seats; ++s) {
    out[s] = s == v.seat ? CardSet() : v.known[s];
    if (s != v.seat) room[s] = v.counts[s] - v.known[s].size();
  }
  for (int i = static_cast<int>(rest.size()) - 1; i > 0; --i)
    std::swap(rest[i], rest[rng.Below(i + 1)]);
  if (caps) {  // the most constrained ranks first
    auto tight = [&](Card c) {
      int n = 0;
      for (int s = 0; s < v.table.seats; ++s) n += v.max_of_rank[s][static_cast<int>(c.rank())] < 4;
      return n;
    };
    std::stable_sort(rest.begin(), rest.end(), [&](Card a, Card b) { return tight(a) > tight(b); });
  }
  for (Card c : rest) {
    const int r = static_cast<int>(c.rank());
    int total = 0;
    std::array<int, kMaxSeats> weight{};
    for (int s = 0; s < v.table.seats; ++s) {
      if (s == v.seat || room[s] <= 0) continue;
      if (caps && out[s].CountOf(c.rank()) >= v.max_of_rank[s][r]) continue;
      weight[s] = room[s];
      total += room[s];
    }
    if (total == 0) return false;
    int x = rng.Below(total), s = 0;
    while (x >= weight[s]) x -= weight[s++];
    out[s].insert(c);
    --room[s];
  }
  return true;
}

class HardBot : public Bot {
 public:
  HardBot(uint64_t seed, const BotBudget& budget) : rng_(seed), budget_(budget) {}
  Level level() const override { return Level::kHard; }

  std::optional<Event> Act(const SeatView& view) override {
    // Gifts and out-of-turn closes are medium's: K2 fixes most gifts, and a
    // close is always worth taking.
    if (view.table.phase != Phase::kPlay || !MustAct(view.table, view.seat))
      return MediumAct(view);
    std::vector<LegalAction> legal = LegalFor(view);
    if (legal.size() <= 1) return MediumAct(view);
    const std::vector<int> order = MediumOrder(view.table, view.seat, legal);
    const LegalAction& favourite = legal[order[0]];
    if (Finishes(view.table, favourite) && !FinishesOnTop(view.table, favourite))
      return EventFor(view, favourite);  // F1: nothing beats finishing now
    const int n = std::min<int>(std::max(budget_.candidates, 1), static_cast<int>(order.size()));
    std::vector<long> total(n, 0);
    std::array<CardSet, kMaxSeats> others{};
    for (int k = 0; k < budget_.samples; ++k) {
      SampleHands(view, rng_, others);
      const State det = Determinize(view, others);
      for (int c = 0; c < n; ++c) {
        const LegalAction& a = legal[order[c]];
        State s = Apply(det, MakeEvent(det, a));  // det is copied, not moved
        total[c] += PlayoutPlace(std::move(s), view.seat);
      }
    }
    // Medium's favourite stands unless another candidate does clearly
    // better: picking the best of a few noisy means favours luck otherwise.
    int best = 0;
    for (int c = 1; c < n; ++c)
      if (total[c] < total[best]) best = c;
    if (best != 0 && (total[0] - total[best]) * 100 <= kSwitchMargin * budget_.samples) best = 0;
    return EventFor(view, legal[order[best]]);
  }

 private:
  Rng rng_;
  BotBudget budget_;
};

}  // namespace

bool SampleHands(const SeatView& view, Rng& rng, std::array<CardSet, kMaxSeats>& out) {
  CardSet known;
  for (int s = 0; s < view.table.seats; ++s)
    if (s != view.seat) known |= view.known[s];
  const CardSet rest_set = view.unknown - known;
  const std::vector<Card> rest(rest_set.begin(), rest_set.end());
  for (int t = 0; t < kSampleTries; ++t)
    if (DealRest(view, rest, rng, true, out)) return true;
  DealRest(view, rest, rng, false, out);  // the counts alone always fit
  return false;
}

int PlayoutPlace(State s, int seat) {
  std::vector<LegalAction> actions;
  for (int step = 0; step < kPlayoutSteps && s.phase == Phase::kPlay; ++step) {
    actions.clear();
    PlayActions(s, actions);
    const int closer = CloserSeat(s);
    // Out-of-turn closes first, as the driver asks them: medium always closes.
    const LegalAction& a =
        closer >= 0 && closer != s.turn ? actions.back() : actions[MediumPick(s, s.turn, actions)];
    Event e = MakeEvent(s, a);  // before s is moved from
    s = Apply(std::move(s), e);
  }
  if (!s.ranking || s.phase == Phase::kPlay) return s.seats;  // did not end: count it as worst
  const auto& r = *s.ranking;
  return static_cast<int>(std::find(r.begin(), r.end(), seat) - r.begin());
}

std::unique_ptr<Bot> MakeHardBot(uint64_t seed, const BotBudget& budget) {
  return std::make_unique<HardBot>(seed, budget);
}

}  // namespace pli::bots
