// rules_internal.h: helpers shared by decide.cc, apply.cc and legal.cc.
// Not part of the engine's public API.
#ifndef PLI_ENGINE_RULES_INTERNAL_H_
#define PLI_ENGINE_RULES_INTERNAL_H_

#include <optional>
#include <string>

#include "engine/event.h"
#include "engine/state.h"
#include "engine/violation.h"

namespace pli::internal {

// The rank of the last play of the pli; the pli must have one.
inline Rank LastRank(const State& s) { return s.pli.last_cards.first().rank(); }

inline bool HasCards(const State& s, int seat) { return !s.hands[seat].empty(); }

// Seats other than `except` that hold cards.
SeatMask SeatsWithCards(const State& s);

// The first seat clockwise after `from` whose bit is in `mask`, or -1.
int NextSeatIn(const State& s, int from, SeatMask mask);

// A CardSet from a list, and whether a card is named twice.
CardSet ToSet(const CardList& cards, bool* repeated);

// "Alice (seat 0)".
std::string SeatText(const State& s, int seat);
// "singles", "pairs", "brelans" (three of a kind), "carrés".
std::string CountWord(int count);
// "one card", "2 cards".
std::string CardsWord(int n);
// "a 7", "a J" for messages about ranks.
std::string RankText(Rank r);

// Whether a play of `count` cards of rank `r`, with `declare`, fits the pli
// as it stands (everything after the hand and count checks of RULES.md's
// order: declare-not-allowed, ou-rien-rank, too-weak, not-consecutive).
// `cards_text` names the cards in the sentence. The pli must have a lead.
std::optional<Violation> RankViolation(const State& s, Rank r, Declare declare,
                                       const std::string& cards_text);

// P4/U4/O2: whether `seat` has a legal play without declaring.
bool CanFollow(const State& s, int seat);

// K2: the ranks a non-choice gift must have, as the cards of the hand as
// dealt that it must be chosen from per rank: returns the multiset of ranks
// as counts (index = rank).
std::array<int, kRankCount> GiftRanks(const State& s, const Gift& g);

}  // namespace pli::internal

#endif  // PLI_ENGINE_RULES_INTERNAL_H_
