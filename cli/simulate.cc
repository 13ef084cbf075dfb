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

constexpr const char* kSimulateFooter =
    R"(Every event goes through the referee (pli new/deal/play... do the same):
judged by the rules, hash-chained and committed to the database. A bot
action the rules refuse is a bug: the run stops with exit status 2 and
says which action it was.

Reproducible: game ids (sim-SEED-N), deals (DealFromSeed) and the bots'
choices derive from --seed and no event carries a time stamp, so the same
arguments give the same events and hashes in a fresh database.

Cost: with the database's default durability (WAL, synchronous=FULL) each
event is its own transaction and costs an fsync, ~5 ms on a disk. A manche
is ~60 events at 4 seats (~80 at 8), so a game of 3 manches costs ~1 s and
--games 100 ~100 s. --fast commits once per game instead (one fsync per
game, ~0.1 s per game, --games 100 in ~10 s): a crash then loses the game
being played, never a committed one. The bots themselves are cheap (the
hard one ~0.2 ms per decision). docs/SIMULATE.md has the measurements.

Skull King (--ruleset skull-king, skull-king-official, skull-king-original):
the same referee path for any game (SubmitAny): while the game is on, the
next deal (seeded from --seed) when no seat must act, else the seat to act
(under simultaneous bidding, the first seat still owing a bid) acts through
its bot. A game is its 10 manches (SK-G1) unless --manches ends it sooner
with an end event. The table, per level: games, mean final score, mean place
(1 = the highest total; tied seats share the best place), share of games
won (SK-G2: ties all win) and share of bids made exactly (won = bid), each
with a 95% confidence interval clustered by game. --json prints
  {"db","seed","ruleset","games","seats","manches_per_game" (null: whole
   games),"bots","fast","manches","events","seconds",
   "levels":[{"level","games","seat_games","mean_score","mean_score_ci95",
     "mean_place","mean_place_ci95","won_share","won_ci95","bids",
     "bids_exact_share","bids_exact_ci95","ci_unit" ("game" or "seat")}],
   "last":{"game","seq","hash"}, and on a bug "bug" and "error"}
(each _ci95 is [low, high] or null). docs/SIMULATE.md has an example.

Exit status: 0 done, 2 bad usage, a storage failure, or a bug (a refused
bot action).

Examples:
  pli simulate --db sim.db --games 30 --bots mixed --seed 7 --fast
  pli simulate --db t.db --games 1 --seats 4 --bots easy,medium,hard,medium --seed 2026 --manches 2
  pli simulate --db sk.db --ruleset skull-king --seats 3 --games 30 --bots mixed --seed 1 --fast
)";

constexpr const char* kPropFooter =
    R"(Each run is a random game: 4 to 8 seats, each played by the bots (easy,
medium, hard) or by a policy picking uniformly among the legal actions,
one to three manches. After every event the engine's invariants are
checked: CheckInvariants, the hands against a model that moves the cards,
the event's JSON line read back, replay equal to the live state,
LegalActions against Decide (every listed action, random probes that are
not), an illegal event changing nothing but seq; at the end the log read
back audits clean.

A failure is shrunk by RapidCheck to a minimal game and written to --out as
a scenario, prop-SEED.jsonl and prop-SEED.expect.json (docs/SCENARIOS.md),
that `pli check` replays and reports failing until the bug is fixed.

Skull King (--ruleset skull-king, skull-king-official or
skull-king-original): each run is a game of 2 to 8 seats (2 to 6 for
original) under --ruleset's preset in half the runs and a random preset in
the others, each option of SKULL_KING.md's table drawn at random in a third
of the runs (--option fixes one), the bots or the random policy at each
seat, one to three manches (a whole game in one run of eight), sometimes
an end event. After every event: cards conserved (SK-C1, SK-D2: hands +
played + turned + undealt = the deck, the hands moved as a model of the
checker's own moves them), replay equal to the live state (a fresh match of
the game interface fed the events' JSON lines), LegalActions and Decide
agreeing both ways (every listed action accepted, random bids and plays
accepted only if listed, an illegal one changing nothing but seq), each
pli's bonus by SK-N2 and each completed manche's scores by SK-N1, N3, N4,
N5 recomputed by hand-written formulas, the winners by SK-G2. A failure is
shrunk (a smaller table, then events dropped while the failure stays) and
written to --out as prop-SEED.jsonl and prop-SEED.expect.json.

Exit status: 0 PASS, 1 FAIL (a property broke), 2 bad usage.

Examples:
  pli prop --runs 200 --seed 1
  pli prop --runs 200 --seed 1 --ruleset skull-king
  pli prop --runs 50 --ruleset classic --option exchange=choice --out /tmp/found
)";

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
                                   "referee, and print a table per bot level (Super Président: "
                                   "manches, mean place, Président and Trouduc shares; Skull "
                                   "King: mean final score, mean place, games won, exact bids), "
                                   "with 95% confidence intervals.");
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
                  "manches per game (Super Président: default 3; Skull King: the whole game of "
                  "10 by default, fewer ends each game with an end event after M)")
        ->type_name("M");
    AddRulesOptions(c, sim_.ruleset, sim_.options);
    c->add_flag(
        "--fast", sim_.fast,
        "commit once per game instead of once per event (one fsync per game; a crash loses the "
        "game in progress)");
    c->add_flag("--json", sim_.json, "print one JSON document on stdout instead of text");
    c->footer(kSimulateFooter);

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
    c->footer(kPropFooter);
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
