// any_sim.h: `pli simulate` for a game behind the game interface
// (games/game.h; docs/SIMULATE.md): bot tables refereed into a database,
// every event one SubmitAny on the SQLite store (validate, then append),
// the deals included, so every bot action is judged by the rules; a
// refused one is a bug and stops the run.
//
// The loop knows no game: while the game is not over, when no seat must act
// (Match::ToAct is empty) it submits the next deal (Match::SeededDeal),
// otherwise the first seat of ToAct() acts through its BotSeat (Game::MakeBot)
// and its JSON line is read by the game (Game::ReadLine) and submitted. With
// a manche limit it ends the game with an `end` event once that many manches
// are played (SK-G1: an `end` may come at any time; none is unfinished).
//
// Super Président keeps its own loop (games/president/sim/sim_run.h, registered
// by games/president/cli/simulate.cc): its bots also close out
// of turn (X1), which ToAct() does not ask, and its table counts places per
// manche. This one serves Skull King, and any game whose module gives bots
// and seeded deals.
//
// Reproducible as games/president/sim/sim_run.h: the game ids (sim-SEED-N), the deals
// (SeededDeal of DeriveSeed(seed, 'D', game, manche)) and each bot's seed
// (DeriveSeed(seed, 'B', game, seat)) derive from --seed, and no event
// carries a time stamp.
#ifndef PLI_SIM_ANY_SIM_H_
#define PLI_SIM_ANY_SIM_H_

#include <boost/json/value.hpp>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "sim/group_commit.h"
#include "sim/score_stats.h"

namespace pli::cli {

struct AnySimConfig {
  std::string db;
  const Game* game = nullptr;
  std::string ruleset;
  // The game event's `options`, each read by Game::OptionJson.
  std::vector<std::pair<std::string, boost::json::value>> options;
  int games = 1;
  int seats = 3;
  bool mixed = false;               // rotate the game's levels (easy, medium, hard) over the seats, game by game
  std::vector<std::string> bots;    // one level per seat (unless mixed)
  int64_t seed = 1;
  std::optional<int> manches;       // end the game after this many manches (none: its own end)
  bool fast = false;                // one commit per game instead of one per event
};

// The game event's options from "NAME=VALUE" texts, each through
// Game::OptionJson. Throws std::runtime_error naming a bad one.
std::vector<std::pair<std::string, boost::json::value>> ParseAnyOptions(
    const Game& game, const std::vector<std::string>& options);

// The levels of the seats of game `game` (0-based): --bots as given, or,
// mixed, level (seat + game) mod 3 (easy, medium, hard), as Président's loop does.
std::vector<std::string> AnySeatLevels(const AnySimConfig& config, int game);

// The JSON line of game `game`'s game event.
std::string AnyGameLine(const AnySimConfig& config, int game);

// "" when the game event of these rules and seats is well formed and legal,
// else the game's reason (for a usage error before anything is written).
std::string CheckAnyTable(const AnySimConfig& config);

using AnySimProgress = SimProgress;  // sim/group_commit.h

struct AnySimResult {
  int games = 0;        // games played to the end
  int64_t manches = 0;  // manches completed
  int64_t events = 0;   // events written
  ScoreTally tally;
  std::string last_game;  // the last game's id and head, for `pli audit --head`
  int64_t last_seq = 0;
  std::string last_hash;
  // Non-empty when the run stopped on a bug: a bot action the referee
  // refused (which one and why), a bot that would not act, a game that did
  // not end.
  std::string bug;
};

// Plays config.games games into config.db (created if missing), calling
// `progress` after each manche. Throws std::runtime_error for bad usage (a
// game id already in the database) and StoreError for storage failures.
AnySimResult SimulateAny(const AnySimConfig& config,
                         const std::function<void(const AnySimProgress&)>& progress);

}  // namespace pli::cli

#endif  // PLI_SIM_ANY_SIM_H_
