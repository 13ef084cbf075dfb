// adjudicate.cc: the commands a referee settles a dispute with (CLI11
// wiring; the work is in the Match's ExplainJson, replay/any_diff and
// replay/scenario, or in a game's own explain and diff, registered by its
// cli folder: cli/game_commands.h, Super Président's games/president/cli/):
//   pli explain SOURCE --at SEQ   one event: legal or not, by which rule, in
//                                 which state, and what the player could have done
//   pli diff A B                  two records of one game: where they part
//   pli check SCENARIO...         scenario files (docs/SCENARIOS.md)
// Exit status: explain 0 legal / 1 illegal; diff 0 identical / 1 they
// differ; check 0 all hold / 1 a failure; 2 bad usage or input for all.
#include <boost/json.hpp>
#include <filesystem>
#include <iostream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/command_group.h"
#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/seat_names.h"
#include "cli/style.h"
#include "engine/text.h"
#include "games/game.h"
#include "referee/open_store.h"
#include "replay/any_diff.h"
#include "replay/scenario.h"
#include "replay/source.h"

namespace pli::cli {
namespace {

namespace fs = std::filesystem;

constexpr int kExitOk = 0;
constexpr int kExitViolation = 1;
constexpr int kExitBadInput = 2;

void PrintJson(const boost::json::value& v) { std::cout << boost::json::serialize(v) << "\n"; }

// ---------------------------------------------------------------------------
// explain

// The game explain looks at, of any game (nullopt when the source holds
// none to choose).
std::optional<AnyLoadedGame> LoadExplained(const ExplainArgs& args) {
  std::optional<AnyLoadedGame> game;
  if (args.db) {
    std::unique_ptr<EventStore> store = OpenStore(*args.db, OpenMode::kReadOnly);
    game = LoadAnyStoredGame(*store, DbGameId(*store, *args.db, args.game));
  } else {
    game = LoadAnyFileGame(args.source, args.game);
  }
  return game;
}

// An event or a legal action as words, not JSON (issue 29: explain on
// Skull King printed raw JSON): its type, who acts by name and seat, then
// each other member as "name value", an array's items joined by spaces.
// Game-neutral: only the members every game's JSON has (type, seat, seq)
// are known by name.
std::string JsonWords(const boost::json::value& v) {
  if (v.is_string()) return EscapeForTerminal(std::string(v.as_string()));
  if (v.is_null()) return "none";
  if (v.is_array()) {
    std::string text;
    for (const auto& item : v.as_array()) {
      text += (text.empty() ? "" : (item.is_array() ? " / " : " ")) + JsonWords(item);
    }
    return text.empty() ? "none" : text;
  }
  if (v.is_object()) {
    std::string text;
    for (const auto& [key, item] : v.as_object()) {
      text += (text.empty() ? "" : ", ") + std::string(key) + " " + JsonWords(item);
    }
    return text;
  }
  return boost::json::serialize(v);
}

std::string ActionWords(const boost::json::object& o, const std::vector<std::string>& names) {
  std::string text = o.contains("type") ? JsonWords(o.at("type")) : std::string("event");
  if (const auto* seat = o.if_contains("seat"); seat != nullptr && seat->is_int64()) {
    const int64_t s = seat->as_int64();
    text += " by " + (s >= 0 && s < static_cast<int64_t>(names.size())
                          ? EscapeForTerminal(names[static_cast<size_t>(s)]) + " (seat " + std::to_string(s) + ")"
                          : "seat " + std::to_string(s));
  }
  std::string rest;
  for (const auto& [key, value] : o) {
    if (key == "type" || key == "seat" || key == "seq" || key == "hash") continue;
    rest += (rest.empty() ? ": " : ", ") + std::string(key) + " " + JsonWords(value);
  }
  return text + rest;
}

// A rule's sentence before ": detail", without its own full stop (not ".:").
std::string Sentence(std::string_view sentence) {
  std::string text(sentence);
  while (!text.empty() && text.back() == '.') text.pop_back();
  return text;
}

// explain of a game without its own: the Match's explanation of the
// event, in the state before it, with the state before and after.
int RunExplainAny(const ExplainArgs& args, AnyLoadedGame& game) {
  if (game.chain.status == ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << EscapeForTerminal(game.log.game)
              << "\" has a broken hash chain (at event " << game.chain.problems.front().seq
              << "); run pli audit\n";
  }
  const int64_t seq =
      ResolveAt(game.log.game, static_cast<int64_t>(game.log.events.size()), args.at);
  const Game& kind = *game.log.kind;
  std::unique_ptr<Match> match = kind.NewMatch();
  for (int64_t i = 0; i + 1 < seq; ++i) match->Step(game.log.events[static_cast<size_t>(i)]);
  AnyEvent event = game.log.events[static_cast<size_t>(seq) - 1];
  event.seq = seq;
  boost::json::object o;
  o["game"] = game.log.game;
  o["seq"] = seq;
  o["event"] = event.malformed ? boost::json::value(nullptr)
                               : boost::json::parse(kind.EventJson(event.body, seq));
  o["type"] = event.malformed ? (event.malformed->type ? boost::json::value(*event.malformed->type)
                                                       : boost::json::value(nullptr))
                              : boost::json::value(kind.TypeName(event.type));
  o["seat"] = event.seat >= 0 ? boost::json::value(event.seat) : boost::json::value(nullptr);
  for (auto& [key, value] : match->ExplainJson(event)) o[key] = value;
  o["before"] = match->StateJson();
  match->Step(event);
  o["after"] = match->StateJson();
  const bool legal = o.at("legal").as_bool();
  if (args.json) {
    PrintJson(o);
  } else {
    const std::vector<std::string> names = match->Seats();
    std::string text = "game " + EscapeForTerminal(game.log.game) + ", event " +
                       std::to_string(seq) + " of " + std::to_string(game.log.events.size()) +
                       ": " + (o.at("event").is_null() ? std::string("(malformed)")
                                                        : ActionWords(o.at("event").as_object(), names)) +
                       "\n";
    if (legal) {
      text += "verdict: legal";
      if (!o.at("rule").is_null()) {
        text += " (" + std::string(o.at("rule").at("id").as_string()) + ")";
      }
      text += "\nwhy:\n";
      for (const auto& w : o.at("why").as_array()) {
        text += "  " + std::string(w.at("rule").as_string()) + "  " +
                Sentence(w.at("sentence").as_string()) + ": " +
                NameSeats(EscapeForTerminal(std::string(w.at("detail").as_string())), names) + "\n";
      }
    } else {
      const auto& v = o.at("violation");
      text += "verdict: " + std::string(v.at("code").as_string());
      if (!v.at("rule").as_string().empty()) text += " (" + std::string(v.at("rule").as_string()) + ")";
      text += ": " + NameSeats(EscapeForTerminal(std::string(v.at("message").as_string())), names) + "\n";
    }
    text += "\nthe table before it (after event " + std::to_string(seq - 1) + "):\n";
    std::unique_ptr<Match> before = kind.NewMatch();
    for (int64_t i = 0; i + 1 < seq; ++i) before->Step(game.log.events[static_cast<size_t>(i)]);
    text += before->StateText();
    const auto& instead = o.at("instead").as_array();
    text += "\nthe legal actions there (" + std::to_string(instead.size()) + "):\n";
    for (const auto& a : instead) {
      boost::json::object shown = a.as_object();
      const bool taken = shown.at("taken").as_bool();
      shown.erase("taken");
      text += "  " + ActionWords(shown, names) + (taken ? "   <- the event" : "") + "\n";
    }
    std::cout << text;
  }
  for (const AnyEvent& e : game.log.events) {
    if (!e.malformed) continue;
    std::cerr << "pli: game \"" << EscapeForTerminal(game.log.game)
              << "\" holds a malformed event (" << EscapeForTerminal(e.malformed->Text())
              << "); pli audit --continue lists them all\n";
    return kExitBadInput;
  }
  return legal ? kExitOk : kExitViolation;
}

int RunExplain(const ExplainArgs& args) {
  if (args.db.has_value() == !args.source.empty())
    throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
  std::optional<AnyLoadedGame> game = LoadExplained(args);
  // The game's own explain (Super Président's: games/president/cli/adjudicate.cc),
  // which reads the game the way it needs; else the Match's explanation.
  const Game& kind = game ? *game->log.kind : DefaultGame();
  if (const auto own = CommandsOf(kind).explain) return own(args);
  return RunExplainAny(args, *game);
}

// ---------------------------------------------------------------------------
// diff

struct DiffArgs {
  std::string a;  // the positionals, in order: A then B
  std::string b;
  std::optional<std::string> db_a;
  std::optional<std::string> db_b;
  std::optional<std::string> game;
  bool strict = false;
  bool json = false;
};

int RunDiff(const DiffArgs& args) {
  std::vector<std::string> files;
  for (const std::string* f : {&args.a, &args.b}) {
    if (!f->empty()) files.push_back(*f);
  }
  const size_t wanted = 2 - (args.db_a ? 1 : 0) - (args.db_b ? 1 : 0);
  if (files.size() != wanted)
    throw std::runtime_error(
        "pli diff compares two logs: give two files, or a file and --db-a "
        "or --db-b, or --db-a and --db-b");
  size_t next = 0;
  // Each side read once, of any game, with a warning when its chain is broken.
  auto side = [&](const std::optional<std::string>& db) {
    std::optional<std::string> file;
    if (!db) file = files[next++];
    AnyLoadedGame g = LoadOneAnyGame(file, db, args.game);
    if (g.chain.status == ChainStatus::kBroken) {
      std::cerr << "pli: warning: game \"" << EscapeForTerminal(g.log.game) << "\" has a broken hash chain (at event "
                << g.chain.problems.front().seq << "); run pli audit\n";
    }
    return std::pair(std::move(g.log), db ? StoreName(*db) : SourceLabel(*file));
  };
  const auto [any_a, label_a] = side(args.db_a);
  const auto [any_b, label_b] = side(args.db_b);
  if (any_a.kind != any_b.kind) {
    throw std::runtime_error("pli diff compares two records of the same game: A is a game of " +
                             std::string(any_a.kind->Name()) + ", B of " + std::string(any_b.kind->Name()));
  }
  const std::string game_id = any_a.game == any_b.game ? any_a.game : any_a.game + " / " + any_b.game;
  // The game's own diff (Super Président's: games/president/cli/adjudicate.cc).
  if (const auto own = CommandsOf(*any_a.kind).diff)
    return own(DiffSides{any_a, any_b, game_id, label_a, label_b, args.strict, args.json});
  // Any other game, through the game interface.
  const AnyLogDiff d = DiffAnyLogs(*any_a.kind, any_a.events, any_b.events, args.strict);
  if (args.json) {
    boost::json::object o = AnyLogDiffToJson(d);
    o["game_a"] = any_a.game;
    o["game_b"] = any_b.game;
    PrintJson(o);
  } else {
    std::cout << AnyDiffText(game_id, d, label_a, label_b);
  }
  return d.kind == DiffKind::kIdentical ? kExitOk : kExitViolation;
}

// ---------------------------------------------------------------------------
// check

struct CheckArgs {
  std::vector<std::string> paths;
  bool verbose = false;
  bool json = false;
};

// One scenario checked, or half a scenario found in a directory.
struct Checked {
  std::string path;
  ScenarioReport report;
};

bool EndsWith(const std::string& s, const std::string& suffix) {
  return s.size() >= suffix.size() &&
         s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

// The scenarios a path names: a directory's (searched recursively, with its
// unpaired files as failures), or the one whose log or expectation it is.
void Collect(const std::string& path, std::vector<Checked>& out) {
  std::error_code ec;
  if (fs::is_directory(path, ec)) {
    const std::vector<std::string> scenarios = FindScenarios(path);
    const std::vector<std::string> unpaired = FindUnpairedFiles(path);
    if (scenarios.empty() && unpaired.empty())
      throw std::runtime_error(path + ": no scenario (NAME.jsonl with NAME.expect.json) under it");
    for (const std::string& s : scenarios) out.push_back(Checked{s, CheckScenario(s)});
    for (const std::string& u : unpaired) {
      ScenarioReport r;
      r.name = fs::path(u).filename().string();
      r.failures.push_back(r.name + ": half a scenario: " + u + " needs its " +
                           (EndsWith(u, ".jsonl") ? ".expect.json" : ".jsonl") + " beside it");
      out.push_back(Checked{u, std::move(r)});
    }
    return;
  }
  if (!fs::exists(path, ec)) throw std::runtime_error(path + ": no such file or directory");
  std::string log = path;
  const std::string expect_suffix = ".expect.json";
  if (EndsWith(path, expect_suffix))
    log = path.substr(0, path.size() - expect_suffix.size()) + ".jsonl";
  else if (!EndsWith(path, ".jsonl"))
    throw std::runtime_error(path + ": a scenario is NAME.jsonl with NAME.expect.json beside it");
  out.push_back(Checked{log, CheckScenario(log)});
}

// A failure line with the scenario's path (without ".jsonl") in place of
// its bare name, so that it can be found: "games/president/fixtures/rules/P3-...: ...".
std::string WithPath(const Checked& c, const std::string& failure) {
  const std::string prefix = c.report.name + ": ";
  if (failure.rfind(prefix, 0) != 0) return failure;
  std::string where = c.path;
  if (EndsWith(where, ".jsonl")) where.resize(where.size() - 6);
  return where + ": " + failure.substr(prefix.size());
}

boost::json::object CheckJson(const std::vector<Checked>& checked, int passed, int failed) {
  boost::json::array scenarios;
  for (const Checked& c : checked) {
    boost::json::array failures;
    for (const std::string& f : c.report.failures) failures.emplace_back(f);
    scenarios.push_back(boost::json::object{{"name", c.report.name},
                                            {"path", c.path},
                                            {"ok", c.report.ok()},
                                            {"expectations_held", c.report.passed},
                                            {"failures", std::move(failures)}});
  }
  return {{"scenarios", std::move(scenarios)}, {"passed", passed}, {"failed", failed}};
}

int RunCheck(const CheckArgs& args) {
  std::vector<Checked> checked;
  for (const std::string& p : args.paths) Collect(p, checked);
  int passed = 0, failed = 0;
  for (const Checked& c : checked) (c.report.ok() ? passed : failed)++;
  if (args.json) {
    PrintJson(CheckJson(checked, passed, failed));
    return failed == 0 ? kExitOk : kExitViolation;
  }
  const Style style = StdoutStyle();
  for (const Checked& c : checked) {
    if (c.report.ok() && args.verbose)
      std::cout << style.Good("ok") << "  " << EscapeForTerminal(c.path) << " (" << c.report.passed
                << " expectation(s))\n";
    for (const std::string& f : c.report.failures)
      std::cout << style.Bad("FAIL") << "  " << EscapeForTerminal(WithPath(c, f)) << "\n";
  }
  const std::string summary =
      std::to_string(passed) + " passed, " + std::to_string(failed) + " failed";
  std::cout << (failed == 0 ? style.Good(summary) : style.Bad(summary)) << "\n";
  return failed == 0 ? kExitOk : kExitViolation;
}

// ---------------------------------------------------------------------------
// Wiring.

constexpr const char* kExplainFooter = R"(
Exit status: 0 the event is legal, 1 it is illegal, 2 bad usage or input.

Before the examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli explain games/president/fixtures/rules/P3-too-weak-illegal.jsonl --at 4   # exit 1
  pli explain --db club.db --game 5.1-suite --at 4 --json)";

// ": Super Président, or Skull King, whose events are compared ...": each
// game's title, with its own words on diff where it has them.
std::string DiffGames() {
  std::string out;
  bool first = true;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    out += std::string(first ? ": " : ", or ") + facts.title;
    if (!facts.diff_help.empty()) out += ",\n" + facts.diff_help;
    first = false;
  }
  return out;
}

constexpr const char* kDiffFooter = R"(
Events are compared by what they do (type, seats, cards, declaration);
--strict also compares their id and at fields. The first event where the
logs part is shown for each side with its verdict, and the state after the
last event they share.

Both records must be of the same game%GAMES%.

Exit status: 0 identical, 1 they differ (one may be a prefix of the other),
2 bad usage or input (two different games too).

Before the examples:
  head -n 9 games/president/fixtures/seed/5.1-suite.jsonl > short.jsonl
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli diff short.jsonl games/president/fixtures/seed/5.1-suite.jsonl   # exit 1
  pli diff --db-a club.db games/president/fixtures/seed/5.1-suite.jsonl --game 5.1-suite --json)";

