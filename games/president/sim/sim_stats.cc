// sim_stats.cc: the closing table's statistics (see sim_stats.h).
#include "games/president/sim/sim_stats.h"

#include <algorithm>
#include <cmath>

namespace pli::cli {

void PlaceTally::Add(int game, int manche, Level level, int place, int seats) {
  Cluster& c = clusters_[static_cast<int>(level)][game];
  if (c.last_manche != manche) ++c.manches;  // a manche counts once, however many seats
  c.last_manche = manche;
  ++c.n;
  c.place += place;
  c.place_sq += static_cast<double>(place) * place;
  if (place == 1) ++c.president;
  if (place == seats) ++c.trouduc;
  seats_ = seats;
}

std::vector<LevelStats> PlaceTally::Summary() const {
  std::vector<LevelStats> rows;
  for (int li = 0; li < 3; ++li) {
    const std::map<int, Cluster>& games = clusters_[li];
    if (games.empty()) continue;
    LevelStats row;
    row.level = static_cast<Level>(li);
    row.games = static_cast<int64_t>(games.size());
    row.by_game = games.size() >= 2;
    std::vector<std::pair<int64_t, double>> place, president, trouduc;
    double place_sq = 0;
    for (const auto& [game, c] : games) {
      row.manches += c.manches;
      row.seat_manches += c.n;
      place.emplace_back(c.n, c.place);
      president.emplace_back(c.n, static_cast<double>(c.president));
      trouduc.emplace_back(c.n, static_cast<double>(c.trouduc));
      place_sq += c.place_sq;
    }
    const double n = static_cast<double>(row.seat_manches);
    const Ratio mean = ClusterRatio(place);
    row.mean_place = mean.value;
    double half = -1;
    if (row.by_game) {
      half = TQuantile975(static_cast<int>(row.games) - 1) * std::sqrt(mean.variance);
    } else if (row.seat_manches >= 2) {
      const double var = std::max(0.0, (place_sq - n * mean.value * mean.value) / (n - 1));
      half = TQuantile975(static_cast<int>(row.seat_manches) - 1) * std::sqrt(var / n);
    }
    if (half >= 0) {
      row.mean_place_ci = Interval{std::max(1.0, mean.value - half),
                                   std::min(static_cast<double>(seats_), mean.value + half)};
    }
    const Ratio p = ClusterRatio(president), t = ClusterRatio(trouduc);
    row.president = p.value;
    row.trouduc = t.value;
    row.president_ci = ShareInterval(p, n, row.by_game);
    row.trouduc_ci = ShareInterval(t, n, row.by_game);
    rows.push_back(row);
  }
  return rows;
}

}  // namespace pli::cli
