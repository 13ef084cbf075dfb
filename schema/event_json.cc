// event_json.cc: events <-> JSON Lines (INTERFACE.md §1, schema/FORMAT.md).
//
// Reading is in two steps. A boost::json::basic_parser with our own handler
// builds a small tree (Json below) that keeps what boost::json::value loses:
// duplicate keys are seen and rejected, and every number keeps its raw text
// so that only canonical integers pass. Then EventReader checks the tree
// field by field against the event's type.
#include "schema/event_json.h"

#include <array>
#include <boost/json/basic_parser_impl.hpp>
#include <charconv>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "engine/state.h"

namespace pli {
namespace {

namespace bj = boost::json;

// ---------------------------------------------------------------------------
// The tree.

struct Json {
  enum class Kind { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text;       // a string's value, or a number's raw text
  bool is_int64 = false;  // a number that boost read as int64
  int64_t integer = 0;
  std::vector<Json> items;                            // array
  std::vector<std::pair<std::string, Json>> members;  // object, as written
};

const char* KindName(Json::Kind kind) {
  // In Json::Kind order.
  static constexpr const char* kNames[] = {"null",     "a boolean", "a number",
                                           "a string", "an array",  "an object"};
  return kNames[static_cast<int>(kind)];
}

// Quotes a text for an error message (not JSON escaping; messages are prose).
std::string Quote(std::string_view s) { return "\"" + std::string(s) + "\""; }

// The basic_parser handler: builds a Json tree, refuses duplicate keys, and
// remembers enough about the last token to name the field of a syntax error.
class TreeHandler {
 public:
  static constexpr std::size_t max_array_size = 4096;
  static constexpr std::size_t max_object_size = 256;
  static constexpr std::size_t max_string_size = 1 << 16;
  static constexpr std::size_t max_key_size = 256;

  // What the handler saw last, to explain a syntax error.
  enum class Last { kOther, kTopKey, kTopNumber };

  std::optional<Json> root;
  std::optional<ParseError> error;  // set when the handler itself refused
  std::string top_key;              // the last key of the event object
  Last last = Last::kOther;

  bool on_document_begin(bj::error_code&) { return true; }
  bool on_document_end(bj::error_code&) { return true; }
  bool on_array_begin(bj::error_code&) { return Open(Json::Kind::kArray); }
  bool on_array_end(std::size_t, bj::error_code&) { return Close(); }
  bool on_object_begin(bj::error_code&) { return Open(Json::Kind::kObject); }
  bool on_object_end(std::size_t, bj::error_code&) { return Close(); }
  bool on_string_part(bj::string_view s, std::size_t, bj::error_code&) { return Part(s); }
  bool on_string(bj::string_view s, std::size_t, bj::error_code&) {
    return Add(Json{Json::Kind::kString, false, TakePart(s)});
  }
  bool on_key_part(bj::string_view s, std::size_t, bj::error_code&) { return Part(s); }
  bool on_key(bj::string_view s, std::size_t, bj::error_code& ec);
  bool on_number_part(bj::string_view s, bj::error_code&) { return Part(s); }
  bool on_int64(int64_t i, bj::string_view s, bj::error_code&) { return AddNumber(s, true, i); }
  bool on_uint64(uint64_t, bj::string_view s, bj::error_code&) { return AddNumber(s, false, 0); }
  bool on_double(double, bj::string_view s, bj::error_code&) { return AddNumber(s, false, 0); }
  bool on_bool(bool b, bj::error_code&) { return Add(Json{Json::Kind::kBool, b}); }
  bool on_null(bj::error_code&) { return Add(Json{}); }
  bool on_comment_part(bj::string_view, bj::error_code&) { return true; }
  bool on_comment(bj::string_view, bj::error_code&) { return true; }

