// event_codec.cc: the stored encoding of an event (schema/FORMAT.md
// §"Stored encoding"), written by EncodeEvent and read back, canonical
// encodings only, by DecodeEvent.
//
// Layout: version byte (1), type tag (EventType), flags (bit 0 id, bit 1 at,
// bit 2 seed, deal only), then id and at when flagged, then the type's fields.
// Integers are unsigned LEB128 varints, minimal; seed is zigzag-mapped first.
// A string is a varint byte count and its bytes; a card list is a varint count
// and one byte per card index; a seat is one byte.
//
// What decodes is also what ParseEventLine (event_json.cc) accepts: the same
// non-empty and range rules, strings in valid UTF-8 and no longer than the
// JSON reader's limit, lists no longer than its array limit (strict_json.cc),
// options rebuilt from Preset + SetOption as ReadGame does, and no option
// named twice (the JSON reader refuses duplicate keys).
#include "games/president/wire/event_codec.h"

#include <cassert>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <stdexcept>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/president/rules/state.h"
#include "engine/text.h"
#include "schema/codec.h"

namespace pli {
namespace {

using codec::HasControlCharacter;
using codec::IsUtf8;
using codec::PutByte;
using codec::PutString;
using codec::PutVarint;
using codec::UnZigZag;
using codec::Utf8Length;
using codec::ZigZag;

constexpr uint8_t kVersion = 1;
constexpr uint8_t kFlagId = 0x01;
constexpr uint8_t kFlagAt = 0x02;
constexpr uint8_t kFlagSeed = 0x04;  // deal events only
// The JSON reader's limits (StrictHandler in strict_json.cc): a string of at
// most 64 KiB once unescaped, an array of at most 4096 items.
constexpr uint64_t kMaxStringBytes = uint64_t{1} << 16;
constexpr uint64_t kMaxListItems = 4096;

// ---------------------------------------------------------------------------
// Writing.

void PutSeat(std::string& out, int seat) {
  assert(seat >= 0 && seat < kMaxSeats);
  PutByte(out, static_cast<unsigned>(seat));
}

void PutCards(std::string& out, const CardList& cards) {
  PutVarint(out, cards.size());
  for (Card c : cards) {
    assert(c.index < kCardSlots);
    PutByte(out, c.index);
  }
}

void PutGame(std::string& out, const GameEvent& g) {
  PutString(out, g.game);
  PutString(out, g.ruleset);
  PutVarint(out, g.overrides.size());
  for (const auto& [name, text] : g.overrides) {
    PutString(out, name);
    PutString(out, text);
  }
  PutVarint(out, g.seats.size());
  for (const std::string& seat : g.seats) PutString(out, seat);
}

void PutBody(std::string& out, const EventBody& body) {
  if (const auto* g = std::get_if<GameEvent>(&body)) {
    PutGame(out, *g);
  } else if (const auto* d = std::get_if<DealEvent>(&body)) {
    PutVarint(out, d->hands.size());
    for (const CardList& hand : d->hands) PutCards(out, hand);
    if (d->seed) PutVarint(out, ZigZag(*d->seed));
  } else if (const auto* x = std::get_if<ExchangeEvent>(&body)) {
    PutSeat(out, x->from);
    PutSeat(out, x->to);
    PutCards(out, x->cards);
  } else if (const auto* p = std::get_if<PlayEvent>(&body)) {
    PutSeat(out, p->seat);
    PutCards(out, p->cards);
    PutByte(out, static_cast<unsigned>(p->declare));
  } else if (const auto* s = std::get_if<PassEvent>(&body)) {
    PutSeat(out, s->seat);
  } else if (const auto* c = std::get_if<CloseEvent>(&body)) {
    PutSeat(out, c->seat);
    PutCards(out, c->cards);
  }  // end: no fields
}

// ---------------------------------------------------------------------------
// Reading.

// Whether every byte is below 0x80, eight at a time.
bool IsAscii(std::string_view s) {
  uint64_t seen = 0;
  std::size_t i = 0;
  for (; i + sizeof seen <= s.size(); i += sizeof seen) {
    uint64_t word;
    std::memcpy(&word, s.data() + i, sizeof word);
    seen |= word;
  }
  for (; i < s.size(); ++i) seen |= static_cast<unsigned char>(s[i]);
  return (seen & 0x8080808080808080) == 0;
}

// "1 byte", "5 bytes".
std::string ByteCount(uint64_t n) { return std::to_string(n) + (n == 1 ? " byte" : " bytes"); }

// A field's name as a sentence would say it, "the seat", "the id", "cards"
// (for counts of items), or a prefix and a name ("the length of " + "the
// id"). Only a problem turns it into a string, so a read that succeeds
// builds none.
struct FieldName {
  FieldName(const char* name) : name(name) {}       // NOLINT: implicit, as a literal
  FieldName(std::string_view name) : name(name) {}  // NOLINT: implicit
  FieldName(std::string_view prefix, std::string_view name) : prefix(prefix), name(name) {}
  std::string str() const { return std::string(prefix) + std::string(name); }
  std::string_view prefix;
  std::string_view name;
};

// Reads the fields of one encoding in order; the first problem found sticks
// and every later read returns a default value (or leaves what it would
// have written holding something unspecified: the caller reports the error
// and uses nothing else).
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}

