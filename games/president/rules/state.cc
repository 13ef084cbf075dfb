// state.cc: place names, the id index and the debug invariants of a State.
#include "games/president/rules/state.h"

#include <algorithm>
#include <bit>
#include <cassert>
#include <cstring>
#include <functional>
#include <string>
#include <utility>

namespace pli {
namespace {

static_assert(std::endian::native == std::endian::little,
              "IdList builds the words of a key with shifts, in little-endian byte order");

// The last 1 to 7 bytes of a key as a word, zero-padded, read without
// going past them: two overlapping 4-byte reads, or three single bytes.
uint64_t TailWord(const char* p, size_t n) {
  if (n >= 4) {
    uint32_t lo, hi;
    std::memcpy(&lo, p, 4);
    std::memcpy(&hi, p + n - 4, 4);
    return uint64_t{lo} | (uint64_t{hi} << (8 * (n - 4)));
  }
  auto byte = [p](size_t i) { return uint64_t{static_cast<unsigned char>(p[i])} << (8 * i); };
  return byte(0) | byte(n / 2) | byte(n - 1);
}

// Calls word(w) for each 8-byte word of the key (the last one zero-padded),
// then returns the key's hash (kept nowhere but in memory, so free to
// change): the words multiplied and folded in turn. Keys made to collide
// only slow their own game's lookups down.
template <typename Word>
uint64_t HashWords(std::string_view id, Word&& word) {
  uint64_t h = 0x9E3779B97F4A7C15ULL ^ id.size();
  size_t i = 0;
  for (; i + 8 <= id.size(); i += 8) {
    uint64_t w;
    std::memcpy(&w, id.data() + i, 8);
    word(w);
    h = (h ^ w) * 0xFF51AFD7ED558CCDULL;
    h ^= h >> 32;
  }
  if (i < id.size()) {
    const uint64_t w = TailWord(id.data() + i, id.size() - i);
    word(w);
    h ^= w;
  }
  h *= 0xC4CEB9FE1A85EC53ULL;
  return h ^ (h >> 29);
}

// A slot's tag: the high half of the hash, in the high half of the slot.
constexpr uint64_t kTagMask = 0xFFFFFFFF00000000ULL;
// The first slot of a tag in a table of 2^k slots: the tag's high k bits.
size_t FirstSlot(uint64_t tag, size_t slot_count) {
  return static_cast<size_t>(tag >> (64 - std::countr_zero(slot_count)));
}

}  // namespace

bool IdList::contains(std::string_view id) const {
  if (slots_.empty()) return false;
  const uint64_t tag = HashWords(id, [](uint64_t) {}) & kTagMask;
  const size_t mask = slots_.size() - 1;
  for (size_t i = FirstSlot(tag, slots_.size());; i = (i + 1) & mask) {
    const uint64_t slot = slots_[i];
    if (slot == 0) return false;
    if ((slot & kTagMask) == tag && (*this)[static_cast<uint32_t>(slot) - 1] == id) return true;
  }
}

void IdList::Index(uint64_t tag, uint32_t position) {
  const size_t mask = slots_.size() - 1;
  size_t i = FirstSlot(tag, slots_.size());
  while (slots_[i] != 0) i = (i + 1) & mask;
  slots_[i] = tag | (uint64_t{position} + 1);
}

void IdList::push_back(std::string_view id) {
  const auto* p = reinterpret_cast<const uint64_t*>(id.data());
  if (std::less_equal<>()(words_.data(), p) && std::less<>()(p, words_.data() + words_.size())) {
    const std::string copy(id);  // a key of this list: words_ may move as it grows
    return push_back(copy);
  }
  assert(id.size() <= UINT32_MAX && words_.size() + id.size() / 8 < UINT32_MAX);
  const auto first_word = static_cast<uint32_t>(words_.size());
  const uint64_t tag = HashWords(id, [this](uint64_t w) { words_.push_back(w); }) & kTagMask;
  keys_.push_back(Key{first_word, static_cast<uint32_t>(id.size()), static_cast<uint32_t>(tag >> 32)});
  if (2 * keys_.size() <= slots_.size()) return Index(tag, static_cast<uint32_t>(keys_.size() - 1));
  // Grow: twice the slots, every key indexed again from its tag, in order.
  slots_.assign(std::max<size_t>(16, 2 * slots_.size()), 0);
  for (uint32_t position = 0; position < keys_.size(); ++position)
    Index(uint64_t{keys_[position].tag} << 32, position);
}

void IdList::AssignPrefix(const IdList& from, size_t k) {
  assert(k <= from.size() && &from != this);
  if (k == 0) return clear();
  const Key& last = from.keys_[k - 1];
  keys_.assign(from.keys_.begin(), from.keys_.begin() + static_cast<std::ptrdiff_t>(k));
  words_.assign(from.words_.begin(),
                from.words_.begin() + last.first_word + (last.size + 7) / 8);
  if (k == from.size()) {
    slots_ = from.slots_;
    return;
  }
  // The size push_back would have grown to: a power of two, at least 16
  // and at least twice the keys.
  size_t slots = 16;
  while (slots < 2 * k) slots *= 2;
  slots_.assign(slots, 0);
  for (uint32_t position = 0; position < k; ++position)
    Index(uint64_t{keys_[position].tag} << 32, position);
}

void ResetState(State& s) {
  // Every field of State (games/president/rules/state.h), in its order, to its default;
  // the assert catches a field added there and not here.
  s.game.clear();
  s.options = Options{};
  s.order = RankOrder{};
  s.seat_names.clear();
  s.seats = 0;
  s.seq = 0;
  s.phase = Phase::kNone;
  s.ended = false;
  s.manche = 0;
  s.revolution = false;
  s.turn = -1;
  s.hands = {};
  s.dealt = {};
  s.discards = CardSet();
  s.gifts.clear();
  s.pli = Pli{};
  s.finished.clear();
  s.top_finishers.clear();
  s.ranking.reset();
  s.scores.clear();
  s.standing.clear();
  s.unchanged = 0;
  s.discarded = CardSet();
  s.fallen = -1;
  s.ids.clear();
  assert(s == State{});
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

int PlaceScore(int place_index, int seat_count) {
  const int k = place_index + 1, n = seat_count;
  if (n % 2 == 1) return (n + 1) / 2 - k;
  return k <= n / 2 ? n / 2 - k + 1 : n / 2 - k;
}

int ScoreOf(Scoring scoring, int place_index, int seat_count) {
  switch (scoring) {
    case Scoring::kNone: return 0;
    case Scoring::kPlace: return PlaceScore(place_index, seat_count);  // G1
    case Scoring::kPodium: return place_index < 2 ? 2 - place_index : 0;  // H-G1: 2, 1, 0 ...
    case Scoring::kDescending: return seat_count - place_index;         // H-G1: n + 1 - k
  }
  return 0;
}

std::vector<int> Winners(const State& state) {
  std::vector<int> winners;
  if (state.scores.empty()) return winners;
  const int best = *std::max_element(state.scores.begin(), state.scores.end());
  for (int seat = 0; seat < static_cast<int>(state.scores.size()); ++seat)
    if (state.scores[seat] == best) winners.push_back(seat);  // ties are shared, never broken
  return winners;
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
  // H-K3: the cards set aside still make the deck.
  if (!((seen | state.discards) & state.discarded).empty()) return "a card both set aside and in play";
  if ((seen | state.discards | state.discarded) != state.order.deck) return "hands and played cards are not the deck";
  if (state.turn >= 0) {
    if (state.turn >= state.seats) return "turn names no seat";
    if (state.hands[state.turn].empty()) return "turn given to a seat with no cards";
  }
  if (state.phase == Phase::kPlay && state.turn < 0) return "no turn while playing";
  return "";
}

}  // namespace pli
