// record.h: what a game's wire tells the shared layers about one event,
// whatever the game (docs/ARCHITECTURE.md §3). The store, the chain and the
// import hold events as records: the stored encoding the chain hashes, and
// the plain columns a store keeps beside it. Only the game that wrote the
// bytes reads inside them (a body's first byte names its game: FORMAT.md §6,
// §8).
#ifndef PLI_SCHEMA_RECORD_H_
#define PLI_SCHEMA_RECORD_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace pli {

// The columns of schema version 3 (schema/STORE.md §2, §7): the fields
// the body holds that version 2's columns did not show.
struct EventDetails {
  std::optional<std::string> declaration;  // a play's declare ("suite", "reverse", "pirate", "escape")
  int recipient = -1;                      // an exchange's `to`, -1 (NULL) for none
  std::optional<std::string> at;           // the event's time, as written
  std::optional<int64_t> seed;             // a deal's seed
  friend bool operator==(const EventDetails&, const EventDetails&) = default;
};

// Copies of an event's fields that the store keeps as plain columns beside
// the body, for the idempotency index and for people reading the database
// with sqlite3 (schema/STORE.md). Audit checks they agree with the body.
struct EventColumns {
  uint8_t type = 1;                 // the game's wire tag of the event type (1: game, in every game)
  int seat = -1;                    // the acting seat, -1 (NULL) for none
  std::optional<std::string> id;    // the idempotency key
  std::string cards;                // canonical card text, space separated;
                                    // a deal's hands joined by " | "; "" for none
  // nullopt only for a row read as it is from a file of schema version 1
  // or 2, which has no such columns (a game's columns always set it).
  std::optional<EventDetails> details;
  friend bool operator==(const EventColumns&, const EventColumns&) = default;
};

// A stored row's columns as a store hands them over, as views into its
// buffers (the audit's one pass, replay/stored_scan.h): EventColumns as
// stored, before anything is copied or narrowed.
struct ColumnsView {
  int64_t type = 0;                           // the type column
  int seat = -1;                              // -1 for NULL
  std::optional<std::string_view> id;         // nullopt for NULL
  std::string_view cards;
  // The columns of EventDetails; `details` false (and the rest empty) for
  // a file older than schema version 3, which has none.
  bool details = true;
  std::optional<std::string_view> declaration;
  int64_t recipient = -1;                     // -1 for NULL
  std::optional<std::string_view> at;
  std::optional<int64_t> seed;
};

// Whether the stored columns are `actual` (a record's, RecordOf), compared
// as stored: what CheckStoredGame's column check passes, or stricter.
inline bool ColumnsMatch(const ColumnsView& stored, const EventColumns& actual) {
  if (stored.type != actual.type || stored.seat != actual.seat) return false;
  if (stored.id.has_value() != actual.id.has_value() || (stored.id && *stored.id != *actual.id)) {
    return false;
  }
  if (stored.cards != actual.cards) return false;
  // A file older than schema version 3 has no such columns (none stored).
  if (!stored.details || !actual.details) return true;
  const EventDetails& d = *actual.details;
  const auto same = [](const std::optional<std::string_view>& a,
                       const std::optional<std::string>& b) {
    return a.has_value() == b.has_value() && (!a || *a == *b);
  };
  return same(stored.declaration, d.declaration) && stored.recipient == d.recipient &&
         same(stored.at, d.at) && stored.seed == d.seed;
}

// The wire tag of a game event, the same in every game (FORMAT.md §6, §8).
inline constexpr uint8_t kGameEventTag = 1;

// What a game event says that the games table keeps (schema/STORE.md §2).
struct GameOpening {
  std::string game;                 // its id
  std::string ruleset;              // as written
  std::vector<std::string> seats;   // the seat names, seat 0 first
  friend bool operator==(const GameOpening&, const GameOpening&) = default;
};

// One event as a store takes it: its stored encoding (the bytes the chain
// hashes, seq aside), its columns and, for a game event, its opening.
struct EventRecord {
  std::string body;
  EventColumns columns;
  std::optional<GameOpening> opening;  // set exactly for a game event
};

}  // namespace pli

#endif  // PLI_SCHEMA_RECORD_H_
