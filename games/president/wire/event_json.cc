// event_json.cc: events <-> JSON Lines (INTERFACE.md §1, schema/FORMAT.md).
//
// Reading is in two steps. ParseStrictJson (schema/strict_json.h) reads the
// line, refusing bad JSON, duplicate keys and any number that is not a
// canonical int64. Then EventReader checks the value field by field against
// the event's type.
#include "games/president/wire/event_json.h"

#include <array>
#include <boost/json/value.hpp>
#include <charconv>
#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/president/rules/state.h"
#include "engine/text.h"
#include "schema/json_write.h"
#include "schema/strict_json.h"

namespace pli {
namespace {

using json_write::AppendIntField;
using json_write::AppendKey;
using json_write::AppendString;
using json_write::AppendStringField;

namespace bj = boost::json;

// ---------------------------------------------------------------------------
// Reading.

const char* KindName(const bj::value& v) {
  switch (v.kind()) {
    case bj::kind::null:
      return "null";
    case bj::kind::bool_:
      return "a boolean";
    case bj::kind::int64:
    case bj::kind::uint64:
    case bj::kind::double_:
      return "a number";
    case bj::kind::string:
      return "a string";
    case bj::kind::array:
      return "an array";
    case bj::kind::object:
      break;
  }
  return "an object";
}

constexpr std::array<std::string_view, 5> kCommonFields = {"type", "seq", "id", "at", "hash"};

// The fields each type allows besides the common ones, in canonical order.
std::vector<std::string_view> TypeFields(EventType type) {
  // Indexed by wire tag - 1 (game, deal, exchange, play, pass, close, end).
  static const std::vector<std::string_view> kFields[] = {{"game", "ruleset", "options", "seats"},
                                                          {"hands", "seed"},
                                                          {"from", "to", "cards"},
                                                          {"seat", "cards", "declare"},
                                                          {"seat"},
                                                          {"seat", "cards"},
                                                          {}};
  return kFields[static_cast<int>(type) - 1];
}

// Reads the fields of one event object; the first problem found sticks.
class EventReader {
 public:
  explicit EventReader(const bj::object& object) : object_(object) {}

  bool failed() const { return error_.has_value(); }
  const ParseError& error() const { return *error_; }
  void Fail(std::string_view field, std::string message) {
    if (!error_) error_ = ParseError{std::string(field), std::move(message)};
  }

  // The member of that name, or nullptr (an error when required).
  const bj::value* Get(std::string_view name, bool required) {
    const bj::value* v = object_.if_contains(name);
    if (v == nullptr && required) Fail(name, "is required but missing");
    return v;
  }
  const bj::value* GetKind(std::string_view name, bj::kind kind, bool required,
                           const char* expected) {
    const bj::value* v = Get(name, required);
    if (v == nullptr || failed()) return nullptr;
    if (v->kind() != kind) {
      Fail(name, std::string("must be ") + expected + ", not " + KindName(*v));
      return nullptr;
    }
    return v;
  }
  std::optional<std::string> String(std::string_view name, bool required, bool non_empty) {
    const bj::value* v = GetKind(name, bj::kind::string, required, "a string");
    if (v == nullptr) return std::nullopt;
    if (non_empty && v->get_string().empty()) {
      Fail(name, "must not be empty");
      return std::nullopt;
    }
    return std::string(v->get_string());
  }
  // ParseStrictJson let through only canonical int64 numbers.
  std::optional<int64_t> Integer(std::string_view name, bool required) {
    const bj::value* v = Get(name, required);
    if (v == nullptr || failed()) return std::nullopt;
    if (!v->is_int64()) {
      Fail(name, std::string("must be an integer, not ") + KindName(*v));
      return std::nullopt;
    }
    return v->get_int64();
  }
  // A seat number (S1): 0 to kMaxSeats - 1. Whether the game has that seat
  // is checked by the log reader.
  int Seat(std::string_view name) {
    std::optional<int64_t> v = Integer(name, true);
    if (!v) return 0;
    if (*v < 0 || *v >= kMaxSeats) {
      Fail(name, std::to_string(*v) + " is not a seat number (0 to " +
                     std::to_string(kMaxSeats - 1) + ")");
      return 0;
    }
    return static_cast<int>(*v);
  }
  CardList CardsOf(std::string_view field, const bj::array& array, bool non_empty);
  CardList Cards(std::string_view name) {
    const bj::value* v = GetKind(name, bj::kind::array, true, "an array of cards");
    if (v == nullptr) return {};
    return CardsOf(name, v->get_array(), true);
  }

