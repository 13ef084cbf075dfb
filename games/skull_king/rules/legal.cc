// legal.cc: LegalActions, in the order `pli legal` lists them, agreeing
// with Decide.
#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>

#include "games/skull_king/rules/rules.h"

namespace pli::sk {
namespace {

constexpr int kMaxSeats = 8;  // SK-S1

// One action appended, its fields written in place over a default one: a
// LegalAction built apart was assembled on the stack by narrow stores and
// read back whole, a load that waits for the stores to drain.
void Bid(std::vector<LegalAction>& out, int seat, int bid, std::optional<Cannon> cannon) {
  LegalAction& a = out.emplace_back();
  a.seat = seat;
  a.bid = bid;
  a.cannon = cannon;
}
void Play(std::vector<LegalAction>& out, int seat, Card card, Declare declare) {
  LegalAction& a = out.emplace_back();
  a.type = EventType::kPlay;
  a.seat = seat;
  a.card = card;
  a.declare = declare;
}

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
      Bid(out, seat, n, std::nullopt);
      continue;
    }
    for (Cannon c : {Cannon::kGrapeshot, Cannon::kCannonball})  // SK-B5
      Bid(out, seat, n, c);
  }
}

// The seat to play's cards in canonical order (SK-C2): its numbered cards
// (only the lead suit's when it must follow, SK-P5), then each special card
// it holds (a kind is held when its block's first bit is).
void Plays(const State& s, std::vector<LegalAction>& out) {
  const int seat = s.turn;
  const CardSet& hand = s.hands[seat];
  const auto lead = s.trick->lead_suit;
  uint64_t numbered = hand.lo() & ((uint64_t{1} << 56) - 1);
  if (lead && hand.HasSuit(*lead))  // SK-P5
    numbered &= uint64_t{0x3FFF} << (14 * static_cast<int>(*lead));
  for (; numbered != 0; numbered &= numbered - 1) {
    Play(out, seat, Card(static_cast<uint8_t>(std::countr_zero(numbered))), Declare::kNone);
  }
  if ((hand.lo() >> 56) == 0 && hand.hi() == 0) return;  // no special card
  // Each kind tested by its constant first bit, in canonical order.
  if (hand.Contains(kEscape)) Play(out, seat, kEscape, Declare::kNone);
  if (hand.Contains(kPirate)) Play(out, seat, kPirate, Declare::kNone);
  if (hand.Contains(kTigress)) {  // SK-P3
    Play(out, seat, kTigress, Declare::kPirate);
    Play(out, seat, kTigress, Declare::kEscape);
  }
  if (hand.Contains(kMermaid)) Play(out, seat, kMermaid, Declare::kNone);
  if (hand.Contains(kKing)) Play(out, seat, kKing, Declare::kNone);
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
      // Every seat still to bid has the same bids but for the seat (SK-B4
      // forbids a bid only to the last bidder): the first seat's are
      // listed, then copied for each other seat with its number.
      // The seats still to bid, in seat order, gathered without a branch
      // on each (which seats have bid is a toss-up at every step).
      std::array<int, kMaxSeats> owing;
      int owed = 0;
      for (int seat = 0; seat < s.seats && seat < kMaxSeats; ++seat) {
        owing[owed] = seat;
        owed += s.bids[seat] ? 0 : 1;
      }
      if (owed == 0) return;
      Bids(s, owing[0], out);
      const size_t block = out.size();
      for (int k = 1; k < owed; ++k) {
        out.resize((k + 1) * block);
        LegalAction* to = out.data() + k * block;
        std::copy_n(out.data(), block, to);
        for (size_t i = 0; i < block; ++i) to[i].seat = owing[k];
      }
    }
  } else if (s.phase == Phase::kPlay) {
    Plays(s, out);
  }
}

// The event built where it is returned, field by field: a PlayEvent made
// apart and moved in was copied through the stack at every step.
Event ToEvent(const LegalAction& a) {
  if (a.type == EventType::kBid) {
    Event e(std::in_place_type<BidEvent>);
    BidEvent& b = std::get<BidEvent>(e);
    b.seat = a.seat;
    b.bid = a.bid;
    b.cannon = a.cannon;
    return e;
  }
  Event e(std::in_place_type<PlayEvent>);
  PlayEvent& p = std::get<PlayEvent>(e);
  p.seat = a.seat;
  p.cards.push_back(a.card);
  p.declare = a.declare;
  return e;
}

// The fields written over the event already there when it is of the same
// type (its card list keeps its storage), else over a new one.
void ToEvent(const LegalAction& a, Event& out) {
  if (a.type == EventType::kBid) {
    BidEvent* b = std::get_if<BidEvent>(&out);
    if (b == nullptr) b = &out.emplace<BidEvent>();
    b->seat = a.seat;
    b->bid = a.bid;
    b->cannon = a.cannon;
    return;
  }
  PlayEvent* p = std::get_if<PlayEvent>(&out);
  if (p == nullptr) p = &out.emplace<PlayEvent>();
  p->seat = a.seat;
  p->cards.clear();
  p->cards.push_back(a.card);
  p->declare = a.declare;
}

}  // namespace pli::sk