  bool failed() const { return error_.has_value(); }
  const std::string& error() const { return *error_; }
  std::size_t pos() const { return pos_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }

  // Records "at byte <offset>: <problem>" unless a problem is already recorded.
  void Fail(std::size_t offset, const std::string& problem) {
    if (!error_) error_ = "at byte " + std::to_string(offset) + ": " + problem;
  }

  uint8_t Byte(FieldName what) {
    if (!failed() && pos_ < bytes_.size()) return static_cast<uint8_t>(bytes_[pos_++]);
    return ByteAtEnd(what);
  }
  uint64_t Varint(FieldName what) {
    // One byte below 0x80 is a whole minimal varint.
    if (!failed() && pos_ < bytes_.size() && static_cast<uint8_t>(bytes_[pos_]) < 0x80)
      return static_cast<uint8_t>(bytes_[pos_++]);
    return LongVarint(what);
  }
  // A count of `items` (each at least one byte long), at most `max`.
  uint64_t Count(std::string_view items, uint64_t max);
  // Reads a string into `out`, reusing its capacity.
  void String(std::string& out, std::string_view what, bool non_empty) {
    // The usual case, decided here: a one-byte length, the bytes all
    // there, ASCII (so UTF-8). Anything else, error or not, is StringSlow's.
    if (!failed() && pos_ < bytes_.size()) {
      const auto n = static_cast<uint8_t>(bytes_[pos_]);
      if (n < 0x80 && n < remaining() && (n > 0 || !non_empty)) {
        const std::string_view s = bytes_.substr(pos_ + 1, n);
        if (IsAscii(s)) {
          pos_ += 1 + std::size_t{n};
          out.assign(s);
          return;
        }
      }
    }
    StringSlow(out, what, non_empty);
  }
  int Seat(std::string_view what);
  // Reads a card list into `out`, reusing its capacity.
  void Cards(CardList& out, std::string_view what, bool non_empty);
  void End();

 private:
  uint8_t ByteAtEnd(FieldName what);
  void StringSlow(std::string& out, std::string_view what, bool non_empty);
  uint64_t LongVarint(FieldName what);

  std::string_view bytes_;
  std::size_t pos_ = 0;
  std::optional<std::string> error_;
};

// Byte's slow path: failed already, or no byte left.
uint8_t Reader::ByteAtEnd(FieldName what) {
  if (failed()) return 0;
  if (remaining() == 0) {
    Fail(pos_, "the encoding ends where " + what.str() + " should be");
    return 0;
  }
  return static_cast<uint8_t>(bytes_[pos_++]);
}

