// projection.h: the one allow-list projection (../shared/SERVE.md "Identity
// and secrecy", INTERFACE.md §3). Everything a recipient receives about a
// game goes through these functions: a seat sees its own hand, every seat's
// card count, the public table and its own legal actions; a spectator sees
// the public table. Fields are copied only when named here; a field a game
// adds later is dropped until it is named, so a new secret cannot leak by
// default. No seed, id or hash leaves before the game's end.
//
// They read the game's JSON (Match::StateJson, LegalJson, Game::EventJson),
// never its types: the same code serves every game.
#ifndef PLI_SERVE_PROJECTION_H_
#define PLI_SERVE_PROJECTION_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>

namespace pli::serve {

constexpr int kSpectator = -1;

// `view`: StateJson with `hands` replaced by `hand` (the recipient's; absent
// for a spectator) and `counts`, plus `seat` (null for a spectator). While
// bids are sealed (phase "bidding" and no turn: SK-B2's simultaneous
// bidding), other seats' `bids` and `cannon` are null.
boost::json::object ProjectState(const boost::json::object& state, int seat);

// `legal`: the entries of LegalJson whose `seat` is the recipient's ([] for
// a spectator).
boost::json::array ProjectLegal(const boost::json::array& legal, int seat);
// `actions`: the entries of Match::LegalActionsJson (aligned with `legal`,
// LegalJson) that ProjectLegal keeps, in its order, so that the recipient's
// `actions[i]` is the action and label of its `legal[i]` (issue 27).
boost::json::array ProjectActions(const boost::json::array& legal, const boost::json::array& actions, int seat);

// An event (its EventJson parsed) for a recipient: a deal's `hands` become
// `hand` and `counts`; a gift's `cards` become `count` unless the recipient
// gives or receives it; a sealed bid (made while bids are sealed) loses
// `bid` and `cannon` for the other seats; `seed`, `id` and `hash` only once
// `over`. `by` is added when not empty.
// Whether an event (its EventJson parsed) is a sealed bid: a `bid` made
// while, after it, bids are still sealed (phase "bidding" and no turn: the
// state after the event). The bid that completes the bidding reveals them all.
bool SealedBid(const boost::json::object& event, const boost::json::object& state_after);

boost::json::object ProjectEvent(const boost::json::object& event, int seat, bool sealed,
                                 bool over, const std::string& by);

}  // namespace pli::serve

#endif  // PLI_SERVE_PROJECTION_H_
