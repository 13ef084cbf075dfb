// shuffle.h: the seeded generator behind the games' seeded deals
// (`pli deal --seed N`). A seed must deal the same hands everywhere, so the
// generator is fixed here rather than left to the standard library's
// engines and distributions (whose results differ between libraries).
// Each game's shuffle is its own (Super Président's: games/president/referee/
// shuffle.h, documented in docs/REFEREE.md).
#ifndef PLI_REFEREE_SHUFFLE_H_
#define PLI_REFEREE_SHUFFLE_H_

#include <cstdint>

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

}  // namespace pli

#endif  // PLI_REFEREE_SHUFFLE_H_
