// event_codec.h: the stored encoding of an event, compact and canonical.
//
// The event store keeps each event as this byte string (the `body` column,
// schema/STORE.md) and the hash chain (referee/chain.h) hashes exactly these
// bytes, so audit reads rows without parsing JSON and the hash never sees
// JSON text (no doubles, no duplicate keys, no key order). JSON Lines stays
// the interchange form (event_json.h). The layout is documented in
// schema/FORMAT.md §"Stored encoding"; it is written to disk: never change
// the meaning of a byte, add a new version instead.
//
// Canonical: every Event has exactly one encoding, and DecodeEvent accepts
// only encodings EncodeEvent could have produced (minimal varints, known
// tags, cards 0..51, no trailing bytes), so
//   DecodeEvent(EncodeEvent(e)) == e  (with e.seq cleared) and
//   EncodeEvent(DecodeEvent(b)) == b  for every b that decodes.
#ifndef PLI_SCHEMA_EVENT_CODEC_H_
#define PLI_SCHEMA_EVENT_CODEC_H_

#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/president/rules/event.h"

namespace pli {

// The encoding of an event's body and of its `id` and `at` fields. `seq` is
// not encoded: the store keeps it as the row's key and the chain hashes it
// beside the body. The event must be one the JSON reader could give: seats
// 0 to 7 and card indexes 0 to 51 (asserted), and a game's `options` equal
// to its preset with its `overrides` applied (only the overrides are
// written). Strings over 64 KiB or lists over 4096 items encode, but do not
// decode, as in JSON (FORMAT.md §6). A MalformedEvent (games/president/rules/event.h) has
// no encoding: std::invalid_argument, so no store can hold one.
std::string EncodeEvent(const Event& event);

// Decodes a body; the Event's seq is left empty. Accepts only canonical
// encodings of events ParseEventLine would accept too (FORMAT.md §6 "What a
// reader refuses"). On failure, a sentence saying what is wrong and at which
// byte offset: "at byte 5: card index 52 is not a card (0 to 51)".
std::variant<Event, std::string> DecodeEvent(std::string_view bytes);

// DecodeEvent into a caller's Event, for decoding row after row without
// allocating: `out`'s strings, lists and body alternative are reused when
// they fit (their capacity kept), and every field is set, seq emptied, so
// nothing of what `out` held before remains. Accepts exactly what
// DecodeEvent accepts (DecodeEvent is this function into a new Event).
// Returns nullopt when the bytes decode, else DecodeEvent's error sentence;
// `out` then holds something unspecified.
std::optional<std::string> DecodeEventInto(std::string_view bytes, Event& out);

}  // namespace pli

#endif  // PLI_SCHEMA_EVENT_CODEC_H_
