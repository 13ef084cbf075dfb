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

#include <string>
#include <string_view>
#include <variant>

#include "engine/event.h"

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

// The canonical JSON text of an event, without a trailing newline.
// ParseEventLine(EventToJson(e)) == e for every event e.
std::string EventToJson(const Event& event);

}  // namespace pli

#endif  // PLI_SCHEMA_EVENT_JSON_H_
