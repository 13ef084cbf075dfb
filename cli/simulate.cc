// simulate.cc: `pli simulate` and `pli prop` (docs/SIMULATE.md): CLI11
// wiring for every game. A game's own simulate and prop, where it has them,
// are registered by its cli folder (cli/game_commands.h; Super Président's
// in games/president/cli/, Skull King's prop in games/skull_king/cli/); a simulation of
// any other game runs the loop of any game (sim/any_sim.h), printed here.
#include <algorithm>
#include <boost/json.hpp>
#include <iomanip>
#include <iostream>
#include <sstream>
#include <stdexcept>

#include "cli/command_group.h"
#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/game_facts.h"
#include "cli/sim_print.h"
#include "referee/open_store.h"
#include "engine/text.h"
#include "games/game.h"
#include "sim/any_sim.h"

namespace pli::cli {
namespace {

// The footers of `pli simulate --help` and `pli prop --help`: what every
// game shares, then each registered game's own paragraph and examples
// (GameFacts::simulate_help, prop_help, ...), in the registry's order.
constexpr const char* kSimulateHead =
    R"(Every event goes through the referee (pli new/deal/play... do the same):
judged by the rules, hash-chained and committed to the database. A bot
action the rules refuse is a bug: the run stops with exit status 2 and
says which action it was.

Reproducible: game ids (sim-SEED-N), deals (DealFromSeed) and the bots'
choices derive from --seed and no event carries a time stamp, so the same
arguments give the same events and hashes in a fresh database.

)";
constexpr const char* kSimulateExit =
    R"(Exit status: 0 done, 2 bad usage, a storage failure, or a bug (a refused
bot action).

)";
constexpr const char* kPropHead = "";
constexpr const char* kPropExit =
    R"(Exit status: 0 PASS, 1 FAIL (a property broke), 2 bad usage.

)";

// --manches in each game that says (GameFacts::simulate_manches):
// "Super Président: default 3; Skull King: ...".
std::string ManchesByGame() {
  std::string text;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    if (facts.simulate_manches.empty()) continue;
    text += (text.empty() ? "" : "; ") + facts.title + ": " + facts.simulate_manches;
  }
  return text;
}

// The footer: `head`, each game's paragraph (a blank line after each), `exit`,
// then "Examples:" with every game's examples.
std::string Footer(const char* head, const char* exit,
                   std::string GameFacts::*help, std::vector<std::string> GameFacts::*examples) {
  std::string footer = head;
  std::string lines;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    if (!(facts.*help).empty()) footer += facts.*help + "\n\n";
    for (const std::string& example : facts.*examples) lines += "  " + example + "\n";
  }
  footer += exit;
  if (!lines.empty()) footer += "Examples:\n" + lines;
  return footer;
}

// --- pli simulate ---

// --- pli simulate, the loop of any game (sim/any_sim.h) ---

AnySimConfig BuildAnySimConfig(const SimulateArgs& args, const Game& game) {
  AnySimConfig c;
  c.db = args.db;
  c.game = &game;
  c.ruleset = args.ruleset;
  c.games = args.games;
  c.seed = args.seed;
  c.manches = args.manches;
  c.fast = args.fast;
  if (args.games < 1)
    throw std::runtime_error("--games " + std::to_string(args.games) + ": at least 1");
  if (args.manches && *args.manches < 1)
    throw std::runtime_error("--manches " + std::to_string(*args.manches) + ": at least 1");
  c.options = ParseAnyOptions(game, args.options);
  if (args.bots == "mixed") {
    c.mixed = true;
  } else {
    std::stringstream list(args.bots);
    for (std::string word; std::getline(list, word, ',');) {
      if (!game.MakeBot(word, 0)) {
        std::string known;
        for (const std::string& level : game.Facts().levels) known += level + ", ";
        throw std::runtime_error("--bots: unknown level \"" + word + "\" (" + known + "or mixed)");
      }
      c.bots.push_back(word);
    }
  }
  c.seats = args.seats                      ? *args.seats
            : c.mixed || c.bots.size() == 1 ? 4
                                            : static_cast<int>(c.bots.size());
  if (c.bots.size() == 1) c.bots.assign(c.seats, c.bots.front());
  if (!c.mixed && static_cast<int>(c.bots.size()) != c.seats) {
    throw std::runtime_error("--bots names " + std::to_string(c.bots.size()) + " levels for " +
                             std::to_string(c.seats) +
                             " seats: give one per seat, one for all, or mixed");
  }
  if (const std::string why = CheckAnyTable(c); !why.empty())
    throw std::runtime_error("--ruleset " + c.ruleset + " --seats " + std::to_string(c.seats) +
                             ": " + why);
  return c;
}

