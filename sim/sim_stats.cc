// sim_stats.cc: the closing table's statistics (see sim_stats.h).
#include "sim/sim_stats.h"

#include <algorithm>
#include <cmath>

namespace pli::cli {
namespace {

constexpr double kZ = 1.959963984540054;  // the 0.975 quantile of the standard normal

// A ratio Σy / Σn over clusters, with its cluster-robust (sandwich)
// variance G/(G-1) · Σ (y_g - R n_g)² / (Σn)².
struct Ratio {
  double value = 0;
  double variance = 0;
};

Ratio ClusterRatio(const std::vector<std::pair<int64_t, double>>& clusters) {
  double n = 0, y = 0;
  for (const auto& [ng, yg] : clusters) n += static_cast<double>(ng), y += yg;
  Ratio r;
  if (n == 0) return r;
  r.value = y / n;
  const double g = static_cast<double>(clusters.size());
  if (g < 2) return r;
  double sum = 0;
  for (const auto& [ng, yg] : clusters) {
    const double d = yg - r.value * static_cast<double>(ng);
    sum += d * d;
  }
  r.variance = g / (g - 1) * sum / (n * n);
  return r;
}

// The share's interval: Wilson at n, or at n over the design effect of the
// game clusters when there are two games or more.
Interval ShareInterval(const Ratio& r, double n, bool by_game) {
  double n_eff = n;
  const double p = r.value;
  const double naive = p * (1 - p) / n;
  if (by_game && p > 0 && p < 1 && naive > 0) n_eff = n / std::max(1.0, r.variance / naive);
  return WilsonInterval(p, n_eff);
}

}  // namespace

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

double TQuantile975(int df) {
  static constexpr double kTable[] = {12.706, 4.303, 3.182, 2.776, 2.571, 2.447, 2.365, 2.306,
                                      2.262,  2.228, 2.201, 2.179, 2.160, 2.145, 2.131, 2.120,
                                      2.110,  2.101, 2.093, 2.086, 2.080, 2.074, 2.069, 2.064,
                                      2.060,  2.056, 2.052, 2.048, 2.045, 2.042};
  if (df < 1) df = 1;
  if (df <= 30) return kTable[df - 1];
  // Cornish-Fisher expansion around the normal quantile (error < 1e-4 here).
  const double v = df, z = kZ;
  return z + (z * z * z + z) / (4 * v) +
         (5 * std::pow(z, 5) + 16 * z * z * z + 3 * z) / (96 * v * v);
}

Interval WilsonInterval(double p, double n) {
  if (n <= 0) return Interval{0, 1};
  const double z2 = kZ * kZ;
  const double denom = 1 + z2 / n;
  const double center = (p + z2 / (2 * n)) / denom;
  const double half = kZ / denom * std::sqrt(p * (1 - p) / n + z2 / (4 * n * n));
  return Interval{std::max(0.0, center - half), std::min(1.0, center + half)};
}

}  // namespace pli::cli