  void CheckFieldNames(EventType type);
  // seq, id, at; the `hash` text, when present, goes to *hash_out (if not null).
  void ReadCommon(Event& event, std::string* hash_out);
  GameEvent ReadGame();
  DealEvent ReadDeal();
  Declare ReadDeclare();

 private:
  const bj::object& object_;
  std::optional<ParseError> error_;
};

CardList EventReader::CardsOf(std::string_view field, const bj::array& array, bool non_empty) {
  CardList cards;
  if (non_empty && array.empty()) {
    Fail(field, "must name at least one card");
    return cards;
  }
  for (const bj::value& item : array) {
    if (!item.is_string()) {
      Fail(field, std::string("a card must be a string, not ") + KindName(item));
      return {};
    }
    std::string_view text = item.get_string();
    std::optional<Card> card = ParseCard(text);
    if (!card) {
      Fail(field, "unknown card " + Quote(text));
      return {};
    }
    cards.push_back(*card);  // in the order written, duplicates included
  }
  return cards;
}

void EventReader::CheckFieldNames(EventType type) {
  std::vector<std::string_view> allowed = TypeFields(type);
  allowed.insert(allowed.end(), kCommonFields.begin(), kCommonFields.end());
  for (const bj::key_value_pair& member : object_) {
    std::string_view key = member.key();
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key;
    if (!known) {
      Fail(key, "unknown field for a " + std::string(TypeName(type)) + " event");
      return;
    }
  }
}

void EventReader::ReadCommon(Event& event, std::string* hash_out) {
  if (std::optional<int64_t> seq = Integer("seq", false)) {
    if (*seq < 1) Fail("seq", "must be 1 or more, not " + std::to_string(*seq));
    event.seq = seq;
  }
  event.id = String("id", false, true);
  event.at = String("at", false, false);
  // `hash` is not part of the event: it is handed to the caller, who checks
  // the chain (FORMAT.md "Hash chain").
  if (std::optional<std::string> hash = String("hash", false, false)) {
    bool hex =
        hash->size() == 64 && hash->find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) Fail("hash", "must be 64 lowercase hex digits");
    if (hash_out != nullptr) *hash_out = *hash;
  }
}

// The text form SetOption takes of an option's JSON value, or nullopt.
// (Every number is a canonical int64: ParseStrictJson refused the others.)
std::optional<std::string> OptionText(const bj::value& v) {
  if (v.is_bool()) return v.get_bool() ? "true" : "false";
  if (v.is_string()) return std::string(v.get_string());
  if (v.is_int64()) return std::to_string(v.get_int64());
  return std::nullopt;
}

bool IsCanonicalInteger(std::string_view text);

// The JSON kind of an option's value (RULES.md Changes 2026-11-24: option
// values have their JSON type): the kind of its value in the preset, as
// EventToJson writes it (AppendOption): true/false a boolean, a number an
// integer, a name a string. nullopt for an unknown option.
std::optional<bj::kind> OptionKind(const Options& /*preset*/, std::string_view name) {
  // H-A3: one JSON type per option, whatever the preset's value (a preset's
  // `exchange_cards` "2", H-K1, is still a string).
  switch (OptionJsonType(name)) {  // house rules too
    case 'b': return bj::kind::bool_;
    case 'i': return bj::kind::int64;
    case 's': return bj::kind::string;
    default: return std::nullopt;
  }
}

const char* OptionKindName(bj::kind kind) {
  if (kind == bj::kind::bool_) return "a JSON boolean (true or false)";
  if (kind == bj::kind::int64) return "a JSON integer";
  return "a JSON string";
}

// The first control character (U+0000-U+001F, U+007F-U+009F) of a UTF-8
// text (INTERFACE.md §1, seat names), as "U+0007", or "".
std::string ControlCharacter(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    unsigned code = 0x100;
    if (c < 0x20 || c == 0x7F) code = c;
    // U+0080-U+009F are C2 80 to C2 9F in UTF-8 (the JSON reader checked
    // the encoding).
    if (c == 0xC2 && i + 1 < text.size()) {
      const auto d = static_cast<unsigned char>(text[i + 1]);
      if (d >= 0x80 && d <= 0x9F) code = d;
    }
    if (code <= 0xFF) return std::string("U+00") + kHex[code >> 4] + kHex[code & 0xF];
  }
  return "";
}

