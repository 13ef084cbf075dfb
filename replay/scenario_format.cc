// scenario_format.cc: reading and checking an expectation document
// (docs/SCENARIOS.md). The JSON is read by ParseStrictJson, so a duplicate
// key (a typo that would make a check vanish) is refused; then Validator
// checks the form of every key and reports every problem, not just the first.
// Event types and violation codes are those of the scenario's game, asked
// through the game interface (games/game.h), so the same format serves every
// game.
#include "replay/scenario_format.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cstdint>
#include <initializer_list>

#include "games/game.h"
#include "schema/strict_json.h"

namespace pli {
namespace {

namespace json = boost::json;
using Lines = std::vector<std::string>;

std::string Render(const json::value& v) { return json::serialize(v); }

bool IsString(const json::value* v, std::string_view s) {
  return v && v->is_string() && v->get_string() == s;
}

// Validating an expectation document (every error is reported).
class Validator {
 public:
  Validator(const Game* game, Lines& errors) : game_(game), errors_(errors) {}

  void Root(const json::value& root) {
    if (!root.is_object()) return Error("(top level)", "must be a JSON object");
    const json::object& o = root.get_object();
    Keys(o, "(top level)", {"title", "rules", "verdict", "violations", "states", "legal", "notes"});
    Title(o);
    Rules(o);
    Verdict(o);
    if (const json::value* notes = o.if_contains("notes")) Notes(*notes);
    if (const json::value* states = o.if_contains("states")) {
      ForEachObject(*states, "states",
                    [&](const json::object& s, const std::string& w) { State(s, w); });
    }
    if (const json::value* legal = o.if_contains("legal")) {
      ForEachObject(*legal, "legal",
                    [&](const json::object& l, const std::string& w) { Legal(l, w); });
    }
  }

 private:
  void Error(const std::string& where, const std::string& what) {
    errors_.push_back(where + ": " + what);
  }

  void Keys(const json::object& o, const std::string& where,
            std::initializer_list<std::string_view> allowed) {
    for (const auto& kv : o) {
      if (std::find(allowed.begin(), allowed.end(), kv.key()) != allowed.end()) continue;
      std::string list;
      for (std::string_view a : allowed) list += (list.empty() ? "" : ", ") + std::string(a);
      Error(where, "unknown key \"" + std::string(kv.key()) + "\" (allowed: " + list + ")");
    }
  }

  template <typename F>
  void ForEachObject(const json::value& v, const std::string& where, F each) {
    if (!v.is_array()) return Error(where, "must be an array of objects");
    const json::array& a = v.get_array();
    for (size_t i = 0; i < a.size(); ++i) {
      std::string w = where + "[" + std::to_string(i) + "]";
      if (!a[i].is_object())
        Error(w, "must be an object");
      else
        each(a[i].get_object(), w);
    }
  }

  static bool IsInteger(const json::value& v) { return v.is_int64() || v.is_uint64(); }

  void NonEmptyString(const json::value* v, const std::string& where) {
    if (!v) return Error(where, "is required");
    if (!v->is_string() || v->get_string().empty()) Error(where, "must be a non-empty string");
  }

  void Title(const json::object& o) { NonEmptyString(o.if_contains("title"), "title"); }

  // A rule id of a game's rulebook: capital letters then digits ("P3",
  // "R4", "U1": RULES.md), after an optional prefix of capital letters and
  // a hyphen ("SK-P5", "SK-R1": SKULL_KING.md).
  static bool IsRuleId(std::string_view id) {
    size_t i = 0;
    while (i < id.size() && id[i] >= 'A' && id[i] <= 'Z') ++i;
    if (i > 0 && i < id.size() && id[i] == '-') {
      const size_t prefix = ++i;
      while (i < id.size() && id[i] >= 'A' && id[i] <= 'Z') ++i;
      if (i == prefix) return false;
    }
    if (i == 0 || i == id.size()) return false;
    for (; i < id.size(); ++i) {
      if (id[i] < '0' || id[i] > '9') return false;
    }
    return true;
  }

  void Rules(const json::object& o) {
    const json::value* rules = o.if_contains("rules");
    if (!rules) return Error("rules", "is required (the rule ids the scenario shows)");
    if (!rules->is_array() || rules->get_array().empty()) {
      return Error("rules", "must be a non-empty array of rule ids");
    }
    for (const json::value& r : rules->get_array()) {
      if (!r.is_string() || !IsRuleId(r.get_string())) {
        Error("rules", "not a rule id (\"P3\", \"SK-P5\"): " + Render(r));
      }
    }
  }

  void Verdict(const json::object& o) {
    const json::value* verdict = o.if_contains("verdict");
    const json::value* violations = o.if_contains("violations");
    if (!verdict) return Error("verdict", "is required (\"clean\" or \"violations\")");
    if (IsString(verdict, "clean")) {
      if (violations && !(violations->is_array() && violations->get_array().empty())) {
        Error("violations", "must be absent when the verdict is \"clean\"");
      }
    } else if (IsString(verdict, "violations")) {
      if (!violations || !violations->is_array() || violations->get_array().empty()) {
        return Error("violations", "must be a non-empty array when the verdict is \"violations\"");
      }
      ForEachObject(*violations, "violations",
                    [&](const json::object& v, const std::string& w) { ViolationItem(v, w); });
    } else {
      Error("verdict", "must be \"clean\" or \"violations\", not " + Render(*verdict));
    }
  }

