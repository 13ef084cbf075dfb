// policy.h: the medium policy, on a table (a view's table or a full state)
// and one seat's hand. Internal to games/skull_king/bots/; the hard bot's
// playouts use it for every seat.
#ifndef PLI_BOTS_SKULL_KING_POLICY_H_
#define PLI_BOTS_SKULL_KING_POLICY_H_

#include <vector>

#include "games/skull_king/rules/rules.h"

namespace pli::sk::bots {

// The chance (rough) that `card` wins a pli for its holder, from the
// options, the trump and the seat count only.
double WinChance(const Options& options, std::optional<Suit> trump, int seats, Card card);
// The plis medium expects `hand` to win: the sum of WinChance, rounded.
double ExpectedPlis(const State& table, const CardSet& hand);
int MediumBidTarget(const State& table, int seat, const CardSet& hand);

// The indices of `legal` (all of one seat, all bids or all plays), medium's
// favourite first. Bids: the nearest to the expected plis. Plays: aim at the
// bid exactly (win cheaply while plis are still needed, shed otherwise).
std::vector<int> MediumOrder(const State& table, int seat, const CardSet& hand,
                             const std::vector<LegalAction>& legal);

}  // namespace pli::sk::bots

#endif  // PLI_BOTS_SKULL_KING_POLICY_H_
