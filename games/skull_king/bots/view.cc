// view.cc: what one seat may know (ViewFor), what it may do (LegalFor), and
// full states consistent with what it knows (Determinize).
#include <cassert>

#include "games/skull_king/bots/bot.h"
#include "games/skull_king/bots/policy.h"

namespace pli::sk {

int SeatToAct(const State& s) {
  if (s.phase == Phase::kPlay) return s.turn;
  if (s.phase == Phase::kBidding) {
    if (s.options.bidding == Bidding::kSequential) return s.turn;
    return s.to_bid.empty() ? -1 : s.to_bid.front();
  }
  return -1;
}

SeatView ViewFor(const State& state, int seat) {
  SeatView v;
  v.seat = seat;
  v.table = state;
  v.hand = state.hands.empty() ? CardSet() : state.hands[seat];
  v.counts.assign(state.seats, 0);
  for (int s = 0; s < state.seats && s < static_cast<int>(state.hands.size()); ++s) {
    v.counts[s] = state.hands[s].size();
    if (s != seat) v.table.hands[s] = CardSet();
  }
  v.table.undealt = CardSet();
  const bool hidden_bids = state.phase == Phase::kBidding &&
                           state.options.bidding == Bidding::kSimultaneous;
  if (hidden_bids) {
    for (int s = 0; s < state.seats; ++s) {
      if (s == seat) continue;
      if (s < static_cast<int>(v.table.bids.size())) v.table.bids[s].reset();
      if (s < static_cast<int>(v.table.cannon.size())) v.table.cannon[s].reset();
    }
  }
  if (state.phase == Phase::kBidding && state.options.hook && state.to_bid.size() == 1 &&
      state.to_bid.front() == seat) {
    int sum = 0;
    for (const auto& b : state.bids) sum += b.value_or(0);
    v.forbidden_bid = state.hand_size - sum;  // SK-B4 (may be out of range: then nothing)
  }
  if (state.manche > 0) {
    v.unknown = CardSet::Deck(state.options.deck);
    v.hand.ForEachKind([&](Card c, int n) { for (int i = 0; i < n; ++i) v.unknown.Remove(c); });
    state.played.ForEachKind([&](Card c, int n) { for (int i = 0; i < n; ++i) v.unknown.Remove(c); });
    if (state.turned) v.unknown.Remove(*state.turned);
  }
  return v;
}

std::vector<LegalAction> LegalFor(const SeatView& v) {
  std::vector<LegalAction> out;
  const State& t = v.table;
  const int seat = v.seat;
  if (t.phase == Phase::kBidding) {
    bool owes = false;
    for (int s : t.to_bid) owes |= s == seat;
    if (!owes) return out;
    if (t.options.bidding == Bidding::kSequential && t.turn != seat) return out;
    const int max = t.options.bid_max == BidMax::kTen ? 10 : t.hand_size;  // SK-B1
    const int forbidden = v.forbidden_bid.value_or(-1);                    // SK-B4
    for (int n = 0; n <= max; ++n) {
      if (n == forbidden) continue;
      if (!t.options.cannonball) {
        out.push_back(LegalAction{EventType::kBid, seat, n, std::nullopt, Card(), Declare::kNone});
        continue;
      }
      for (Cannon c : {Cannon::kGrapeshot, Cannon::kCannonball})  // SK-B5
        out.push_back(LegalAction{EventType::kBid, seat, n, c, Card(), Declare::kNone});
    }
  } else if (t.phase == Phase::kPlay && t.turn == seat && t.trick) {
    const auto lead = t.trick->lead_suit;
    const bool must_follow = lead && v.hand.HasSuit(*lead);  // SK-P5
    v.hand.ForEachKind([&](Card c, int) {
      if (must_follow && c.numbered() && c.suit() != *lead) return;
      if (c == kTigress) {  // SK-P3
        out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kPirate});
        out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kEscape});
      } else {
        out.push_back(LegalAction{EventType::kPlay, seat, 0, std::nullopt, c, Declare::kNone});
      }
    });
  }
  return out;
}

State Determinize(const SeatView& v, const std::vector<CardSet>& others) {
  State s = v.table;
  CardSet rest = v.unknown;
  for (int seat = 0; seat < s.seats; ++seat) {
    if (seat == v.seat) {
      s.hands[seat] = v.hand;
      continue;
    }
    s.hands[seat] = others[seat];
    others[seat].ForEachKind([&](Card c, int n) { for (int i = 0; i < n; ++i) rest.Remove(c); });
  }
  s.undealt = rest;
  if (s.phase == Phase::kBidding && s.options.bidding == Bidding::kSimultaneous) {
    for (int seat = 0; seat < s.seats; ++seat) {
      if (seat == v.seat || s.bids[seat]) continue;
      bool owes = false;
      for (int o : s.to_bid) owes |= o == seat;
      if (owes) continue;
      const int max = s.options.bid_max == BidMax::kTen ? 10 : s.hand_size;
      s.bids[seat] = std::min(max, bots::MediumBidTarget(s, seat, s.hands[seat]));
      if (s.options.cannonball) s.cannon[seat] = Cannon::kGrapeshot;
    }
  }
  return s;
}

}  // namespace pli::sk