 private:
  bool Part(bj::string_view s) {
    part_.append(s.data(), s.size());
    return true;
  }
  std::string TakePart(bj::string_view tail) {
    std::string all = std::move(part_);
    part_.clear();
    all.append(tail.data(), tail.size());
    return all;
  }
  bool Open(Json::Kind kind) {
    stack_.push_back(Json{kind});
    keys_.emplace_back();
    last = Last::kOther;
    return true;
  }
  bool Close() {
    Json v = std::move(stack_.back());
    stack_.pop_back();
    keys_.pop_back();
    return Add(std::move(v));
  }
  bool AddNumber(bj::string_view tail, bool is_int64, int64_t value) {
    Json v{Json::Kind::kNumber, false, TakePart(tail), is_int64, value};
    bool top = stack_.size() == 1;
    if (!Add(std::move(v))) return false;
    if (top) last = Last::kTopNumber;
    return true;
  }
  bool Add(Json v) {
    last = Last::kOther;
    if (stack_.empty()) {
      root = std::move(v);
    } else if (stack_.back().kind == Json::Kind::kArray) {
      stack_.back().items.push_back(std::move(v));
    } else {
      stack_.back().members.emplace_back(std::move(keys_.back()), std::move(v));
    }
    return true;
  }

  std::vector<Json> stack_;        // open arrays and objects
  std::vector<std::string> keys_;  // the pending key of each open object
  std::string part_;               // a string, key or number in pieces
};

bool TreeHandler::on_key(bj::string_view s, std::size_t, bj::error_code& ec) {
  std::string key = TakePart(s);
  for (const auto& [name, value] : stack_.back().members) {
    if (name != key) continue;
    // A duplicate key: boost::json::parse would keep the last one silently.
    std::string field = stack_.size() == 1 ? key : top_key;
    std::string where = stack_.size() == 1 ? "" : " in " + Quote(top_key);
    error = ParseError{field, "duplicate key " + Quote(key) + where};
    ec = bj::error::syntax;
    return false;
  }
  if (stack_.size() == 1) {
    top_key = key;
    last = Last::kTopKey;
  } else {
    last = Last::kOther;
  }
  keys_.back() = std::move(key);
  return true;
}

// Parses the text of one line into a tree, or says what is wrong.
std::variant<Json, ParseError> ParseTree(std::string_view line) {
  bj::parse_options opt;  // standard JSON only: no comments, no trailing commas
  bj::basic_parser<TreeHandler> parser(opt);
  bj::error_code ec;
  std::size_t n = parser.write_some(false, line.data(), line.size(), ec);
  TreeHandler& h = parser.handler();
  if (h.error) return *h.error;
  if (ec) {
    char next = n < line.size() ? line[n] : ' ';
    bool number_char = (next >= '0' && next <= '9') || next == '.' || next == 'e' || next == 'E' ||
                       next == '+' || next == '-';
    // A bad value right after a key ("seq":+1, "seq":-) or a number that
    // runs on ("seq":01): name the field; other syntax errors are the line's.
    if (h.last == TreeHandler::Last::kTopKey) {
      return ParseError{h.top_key, "not a JSON value (" + ec.message() + ")"};
    }
    if (h.last == TreeHandler::Last::kTopNumber && number_char) {
      return ParseError{h.top_key, "not a canonical integer (JSON " + ec.message() + ")"};
    }
    return ParseError{"", "bad JSON at character " + std::to_string(n + 1) + ": " + ec.message()};
  }
  for (std::size_t i = n; i < line.size(); ++i) {
    char c = line[i];
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      return ParseError{
          "", "bad JSON: text after the event object at character " + std::to_string(i + 1)};
    }
  }
  if (!h.root) return ParseError{"", "bad JSON: empty line"};
  return std::move(*h.root);
}

// ---------------------------------------------------------------------------
// Checking the tree against the event's type.

// Why a number is not a canonical int64, or "" when it is.
std::string IntegerProblem(const Json& v) {
  if (v.kind != Json::Kind::kNumber) {
    return std::string("must be an integer, not ") + KindName(v.kind);
  }
  const std::string& t = v.text;
  if (t.find_first_of(".eE") != std::string::npos) {
    return "must be an integer without fraction or exponent, not " + t;
  }
  if (!v.is_int64) return "integer " + t + " is out of range";
  std::string_view digits = t;
  if (!digits.empty() && digits.front() == '-') digits.remove_prefix(1);
  bool canonical = !digits.empty() && (digits == "0" || digits.front() != '0') &&
                   digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!canonical || t == "-0") return t + " is not a canonical integer";
  return "";
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
  explicit EventReader(const Json& object) : object_(object) {}

  bool failed() const { return error_.has_value(); }
  const ParseError& error() const { return *error_; }
  void Fail(std::string_view field, std::string message) {
    if (!error_) error_ = ParseError{std::string(field), std::move(message)};
  }

