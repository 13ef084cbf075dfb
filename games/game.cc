// game.cc: what the game interface shares (game.h).
#include "games/game.h"

namespace pli {

boost::json::object VerdictJson(const Verdict& verdict) {
  boost::json::object out;
  out["code"] = verdict.code;
  out["rule"] = verdict.rule;
  out["message"] = verdict.message;
  out["hidden"] = verdict.hidden.empty() ? boost::json::value(nullptr)
                                         : boost::json::value(verdict.hidden);
  return out;
}

std::string Malformed::Text() const {
  std::string out;
  if (line > 0) out = "line " + std::to_string(line);
  if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field \"") + field + "\"";
  out += (out.empty() ? "" : ": ") + message;
  return out;
}

std::optional<std::string> Match::SeededDeal(int64_t) const { return std::nullopt; }

std::vector<int> Match::ToAct() const {
  if (const int turn = Turn(); turn >= 0) return {turn};
  return {};
}

bool Game::KnowsCode(std::string_view) const { return false; }

std::unique_ptr<BotSeat> Game::MakeBot(std::string_view, uint64_t) const { return nullptr; }
std::optional<std::string> Game::LiveRefusal(const Match&) const { return std::nullopt; }
std::optional<std::string> Game::RuleSentence(std::string_view) const { return std::nullopt; }

GameFacts Game::Facts() const {
  GameFacts f;
  f.game = f.title = std::string(Name());
  return f;
}

boost::json::object FactsJson(const GameFacts& facts) {
  namespace bj = boost::json;
  auto seats = [](int lo, int hi) { return bj::object{{"min", lo}, {"max", hi}}; };
  bj::array levels;
  for (const std::string& l : facts.levels) levels.push_back(bj::string(l));
  bj::array rulesets;
  for (const RulesetFact& r : facts.rulesets)
    rulesets.push_back(bj::object{{"name", r.name}, {"seats", seats(r.min_seats, r.max_seats)}, {"defaults", r.defaults}});
  bj::array options;
  for (const OptionFact& o : facts.options) {
    bj::object j{{"name", o.name}, {"type", o.type}};
    if (!o.values.empty()) j["values"] = o.values;
    if (o.min) j["min"] = *o.min;
    if (o.max) j["max"] = *o.max;
    j["default"] = o.default_value;
    j["rule"] = o.rule;
    j["label"] = bj::object{{"en", o.label_en}, {"fr", o.label_fr}};
    options.push_back(std::move(j));
  }
  bj::array refused;
  for (const RefusedFact& r : facts.refused)
    refused.push_back(bj::object{{"options", r.options},
                                 {"live_only", r.live_only},
                                 {"rule", r.rule},
                                 {"message", bj::object{{"en", r.message_en}, {"fr", r.message_fr}}}});
  return {{"game", facts.game},
          {"title", facts.title},
          {"seats", seats(facts.min_seats, facts.max_seats)},
          {"levels", std::move(levels)},
          {"rulesets", std::move(rulesets)},
          {"options", std::move(options)},
          {"refused", std::move(refused)}};
}

boost::json::array LegalWithActions(boost::json::array legal, const boost::json::array& actions) {
  for (size_t i = 0; i < legal.size() && i < actions.size(); ++i) {
    boost::json::object& entry = legal[i].as_object();
    const boost::json::object& given = actions[i].as_object();
    entry["action"] = given.at("action");
    entry["label"] = given.at("label");
  }
  return legal;
}

boost::json::object Match::ExplainJson(const AnyEvent& event) const {
  boost::json::object o;
  std::optional<Verdict> v = Decide(event);
  o["legal"] = !v.has_value();
  o["violation"] = v ? boost::json::value(VerdictJson(*v)) : boost::json::value(nullptr);
  o["rule"] = v ? boost::json::value(boost::json::object{{"id", v->rule}, {"sentence", v->message}})
                : boost::json::value(nullptr);
  o["why"] = boost::json::array();
  boost::json::array instead;
  for (const boost::json::value& a : LegalJson()) {
    boost::json::object entry = a.as_object();
    entry["taken"] = false;
    instead.push_back(std::move(entry));
  }
  o["instead"] = std::move(instead);
  return o;
}

void Match::StepAll(std::span<const AnyEvent> events, bool keep_going,
                    std::vector<std::pair<size_t, Verdict>>& verdicts) {
  for (size_t i = 0; i < events.size(); ++i) {
    std::optional<Verdict> v = Step(events[i]);
    if (!v) continue;
    verdicts.emplace_back(i, std::move(*v));
    if (!keep_going) return;
  }
}

bool Match::StepRow(int64_t seq, std::string_view body, const ColumnsView& columns,
                    std::optional<GameOpening>& opening) {
  std::optional<EventRecord> record = game().RecordOf(body, nullptr);
  if (!record || !ColumnsMatch(columns, record->columns)) return false;
  if (record->opening) opening = std::move(record->opening);
  AnyEvent event;
  event.seq = seq;
  event.type = record->columns.type;
  event.seat = record->columns.seat;
  event.id = std::move(record->columns.id);
  event.body = std::move(record->body);
  return !Step(event);
}

std::optional<uint8_t> FormatOf(const Game& game) {
  for (int byte = 0; byte < 256; ++byte)
    if (game.Owns(std::string(1, static_cast<char>(byte)))) return static_cast<uint8_t>(byte);
  return std::nullopt;
}

}  // namespace pli
