// rules_internal.h: helpers shared by decide.cc, apply.cc and legal.cc.
// Not part of the engine's public API.
#ifndef PLI_ENGINE_RULES_INTERNAL_H_
#define PLI_ENGINE_RULES_INTERNAL_H_

#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"

namespace pli::internal {

// The effective rank of the last play of the pli (H-B1); the pli must
// have one.
inline Rank LastRank(const State& s) { return LastPlayRank(s); }

// H-W1, H-B1: the effective rank of a set: the rank of its natural cards
// (those not in order.wild), T of the order in force for wild cards only;
// nullopt when the natural cards are of several ranks (mixed-ranks).
inline std::optional<Rank> EffectiveRank(const RankOrder& order, CardSet cards, bool revolution) {
  return order.EffectiveRank(cards, revolution);
}
// H-W1: the wild cards of a set.
inline int WildCount(const State& s, CardSet cards) { return (cards & s.order.wild).size(); }

inline bool HasCards(const State& s, int seat) { return !s.hands[seat].empty(); }

// The ranking in force (HOUSE_RULES.md terms): the last completed manche's
// places, as H-K4 changed them with `stale_falls`. A ranking must exist.
inline const std::vector<int>& InForce(const State& s) {
  return s.options.stale_falls ? s.standing : *s.ranking;
}

// H-G2: with a target, whether some seated player's total has reached it
// ("atteint": reaches or passes). False without a target.
inline bool TargetReached(const State& s) {
  if (s.options.target <= 0) return false;
  for (int score : s.scores)
    if (score >= s.options.target) return true;
  return false;
}

// The seats that hold cards: every hand tested, with no branch (a fold
// asks once or twice per event).
inline SeatMask SeatsWithCards(const State& s) {
  SeatMask m = 0;
  for (int i = 0; i < kMaxSeats; ++i) m |= SeatMask{!s.hands[i].empty()} << i;
  return m & (SeatBit(s.seats) - 1);
}

// The first seat clockwise after `from` whose bit is in `mask`, or -1.
inline int NextSeatIn(const State& s, int from, SeatMask mask) {
  mask &= SeatBit(s.seats) - 1;
  // Clockwise: the seats after `from` first, then from seat 0 (`from` last).
  const SeatMask after = from < 0 ? mask : mask & ~((SeatBit(from) << 1) - 1);
  if (after != 0) return std::countr_zero(after);
  return mask != 0 ? std::countr_zero(mask) : -1;
}

// A CardSet from a list, and whether a card is named twice.
inline CardSet ToSet(const CardList& cards, bool* repeated) {
  CardSet set;
  *repeated = false;
  for (Card c : cards) {
    if (set.contains(c)) *repeated = true;
    set.insert(c);
  }
  return set;
}

// "Alice (seat 0)".
std::string SeatText(const State& s, int seat);
// "singles", "pairs", "brelans" (three of a kind), "carrés".
std::string CountWord(int count);
// "one card", "2 cards".
std::string CardsWord(int n);
// "a 7", "a J" for messages about ranks.
std::string RankText(Rank r);
// H-R1: what the deck lacks, for a card outside it: "ranks = klootzakken:
// the deck has no 4, 5 or 6".
std::string DeckText(const State& s);
// H-B2: the order in force without révolution, "2 3 4 ... K A".
std::string OrderText(const RankOrder& order);

// What is wrong with a play of rank `r`, with `declare`, for the pli as it
// stands (everything after the hand and count checks of RULES.md's order:
// declare-not-allowed, ou-rien-rank, too-weak, not-consecutive), in that
// order. The pli must have a lead.
enum class RankProblem : uint8_t {
  kFits,
  kSuiteOff,           // U1: no suites in this ruleset
  kSuiteNotSecond,     // U1: not the second play, or a mode is in force
  kSuiteWrongRank,     // U1: not one step up
  kReverseOff,         // V1: no reverses in this ruleset
  kReverseInSuiteOff,  // V2: no reverse in a suite in this ruleset
  kAlreadyReversed,    // V2
  kReverseNotSecond,   // V1
  kReverseWrongRank,   // V1: not one step down
  kOuRien,             // O2
  kSuiteBroken,        // U2: not the next rank of the suite
  kReverseBroken,      // V3: not the next rank of the reverse
  kTooWeak,            // P3
};

// The decision, with no sentence (LegalActions and CanFollow ask it for
// every rank; it builds no string, and is inline for them).
inline RankProblem RankCheck(const State& s, Rank r, Declare declare) {
  const Pli& p = s.pli;
  const bool rev = s.revolution;
  const Rank last = LastRank(s);
  const bool second_play = p.plays == 1;
  if (declare == Declare::kSuite) {
    // U1: only the second play may declare a suite, one step up from the lead.
    if (!s.options.suite) return RankProblem::kSuiteOff;
    if (!second_play || p.mode != Mode::kFree) return RankProblem::kSuiteNotSecond;
    if (s.order.StepUp(last, rev) != r) return RankProblem::kSuiteWrongRank;
    return RankProblem::kFits;
  }
  if (declare == Declare::kReverse) {
    if (!s.options.reverse) return RankProblem::kReverseOff;
    if (p.mode == Mode::kSuite) {
      // V2 (R3): in a suite, a legal continuation may also declare a reverse.
      if (!s.options.reverse_in_suite) return RankProblem::kReverseInSuiteOff;
      return s.order.StepUp(last, rev) != r ? RankProblem::kSuiteBroken : RankProblem::kFits;
    }
    if (p.mode == Mode::kReverse) return RankProblem::kAlreadyReversed;
    // V1: the second play may declare a reverse, one step down from the lead.
    if (!second_play) return RankProblem::kReverseNotSecond;
    if (s.order.StepDown(last, rev) != r) return RankProblem::kReverseWrongRank;
    return RankProblem::kFits;
  }
  // O2: while ou-rien is in force, the next player plays that rank or passes.
  if (p.ou_rien && r != last) return RankProblem::kOuRien;
  if (p.mode == Mode::kSuite)  // U2
    return s.order.StepUp(last, rev) != r ? RankProblem::kSuiteBroken : RankProblem::kFits;
  if (p.mode == Mode::kReverse)  // V3
    return s.order.StepDown(last, rev) != r ? RankProblem::kReverseBroken : RankProblem::kFits;
  // P3: equal or stronger (strictly stronger without equal_allowed).
  const int need = s.order.Strength(last, rev) + (s.options.equal_allowed ? 0 : 1);
  return s.order.Strength(r, rev) < need ? RankProblem::kTooWeak : RankProblem::kFits;
}

// H-B4 step 3, H-C2: with `joker_order` `coloured-high`, a set of jokers
// only played on a set of jokers only (the rank X on X, in a free pli, not
// declaring) beats it when it holds more X2 (fewer under révolution), and
// loses when it holds fewer; as many is a tie (P3's equal). +1 beats, -1
// loses, 0 ties.
inline bool JokerOrderDecides(const State& s, Rank r, Declare declare) {
  return s.options.joker_order == JokerOrder::kColouredHigh && r == Rank::kX &&
         declare == Declare::kNone && s.pli.mode == Mode::kFree && LastRank(s) == Rank::kX;
}
inline int JokerOrderStep(const State& s, CardSet play) {
  const int d = static_cast<int>(play.contains(kJoker2)) -
                static_cast<int>(s.pli.last_cards.contains(kJoker2));
  return s.revolution ? -d : d;
}
// H-B4 step 2, H-W2: a set of the last play's effective rank (and count,
// P2), one of the two holding a wild card: with `wild_tie` `natural` the
// one with fewer wild cards beats, with `wild` the one with more; as many
// (or `equal`) is a tie. +1 beats, -1 loses, 0 ties; not reversed under
// révolution.
inline bool WildTieDecides(const State& s, Rank r, Declare declare, CardSet cards) {
  return !s.order.wild.empty() && declare == Declare::kNone && r == LastRank(s) &&
         !((cards | s.pli.last_cards) & s.order.wild).empty();
}
inline int WildTieStep(const State& s, CardSet cards) {
  const int d = WildCount(s, s.pli.last_cards) - WildCount(s, cards);  // fewer wild: > 0
  if (s.options.wild_tie == WildTie::kNatural) return d;
  if (s.options.wild_tie == WildTie::kWild) return -d;
  return 0;
}
// RankCheck for the cards of a play (Decide), H-B4 steps 2 and 3 included.
inline RankProblem PlayCheck(const State& s, Rank r, Declare declare, CardSet cards) {
  const RankProblem problem = RankCheck(s, r, declare);
  if ((problem == RankProblem::kFits || problem == RankProblem::kTooWeak) &&
      WildTieDecides(s, r, declare, cards)) [[unlikely]] {
    const int step = WildTieStep(s, cards);  // H-B4 step 2 (H-W2) decides; step 3 is not reached
    if (step != 0) return step > 0 ? RankProblem::kFits : RankProblem::kTooWeak;
    return problem;
  }
  if ((problem == RankProblem::kFits || problem == RankProblem::kTooWeak) &&
      JokerOrderDecides(s, r, declare)) {
    const int step = JokerOrderStep(s, cards);
    if (step != 0) return step > 0 ? RankProblem::kFits : RankProblem::kTooWeak;
  }
  return problem;
}
// The jokers no hand can play on the last play (H-C1, H-C2): with one
// pack, the jokers still held are the deck's minus those played.
inline CardSet UnplayedJokers(const State& s) {
  return (s.order.deck & CardSet::OfRank(Rank::kX)) - s.discards - s.pli.last_cards - s.discarded;  // H-K3
}

// A set of ranks in the form of CardSet::RanksWithAtLeast: bit 4r + 3 for
// rank r, so that it combines with the ranks a hand holds by one AND.
inline constexpr uint64_t kRankMaskBits = 0x88888888888888ULL;  // 14 ranks, X included (H-C1)
constexpr uint64_t RankMaskOf(Rank r) { return uint64_t{8} << (4 * static_cast<int>(r)); }
constexpr uint64_t RankMaskOf(std::optional<Rank> r) { return r ? RankMaskOf(*r) : 0; }
// The ranks lo..hi (none when lo > hi); 0 <= lo, hi <= 12.
constexpr uint64_t RankMaskRange(int lo, int hi) {
  if (lo > hi) return 0;
  return ((uint64_t{1} << (4 * (hi + 1))) - (uint64_t{1} << (4 * lo))) & kRankMaskBits;
}

// Every rank r for which RankCheck(s, r, declare) is kFits, at once
// (LegalActions, CanFollow). The same rules in the same order as RankCheck,
// as sets: each test that refuses a rank there removes it here; the
// property tests check the two agree on every rank of random states.
inline uint64_t FittingRanks(const State& s, Declare declare) {
  const Pli& p = s.pli;
  const bool rev = s.revolution;
  const Rank last = LastRank(s);
  const bool second_play = p.plays == 1;
  if (declare == Declare::kSuite) {  // U1
    if (!s.options.suite || !second_play || p.mode != Mode::kFree) return 0;
    return RankMaskOf(s.order.StepUp(last, rev));
  }
  if (declare == Declare::kReverse) {
    if (!s.options.reverse) return 0;
    if (p.mode == Mode::kSuite)  // V2
      return s.options.reverse_in_suite ? RankMaskOf(s.order.StepUp(last, rev)) : 0;
    if (p.mode == Mode::kReverse || !second_play) return 0;  // V2, V1
    return RankMaskOf(s.order.StepDown(last, rev));
  }
  const uint64_t only = p.ou_rien ? RankMaskOf(last) : kRankMaskBits;  // O2
  if (p.mode == Mode::kSuite) return only & RankMaskOf(s.order.StepUp(last, rev));      // U2
  if (p.mode == Mode::kReverse) return only & RankMaskOf(s.order.StepDown(last, rev));  // V3
  // P3: strength at least `need` in the order in force (C2, C3, H-B2),
  // read from its table of masks.
  const int need = s.order.Strength(last, rev) + (s.options.equal_allowed ? 0 : 1);
  uint64_t fits = only & s.order.AtLeast(need, rev);
  if (s.options.joker_order != JokerOrder::kEqual && last == Rank::kX) [[unlikely]] {
    // H-B4 step 3 (H-C2): X on X is decided by the jokers a hand can play
    // there, with one pack exactly the unplayed ones (`count` of them).
    const CardSet jokers = UnplayedJokers(s);
    if (jokers.size() == p.count) {
      const int step = JokerOrderStep(s, jokers);
      if (step > 0) fits |= RankMaskOf(Rank::kX) & only;
      if (step < 0) fits &= ~RankMaskOf(Rank::kX);
    }
  }
  return fits;
}

// The violation of a problem RankCheck found (not kFits), its sentence
// naming the cards played as `cards_text`.
Violation ExplainRank(const State& s, Rank r, RankProblem problem, const std::string& cards_text);

// H-W1: whether `seat` has a legal play without declaring, with wild
// cards in the game (every set of natural cards of one rank and wild
// cards, judged as Decide judges it; legal.cc).
bool WildCanFollow(const State& s, int seat);

// P4/U4/O2: whether `seat` has a legal play without declaring.
inline bool CanFollow(const State& s, int seat) {
  if (!s.order.wild.empty()) [[unlikely]] return WildCanFollow(s, seat);
  return (s.hands[seat].RanksWithAtLeast(s.pli.count) & FittingRanks(s, Declare::kNone)) != 0;
}

// R4, P4, O2, U4: whether `seat`, whose turn it is in the pli, may pass (the
// decision of DecidePass after the seat, phase and turn checks), where
// can_follow() answers CanFollow(s, seat); it is asked only when the answer
// matters (LegalActions knows it already from the plays it listed).
template <typename CanFollowFn>
bool MayPassGiven(const State& s, int seat, CanFollowFn&& can_follow) {
  const Pli& p = s.pli;
  if (p.solo) return true;        // R4: the lone last player may always stop
  if (p.count == 0) return false;  // P4: the leader plays
  // O2: must play the rank if they can, and pass only if they cannot; H-W1:
  // with wild cards, if they have a legal play (of that rank, O2).
  if (p.ou_rien) {
    if (!s.order.wild.empty()) [[unlikely]] return !can_follow();
    return s.hands[seat].CountOf(LastRank(s)) < p.count;
  }
  return !(s.options.mandatory_play && can_follow());
}
inline bool MayPass(const State& s, int seat) {
  return MayPassGiven(s, seat, [&] { return CanFollow(s, seat); });
}

// K2: the ranks a non-choice gift must have, as the cards of the hand as
// dealt that it must be chosen from per rank: returns the multiset of ranks
// as counts (index = rank).
// Indexed by rank, X included (H-C1: the jokers are the strongest cards).
std::array<int, kRankSlots> GiftRankSlots(const State& s, const Gift& g);
// The same for the natural ranks only (a game without jokers).
std::array<int, kRankCount> GiftRanks(const State& s, const Gift& g);

}  // namespace pli::internal

#endif  // PLI_ENGINE_RULES_INTERNAL_H_
