// explain_json.cc: an explanation as `pli explain --json` prints it
// (explain.h): the verdict, the rule with its sentence (rule_text.h), the
// reasons, the states before and after, and the actor's legal actions.
#include <variant>

#include "games/president/replay/explain.h"
#include "games/president/rule_text.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/state_json.h"

namespace pli {
namespace {

namespace json = boost::json;

json::value CardsJson(const CardList& cards) {
  json::array out;
  for (Card c : cards) out.emplace_back(CardText(c));
  return out;
}

json::value CardsJson(CardSet cards) {
  json::array out;
  for (Card c : cards) out.emplace_back(CardText(c));
  return out;
}

// The cards of an event (play, close, gift); empty for the others.
CardList EventCards(const Event& event) {
  if (const auto* p = std::get_if<PlayEvent>(&event.body)) return p->cards;
  if (const auto* c = std::get_if<CloseEvent>(&event.body)) return c->cards;
  if (const auto* g = std::get_if<ExchangeEvent>(&event.body)) return g->cards;
  return {};
}

json::array ReasonsJson(const std::vector<Reason>& reasons) {
  json::array out;
  for (const Reason& r : reasons) out.push_back(ReasonToJson(r));
  return out;
}

json::array InsteadJson(const Explanation& x) {
  json::array out = LegalToJson(x.instead, x.before.options.wild != 0);  // H-B6
  for (size_t i = 0; i < x.instead.size(); ++i) {
    json::object& o = out[i].as_object();
    o["example"] = CardsJson(EventCards(ToEvent(x.before, x.instead[i])));
    o["taken"] = x.legal() && ActionMatches(x.instead[i], x.event, &x.before);
  }
  return out;
}

}  // namespace

json::object ReasonToJson(const Reason& reason) {
  json::object o;
  o["rule"] = reason.rule;
  const std::optional<std::string_view> sentence = RuleSentence(reason.rule);
  o["sentence"] = sentence ? json::value(json::string(*sentence)) : json::value(nullptr);
  o["detail"] = reason.detail;
  return o;
}

json::object ExplanationToJson(const Explanation& x, bool full) {
  json::object o;
  o["game"] = x.after.game.empty() ? x.before.game : x.after.game;
  o["seq"] = x.seq;
  // A malformed event has no canonical JSON: null (its violation says why).
  o["event"] = std::holds_alternative<MalformedEvent>(x.event.body)
                   ? json::value(nullptr)
                   : json::parse(EventToJson(x.event));
  o["type"] = TypeName(TypeOf(x.event.body));
  o["seat"] = x.seat >= 0 ? json::value(x.seat) : json::value(nullptr);
  o["legal"] = x.legal();
  o["violation"] = x.violation ? json::value(ViolationToJson(*x.violation)) : json::value(nullptr);
  const std::optional<std::string_view> sentence = RuleSentence(x.rule);
  if (sentence)
    o["rule"] = json::object{{"id", x.rule}, {"sentence", json::string(*sentence)}};
  else
    o["rule"] = nullptr;
  o["why"] = ReasonsJson(x.why);
  o["effects"] = ReasonsJson(x.effects);
  if (full) {
    o["before"] = StateToJson(x.before);
    const bool has_hand = x.seat >= 0 && x.seat < x.before.seats;
    o["hand"] = has_hand ? CardsJson(x.before.hands[x.seat]) : json::value(nullptr);
    o["instead"] = InsteadJson(x);
  }
  o["after"] = StateToJson(x.after);
  return o;
}

}  // namespace pli
