// event_codec.h: the stored encoding of a Skull King event, compact and
// canonical (schema/FORMAT.md §8). Its first byte, the version, is 0x4B
// ("K"), not Super Président's 0x01, so a stored body says which game's it
// is. It is written to disk: never change the meaning of a byte, add a new
// version instead.
//
// Canonical: every event has exactly one encoding, and DecodeEvent accepts
// only encodings EncodeEvent could have produced, of events the JSON reader
// (event_json.h) would accept too, so
//   DecodeEvent(EncodeEvent(e)) == e  (with e.seq cleared) and
//   EncodeEvent(DecodeEvent(b)) == b  for every b that decodes.
#ifndef PLI_SCHEMA_SKULL_KING_EVENT_CODEC_H_
#define PLI_SCHEMA_SKULL_KING_EVENT_CODEC_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/skull_king/wire/event_json.h"

namespace pli::sk {

inline constexpr uint8_t kCodecVersion = 0x4B;

// The encoding of an event's body and of its `id` and `at`. `seq` is not
// encoded (the store's row key). The event must be one the JSON reader could
// give (seats 0 to 7, cards as ParseCard gives them: asserted). A
// MalformedEvent has no encoding: std::invalid_argument.
std::string EncodeEvent(const EventLine& line);

// Decodes a body; seq is left empty. On failure, a sentence saying what is
// wrong and at which byte offset: "at byte 5: card byte 57 is not a card".
std::variant<EventLine, std::string> DecodeEvent(std::string_view bytes);

// The same into `line`, reusing its storage (the id's and at's strings, a
// deal's hands, a play's cards, when `line` holds them from an earlier
// event): for a pass that decodes row after row. Accepts exactly what
// DecodeEvent accepts and gives the same EventLine (seq cleared). Returns
// nullopt when the bytes decode, else DecodeEvent's error sentence; `line`
// then holds something unspecified.
std::optional<std::string> DecodeEventInto(std::string_view bytes, EventLine& line);

}  // namespace pli::sk

#endif  // PLI_SCHEMA_SKULL_KING_EVENT_CODEC_H_
