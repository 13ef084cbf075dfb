// event_json.h: events <-> JSON Lines (INTERFACE.md §1), the interchange form.
//
// Parsing is strict: bad JSON, a duplicate key, a non-integer or
// non-canonical number (all three refused by ParseStrictJson, strict_json.h),
// an unknown type or field, a field of the wrong JSON type, or an unknown
// card is an error naming the field. Writing produces the canonical
// line: keys in a fixed order, no spaces, cards in canonical text (C1).
// The format is documented in schema/FORMAT.md.
#ifndef PLI_SCHEMA_EVENT_JSON_H_
#define PLI_SCHEMA_EVENT_JSON_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/president/rules/event.h"

namespace pli {

// What is wrong with an input line: the field ("" for the line as a whole,
// e.g. bad JSON) and a sentence.
struct ParseError {
  std::string field;
  std::string message;
};

// Parses one JSON Lines line into an event. Game-context checks (seat in
// range, seq position, id uniqueness) are not made here: see log_reader.h.
std::variant<Event, ParseError> ParseEventLine(std::string_view line);
// The same, and the line's `hash` (64 hex digits, checked for form only) goes
// to *hash: "" when the line has none. It is not part of the event; the
// caller checks the chain (FORMAT.md "Hash chain").
std::variant<Event, ParseError> ParseEventLine(std::string_view line, std::string* hash);

// One line read as far as it goes (the log reader's view, log_reader.h).
// `object` is false when the line is not a JSON object at all (bad JSON, or
// another JSON value): `error` says why, and nothing else is set. Otherwise
// `event` is the event when it is well formed, else `error` names the field
// at fault and the rest is what could be read of the object, for reporting
// it as a malformed event at its position.
struct LineRead {
  bool object = false;
  std::optional<Event> event;
  ParseError error;                 // when !event
  std::optional<std::string> type;  // `type`, when a string
  std::optional<int64_t> seat;      // the acting seat (`seat`; `from` for an exchange), when an integer
  std::optional<std::string> id;    // `id`, when a non-empty string
  std::optional<std::string> game;  // a game event's `game`, when a string
  std::string hash;                 // `hash`, when 64 lowercase hex digits, else ""
};
LineRead ReadEventLine(std::string_view line);

// The canonical JSON text of an event, without a trailing newline.
// ParseEventLine(EventToJson(e)) == e for every event e. A MalformedEvent
// has no JSON form: std::invalid_argument.
std::string EventToJson(const Event& event);

}  // namespace pli

#endif  // PLI_SCHEMA_EVENT_JSON_H_
