// rules_internal.cc: the helpers of rules_internal.h that are not inline:
// the words of the violations' sentences, and the rule asked by Decide and
// LegalActions alike for gifts (GiftRanks). The sentences that cite rule ids
// (ExplainRank) stay in decide.cc, with every other id Decide cites.
#include "games/president/rules/rules_internal.h"

#include <array>
#include <string>

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

std::array<int, kRankCount> GiftRanks(const State& s, const Gift& g) {
  // K2: judged in normal order on the hand as dealt. Index order is normal
  // order (weakest first), so the weakest are the first cards, the strongest
  // the last.
  std::array<int, kRankCount> counts{};
  const CardSet dealt = s.dealt[g.from];
  int total = dealt.size();
  int i = 0;
  for (Card c : dealt) {
    bool take = g.best ? i >= total - g.count : i < g.count;
    if (take) ++counts[static_cast<int>(c.rank())];
    ++i;
  }
  return counts;
}

}  // namespace internal
}  // namespace pli
