// shuffle.h: the seeded shuffle behind `pli deal --seed N` (RULES.md S2).
//
// The deal event records every hand, so replay never shuffles (STYLE.md);
// the seed only lets a table re-create a deal. The algorithm is fixed here,
// not left to std::shuffle (whose results differ between standard
// libraries), so a seed gives the same hands everywhere:
//   SplitMix64 seeded with the seed (as an unsigned 64-bit value) draws
//   numbers; a Fisher-Yates shuffle of the deck in index order (3c 3d 3h 3s
//   4c ... 2s) swaps position i, for i from 51 down to 1, with a position
//   j drawn uniformly from 0..i (by rejection, no modulo bias); card k of
//   the shuffled deck goes to seat k mod seats; each hand is then sorted by
//   card index. Documented in docs/REFEREE.md.
#ifndef PLI_REFEREE_SHUFFLE_H_
#define PLI_REFEREE_SHUFFLE_H_

#include <cstdint>
#include <vector>

#include "engine/president/event.h"

namespace pli {

// One step of SplitMix64 (Steele, Lea and Flood, 2014): advances `state`
// and returns the next 64-bit output. A 64-bit state advanced by a constant
// and mixed by two multiply-xorshift rounds; inline, as a deal draws 51.
inline uint64_t SplitMix64Next(uint64_t& state) {
  state += 0x9E3779B97F4A7C15ULL;
  uint64_t z = state;
  z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
  z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
  return z ^ (z >> 31);
}

// The hands of a deal of the 52 cards to `seats` seats (4..8) from `seed`.
std::vector<CardList> DealFromSeed(int seats, int64_t seed);

}  // namespace pli

#endif  // PLI_REFEREE_SHUFFLE_H_
