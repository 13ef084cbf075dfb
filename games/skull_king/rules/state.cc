// state.cc: hand sizes, dealers and the state's invariants.
#include "games/skull_king/rules/state.h"

#include <algorithm>

namespace pli::sk {

bool TurnsCard(const Options& o, int manche) {
  return o.trump == Trump::kTurned && manche < kManches;  // SK-D3
}

int HandSize(const Options& o, int seats, int manche) {
  const int t = TurnsCard(o, manche) ? 1 : 0;
  return std::min(manche, (o.deck - t) / seats);  // SK-D1, SK-R4
}

int DealerOf(const Options& o, int seats, int manche) {
  return (o.first_dealer + manche - 1) % seats;  // SK-S2
}

std::string CheckInvariants(const State& s) {
  if (s.phase == Phase::kNone) return "";
  if (static_cast<int>(s.hands.size()) != s.seats) return "hands: not one per seat";
  if (s.manche > 0) {
    const CardSet deck = CardSet::Deck(s.options.deck);
    std::string broken;
    for (int i = 0; i < kCardBits; i = KindOf(i).index + Copies(KindOf(i))) {
      const Card c = KindOf(i);
      int n = s.played.Count(c) + s.undealt.Count(c) + (s.turned == c ? 1 : 0);
      for (const CardSet& h : s.hands) n += h.Count(c);
      if (n != deck.Count(c))
        broken += CardText(c) + " is there " + std::to_string(n) + " times, the deck has " +
                  std::to_string(deck.Count(c)) + "; ";
    }
    if (!broken.empty()) return "cards not conserved: " + broken;
  }
  if (s.phase == Phase::kPlay) {
    if (!s.trick) return "play without an open pli";
    const int k = static_cast<int>(s.trick->plays.size());
    if (s.turn != (s.trick->leader + k) % s.seats) return "turn is not the next seat of the pli";
    // Each seat holds H - (plis closed) cards, less one if it played in this pli.
    for (int seat = 0; seat < s.seats; ++seat) {
      const int played_here = ((seat - s.trick->leader + s.seats) % s.seats) < k ? 1 : 0;
      if (s.hands[seat].size() != s.hand_size - (s.trick->number - 1) - played_here)
        return "seat " + std::to_string(seat) + " holds the wrong number of cards";
    }
  }
  if (s.phase == Phase::kBidding && s.to_bid.empty()) return "bidding with no bid owed";
  return "";
}

}  // namespace pli::sk
