// sim_run.h: Super Président's `pli simulate` (docs/SIMULATE.md): bot tables refereed into a
// database through the normal submit path. Every event, the deals included,
// is one referee Submit on the SQLite store (validate, then append), so every
// bot action is judged by the rules; a refused one is a bug and stops the run.
// One Referee (referee.h) serves the run: it keeps each game's state between
// submits instead of folding the game's log again for every event.
//
// Reproducible: the game ids, the deals (DealFromSeed) and each bot's seed
// derive from --seed, and no event carries a time stamp, so the same
// arguments write the same events (and hashes) into a fresh database.
#ifndef PLI_SIM_PRESIDENT_SIM_RUN_H_
#define PLI_SIM_PRESIDENT_SIM_RUN_H_

#include <cstdint>
#include <functional>
#include <string>
#include <utility>
#include <vector>

#include "games/president/bots/bot.h"
#include "sim/group_commit.h"
#include "sim/seeds.h"
#include "games/president/sim/sim_stats.h"
#include "games/president/rules/options.h"

namespace pli::cli {

// A ruleset with its overrides, as a game event carries them.
struct GameRules {
  std::string ruleset = "super-president";
  Options options;
  std::vector<std::pair<std::string, std::string>> overrides;  // wire name, canonical value
};

// The preset `ruleset` with each "NAME=VALUE" of `options` applied (as
// `pli new --ruleset --option` does). Throws std::runtime_error naming the
// bad one.
GameRules ParseRules(const std::string& ruleset, const std::vector<std::string>& options);

// The same rules with option `name` set to `value` (replacing an override).
void SetRule(GameRules& rules, const std::string& name, const std::string& value);

struct SimConfig {
  std::string db;
  int games = 1;
  int seats = 4;
  bool mixed = false;       // rotate the levels over the seats, game by game
  std::vector<Level> bots;  // one per seat (unless mixed)
  int64_t seed = 1;
  int manches = 3;  // per game (the game event's `manches` option)
  GameRules rules;
  bool fast = false;  // one commit per game instead of one per event
  BotBudget budget;
};

// The levels of the seats of game `game` (0-based): --bots as given, or,
// mixed, level (seat + game) mod 3 (easy, medium, hard), so that over any
// three consecutive games every seat plays every level once.
std::vector<Level> SeatLevels(const SimConfig& config, int game);

// "sim-SEED-N", N from 1.
std::string SimGameId(const SimConfig& config, int game);


struct SimResult {
  int games = 0;        // games played to the end
  int64_t manches = 0;  // manches completed
  int64_t events = 0;   // events written
  PlaceTally tally;
  // The last game's id and head (seq, hash in hex) as the referee
  // acknowledged it, for `pli audit --head`.
  std::string last_game;
  int64_t last_seq = 0;
  std::string last_hash;
  // Non-empty when the run stopped on a bug: a bot action the referee
  // refused (which one and why), a bot that would not act, or a manche that
  // did not end.
  std::string bug;
};

// Plays config.games games into config.db (created if missing), calling
// `progress` after each manche. Throws std::runtime_error for bad usage (a
// game id already in the database) and StoreError for storage failures.
SimResult Simulate(const SimConfig& config,
                   const std::function<void(const SimProgress&)>& progress);

}  // namespace pli::cli

#endif  // PLI_SIM_PRESIDENT_SIM_RUN_H_
