// ci.h: the 95% confidence intervals of `pli simulate`'s tables
// (docs/SIMULATE.md), for any game: a ratio estimator over clusters (a game
// is the independent unit: the seats of one game are not independent of
// each other) with its cluster-robust variance, Student's t for means, the
// Wilson score interval for shares.
#ifndef PLI_SIM_CI_H_
#define PLI_SIM_CI_H_

#include <cstdint>
#include <utility>
#include <vector>

namespace pli::cli {

struct Interval {
  double low = 0;
  double high = 0;
};

// A ratio Σy / Σn over clusters (n_g, y_g), with its cluster-robust
// (sandwich) variance G/(G-1) · Σ (y_g - R n_g)² / (Σn)² (0 with fewer than
// two clusters).
struct Ratio {
  double value = 0;
  double variance = 0;
};
Ratio ClusterRatio(const std::vector<std::pair<int64_t, double>>& clusters);

// A share's interval: Wilson at n observations, or, by_game, at n over the
// design effect of the clusters (the ratio's variance over the binomial one).
Interval ShareInterval(const Ratio& r, double n, bool by_game);

// The 0.975 quantile of Student's t with `df` degrees of freedom (df >= 1).
double TQuantile975(int df);

// The Wilson score interval for a share p of n observations, at z = 1.96.
Interval WilsonInterval(double p, double n);

}  // namespace pli::cli

#endif  // PLI_SIM_CI_H_
