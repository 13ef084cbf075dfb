// ci.cc: the intervals of the simulate tables (see ci.h).
#include "sim/ci.h"

#include <algorithm>
#include <cmath>

namespace pli::cli {

namespace {
constexpr double kZ = 1.959963984540054;  // the 0.975 quantile of the standard normal
}  // namespace

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

Interval ShareInterval(const Ratio& r, double n, bool by_game) {
  double n_eff = n;
  const double p = r.value;
  const double naive = p * (1 - p) / n;
  if (by_game && p > 0 && p < 1 && naive > 0) n_eff = n / std::max(1.0, r.variance / naive);
  return WilsonInterval(p, n_eff);
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
