// compact.h: a game's log as the fold reads it (issue 13, docs/PERFORMANCE.md
// §2). An Event is 248 bytes: its variant holds a GameEvent's strings and
// vectors inline, and `id` and `at` are optional strings, so a fold over
// Events streams mostly bytes it never reads. A CompactEvent is 16 bytes:
// the type, the seats, the declaration and the cards as one CardSet; what
// does not fit (the game event, a deal's hands, the ids) is kept beside the
// events, once, and `at` and `seq` not at all (the fold reads neither).
//
// The fold of a CompactLog is the same fold as Step over the Events it was
// made from: the same Apply functions (apply.cc), so the two cannot drift
// apart, and tests/engine/compact_test.cc checks the states are equal.
#ifndef PLI_ENGINE_PRESIDENT_COMPACT_H_
#define PLI_ENGINE_PRESIDENT_COMPACT_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "games/president/rules/card.h"
#include "games/president/rules/event.h"
#include "games/president/rules/state.h"

namespace pli {

// One event of a CompactLog. An illegal event (malformed included) is kept
// as type kMalformed: it is a position of the log and changes nothing.
struct CompactEvent {
  EventType type = EventType::kMalformed;
  uint8_t seat = 0;                   // play, pass, close: the actor; exchange: the giver
  uint8_t to = 0;                     // exchange: the receiver
  Declare declare = Declare::kNone;   // play
  uint32_t extra = 0;                 // game: index in `games`; deal: first hand in `hands`
  CardSet cards;                      // play, close, exchange
};
static_assert(sizeof(CompactEvent) == 16, "the fold reads 16 bytes an event");

// A game's log, compacted. Add the events in order, each with whether it
// is legal where it stands (Step's verdict); Compact() below does both.
struct CompactLog {
  std::vector<CompactEvent> events;
  std::vector<CardSet> hands;        // each deal's hands, seat 0 first (S2)
  std::vector<GameEvent> games;      // the game event (a log has one legal one)
  IdList ids;                        // the ids of the legal events, in order
  std::vector<uint32_t> id_events;   // the index of the event each id came with

  void Add(const Event& event, bool legal);
  // How many of `ids` came with the first n events.
  size_t IdsBefore(size_t n) const;
};

// Compacts a log, stepping it to learn which events are legal.
CompactLog Compact(const std::vector<Event>& events);

// The state after the first n events of `log` (all of them when n is past
// its end): equal to Step over the Events it was made from. The second
// form folds into `state`, reusing its capacity (ResetState first).
State Fold(const CompactLog& log, size_t n);
void Fold(const CompactLog& log, size_t n, State& state);

}  // namespace pli

#endif  // PLI_ENGINE_PRESIDENT_COMPACT_H_
