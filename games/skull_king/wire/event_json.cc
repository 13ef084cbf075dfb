// event_json.cc: Skull King events <-> JSON Lines (SKULL_KING.md "Events",
// schema/FORMAT.md §8).
//
// Reading is in two steps, as for Super Président: ReadStrictJson
// (schema/strict_json.h) refuses bad JSON, duplicate keys and any number that
// is not a canonical int64; then EventReader checks the object field by field
// against the event's type.
#include "games/skull_king/wire/event_json.h"

#include <array>
#include <boost/json/value.hpp>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/skull_king/rules/options.h"
#include "engine/text.h"
#include "schema/json_write.h"
#include "schema/strict_json.h"

namespace pli::sk {
namespace {

using json_write::AppendIntField;
using json_write::AppendKey;
using json_write::AppendString;
using json_write::AppendStringField;

namespace bj = boost::json;

constexpr int kMaxSeats = 8;  // SK-S1: seats 0 to 7 in any ruleset

const char* KindName(const bj::value& v) {
  switch (v.kind()) {
    case bj::kind::null: return "null";
    case bj::kind::bool_: return "a boolean";
    case bj::kind::int64:
    case bj::kind::uint64:
    case bj::kind::double_: return "a number";
    case bj::kind::string: return "a string";
    case bj::kind::array: return "an array";
    case bj::kind::object: break;
  }
  return "an object";
}

// What a value is, for a sentence: the string itself, or its kind.
std::string Described(const bj::value& v) {
  return v.is_string() ? "the string " + Quote(v.get_string()) : std::string(KindName(v));
}

constexpr std::array<std::string_view, 5> kCommonFields = {"type", "seq", "id", "at", "hash"};

// The fields each type allows besides the common ones, in canonical order
// (indexed by wire tag - 1).
const std::vector<std::string_view>& TypeFields(EventType type) {
  static const std::vector<std::string_view> kFields[] = {
      {"game", "ruleset", "options", "seats"},
      {"hands", "turned", "seed"},
      {"seat", "bid", "cannon"},
      {"seat", "cards", "declare"},
      {}};
  return kFields[static_cast<int>(type) - 1];
}

const std::string kTypes = "the event types of Skull King are game, deal, bid, play, end";

// The first control character (U+0000-U+001F, U+007F-U+009F) of a UTF-8
// text (INTERFACE.md §1, seat names), as "U+0007", or "".
std::string ControlCharacter(std::string_view text) {
  static constexpr char kHex[] = "0123456789ABCDEF";
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    unsigned code = 0x100;
    if (c < 0x20 || c == 0x7F) code = c;
    if (c == 0xC2 && i + 1 < text.size()) {
      const auto d = static_cast<unsigned char>(text[i + 1]);
      if (d >= 0x80 && d <= 0x9F) code = d;
    }
    if (code <= 0xFF) return std::string("U+00") + kHex[code >> 4] + kHex[code & 0xF];
  }
  return "";
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

