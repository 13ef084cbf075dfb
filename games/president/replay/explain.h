// explain.h: the adjudication of one event of a Super Président game (`pli
// explain`, games/president/cli/adjudicate.cc): was it
// legal, which rule decides it, the state it was played into, and what the
// player could have done instead.
//
// For an illegal event the deciding rule is the one its violation cites.
// For a legal event the rules that made it legal, and those it set in
// motion (a pli closed, ou-rien, a révolution, a finish), are read off the
// state before and after it, not judged a second time: Decide and Apply
// stay the only rules engine.
#ifndef PLI_REPLAY_PRESIDENT_EXPLAIN_H_
#define PLI_REPLAY_PRESIDENT_EXPLAIN_H_

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"
#include "games/president/rules/violation.h"

namespace pli {

// A rule as it bears on one event: its id ("P3") and what it means here
// ("9h is stronger than the last play, 7c").
struct Reason {
  std::string rule;
  std::string detail;
  friend bool operator==(const Reason&, const Reason&) = default;
};

// The adjudication of one event.
struct Explanation {
  int64_t seq = 0;  // the event's 1-based position in its game
  Event event;
  int seat = -1;  // the acting seat (the giver of a gift); -1 for game, deal, end
  State before;   // the state the event was played into
  State after;    // the state after it, as `pli state --at` shows it: when the
                  // event is illegal, `before` with only its seq counted on
  std::optional<Violation> violation;  // nullopt when the event is legal
  // The rule that decides the verdict: the violation's rule, or for a legal
  // event the most specific rule it met (P3 for a free play, U1 for a suite
  // declared, O2 under ou-rien, X1 for a close ...). "" for `malformed`.
  std::string rule;
  // Legal: the rules the event met, in the order they were checked.
  // Illegal: the broken rule and the violation's sentence.
  std::vector<Reason> why;
  // Legal only: what the event set in motion (E1 the pli closes, O1
  // ou-rien starts, Q1 the révolution, F1/F2 a finish, F3 the manche ends ...).
  std::vector<Reason> effects;
  // The acting seat's legal actions in `before` (every legal action when the
  // event has no acting seat), up to suits.
  std::vector<LegalAction> instead;

  bool legal() const { return !violation.has_value(); }
};

// Explains events[seq - 1], played into the fold of the events before it.
// Precondition: 1 <= seq <= events.size().
Explanation Explain(const std::vector<Event>& events, int64_t seq);

// Explains `event` played into `before` (its seq is before.seq + 1).
Explanation ExplainEvent(const State& before, const Event& event);

// Whether the legal action `action` is what `event` did (same type, seat,
// rank, count and declaration; the same giver and receiver for a gift).
// `before`, the state the event acted on, is needed under option wild
// (H-W1, H-B6: an entry's rank is the set's effective rank and it counts
// its wild cards); without it a play matches by its first card's rank.
bool ActionMatches(const LegalAction& action, const Event& event, const State* before = nullptr);

// The explanation as `pli explain --json` prints it:
// {"game","seq","event" (canonical event JSON),"type","seat","legal",
//  "violation" ({code,rule,message} or null),"rule" ({id,sentence} or null),
//  "why":[{rule,sentence,detail}],"effects":[...],"before" (state JSON),
//  "hand" (the actor's cards, or null),"instead":[legal action JSON plus
//  "example" (cards) and "taken"],"after" (state JSON)}.
// With full = false, "before", "hand" and "instead" are left out (for
// `pli diff`, which prints the common state once).
boost::json::object ExplanationToJson(const Explanation& e, bool full = true);

// {"rule":"P3","sentence":...,"detail":...}: sentence null for "".
boost::json::object ReasonToJson(const Reason& reason);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_EXPLAIN_H_