GameEvent EventReader::ReadGame() {
  GameEvent g;
  if (auto id = String("game", true, true)) g.game = *id;
  if (auto ruleset = String("ruleset", false, false)) g.ruleset = *ruleset;
  if (failed()) return g;
  std::string pending;
  std::optional<Options> preset = Preset(g.ruleset, &pending);
  if (!preset) {
    // HOUSE_RULES.md §13: a preset naming an option not refereed yet.
    if (!pending.empty()) {
      Fail("ruleset", pending);
      return g;
    }
    Fail("ruleset",
         "unknown ruleset " + Quote(g.ruleset) + " (known: " + PresetNamesText(true) +
             ", \"skull-king\", \"skull-king-official\", \"skull-king-original\")");
    return g;
  }
  g.options = *preset;
  if (const bj::value* opts = GetKind("options", bj::kind::object, false, "an object")) {
    for (const bj::key_value_pair& option : opts->get_object()) {
      std::string name(option.key());
      std::optional<std::string> text = OptionText(option.value());
      const std::optional<bj::kind> kind = OptionKind(*preset, name);
      if (kind && (!text || option.value().kind() != *kind)) {
        const bj::value& v = option.value();
        Fail("options", "option " + Quote(name) + " takes " + OptionKindName(*kind) + ", not " +
                            (v.is_string() ? "the string " + Quote(v.get_string())
                                           : std::string(KindName(v))));
        return g;
      }
      if (!text) text = "";  // an unknown option: SetOption's sentence says so
      std::string problem = SetOption(g.options, name, *text);
      if (!problem.empty()) {
        Fail("options", problem);  // SetOption's sentence names the option
        return g;
      }
      g.overrides.emplace_back(name, *text);
    }
    // H-A2: options refused together, judged after the preset and overrides.
    if (std::string refused = RefusedCombination(g.options); !refused.empty()) {
      Fail("options", refused);
      return g;
    }
  }
  const bj::value* seats = GetKind("seats", bj::kind::array, true, "an array of names");
  if (seats == nullptr) return g;
  int n = static_cast<int>(seats->get_array().size());
  if (n < kMinSeats || n > kMaxSeats) {
    Fail("seats", "a game has 4 to 8 seats (S1), not " + std::to_string(n));
    return g;
  }
  for (const bj::value& name : seats->get_array()) {
    if (!name.is_string() || name.get_string().empty()) {
      Fail("seats", "each seat must be a non-empty name");
      return g;
    }
    // INTERFACE.md §1: seat names have no control characters.
    if (std::string control = ControlCharacter(name.get_string()); !control.empty()) {
      Fail("seats", "the name of seat " + std::to_string(g.seats.size()) +
                        " has a control character (" + control + ")");
      return g;
    }
    g.seats.emplace_back(name.get_string());
  }
  // H-A2, H-K1: a pattern of p pairs needs 2p seated players (field options).
  if (std::string refused = ExchangeSeatsRefusal(g.options, n); !refused.empty()) Fail("options", refused);
  return g;
}

DealEvent EventReader::ReadDeal() {
  DealEvent d;
  const bj::value* hands = GetKind("hands", bj::kind::array, true, "an array of hands");
  if (hands == nullptr) return d;
  for (const bj::value& hand : hands->get_array()) {
    if (!hand.is_array()) {
      Fail("hands", std::string("each hand must be an array of cards, not ") + KindName(hand));
      return d;
    }
    d.hands.push_back(CardsOf("hands", hand.get_array(), false));
    if (failed()) return d;
  }
  d.seed = Integer("seed", false);
  return d;
}

