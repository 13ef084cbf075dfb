// prop.h: `pli prop --ruleset skull-king…` (docs/SIMULATE.md): the
// properties of prop_check.h on random games of Skull King from a seed,
// under every preset and random options of SKULL_KING.md's table; a
// failure is shrunk (a smaller table first, then events dropped while the
// failure stays) and written as a scenario (docs/SCENARIOS.md).
#ifndef PLI_SIM_SKULL_KING_PROP_H_
#define PLI_SIM_SKULL_KING_PROP_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/skull_king/sim/prop_check.h"

namespace pli::sk::prop {

struct Config {
  int runs = 100;
  uint64_t seed = 0;  // the same seed, the same games
  // Every run's preset is --ruleset's in half the runs, one of the three
  // drawn at random in the others; `fixed` (--option) holds in every run,
  // every other option is drawn at random.
  std::string ruleset = "skull-king";
  std::vector<std::pair<std::string, std::string>> fixed;
  std::string out = ".";
  Hook hook = Hook::kNone;
};

// "" when `fixed` can hold in some game of `ruleset`, else why not.
std::string CheckConfig(const Config& config);

// The script of run `run` (0-based).
Script ScriptFor(const Config& config, int run);

struct Report {
  int runs = 0;               // games played (the failing one included)
  int64_t events = 0;         // events checked in the runs
  int64_t shrink_events = 0;  // events checked while shrinking
  bool passed = false;
  std::optional<Failure> failure;  // the minimal one
  int failing_run = -1;
  int64_t events_before_shrinking = 0;
  int shrinks = 0;          // shrinking steps accepted
  std::string scenario;     // the .jsonl written
  std::string expectation;  // the .expect.json written
};

// Progress: runs finished so far, shrinking steps (0 until shrinking).
using Progress = std::function<void(int runs, int shrinks)>;

// Runs the properties. Throws std::runtime_error when the scenario cannot
// be written.
Report Run(const Config& config, const Progress& progress);

// The options `pli prop` draws from, with their values (SKULL_KING.md
// "Presets and options"; first_dealer is drawn from the seats).
const std::vector<std::pair<std::string, std::vector<std::string>>>& OptionTable();

}  // namespace pli::sk::prop

#endif  // PLI_SIM_SKULL_KING_PROP_H_