  void ViolationItem(const json::object& v, const std::string& where) {
    Keys(v, where, {"seq", "seat", "type", "code", "rule", "message_contains"});
    if (const json::value* seq = v.if_contains("seq");
        seq && !(IsInteger(*seq) && seq->to_number<int64_t>() >= 1)) {
      Error(where + ".seq", "must be an integer >= 1");
    }
    if (const json::value* seat = v.if_contains("seat");
        seat && !seat->is_null() && !(IsInteger(*seat) && seat->to_number<int64_t>() >= 0)) {
      Error(where + ".seat", "must be a seat number or null");
    }
    if (const json::value* type = v.if_contains("type");
        type && !(type->is_string() && KnowsType(type->get_string()))) {
      Error(where + ".type", "not an event type" + OfGame() + ": " + Render(*type));
    }
    if (const json::value* code = v.if_contains("code");
        code && !(code->is_string() && KnowsCode(code->get_string()))) {
      Error(where + ".code", "not a violation code" + OfGame() + ": " + Render(*code));
    }
    for (std::string_view key : {"rule", "message_contains"}) {
      if (const json::value* s = v.if_contains(key); s && !s->is_string()) {
        Error(where + "." + std::string(key), "must be a string");
      }
    }
  }

  void Notes(const json::value& notes) {
    if (notes.is_string()) return;
    bool ok = notes.is_array();
    if (ok) {
      for (const json::value& n : notes.get_array()) ok = ok && n.is_string();
    }
    if (!ok) Error("notes", "must be a string or an array of strings");
  }

  void At(const json::object& o, const std::string& where) {
    const json::value* at = o.if_contains("at");
    if (!at) return Error(where + ".at", "is required (the seq after which to look)");
    if (!IsInteger(*at) || at->to_number<int64_t>() < 1)
      Error(where + ".at", "must be an integer >= 1");
  }

  void State(const json::object& s, const std::string& where) {
    Keys(s, where, {"at", "expect", "note"});
    At(s, where);
    const json::value* expect = s.if_contains("expect");
    if (!expect || !expect->is_object())
      Error(where + ".expect", "must be an object (a subset of the state)");
  }

  void Legal(const json::object& l, const std::string& where) {
    Keys(l, where, {"at", "includes", "excludes", "exactly", "note"});
    At(l, where);
    auto object_list = [&](std::string_view key) {
      if (const json::value* v = l.if_contains(key)) {
        ForEachObject(*v, where + "." + std::string(key),
                      [](const json::object&, const std::string&) {});
      }
    };
    object_list("includes");
    object_list("excludes");
    const json::value* exactly = l.if_contains("exactly");
    if (exactly && !(IsInteger(*exactly) && exactly->to_number<int64_t>() >= 0)) {
      Error(where + ".exactly", "must be an integer >= 0");
    }
    if (!l.contains("includes") && !l.contains("excludes") && !exactly) {
      Error(where, "needs \"includes\", \"excludes\" or \"exactly\"");
    }
  }

  // The games a type or code is looked up in: the scenario's, or every
  // game when its log could not say.
  std::vector<const Game*> Candidates() const {
    if (game_) return {game_};
    return {Games().begin(), Games().end()};
  }

  std::string OfGame() const {
    return game_ ? " of " + std::string(game_->Name()) : " of any game";
  }

  bool KnowsType(std::string_view name) const {
    for (const Game* g : Candidates()) {
      for (int tag = 0; tag < 256; ++tag) {
        const std::string t = g->TypeName(static_cast<uint8_t>(tag));
        if (t != "?" && t == name) return true;
      }
    }
    return false;
  }

  bool KnowsCode(std::string_view code) const {
    for (const Game* g : Candidates()) {
      if (g->KnowsCode(code)) return true;
    }
    return false;
  }

  const Game* game_;
  Lines& errors_;
};

}  // namespace

std::variant<json::object, Lines> ReadExpectation(std::string_view text, const Game* game) {
  // Expectations compare with the referee's documents, whose numbers are
  // integers; any JSON number is read here so that a wrong one is reported
  // where it is (e.g. `legal[0].at: must be an integer >= 1`).
  std::variant<json::value, JsonError> parsed = ParseStrictJson(text, JsonNumbers::kAny);
  if (const JsonError* e = std::get_if<JsonError>(&parsed)) {
    if (e->kind != JsonError::Kind::kSyntax) return Lines{e->message};
    return Lines{"not valid JSON: " + (e->field.empty() ? "" : e->field + ": ") + e->message};
  }
  const json::value& root = std::get<json::value>(parsed);
  Lines errors;
  Validator(game, errors).Root(root);
  if (!errors.empty()) return errors;
  return root.get_object();
}

}  // namespace pli
