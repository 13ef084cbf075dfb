// rules.h: Skull King's rules as functions.
//   Decide(state, event) checks an action and says why it is illegal.
//   Apply(state, event) folds an accepted event into the state.
//   Step(state, event) folds one event of a log (illegal: no change).
//   LegalActions(state) lists every legal bid and play.
// And the pure pieces the state and the tests use: the lead suit (SK-P4),
// the winner of a pli (SK-W1), its bonus (SK-N2), a seat's score (SK-N1-N4).
#ifndef PLI_ENGINE_SKULL_KING_RULES_H_
#define PLI_ENGINE_SKULL_KING_RULES_H_

#include <optional>
#include <span>
#include <vector>

#include "games/skull_king/rules/event.h"
#include "games/skull_king/rules/state.h"
#include "games/skull_king/rules/violation.h"

namespace pli::sk {

// nullopt when the event is legal in this state, else the violation, chosen
// by SKULL_KING.md's order of precedence when several apply.
std::optional<Violation> Decide(const State& state, const Event& event);

// The state after a legal event. Precondition: Decide(state, event) is
// nullopt (asserted in debug builds).
State Apply(State state, const Event& event);
void ApplyInPlace(State& state, const Event& event);

// Applies the event when legal, else leaves the state as it was but counts
// its seq. Returns the violation, if any.
std::optional<Violation> Step(State& state, const Event& event);

// `pli legal`: a bid or a play.
struct LegalAction {
  EventType type = EventType::kBid;
  int seat = 0;
  int bid = 0;                       // bid
  std::optional<Cannon> cannon;      // bid, with `cannonball: true`
  Card card;                         // play
  Declare declare = Declare::kNone;  // play: the Tigress's
  friend bool operator==(const LegalAction&, const LegalAction&) = default;
};
// SKULL_KING.md "`pli legal` lists": bids by seat, then bid ascending, then
// grapeshot before cannonball; plays in canonical order, the Tigress twice
// (pirate, then escape). Empty outside bidding and play.
std::vector<LegalAction> LegalActions(const State& state);
// The same into `out` (cleared first), reusing its storage: for loops that
// list at every step.
void LegalActions(const State& state, std::vector<LegalAction>& out);
Event ToEvent(const LegalAction& action);
// The same into `out`, whatever it held, reusing it when it is already an
// event of the action's type: for loops that turn an action into an event
// at every step.
void ToEvent(const LegalAction& action, Event& out);

// SK-D4: the trump of manche m with this turned card.
std::optional<Suit> TrumpOf(const Options& options, int manche, std::optional<Card> turned);
// SK-P3: escape-like and pirate-like cards, with the Tigress's declaration.
inline bool EscapeLike(const PliPlay& p) {
  return p.card.kind() == Kind::kEscape ||
         (p.card.kind() == Kind::kTigress && p.declare == Declare::kEscape);
}
inline bool PirateLike(const PliPlay& p) {
  return p.card.kind() == Kind::kPirate ||
         (p.card.kind() == Kind::kTigress && p.declare == Declare::kPirate);
}
// SK-P4: the lead suit of a pli over these plays.
std::optional<Suit> LeadSuit(const Options& options, std::span<const PliPlay> plays);
// SK-W1: the index (into `plays`, not a seat) of the winning card; -1 when
// `plays` is empty.
int WinningIndex(const Options& options, std::optional<Suit> trump,
                 std::span<const PliPlay> plays);
// SK-W1 as a strength: the winner of a pli is its first card of the
// highest strength. Characters (a, in the order a1-a4 give them; with
// pirate_vs_mermaid: pirate a mermaid beats the King, the King beats
// pirates, and pirates beat a mermaid when no King is down) above trump (b)
// above the lead suit (c) above any numbered card by value (d) above
// escape-like cards (e, all equal: the first wins when every card is one).
// `lead` is LeadSuit over the pli; `king_down`: a King is among its cards.
// Inline: ApplyPlay ranks each card played.
inline int Strength(const Options& o, std::optional<Suit> trump, std::optional<Suit> lead,
                    bool king_down, const PliPlay& p) {
  const Card c = p.card;
  if (c.numbered()) {
    const Suit suit = c.suit();
    return (suit == trump ? 96 : suit == lead ? 64 : 32) + c.value();  // b, c, d
  }
  switch (c.kind()) {
    case Kind::kMermaid:  // a1; a4 below pirates when no King is down
      return o.pirate_vs_mermaid == PirateVsMermaid::kPirate && !king_down ? 128 : 224;
    case Kind::kKing: return 192;                   // a2
    default: return PirateLike(p) ? 160 : 0;        // a3, e
  }
}

// SK-N2: the bonus of a pli won by plays[winner].
int PliBonus(const Options& options, std::span<const PliPlay> plays, int winner);
// SK-N1-N4: a seat's line for a manche of H cards (manche m), before totals.
MancheScore ScoreSeat(const Options& options, int hand_size, int manche, int bid, int won,
                      int bonus, std::optional<Cannon> cannon);

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_RULES_H_