constexpr const char* kCheckFooter = R"(
A scenario is NAME.jsonl (one game, of any game: Super President or Skull
King) with NAME.expect.json beside it (docs/SCENARIOS.md). Each failed expectation is one line saying what was
expected and what was found; the last line is "N passed, M failed"
(scenarios).

Exit status: 0 every scenario holds, 1 one fails, 2 bad usage or input.

Examples:
  pli check games/*/fixtures
  pli check games/skull_king/fixtures/examples/A-mermaid-hook.jsonl
  pli check games/president/fixtures/seed/5.1-suite.jsonl --json)";

class Adjudicate : public CommandGroup {
 public:
  explicit Adjudicate(CLI::App& app) {
    explain_ = app.add_subcommand(
        "explain",
        "Adjudicate one event of a game: legal or not, the rule that decides it (id and "
        "sentence), the state it was played into, and every legal action the player had.");
    explain_->add_option("SOURCE", explain_args_.source,
                         "the event log (JSON Lines; '-' reads standard input), or give --db");
    explain_->add_option("--db", explain_args_.db, "read the game from this database")
        ->type_name("FILE");
    explain_
        ->add_option("--game", explain_args_.game,
                     "the game's id, required when the source holds more than one game")
        ->type_name("ID");
    explain_->add_option("--at", explain_args_.at, "the event to explain (1-based seq)")
        ->type_name("SEQ")
        ->required();
    explain_->add_flag("--json", explain_args_.json, "print one JSON document on stdout");
    explain_->footer(kExplainFooter);
    AddDiff(app);
    AddCheck(app);
  }

  std::optional<int> RunParsed() override {
    if (explain_->parsed()) return RunExplain(explain_args_);
    if (diff_->parsed()) return RunDiff(diff_args_);
    if (check_->parsed()) return RunCheck(check_args_);
    return std::nullopt;
  }

 private:
  void AddDiff(CLI::App& app) {
    diff_ = app.add_subcommand(
        "diff", "Compare two records of the same game and show the first event where they part.");
    diff_->add_option("A", diff_args_.a, "the first event log (JSON Lines; '-' reads standard input)");
    diff_->add_option("B", diff_args_.b, "the second event log (unless --db-a or --db-b gives one side)");
    diff_->add_option("--db-a", diff_args_.db_a, "read side A from this database instead of a file")
        ->type_name("FILE");
    diff_->add_option("--db-b", diff_args_.db_b, "read side B from this database instead of a file")
        ->type_name("FILE");
    diff_
        ->add_option("--game", diff_args_.game,
                     "the game's id in both sources, required when one holds several games")
        ->type_name("ID");
    diff_->add_flag("--strict", diff_args_.strict, "also compare the events' id and at fields");
    diff_->add_flag("--json", diff_args_.json, "print one JSON document on stdout");
    {
      // The games' names and paragraphs (GameFacts::diff_help) in place of
      // %GAMES%: ": Super Président, or Skull King, whose events ...".
      std::string footer = kDiffFooter;
      footer.replace(footer.find("%GAMES%"), 7, DiffGames());
      diff_->footer(footer);
    }
  }

  void AddCheck(CLI::App& app) {
    check_ = app.add_subcommand(
        "check",
        "Run scenario files (a log and its expected outcome, docs/SCENARIOS.md); "
        "directories are searched for scenarios.");
    check_
        ->add_option("SCENARIO", check_args_.paths,
                     "a scenario's NAME.jsonl or NAME.expect.json, or a directory of them")
        ->required();
    check_->add_flag("--verbose,-v", check_args_.verbose, "also list each scenario that holds");
    check_->add_flag("--json", check_args_.json, "print one JSON document on stdout");
    check_->footer(kCheckFooter);
  }

  CLI::App* explain_ = nullptr;
  CLI::App* diff_ = nullptr;
  CLI::App* check_ = nullptr;
  ExplainArgs explain_args_;
  DiffArgs diff_args_;
  CheckArgs check_args_;
};

}  // namespace

std::unique_ptr<CommandGroup> AddAdjudicateCommands(CLI::App& app) {
  return std::make_unique<Adjudicate>(app);
}

}  // namespace pli::cli
