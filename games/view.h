// view.h: the shape INTERFACE.md §3 gives every game's `view`, for a game's
// Match::ViewJson: its state's public fields (the game's own allow-list),
// `hands` replaced by the seat's own `hand` (none for a spectator, seat -1)
// and every seat's `counts`, plus `seat`. What is public is the game's to
// say; this only builds the shape.
#ifndef PLI_GAMES_VIEW_H_
#define PLI_GAMES_VIEW_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <span>
#include <string_view>

namespace pli {

// `hands` (one array per seat) as the number of cards per seat.
boost::json::array CountsOf(const boost::json::array& hands);

// The view of `state` for `seat` (-1: a spectator), keeping only the
// fields named in `public_fields`.
boost::json::object SeatView(const boost::json::object& state, int seat,
                             std::span<const std::string_view> public_fields);

}  // namespace pli

#endif  // PLI_GAMES_VIEW_H_
