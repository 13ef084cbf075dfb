// strength_test.cc: the strength run of issue 5, a hidden test case (not
// run by ctest):
//   president_bots_test "[.strength]"          2,000 manches at 4 seats and at 6
//   PLI_STRENGTH_MANCHES=200 president_bots_test "[.strength]"   a quicker look
//   PLI_STRENGTH_SAMPLES / PLI_STRENGTH_CANDIDATES       another hard budget
// Mixed tables (every level at every table), seats rotated so that each
// level sits in each seat position equally often; games of 5 manches (so
// exchanges, K1, are played), deals from DealFromSeed. Prints, per level:
// the manches it played, its mean place (1 = Président) with a 95%
// confidence interval, and its share of Président and Trouduc finishes.
// Each manche gives one observation per level (the mean over its seats),
// so the interval does not pretend the seats of one manche are independent.
#include <catch2/catch.hpp>
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "games/president/bots/bot.h"
#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

constexpr int kManchesPerGame = 5;

struct Tally {
  std::vector<double> place, president, trouduc;  // one observation per manche
  int seat_manches = 0;
};

struct Summary {
  double mean = 0, half = 0;  // mean and 95% half-width
};

Summary Summarize(const std::vector<double>& xs) {
  Summary s;
  const double n = static_cast<double>(xs.size());
  for (double x : xs) s.mean += x / n;
  double var = 0;
  for (double x : xs) var += (x - s.mean) * (x - s.mean) / (n - 1);
  s.half = 1.96 * std::sqrt(var / n);
  return s;
}

// The level of each seat at each table of a rotation: every level at every
// table, each level in each seat position equally often over the rotation.
std::vector<std::vector<Level>> Rotation(int seats) {
  std::vector<std::vector<Level>> bases;
  const Level e = Level::kEasy, m = Level::kMedium, h = Level::kHard;
  if (seats == 4)
    bases = {{e, m, h, e}, {e, m, h, m}, {e, m, h, h}};
  else
    bases = {{e, m, h, e, m, h}};
  std::vector<std::vector<Level>> tables;
  for (const auto& base : bases)
    for (int shift = 0; shift < seats; ++shift) {
      std::vector<Level> t(seats);
      for (int s = 0; s < seats; ++s) t[(s + shift) % seats] = base[s];
      tables.push_back(t);
    }
  return tables;
}

void Run(int seats, int manches, const BotBudget& budget) {
  std::array<Tally, 3> tally;
  const auto tables = Rotation(seats);
  // Whole rotations only, so every level sits in every position equally often.
  const int per_rotation = static_cast<int>(tables.size()) * kManchesPerGame;
  manches = (manches + per_rotation - 1) / per_rotation * per_rotation;
  const auto start = std::chrono::steady_clock::now();
  int played = 0;
  for (int game = 0; played < manches; ++game) {
    const std::vector<Level>& levels = tables[game % tables.size()];
    test::BotTable t(*Preset("super-president"), levels, 7000 + game, budget);
    for (int k = 0; k < kManchesPerGame && played < manches; ++k, ++played) {
      REQUIRE(t.Manche(int64_t{1000} * seats + played) == "");
      const std::vector<int>& ranking = *t.state.ranking;
      std::array<double, 3> place{}, pres{}, trou{};
      std::array<int, 3> n{};
      for (int p = 0; p < seats; ++p) {
        const int l = static_cast<int>(levels[ranking[p]]);
        place[l] += p + 1;
        pres[l] += p == 0;
        trou[l] += p == seats - 1;
        ++n[l];
      }
      for (int l = 0; l < 3; ++l) {
        if (n[l] == 0) continue;
        tally[l].place.push_back(place[l] / n[l]);
        tally[l].president.push_back(pres[l] / n[l]);
        tally[l].trouduc.push_back(trou[l] / n[l]);
        tally[l].seat_manches += n[l];
      }
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\n%d seats, %d manches (%.0f s; hard: %d samples x %d candidates)\n", seats, manches,
              secs, budget.samples, budget.candidates);
  std::printf(
      "| level  | manches | seat-manches | mean place (95%% CI)     | Président       | Trouduc    "
      "     |\n");
  std::printf(
      "|--------|---------|--------------|-------------------------|-----------------|-------------"
      "----|\n");
  for (int l = 0; l < 3; ++l) {
    const Summary p = Summarize(tally[l].place), pr = Summarize(tally[l].president),
                  tr = Summarize(tally[l].trouduc);
    std::printf(
        "| %-6s | %7zu | %12d | %.3f [%.3f, %.3f]     | %4.1f%% ± %4.1f%% | %4.1f%% ± %4.1f%% |\n",
        LevelName(static_cast<Level>(l)), tally[l].place.size(), tally[l].seat_manches, p.mean,
        p.mean - p.half, p.mean + p.half, 100 * pr.mean, 100 * pr.half, 100 * tr.mean,
        100 * tr.half);
  }
  std::fflush(stdout);
  const Summary easy = Summarize(tally[0].place), medium = Summarize(tally[1].place),
                hard = Summarize(tally[2].place);
  CHECK(hard.mean + hard.half < medium.mean - medium.half);
  CHECK(medium.mean + medium.half < easy.mean - easy.half);
}

TEST_CASE("strength: hard beats medium beats easy, with separate 95% intervals", "[.strength]") {
  const char* env = std::getenv("PLI_STRENGTH_MANCHES");
  const int manches = env ? std::atoi(env) : 2000;
  BotBudget budget;  // the default budget, unless the environment says otherwise
  if (const char* v = std::getenv("PLI_STRENGTH_SAMPLES")) budget.samples = std::atoi(v);
  if (const char* v = std::getenv("PLI_STRENGTH_CANDIDATES")) budget.candidates = std::atoi(v);
  Run(4, manches, budget);
  Run(6, manches, budget);
}

}  // namespace
}  // namespace pli
