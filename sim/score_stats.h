// score_stats.h: the closing table of `pli simulate` for a game scored in
// points (Skull King; docs/SIMULATE.md, "The table of a points game"): per
// bot level, the games it sat in, its seats' mean final total, their mean
// place (1 = the highest total; tied seats share the best of their places),
// the share of its seats that won the game (SK-G2: every seat with the
// highest total wins), and the share of its bids made exactly, each with a
// 95% confidence interval.
//
// It reads a game's end from the game's own state document (Match::StateJson,
// SKULL_KING.md "The state"): `scores`, one total per seat, and `history`,
// one array per completed manche of {"bid","won",...} per seat. Nothing of
// a game's engine.
//
// Seats of one game are not independent (their totals are made in the same
// plis), so the intervals treat the game as the independent unit, as the
// Président table does (sim/ci.h): a ratio estimator with a cluster-robust
// variance over games, Student's t for the means, Wilson at the effective
// sample size for the shares. With a single game of a level the seats are
// taken as independent (ci_unit "seat").
#ifndef PLI_SIM_SCORE_STATS_H_
#define PLI_SIM_SCORE_STATS_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "sim/ci.h"

namespace pli::cli {

struct ScoreRow {
  std::string level;
  int64_t games = 0;       // games in which this level held at least one seat
  int64_t seat_games = 0;  // observations: one per seat of this level per game
  double mean_score = 0;
  std::optional<Interval> mean_score_ci;
  double mean_place = 0;
  std::optional<Interval> mean_place_ci;
  double won = 0;  // share of seat-games that won the game
  std::optional<Interval> won_ci;
  int64_t bids = 0;        // bids of completed manches
  double bids_exact = 0;   // share of them made exactly (won = bid)
  std::optional<Interval> bids_exact_ci;
  bool by_game = false;    // the CIs are clustered by game
};

class ScoreTally {
 public:
  // One finished game: the level of each seat and the game's state
  // document at its end. Returns "" or why the document cannot be read.
  std::string AddGame(int game, const std::vector<std::string>& levels,
                      const boost::json::object& state);
  // The rows, easy, medium, hard first, then any other level by name.
  std::vector<ScoreRow> Summary() const;

 private:
  struct Cluster {  // one level in one game
    int64_t n = 0;
    double score = 0, score_sq = 0, place = 0, place_sq = 0, won = 0;
    int64_t bids = 0, exact = 0;
  };
  std::map<std::string, std::map<int, Cluster>> clusters_;  // by level, then game
  int seats_ = 2;
};

}  // namespace pli::cli

#endif  // PLI_SIM_SCORE_STATS_H_