  // The member of that name, or nullptr (an error when required).
  const Json* Get(std::string_view name, bool required) {
    for (const auto& [key, value] : object_.members) {
      if (key == name) return &value;
    }
    if (required) Fail(name, "is required but missing");
    return nullptr;
  }
  const Json* GetKind(std::string_view name, Json::Kind kind, bool required, const char* expected) {
    const Json* v = Get(name, required);
    if (v == nullptr || failed()) return nullptr;
    if (v->kind != kind) {
      Fail(name, std::string("must be ") + expected + ", not " + KindName(v->kind));
      return nullptr;
    }
    return v;
  }
  std::optional<std::string> String(std::string_view name, bool required, bool non_empty) {
    const Json* v = GetKind(name, Json::Kind::kString, required, "a string");
    if (v == nullptr) return std::nullopt;
    if (non_empty && v->text.empty()) {
      Fail(name, "must not be empty");
      return std::nullopt;
    }
    return v->text;
  }
  std::optional<int64_t> Integer(std::string_view name, bool required) {
    const Json* v = Get(name, required);
    if (v == nullptr || failed()) return std::nullopt;
    std::string problem = IntegerProblem(*v);
    if (!problem.empty()) {
      Fail(name, problem);
      return std::nullopt;
    }
    return v->integer;
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
  CardList CardsOf(std::string_view field, const Json& array, bool non_empty);
  CardList Cards(std::string_view name) {
    const Json* v = GetKind(name, Json::Kind::kArray, true, "an array of cards");
    if (v == nullptr) return {};
    return CardsOf(name, *v, true);
  }

  void CheckFieldNames(EventType type);
  void ReadCommon(Event& event);
  GameEvent ReadGame();
  DealEvent ReadDeal();
  Declare ReadDeclare();

 private:
  const Json& object_;
  std::optional<ParseError> error_;
};

CardList EventReader::CardsOf(std::string_view field, const Json& array, bool non_empty) {
  CardList cards;
  if (non_empty && array.items.empty()) {
    Fail(field, "must name at least one card");
    return cards;
  }
  for (const Json& item : array.items) {
    if (item.kind != Json::Kind::kString) {
      Fail(field, std::string("a card must be a string, not ") + KindName(item.kind));
      return {};
    }
    std::optional<Card> card = ParseCard(item.text);
    if (!card) {
      Fail(field, "unknown card " + Quote(item.text));
      return {};
    }
    cards.push_back(*card);  // in the order written, duplicates included
  }
  return cards;
}

void EventReader::CheckFieldNames(EventType type) {
  std::vector<std::string_view> allowed = TypeFields(type);
  allowed.insert(allowed.end(), kCommonFields.begin(), kCommonFields.end());
  for (const auto& [key, value] : object_.members) {
    bool known = false;
    for (std::string_view a : allowed) known = known || a == key;
    if (!known) {
      Fail(key, "unknown field for a " + std::string(TypeName(type)) + " event");
      return;
    }
  }
}

void EventReader::ReadCommon(Event& event) {
  if (std::optional<int64_t> seq = Integer("seq", false)) {
    if (*seq < 1) Fail("seq", "must be 1 or more, not " + std::to_string(*seq));
    event.seq = seq;
  }
  event.id = String("id", false, true);
  event.at = String("at", false, false);
  // `hash` is accepted and ignored: the store computes the chain itself.
  if (std::optional<std::string> hash = String("hash", false, false)) {
    bool hex =
        hash->size() == 64 && hash->find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) Fail("hash", "must be 64 lowercase hex digits");
  }
}

// The text form SetOption takes of an option's JSON value, or nullopt.
std::optional<std::string> OptionText(const Json& v) {
  if (v.kind == Json::Kind::kBool) return v.boolean ? "true" : "false";
  if (v.kind == Json::Kind::kString) return v.text;
  if (v.kind == Json::Kind::kNumber && IntegerProblem(v).empty()) return v.text;
  return std::nullopt;
}

GameEvent EventReader::ReadGame() {
  GameEvent g;
  if (auto id = String("game", true, true)) g.game = *id;
  if (auto ruleset = String("ruleset", false, false)) g.ruleset = *ruleset;
  if (failed()) return g;
  std::optional<Options> preset = Preset(g.ruleset);
  if (!preset) {
    Fail("ruleset",
         "unknown ruleset " + Quote(g.ruleset) + " (known: \"super-president\", \"classic\")");
    return g;
  }
  g.options = *preset;
  if (const Json* opts = GetKind("options", Json::Kind::kObject, false, "an object")) {
    for (const auto& [name, value] : opts->members) {
      std::optional<std::string> text = OptionText(value);
      if (!text) {
        Fail("options", "option " + Quote(name) + " must be a boolean, an integer or a string");
        return g;
      }
      std::string problem = SetOption(g.options, name, *text);
      if (!problem.empty()) {
        Fail("options", problem);  // SetOption's sentence names the option
        return g;
      }
      g.overrides.emplace_back(name, *text);
    }
  }
  const Json* seats = GetKind("seats", Json::Kind::kArray, true, "an array of names");
  if (seats == nullptr) return g;
  int n = static_cast<int>(seats->items.size());
  if (n < kMinSeats || n > kMaxSeats) {
    Fail("seats", "a game has 4 to 8 seats (S1), not " + std::to_string(n));
    return g;
  }
  for (const Json& name : seats->items) {
    if (name.kind != Json::Kind::kString || name.text.empty()) {
      Fail("seats", "each seat must be a non-empty name");
      return g;
    }
    g.seats.push_back(name.text);
  }
  return g;
}

DealEvent EventReader::ReadDeal() {
  DealEvent d;
  const Json* hands = GetKind("hands", Json::Kind::kArray, true, "an array of hands");
  if (hands == nullptr) return d;
  for (const Json& hand : hands->items) {
    if (hand.kind != Json::Kind::kArray) {
      Fail("hands", std::string("each hand must be an array of cards, not ") + KindName(hand.kind));
      return d;
    }
    d.hands.push_back(CardsOf("hands", hand, false));
    if (failed()) return d;
  }
  d.seed = Integer("seed", false);
  return d;
}

Declare EventReader::ReadDeclare() {
  const Json* v = Get("declare", false);
  if (v == nullptr) return Declare::kNone;
  if (v->kind == Json::Kind::kString && v->text == "suite") return Declare::kSuite;
  if (v->kind == Json::Kind::kString && v->text == "reverse") return Declare::kReverse;
  std::string got = v->kind == Json::Kind::kString ? Quote(v->text) : KindName(v->kind);
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
      break;
  }
  return EndEvent{};
}

