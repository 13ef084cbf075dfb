// decide.cc: Decide(state, event): is this action legal, and if not, which
// violation (RULES.md "Violation codes", in its order of precedence).
#include <algorithm>
#include <array>
#include <bit>
#include <cassert>
#include <type_traits>

#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"
#include "engine/text.h"

namespace pli {
namespace internal {
namespace {

// The sentences of RankCheck's declare problems (U1, V1, V2) about a play of
// `cards_text`.
Violation DeclareViolation(const State& s, RankProblem problem, const std::string& cards_text) {
  const Pli& p = s.pli;
  const bool rev = s.revolution;
  const Rank last = LastRank(s);
  const std::string last_text = CardSetText(p.last_cards);
  switch (problem) {
    case RankProblem::kSuiteOff:
      return {Code::kDeclareNotAllowed, "U1", "the suite is not played in this ruleset"};
    case RankProblem::kSuiteNotSecond:
      return {Code::kDeclareNotAllowed, "U1",
              p.mode == Mode::kReverse
                  ? "a suite cannot be declared during a reverse"
                  : "only the second play of a pli may declare a suite; this pli has " +
                        std::to_string(p.plays) + " plays"};
    case RankProblem::kSuiteWrongRank:
      return {Code::kDeclareNotAllowed, "U1",
              "a suite on " + last_text + " must be " +
                  (s.order.StepUp(last, rev) ? RankText(*s.order.StepUp(last, rev))
                                     : std::string("a stronger rank, and there is none")) +
                  ", not " + cards_text};
    case RankProblem::kReverseOff:
      return {Code::kDeclareNotAllowed, "V1", "the reverse is not played in this ruleset"};
    case RankProblem::kReverseInSuiteOff:
      return {Code::kDeclareNotAllowed, "V2",
              "a reverse cannot be declared during a suite in this ruleset"};
    case RankProblem::kAlreadyReversed:
      return {Code::kDeclareNotAllowed, "V2", "this pli is already reversed"};
    case RankProblem::kReverseNotSecond:
      return {Code::kDeclareNotAllowed, "V1",
              "only the second play of a pli may declare a reverse; this pli has " +
                  std::to_string(p.plays) + " plays"};
    default: {  // kReverseWrongRank
      auto down = s.order.StepDown(last, rev);
      return {Code::kDeclareNotAllowed, "V1",
              "a reverse on " + last_text + " must be " +
                  (down ? RankText(*down) : std::string("a weaker rank, and there is none")) +
                  ", not " + cards_text};
    }
  }
}

}  // namespace

Violation ExplainRank(const State& s, Rank r, RankProblem problem, const std::string& cards_text) {
  const Pli& p = s.pli;
  const bool rev = s.revolution;
  const Rank last = LastRank(s);
  switch (problem) {
    case RankProblem::kOuRien:
      return {Code::kOuRienRank, "O2",
              "ou-rien is in force: play " + RankText(last) + " or pass, not " + cards_text};
    case RankProblem::kSuiteBroken: {
      auto next = s.order.StepUp(last, rev);
      return {Code::kNotConsecutive, "U2",
              "a suite is in force: after " + CardSetText(p.last_cards) +
                  " the next play must be " + (next ? RankText(*next) : std::string("nothing")) +
                  ", not " + cards_text};
    }
    case RankProblem::kReverseBroken: {
      auto next = s.order.StepDown(last, rev);
      return {Code::kNotConsecutive, "V3",
              "a reverse is in force: after " + CardSetText(p.last_cards) +
                  " the next play must be " +
                  (next ? RankText(*next) : std::string("nothing: it cannot be followed")) +
                  ", not " + cards_text};
    }
    case RankProblem::kTooWeak:
      return {Code::kTooWeak, "P3",
              cards_text + " is " +
                  (s.order.Strength(r, rev) == s.order.Strength(last, rev) ? "only equal to" : "weaker than") +
                  " the last play, " + CardSetText(p.last_cards) +
                  (s.options.equal_allowed ? "" : ": a play must be stronger") +
                  (rev ? " (révolution: the order is reversed)" : "")};
    default:
      return DeclareViolation(s, problem, cards_text);
  }
}

}  // namespace internal

namespace {

using internal::SeatText;
using internal::ToSet;

// Decide runs the checks below in two passes, written once as templates on
// kExplain. The answering pass (false) says only whether the event is
// refused, as a bool that is true when it is, and builds no sentence: a
// legal event, the common case, costs that pass alone. Only for a refused
// event does the explaining pass (true) run the same checks again to build
// the violation that the first one found.
template <bool kExplain>
using Verdict = std::conditional_t<kExplain, std::optional<Violation>, bool>;

template <bool kExplain>
Verdict<kExplain> Accept() {
  if constexpr (kExplain) {
    return std::nullopt;
  } else {
    return false;
  }
}

// Refused: explain() writes the violation, in the explaining pass only.
template <bool kExplain, typename Explain>
Verdict<kExplain> Refuse(Explain&& explain) {
  if constexpr (kExplain) {
    return explain();
  } else {
    return true;
  }
}

Violation Malformed(std::string message) { return Violation{Code::kMalformed, "", std::move(message)}; }

bool SeatInRange(const State& s, int seat) { return seat >= 0 && seat < s.seats; }

// Step 1 of the order: a seat the event names must exist (malformed).
template <bool kExplain>
Verdict<kExplain> CheckSeat(const State& s, int seat) {
  if (SeatInRange(s, seat)) return Accept<kExplain>();
  return Refuse<kExplain>([&] { return Malformed("seat " + std::to_string(seat) + " does not exist"); });
}

std::string OwedText(const State& s) {
  std::string text;
  for (const Gift& g : s.gifts) {
    if (g.done) continue;
    if (!text.empty()) text += ", ";
    text += SeatText(s, g.from) + " to " + SeatText(s, g.to) + " " + internal::CardsWord(g.count);
  }
  return text;
}

// G1, H-G2: the game is over, by an end event, the manches limit or the
// target (then the rule is H-G2 and the sentence names the winners).
Violation GameOverViolation(const State& s, const char* over = "the game is over") {
  if (!internal::TargetReached(s)) return Violation{Code::kGameOver, "G1", over};
  std::string winners;
  for (int seat : Winners(s)) winners += (winners.empty() ? "" : ", ") + SeatText(s, seat);
  return Violation{Code::kGameOver, "H-G2",
                   std::string(over) + ": a total reached the target " + std::to_string(s.options.target) +
                       " (won by " + winners + ")"};
}

// Step 2 of the order: the phase, for plays, passes and closes.
Violation PlayPhaseViolation(const State& s) {
  switch (s.phase) {
    case Phase::kGameOver:
      return GameOverViolation(s);
    case Phase::kMancheOver:
      return Violation{Code::kNoManche, "G1",
                       s.manche == 0 ? "no manche has been dealt yet" : "manche " +
                           std::to_string(s.manche) + " is over; the next one has not been dealt"};
    default: {  // kExchange
      // K3; H-K2 when only the merchants' gifts are still owed.
      bool merchants_only = true;
      for (const Gift& g : s.gifts) merchants_only = merchants_only && (g.done || g.rule == GiftRule::kMerchants);
      if (merchants_only) [[unlikely]]
        return Violation{Code::kExchangePending, "H-K2",
                         "play cannot start before every gift is made (K3); the merchants' gifts are still "
                         "owed (H-K2): " + OwedText(s)};
      return Violation{Code::kExchangePending, "K3",
                       "play cannot start before every gift is made; still owed: " + OwedText(s)};
    }
  }
}
template <bool kExplain>
Verdict<kExplain> CheckPlayPhase(const State& s) {
  if (s.phase == Phase::kPlay) return Accept<kExplain>();
  return Refuse<kExplain>([&] { return PlayPhaseViolation(s); });
}

// P7: `seat` acts out of turn.
Violation NotYourTurn(const State& s, int seat) {
  Violation v{Code::kNotYourTurn, "P7",
              internal::HasCards(s, seat)
                  ? "it is " + SeatText(s, s.turn) + "'s turn, not " + SeatText(s, seat) + "'s"
                  : SeatText(s, seat) + " has no cards left"};
  if (seat == s.fallen) {  // H-K3: the fallen Président is a seat without cards
    v.rule = "H-K3";
    v.message += " (H-K3: " + SeatText(s, seat) +
                 ", the Président, did not finish first: his cards were set aside)";
  } else if (s.manche == 1 && s.discards.empty() && s.pli.count == 0 &&
             s.options.first_lead != Options{}.first_lead) {
    v.rule = "H-L1";  // the first lead of the game, by option first_lead
    v.message += s.options.first_lead < 0
                     ? " (H-L1: first_lead = seat-0, seat 0 leads manche 1)"
                     : " (H-L1: the holder of " + *OptionText(s.options, "first_lead") + " leads manche 1)";
  } else if (!internal::HasCards(s, seat)) {
    // a seat without cards: P7 alone
    // Below, the house rule that took the turn from a seat that P6 alone
    // would have given it to, or passed over (RULINGS.md H19): H-T1's
    // skip, H-T2's close.
  } else if (s.pli.skipped & SeatBit(seat)) {
    v.rule = "H-T1";
    v.message += " (H-T1, equal_skips: the last equal play skipped " + SeatText(s, seat) + ")";
  } else if (s.pli.denied & SeatBit(seat)) {
    v.rule = "H-T2";
    v.message += " (H-T2, single_round: " + SeatText(s, seat) +
                 " had had a chance in the last pli, which closed; its last player leads)";
  }
  return v;
}

// Who holds `cards` other than `seat`, for the adjudicator only (a hand is
// its holder's): "Kc Kd are with Bo (seat 1); Ks is with Cy (seat 2)".
// Cards played already are public and not listed; "" when none is held.
std::string WhereHeld(const State& s, int seat, CardSet cards) {
  std::string where;
  for (int other = 0; other < s.seats; ++other) {
    if (other == seat) continue;
    const CardSet held = s.hands[other] & cards;
    if (held.empty()) continue;
    where += (where.empty() ? "" : "; ") + CardSetText(held) + (held.size() == 1 ? " is" : " are") +
             " with " + SeatText(s, other);
  }
  return where;
}

// P1 for a play, close or gift naming cards `seat` does not hold: the
// actor's sentence names the cards (they named them); who holds them is
// hidden from the actor, and the rest of the table is not told which of
// the cards named the actor lacks.
Violation NotHeld(const State& s, int seat, CardSet missing) {
  Violation v{Code::kCardNotInHand, "P1", SeatText(s, seat) + " does not hold " + CardSetText(missing)};
  if (!(missing - s.order.deck).empty()) {  // H-R1: a card of a rank the deck lacks
    v.rule = "H-R1";
    v.message += " (" + internal::DeckText(s) + ")";
  }
  v.hidden = WhereHeld(s, seat, missing);
  v.table = SeatText(s, seat) + " does not hold every card named";
  return v;
}

// H-C1: a joker this game's deck lacks is an unknown card (malformed,
// first in the order), as it was before jokers were refereed.
template <bool kExplain>
Verdict<kExplain> CheckJokers(const State& s, const CardList& cards) {
  for (Card c : cards) {
    if (c.index >= kDeckSize && !s.order.deck.contains(c)) [[unlikely]]
      return Refuse<kExplain>([&s, c] {
        Violation v = Malformed("unknown card \"" + CardText(c) + "\": this game has " +
                                (s.options.jokers == 0 ? std::string("no jokers")
                                                       : "one joker (X1)") +
                                " (H-C1, option jokers)");
        v.rule = "H-C1";
        return v;
      });
  }
  return Accept<kExplain>();
}

// P1: the cards are in the hand, named once each, and of one rank: the
// violation, once CheckCards below has found one.
Violation CardsViolation(const State& s, int seat, const CardList& cards, const char* rule_for_rank,
                         bool play = false) {
  bool repeated = false;
  CardSet set = ToSet(cards, &repeated);
  if (repeated) {
    for (size_t i = 0; i < cards.size(); ++i)
      for (size_t j = i + 1; j < cards.size(); ++j)
        if (cards[i] == cards[j])
          return Violation{Code::kCardNotInHand, "P1", CardText(cards[i]) + " is named twice"};
  }
  CardSet missing = set - s.hands[seat];
  if (!missing.empty()) return NotHeld(s, seat, missing);
  if (!s.order.wild.empty() && play) {
    // H-B3: a set holds 1 to 4 cards, wild cards included; H-W1: its
    // natural cards share one rank.
    if (set.size() > 4)
      return Violation{Code::kMixedRanks, "H-B3",
                       CardSetText(set) + " is " + internal::CardsWord(set.size()) +
                           ": a set holds 1 to 4 cards, wild cards included (H-B3, H-W1)"};
    return Violation{Code::kMixedRanks, "H-W1",
                     CardSetText(set) + ": the natural cards (" + CardSetText(set - s.order.wild) +
                         ") are not all of one rank; the wild cards (wild = " +
                         *OptionText(s.options, "wild") + ") take their rank (H-W1)"};
  }
  return Violation{Code::kMixedRanks, rule_for_rank, CardSetText(set) + " are not all of one rank"};
}
// The check; *set is the cards named (the list is not empty).
template <bool kExplain>
Verdict<kExplain> CheckCards(const State& s, int seat, const CardList& cards,
                             const char* rule_for_rank, CardSet* set, bool play = false) {
  bool repeated = false;
  *set = ToSet(cards, &repeated);
  if (!s.order.wild.empty() && play) [[unlikely]] {
    // H-W1, H-B3: natural cards of one rank and wild cards, 1 to 4 in all.
    if (!repeated && (*set - s.hands[seat]).empty() && set->size() <= 4 &&
        internal::EffectiveRank(s.order, *set, s.revolution))
      return Accept<kExplain>();
    return Refuse<kExplain>([&] { return CardsViolation(s, seat, cards, rule_for_rank, true); });
  }
  if (!repeated && (*set - s.hands[seat]).empty() && *set == set->OnlyRank(cards.front().rank()))
    return Accept<kExplain>();
  return Refuse<kExplain>([&] { return CardsViolation(s, seat, cards, rule_for_rank); });
}

// H-R1 (H-B2): a play refused by the order of option `ranks` that C2's
// order would have accepted was decided by H-R1: the violation cites it,
// and its sentence says which order is in force.
Violation CiteOrder(const State& s, Rank r, Declare declare, Violation v) {
  if (s.options.ranks == Ranks::kNormal) return v;
  State normal = s;
  normal.order = RankOrder{};
  if (internal::RankCheck(normal, r, declare) != internal::RankProblem::kFits) return v;
  v.rule = "H-R1";
  v.message += " (H-R1: ranks = " + OptionText(s.options, "ranks").value_or("") + ", weakest first " +
               internal::OrderText(s.order) + ")";
  return v;
}

// H-C2: a play refused where the jokers decided (their rank X in the order
// in force, or H-B4 step 3 between jokers) cites H-C2.
Violation CiteJokers(const State& s, Rank r, CardSet cards, Violation v) {
  if (v.code != Code::kTooWeak) return v;
  const Rank last = internal::LastRank(s);
  if (r == Rank::kX && last == Rank::kX && s.options.joker_order == JokerOrder::kColouredHigh) {
    v.rule = "H-C2";
    v.message = CardSetText(cards) + " does not beat " + CardSetText(s.pli.last_cards) +
                " (H-C2, H-B4 step 3: joker_order = coloured-high, the set with more X2 beats" +
                (s.revolution ? "; under révolution the one with fewer" : "") + ")";
    return v;
  }
  if (r != Rank::kX && last != Rank::kX) return v;
  v.rule = "H-C2";
  v.message += " (H-C2: the jokers are the rank X, " +
               std::string(s.revolution ? "the weakest under révolution" : "above every other rank") + ")";
  return v;
}

// H-W1, H-W2: a play refused where the wild cards decided: H-B4 step 2
// (`wild_tie`), or a rank the wild cards gave (a set of wild cards only
// counts as T; a wild rank has left the order, H-B2).
Violation CiteWild(const State& s, Rank r, Declare declare, CardSet cards, Violation v) {
  if (s.order.wild.empty()) return v;
  const CardSet last = s.pli.last_cards;
  const std::string wild = *OptionText(s.options, "wild");
  if (v.code == Code::kTooWeak && internal::WildTieDecides(s, r, declare, cards)) {
    const int step = internal::WildTieStep(s, cards);
    if (step < 0) {
      v.rule = "H-W2";
      v.message = CardSetText(cards) + " does not beat " + CardSetText(last) + " (H-W2, H-B4 step 2: wild_tie = " +
                  *OptionText(s.options, "wild_tie") + ", " +
                  (s.options.wild_tie == WildTie::kNatural ? "fewer" : "more") + " wild cards beat; " +
                  std::to_string(internal::WildCount(s, cards)) + " against " +
                  std::to_string(internal::WildCount(s, last)) + ")";
      return v;
    }
  }
  const bool wild_here = !(cards & s.order.wild).empty() || !(last & s.order.wild).empty();
  if (!wild_here || v.code != Code::kTooWeak) return v;  // O2, U2, V3 ... keep their rule
  v.rule = "H-W1";
  v.message += " (H-W1: wild = " + wild + "; a set counts as its natural cards' rank, wild cards alone as " +
               RankChar(s.order.TopRank(s.revolution)) + ", the top rank in force; " + CardSetText(cards) +
               " counts as " + internal::RankText(r) + ", " + CardSetText(last) + " as " +
               internal::RankText(internal::LastRank(s)) + ")";
  return v;
}

template <bool kExplain>
Verdict<kExplain> DecidePlay(const State& s, const PlayEvent& e) {
  if (auto v = CheckSeat<kExplain>(s, e.seat)) return v;
  if (e.cards.empty()) return Refuse<kExplain>([] { return Malformed("a play names at least one card"); });
  if (auto v = CheckJokers<kExplain>(s, e.cards)) return v;
  if (auto v = CheckPlayPhase<kExplain>(s)) return v;
  const Pli& p = s.pli;
  if (p.out & SeatBit(e.seat))  // P5
    return Refuse<kExplain>([&] {
      return Violation{Code::kOutOfPli, "P5",
                       SeatText(s, e.seat) + " passed and is out of this pli until it closes"};
    });
  if (e.seat != s.turn) return Refuse<kExplain>([&] { return NotYourTurn(s, e.seat); });  // P7
  CardSet cards;
  if (auto v = CheckCards<kExplain>(s, e.seat, e.cards, "P1", &cards, true)) return v;
  const int n = static_cast<int>(e.cards.size());
  // H-B1, H-W1: the play's effective rank (CheckCards found it exists).
  const Rank r = s.order.wild.empty() ? e.cards.front().rank()
                                      : *internal::EffectiveRank(s.order, cards, s.revolution);
  if (p.count == 0) {
    // A lead: any 1-4 cards of one rank (P1, P2); it cannot declare (U1, V1).
    if (e.declare != Declare::kNone)
      return Refuse<kExplain>([&] {
        return Violation{Code::kDeclareNotAllowed, e.declare == Declare::kSuite ? "U1" : "V1",
                         std::string("a lead cannot declare a ") +
                             (e.declare == Declare::kSuite ? "suite" : "reverse") +
                             ": only the second play of a pli may"};
      });
    return Accept<kExplain>();
  }
  if (n != p.count)  // P2
    return Refuse<kExplain>([&] {
      return Violation{Code::kCountMismatch, "P2",
                       "the pli is played in " + internal::CountWord(p.count) + "; " +
                           CardSetText(cards) + " is " + internal::CardsWord(n)};
    });
  const internal::RankProblem problem = internal::PlayCheck(s, r, e.declare, cards);  // H-B4
  if (problem == internal::RankProblem::kFits) return Accept<kExplain>();
  return Refuse<kExplain>([&] {
    return CiteWild(s, r, e.declare, cards,
                    CiteJokers(s, r, cards,
                               CiteOrder(s, r, e.declare, internal::ExplainRank(s, r, problem, CardSetText(cards)))));
  });
}

// P4, O2, U4: why `seat`, whose turn it is, may not pass (MayPass said no).
Violation MustPlayViolation(const State& s, int seat) {
  const Pli& p = s.pli;
  if (p.count == 0)
    return Violation{Code::kMustPlay, "P4", SeatText(s, seat) + " leads this pli and must play"};
  if (p.ou_rien) {
    const Rank last = internal::LastRank(s);
    Violation v{Code::kMustPlay, "O2",
                "ou-rien is in force and " + SeatText(s, seat) + " holds " +
                    CardSetText(s.hands[seat].OnlyRank(last) | (s.hands[seat] & s.order.wild)) +
                    ": they must play " + internal::RankText(last) +
                    (s.order.wild.empty() ? "" : " (H-W1: wild cards included)")};
    // The rest of the table does not see the hand (issue 11 item 5).
    v.table = "ou-rien is in force and " + SeatText(s, seat) + " holds enough cards of rank " +
              RankChar(last) + " to follow: they must play " + internal::RankText(last);
    return v;
  }
  // P4 (U4 in a suite or reverse): pass only when no legal play exists.
  const char* rule = p.mode == Mode::kFree ? "P4" : "U4";
  std::string example;
  if (!s.order.wild.empty()) {  // H-W1: a legal play, from LegalActions
    for (const LegalAction& a : LegalActions(s))
      if (a.type == EventType::kPlay && a.declare == Declare::kNone && example.empty()) {
        const Event e = ToEvent(s, a);
        CardSet set;
        for (Card c : std::get<PlayEvent>(e.body).cards) set.insert(c);
        example = CardSetText(set);
      }
  }
  for (int ri = 0; ri < kRankSlots && example.empty(); ++ri) {
    Rank r = static_cast<Rank>(ri);
    if (s.hands[seat].CountOf(r) >= p.count &&
        internal::RankCheck(s, r, Declare::kNone) == internal::RankProblem::kFits)
      example = CardSetText(s.hands[seat].OnlyRank(r));
  }
  Violation v{Code::kMustPlay, rule,
              SeatText(s, seat) + " can play (" + internal::CountWord(p.count) + " from " + example +
                  "), and may pass only when no legal play exists"};
  v.table = SeatText(s, seat) + " can play, and may pass only when no legal play exists";
  return v;
}

template <bool kExplain>
Verdict<kExplain> DecidePass(const State& s, const PassEvent& e) {
  if (auto v = CheckSeat<kExplain>(s, e.seat)) return v;
  if (auto v = CheckPlayPhase<kExplain>(s)) return v;
  if (s.pli.out & SeatBit(e.seat))  // P5
    return Refuse<kExplain>([&] {
      return Violation{Code::kOutOfPli, "P5",
                       SeatText(s, e.seat) + " passed already and is out of this pli"};
    });
  if (e.seat != s.turn) return Refuse<kExplain>([&] { return NotYourTurn(s, e.seat); });  // P7
  if (internal::MayPass(s, e.seat)) return Accept<kExplain>();
  return Refuse<kExplain>([&] { return MustPlayViolation(s, e.seat); });
}

// X1, X2: why a close of `set` (of rank r, the cards named) is refused.
Violation CloseViolation(const State& s, int seat, CardSet set, Rank r);

template <bool kExplain>
Verdict<kExplain> DecideClose(const State& s, const CloseEvent& e) {
  if (auto v = CheckSeat<kExplain>(s, e.seat)) return v;
  if (e.cards.empty()) return Refuse<kExplain>([] { return Malformed("a close names at least one card"); });
  if (auto v = CheckJokers<kExplain>(s, e.cards)) return v;
  if (auto v = CheckPlayPhase<kExplain>(s)) return v;
  const Pli& p = s.pli;
  if (!s.options.close)
    return Refuse<kExplain>([] {
      return Violation{Code::kCloseNotAllowed, "X1", "closing out of turn is not played in this ruleset"};
    });
  if (p.count == 0)
    return Refuse<kExplain>([] {
      return Violation{Code::kCloseNotAllowed, "X1", "there is no play on the table to close"};
    });
  CardSet set;
  if (auto v = CheckCards<kExplain>(s, e.seat, e.cards, "P1", &set)) return v;
  const Rank r = e.cards.front().rank();
  // H-B1, H-W1: no close holds a wild card.
  if (!(set & s.order.wild).empty()) [[unlikely]]
    return Refuse<kExplain>([&] {
      return Violation{Code::kCloseNotAllowed, "H-W1",
                       "a close is made of natural cards only; " + CardSetText(set & s.order.wild) +
                           " is wild (H-B1, H-W1: wild = " + *OptionText(s.options, "wild") + ")"};
    });
  // X1: the rank of the last play, not the top rank (X2), no card of it
  // with another seat, every one of the closer's named, as many as the
  // pli's count.
  CardSet others;
  for (int seat = 0; seat < s.seats; ++seat)
    if (seat != e.seat) others |= s.hands[seat].OnlyRank(r);
  if (r == internal::LastRank(s) && r != s.order.TopRank(s.revolution) && others.empty() &&
      set == s.hands[e.seat].OnlyRank(r) && set.size() == p.count)
    return Accept<kExplain>();
  return Refuse<kExplain>([&] { return CloseViolation(s, e.seat, set, r); });
}

Violation CloseViolation(const State& s, int closer, CardSet set, Rank r) {
  const Pli& p = s.pli;
  if (r != internal::LastRank(s))
    return Violation{Code::kCloseNotAllowed, "X1",
                     "a close plays the rank of the last play (" + CardSetText(p.last_cards) +
                         "), not " + CardSetText(set)};
  if (r == s.order.TopRank(s.revolution))  // X2
    return Violation{Code::kCloseNotAllowed, "X2",
                     std::string("a pli cannot be closed with the top rank (") + RankChar(r) +
                         (s.revolution ? " under révolution)" : ")")};
  // From here on the reason depends on hands: the closer's sentence names
  // only their own cards and what they can count (the cards of the rank
  // not played and not theirs are in other hands); who holds those is for
  // the adjudicator; the rest of the table reads the rule, no hand.
  Violation v{Code::kCloseNotAllowed, "X1", ""};
  v.table = SeatText(s, closer) + " may close only with every remaining " + RankChar(r) +
            ", all in their hand and as many as the pli's count (" + internal::CountWord(p.count) +
            ")";
  CardSet elsewhere;  // as many as the closer counts: 4 - played - their own
  for (int seat = 0; seat < s.seats; ++seat)
    if (seat != closer) elsewhere |= s.hands[seat].OnlyRank(r);
  if (!elsewhere.empty()) {
    v.message = SeatText(s, closer) + " does not hold every remaining " + RankChar(r) + ": " +
                (elsewhere.size() == 1 ? std::string("one more is in another hand")
                                       : std::to_string(elsewhere.size()) + " more are in other hands");
    v.hidden = WhereHeld(s, closer, elsewhere);
  } else if (set != s.hands[closer].OnlyRank(r)) {
    v.message = "a close plays every remaining " + std::string(1, RankChar(r)) + " (" +
                CardSetText(s.hands[closer].OnlyRank(r)) + "), not just " + CardSetText(set);
  } else {
    v.message = "the pli is played in " + internal::CountWord(p.count) + "; the remaining " +
                CardSetText(set) + " is " + internal::CardsWord(set.size());
  }
  return v;
}

template <bool kExplain>
Verdict<kExplain> DecideExchange(const State& s, const ExchangeEvent& e) {
  if (auto v = CheckSeat<kExplain>(s, e.from)) return v;
  if (auto v = CheckSeat<kExplain>(s, e.to)) return v;
  if (e.cards.empty()) return Refuse<kExplain>([] { return Malformed("a gift names at least one card"); });
  if (auto v = CheckJokers<kExplain>(s, e.cards)) return v;
  if (s.phase == Phase::kGameOver)
    return Refuse<kExplain>([&s] { return GameOverViolation(s); });
  if (s.phase == Phase::kMancheOver)
    return Refuse<kExplain>([] {
      return Violation{Code::kNoManche, "G1", "no manche is being played; deal first"};
    });
  const Gift* gift = nullptr;
  if (s.phase == Phase::kExchange)
    for (const Gift& g : s.gifts)
      if (!g.done && g.from == e.from && g.to == e.to) gift = &g;
  if (!gift)
    return Refuse<kExplain>([&] {
      std::string why = s.manche == 1 ? "there are no gifts in the first manche"
                        : s.phase == Phase::kPlay ? "every gift of this manche is made"
                                                  : "no gift from " + SeatText(s, e.from) + " to " +
                                                        SeatText(s, e.to) + " is owed";
      if (s.phase == Phase::kExchange && s.options.exchange_cards == ExchangeCards::kOne)  // K3 `one`
        why += " (exchange_cards = one: only the Président and the Trouduc swap one card)";
      if (s.phase == Phase::kExchange && s.options.stale_falls && s.standing != *s.ranking) {
        // H-K4: the gifts follow the ranking in force, which two unchanged
        // manches changed.
        std::string order;
        for (int seat : s.standing) order += (order.empty() ? "" : ", ") + SeatText(s, seat);
        return Violation{Code::kExchangeWrongCards, "H-K4",
                         why + " (H-K4: after two unchanged manches the ranking in force is " + order + ")"};
      }
      // H-K2, H-K1: a house exchange decided which gifts are owed.
      if (s.phase == Phase::kExchange && s.options.merchants) [[unlikely]]
        return Violation{Code::kExchangeWrongCards, "H-K2",
                         why + " (H-K2: the pairs of exchange_cards " + *OptionText(s.options, "exchange_cards") +
                             ", then the middle places one card each way)"};
      if (s.phase == Phase::kExchange && (s.options.exchange_cards == ExchangeCards::kPattern ||
                                          s.options.exchange_cards == ExchangeCards::kScores)) [[unlikely]]
        return Violation{Code::kExchangeWrongCards, "H-K1",
                         why + " (H-K1: exchange_cards " + *OptionText(s.options, "exchange_cards") + ")"};
      return Violation{Code::kExchangeWrongCards, "K1", why};
    });
  bool repeated = false;
  CardSet set = ToSet(e.cards, &repeated);
  if (repeated)
    return Refuse<kExplain>([] { return Violation{Code::kCardNotInHand, "P1", "a card is named twice"}; });
  CardSet missing = set - s.hands[e.from];
  if (!missing.empty()) return Refuse<kExplain>([&] { return NotHeld(s, e.from, missing); });
  if (set.size() != gift->count)
    return Refuse<kExplain>([&] {
      // K1, or the house rule that owes this gift (H-K1, H-K2).
      const char* rule = gift->rule == GiftRule::kK1 ? "K1" : gift->rule == GiftRule::kHouseK1 ? "H-K1" : "H-K2";
      return Violation{Code::kExchangeWrongCards, rule,
                       SeatText(s, e.from) + " owes " + internal::CardsWord(gift->count) + ", not " +
                           internal::CardsWord(set.size())};
    });
  CardSet received = set - s.dealt[e.from];
  if (!received.empty())
    return Refuse<kExplain>([&] {
      Violation v{Code::kExchangeWrongCards, "K2",
                  CardSetText(received) + " was not in " + SeatText(s, e.from) +
                      "'s hand as dealt: gifts come from the hand as dealt"};
      v.table = SeatText(s, e.from) + " gives from their hand as dealt, and the cards named are not "
                "all from it";  // a gift's cards are the giver's and receiver's only
      return v;
    });
  if (gift->choice) return Accept<kExplain>();  // K3 option `choice`
  auto need = internal::GiftRankSlots(s, *gift);
  std::array<int, kRankSlots> have{};
  for (Card c : set) ++have[static_cast<int>(c.rank())];
  if (!s.order.wild.empty()) [[unlikely]] {
    // H-W1, RULINGS.md H23: the wild cards are equal among themselves for
    // K2: the gift holds as many of them as `need` says, of any kind.
    int have_wild = 0, need_wild = 0;
    std::array<int, kRankSlots> have_natural = have, need_natural = need;
    for (int ri = 0; ri < kRankSlots; ++ri) {
      if ((s.order.wild & CardSet::OfRank(static_cast<Rank>(ri))).empty()) continue;
      have_wild += have[ri];
      need_wild += need[ri];
      have_natural[ri] = need_natural[ri] = 0;
    }
    if (have_natural == need_natural && have_wild == need_wild) return Accept<kExplain>();
  } else if (have == need) {
    return Accept<kExplain>();
  }
  return Refuse<kExplain>([&] {
    std::string ranks;
    for (int ri = 0; ri < kRankSlots; ++ri)
      for (int k = 0; k < need[ri]; ++k) ranks += std::string(ranks.empty() ? "" : " ") + RankChar(static_cast<Rank>(ri));
    const std::string which = std::string(gift->best ? "strongest " : "weakest ") +
                              internal::CardsWord(gift->count) + " as dealt";
    Violation v{Code::kExchangeWrongCards, "K2",
                SeatText(s, e.from) + " gives their " + which + " (ranks " + ranks + "), not " +
                    CardSetText(set)};
    v.table = SeatText(s, e.from) + " gives their " + which + ", and the cards named are not those";
    return v;
  });
}

template <bool kExplain>
Verdict<kExplain> DecideDeal(const State& s, const DealEvent& e) {
  for (const CardList& hand : e.hands)
    if (auto v = CheckJokers<kExplain>(s, hand)) return v;  // H-C1: malformed comes first
  if (s.phase == Phase::kGameOver)
    return Refuse<kExplain>([&s] { return GameOverViolation(s); });
  if (s.phase == Phase::kExchange || s.phase == Phase::kPlay)
    return Refuse<kExplain>([&] {
      return Violation{Code::kBadDeal, "S2",
                       "manche " + std::to_string(s.manche) + " is still being played"};
    });
  if (static_cast<int>(e.hands.size()) != s.seats)
    return Refuse<kExplain>([&] {
      return Malformed("the deal has " + std::to_string(e.hands.size()) + " hands for " +
                       std::to_string(s.seats) + " seats");
    });
  const CardSet deck = s.order.deck;  // C1; H-R1: the deck of option `ranks`
  CardSet all;
  int smallest = kDeckSize, largest = 0;
  for (const CardList& hand : e.hands) {
    for (Card c : hand) {
      if (!deck.contains(c))  // H-R1: a card of a rank the deck lacks
        return Refuse<kExplain>([&s, c] {
          return Violation{Code::kBadDeal, "H-R1", CardText(c) + " is not in this game's deck (" + internal::DeckText(s) + ")"};
        });
      if (all.contains(c))
        return Refuse<kExplain>([c] { return Violation{Code::kBadDeal, "S2", CardText(c) + " is dealt twice"}; });
      all.insert(c);
    }
    smallest = std::min(smallest, static_cast<int>(hand.size()));
    largest = std::max(largest, static_cast<int>(hand.size()));
  }
  if (all != deck)
    return Refuse<kExplain>([all, deck] {
      return Violation{Code::kBadDeal, "S2",
                       "the deal is not all " + std::to_string(deck.size()) + " cards: missing " +
                           CardSetText(deck - all)};
    });
  if (largest - smallest > 1)
    return Refuse<kExplain>([=] {
      return Violation{Code::kBadDeal, "S2",
                       "hand sizes differ by more than one: " + std::to_string(largest) + " and " +
                           std::to_string(smallest)};
    });
  return Accept<kExplain>();
}

template <bool kExplain>
Verdict<kExplain> DecideGame(const State& s, const GameEvent& e) {
  if (s.phase != Phase::kNone) return Refuse<kExplain>([] { return Malformed("a game event inside a game"); });
  const int n = static_cast<int>(e.seats.size());
  if (n < kMinSeats || n > kMaxSeats)
    return Refuse<kExplain>([n] { return Malformed("a game has 4 to 8 seats, not " + std::to_string(n)); });
  return Accept<kExplain>();
}

template <bool kExplain>
Verdict<kExplain> DecideEnd(const State& s) {
  if (s.phase == Phase::kNone) return Refuse<kExplain>([] { return Malformed("an end event outside a game"); });
  if (s.ended)
    return Refuse<kExplain>([&s] { return GameOverViolation(s, "the game is over already"); });
  return Accept<kExplain>();
}

// Every check of RULES.md's order, in that order, in one pass of either kind.
template <bool kExplain>
Verdict<kExplain> Judge(const State& state, const Event& event) {
  // 1. malformed for its game: a line the log reader could not read as an
  // event (always refused, so folding past it changes nothing), then the seq
  // position and the idempotency key.
  if (const auto* m = std::get_if<MalformedEvent>(&event.body))
    return Refuse<kExplain>([m] { return Malformed(m->Text()); });
  const bool is_game = std::holds_alternative<GameEvent>(event.body);
  const int64_t position = is_game && state.phase == Phase::kNone ? 1 : state.seq + 1;
  if (event.seq && *event.seq != position)
    return Refuse<kExplain>([&] {
      return Malformed("seq " + std::to_string(*event.seq) + " is not the event's position, " +
                       std::to_string(position));
    });
  if (event.id && !is_game && state.ids.contains(*event.id))
    return Refuse<kExplain>([&] { return Malformed("id \"" + EscapeForTerminal(*event.id) + "\" is used twice in this game"); });
  if (!is_game && state.phase == Phase::kNone)
    return Refuse<kExplain>([] { return Malformed("an event before any game event"); });
  struct Visitor {
    const State& s;
    Verdict<kExplain> operator()(const GameEvent& e) { return DecideGame<kExplain>(s, e); }
    Verdict<kExplain> operator()(const DealEvent& e) { return DecideDeal<kExplain>(s, e); }
    Verdict<kExplain> operator()(const ExchangeEvent& e) { return DecideExchange<kExplain>(s, e); }
    Verdict<kExplain> operator()(const PlayEvent& e) { return DecidePlay<kExplain>(s, e); }
    Verdict<kExplain> operator()(const PassEvent& e) { return DecidePass<kExplain>(s, e); }
    Verdict<kExplain> operator()(const CloseEvent& e) { return DecideClose<kExplain>(s, e); }
    Verdict<kExplain> operator()(const EndEvent&) { return DecideEnd<kExplain>(s); }
    Verdict<kExplain> operator()(const MalformedEvent&) { return Accept<kExplain>(); }  // refused above
  };
  return std::visit(Visitor{state}, event.body);
}

}  // namespace

std::optional<Violation> Decide(const State& state, const Event& event) {
  if (!Judge<false>(state, event)) {
    assert(!Judge<true>(state, event));  // the two passes make the same checks
    return std::nullopt;
  }
  std::optional<Violation> violation = Judge<true>(state, event);
  assert(violation);
  return violation;
}

}  // namespace pli
