// rng.h: the bots' own seeded generator (SplitMix64), so a seed gives the
// same choices with every standard library. Shared by every game's bots
// (games/<game>/bots/) and their tests.
#ifndef PLI_BOTS_RNG_H_
#define PLI_BOTS_RNG_H_

#include <cstdint>

namespace pli::bots {

class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  // SplitMix64 (Steele, Lea and Flood, 2014).
  uint64_t Next() {
    uint64_t z = (state_ += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
  }
  // Uniform in 0..n-1 (n > 0), by rejection: no modulo bias.
  int Below(int n) {
    const uint64_t bound = static_cast<uint64_t>(n);
    uint64_t x = Next();
    // The limit is at least UINT64_MAX - (bound - 1): below that, x is
    // accepted without computing it (one division saved, the same draws).
    if (x > UINT64_MAX - bound) {
      const uint64_t limit = UINT64_MAX - UINT64_MAX % bound;
      while (x >= limit) x = Next();
    }
    return static_cast<int>(x % bound);
  }

 private:
  uint64_t state_;
};

}  // namespace pli::bots

#endif  // PLI_BOTS_RNG_H_
