// moves.cc: the fast move generator of moves.h.
#include "games/president/bots/moves.h"

namespace pli::bots {

bool FitsPli(const State& s, Rank r, Declare declare) {
  const Pli& p = s.pli;
  const bool rev = s.revolution;
  const Rank last = LastPlayRank(s);
  const bool second_play = p.plays == 1;
  if (declare == Declare::kSuite)  // U1
    return s.options.suite && second_play && p.mode == Mode::kFree && s.order.StepUp(last, rev) == r;
  if (declare == Declare::kReverse) {
    if (!s.options.reverse) return false;
    if (p.mode == Mode::kSuite) return s.options.reverse_in_suite && s.order.StepUp(last, rev) == r;  // V2
    if (p.mode == Mode::kReverse) return false;
    return second_play && s.order.StepDown(last, rev) == r;  // V1
  }
  if (p.ou_rien && r != last) return false;                                            // O2
  if (p.mode == Mode::kSuite) return s.order.StepUp(last, rev) == r;                           // U2
  if (p.mode == Mode::kReverse) return s.order.StepDown(last, rev) == r;                       // V3
  if (s.options.joker_order != JokerOrder::kEqual && r == Rank::kX && last == Rank::kX) {
    // H-B4 step 3 (H-C2): with one pack the jokers left are the ones a seat
    // can play on X; more X2 beats (fewer under révolution), fewer loses.
    const CardSet left = (s.order.deck & CardSet::OfRank(Rank::kX)) - s.discards - p.last_cards;
    int d = static_cast<int>(left.contains(kJoker2)) - static_cast<int>(p.last_cards.contains(kJoker2));
    if (rev) d = -d;
    if (d != 0) return d > 0;
  }
  return s.order.Strength(r, rev) >= s.order.Strength(last, rev) + (s.options.equal_allowed ? 0 : 1);  // P3
}

bool MayPass(const State& s, int seat) {
  const Pli& p = s.pli;
  if (p.solo) return true;         // R4
  if (p.count == 0) return false;  // a lead must play
  const CardSet hand = s.hands[seat];
  if (p.ou_rien) return hand.CountOf(LastPlayRank(s)) < p.count;  // O2
  if (!s.options.mandatory_play) return true;
  for (int ri = 0; ri < kRankSlots; ++ri) {  // P4, U4
    const Rank r = static_cast<Rank>(ri);
    if (hand.CountOf(r) >= p.count && FitsPli(s, r, Declare::kNone)) return false;
  }
  return true;
}

int CloserSeat(const State& s) {
  const Pli& p = s.pli;
  if (!s.options.close || p.count == 0) return -1;
  const Rank r = LastPlayRank(s);
  if (r == s.order.TopRank(s.revolution)) return -1;  // X2
  if (!(s.order.wild & CardSet::OfRank(r)).empty()) return -1;  // H-B1: no close of wild cards
  const CardSet left = (CardSet::OfRank(r) & s.order.deck) - s.discards;  // H-C1: X has 1 or 2 cards
  if (left.size() != p.count) return -1;  // X1: the count must match
  for (int seat = 0; seat < s.seats; ++seat)
    if (s.hands[seat].contains(left)) return seat;
  return -1;
}

void PlayActions(const State& s, std::vector<LegalAction>& out) {
  if (!s.order.wild.empty()) {  // H-W1: the engine's own list (wild sets are rare in bot games)
    std::vector<LegalAction> all = LegalActions(s);
    out.insert(out.end(), all.begin(), all.end());
    return;
  }
  const int seat = s.turn;
  const CardSet hand = s.hands[seat];
  const int count = s.pli.count;
  for (int ri = 0; ri < kRankSlots; ++ri) {
    const Rank r = static_cast<Rank>(ri);
    const int have = hand.CountOf(r);
    if (have == 0) continue;
    if (count == 0) {
      for (int n = 1; n <= have; ++n)
        out.push_back(LegalAction{EventType::kPlay, seat, r, n, Declare::kNone, -1, {}, {}});
      continue;
    }
    if (have < count) continue;
    for (Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse})
      if (FitsPli(s, r, d))
        out.push_back(LegalAction{EventType::kPlay, seat, r, count, d, -1, {}, {}});
  }
  if (MayPass(s, seat)) out.push_back(LegalAction{EventType::kPass, seat});
  const int closer = CloserSeat(s);
  if (closer >= 0) {
    const Rank r = LastPlayRank(s);
    out.push_back(LegalAction{EventType::kClose, closer, r, count, Declare::kNone, -1, {}, {}});
  }
}

Event MakeEvent(const State& s, const LegalAction& a) {
  if (a.type == EventType::kPass) return Event{PassEvent{a.seat}};
  if (!s.order.wild.empty()) return ToEvent(s, a);  // H-W1: natural and wild cards
  CardList cards;
  for (Card c : s.hands[a.seat].OnlyRank(a.rank)) {
    if (static_cast<int>(cards.size()) == a.count) break;
    cards.push_back(c);
  }
  if (a.type == EventType::kClose) return Event{CloseEvent{a.seat, std::move(cards)}};
  return Event{PlayEvent{a.seat, std::move(cards), a.declare}};
}

}  // namespace pli::bots
