// projection.h: the one allow-list projection (../shared/SERVE.md "Identity
// and secrecy", INTERFACE.md §3). Everything a recipient receives about a
// game goes through these functions: a seat sees its own hand, every seat's
// card count, the public table and its own legal actions; a spectator sees
// the public table. No seed, id or hash leaves before the game's end.
//
// What is secret is the game's to say (Match::ViewJson, Match::Sealed,
// Game::ProjectEvent: issue 27), each game with its own allow-lists: a
// field a game adds later is dropped until its game names it public, so a
// new secret cannot leak by default. This file knows no field of any game;
// it adds what the server itself knows: `by`, and the legal list's `seat`.
#ifndef PLI_SERVE_PROJECTION_H_
#define PLI_SERVE_PROJECTION_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <string>

#include "games/game.h"

namespace pli::serve {

constexpr int kSpectator = -1;

// `view`: the match's view for `seat` (Match::ViewJson).
boost::json::object ProjectState(const Match& match, int seat);

// `legal`: the entries of LegalJson whose `seat` is the recipient's ([] for
// a spectator).
boost::json::array ProjectLegal(const boost::json::array& legal, int seat);
// `actions`: the entries of Match::LegalActionsJson (aligned with `legal`,
// LegalJson) that ProjectLegal keeps, in its order, so that the recipient's
// `actions[i]` is the action and label of its `legal[i]` (issue 27).
boost::json::array ProjectActions(const boost::json::array& legal, const boost::json::array& actions, int seat);

// Whether the event `match` folded last (its EventJson parsed) is sealed
// (Match::Sealed: asked once, right after the event is folded).
bool SealedEvent(const Match& match, const boost::json::object& event);

// An event (its EventJson parsed) of `game` for a recipient
// (Game::ProjectEvent), with `by` added when not empty (who acted for the
// seat).
boost::json::object ProjectEvent(const Game& game, const boost::json::object& event, int seat,
                                 bool sealed, bool over, const std::string& by);

}  // namespace pli::serve

#endif  // PLI_SERVE_PROJECTION_H_
