// projection.cc: see projection.h.
#include "serve/projection.h"

#include <array>
#include <string>
#include <string_view>

namespace pli::serve {
namespace {

namespace bj = boost::json;

// The public fields of a state, of every game (INTERFACE.md §2,
// SKULL_KING.md "State"). `hands` is not among them.
constexpr std::array<std::string_view, 33> kPublicState = {
    "game",    "seq",      "manche",    "phase",  "revolution", "turn",     "pli",
    "finished", "ranking", "seats",     "gifts",  "options",    "scores",   "ended",
    "ruleset", "dealer",   "hand_size", "turned", "trump",      "to_bid",   "bids",
    "cannon",  "won",      "trick",     "last_trick", "bonus",  "history",  "winners",
    "solo",    "mode",     "out",       "last",   "count"};

// The public fields of an event (INTERFACE.md §1, SKULL_KING.md "Events");
// `hands`, `cards` of a gift, `bid`, `seed`, `id` and `hash` are decided apart.
constexpr std::array<std::string_view, 13> kPublicEvent = {
    "type",  "seq",     "game", "ruleset", "options", "seats", "seat",
    "from",  "to",      "declare", "turned", "at",    "cannon"};

template <size_t N>
bool In(const std::array<std::string_view, N>& names, std::string_view key) {
  for (std::string_view n : names)
    if (n == key) return true;
  return false;
}

bool Sealed(const bj::object& state) {
  const bj::value* phase = state.if_contains("phase");
  const bj::value* turn = state.if_contains("turn");
  return phase && phase->is_string() && phase->as_string() == "bidding" && turn &&
         turn->is_null();
}

}  // namespace

bj::object ProjectState(const bj::object& state, int seat) {
  bj::object view;
  for (const auto& [key, value] : state)
    if (In(kPublicState, key)) view[key] = value;
  bj::array counts;
  if (const bj::value* hands = state.if_contains("hands"); hands && hands->is_array()) {
    const bj::array& all = hands->as_array();
    for (size_t s = 0; s < all.size(); ++s) {
      counts.push_back(all[s].is_array() ? static_cast<int64_t>(all[s].as_array().size()) : 0);
      if (static_cast<int>(s) == seat) view["hand"] = all[s];
    }
  }
  view["counts"] = std::move(counts);
  view["seat"] = seat >= 0 ? bj::value(seat) : bj::value(nullptr);
  if (Sealed(state)) {
    for (const char* key : {"bids", "cannon"}) {
      bj::value* v = view.if_contains(key);
      if (!v || !v->is_array()) continue;
      bj::array& a = v->as_array();
      for (size_t s = 0; s < a.size(); ++s)
        if (static_cast<int>(s) != seat) a[s] = nullptr;
    }
  }
  return view;
}

bj::array ProjectLegal(const bj::array& legal, int seat) {
  bj::array out;
  if (seat < 0) return out;
  for (const bj::value& a : legal) {
    if (!a.is_object()) continue;
    const bj::value* s = a.as_object().if_contains("seat");
    if (s && s->is_int64() && s->as_int64() == seat) out.push_back(a);
  }
  return out;
}

bj::array ProjectActions(const bj::array& legal, const bj::array& actions, int seat) {
  bj::array out;
  if (seat < 0) return out;
  for (size_t i = 0; i < legal.size() && i < actions.size(); ++i) {
    if (!legal[i].is_object()) continue;
    const bj::value* s = legal[i].as_object().if_contains("seat");
    if (s && s->is_int64() && s->as_int64() == seat) out.push_back(actions[i]);
  }
  return out;
}

bool SealedBid(const bj::object& event, const bj::object& state_after) {
  return event.contains("bid") && Sealed(state_after);
}

bj::object ProjectEvent(const bj::object& event, int seat, bool sealed, bool over,
                        const std::string& by) {
  bj::object out;
  for (const auto& [key, value] : event)
    if (In(kPublicEvent, key)) out[key] = value;
  const bj::value* type = event.if_contains("type");
  const std::string_view t = type && type->is_string() ? std::string_view(type->as_string()) : "";
  auto int_of = [&](const char* key) -> int64_t {
    const bj::value* v = event.if_contains(key);
    return v && v->is_int64() ? v->as_int64() : -2;
  };
  if (const bj::value* hands = event.if_contains("hands"); hands && hands->is_array()) {
    bj::array counts;
    const bj::array& all = hands->as_array();
    for (size_t s = 0; s < all.size(); ++s) {
      counts.push_back(all[s].is_array() ? static_cast<int64_t>(all[s].as_array().size()) : 0);
      if (over || static_cast<int>(s) == seat) {
        if (over) out["hands"] = *hands;
        else out["hand"] = all[s];
      }
    }
    out["counts"] = std::move(counts);
  }
  if (const bj::value* cards = event.if_contains("cards"); cards && cards->is_array()) {
    const bool gift = t == "exchange";
    if (!gift || over || int_of("from") == seat || int_of("to") == seat) {
      out["cards"] = *cards;
    } else {
      out["count"] = static_cast<int64_t>(cards->as_array().size());
    }
  }
  if (const bj::value* bid = event.if_contains("bid")) {
    if (!sealed || over || int_of("seat") == seat) {
      out["bid"] = *bid;
    } else {
      out.erase("cannon");
    }
  }
  if (over) {
    for (const char* key : {"seed", "id", "hash"})
      if (const bj::value* v = event.if_contains(key)) out[key] = *v;
  }
  if (!by.empty()) out["by"] = by;
  return out;
}

}  // namespace pli::serve
