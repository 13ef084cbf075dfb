// diff.cc: two records of one game compared (diff.h). The events before the
// parting point are common, so one fold gives the state both sides' events
// were played into; each side's event is then explained in that state.
#include "games/president/replay/diff.h"

#include <algorithm>
#include <variant>

#include "games/president/replay/fold.h"
#include "games/president/wire/state_json.h"

namespace pli {

namespace {

// The body with every list of cards in index order: the order in which a
// record writes the cards of a play, a gift or a hand does not matter.
EventBody Normalized(EventBody body) {
  auto sort = [](CardList& cards) { std::sort(cards.begin(), cards.end()); };
  if (auto* p = std::get_if<PlayEvent>(&body)) sort(p->cards);
  if (auto* c = std::get_if<CloseEvent>(&body)) sort(c->cards);
  if (auto* g = std::get_if<ExchangeEvent>(&body)) sort(g->cards);
  if (auto* d = std::get_if<DealEvent>(&body)) {
    for (CardList& hand : d->hands) sort(hand);
  }
  return body;
}

}  // namespace

bool SameEvent(const Event& a, const Event& b, bool strict) {
  if (!(Normalized(a.body) == Normalized(b.body))) return false;
  return !strict || (a.id == b.id && a.at == b.at);
}

LogDiff DiffLogs(const std::vector<Event>& a, const std::vector<Event>& b, bool strict) {
  LogDiff d;
  d.events_a = static_cast<int64_t>(a.size());
  d.events_b = static_cast<int64_t>(b.size());
  const size_t shorter = std::min(a.size(), b.size());
  size_t common = 0;
  while (common < shorter && SameEvent(a[common], b[common], strict)) ++common;
  d.common = static_cast<int64_t>(common);
  if (common == a.size() && common == b.size()) return d;  // identical
  d.before = FoldTo(a, d.common);
  d.kind = common == shorter ? DiffKind::kPrefix : DiffKind::kDiverge;
  const int64_t seq = d.common + 1;
  if (common < a.size()) {
    d.a = ExplainEvent(d.before, a[common]);
    d.a->seq = seq;
  }
  if (common < b.size()) {
    d.b = ExplainEvent(d.before, b[common]);
    d.b->seq = seq;
  }
  return d;
}

boost::json::object LogDiffToJson(const LogDiff& d) {
  namespace json = boost::json;
  json::object o;
  o["result"] = DiffKindName(d.kind);
  o["events_a"] = d.events_a;
  o["events_b"] = d.events_b;
  o["common"] = d.common;
  o["seq"] = d.kind == DiffKind::kIdentical ? json::value(nullptr) : json::value(d.seq());
  o["state"] =
      d.kind == DiffKind::kIdentical ? json::value(nullptr) : json::value(StateToJson(d.before));
  o["a"] = d.a ? json::value(ExplanationToJson(*d.a, false)) : json::value(nullptr);
  o["b"] = d.b ? json::value(ExplanationToJson(*d.b, false)) : json::value(nullptr);
  return o;
}

}  // namespace pli
