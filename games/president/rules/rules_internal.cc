// rules_internal.cc: the helpers of rules_internal.h that are not inline:
// the words of the violations' sentences, and the rule asked by Decide and
// LegalActions alike for gifts (GiftRanks). The sentences that cite rule ids
// (ExplainRank) stay in decide.cc, with every other id Decide cites.
#include "games/president/rules/rules_internal.h"

#include <algorithm>
#include <array>
#include <string>
#include <vector>

#include "engine/text.h"

namespace pli {
namespace internal {

std::string SeatText(const State& s, int seat) {
  if (seat >= 0 && seat < static_cast<int>(s.seat_names.size()))
    return EscapeForTerminal(s.seat_names[seat]) + " (seat " + std::to_string(seat) + ")";
  return "seat " + std::to_string(seat);
}

std::string CountWord(int count) {
  switch (count) {
    case 1: return "singles";
    case 2: return "pairs";
    case 3: return "brelans (three of a kind)";
    default: return "carrés (four of a kind)";
  }
}

std::string CardsWord(int n) { return n == 1 ? "one card" : std::to_string(n) + " cards"; }

std::string RankText(Rank r) { return std::string(r == Rank::kA ? "an " : "a ") + RankChar(r); }

std::string OrderText(const RankOrder& order) {
  std::string text;
  for (int k = 0; k < order.size(); ++k) {
    if (k > 0) text += ' ';
    text += RankChar(order.RankOfStrength(k, false));
  }
  return text;
}

std::string DeckText(const State& s) {
  std::string absent;
  std::vector<char> ranks;
  for (int ri = 0; ri < static_cast<int>(Rank::kX); ++ri)  // the natural ranks (H-R1)
    if (!s.order.Has(static_cast<Rank>(ri))) ranks.push_back(RankChar(static_cast<Rank>(ri)));
  for (size_t i = 0; i < ranks.size(); ++i)
    absent += std::string(i == 0 ? "" : i + 1 == ranks.size() ? " or " : ", ") + ranks[i];
  const std::string ranks_option = OptionText(s.options, "ranks").value_or("normal");
  return "ranks = " + ranks_option + ": the deck has " + (absent.empty() ? "every rank" : "no " + absent);
}

std::array<int, kRankCount> GiftRanks(const State& s, const Gift& g) {
  const std::array<int, kRankSlots> all = GiftRankSlots(s, g);
  std::array<int, kRankCount> counts{};
  std::copy(all.begin(), all.begin() + kRankCount, counts.begin());
  return counts;
}

std::array<int, kRankSlots> GiftRankSlots(const State& s, const Gift& g) {
  // K2: judged in normal order (the game's order without révolution, H-R1,
  // H-B2, X on top with jokers, H-C2) on the hand as dealt: the weakest
  // ranks first, or the strongest.
  std::array<int, kRankSlots> counts{};
  const CardSet dealt = s.dealt[g.from];
  const int n = s.order.size();
  int left = g.count;
  // H-W1 (K2): a wild card is stronger than any natural card; the wild
  // cards are equal among themselves (RULINGS.md H23: DecideExchange takes
  // any of them, and these counts name one choice), taken X, 2, 3.
  auto take_wild = [&] {
    if (s.order.wild.empty()) return;
    for (Rank r : {Rank::kX, Rank::k2, Rank::k3}) {
      if ((s.order.wild & CardSet::OfRank(r)).empty()) continue;
      const int take = std::min(left, dealt.CountOf(r));
      counts[static_cast<int>(r)] = take;
      left -= take;
    }
  };
  if (g.best) take_wild();
  for (int k = 0; k < n && left > 0; ++k) {
    const Rank r = s.order.RankOfStrength(g.best ? n - 1 - k : k, false);
    if (!(s.order.wild & CardSet::OfRank(r)).empty()) continue;  // H-W1: a wild X, taken above or below
    const int take = std::min(left, dealt.CountOf(r));
    counts[static_cast<int>(r)] = take;
    left -= take;
  }
  if (!g.best) take_wild();
  return counts;
}

}  // namespace internal
}  // namespace pli