// A minimal LEB128 varint of at most 64 bits (Varint's slow path: longer
// than one byte, or failed).
uint64_t Reader::LongVarint(FieldName what) {
  const std::size_t start = pos_;
  uint64_t value = 0;
  for (int shift = 0; !failed(); shift += 7) {
    uint8_t b = Byte(what);
    if (failed()) break;
    if (shift == 63 && b > 1) {
      Fail(start, what.str() + " is a varint that does not fit in 64 bits");
      break;
    }
    value |= static_cast<uint64_t>(b & 0x7F) << shift;
    if ((b & 0x80) != 0) continue;
    if (b == 0 && shift > 0) {
      Fail(start, what.str() + " is not a minimal varint (its last byte is zero)");
    }
    return failed() ? 0 : value;
  }
  return 0;
}

uint64_t Reader::Count(std::string_view items, uint64_t max) {
  const std::size_t start = pos_;
  const FieldName what("the number of ", items);
  uint64_t n = Varint(what);
  if (failed()) return 0;
  if (n > max) {
    Fail(start, what.str() + ", " + std::to_string(n) + ", is more than the " + std::to_string(max) +
                    " allowed");
  } else if (n > remaining()) {
    Fail(start, what.str() + ", " + std::to_string(n) + ", runs past the end of the encoding (" +
                    ByteCount(remaining()) + " left)");
  }
  return failed() ? 0 : n;
}

// String's whole reading: any length, UTF-8 beyond ASCII, and every error.
void Reader::StringSlow(std::string& out, std::string_view what, bool non_empty) {
  const std::size_t start = pos_;
  uint64_t n = Varint(FieldName("the length of ", what));
  if (failed()) return;
  if (n > kMaxStringBytes) {
    Fail(start, std::string(what) + " is " + ByteCount(n) + " long, more than the " +
                    std::to_string(kMaxStringBytes) + " allowed");
  } else if (n > remaining()) {
    Fail(start, std::string(what) + ", " + ByteCount(n) +
                    " long, runs past the end of the encoding (" + ByteCount(remaining()) +
                    " left)");
  } else if (non_empty && n == 0) {
    Fail(start, std::string(what) + " must not be empty");
  }
  if (failed()) return;
  const std::string_view s = bytes_.substr(pos_, n);
  pos_ += n;
  if (!IsUtf8(s)) {
    Fail(start, std::string(what) + " is not valid UTF-8");
    return;
  }
  out.assign(s);
}

int Reader::Seat(std::string_view what) {
  const std::size_t start = pos_;
  uint8_t b = Byte(what);
  if (!failed() && b >= kMaxSeats) {
    Fail(start, std::string(what) + ", " + std::to_string(b) + ", is not a seat number (0 to " +
                    std::to_string(kMaxSeats - 1) + ")");
  }
  return failed() ? 0 : b;
}

void Reader::Cards(CardList& out, std::string_view what, bool non_empty) {
  out.clear();
  const std::size_t start = pos_;
  uint64_t n = Count(what, kMaxListItems);
  if (!failed() && non_empty && n == 0) {
    Fail(start, "the list of " + std::string(what) + " is empty (at least one card is required)");
  }
  if (failed()) return;
  // Count made sure the n card bytes are there.
  out.reserve(n);
  for (uint64_t i = 0; i < n; ++i) {
    const uint8_t b = static_cast<uint8_t>(bytes_[pos_]);
    if (b >= kCardSlots) {  // 52 and 53 are the jokers (H-C1)
      Fail(pos_, "card index " + std::to_string(b) + " is not a card (0 to 53)");
      return;
    }
    out.push_back(Card(b));
    ++pos_;
  }
}

void Reader::End() {
  if (!failed() && remaining() > 0) {
    Fail(pos_, ByteCount(remaining()) + (remaining() == 1 ? " follows" : " follow") +
                   " the end of the event");
  }
}

