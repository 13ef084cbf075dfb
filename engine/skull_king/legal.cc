// legal.cc: LegalActions, in the order `pli legal` lists them, agreeing
// with Decide.
#include "engine/skull_king/rules.h"

namespace pli::sk {
namespace {

void Bids(const State& s, int seat, std::vector<LegalAction>& out) {
  const int max = s.options.bid_max == BidMax::kTen ? 10 : s.hand_size;  // SK-B1
  int forbidden = -1;
  if (s.options.hook && s.to_bid.size() == 1) {  // SK-B4
    int sum = 0;
    for (const auto& b : s.bids) sum += b.value_or(0);
    forbidden = s.hand_size - sum;
  }
  for (int n = 0; n <= max; ++n) {
    if (n == forbidden) continue;
    if (!s.options.cannonball) {
      out.push_back(LegalAction{EventType::kBid, seat, n, std::nullopt, Card(), Declare::kNone});
      continue;
    }
    for (Cannon c : {Cannon::kGrapeshot, Cannon::kCannonball})  // SK-B5
      out.push_back(LegalAction{EventType::kBid, seat, n, c, Card(), Declare::kNone});
  }
}

void Plays(const State& s, std::vector<LegalAction>& out) {
  const int seat = s.turn;
  const CardSet& hand = s.hands[seat];
  const auto lead = s.trick->lead_suit;
  const bool must_follow = lead && hand.HasSuit(*lead);  // SK-P5
  hand.ForEachKind([&](Card c, int) {
    if (must_follow && c.numbered() && c.suit() != *lead) return;
    if (c == kTigress) {  // SK-P3
      out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kPirate});
      out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kEscape});
    } else {
      out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kNone});
    }
  });
}

}  // namespace

std::vector<LegalAction> LegalActions(const State& s) {
  std::vector<LegalAction> out;
  LegalActions(s, out);
  return out;
}

void LegalActions(const State& s, std::vector<LegalAction>& out) {
  out.clear();
  if (s.phase == Phase::kBidding) {
    if (s.options.bidding == Bidding::kSequential) {
      Bids(s, s.turn, out);
    } else {
      for (int seat = 0; seat < s.seats; ++seat)
        if (!s.bids[seat]) Bids(s, seat, out);
    }
  } else if (s.phase == Phase::kPlay) {
    Plays(s, out);
  }
}

Event ToEvent(const LegalAction& a) {
  if (a.type == EventType::kBid) return BidEvent{a.seat, a.bid, a.cannon};
  return PlayEvent{a.seat, CardList{a.card}, a.declare};
}

}  // namespace pli::sk