Declare EventReader::ReadDeclare() {
  const bj::value* v = Get("declare", false);
  if (v == nullptr) return Declare::kNone;
  if (v->is_string() && v->get_string() == "suite") return Declare::kSuite;
  if (v->is_string() && v->get_string() == "reverse") return Declare::kReverse;
  std::string got = v->is_string() ? Quote(v->get_string()) : KindName(*v);
  Fail("declare", "must be \"suite\" or \"reverse\" (omit it for none), not " + got);
  return Declare::kNone;
}

EventBody ReadBody(EventReader& r, EventType type) {
  // Braced initializers evaluate in order, so the first bad field is named.
  switch (type) {
    case EventType::kGame:
      return r.ReadGame();
    case EventType::kDeal:
      return r.ReadDeal();
    case EventType::kExchange:
      return ExchangeEvent{r.Seat("from"), r.Seat("to"), r.Cards("cards")};
    case EventType::kPlay:
      return PlayEvent{r.Seat("seat"), r.Cards("cards"), r.ReadDeclare()};
    case EventType::kPass:
      return PassEvent{r.Seat("seat")};
    case EventType::kClose:
      return CloseEvent{r.Seat("seat"), r.Cards("cards")};
    case EventType::kEnd:
    case EventType::kMalformed:  // not a `type` value: ParseTypeName refuses it
      break;
  }
  return EndEvent{};
}

// ---------------------------------------------------------------------------
// Writing.

// [item,item,...] (or {...}), each item written by append(out, item).
template <typename Items, typename Append>
void AppendArray(std::string& out, const Items& items, Append append,
                 const char* brackets = "[]") {
  out += brackets[0];
  for (std::size_t i = 0; i < items.size(); ++i) {
    if (i > 0) out += ',';
    append(out, items[i]);
  }
  out += brackets[1];
}
void AppendCards(std::string& out, const CardList& cards) {
  AppendArray(out, cards, [](std::string& o, Card c) { AppendString(o, CardText(c)); });
}
void AppendCardsField(std::string& out, const CardList& cards) {
  AppendKey(out, "cards");
  AppendCards(out, cards);
}

// True when text is a canonical integer that fits int64.
bool IsCanonicalInteger(std::string_view text) {
  int64_t value = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), value);
  return ec == std::errc() && end == text.data() + text.size() && std::to_string(value) == text;
}

// An option as written: booleans and integers bare, other values as strings.
void AppendOption(std::string& out, const std::pair<std::string, std::string>& option) {
  AppendString(out, option.first);
  out += ':';
  const std::string& text = option.second;
  // H-A3: the option's JSON type (an unknown name, as written).
  const char type = OptionJsonType(option.first);
  if (type == 'b' || type == 'i' || (type == 0 && (text == "true" || text == "false" || IsCanonicalInteger(text)))) {
    out += text;
  } else {
    AppendString(out, text);
  }
}

void AppendGame(std::string& out, const GameEvent& g) {
  AppendStringField(out, "game", g.game);
  AppendStringField(out, "ruleset", g.ruleset);
  if (!g.overrides.empty()) {
    AppendKey(out, "options");
    AppendArray(out, g.overrides, AppendOption, "{}");
  }
  AppendKey(out, "seats");
  AppendArray(out, g.seats, [](std::string& o, const std::string& s) { AppendString(o, s); });
}

void AppendBody(std::string& out, const EventBody& body) {
  if (const auto* g = std::get_if<GameEvent>(&body)) {
    AppendGame(out, *g);
  } else if (const auto* d = std::get_if<DealEvent>(&body)) {
    AppendKey(out, "hands");
    AppendArray(out, d->hands, AppendCards);
    if (d->seed) AppendIntField(out, "seed", *d->seed);
  } else if (const auto* x = std::get_if<ExchangeEvent>(&body)) {
    AppendIntField(out, "from", x->from);
    AppendIntField(out, "to", x->to);
    AppendCardsField(out, x->cards);
  } else if (const auto* p = std::get_if<PlayEvent>(&body)) {
    AppendIntField(out, "seat", p->seat);
    AppendCardsField(out, p->cards);
    if (p->declare == Declare::kSuite) AppendStringField(out, "declare", "suite");
    if (p->declare == Declare::kReverse) AppendStringField(out, "declare", "reverse");
  } else if (const auto* s = std::get_if<PassEvent>(&body)) {
    AppendIntField(out, "seat", s->seat);
  } else if (const auto* c = std::get_if<CloseEvent>(&body)) {
    AppendIntField(out, "seat", c->seat);
    AppendCardsField(out, c->cards);
  }
}

}  // namespace

