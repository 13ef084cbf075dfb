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
  // H-C1: each joker of the deck, X1 then X2, is inserted into the
  // shuffled cards at a position drawn uniformly from the same stream (an
  // insertion that keeps the permutation uniform); a deck without jokers
  // draws nothing more, so its deals are those of the 52-card shuffle.
  std::array<Card, kCardSlots> all;
  int n = 0;
  for (Card c : deck)
    if (in_deck.contains(c)) all[n++] = c;  // H-R1: only the deck's cards
  for (const Card joker : {kJoker1, kJoker2}) {
    if (!in_deck.contains(joker)) continue;
    uint64_t draw = SplitMix64Next(state);
    const uint64_t bound = static_cast<uint64_t>(n) + 1;
    const uint64_t limit = std::numeric_limits<uint64_t>::max() - std::numeric_limits<uint64_t>::max() % bound;
    while (draw >= limit) draw = SplitMix64Next(state);
    const int at = static_cast<int>(draw % bound);
    for (int i = n; i > at; --i) all[i] = all[i - 1];
    all[at] = joker;
    ++n;
  }
  // Card k to seat k mod seats; each hand gathered as a set, which lists it
  // in index order, sorted.
  std::vector<CardSet> held(seats);
  for (int k = 0; k < n; ++k) held[k % seats].insert(all[k]);
  std::vector<CardList> hands(seats);
  for (int seat = 0; seat < seats; ++seat)
    for (Card c : held[seat]) hands[seat].push_back(c);
  return hands;
}

}  // namespace pli
