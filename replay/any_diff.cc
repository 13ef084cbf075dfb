// any_diff.cc: two records of any game compared (any_diff.h). The events
// before the parting point are common, so one fold gives the match both
// sides' events were played into; each side's event is then explained in it.
#include "replay/any_diff.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <boost/json/serialize.hpp>

#include "engine/text.h"

namespace pli {
namespace {

namespace json = boost::json;

// The event at `seq` explained in `before`, with the match after it.
json::object Side(const Game& game, const Match& before, const AnyEvent& event, int64_t seq) {
  json::object o;
  o["seq"] = seq;
  o["event"] = event.malformed ? json::value(nullptr) : json::parse(game.EventJson(event.body, seq));
  o["type"] = event.malformed ? (event.malformed->type ? json::value(*event.malformed->type)
                                                       : json::value(nullptr))
                              : json::value(game.TypeName(event.type));
  o["seat"] = event.seat >= 0 ? json::value(event.seat) : json::value(nullptr);
  for (auto& [key, value] : before.ExplainJson(event)) {
    if (key != "instead") o[key] = value;
  }
  std::unique_ptr<Match> after = before.Clone();
  after->Step(event);
  o["after"] = after->StateJson();
  return o;
}

std::string SideText(const std::string& label, const json::object& side) {
  const json::value& event = side.at("event");
  std::string text = label + ": " +
                     (event.is_null() ? std::string("(malformed)")
                                      : EscapeForTerminal(json::serialize(event))) +
                     "\n";
  if (side.at("legal").as_bool()) {
    text += "  legal";
    if (const json::value& rule = side.at("rule"); !rule.is_null()) {
      text += " (" + std::string(rule.at("id").as_string()) + ")";
    }
    text += "\n";
    for (const json::value& w : side.at("why").as_array()) {
      text += "    " + std::string(w.at("rule").as_string()) + "  " +
              std::string(w.at("sentence").as_string()) + ": " +
              EscapeForTerminal(std::string(w.at("detail").as_string())) + "\n";
    }
  } else {
    const json::value& v = side.at("violation");
    text += "  ILLEGAL " + std::string(v.at("code").as_string());
    if (!v.at("rule").as_string().empty()) text += " (" + std::string(v.at("rule").as_string()) + ")";
    text += ": " + EscapeForTerminal(std::string(v.at("message").as_string())) +
            " It changes nothing.\n";
  }
  return text;
}

}  // namespace

AnyLogDiff DiffAnyLogs(const Game& game, const std::vector<AnyEvent>& a,
                       const std::vector<AnyEvent>& b, bool strict) {
  // Two malformed events are the same when what is wrong with them is.
  auto same = [&](const AnyEvent& x, const AnyEvent& y) {
    if (x.malformed || y.malformed) {
      return x.malformed && y.malformed && x.malformed->type == y.malformed->type &&
             x.malformed->field == y.malformed->field &&
             x.malformed->message == y.malformed->message && (!strict || x.id == y.id);
    }
    return game.SameEvent(x.body, y.body, strict);
  };
  AnyLogDiff d;
  d.events_a = static_cast<int64_t>(a.size());
  d.events_b = static_cast<int64_t>(b.size());
  const size_t shorter = std::min(a.size(), b.size());
  size_t common = 0;
  while (common < shorter && same(a[common], b[common])) ++common;
  d.common = static_cast<int64_t>(common);
  if (common == a.size() && common == b.size()) return d;  // identical
  d.kind = common == shorter ? DiffKind::kPrefix : DiffKind::kDiverge;
  std::unique_ptr<Match> before = game.NewMatch();
  for (size_t i = 0; i < common; ++i) before->Step(a[i]);
  const int64_t seq = d.common + 1;
  if (common < a.size()) d.a = Side(game, *before, a[common], seq);
  if (common < b.size()) d.b = Side(game, *before, b[common], seq);
  d.before = std::move(before);
  return d;
}

json::object AnyLogDiffToJson(const AnyLogDiff& d) {
  json::object o;
  o["result"] = DiffKindName(d.kind);
  o["events_a"] = d.events_a;
  o["events_b"] = d.events_b;
  o["common"] = d.common;
  o["seq"] = d.kind == DiffKind::kIdentical ? json::value(nullptr) : json::value(d.seq());
  o["state"] = d.before ? json::value(d.before->StateJson()) : json::value(nullptr);
  o["a"] = d.a ? json::value(*d.a) : json::value(nullptr);
  o["b"] = d.b ? json::value(*d.b) : json::value(nullptr);
  return o;
}

std::string AnyDiffText(const std::string& game_id, const AnyLogDiff& d,
                        const std::string& label_a, const std::string& label_b) {
  const std::string game = EscapeForTerminal(game_id);
  const std::string a = "A (" + EscapeForTerminal(label_a) + ")";
  const std::string b = "B (" + EscapeForTerminal(label_b) + ")";
  if (d.kind == DiffKind::kIdentical)
    return "game " + game + ": identical (" + std::to_string(d.events_a) + " events)\n";
  std::string text = "game " + game + ": ";
  if (d.kind == DiffKind::kPrefix) {
    const bool a_longer = d.events_a > d.events_b;
    text += (a_longer ? b : a) + " is a prefix of " + (a_longer ? a : b) + ": their " +
            std::to_string(d.common) + " events are the same, and " + (a_longer ? "A" : "B") +
            " goes on with " + std::to_string((a_longer ? d.events_a : d.events_b) - d.common) +
            " more, from event " + std::to_string(d.seq()) + "\n\n";
  } else {
    text += "the logs diverge at event " + std::to_string(d.seq()) + " (" +
            std::to_string(d.common) + " events in common; A has " + std::to_string(d.events_a) +
            ", B has " + std::to_string(d.events_b) + ")\n\n";
  }
  if (d.a) text += SideText(a, *d.a) + "\n";
  if (d.b) text += SideText(b, *d.b) + "\n";
  text += "the table after event " + std::to_string(d.common) + ", the last they share:\n";
  text += d.before->StateText();
  return text;
}

}  // namespace pli
