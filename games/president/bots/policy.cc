// policy.cc: the medium heuristics (RULES.md terms). In short: finish when
// you can, never on the top rank (F2) if anything else is possible; shed the
// weakest cards and groups first without breaking groups; keep top-rank
// cards (C4) for taking the lead, and play them when one group is left; lead
// a carré when the révolution it brings (Q1) helps the rest of the hand;
// close out of turn (X1) whenever possible; pass only when forced or when
// every play would spend a strong card early.
#include "games/president/bots/policy.h"

#include <algorithm>
#include <numeric>

namespace pli::bots {
namespace {

// Sum of strengths: a rough value of a hand under an order.
int HandValue(const State& s, const std::array<int, kRankSlots>& counts, bool rev) {
  int v = 0;
  for (int ri = 0; ri < kRankSlots; ++ri)
    if (s.order.Has(static_cast<Rank>(ri))) v += counts[ri] * s.order.Strength(static_cast<Rank>(ri), rev);
  return v;
}

int PlayCost(const State& s, int seat, const LegalAction& a, const MediumParams& k) {
  const CardSet hand = s.hands[seat];
  const bool rev = s.revolution;
  const Rank top = s.order.TopRank(rev);
  const bool is_top = a.rank == top;
  if (hand.size() == a.count) return is_top && s.options.top_rank_last ? k.finish_on_top : k.finish;

  std::array<int, kRankSlots> after{};
  for (int ri = 0; ri < kRankSlots; ++ri) after[ri] = hand.CountOf(static_cast<Rank>(ri));
  const int have = after[static_cast<int>(a.rank)];
  after[static_cast<int>(a.rank)] -= a.count;
  const bool flips = a.count == 4 && s.options.revolution;  // Q1
  const bool rev_after = flips ? !rev : rev;
  const int top_after = after[static_cast<int>(s.order.TopRank(rev_after))];
  int groups_after = 0;  // groups that are not of the top rank
  for (int ri = 0; ri < kRankSlots; ++ri)
    if (after[ri] > 0 && static_cast<Rank>(ri) != s.order.TopRank(rev_after)) ++groups_after;
  if (s.options.top_rank_last && top_after > 0 && groups_after == 0) return k.only_top_left;

  int cost = s.order.Strength(a.rank, rev) * 10;
  if (have > a.count) cost += k.break_group + (have == 4 ? k.break_carre : 0);
  if (is_top && s.options.top_rank_closes)
    cost = groups_after <= k.top_groups ? k.top_to_finish : k.keep_top + cost;
  if (flips)  // a carré closes the pli (E2) and flips the order: good if it helps
    cost = HandValue(s, after, rev_after) >= HandValue(s, after, rev) ? k.carre_good : k.carre_bad;
  if (a.declare != Declare::kNone) cost -= k.declare;
  return cost;
}

}  // namespace

bool Finishes(const State& s, const LegalAction& a) {
  return (a.type == EventType::kPlay || a.type == EventType::kClose) &&
         s.hands[a.seat].size() == a.count;
}

bool FinishesOnTop(const State& s, const LegalAction& a) {
  return a.type == EventType::kPlay && Finishes(s, a) && s.options.top_rank_last &&
         a.rank == s.order.TopRank(s.revolution);
}

int MediumCost(const State& s, int seat, const LegalAction& a, const MediumParams& k) {
  switch (a.type) {
    case EventType::kClose:
      return Finishes(s, a) ? k.finish : k.close;
    case EventType::kPass:
      if (s.pli.solo) return k.solo_pass;
      return s.hands[seat].size() <= 3 ? k.pass_small_hand : k.pass;
    case EventType::kPlay:
      return PlayCost(s, seat, a, k);
    default:
      return 0;
  }
}

int MediumPick(const State& s, int seat, const std::vector<LegalAction>& actions,
               const MediumParams& k) {
  int best = 0, best_cost = 0;
  for (int i = 0; i < static_cast<int>(actions.size()); ++i) {
    const int c = MediumCost(s, seat, actions[i], k);
    if (i == 0 || c < best_cost) best = i, best_cost = c;
  }
  return best;
}

std::vector<int> MediumOrder(const State& s, int seat, const std::vector<LegalAction>& actions,
                             const MediumParams& k) {
  std::vector<int> costs(actions.size());
  for (size_t i = 0; i < actions.size(); ++i) costs[i] = MediumCost(s, seat, actions[i], k);
  std::vector<int> order(actions.size());
  std::iota(order.begin(), order.end(), 0);
  std::stable_sort(order.begin(), order.end(), [&](int a, int b) { return costs[a] < costs[b]; });
  return order;
}

LegalAction MediumGift(const State& s, const LegalAction& gift) {
  if (gift.type != EventType::kExchange || !gift.ranks.empty()) return gift;
  const CardSet hand = s.hands[gift.seat];
  // K2 judges in normal order; a card of a pair or better is worth keeping.
  std::vector<Card> pool(gift.cards.begin(), gift.cards.end());
  auto worth = [&](Card c) {
    return s.order.Strength(c.rank(), false) * 10 + (hand.CountOf(c.rank()) >= 2 ? 15 : 0);
  };
  std::stable_sort(pool.begin(), pool.end(), [&](Card a, Card b) { return worth(a) < worth(b); });
  LegalAction out = gift;
  out.cards = CardSet();
  for (int k = 0; k < gift.count && k < static_cast<int>(pool.size()); ++k)
    out.cards.insert(pool[k]);
  return out;
}

}  // namespace pli::bots
