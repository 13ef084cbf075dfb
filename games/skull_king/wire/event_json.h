// event_json.h: Skull King events <-> JSON Lines (SKULL_KING.md "Events",
// INTERFACE.md §1), the interchange form; the format is in schema/FORMAT.md.
//
// Parsing is strict, as for Super Président: bad JSON, a duplicate key, a
// number that is not a canonical integer (ReadStrictJson, strict_json.h),
// an unknown type (`pass`, `close`, `exchange` included) or field, null for
// any field, a field of the wrong JSON type, a card text that is not an SK-C1
// form, a `declare` other than pirate/escape, a `cannon` other than
// grapeshot/cannonball, and a `game` event with a bad ruleset, options or
// number of seats are errors naming the field. Context checks (a seat of
// this game, `cannon` against the game's options, seq position, id
// uniqueness) are the log reader's and Decide's.
//
// Writing gives the canonical line: keys in a fixed order (type, seq, id,
// at, then the type's fields in the page's order), no spaces, cards in
// canonical text.
#ifndef PLI_SCHEMA_SKULL_KING_EVENT_JSON_H_
#define PLI_SCHEMA_SKULL_KING_EVENT_JSON_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/skull_king/rules/event.h"

namespace pli::sk {

// An event with its envelope (INTERFACE.md §1: seq, id, at). `hash` is not
// part of it: ParseEventLine hands it to the caller.
struct EventLine {
  Event event;
  std::optional<int64_t> seq;
  std::optional<std::string> id;
  std::optional<std::string> at;
  friend bool operator==(const EventLine&, const EventLine&) = default;
};

// What is wrong with an input line: the field ("" for the line as a whole,
// e.g. bad JSON) and a sentence.
struct ParseError {
  std::string field;
  std::string message;
  friend bool operator==(const ParseError&, const ParseError&) = default;
};

// One line read as far as it goes. `object` is false when the line is not a
// JSON object at all (bad JSON or another JSON value): `error` says why.
// Otherwise `line` is the event when it is well formed, else `error` names
// the field at fault and the rest is what could be read of the object, for
// reporting it as a `malformed` event at its position.
struct LineRead {
  bool object = false;
  std::optional<EventLine> line;
  ParseError error;                 // when !line
  std::optional<std::string> type;  // `type`, when a string
  std::optional<int64_t> seat;      // `seat` of a bid or play, when an integer
  std::optional<std::string> id;    // `id`, when a non-empty string
  std::optional<std::string> game;  // a game event's `game`, when a string
  std::string hash;                 // `hash`, when 64 lowercase hex digits, else ""
};
LineRead ReadEventLine(std::string_view line);

// Parses one line into an event and its envelope; the line's `hash` (64
// lowercase hex digits, checked for form only) goes to *hash ("" when
// none) when `hash` is not null.
std::variant<EventLine, ParseError> ParseEventLine(std::string_view line,
                                                   std::string* hash = nullptr);

// The canonical JSON text of an event, without a trailing newline:
// ParseEventLine(EventToJson(e)) == e. A MalformedEvent has no JSON form:
// std::invalid_argument.
std::string EventToJson(const EventLine& line);
std::string EventToJson(const Event& event);

// "game", "deal", "bid", "play", "end"; nullopt for any other text.
std::optional<EventType> ParseTypeName(std::string_view name);
const char* TypeName(EventType type);

// The JSON kind an option's value takes (SKULL_KING.md's option table):
// 'b' a boolean (hook, bonus_on_miss, cannonball), 'i' an integer (deck,
// first_dealer), 's' a string (the others; `bonuses` "2021" too), 0 for an
// unknown option.
char OptionJsonKind(std::string_view name);

}  // namespace pli::sk

#endif  // PLI_SCHEMA_SKULL_KING_EVENT_JSON_H_
