// random_games.h: random legal games for the benchmarks, built with the
// engine itself (LegalActions, a uniformly random pick, ToEvent), as a
// live table would produce them: every event stamped with `at`, every
// action and deal with a client `id`, half of the games scored over a fixed
// number of manches (G1), the others closed by an end event.
#ifndef PLI_BENCH_RANDOM_GAMES_H_
#define PLI_BENCH_RANDOM_GAMES_H_

#include <cstdint>
#include <string>
#include <vector>

#include "games/president/rules/event.h"
#include "games/president/rules/state.h"
#include "games/president/log.h"

namespace pli::bench {

// SplitMix64 (referee/shuffle.h), for picks and seeds.
class Rng {
 public:
  explicit Rng(uint64_t seed) : state_(seed) {}
  uint64_t Next();
  // Uniform in 0..n-1 (n > 0; the modulo bias is irrelevant here).
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }

 private:
  uint64_t state_;
};

// One random game with this id: 4 to 8 seats, 1 to 10 manches.
GameLog RandomGame(Rng& rng, const std::string& id);

// `count` random games with ids "<prefix>000001", ...; their events total
// in *events.
std::vector<GameLog> RandomGames(Rng& rng, const std::string& prefix, int count,
                                 int64_t* events);

// Plays `actions` random legal actions (plays, passes, closes, gifts) in a
// run of games of 5 manches, dealing with DealFromSeed as manches end, each
// event folded with ApplyInPlace. With `validate`, each chosen action and
// each deal is first checked with Decide (it must pass); without, the
// action is applied as listed. Returns a
// checksum of the play, so the optimizer keeps it and the two loops can be
// compared.
uint64_t RandomPlay(uint64_t seed, int64_t actions, bool validate);

}  // namespace pli::bench

#endif  // PLI_BENCH_RANDOM_GAMES_H_
