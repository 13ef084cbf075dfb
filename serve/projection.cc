// projection.cc: see projection.h.
#include "serve/projection.h"

namespace pli::serve {

namespace bj = boost::json;

bj::object ProjectState(const Match& match, int seat) { return match.ViewJson(seat); }

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

bool SealedEvent(const Match& match, const bj::object& event) { return match.Sealed(event); }

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

bj::object ProjectEvent(const Game& game, const bj::object& event, int seat, bool sealed,
                        bool over, const std::string& by) {
  bj::object out = game.ProjectEvent(event, seat, sealed, over);
  if (!by.empty()) out["by"] = by;
  return out;
}

}  // namespace pli::serve
