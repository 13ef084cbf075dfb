// sim_stats.h: the closing table of Super Président's `pli simulate` (docs/SIMULATE.md,
// "The table"): per bot level, the manches played, the mean place
// (1 = Président), and the shares of Président and Trouduc finishes, each
// with a 95% confidence interval.
//
// Every seat's place in every manche is one observation. Observations of the
// same game are not independent (the gifts of K1 carry one manche's ranking
// into the next; two seats of one manche cannot both be Président), so the
// intervals treat the game as the independent unit: a ratio estimator with a
// cluster-robust variance over games, a Student t quantile for the mean
// place, a Wilson score interval at the effective sample size for the
// shares. With fewer than two games of a level they fall back to treating
// its manches as independent (and say so: ci_unit "manche").
#ifndef PLI_SIM_PRESIDENT_SIM_STATS_H_
#define PLI_SIM_PRESIDENT_SIM_STATS_H_

#include <array>
#include <cstdint>
#include <map>
#include <optional>
#include <vector>

#include "games/president/bots/bot.h"
#include "sim/ci.h"

namespace pli::cli {

// One row of the table.
struct LevelStats {
  Level level = Level::kEasy;
  int64_t games = 0;    // games in which this level held at least one seat
  int64_t manches = 0;       // manches in which this level held at least one seat
  int64_t seat_manches = 0;  // observations: one per seat of this level per manche
  double mean_place = 0;
  std::optional<Interval> mean_place_ci;  // nullopt when it cannot be estimated
  double president = 0;                   // share of seat-manches finished Président
  std::optional<Interval> president_ci;
  double trouduc = 0;  // share finished Trouduc (last place)
  std::optional<Interval> trouduc_ci;
  bool by_game = false;  // the CIs are clustered by game (else manches are taken as independent)
};

// Collects places, game by game.
class PlaceTally {
 public:
  // One seat of `level` finished manche `manche` of game `game` in `place`
  // (1-based, 1 = Président) of `seats`. The seats of one manche are added
  // one after the other.
  void Add(int game, int manche, Level level, int place, int seats);
  // The rows, for the levels seen, easy first.
  std::vector<LevelStats> Summary() const;

 private:
  struct Cluster {  // one level in one game
    int64_t n = 0;        // seat-manches
    int64_t manches = 0;  // manches
    int last_manche = -1;
    double place = 0, place_sq = 0;
    int64_t president = 0, trouduc = 0;
  };
  std::array<std::map<int, Cluster>, 3> clusters_;  // by level, then game
  int seats_ = 4;
};

}  // namespace pli::cli

#endif  // PLI_SIM_PRESIDENT_SIM_STATS_H_
