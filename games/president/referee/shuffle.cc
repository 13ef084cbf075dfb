// shuffle.cc: Super Président's seeded deal (see shuffle.h for the algorithm).
#include "games/president/referee/shuffle.h"

#include <array>
#include <cassert>
#include <cstddef>
#include <limits>
#include <utility>

namespace pli {
namespace {

// Uniform in 0..kBound-1 from SplitMix64: draws below the largest multiple of
// kBound only. The bound is a constant, so the limit and the modulo are
// computed at compile time (a multiplication, not a division at run time).
template <uint64_t kBound>
uint64_t Below(uint64_t& state) {
  constexpr uint64_t kMax = std::numeric_limits<uint64_t>::max();
  constexpr uint64_t kLimit = kMax - kMax % kBound;
  uint64_t draw = SplitMix64Next(state);
  while (draw >= kLimit) draw = SplitMix64Next(state);
  return draw % kBound;
}

// Fisher-Yates: step k swaps position i = 51 - k with a position drawn in
// 0..i, for i from 51 down to 1, each step with its bound as a constant.
template <size_t... kStep>
void Shuffle(std::array<Card, kDeckSize>& deck, uint64_t& state, std::index_sequence<kStep...>) {
  (std::swap(deck[kDeckSize - 1 - kStep], deck[Below<kDeckSize - kStep>(state)]), ...);
}

}  // namespace

std::vector<CardList> DealFromSeed(int seats, int64_t seed) {
  return DealFromSeed(seats, seed, CardSet::Deck());
}

std::vector<CardList> DealFromSeed(int seats, int64_t seed, CardSet in_deck) {
  assert(seats >= 1);
  std::array<Card, kDeckSize> deck;
  for (int i = 0; i < kDeckSize; ++i) deck[i] = Card(static_cast<uint8_t>(i));
  uint64_t state = static_cast<uint64_t>(seed);
  Shuffle(deck, state, std::make_index_sequence<kDeckSize - 1>());
  // Card k to seat k mod seats; each hand gathered as a set, which lists it
  // in index order, sorted.
  std::vector<CardSet> held(seats);
  int k = 0;
  for (Card c : deck) {
    if (!in_deck.contains(c)) continue;  // H-R1
    held[k % seats].insert(c);
    ++k;
  }
  std::vector<CardList> hands(seats);
  for (int seat = 0; seat < seats; ++seat)
    for (Card c : held[seat]) hands[seat].push_back(c);
  return hands;
}

}  // namespace pli
