// state.cc: place names and the debug invariants of a State.
#include "engine/state.h"

namespace pli {

const char* PlaceName(int place_index, int seat_count) {
  // F4: 1 Président, 2 Vice-Président, last Trouduc, second to last
  // Vice-Trouduc; the others are neutral.
  if (place_index == 0) return "president";
  if (place_index == seat_count - 1) return "trouduc";
  if (place_index == 1) return "vice-president";
  if (place_index == seat_count - 2) return "vice-trouduc";
  return "neutral";
}

std::string CheckInvariants(const State& state) {
  if (state.phase == Phase::kNone || state.manche == 0) return "";
  CardSet seen;
  for (int s = 0; s < state.seats; ++s) {
    if (!(seen & state.hands[s]).empty()) return "hands overlap at seat " + std::to_string(s);
    seen |= state.hands[s];
  }
  for (int s = state.seats; s < kMaxSeats; ++s) {
    if (!state.hands[s].empty()) return "cards held by a seat that does not exist";
  }
  if (!(seen & state.discards).empty()) return "a card both held and played";
  if ((seen | state.discards) != CardSet::Deck()) return "hands and played cards are not the deck";
  if (state.turn >= 0) {
    if (state.turn >= state.seats) return "turn names no seat";
    if (state.hands[state.turn].empty()) return "turn given to a seat with no cards";
  }
  if (state.phase == Phase::kPlay && state.turn < 0) return "no turn while playing";
  return "";
}

}  // namespace pli