boost::json::object AnySimJson(const AnySimConfig& c, const AnySimResult& r, double seconds) {
  boost::json::object o;
  o["db"] = StoreName(c.db);  // never a password (issue 29)
  o["seed"] = c.seed;
  o["ruleset"] = c.ruleset;
  o["games"] = r.games;
  o["seats"] = c.seats;
  o["manches_per_game"] = c.manches ? boost::json::value(*c.manches) : nullptr;
  if (c.mixed) {
    o["bots"] = "mixed";
  } else {
    boost::json::array bots;
    for (const std::string& l : c.bots) bots.emplace_back(l);
    o["bots"] = std::move(bots);
  }
  o["fast"] = c.fast;
  o["manches"] = r.manches;
  o["events"] = r.events;
  o["seconds"] = seconds;
  boost::json::array levels;
  for (const ScoreRow& s : r.tally.Summary()) {
    levels.push_back(boost::json::object{
        {"level", s.level},
        {"games", s.games},
        {"seat_games", s.seat_games},
        {"mean_score", s.mean_score},
        {"mean_score_ci95", IntervalJson(s.mean_score_ci)},
        {"mean_place", s.mean_place},
        {"mean_place_ci95", IntervalJson(s.mean_place_ci)},
        {"won_share", s.won},
        {"won_ci95", IntervalJson(s.won_ci)},
        {"bids", s.bids},
        {"bids_exact_share", s.bids_exact},
        {"bids_exact_ci95", IntervalJson(s.bids_exact_ci)},
        {"ci_unit", s.by_game ? "game" : "seat"},
    });
  }
  o["levels"] = std::move(levels);
  AddLastAndBug(o, r);
  return o;
}

void PrintAnySimText(const AnySimConfig& c, const AnySimResult& r, double seconds) {
  std::cout << "pli simulate: " << r.games << " game" << (r.games == 1 ? "" : "s") << " of "
            << c.ruleset << ", " << c.seats << " seats, "
            << (c.manches ? std::to_string(*c.manches) + " manche" + (*c.manches == 1 ? "" : "s") +
                                " each"
                          : std::string("whole games"));
  PrintRefereed(std::cout, c.seed, c.db, r.manches, r.events, seconds);
  const std::vector<ScoreRow> rows = r.tally.Summary();
  if (rows.empty()) return;
  // The exact-bids column only for a game whose state records bids (its
  // `history`, Skull King's): another game's table has none.
  const bool bids = std::any_of(rows.begin(), rows.end(), [](const ScoreRow& s) { return s.bids > 0; });
  std::cout << std::left << std::setw(8) << "level" << std::right << std::setw(6) << "games"
            << "   " << std::left << std::setw(28) << "mean score (95% CI)" << std::setw(22)
            << "mean place (95% CI)" << std::setw(bids ? 22 : 0) << "won % (95% CI)"
            << (bids ? "exact bids % (95% CI)" : "") << "\n";
  bool by_seat = false;
  for (const ScoreRow& s : rows) {
    by_seat = by_seat || !s.by_game;
    std::cout << std::left << std::setw(8) << s.level << std::right << std::setw(6) << s.games
              << "   " << std::left << std::setw(28)
              << (Fixed(s.mean_score, 1) + " " + IntervalText(s.mean_score_ci, 1, 1))
              << std::setw(22)
              << (Fixed(s.mean_place, 2) + " " + IntervalText(s.mean_place_ci, 1, 2))
              << std::setw(bids ? 22 : 0) << (Fixed(s.won * 100, 1) + " " + IntervalText(s.won_ci, 100, 1));
    if (bids) std::cout << Fixed(s.bids_exact * 100, 1) << " " << IntervalText(s.bids_exact_ci, 100, 1);
    std::cout << "\n";
  }
  std::cout << std::right << "\nPlace 1 is the highest total; a game is won by every seat with "
            << "the highest total. "
            << (by_seat ? "With a single game the intervals take its seats as independent "
                          "(likely too narrow)."
                        : "Intervals are clustered by game (docs/SIMULATE.md).")
            << "\n";
  if (!r.last_game.empty()) {
    std::cout << "last game: " << EscapeForTerminal(r.last_game) << ", head " << r.last_seq << ":"
              << r.last_hash << "\n";
  }
}

int RunAnySimulate(const SimulateArgs& args, const Game& game) {
  const AnySimConfig config = BuildAnySimConfig(args, game);
  return RunWithProgress(
      args, [&](const auto& progress) { return SimulateAny(config, progress); },
      [&](const AnySimResult& r, double seconds) { return AnySimJson(config, r, seconds); },
      [&](const AnySimResult& r, double seconds) { PrintAnySimText(config, r, seconds); });
}

