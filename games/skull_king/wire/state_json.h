// state_json.h: the JSON documents of `pli state` and `pli legal` for a
// Skull King game (SKULL_KING.md "The state (`pli state`)"). Boost.JSON
// values, serialized by the caller.
#ifndef PLI_SCHEMA_SKULL_KING_STATE_JSON_H_
#define PLI_SCHEMA_SKULL_KING_STATE_JSON_H_

#include <boost/json.hpp>
#include <vector>

#include "games/skull_king/rules/rules.h"
#include "games/skull_king/rules/state.h"

namespace pli::sk {

// `pli state`, keys in this order: game, seq, ruleset, options (every option
// in force with its JSON type, the table's order), manche, phase, dealer,
// hand_size, turned, trump, turn, to_bid, bids, cannon (only with
// cannonball), won, hands, trick, last_trick, bonus, scores, history,
// winners. Nulls where the page says (dealer, hand_size, turned, trump
// before the first deal; turn when nobody is to act; trick outside play ...).
boost::json::object StateToJson(const State& state);

// `pli legal`: {"type":"bid","seat":S,"bid":n} (+ "cannon" with cannonball)
// or {"type":"play","seat":S,"card":C,"declare":D}, in LegalActions' order.
boost::json::array LegalToJson(const std::vector<LegalAction>& actions);

// "bidding", "play", "manche-over", "game-over" ("none" before a game event).
const char* PhaseName(Phase phase);

}  // namespace pli::sk

#endif  // PLI_SCHEMA_SKULL_KING_STATE_JSON_H_
