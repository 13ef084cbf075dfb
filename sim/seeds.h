// seeds.h: how `pli simulate` derives every seed of a run from --seed
// (docs/SIMULATE.md, "Reproducible"), for any game.
#ifndef PLI_SIM_SEEDS_H_
#define PLI_SIM_SEEDS_H_

#include <cstdint>

namespace pli::cli {

// A number drawn from `seed` for one purpose (`stream`, e.g. 'D' for deals)
// and two indices (game, manche or seat): SplitMix64 over the seed mixed
// with each in turn. docs/SIMULATE.md gives the exact derivation.
uint64_t DeriveSeed(int64_t seed, uint64_t stream, uint64_t a, uint64_t b);

// The largest integer a JSON double holds exactly: deal seeds are masked to
// it, as they are written in the deal events.
inline constexpr uint64_t kJsonSafe = (uint64_t{1} << 53) - 1;

}  // namespace pli::cli

#endif  // PLI_SIM_SEEDS_H_