// The overrides of a game event, applied in order to the preset as ReadGame
// (event_json.cc) applies them.
void ReadOverrides(Reader& r, GameEvent& g) {
  uint64_t n = r.Count("options", kMaxListItems);
  for (uint64_t i = 0; i < n && !r.failed(); ++i) {
    const std::size_t start = r.pos();
    std::string name, text;
    r.String(name, "the option name", false);
    r.String(text, "the option value", false);
    if (r.failed()) return;
    for (const auto& earlier : g.overrides) {
      if (earlier.first == name) r.Fail(start, "option " + Quote(name) + " is named twice");
    }
    std::string problem = SetOption(g.options, name, text);
    if (!problem.empty()) r.Fail(start, problem);
    g.overrides.emplace_back(std::move(name), std::move(text));
  }
}

// Each Read* below sets every field of its event, so an event reused from
// an earlier decode keeps nothing of it but its buffers' capacity.


void ReadGame(Reader& r, GameEvent& g) {
  g.overrides.clear();
  g.seats.clear();
  r.String(g.game, "the game id", true);
  const std::size_t ruleset_at = r.pos();
  r.String(g.ruleset, "the ruleset", false);
  if (r.failed()) return;
  std::string pending;
  std::optional<Options> preset = Preset(g.ruleset, &pending);
  if (!preset) {
    r.Fail(ruleset_at, !pending.empty() ? pending  // HOUSE_RULES.md §13: not refereed yet
                                        : "unknown ruleset " + Quote(g.ruleset) + " (known: " +
                                              PresetNamesText(true) + ")");
    return;
  }
  g.options = *preset;
  ReadOverrides(r, g);
  const std::size_t seats_at = r.pos();
  uint64_t n = r.Count("seats", kMaxListItems);
  if (!r.failed() && (n < kMinSeats || n > kMaxSeats)) {
    r.Fail(seats_at, "a game has 4 to 8 seats (S1), not " + std::to_string(n));
  }
  for (uint64_t i = 0; i < n && !r.failed(); ++i) {
    const std::size_t name_at = r.pos();
    r.String(g.seats.emplace_back(), "the seat name", true);
    // As the JSON reader: no control characters in a seat name (INTERFACE.md §1).
    if (!r.failed() && HasControlCharacter(g.seats.back())) {
      r.Fail(name_at, "the name of seat " + std::to_string(i) + " has a control character");
    }
  }
}

void ReadDeal(Reader& r, bool has_seed, DealEvent& d) {
  d.seed.reset();
  uint64_t n = r.Count("hands", kMaxListItems);
  // resize keeps the hands already there, with their capacity.
  d.hands.resize(r.failed() ? 0 : n);
  for (uint64_t i = 0; i < n && !r.failed(); ++i) {
    r.Cards(d.hands[i], "cards in the hand", false);
  }
  if (has_seed) {
    uint64_t u = r.Varint("the seed");
    if (!r.failed()) d.seed = UnZigZag(u);
  }
}

Declare ReadDeclare(Reader& r) {
  const std::size_t start = r.pos();
  uint8_t b = r.Byte("the declare byte");
  if (!r.failed() && b > 2) {
    r.Fail(start,
           "declare byte " + std::to_string(b) + " is not 0 (none), 1 (suite) or 2 (reverse)");
  }
  return r.failed() ? Declare::kNone : static_cast<Declare>(b);
}

// The body's alternative T, kept (with its buffers) when it holds one already.
template <typename T>
T& Hold(EventBody& body) {
  if (T* held = std::get_if<T>(&body)) return *held;
  return body.emplace<T>();
}

