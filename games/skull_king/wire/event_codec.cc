// event_codec.cc: the stored encoding of a Skull King event (schema/FORMAT.md
// §8), written by EncodeEvent and read back, canonical encodings only, by
// DecodeEvent.
//
// Layout: version byte (0x4B), type tag (EventType), flags (bit 0 id, bit 1
// at, bit 2 seed (deal), bit 3 turned (deal), bit 4 cannon (bid)), then id and
// at when flagged, then the type's fields. Integers are minimal unsigned
// LEB128 varints; signed ones (seed, bid) are zigzag-mapped first. A string
// is a varint byte count and its bytes; a card list a varint count and one
// byte per card (its SK-C2 index, a special card by its kind's first index).
#include "games/skull_king/wire/event_codec.h"

#include <cassert>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

#include "games/skull_king/rules/options.h"
#include "engine/text.h"
#include "schema/codec.h"

namespace pli::sk {
namespace {

using codec::HasControlCharacter;
using codec::IsUtf8;
using codec::PutByte;
using codec::PutString;
using codec::PutVarint;
using codec::UnZigZag;
using codec::Utf8Length;
using codec::ZigZag;

constexpr uint8_t kFlagId = 0x01;
constexpr uint8_t kFlagAt = 0x02;
constexpr uint8_t kFlagSeed = 0x04;    // deal only
constexpr uint8_t kFlagTurned = 0x08;  // deal only
constexpr uint8_t kFlagCannon = 0x10;  // bid only
// The JSON reader's limits (strict_json.cc): a string of at most 64 KiB, an
// array of at most 4096 items.
constexpr uint64_t kMaxStringBytes = uint64_t{1} << 16;
constexpr uint64_t kMaxListItems = 4096;
constexpr int kMaxSeats = 8;

// A card byte is canonical when it is the index a Card holds: a numbered
// card 0..55, or the first index of a special card's block.
bool IsCardByte(unsigned b) { return b < kCardBits && KindOf(static_cast<int>(b)).index == b; }

void PutSeat(std::string& out, int seat) {
  assert(seat >= 0 && seat < kMaxSeats);
  PutByte(out, static_cast<unsigned>(seat));
}
void PutCard(std::string& out, Card c) {
  assert(IsCardByte(c.index));
  PutByte(out, c.index);
}
void PutCards(std::string& out, const CardList& cards) {
  PutVarint(out, cards.size());
  for (Card c : cards) PutCard(out, c);
}

// Reads the fields in order; the first problem sticks, later reads return
// defaults.
class Reader {
 public:
  explicit Reader(std::string_view bytes) : bytes_(bytes) {}
  bool failed() const { return error_.has_value(); }
  const std::string& error() const { return *error_; }
  std::size_t pos() const { return pos_; }
  std::size_t remaining() const { return bytes_.size() - pos_; }
  void Fail(std::size_t offset, const std::string& problem) {
    if (!error_) error_ = "at byte " + std::to_string(offset) + ": " + problem;
  }
  uint8_t Byte(std::string_view what) {
    if (failed()) return 0;
    if (remaining() == 0) {
      Fail(pos_, "the encoding ends where " + std::string(what) + " should be");
      return 0;
    }
    return static_cast<uint8_t>(bytes_[pos_++]);
  }
  // A varint named `prefix` + `what` in messages ("the length of " "the
  // id"), the name written out only when something is wrong.
  uint64_t Varint(std::string_view what, std::string_view prefix = {}) {
    const auto name = [&] { return std::string(prefix) + std::string(what); };
    const std::size_t start = pos_;
    uint64_t value = 0;
    for (int shift = 0; !failed(); shift += 7) {
      if (remaining() == 0) {
        Fail(pos_, "the encoding ends where " + name() + " should be");
        break;
      }
      const auto b = static_cast<uint8_t>(bytes_[pos_++]);
      if (shift == 63 && b > 1) {
        Fail(start, name() + " is a varint that does not fit in 64 bits");
        break;
      }
      value |= static_cast<uint64_t>(b & 0x7F) << shift;
      if ((b & 0x80) != 0) continue;
      if (b == 0 && shift > 0)
        Fail(start, name() + " is not a minimal varint (its last byte is zero)");
      return failed() ? 0 : value;
    }
    return 0;
  }
  uint64_t Count(std::string_view items, uint64_t max) {
    const std::size_t start = pos_;
    uint64_t n = Varint(items, "the number of ");
    if (failed()) return 0;
    if (n > max) {
      Fail(start, "the number of " + std::string(items) + ", " + std::to_string(n) +
                      ", is more than the " + std::to_string(max) + " allowed");
    } else if (n > remaining()) {
      Fail(start, "the number of " + std::string(items) + ", " + std::to_string(n) +
                      ", runs past the end of the encoding");
    }
    return failed() ? 0 : n;
  }
  std::string String(std::string_view what, bool non_empty) {
    std::string s;
    StringInto(what, non_empty, s);
    return s;
  }
  // The same into `s`, reusing its storage (`s` unspecified on failure).
  void StringInto(std::string_view what, bool non_empty, std::string& s) {
    s.clear();
    const std::size_t start = pos_;
    uint64_t n = Varint(what, "the length of ");
    if (failed()) return;
    if (n > kMaxStringBytes) {
      Fail(start, std::string(what) + " is longer than the " + std::to_string(kMaxStringBytes) +
                      " bytes allowed");
    } else if (n > remaining()) {
      Fail(start, std::string(what) + " runs past the end of the encoding");
    } else if (non_empty && n == 0) {
      Fail(start, std::string(what) + " must not be empty");
    }
    if (failed()) return;
    s.assign(bytes_.data() + pos_, n);
    pos_ += n;
    if (!IsUtf8(s)) Fail(start, std::string(what) + " is not valid UTF-8");
  }
  int Seat() {
    const std::size_t start = pos_;
    uint8_t b = Byte("the seat");
    if (!failed() && b >= kMaxSeats)
      Fail(start, "the seat, " + std::to_string(b) + ", is not a seat number (0 to 7)");
    return failed() ? 0 : b;
  }
  Card ReadCard(std::string_view what) {
    const std::size_t start = pos_;
    uint8_t b = Byte(what);
    if (!failed() && !IsCardByte(b))
      Fail(start, "card byte " + std::to_string(b) +
                      " is not a card (0 to 55, 56, 61, 66, 67 or 69)");
    return failed() ? Card() : Card(b);
  }
  CardList Cards(std::string_view what) {
    CardList out;
    CardsInto(what, out);
    return out;
  }
  // The same into `out` (cleared first; left empty on failure).
  void CardsInto(std::string_view what, CardList& out) {
    out.clear();
    uint64_t n = Count(what, kMaxListItems);
    for (uint64_t i = 0; i < n && !failed(); ++i) out.push_back(ReadCard("a card"));
    if (failed()) out.clear();
  }
  void End() {
    if (!failed() && remaining() > 0)
      Fail(pos_, std::to_string(remaining()) + " byte(s) follow the end of the event");
  }