std::variant<Event, ParseError> ParseEventLine(std::string_view line) {
  return ParseEventLine(line, nullptr);
}

LineRead ReadEventLine(std::string_view line) {
  LineRead out;
  // The event types, for a person who wrote none, or a number, or another.
  const std::string types = "the event types are game, deal, exchange, play, pass, close, end";
  StrictJsonRead json = ReadStrictJson(line);
  if (!json.value) {
    out.error = ParseError{std::move(json.error->field), std::move(json.error->message)};
    return out;
  }
  const boost::json::value& root = *json.value;
  if (!root.is_object()) {
    out.error =
        ParseError{"", std::string("an event must be a JSON object, not ") + KindName(root)};
    return out;
  }
  out.object = true;
  // What can be read of the object whatever else is wrong with it.
  const bj::object& object = root.get_object();
  auto string_of = [&](std::string_view key) -> std::optional<std::string> {
    const bj::value* v = object.if_contains(key);
    if (v == nullptr || !v->is_string()) return std::nullopt;
    return std::string(v->get_string());
  };
  out.type = string_of("type");
  out.id = string_of("id");
  if (out.id && out.id->empty()) out.id.reset();
  if (out.type == "game") out.game = string_of("game");
  const bj::value* seat = object.if_contains(out.type == "exchange" ? "from" : "seat");
  if (out.type != "game" && out.type != "deal" && out.type != "end" && seat != nullptr &&
      seat->is_int64()) {
    out.seat = seat->get_int64();
  }
  if (std::optional<std::string> hash = string_of("hash");
      hash && hash->size() == 64 &&
      hash->find_first_not_of("0123456789abcdef") == std::string::npos) {
    out.hash = *hash;
  }
  if (json.error) {  // JSON that ParseStrictJson refuses: a duplicate key, a number
    if (json.error->field == "type" && json.error->kind == JsonError::Kind::kNumber) {  // "type":1.0
      out.error =
          ParseError{"type", "must be a string naming the event, not a number (" + types + ")"};
    } else {
      out.error = ParseError{std::move(json.error->field), std::move(json.error->message)};
    }
    return out;
  }
  EventReader r(object);
  const bj::value* type_value = object.if_contains("type");
  if (type_value == nullptr) {
    out.error = ParseError{"type", "is required but missing (" + types + ")"};
    return out;
  }
  if (!type_value->is_string()) {
    out.error = ParseError{"type", std::string("must be a string naming the event, not ") +
                                       KindName(*type_value) + " (" + types + ")"};
    return out;
  }
  std::optional<std::string> type_name = r.String("type", true, false);
  if (r.failed()) {
    out.error = r.error();
    return out;
  }
  std::optional<EventType> type = ParseTypeName(*type_name);
  if (!type) {
    out.error = ParseError{"type", "unknown event type " + Quote(*type_name) + " (" + types + ")"};
    return out;
  }
  r.CheckFieldNames(*type);
  Event event;
  r.ReadCommon(event, nullptr);
  if (!r.failed()) event.body = ReadBody(r, *type);
  if (r.failed()) {
    out.error = r.error();
    return out;
  }
  out.event = std::move(event);
  return out;
}

std::variant<Event, ParseError> ParseEventLine(std::string_view line, std::string* hash) {
  if (hash != nullptr) hash->clear();
  LineRead read = ReadEventLine(line);
  if (!read.event) return std::move(read.error);
  if (hash != nullptr) *hash = std::move(read.hash);
  return std::move(*read.event);
}

std::string EventToJson(const Event& event) {
  if (std::holds_alternative<MalformedEvent>(event.body)) {
    throw std::invalid_argument("a malformed event has no JSON form");
  }
  std::string out = "{\"type\":";
  AppendString(out, TypeName(TypeOf(event.body)));
  if (event.seq) AppendIntField(out, "seq", *event.seq);
  if (event.id) AppendStringField(out, "id", *event.id);
  if (event.at) AppendStringField(out, "at", *event.at);
  AppendBody(out, event.body);
  out += '}';
  return out;
}

}  // namespace pli