// ---------------------------------------------------------------------------
// Writing.

void AppendString(std::string& out, std::string_view s) {
  static constexpr std::string_view kControls = "\b\f\n\r\t", kLetters = "bfnrt";
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (std::size_t k = kControls.find(c); k != std::string_view::npos) {
      out += '\\';
      out += kLetters[k];
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out += c;  // UTF-8 bytes are kept as they are
    }
  }
  out += '"';
}

void AppendKey(std::string& out, std::string_view key) {
  out += ',';
  AppendString(out, key);
  out += ':';
}
void AppendStringField(std::string& out, std::string_view key, std::string_view value) {
  AppendKey(out, key);
  AppendString(out, value);
}
void AppendIntField(std::string& out, std::string_view key, int64_t value) {
  AppendKey(out, key);
  out += std::to_string(value);
}

// [item,item,...] (or {...}), each item written by append(out, item).
template <typename T, typename Append>
void AppendArray(std::string& out, const std::vector<T>& items, Append append,
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
  if (text == "true" || text == "false" || IsCanonicalInteger(text)) {
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
  std::variant<Json, ParseError> tree = ParseTree(line);
  if (auto* e = std::get_if<ParseError>(&tree)) return std::move(*e);
  const Json& root = std::get<Json>(tree);
  if (root.kind != Json::Kind::kObject) {
    return ParseError{"",
                      std::string("an event must be a JSON object, not ") + KindName(root.kind)};
  }
  EventReader r(root);
  std::optional<std::string> type_name = r.String("type", true, false);
  if (r.failed()) return r.error();
  std::optional<EventType> type = ParseTypeName(*type_name);
  if (!type) return ParseError{"type", "unknown event type " + Quote(*type_name)};
  r.CheckFieldNames(*type);
  Event event;
  r.ReadCommon(event);
  if (r.failed()) return r.error();
  event.body = ReadBody(r, *type);
  if (r.failed()) return r.error();
  return event;
}

std::string EventToJson(const Event& event) {
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
