// legal.cc: every legal action in a state, up to suits, built from the same
// checks as Decide (FittingRanks, RankCheck for all ranks at once; MayPass;
// X1's condition for closes).
#include <cassert>

#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"

namespace pli {
namespace {

void AddGifts(const State& s, std::vector<LegalAction>& out) {
  for (const Gift& g : s.gifts) {
    if (g.done) continue;
    LegalAction a;
    a.type = EventType::kExchange;
    a.seat = g.from;
    a.to = g.to;
    a.count = g.count;
    const CardSet pool = s.hands[g.from] & s.dealt[g.from];  // K2: from the hand as dealt
    if (g.choice) {
      a.cards = pool;
    } else {
      auto need = internal::GiftRankSlots(s, g);
      for (int ri = 0; ri < kRankSlots; ++ri) {
        Rank r = static_cast<Rank>(ri);
        if (need[ri] == 0) continue;
        a.cards |= pool.OnlyRank(r);
        // H-W1, RULINGS.md H23: any wild card may stand for a wild one.
        if (!(s.order.wild & CardSet::OfRank(r)).empty()) a.cards |= pool & s.order.wild;
        for (int k = 0; k < need[ri]; ++k) a.ranks.push_back(r);
      }
    }
    out.push_back(std::move(a));
  }
}

// H-B6, H-C2: with `joker_order` `coloured-high` X1 and X2 differ, so a
// play of jokers names its cards (`cards`): one entry per set of the hand's
// jokers of the entry's count that Decide accepts (H-B4 step 3). Entries
// of natural ranks stay up to suits (RULINGS.md H6).
void ExactJokers(const State& s, int seat, std::vector<LegalAction>& out) {
  const CardSet jokers = s.hands[seat].OnlyRank(Rank::kX);
  if (jokers.empty()) return;
  std::vector<LegalAction> exact;
  for (auto it = out.begin(); it != out.end();) {
    if (it->type != EventType::kPlay || it->seat != seat || it->rank != Rank::kX || !it->cards.empty()) {
      ++it;
      continue;
    }
    CardSet lone;  // the hand's first joker alone, then the other alone, then both
    lone.insert(jokers.first());
    const CardSet options[] = {lone, jokers - lone, jokers.size() > 1 ? jokers : CardSet()};
    for (CardSet cards : options) {
      if (cards.empty() || cards.size() != it->count) continue;
      if (s.pli.count != 0 && internal::JokerOrderDecides(s, Rank::kX, it->declare) &&
          internal::PlayCheck(s, Rank::kX, it->declare, cards) != internal::RankProblem::kFits)
        continue;
      LegalAction a = *it;
      a.cards = cards;
      exact.push_back(a);
    }
    it = out.erase(it);
  }
  out.insert(out.end(), exact.begin(), exact.end());
}

// H-W1 (H-B6): the plays of `seat` in a game with wild cards: every set of
// natural cards of one rank r (or none: T) and w wild cards, 1 to 4 in all
// (H-B3), one entry per (effective rank, count, w, declaration), `wild` = w,
// each judged by Decide itself on the lowest-index cards of the hand.
// Returns whether some play without a declaration is legal (CanFollow).
bool AddWildPlays(const State& s, int seat, std::vector<LegalAction>* out) {
  const CardSet hand = s.hands[seat];
  const CardSet wild = hand & s.order.wild;
  const CardSet natural = hand - s.order.wild;
  const int w_held = wild.size();
  const int count = s.pli.count;
  bool follow = false;
  const Rank top = s.order.TopRank(s.revolution);
  for (int k = 0; k < s.order.size(); ++k) {
    const Rank r = s.order.RankOfStrength(k, false);
    const int a = natural.CountOf(r);
    const bool all_wild_rank = r == top;  // wild cards alone count as T
    if (a == 0 && !all_wild_rank) continue;
    for (int n = count == 0 ? 1 : count; n <= (count == 0 ? 4 : count); ++n) {
      for (int w = 0; w <= std::min(w_held, n); ++w) {
        if (n - w > a) continue;          // not enough natural cards of r
        if (w == n && !all_wild_rank) continue;  // wild only: T
        // H-B6, H-C2 (RULINGS.md H6): under coloured-high an entry of
        // natural jokers names them, one entry per set of the hand's jokers.
        std::vector<CardSet> naturals{CardSet()};
        if (r == Rank::kX && s.options.joker_order == JokerOrder::kColouredHigh && n > w) {
          const CardSet jokers = natural.OnlyRank(Rank::kX);
          CardSet lone;
          lone.insert(jokers.first());
          naturals.clear();
          for (CardSet c : {lone, jokers - lone, jokers.size() > 1 ? jokers : CardSet()})
            if (!c.empty() && c.size() == n - w) naturals.push_back(c);
        }
        for (CardSet named : naturals)
          for (int d = 0; d < (count == 0 ? 1 : 3); ++d) {
            LegalAction act{EventType::kPlay, seat, r, n, static_cast<Declare>(d), -1, named, {}};
            act.wild = w;
            if (Decide(s, ToEvent(s, act))) continue;
            if (d == 0) follow = true;
            if (out == nullptr) {
              if (follow) return true;
              continue;
            }
            out->push_back(act);
          }
      }
    }
  }
  return follow;
}

// Lists the plays of `seat`; returns the ranks it can follow with, without
// declaring (CanFollow's question: not empty when it can), for a pli with a
// lead.
uint64_t AddPlays(const State& s, int seat, std::vector<LegalAction>& out) {
  if (!s.order.wild.empty()) [[unlikely]]  // H-W1
    return AddWildPlays(s, seat, &out) ? 1 : 0;
  const CardSet hand = s.hands[seat];
  const int count = s.pli.count;
  static_assert(static_cast<int>(Declare::kNone) == 0 && static_cast<int>(Declare::kSuite) == 1 &&
                static_cast<int>(Declare::kReverse) == 2);
  uint64_t fitting[3] = {0, 0, 0};  // by Declare
  uint64_t held = hand.RanksWithAtLeast(count == 0 ? 1 : count);
  if (count != 0) {
    for (int d = 0; d < 3; ++d) fitting[d] = internal::FittingRanks(s, static_cast<Declare>(d));
    held &= fitting[0] | fitting[1] | fitting[2];
  }
  // Ranks in order, each held at least `count` times (P2; a lead: once)
  // and, following, allowed by some declaration.
  for (uint64_t m = held; m != 0; m &= m - 1) {
    const Rank r = RankOfBit(m);
    if (count == 0) {  // a lead: any count of one rank (P1, P2)
      for (int n = 1; n <= hand.CountOf(r); ++n)
        out.push_back(LegalAction{EventType::kPlay, seat, r, n, Declare::kNone, -1, {}, {}});
      continue;
    }
    // Following: the ranks each declaration allows (RankCheck's kFits),
    // in rank order, then none, suite, reverse for a rank.
    const uint64_t bit = m & -m;
    if (fitting[0] & bit)
      out.push_back(LegalAction{EventType::kPlay, seat, r, count, Declare::kNone, -1, {}, {}});
    if (fitting[1] & bit)
      out.push_back(LegalAction{EventType::kPlay, seat, r, count, Declare::kSuite, -1, {}, {}});
    if (fitting[2] & bit)
      out.push_back(LegalAction{EventType::kPlay, seat, r, count, Declare::kReverse, -1, {}, {}});
  }
  if (s.options.joker_order == JokerOrder::kColouredHigh) [[unlikely]]
    ExactJokers(s, seat, out);
  return held & fitting[0];
}

// The close, if any (X1, X2), from the conditions of DecideClose: in play
// (LegalActions' caller checked the phase), with closes in the ruleset and a
// play on the table whose rank is not the top rank, the seat that holds
// every remaining card of that rank may close when those cards are as many
// as the pli's count. ToEvent names exactly those cards, so each check of
// DecideClose holds; Decide itself confirms it in debug builds, and the
// property tests compare the two on random states.
void AddCloses(const State& s, std::vector<LegalAction>& out) {
  if (!s.options.close || s.pli.count == 0) return;
  const Rank r = internal::LastRank(s);
  if (r == s.order.TopRank(s.revolution)) return;  // X2
  if (!(s.order.wild & CardSet::OfRank(r)).empty()) return;  // H-B1: a close is of natural cards
  CardSet remaining;  // X1: a closer holds every remaining card of the rank
  for (int seat = 0; seat < s.seats; ++seat) remaining |= s.hands[seat].OnlyRank(r);
  if (remaining.CountOf(r) != s.pli.count) return;  // one rank: a nibble, no popcount
  for (int seat = 0; seat < s.seats; ++seat) {
    if (s.hands[seat].OnlyRank(r) != remaining) continue;
    LegalAction a{EventType::kClose, seat, r, s.pli.count, Declare::kNone, -1, {}, {}};
    assert(!Decide(s, ToEvent(s, a)));
    out.push_back(a);
  }
}

}  // namespace

namespace internal {
bool WildCanFollow(const State& s, int seat) { return AddWildPlays(s, seat, nullptr); }
}  // namespace internal

void LegalActions(const State& s, std::vector<LegalAction>& out) {
  out.clear();
  if (s.phase == Phase::kExchange) return AddGifts(s, out);
  if (s.phase != Phase::kPlay) return;
  const uint64_t follow = AddPlays(s, s.turn, out);
  // DecidePass's checks that can fail for the seat to play: P5, then MayPass.
  if ((s.pli.out & SeatBit(s.turn)) == 0 &&
      internal::MayPassGiven(s, s.turn, [follow] { return follow != 0; }))
    out.push_back(LegalAction{EventType::kPass, s.turn});
  AddCloses(s, out);
}

std::vector<LegalAction> LegalActions(const State& s) {
  std::vector<LegalAction> out;
  out.reserve(16);  // one allocation for most states
  LegalActions(s, out);
  return out;
}

Event ToEvent(const State& s, const LegalAction& a) {
  // The event is built in place (it is returned without a copy): its cards,
  // the first n of `from` in index order, go straight into its CardList.
  auto first = [](CardSet from, int n, CardList& cards) {
    for (Card c : from) {
      if (static_cast<int>(cards.size()) == n) break;
      cards.push_back(c);
    }
  };
  Event e{PassEvent{a.seat}};  // a trivial body, replaced below unless a pass
  switch (a.type) {
    case EventType::kPlay: {
      PlayEvent& play = e.body.emplace<PlayEvent>();
      play.seat = a.seat;
      play.declare = a.declare;
      if (!s.order.wild.empty()) {
        // H-W1: count - wild natural cards of the rank, then `wild` wild
        // cards, the lowest-index ones.
        const CardSet hand = s.hands[a.seat];
        first(a.cards.empty() ? (hand - s.order.wild).OnlyRank(a.rank) : a.cards, a.count - a.wild, play.cards);
        first(hand & s.order.wild, a.count, play.cards);
        break;
      }
      // H-B6: an entry that names its cards (H-C2's jokers) is played as named.
      first(a.cards.empty() ? s.hands[a.seat].OnlyRank(a.rank) : a.cards, a.count, play.cards);
      break;
    }
    case EventType::kClose: {
      CloseEvent& close = e.body.emplace<CloseEvent>();
      close.seat = a.seat;
      first(s.hands[a.seat].OnlyRank(a.rank), a.count, close.cards);
      break;
    }
    case EventType::kExchange: {
      ExchangeEvent& gift = e.body.emplace<ExchangeEvent>();
      gift.from = a.seat;
      gift.to = a.to;
      if (a.ranks.empty()) {
        first(a.cards, a.count, gift.cards);
        break;
      }
      CardSet left = a.cards;
      for (Rank r : a.ranks) {
        Card c = left.OnlyRank(r).first();
        left.erase(c);
        gift.cards.push_back(c);
      }
      break;
    }
    default:
      break;
  }
  return e;
}

}  // namespace pli
