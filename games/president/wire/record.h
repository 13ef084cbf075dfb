// record.h: Super Président's events as the store keeps them
// (schema/record.h): the stored encoding and the plain columns beside it.
#ifndef PLI_SCHEMA_PRESIDENT_RECORD_H_
#define PLI_SCHEMA_PRESIDENT_RECORD_H_

#include <optional>
#include <string_view>

#include "games/president/rules/event.h"
#include "schema/record.h"

namespace pli {

// The columns of an event (schema/STORE.md §2): its type, acting seat, id,
// cards as canonical text and the details of schema version 3.
EventColumns ColumnsOf(const Event& event);
// The details alone (ColumnsOf(event).details, without the cards' text).
EventDetails DetailsOf(const Event& event);
// The text of a declaration column: "suite", "reverse"; nullopt for none.
std::optional<std::string_view> DeclarationText(Declare declare);
// The record of a well-formed event: EncodeEvent, ColumnsOf and, for a game
// event, its opening. A MalformedEvent has none (std::invalid_argument).
EventRecord RecordOf(const Event& event);
// The same with the body already encoded: `body` must be EncodeEvent(event)
// (a body that decodes to `event` is: event_codec.h, canonical).
EventRecord RecordOf(const Event& event, std::string body);

}  // namespace pli

#endif  // PLI_SCHEMA_PRESIDENT_RECORD_H_
