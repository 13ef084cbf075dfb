// seeds.cc: the seeds of a simulation (see seeds.h).
#include "sim/seeds.h"

#include <initializer_list>

#include "bots/rng.h"

namespace pli::cli {

uint64_t DeriveSeed(int64_t seed, uint64_t stream, uint64_t a, uint64_t b) {
  uint64_t state = static_cast<uint64_t>(seed);
  for (uint64_t word : {stream, a, b}) {
    state = bots::Rng(state).Next() ^ word;  // one SplitMix64 step from state
  }
  return bots::Rng(state).Next();
}

}  // namespace pli::cli