  // The member of that name, or nullptr (an error when required). null is
  // never a value (INTERFACE.md §1): an optional field is absent or typed.
  const bj::value* Get(std::string_view name, bool required) {
    if (failed()) return nullptr;
    const bj::value* v = object_.if_contains(name);
    if (v == nullptr && required) Fail(name, "is required but missing");
    return v;
  }
  const bj::value* GetKind(std::string_view name, bj::kind kind, bool required,
                           const char* expected) {
    const bj::value* v = Get(name, required);
    if (v == nullptr) return nullptr;
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
  // ReadStrictJson let through only canonical int64 numbers; 1.0 and 1e0
  // were refused there.
  std::optional<int64_t> Integer(std::string_view name, bool required) {
    const bj::value* v = Get(name, required);
    if (v == nullptr) return std::nullopt;
    if (!v->is_int64()) {
      Fail(name, std::string("must be a JSON integer, not ") + KindName(*v));
      return std::nullopt;
    }
    return v->get_int64();
  }
  // A seat number, 0 to 7 (SK-S1). Whether the game has it is the log
  // reader's check.
  int Seat() {
    std::optional<int64_t> v = Integer("seat", true);
    if (!v) return 0;
    if (*v < 0 || *v >= kMaxSeats) {
      Fail("seat", std::to_string(*v) + " is not a seat number (0 to 7)");
      return 0;
    }
    return static_cast<int>(*v);
  }
  std::optional<Card> CardOf(std::string_view field, const bj::value& item) {
    if (!item.is_string()) {
      Fail(field, std::string("a card must be a string, not ") + KindName(item));
      return std::nullopt;
    }
    std::optional<Card> card = ParseCard(item.get_string());
    if (!card) Fail(field, "unknown card " + Quote(item.get_string()) + " (SK-C1)");
    return card;
  }
  CardList CardsOf(std::string_view field, const bj::value& v) {
    CardList cards;
    if (!v.is_array()) {
      Fail(field, std::string("must be an array of cards, not ") + KindName(v));
      return cards;
    }
    for (const bj::value& item : v.get_array()) {
      std::optional<Card> card = CardOf(field, item);
      if (!card) return {};
      cards.push_back(*card);  // in the order written, duplicates included
    }
    return cards;
  }

  void CheckFieldNames(EventType type);
  void ReadCommon(EventLine& line, std::string* hash_out);
  GameEvent ReadGame();
  DealEvent ReadDeal();
  BidEvent ReadBid();
  PlayEvent ReadPlay();

 private:
  const bj::object& object_;
  std::optional<ParseError> error_;
};

void EventReader::CheckFieldNames(EventType type) {
  for (const bj::key_value_pair& member : object_) {
    std::string_view key = member.key();
    bool known = false;
    for (std::string_view a : TypeFields(type)) known = known || a == key;
    for (std::string_view a : kCommonFields) known = known || a == key;
    if (!known) {
      Fail(key, "unknown field for a Skull King " + std::string(TypeName(type)) + " event");
      return;
    }
  }
}

void EventReader::ReadCommon(EventLine& line, std::string* hash_out) {
  if (std::optional<int64_t> seq = Integer("seq", false)) {
    if (*seq < 1) Fail("seq", "must be 1 or more, not " + std::to_string(*seq));
    line.seq = seq;
  }
  line.id = String("id", false, true);
  line.at = String("at", false, false);
  if (std::optional<std::string> hash = String("hash", false, false)) {
    bool hex =
        hash->size() == 64 && hash->find_first_not_of("0123456789abcdef") == std::string::npos;
    if (!hex) Fail("hash", "must be 64 lowercase hex digits");
    if (hash_out != nullptr) *hash_out = *hash;
  }
}

const char* KindSentence(char kind) {
  if (kind == 'b') return "a JSON boolean (true or false)";
  if (kind == 'i') return "a JSON integer";
  return "a JSON string";
}

GameEvent EventReader::ReadGame() {
  GameEvent g;
  if (auto id = String("game", true, true)) g.game = *id;
  // Required here: a game event without one is Super Président's
  // (INTERFACE.md §1: the default ruleset is super-president).
  if (auto ruleset = String("ruleset", true, false)) g.ruleset = *ruleset;
  if (failed()) return g;
  std::optional<Options> options = Preset(g.ruleset);
  if (!options) {
    Fail("ruleset", "unknown ruleset " + Quote(g.ruleset) +
                        " (Skull King's are \"skull-king\", \"skull-king-official\", "
                        "\"skull-king-original\")");
    return g;
  }
  if (const bj::value* opts = GetKind("options", bj::kind::object, false, "an object")) {
    for (const bj::key_value_pair& option : opts->get_object()) {
      const std::string name(option.key());
      const bj::value& v = option.value();
      const char kind = OptionJsonKind(name);
      if (kind == 0) {
        Fail("options", "unknown option " + Quote(name));
        return g;
      }
      std::string text;
      if (kind == 'b' && v.is_bool()) text = v.get_bool() ? "true" : "false";
      else if (kind == 'i' && v.is_int64()) text = std::to_string(v.get_int64());
      else if (kind == 's' && v.is_string()) text = std::string(v.get_string());
      else {
        Fail("options", "option " + Quote(name) + " takes " + KindSentence(kind) + ", not " +
                            Described(v));
        return g;
      }
      if (std::string problem = SetOption(*options, name, text); !problem.empty()) {
        Fail("options", problem);
        return g;
      }
      g.overrides.emplace_back(name, std::move(text));
    }
  }
  const bj::value* seats = GetKind("seats", bj::kind::array, true, "an array of names");
  if (seats == nullptr) return g;
  for (const bj::value& name : seats->get_array()) {
    if (!name.is_string() || name.get_string().empty()) {
      Fail("seats", "each seat must be a non-empty name, not " +
                        (name.is_string() ? std::string("an empty string") : Described(name)));
      return g;
    }
    if (std::string control = ControlCharacter(name.get_string()); !control.empty()) {
      Fail("seats", "the name of seat " + std::to_string(g.seats.size()) +
                        " has a control character (" + control + ")");
      return g;
    }
    g.seats.emplace_back(name.get_string());
  }
  const int n = static_cast<int>(g.seats.size());
  if (auto [lo, hi] = SeatRange(g.ruleset); n < lo || n > hi) {
    Fail("seats", g.ruleset + " is played by " + std::to_string(lo) + " to " +
                      std::to_string(hi) + " seats (SK-S1), not " + std::to_string(n));
    return g;
  }
  // The game-level checks (cannonball without rascal, first_dealer ...).
  if (std::string why = CheckGame(g.ruleset, *options, n); !why.empty()) Fail("options", why);
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
    d.hands.push_back(CardsOf("hands", hand));
    if (failed()) return d;
  }
  if (const bj::value* turned = Get("turned", false)) d.turned = CardOf("turned", *turned);
  d.seed = Integer("seed", false);
  return d;
}

BidEvent EventReader::ReadBid() {
  BidEvent b;
  b.seat = Seat();
  // Any integer: a negative one is bid-out-of-range, not malformed.
  if (std::optional<int64_t> bid = Integer("bid", true)) b.bid = *bid;
  if (const bj::value* v = Get("cannon", false)) {
    if (v->is_string() && v->get_string() == "grapeshot") b.cannon = Cannon::kGrapeshot;
    else if (v->is_string() && v->get_string() == "cannonball") b.cannon = Cannon::kCannonball;
    else Fail("cannon", "must be \"grapeshot\" or \"cannonball\" (SK-B5), not " + Described(*v));
  }
  return b;
}

PlayEvent EventReader::ReadPlay() {
  PlayEvent p;
  p.seat = Seat();
  // Any number of cards: other than one is count-mismatch, not malformed.
  if (const bj::value* cards = Get("cards", true)) p.cards = CardsOf("cards", *cards);
  if (const bj::value* v = Get("declare", false)) {
    if (v->is_string() && v->get_string() == "pirate") p.declare = Declare::kPirate;
    else if (v->is_string() && v->get_string() == "escape") p.declare = Declare::kEscape;
    else
      Fail("declare",
           "must be \"pirate\" or \"escape\" (SK-P3; omit it for none), not " + Described(*v));
  }
  return p;
}

// ---------------------------------------------------------------------------
// Writing.

void AppendCards(std::string& out, const CardList& cards) {
  out += '[';
  for (std::size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out += ',';
    AppendString(out, CardText(cards[i]));
  }
  out += ']';
}

void AppendGame(std::string& out, const GameEvent& g) {
  AppendStringField(out, "game", g.game);
  AppendStringField(out, "ruleset", g.ruleset);
  if (!g.overrides.empty()) {
    AppendKey(out, "options");
    out += '{';
    for (std::size_t i = 0; i < g.overrides.size(); ++i) {
      if (i > 0) out += ',';
      const auto& [name, text] = g.overrides[i];
      AppendString(out, name);
      out += ':';
      // The option's JSON type (the table): booleans and integers bare.
      if (OptionJsonKind(name) == 's') AppendString(out, text);
      else out += text;
    }
    out += '}';
  }
  AppendKey(out, "seats");
  out += '[';
  for (std::size_t i = 0; i < g.seats.size(); ++i) {
    if (i > 0) out += ',';
    AppendString(out, g.seats[i]);
  }
  out += ']';
}

void AppendBody(std::string& out, const Event& event) {
  if (const auto* g = std::get_if<GameEvent>(&event)) {
    AppendGame(out, *g);
  } else if (const auto* d = std::get_if<DealEvent>(&event)) {
    AppendKey(out, "hands");
    out += '[';
    for (std::size_t i = 0; i < d->hands.size(); ++i) {
      if (i > 0) out += ',';
      AppendCards(out, d->hands[i]);
    }
    out += ']';
    if (d->turned) AppendStringField(out, "turned", CardText(*d->turned));
    if (d->seed) AppendIntField(out, "seed", *d->seed);
  } else if (const auto* b = std::get_if<BidEvent>(&event)) {
    AppendIntField(out, "seat", b->seat);
    AppendIntField(out, "bid", b->bid);
    if (b->cannon)
      AppendStringField(out, "cannon",
                        *b->cannon == Cannon::kCannonball ? "cannonball" : "grapeshot");
  } else if (const auto* p = std::get_if<PlayEvent>(&event)) {
    AppendIntField(out, "seat", p->seat);
    AppendKey(out, "cards");
    AppendCards(out, p->cards);
    if (p->declare == Declare::kPirate) AppendStringField(out, "declare", "pirate");
    if (p->declare == Declare::kEscape) AppendStringField(out, "declare", "escape");
  }
}

}  // namespace

