// shuffle.cc: the seeded shuffle (see shuffle.h for the algorithm).
#include "referee/shuffle.h"

#include <algorithm>
#include <cassert>
#include <limits>
#include <utility>

namespace pli {
namespace {

// Draws from SplitMix64.
class SplitMix64 {
 public:
  explicit SplitMix64(uint64_t seed) : state_(seed) {}
  uint64_t Next() { return SplitMix64Next(state_); }
  // Uniform in 0..bound-1: draws below the largest multiple of bound only.
  uint64_t Below(uint64_t bound) {
    const uint64_t limit = std::numeric_limits<uint64_t>::max() -
                           std::numeric_limits<uint64_t>::max() % bound;
    uint64_t draw = Next();
    while (draw >= limit) draw = Next();
    return draw % bound;
  }

 private:
  uint64_t state_;
};

}  // namespace

// A 64-bit state advanced by a constant and mixed by two multiply-xorshift
// rounds.
uint64_t SplitMix64Next(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

std::vector<CardList> DealFromSeed(int seats, int64_t seed) {
  assert(seats >= 1);
  CardList deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(Card(static_cast<uint8_t>(i)));
  SplitMix64 random(static_cast<uint64_t>(seed));
  for (int i = kDeckSize - 1; i >= 1; --i) {
    std::swap(deck[i], deck[random.Below(static_cast<uint64_t>(i) + 1)]);
  }
  std::vector<CardList> hands(seats);
  for (int k = 0; k < kDeckSize; ++k) hands[k % seats].push_back(deck[k]);
  for (CardList& hand : hands) std::sort(hand.begin(), hand.end());
  return hands;
}

}  // namespace pli
