// rules.h: the two functions that carry the rules, and legal actions.
//   Decide(state, event) checks an action and says why it is illegal.
//   Apply(state, event) folds an accepted event into the state; it is total.
//   LegalActions(state) lists every legal action up to suits.
#ifndef PLI_ENGINE_RULES_H_
#define PLI_ENGINE_RULES_H_

#include <optional>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"

namespace pli {

// nullopt when the event is legal in this state, else the violation, chosen
// by RULES.md's order when several apply.
std::optional<Violation> Decide(const State& state, const Event& event);

// The state after a legal event. Precondition: Decide(state, event) is
// nullopt (asserted in debug builds). Fold a log with Step below, which
// skips illegal events.
State Apply(State state, const Event& event);

// The same fold in place: `state` becomes Apply(state, event), with no copy
// or move of the State (a fold of a long log calls it once per event).
void ApplyInPlace(State& state, const Event& event);

// Folds one event of a log: applies it when legal, else keeps the state
// (RULES.md: an illegal event changes nothing) but counts its seq. Returns
// the violation, if any.
std::optional<Violation> Step(State& state, const Event& event);

// Ranks a gift must have (K2): two at most, inline.
using RankList = SmallVector<Rank, 8>;

// A legal action up to suits (INTERFACE.md §2 `pli legal`).
struct LegalAction {
  EventType type = EventType::kPass;
  int seat = -1;
  Rank rank = Rank::k3;   // play, close
  int count = 0;          // play, close, exchange
  Declare declare = Declare::kNone;  // play
  int to = -1;            // exchange
  CardSet cards;          // exchange: the cards it may be chosen from
  RankList ranks;         // exchange (K2): the ranks it must have; empty = free choice
  int wild = 0;           // play, H-W1 (H-B6): its wild cards (rank: its effective rank)
  friend bool operator==(const LegalAction&, const LegalAction&) = default;
};

// Every legal play, pass, close and gift in this state (deal, game and end
// events are not listed). Agrees with Decide: each action, made concrete
// with any suits, is accepted, and nothing else is.
std::vector<LegalAction> LegalActions(const State& state);
// The same into `out` (cleared first), reusing its capacity: a loop that
// asks at every step allocates nothing once the vector has grown.
void LegalActions(const State& state, std::vector<LegalAction>& out);

// A concrete event for a legal action: the lowest-index cards that fit.
Event ToEvent(const State& state, const LegalAction& action);

}  // namespace pli

#endif  // PLI_ENGINE_RULES_H_