char OptionJsonKind(std::string_view name) {
  if (name == "hook" || name == "bonus_on_miss" || name == "cannonball") return 'b';
  if (name == "deck" || name == "first_dealer") return 'i';
  for (const auto& [key, value] : OptionValues(Options{}))
    if (key == name) return 's';
  return 0;
}

std::optional<EventType> ParseTypeName(std::string_view name) {
  if (name == "game") return EventType::kGame;
  if (name == "deal") return EventType::kDeal;
  if (name == "bid") return EventType::kBid;
  if (name == "play") return EventType::kPlay;
  if (name == "end") return EventType::kEnd;
  return std::nullopt;
}

const char* TypeName(EventType type) {
  switch (type) {
    case EventType::kGame: return "game";
    case EventType::kDeal: return "deal";
    case EventType::kBid: return "bid";
    case EventType::kPlay: return "play";
    case EventType::kEnd: return "end";
    case EventType::kMalformed: break;
  }
  return "malformed";
}

LineRead ReadEventLine(std::string_view text) {
  LineRead out;
  StrictJsonRead json = ReadStrictJson(text);
  if (!json.value) {
    out.error = ParseError{std::move(json.error->field), std::move(json.error->message)};
    return out;
  }
  const bj::value& root = *json.value;
  if (!root.is_object()) {
    out.error =
        ParseError{"", std::string("an event must be a JSON object, not ") + KindName(root)};
    return out;
  }
  out.object = true;
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
  if (const bj::value* seat = object.if_contains("seat");
      (out.type == "bid" || out.type == "play") && seat != nullptr && seat->is_int64()) {
    out.seat = seat->get_int64();
  }
  if (std::optional<std::string> hash = string_of("hash");
      hash && hash->size() == 64 &&
      hash->find_first_not_of("0123456789abcdef") == std::string::npos) {
    out.hash = *hash;
  }
  if (json.error) {  // a duplicate key, or a number that is not a canonical integer
    out.error = ParseError{std::move(json.error->field), std::move(json.error->message)};
    return out;
  }
  const bj::value* type_value = object.if_contains("type");
  if (type_value == nullptr) {
    out.error = ParseError{"type", "is required but missing (" + kTypes + ")"};
    return out;
  }
  if (!type_value->is_string()) {
    out.error = ParseError{"type", std::string("must be a string naming the event, not ") +
                                       KindName(*type_value) + " (" + kTypes + ")"};
    return out;
  }
  std::optional<EventType> type = ParseTypeName(type_value->get_string());
  if (!type) {
    out.error = ParseError{"type", "unknown event type " + Quote(type_value->get_string()) +
                                       " in a Skull King game (" + kTypes + ")"};
    return out;
  }
  EventReader r(object);
  r.CheckFieldNames(*type);
  EventLine line;
  r.ReadCommon(line, nullptr);
  if (!r.failed()) {
    switch (*type) {
      case EventType::kGame: line.event = r.ReadGame(); break;
      case EventType::kDeal: line.event = r.ReadDeal(); break;
      case EventType::kBid: line.event = r.ReadBid(); break;
      case EventType::kPlay: line.event = r.ReadPlay(); break;
      default: line.event = EndEvent{}; break;
    }
  }
  if (r.failed()) {
    out.error = r.error();
    return out;
  }
  out.line = std::move(line);
  return out;
}

std::variant<EventLine, ParseError> ParseEventLine(std::string_view text, std::string* hash) {
  if (hash != nullptr) hash->clear();
  LineRead read = ReadEventLine(text);
  if (!read.line) return std::move(read.error);
  if (hash != nullptr) *hash = std::move(read.hash);
  return std::move(*read.line);
}

std::string EventToJson(const EventLine& line) {
  if (std::holds_alternative<MalformedEvent>(line.event)) {
    throw std::invalid_argument("a malformed event has no JSON form");
  }
  std::string out = "{\"type\":";
  AppendString(out, TypeName(TypeOf(line.event)));
  if (line.seq) AppendIntField(out, "seq", *line.seq);
  if (line.id) AppendStringField(out, "id", *line.id);
  if (line.at) AppendStringField(out, "at", *line.at);
  AppendBody(out, line.event);
  out += '}';
  return out;
}

std::string EventToJson(const Event& event) { return EventToJson(EventLine{event}); }

}  // namespace pli::sk