// Reads the fields of a `type` event into `body`, in the order of the bytes.
void ReadBody(Reader& r, EventType type, uint8_t flags, EventBody& body) {
  switch (type) {
    case EventType::kGame:
      return ReadGame(r, Hold<GameEvent>(body));
    case EventType::kDeal:
      return ReadDeal(r, (flags & kFlagSeed) != 0, Hold<DealEvent>(body));
    case EventType::kExchange: {
      auto& x = Hold<ExchangeEvent>(body);
      x.from = r.Seat("the from seat");
      x.to = r.Seat("the to seat");
      return r.Cards(x.cards, "cards", true);
    }
    case EventType::kPlay: {
      auto& p = Hold<PlayEvent>(body);
      p.seat = r.Seat("the seat");
      r.Cards(p.cards, "cards", true);
      p.declare = ReadDeclare(r);
      return;
    }
    case EventType::kPass:
      Hold<PassEvent>(body).seat = r.Seat("the seat");
      return;
    case EventType::kClose: {
      auto& c = Hold<CloseEvent>(body);
      c.seat = r.Seat("the seat");
      return r.Cards(c.cards, "cards", true);
    }
    case EventType::kEnd:
    case EventType::kMalformed:  // no wire tag: ReadHeader refused it
      break;
  }
  Hold<EndEvent>(body);
}

// Reads an optional string field into `field` when `present`, reusing the
// string's capacity; empties it otherwise.
void ReadOptional(Reader& r, bool present, std::optional<std::string>& field,
                  std::string_view what, bool non_empty) {
  if (!present) {
    field.reset();
    return;
  }
  if (!field) field.emplace();
  r.String(*field, what, non_empty);
}

// The version, type and flags bytes; nullopt (and r failed) on a bad one.
std::optional<std::pair<EventType, uint8_t>> ReadHeader(Reader& r) {
  uint8_t version = r.Byte("the format version");
  if (!r.failed() && version != kVersion) {
    r.Fail(0, "unknown format version " + std::to_string(version) + " (this reader knows 1)");
  }
  uint8_t tag = r.Byte("the event type tag");
  if (!r.failed() && (tag < 1 || tag > 7)) {
    r.Fail(1, "unknown event type tag " + std::to_string(tag) + " (1 to 7)");
  }
  uint8_t flags = r.Byte("the flags byte");
  if (r.failed()) return std::nullopt;
  const auto type = static_cast<EventType>(tag);
  uint8_t allowed = kFlagId | kFlagAt | (type == EventType::kDeal ? kFlagSeed : 0);
  if ((flags & ~allowed) != 0) {
    r.Fail(2, "unknown flag bits " + std::to_string(flags & ~allowed) + " for a " + TypeName(type) +
                  " event");
    return std::nullopt;
  }
  return std::make_pair(type, flags);
}

}  // namespace

std::string EncodeEvent(const Event& event) {
  // A malformed event (games/president/rules/event.h) has no wire tag: it is never stored.
  if (std::holds_alternative<MalformedEvent>(event.body)) {
    throw std::invalid_argument("a malformed event has no stored encoding");
  }
  const EventType type = TypeOf(event.body);
  uint8_t flags = (event.id ? kFlagId : 0) | (event.at ? kFlagAt : 0);
  if (const auto* d = std::get_if<DealEvent>(&event.body); d != nullptr && d->seed) {
    flags |= kFlagSeed;
  }
  std::string out;
  PutByte(out, kVersion);
  PutByte(out, static_cast<unsigned>(type));
  PutByte(out, flags);
  if (event.id) PutString(out, *event.id);
  if (event.at) PutString(out, *event.at);
  PutBody(out, event.body);
  return out;
}

std::optional<std::string> DecodeEventInto(std::string_view bytes, Event& out) {
  Reader r(bytes);
  std::optional<std::pair<EventType, uint8_t>> header = ReadHeader(r);
  if (!header) return r.error();
  const auto [type, flags] = *header;
  out.seq.reset();
  ReadOptional(r, (flags & kFlagId) != 0, out.id, "the id", true);
  ReadOptional(r, (flags & kFlagAt) != 0, out.at, "the at field", false);
  if (r.failed()) return r.error();
  ReadBody(r, type, flags, out.body);
  r.End();
  if (r.failed()) return r.error();
  return std::nullopt;
}

std::variant<Event, std::string> DecodeEvent(std::string_view bytes) {
  Event event;
  if (std::optional<std::string> error = DecodeEventInto(bytes, event)) return *std::move(error);
  return event;
}

}  // namespace pli
