// simulate.cc: Super Président's own `pli simulate` and `pli prop`
// (docs/SIMULATE.md), registered for the shared commands of cli/simulate.cc
// (cli/game_commands.h): its loop (games/president/sim/sim_run.h: its bots also
// close out of turn, X1, and its table counts places per manche), its
// property checks (games/president/sim/prop_run.h), and their printing. Wiring
// only: parse, call, print.
#include <unistd.h>

#include <boost/json.hpp>
#include <iomanip>
#include <iostream>
#include <random>
#include <sstream>
#include <stdexcept>

#include "cli/game_commands.h"
#include "cli/progress.h"
#include "cli/sim_print.h"
#include "referee/open_store.h"
#include "games/president/rules/event.h"
#include "engine/text.h"
#include "games/president/sim/prop_run.h"
#include "games/president/sim/sim_run.h"

namespace pli::cli {
namespace {

// --- pli simulate ---

SimConfig BuildSimConfig(const SimulateArgs& args) {
  SimConfig c;
  c.db = args.db;
  c.games = args.games;
  c.seed = args.seed;
  c.manches = args.manches.value_or(3);
  c.fast = args.fast;
  if (args.games < 1)
    throw std::runtime_error("--games " + std::to_string(args.games) + ": at least 1");
  if (c.manches < 1)
    throw std::runtime_error("--manches " + std::to_string(c.manches) + ": at least 1");
  for (const std::string& o : args.options) {
    if (o.rfind("manches=", 0) == 0)
      throw std::runtime_error("--option " + o + ": give --manches instead");
  }
  c.rules = ParseRules(args.ruleset, args.options);
  SetRule(c.rules, "manches", std::to_string(c.manches));
  if (args.bots == "mixed") {
    c.mixed = true;
  } else {
    std::stringstream list(args.bots);
    for (std::string word; std::getline(list, word, ',');) {
      std::optional<Level> level = ParseLevel(word);
      if (!level)
        throw std::runtime_error("--bots: unknown level \"" + word +
                                 "\" (easy, medium, hard, or mixed)");
      c.bots.push_back(*level);
    }
  }
  if (!args.seats && c.bots.size() > 1 && (c.bots.size() < 4 || c.bots.size() > 8)) {
    throw std::runtime_error("--bots names " + std::to_string(c.bots.size()) +
                             " levels: give one per seat (4 to 8 seats), one for all, or mixed");
  }
  c.seats = args.seats                      ? *args.seats
            : c.mixed || c.bots.size() == 1 ? 4
                                            : static_cast<int>(c.bots.size());
  if (c.seats < 4 || c.seats > 8)
    throw std::runtime_error("--seats " + std::to_string(c.seats) + ": 4 to 8 (RULES.md S1)");
  if (c.bots.size() == 1) c.bots.assign(c.seats, c.bots.front());
  if (!c.mixed && static_cast<int>(c.bots.size()) != c.seats) {
    throw std::runtime_error("--bots names " + std::to_string(c.bots.size()) + " levels for " +
                             std::to_string(c.seats) +
                             " seats: give one per seat, one for all, or mixed");
  }
  return c;
}

boost::json::object SimJson(const SimConfig& c, const SimResult& r, double seconds) {
  boost::json::object o;
  o["db"] = StoreName(c.db);  // never a password (issue 29)
  o["seed"] = c.seed;
  o["games"] = r.games;
  o["seats"] = c.seats;
  o["manches_per_game"] = c.manches;
  if (c.mixed) {
    o["bots"] = "mixed";
  } else {
    boost::json::array bots;
    for (Level l : c.bots) bots.emplace_back(LevelName(l));
    o["bots"] = std::move(bots);
  }
  o["fast"] = c.fast;
  o["manches"] = r.manches;
  o["events"] = r.events;
  o["seconds"] = seconds;
  boost::json::array levels;
  for (const LevelStats& s : r.tally.Summary()) {
    levels.push_back(boost::json::object{
        {"level", LevelName(s.level)},
        {"games", s.games},
        {"manches", s.manches},
        {"seat_manches", s.seat_manches},
        {"mean_place", s.mean_place},
        {"mean_place_ci95", IntervalJson(s.mean_place_ci)},
        {"president_share", s.president},
        {"president_ci95", IntervalJson(s.president_ci)},
        {"trouduc_share", s.trouduc},
        {"trouduc_ci95", IntervalJson(s.trouduc_ci)},
        {"ci_unit", s.by_game ? "game" : "manche"},
    });
  }
  o["levels"] = std::move(levels);
  AddLastAndBug(o, r);
  return o;
}

void PrintSimText(const SimConfig& c, const SimResult& r, double seconds) {
  std::cout << "pli simulate: " << r.games << " game" << (r.games == 1 ? "" : "s") << " of "
            << c.seats << " seats, " << c.manches << " manche" << (c.manches == 1 ? "" : "s")
            << " each";
  PrintRefereed(std::cout, c.seed, c.db, r.manches, r.events, seconds);
  const std::vector<LevelStats> rows = r.tally.Summary();
  if (rows.empty()) return;
  std::cout << std::left << std::setw(8) << "level" << std::right << std::setw(6) << "games"
            << std::setw(9) << "manches"
            << "   " << std::left << std::setw(22) << "mean place (95% CI)"
            << "Président % (95% CI)  Trouduc % (95% CI)\n";  // setw counts the é as two
  bool by_manche = false;
  for (const LevelStats& s : rows) {
    by_manche = by_manche || !s.by_game;
    std::cout << std::left << std::setw(8) << LevelName(s.level) << std::right << std::setw(6)
              << s.games << std::setw(9) << s.manches << "   " << std::left << std::setw(22)
              << (Fixed(s.mean_place, 2) + " " + IntervalText(s.mean_place_ci, 1, 2))
              << std::setw(22)
              << (Fixed(s.president * 100, 1) + " " + IntervalText(s.president_ci, 100, 1))
              << Fixed(s.trouduc * 100, 1) << " " << IntervalText(s.trouduc_ci, 100, 1) << "\n";
  }
  std::cout << std::right << "\nPlace 1 is the Président, " << c.seats << " the Trouduc. "
            << (by_manche ? "With a single game the intervals take its manches as independent "
                            "(likely too narrow)."
                          : "Intervals are clustered by game (docs/SIMULATE.md).")
            << "\n";
  if (!r.last_game.empty()) {
    std::cout << "last game: " << EscapeForTerminal(r.last_game) << ", head " << r.last_seq << ":" << r.last_hash
              << "\n";
  }
}

int RunPresidentSimulate(const SimulateArgs& args) {
  const SimConfig config = BuildSimConfig(args);
  return RunWithProgress(
      args, [&](const auto& progress) { return Simulate(config, progress); },
      [&](const SimResult& r, double seconds) { return SimJson(config, r, seconds); },
      [&](const SimResult& r, double seconds) { PrintSimText(config, r, seconds); });
}

// --- pli prop ---

boost::json::object PropJson(const PropConfig& c, const PropReport& r) {
  boost::json::object o;
  o["result"] = r.passed ? "pass" : "fail";
  o["runs"] = r.runs;
  o["events"] = r.events;
  o["seed"] = c.seed;
  o["ruleset"] = c.rules.ruleset;
  if (r.failure) {
    boost::json::array check;
    for (const std::string& line : r.check) check.emplace_back(line);
    o["failure"] = boost::json::object{
        {"kind", r.failure->kind},
        {"message", r.failure->message},
        {"events", r.failure->log.size()},
        {"events_before_shrinking", r.events_before_shrinking},
        {"shrinks", r.shrinks},
        {"shrink_events", r.shrink_events},
        {"scenario", r.scenario},
        {"expectation", r.expectation},
        {"check", std::move(check)},
    };
  }
  return o;
}

void PrintPropText(const PropConfig& c, const PropReport& r) {
  std::cout << "pli prop: " << r.runs << (r.runs == 1 ? " run" : " runs") << " (seed " << c.seed
            << ", " << c.rules.ruleset << "), " << r.events
            << " events checked: " << (r.passed ? "PASS" : "FAIL") << "\n";
  if (!r.failure) return;
  const PropFailure& f = *r.failure;
  std::cout << "  " << f.kind << ": " << f.message << "\n"
            << "  shrunk in " << r.shrinks << " steps (" << r.shrink_events
            << " events replayed) from a game of " << r.events_before_shrinking << " events to "
            << f.log.size() << "\n"
            << "  scenario: " << r.scenario << " (expectation " << r.expectation << ")\n";
  if (r.check.empty()) {
    std::cout
        << "  warning: the scenario checker does not reproduce this failure from the scenario\n";
  } else {
    std::cout << "  pli check " << r.scenario << " reports:\n";
    for (const std::string& line : r.check) std::cout << "    " << line << "\n";
  }
}

int RunPresidentProp(const PropArgs& args) {
  PropConfig config;
  config.runs = args.runs;
  config.seed =
      args.seed ? *args.seed : (uint64_t{std::random_device{}()} << 32) | std::random_device{}();
  config.rules = ParseRules(args.ruleset, args.options);
  config.out = args.out;
  if (!args.inject.empty()) {
    std::optional<EventType> type = ParseTypeName(args.inject);
    if (!type || (*type != EventType::kPlay && *type != EventType::kClose &&
                  *type != EventType::kExchange)) {
      throw std::runtime_error("--inject-bug " + args.inject + ": play, close or exchange");
    }
    config.hooks.forget_moves = type;
  }
  ProgressLine line(std::cerr, isatty(STDERR_FILENO) != 0);
  const PropReport report = RunProp(config, [&](int runs, int shrinks) {
    ShowPropProgress(line, runs, shrinks, config.runs);
  });
  line.Clear();
  if (!report.error.empty()) throw std::runtime_error("RapidCheck: " + report.error);
  if (args.json) {
    std::cout << boost::json::serialize(PropJson(config, report)) << "\n";
  } else {
    PrintPropText(config, report);
  }
  return report.passed ? kSimExitOk : kSimExitFailed;
}

// Registered under the game's name (games/president/module.cc: "super-president").
const bool registered = RegisterGameCommands(
    {.game = "super-president", .simulate = RunPresidentSimulate, .prop = RunPresidentProp});

}  // namespace
}  // namespace pli::cli