 private:
  std::string_view bytes_;
  std::size_t pos_ = 0;
  std::optional<std::string> error_;
};

GameEvent ReadGame(Reader& r) {
  GameEvent g;
  g.game = r.String("the game id", true);
  const std::size_t ruleset_at = r.pos();
  g.ruleset = r.String("the ruleset", false);
  if (r.failed()) return g;
  std::optional<Options> options = Preset(g.ruleset);
  if (!options) {
    r.Fail(ruleset_at, "unknown ruleset " + Quote(g.ruleset));
    return g;
  }
  const uint64_t n = r.Count("options", kMaxListItems);
  for (uint64_t i = 0; i < n && !r.failed(); ++i) {
    const std::size_t start = r.pos();
    std::string name = r.String("the option name", false);
    std::string text = r.String("the option value", false);
    if (r.failed()) return g;
    for (const auto& earlier : g.overrides)
      if (earlier.first == name) r.Fail(start, "option " + Quote(name) + " is named twice");
    // SetOption takes a text; the JSON reader gives only the canonical text
    // of each value ("true", "70", "0"), which SetOption also requires.
    if (std::string problem = SetOption(*options, name, text); !problem.empty())
      r.Fail(start, problem);
    g.overrides.emplace_back(std::move(name), std::move(text));
  }
  const std::size_t seats_at = r.pos();
  const uint64_t seats = r.Count("seats", kMaxListItems);
  for (uint64_t i = 0; i < seats && !r.failed(); ++i) {
    const std::size_t name_at = r.pos();
    g.seats.push_back(r.String("the seat name", true));
    if (!r.failed() && HasControlCharacter(g.seats.back()))
      r.Fail(name_at, "the name of seat " + std::to_string(i) + " has a control character");
  }
  if (r.failed()) return g;
  const int count = static_cast<int>(seats);
  if (auto [lo, hi] = SeatRange(g.ruleset); count < lo || count > hi) {
    r.Fail(seats_at, g.ruleset + " is played by " + std::to_string(lo) + " to " +
                         std::to_string(hi) + " seats, not " + std::to_string(count));
  } else if (std::string why = CheckGame(g.ruleset, *options, count); !why.empty()) {
    r.Fail(ruleset_at, why);
  }
  return g;
}

}  // namespace

std::string EncodeEvent(const EventLine& line) {
  if (std::holds_alternative<MalformedEvent>(line.event))
    throw std::invalid_argument("a malformed event has no stored encoding");
  const Event& e = line.event;
  uint8_t flags = (line.id ? kFlagId : 0) | (line.at ? kFlagAt : 0);
  if (const auto* d = std::get_if<DealEvent>(&e)) {
    if (d->seed) flags |= kFlagSeed;
    if (d->turned) flags |= kFlagTurned;
  }
  if (const auto* b = std::get_if<BidEvent>(&e); b != nullptr && b->cannon) flags |= kFlagCannon;
  std::string out;
  PutByte(out, kCodecVersion);
  PutByte(out, static_cast<unsigned>(TypeOf(e)));
  PutByte(out, flags);
  if (line.id) PutString(out, *line.id);
  if (line.at) PutString(out, *line.at);
  if (const auto* g = std::get_if<GameEvent>(&e)) {
    PutString(out, g->game);
    PutString(out, g->ruleset);
    PutVarint(out, g->overrides.size());
    for (const auto& [name, text] : g->overrides) {
      PutString(out, name);
      PutString(out, text);
    }
    PutVarint(out, g->seats.size());
    for (const std::string& s : g->seats) PutString(out, s);
  } else if (const auto* d = std::get_if<DealEvent>(&e)) {
    PutVarint(out, d->hands.size());
    for (const CardList& hand : d->hands) PutCards(out, hand);
    if (d->turned) PutCard(out, *d->turned);
    if (d->seed) PutVarint(out, ZigZag(*d->seed));
  } else if (const auto* b = std::get_if<BidEvent>(&e)) {
    PutSeat(out, b->seat);
    PutVarint(out, ZigZag(b->bid));
    if (b->cannon) PutByte(out, static_cast<unsigned>(*b->cannon));
  } else if (const auto* p = std::get_if<PlayEvent>(&e)) {
    PutSeat(out, p->seat);
    PutCards(out, p->cards);
    PutByte(out, static_cast<unsigned>(p->declare));
  }  // end: nothing
  return out;
}

std::optional<std::string> DecodeEventInto(std::string_view bytes, EventLine& line) {
  Reader r(bytes);
  const uint8_t version = r.Byte("the format version");
  if (!r.failed() && version != kCodecVersion)
    r.Fail(0, "format version " + std::to_string(version) +
                  " is not Skull King's (75, 0x4B; 1 is Super Président's)");
  const uint8_t tag = r.Byte("the event type tag");
  if (!r.failed() && (tag < 1 || tag > 5))
    r.Fail(1, "unknown event type tag " + std::to_string(tag) + " (1 to 5)");
  const uint8_t flags = r.Byte("the flags byte");
  if (r.failed()) return r.error();
  const auto type = static_cast<EventType>(tag);
  const uint8_t allowed = kFlagId | kFlagAt |
                          (type == EventType::kDeal ? kFlagSeed | kFlagTurned : 0) |
                          (type == EventType::kBid ? kFlagCannon : 0);
  if ((flags & ~allowed) != 0) {
    r.Fail(2, "unknown flag bits " + std::to_string(flags & ~allowed) + " for a " +
                  TypeName(type) + " event");
    return r.error();
  }
  line.seq.reset();
  // The id and at keep their strings' storage from the last event.
  if (flags & kFlagId) {
    if (!line.id) line.id.emplace();
    r.StringInto("the id", true, *line.id);
  } else {
    line.id.reset();
  }
  if (flags & kFlagAt) {
    if (!line.at) line.at.emplace();
    r.StringInto("the at field", false, *line.at);
  } else {
    line.at.reset();
  }
  switch (type) {
    case EventType::kGame: line.event = ReadGame(r); break;
    case EventType::kDeal: {
      // A deal reuses the last deal's hands when the event still holds one.
      auto* kept = std::get_if<DealEvent>(&line.event);
      DealEvent& d = kept != nullptr ? *kept : line.event.emplace<DealEvent>();
      d.turned.reset();
      d.seed.reset();
      const uint64_t n = r.Count("hands", kMaxListItems);
      d.hands.resize(n);
      for (uint64_t i = 0; i < n && !r.failed(); ++i) r.CardsInto("cards in the hand", d.hands[i]);
      if (flags & kFlagTurned) d.turned = r.ReadCard("the turned card");
      if (flags & kFlagSeed) {
        const uint64_t u = r.Varint("the seed");
        if (!r.failed()) d.seed = UnZigZag(u);
      }
      break;
    }
    case EventType::kBid: {
      BidEvent b;
      b.seat = r.Seat();
      b.bid = UnZigZag(r.Varint("the bid"));
      if (flags & kFlagCannon) {
        const std::size_t start = r.pos();
        const uint8_t c = r.Byte("the cannon byte");
        if (!r.failed() && c > 1)
          r.Fail(start, "cannon byte " + std::to_string(c) +
                            " is not 0 (grapeshot) or 1 (cannonball)");
        b.cannon = static_cast<Cannon>(c & 1);
      }
      line.event = b;
      break;
    }
    case EventType::kPlay: {
      auto* kept = std::get_if<PlayEvent>(&line.event);
      PlayEvent& p = kept != nullptr ? *kept : line.event.emplace<PlayEvent>();
      p.seat = r.Seat();
      r.CardsInto("cards", p.cards);
      const std::size_t start = r.pos();
      const uint8_t d = r.Byte("the declare byte");
      if (!r.failed() && d > 2)
        r.Fail(start, "declare byte " + std::to_string(d) +
                          " is not 0 (none), 1 (pirate) or 2 (escape)");
      p.declare = static_cast<Declare>(d > 2 ? 0 : d);
      break;
    }
    default: line.event = EndEvent{}; break;
  }
  r.End();
  if (r.failed()) return r.error();
  return std::nullopt;
}

std::variant<EventLine, std::string> DecodeEvent(std::string_view bytes) {
  EventLine line;
  if (std::optional<std::string> error = DecodeEventInto(bytes, line)) return *std::move(error);
  return line;
}

}  // namespace pli::sk
