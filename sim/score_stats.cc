// score_stats.cc: the table of a points game (see score_stats.h).
#include "sim/score_stats.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cmath>

namespace pli::cli {
namespace {

// The half width of the mean's interval: clustered by game (two games or
// more), else over the observations taken as independent; -1 when it
// cannot be estimated.
double MeanHalfWidth(const Ratio& mean, bool by_game, int64_t games, double n, double sum_sq) {
  if (by_game) return TQuantile975(static_cast<int>(games) - 1) * std::sqrt(mean.variance);
  if (n < 2) return -1;
  const double var = std::max(0.0, (sum_sq - n * mean.value * mean.value) / (n - 1));
  return TQuantile975(static_cast<int>(n) - 1) * std::sqrt(var / n);
}

int Rank(const std::string& level) {
  static const char* kOrder[] = {"easy", "medium", "hard"};
  for (int i = 0; i < 3; ++i)
    if (level == kOrder[i]) return i;
  return 3;
}

}  // namespace

std::string ScoreTally::AddGame(int game, const std::vector<std::string>& levels,
                                const boost::json::object& state) {
  const auto* scores = state.if_contains("scores");
  if (!scores || !scores->is_array() || scores->as_array().size() != levels.size())
    return "the state has no \"scores\" with one total per seat";
  std::vector<double> totals;
  for (const boost::json::value& v : scores->as_array()) {
    if (!v.is_number()) return "a total of \"scores\" is not a number";
    totals.push_back(v.to_number<double>());
  }
  // Bids of the completed manches (`history`), seat by seat.
  std::vector<int64_t> bids(levels.size(), 0), exact(levels.size(), 0);
  if (const auto* history = state.if_contains("history"); history && history->is_array()) {
    for (const boost::json::value& manche : history->as_array()) {
      if (!manche.is_array() || manche.as_array().size() != levels.size())
        return "a manche of \"history\" has not one entry per seat";
      for (size_t s = 0; s < levels.size(); ++s) {
        const boost::json::object* line = manche.as_array()[s].if_object();
        if (!line || !line->contains("bid") || !line->contains("won")) continue;
        ++bids[s];
        if (line->at("bid") == line->at("won")) ++exact[s];
      }
    }
  }
  const double best = *std::max_element(totals.begin(), totals.end());
  seats_ = static_cast<int>(levels.size());
  for (size_t s = 0; s < levels.size(); ++s) {
    // 1 + the seats with a strictly higher total: tied seats share a place.
    const double place =
        1.0 + static_cast<double>(std::count_if(totals.begin(), totals.end(),
                                                [&](double t) { return t > totals[s]; }));
    Cluster& c = clusters_[levels[s]][game];
    ++c.n;
    c.score += totals[s];
    c.score_sq += totals[s] * totals[s];
    c.place += place;
    c.place_sq += place * place;
    if (totals[s] == best) c.won += 1;  // SK-G2: every seat with the highest total wins
    c.bids += bids[s];
    c.exact += exact[s];
  }
  return "";
}

std::vector<ScoreRow> ScoreTally::Summary() const {
  std::vector<ScoreRow> rows;
  for (const auto& [level, games] : clusters_) {
    ScoreRow row;
    row.level = level;
    row.games = static_cast<int64_t>(games.size());
    row.by_game = games.size() >= 2;
    std::vector<std::pair<int64_t, double>> score, place, won, exact;
    double score_sq = 0, place_sq = 0;
    for (const auto& [game, c] : games) {
      row.seat_games += c.n;
      row.bids += c.bids;
      score.emplace_back(c.n, c.score);
      place.emplace_back(c.n, c.place);
      won.emplace_back(c.n, c.won);
      exact.emplace_back(c.bids, static_cast<double>(c.exact));
      score_sq += c.score_sq;
      place_sq += c.place_sq;
    }
    const double n = static_cast<double>(row.seat_games);
    const Ratio s = ClusterRatio(score), p = ClusterRatio(place), w = ClusterRatio(won),
                e = ClusterRatio(exact);
    row.mean_score = s.value;
    if (const double half = MeanHalfWidth(s, row.by_game, row.games, n, score_sq); half >= 0)
      row.mean_score_ci = Interval{s.value - half, s.value + half};
    row.mean_place = p.value;
    if (const double half = MeanHalfWidth(p, row.by_game, row.games, n, place_sq); half >= 0)
      row.mean_place_ci = Interval{std::max(1.0, p.value - half),
                                   std::min(static_cast<double>(seats_), p.value + half)};
    row.won = w.value;
    row.won_ci = ShareInterval(w, n, row.by_game);
    row.bids_exact = e.value;
    if (row.bids > 0) row.bids_exact_ci = ShareInterval(e, static_cast<double>(row.bids), row.by_game);
    rows.push_back(std::move(row));
  }
  std::stable_sort(rows.begin(), rows.end(), [](const ScoreRow& a, const ScoreRow& b) {
    return Rank(a.level) < Rank(b.level);
  });
  return rows;
}

}  // namespace pli::cli
