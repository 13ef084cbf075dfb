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

#include "games/president/rules/card.h"
#include "games/president/rules/options.h"
#include "engine/small_vector.h"

namespace pli {

// Cards as named in an event, in the order given (a card named twice stays
// named twice, so the referee can report it: RULES.md §Violation codes).
// Inline up to 16 cards (any play, any hand of 4 or more seats): making and
// reading an event allocates nothing (engine/small_vector.h).
using CardList = SmallVector<Card, 16>;

// The cards of a list as a set (a card named twice counts once).
inline CardSet SetOf(const CardList& cards) {
  CardSet set;
  for (Card c : cards) set.insert(c);
  return set;
}

// Wire tags of the event types. They are written to disk (the `type`
// column of the store): never reuse or renumber one. kMalformed is not a
// wire tag: it is the type of a MalformedEvent, which is never stored.
enum class EventType : uint8_t {
  kMalformed = 0,
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
// A line of a log that is a JSON object but not a well-formed event of its
// game (RULES.md `malformed`, INTERFACE.md §1-§2): it keeps its position in
// the game so that audit reports it there. Decide always rejects it with
// `malformed`, so folding past it changes nothing (like any illegal event).
// It has no wire tag: the codec and the store refuse it, and import refuses
// a log that holds one.
struct MalformedEvent {
  std::optional<std::string> type;  // the `type` as written, when a string
  int seat = -1;                    // the acting seat when readable, else -1
  int line = 0;                     // 1-based line in its file (0: unknown)
  std::string field;                // the field at fault ("" for the line as a whole)
  std::string message;              // what is wrong, e.g. `unknown card "1h"`
  // "line 7, field \"cards\": unknown card \"1h\"" (the parts there are).
  std::string Text() const;
  friend bool operator==(const MalformedEvent&, const MalformedEvent&) = default;
};

using EventBody = std::variant<GameEvent, DealEvent, ExchangeEvent, PlayEvent,
                               PassEvent, CloseEvent, EndEvent, MalformedEvent>;

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
// "game", "deal", "exchange", "play", "pass", "close", "end" ("malformed"
// for kMalformed, which is no `type` value: ParseTypeName refuses it).
const char* TypeName(EventType type);
std::optional<EventType> ParseTypeName(std::string_view name);
// The `type` of an event as written: TypeName(TypeOf(body)), or for a
// malformed event its `type` when that was a string, else nullopt.
std::optional<std::string> WrittenType(const EventBody& body);
// The seat that acts in this event, or -1 (game, deal, end; exchange: from;
// a malformed event: its seat when readable).
int ActingSeat(const EventBody& body);

}  // namespace pli

#endif  // PLI_ENGINE_EVENT_H_
