// prop_check.h: the properties `pli prop --ruleset skull-king…` checks on
// one game of Skull King (docs/SIMULATE.md), played from a script (seats,
// options, who sits where) or replayed from a fixed log (while shrinking).
// Pure: engine, schema, bots and the game interface; no I/O.
//
// After every event (the log so far folded into the live state):
//   - the event is legal (Decide): a bot's action, the random policy's pick;
//   - cards (SK-C1, SK-D2): the deal uses no card more often than the deck
//     holds it; each hand is the dealt hand less the cards its seat played,
//     as the checker's own model moves them; the engine's hands + the cards
//     played this manche + the turned card + the undealt cards are the deck;
//     and the engine's own CheckInvariants;
//   - replay: a fresh match of the game interface (Game::NewMatch), fed the
//     events' JSON lines read back (Game::ReadLine), gives the live StateJson;
//   - each closed pli's bonus follows SK-N2 (the winner's card as the state
//     names it), and at each completed manche every seat's line and total
//     follow SK-N1, SK-N3, SK-N4 and SK-N5, recomputed here from the bids,
//     the plis won and the bonuses by hand-written formulas (not the engine's
//     scorer); an `end` before a manche's last pli scores nothing of it
//     (SK-N5); once the game is over the winners are SK-G2's;
// at every state where the game is on:
//   - someone must act => something is listed (LegalActions);
//   - every listed action is accepted by Decide;
//   - random bids and plays (any seat, any bid, any card of SK-C1, any
//     declaration and load): Decide accepts one iff it is listed, and an
//     illegal one changes nothing but seq (Step).
#ifndef PLI_SIM_SKULL_KING_PROP_CHECK_H_
#define PLI_SIM_SKULL_KING_PROP_CHECK_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/skull_king/rules/event.h"

namespace pli::sk::prop {

// Who sits at a seat. kRandom picks uniformly among LegalActions' entries
// for that seat.
enum class Policy : uint8_t { kRandom, kEasy, kMedium, kHard };
const char* PolicyName(Policy policy);

// One game to play.
struct Script {
  std::string ruleset = "skull-king";
  std::vector<std::pair<std::string, std::string>> overrides;  // the game event's options
  int seats = 3;
  std::vector<Policy> policies;     // one per seat
  std::vector<uint64_t> bot_seeds;  // one per seat
  int manches = 1;                  // deals at most (1..10)
  // With an end: after `end_after` events of the last manche (0: right after
  // its last pli, if the game is not over), an `end` event (SK-G1, SK-N5).
  std::optional<int> end_after;
  uint64_t deal_seed = 0;   // manche m is DealFromSeed(deal_seed + m)
  uint64_t choice_seed = 0; // the random policy's picks
  uint64_t probe_seed = 0;  // the probes
};

// Test hooks: deliberately wrong checks, to see a check fail (`pli prop
// --inject-bug`). kScore: the check's SK-N1 forgets a made zero bid's 10 × H.
// kCards: the card model forgets that a play takes its card from the hand.
enum class Hook : uint8_t { kNone, kScore, kCards };

struct Failure {
  std::string kind;     // "cards", "invariant", "replay", "bonus", "score",
                        // "listed-rejected", "unlisted-accepted", "illegal-changed",
                        // "bot-refused", "refused", "stuck", "endless", "exception"
  std::string rule;     // the SK rule it is about
  std::string message;  // what broke, for a person
  std::vector<Event> log;  // the game up to the failure, and the offending event if any
  // The scenario's checks (docs/SCENARIOS.md) without title, rules and
  // notes: "verdict" and, as the failure needs, "violations", "states".
  boost::json::object expect;
};

struct Outcome {
  int64_t events = 0;  // events played and checked
  std::optional<Failure> failure;
};

// Plays the script and checks every property; stops at the first failure.
Outcome CheckGame(const Script& script, Hook hook = Hook::kNone);

// Replays `log` (a game event first) with the same checks, probing with
// `probe_seed`; the last event may be illegal when a probe is what failed.
Outcome CheckLog(const std::vector<Event>& log, uint64_t probe_seed, Hook hook = Hook::kNone);

}  // namespace pli::sk::prop

#endif  // PLI_SIM_SKULL_KING_PROP_CHECK_H_
