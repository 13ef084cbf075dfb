// event.h: Skull King's events (SKULL_KING.md "Events") as plain value
// types. An action submitted to the referee has the shape of the event it
// becomes, so Decide takes an Event too.
#ifndef PLI_ENGINE_SKULL_KING_EVENT_H_
#define PLI_ENGINE_SKULL_KING_EVENT_H_

#include <cstdint>
#include <optional>
#include <string>
#include <utility>
#include <variant>
#include <vector>

#include "games/skull_king/rules/card.h"
#include "games/skull_king/rules/options.h"
#include "engine/small_vector.h"

namespace pli::sk {

// Cards as named in an event, in the order given.
using CardList = SmallVector<Card, 16>;

// Wire tags of Skull King's event types. They are written to disk (the
// `type` column of the store): never reuse or renumber one. kMalformed is
// not a wire tag (a MalformedEvent is never stored).
enum class EventType : uint8_t {
  kMalformed = 0,
  kGame = 1,
  kDeal = 2,
  kBid = 3,
  kPlay = 4,
  kEnd = 5,
};

// SK-P3: what a play of the Tigress declares. Wire values: never renumber.
enum class Declare : uint8_t { kNone = 0, kPirate = 1, kEscape = 2 };
// SK-B5: the cannon load of a bid with `cannonball: true`.
enum class Cannon : uint8_t { kGrapeshot = 0, kCannonball = 1 };

struct GameEvent {
  std::string game;
  std::string ruleset = "skull-king";
  // The `options` object as written, key and value text (options.h SetOption).
  std::vector<std::pair<std::string, std::string>> overrides;
  std::vector<std::string> seats;  // names, seat 0 first (SK-S1)
  friend bool operator==(const GameEvent&, const GameEvent&) = default;
};
struct DealEvent {
  std::vector<CardList> hands;  // SK-D2: one per seat, seat 0 first
  std::optional<Card> turned;   // SK-D3
  std::optional<int64_t> seed;  // a record only
  friend bool operator==(const DealEvent&, const DealEvent&) = default;
};
struct BidEvent {
  int seat = 0;
  int64_t bid = 0;              // any integer: a negative one is bid-out-of-range
  std::optional<Cannon> cannon; // SK-B5
  friend bool operator==(const BidEvent&, const BidEvent&) = default;
};
struct PlayEvent {
  int seat = 0;
  CardList cards;               // exactly one card, else count-mismatch (SK-P1)
  Declare declare = Declare::kNone;
  friend bool operator==(const PlayEvent&, const PlayEvent&) = default;
};
struct EndEvent {
  friend bool operator==(const EndEvent&, const EndEvent&) = default;
};
// A line the reader could not make into an event; Decide rejects it as
// `malformed`, so folding past it changes nothing.
struct MalformedEvent {
  std::string field;
  std::string message;
  friend bool operator==(const MalformedEvent&, const MalformedEvent&) = default;
};

using Event = std::variant<GameEvent, DealEvent, BidEvent, PlayEvent, EndEvent, MalformedEvent>;

inline EventType TypeOf(const Event& e) {
  static constexpr EventType kTypes[] = {EventType::kGame, EventType::kDeal, EventType::kBid,
                                         EventType::kPlay, EventType::kEnd,
                                         EventType::kMalformed};
  return kTypes[e.index()];
}

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_EVENT_H_
