// prop_check.h: the properties `pli prop` checks in Super Président (docs/SIMULATE.md), on one
// game played from a script: bots and a uniformly random legal policy at the
// table, every engine invariant checked after every event. Pure: engine,
// schema, replay and bots; no I/O. prop_run.h generates the scripts with
// RapidCheck, shrinks a failure and writes it as a scenario.
//
// After every event (state s before it, t after it, k events so far):
//   - the event is legal (Decide): a bot's action and every listed action;
//   - CheckInvariants(t) (games/president/rules/state.h);
//   - t's hands are those of a reference model that moves the event's cards
//     (S2, P1, X1, K1) from s;
//   - the event's JSON line parses back to the same event, and a replay
//     folded from the parsed lines equals the live state;
// at every state s where the game is on (and at each manche's end):
//   - someone must act => something is listed (LegalActions);
//   - every listed action, with the suits ToEvent picks and with random
//     suits, is accepted by Decide;
//   - random probes (plays, passes, closes, gifts, legal or not): Decide
//     accepts one iff it is listed, and an illegal one changes nothing but
//     seq (Step);
// and at the end: the whole log read back by ReadLog folds (FoldTo) to the
// live state and audits clean.
//
// A failure comes with a scenario (docs/SCENARIOS.md) that `pli check`
// replays: the log up to the failure, plus the offending event, and an
// expectation that holds for a correct referee and fails for this one.
#ifndef PLI_SIM_PRESIDENT_PROP_CHECK_H_
#define PLI_SIM_PRESIDENT_PROP_CHECK_H_

#include <boost/json.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/president/sim/sim_run.h"
#include "games/president/rules/event.h"

namespace pli::cli {

// Who sits at a seat. kRandom picks uniformly among the seat's actions that
// LegalActions lists (suits at random too).
enum class Policy : uint8_t { kRandom, kEasy, kMedium, kHard };
const char* PolicyName(Policy policy);

// What RapidCheck generates and shrinks; CheckGame plays it.
struct PropScript {
  int seats = 4;
  std::vector<Policy> policies;     // one per seat
  std::vector<uint64_t> bot_seeds;  // one per seat
  std::vector<int64_t> deal_seeds;  // one per manche (DealFromSeed); as many manches at most
  std::vector<uint32_t> choices;    // the random policy's picks, in order; 0 once used up
  bool end_event = false;           // an `end` event after the last manche, if the game is on
  uint64_t probe_seed = 0;          // the probes' generator
};

// Test hooks. forget_moves: the reference model forgets that events of this
// type move cards, so the card check fails at the first one (`pli prop
// --inject-bug TYPE`, used by tests to prove shrinking and the scenario).
struct PropHooks {
  std::optional<EventType> forget_moves;
};

struct PropFailure {
  std::string kind;     // "cards", "invariant", "replay", "wire", "listed-rejected",
                        // "unlisted-accepted", "illegal-changed", "bot-refused",
                        // "refused" (a game, deal or end event), "stuck",
                        // "endless", "audit", "exception"
  std::string message;  // what broke, for a person
  std::vector<Event>
      log;  // the scenario's log: the game up to the failure, and the offending event
  // The scenario's expectation without "title" and "notes": "rules",
  // "verdict" and, as the failure needs, "violations", "states", "legal".
  boost::json::object expect;
};

struct PropOutcome {
  int64_t events = 0;  // events played and checked
  std::optional<PropFailure> failure;
};

// Plays the script under `rules` and checks every property; stops at the
// first failure.
PropOutcome CheckGame(const GameRules& rules, const PropScript& script,
                      const PropHooks& hooks = {});

}  // namespace pli::cli

#endif  // PLI_SIM_PRESIDENT_PROP_CHECK_H_
