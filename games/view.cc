// view.cc: see view.h.
#include "games/view.h"

#include <algorithm>
#include <cstdint>
#include <utility>

namespace pli {

boost::json::array CountsOf(const boost::json::array& hands) {
  boost::json::array counts;
  for (const boost::json::value& h : hands)
    counts.push_back(h.is_array() ? static_cast<int64_t>(h.as_array().size()) : 0);
  return counts;
}

boost::json::object SeatView(const boost::json::object& state, int seat,
                             std::span<const std::string_view> public_fields) {
  boost::json::object view;
  for (const auto& [key, value] : state)
    if (std::find(public_fields.begin(), public_fields.end(), key) != public_fields.end()) view[key] = value;
  boost::json::array counts;
  if (const boost::json::value* hands = state.if_contains("hands"); hands && hands->is_array()) {
    const boost::json::array& all = hands->as_array();
    if (seat >= 0 && static_cast<size_t>(seat) < all.size()) view["hand"] = all[seat];
    counts = CountsOf(all);
  }
  view["counts"] = std::move(counts);
  view["seat"] = seat >= 0 ? boost::json::value(seat) : boost::json::value(nullptr);
  return view;
}

}  // namespace pli
