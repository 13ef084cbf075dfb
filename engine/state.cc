// state.cc: place names, the id index and the debug invariants of a State.
#include "engine/state.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <utility>

namespace pli {
namespace {

// The index's hash of a key (kept nowhere, so free to change): eight bytes
// at a time, multiplied and folded; keys are short. Keys made to collide
// only slow their own game's lookups down.
size_t HashId(std::string_view id) {
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ id.size();
  size_t i = 0;
  for (; i + 8 <= id.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, id.data() + i, 8);
    h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
    h ^= h >> 32;
  }
  uint64_t w = 0;
  if (i < id.size()) std::memcpy(&w, id.data() + i, id.size() - i);
  h = (h ^ w) * 0xC4CEB9FE1A85EC53ULL;
  return static_cast<size_t>(h ^ (h >> 29));
}

}  // namespace

bool IdList::contains(std::string_view id) const {
  if (slots_.empty()) return false;
  const size_t mask = slots_.size() - 1;
  for (size_t i = HashId(id) & mask;; i = (i + 1) & mask) {
    if (slots_[i] == 0) return false;
    if (ids_[slots_[i] - 1] == id) return true;
  }
}

void IdList::Index(uint32_t position) {
  const size_t mask = slots_.size() - 1;
  size_t i = HashId(ids_[position]) & mask;
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = position + 1;
}

void IdList::push_back(std::string id) {
  ids_.push_back(std::move(id));
  if (2 * ids_.size() <= slots_.size()) return Index(static_cast<uint32_t>(ids_.size() - 1));
  slots_.assign(std::bit_ceil(std::max<size_t>(16, 4 * ids_.size())), 0);  // grow, re-index all
  for (size_t p = 0; p < ids_.size(); ++p) Index(static_cast<uint32_t>(p));
}

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
