// event.h: the events of a game (INTERFACE.md §1) as plain value types.
// An action submitted to the referee has the same shape as the event it
// becomes, so Decide takes an Event too.
#ifndef PLI_ENGINE_EVENT_H_
#define PLI_ENGINE_EVENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <variant>
#include <vector>

#include "engine/card.h"
#include "engine/options.h"
#include "engine/small_vector.h"

namespace pli {

// Cards as named in an event, in the order given (a card named twice stays
// named twice, so the referee can report it: RULES.md §Violation codes).
// Inline up to 16 cards (any play, any hand of 4 or more seats): making and
// reading an event allocates nothing (engine/small_vector.h).
using CardList = SmallVector<Card, 16>;

// Wire tags of the event types. They are written to disk (the `type`
// column of the store): never reuse or renumber one.
enum class EventType : uint8_t {
  kGame = 1,
  kDeal = 2,
  kExchange = 3,
  kPlay = 4,
  kPass = 5,
  kClose = 6,
  kEnd = 7,
};

enum class Declare : uint8_t { kNone = 0, kSuite = 1, kReverse = 2 };

struct GameEvent {
  std::string game;                 // the game's id
  std::string ruleset = "super-president";
  Options options;                  // the preset with the event's overrides applied
  std::vector<std::pair<std::string, std::string>> overrides;  // as written, for the wire
  std::vector<std::string> seats;   // names, seat 0 first, clockwise (S1)
  friend bool operator==(const GameEvent&, const GameEvent&) = default;
};
struct DealEvent {
  std::vector<CardList> hands;      // one per seat (S2)
  std::optional<int64_t> seed;      // the shuffle it came from, if any
  friend bool operator==(const DealEvent&, const DealEvent&) = default;
};
struct ExchangeEvent {
  int from = 0;
  int to = 0;
  CardList cards;
  friend bool operator==(const ExchangeEvent&, const ExchangeEvent&) = default;
};
struct PlayEvent {
  int seat = 0;
  CardList cards;
  Declare declare = Declare::kNone;
  friend bool operator==(const PlayEvent&, const PlayEvent&) = default;
};
struct PassEvent {
  int seat = 0;
  friend bool operator==(const PassEvent&, const PassEvent&) = default;
};
struct CloseEvent {
  int seat = 0;
  CardList cards;
  friend bool operator==(const CloseEvent&, const CloseEvent&) = default;
};
struct EndEvent {
  friend bool operator==(const EndEvent&, const EndEvent&) = default;
};

using EventBody = std::variant<GameEvent, DealEvent, ExchangeEvent, PlayEvent,
                               PassEvent, CloseEvent, EndEvent>;

// An event with its common optional fields (INTERFACE.md §1).
// The fields say `= std::nullopt` so that `Event{body}` initializes them
// from it: left to aggregate initialization's `{}`, GCC zeroes the whole
// 248-byte event first, a tenth of the cost of making a play's event.
struct Event {
  EventBody body;
  std::optional<int64_t> seq = std::nullopt;  // 1-based position in its game, if written
  std::optional<std::string> id = std::nullopt;  // client idempotency key
  std::optional<std::string> at = std::nullopt;  // RFC 3339 time, kept as written
  friend bool operator==(const Event&, const Event&) = default;
};

EventType TypeOf(const EventBody& body);
// "game", "deal", "exchange", "play", "pass", "close", "end".
const char* TypeName(EventType type);
std::optional<EventType> ParseTypeName(std::string_view name);
// The seat that acts in this event, or -1 (game, deal, end; exchange: from).
int ActingSeat(const EventBody& body);

}  // namespace pli

#endif  // PLI_ENGINE_EVENT_H_
