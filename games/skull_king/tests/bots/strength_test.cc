// strength_test.cc: Skull King's strength run (issue 14). Mixed tables of
// easy, medium and hard, seats rotated so each level sits in each seat
// position equally often; whole games (10 manches) of the seed-004 preset,
// dealt by DealFromSeed. Prints each level's mean score per manche with a
// 95% confidence interval; each manche gives one observation per level (the
// mean over that level's seats), so the interval does not pretend the seats
// of one manche are independent.
//   skull_king_bots_test "[sk_strength_short]"   in ctest: 30 games per size, seconds
//   skull_king_bots_test "[.strength]"           the long run (300 games per size)
//   PLI_SK_STRENGTH_GAMES=n                       another number of games
#include <chrono>
#include <cmath>
#include <cstdio>
#include <cstdlib>

#include "games/skull_king/tests/bots/sk_bot_table.h"

namespace pli::sk::test {
namespace {

struct Summary {
  double mean = 0, half = 0;
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

std::vector<std::vector<Level>> Rotation(int seats) {
  const Level e = Level::kEasy, m = Level::kMedium, h = Level::kHard;
  std::vector<Level> base;
  for (int s = 0; s < seats; ++s) base.push_back(std::array{e, m, h}[s % 3]);
  std::vector<std::vector<Level>> tables;
  for (int shift = 0; shift < seats; ++shift) {
    std::vector<Level> t(seats);
    for (int s = 0; s < seats; ++s) t[(s + shift) % seats] = base[s];
    tables.push_back(t);
  }
  return tables;
}

// Returns the three summaries (easy, medium, hard).
std::array<Summary, 3> Run(int seats, int games, const BotBudget& budget) {
  std::array<std::vector<double>, 3> obs;
  const auto tables = Rotation(seats);
  games = (games + seats - 1) / seats * seats;  // whole rotations
  const auto start = std::chrono::steady_clock::now();
  for (int game = 0; game < games; ++game) {
    const std::vector<Level>& levels = tables[game % tables.size()];
    BotTable t(GameOf(seats, "skull-king"), levels, 9000 + game, budget);
    REQUIRE(PlayGame(t.state, t.bots, 31 * seats + game) == "");
    for (const auto& manche : t.state.history) {
      std::array<double, 3> sum{};
      std::array<int, 3> n{};
      for (int s = 0; s < seats; ++s) {
        const int l = static_cast<int>(levels[s]);
        sum[l] += manche[s].total;
        ++n[l];
      }
      for (int l = 0; l < 3; ++l) obs[l].push_back(sum[l] / n[l]);
    }
  }
  const double secs =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("\n%d seats, %d games, %zu manches (%.1f s; hard: %d samples x %d candidates)\n",
              seats, games, obs[0].size(), secs, budget.samples, budget.candidates);
  std::printf("| level  | mean score per manche (95%% CI) |\n|--------|--------------------------------|\n");
  std::array<Summary, 3> out;
  for (int l = 0; l < 3; ++l) {
    out[l] = Summarize(obs[l]);
    std::printf("| %-6s | %6.2f [%6.2f, %6.2f]         |\n", LevelName(static_cast<Level>(l)),
                out[l].mean, out[l].mean - out[l].half, out[l].mean + out[l].half);
  }
  std::fflush(stdout);
  return out;
}

int Games(int fallback) {
  if (const char* g = std::getenv("PLI_SK_STRENGTH_GAMES")) return std::max(1, std::atoi(g));
  return fallback;
}

TEST_CASE("strength, short: hard > medium > easy at 3 and 6 seats", "[sk_strength_short]") {
  for (int seats : {3, 6}) {
    const auto s = Run(seats, 30, BotBudget{6, 3});
    CHECK(s[2].mean - s[2].half > s[1].mean + s[1].half);
    CHECK(s[1].mean - s[1].half > s[0].mean + s[0].half);
  }
}

TEST_CASE("strength: hard > medium > easy, intervals apart, at 3 and 6 seats", "[.strength]") {
  for (int seats : {3, 6}) {
    const auto s = Run(seats, Games(300), BotBudget{});
    CHECK(s[2].mean - s[2].half > s[1].mean + s[1].half);
    CHECK(s[1].mean - s[1].half > s[0].mean + s[0].half);
  }
}

}  // namespace
}  // namespace pli::sk::test