// The game's own simulate when its cli folder registered one (Super
// Président's: games/president/cli/), else the loop of any game.
int RunSimulate(const SimulateArgs& args) {
  const Game& game = GameOfRuleset(args.ruleset);
  if (const auto simulate = CommandsOf(game).simulate) return simulate(args);
  return RunAnySimulate(args, game);
}

// --- pli prop: each game's own checks (games/<game>/cli/) ---

int RunPropCommand(const PropArgs& args) {
  if (args.runs < 1)
    throw std::runtime_error("--runs " + std::to_string(args.runs) + ": at least 1");
  const Game& game = GameOfRuleset(args.ruleset);
  const auto prop = CommandsOf(game).prop;
  if (prop == nullptr)
    throw std::runtime_error("--ruleset " + args.ruleset + ": " + std::string(game.Name()) +
                             " has no property checks");
  return prop(args);
}

// --- wiring ---

void AddRulesOptions(CLI::App* c, std::string& ruleset, std::vector<std::string>& options) {
  c->add_option("--ruleset", ruleset, RulesetsByGame());
  c->add_option(
       "--option", options,
       "override an option of the ruleset, e.g. solo_continuation=always or trump=black "
       "(repeatable; names in schema/FORMAT.md and SKULL_KING.md)")
      ->type_name("NAME=VALUE");
}

class SimulateGroup : public CommandGroup {
 public:
  explicit SimulateGroup(CLI::App& app) {
    simulate_ = app.add_subcommand("simulate",
                                   "Referee games played by bots (easy, medium, hard) into a "
                                   "database, every event through the "
                                   "referee, and print a table per bot level, each with 95% "
                                   "confidence intervals (what each game's table holds: below).");
    CLI::App* c = simulate_;
    c->add_option("--db", sim_.db, "the database: a SQLite file (created if missing) or a postgresql:// URI (docs/POSTGRES.md)")
        ->required()
        ->type_name("FILE");
    c->add_option("--games", sim_.games, "games to play (default 1)")->type_name("N");
    c->add_option("--seats", sim_.seats,
                  "seats per game: " + SeatRangesByGame() + "; default: one per --bots level, or 4")
        ->type_name("K");
    c->add_option(
         "--bots", sim_.bots,
         "the level of each seat, seat 0 first (easy, medium, hard), one level for every seat, or "
         "mixed: levels rotate over the seats game by game (default mixed)")
        ->type_name("LIST");
    c->add_option("--seed", sim_.seed,
                  "the seed every deal and bot choice derives from (default 1)")
        ->type_name("S");
    c->add_option("--manches", sim_.manches,
                  "manches per game (" + ManchesByGame() + ")")
        ->type_name("M");
    AddRulesOptions(c, sim_.ruleset, sim_.options);
    c->add_flag(
        "--fast", sim_.fast,
        "commit once per game instead of once per event (one fsync per game; a crash loses the "
        "game in progress)");
    c->add_flag("--json", sim_.json, "print one JSON document on stdout instead of text");
    c->footer(Footer(kSimulateHead, kSimulateExit, &GameFacts::simulate_help,
                     &GameFacts::simulate_examples));

    prop_ = app.add_subcommand(
        "prop",
        "Property tests from the command line: random games by bots and a random legal policy, "
        "every "
        "engine invariant checked after every event; a failure is shrunk to a minimal game and "
        "written "
        "as a scenario for pli check. Prints runs, events checked and PASS or FAIL.");
    c = prop_;
    c->add_option("--runs", prop_args_.runs, "games to play (default 100)")->type_name("N");
    c->add_option("--seed", prop_args_.seed, "RapidCheck's seed (default: a random one, printed)")
        ->type_name("S");
    AddRulesOptions(c, prop_args_.ruleset, prop_args_.options);
    c->add_option("--out", prop_args_.out, "where a failure's scenario is written (default: .)")
        ->type_name("DIR");
    c->add_option("--inject-bug", prop_args_.inject)->group("");  // tests only: see PropHooks
    c->add_flag("--json", prop_args_.json, "print one JSON document on stdout instead of text");
    c->footer(Footer(kPropHead, kPropExit, &GameFacts::prop_help, &GameFacts::prop_examples));
  }

  std::optional<int> RunParsed() override {
    if (simulate_->parsed()) return RunSimulate(sim_);
    if (prop_->parsed()) return RunPropCommand(prop_args_);
    return std::nullopt;
  }

 private:
  CLI::App* simulate_;
  CLI::App* prop_;
  SimulateArgs sim_;
  PropArgs prop_args_;
};

}  // namespace

std::unique_ptr<CommandGroup> AddSimulateCommands(CLI::App& app) {
  return std::make_unique<SimulateGroup>(app);
}

}  // namespace pli::cli
