// prop.cc: Skull King's own `pli prop` (docs/SIMULATE.md), registered for
// the shared command of cli/simulate.cc (cli/game_commands.h): its property
// checks (games/skull_king/sim/prop.h) and their printing. Its `pli simulate` is
// the loop of any game (sim/any_sim.h), so it registers none. Wiring only.
#include <unistd.h>

#include <boost/json.hpp>
#include <iostream>
#include <random>
#include <stdexcept>

#include "cli/game_commands.h"
#include "cli/progress.h"
#include "cli/sim_print.h"
#include "games/skull_king/sim/prop.h"

namespace pli::cli {
namespace {

boost::json::object SkPropJson(const sk::prop::Config& c, const sk::prop::Report& r) {
  boost::json::object o;
  o["result"] = r.passed ? "pass" : "fail";
  o["runs"] = r.runs;
  o["events"] = r.events;
  o["seed"] = c.seed;
  o["ruleset"] = c.ruleset;
  if (r.failure) {
    o["failure"] = boost::json::object{
        {"kind", r.failure->kind},
        {"rule", r.failure->rule},
        {"message", r.failure->message},
        {"run", r.failing_run + 1},
        {"events", r.failure->log.size()},
        {"events_before_shrinking", r.events_before_shrinking},
        {"shrinks", r.shrinks},
        {"shrink_events", r.shrink_events},
        {"scenario", r.scenario},
        {"expectation", r.expectation},
    };
  }
  return o;
}

void PrintSkPropText(const sk::prop::Config& c, const sk::prop::Report& r) {
  std::cout << "pli prop: " << r.runs << (r.runs == 1 ? " run" : " runs") << " (seed " << c.seed
            << ", " << c.ruleset << " and random presets and options), " << r.events
            << " events checked: " << (r.passed ? "PASS" : "FAIL") << "\n";
  if (!r.failure) return;
  const sk::prop::Failure& f = *r.failure;
  std::cout << "  " << f.kind << " (" << f.rule << ") in run " << r.failing_run + 1 << ": "
            << f.message << "\n"
            << "  shrunk in " << r.shrinks << " steps (" << r.shrink_events
            << " events replayed) from a game of " << r.events_before_shrinking << " events to "
            << f.log.size() << "\n"
            << "  scenario: " << r.scenario << " (expectation " << r.expectation << ")\n";
}

int RunSkProp(const PropArgs& args) {
  sk::prop::Config config;
  config.runs = args.runs;
  config.seed =
      args.seed ? *args.seed : (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  config.ruleset = args.ruleset;
  config.out = args.out;
  for (const std::string& option : args.options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("--option " + option + ": write it as NAME=VALUE");
    config.fixed.emplace_back(option.substr(0, eq), option.substr(eq + 1));
  }
  if (const std::string why = sk::prop::CheckConfig(config); !why.empty())
    throw std::runtime_error(why);
  if (args.inject == "score") {
    config.hook = sk::prop::Hook::kScore;
  } else if (args.inject == "cards") {
    config.hook = sk::prop::Hook::kCards;
  } else if (!args.inject.empty()) {
    throw std::runtime_error("--inject-bug " + args.inject + ": score or cards");
  }
  ProgressLine line(std::cerr, isatty(STDERR_FILENO) != 0);
  const sk::prop::Report report = sk::prop::Run(config, [&](int runs, int shrinks) {
    ShowPropProgress(line, runs, shrinks, config.runs);
  });
  line.Clear();
  if (args.json) {
    std::cout << boost::json::serialize(SkPropJson(config, report)) << "\n";
  } else {
    PrintSkPropText(config, report);
  }
  return report.passed ? kSimExitOk : kSimExitFailed;
}

// Registered under the game's name (games/skull_king/module.cc: "skull-king").
const bool registered = RegisterGameCommands({.game = "skull-king", .prop = RunSkProp});

}  // namespace
}  // namespace pli::cli
