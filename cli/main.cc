// main.cc: the `pli` command (INTERFACE.md §2): CLI11 wiring only.
// Parses the command line, reads the log, calls replay/ and prints human
// text or --json. Exit status: 0 success / clean, 1 a rule violation found,
// 2 bad usage, unreadable or malformed input (the message on stderr).
#include <CLI/CLI.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <exception>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/output.h"
#include "cli/source.h"
#include "engine/rules.h"
#include "replay/fold.h"
#include "schema/state_json.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitViolation = 1;
constexpr int kExitBadInput = 2;

constexpr const char* kSourceHelp =
    "the event log: a JSON Lines file, one event per line ('-' reads standard input)";

constexpr const char* kFooter =
    R"(SOURCE is an event log in JSON Lines (INTERFACE.md §1): one JSON object per
line, one event each. A file may hold several games; each starts with a "game"
event and its events are numbered from 1 (seq). For example:
  {"type":"game","game":"g1","seats":["Alice","Bob","Carol","Dan"]}
  {"type":"deal","hands":[["3c","4c",...],["3d",...],["3h",...],["3s",...]]}
  {"type":"play","seat":2,"cards":["Qh"]}
  {"type":"pass","seat":3}

Exit status: 0 success (audit: clean), 1 a rule violation found,
2 bad usage, or an unreadable or malformed log.

Examples:
  pli audit game.jsonl --continue
  pli state game.jsonl --at 12
  pli legal game.jsonl --game g2 --json
)";

struct Args {
  std::string source;
  bool json = false;
  bool keep_going = false;          // audit --continue
  std::optional<int64_t> at;        // state, legal
  std::optional<std::string> game;  // state, legal
};

void Print(const boost::json::value& value) { std::cout << boost::json::serialize(value) << "\n"; }

int RunAudit(const Args& args) {
  const std::vector<pli::GameLog> games = pli::cli::ReadSource(args.source);
  boost::json::array documents;
  bool violation = false;
  for (const pli::GameLog& game : games) {
    std::vector<pli::Finding> findings = pli::AuditGame(game.events, args.keep_going);
    violation = violation || !findings.empty();
    if (args.json)
      documents.push_back(pli::cli::AuditJson(game, findings));
    else
      std::cout << pli::cli::AuditText(game, findings, args.keep_going);
  }
  if (args.json)
    Print(boost::json::object{{"games", std::move(documents)}});
  else if (games.empty())
    std::cout << "no game in " << pli::cli::SourceLabel(args.source) << "\n";
  return violation ? kExitViolation : kExitOk;
}

int RunState(const Args& args) {
  const std::vector<pli::GameLog> games = pli::cli::ReadSource(args.source);
  const pli::GameLog& game = pli::cli::SelectGame(games, args.game, args.source);
  const int64_t at = pli::cli::ResolveAt(game, args.at);
  const pli::State state = pli::FoldTo(game.events, at);
  if (args.json)
    Print(pli::StateToJson(state));
  else
    std::cout << pli::cli::StateText(game, state, at);
  return kExitOk;
}

int RunLegal(const Args& args) {
  const std::vector<pli::GameLog> games = pli::cli::ReadSource(args.source);
  const pli::GameLog& game = pli::cli::SelectGame(games, args.game, args.source);
  const pli::State state = pli::FoldTo(game.events, pli::cli::ResolveAt(game, args.at));
  const std::vector<pli::LegalAction> actions = pli::LegalActions(state);
  if (args.json)
    Print(pli::LegalToJson(actions));
  else
    std::cout << pli::cli::LegalText(game, state, actions);
  return kExitOk;
}

CLI::App* AddCommand(CLI::App& app, const char* name, const char* description, Args& args) {
  CLI::App* command = app.add_subcommand(name, description);
  command->add_option("SOURCE", args.source, kSourceHelp)->required();
  command->add_flag("--json", args.json, "print one JSON document on stdout instead of text");
  command->footer(kFooter);
  return command;
}

void AddPointOptions(CLI::App* command, Args& args) {
  command
      ->add_option("--at", args.at,
                   "look after event SEQ of the game (1-based; default: the last event). "
                   "An illegal event changes nothing, so --at it shows the state before it")
      ->type_name("SEQ");
  command
      ->add_option("--game", args.game,
                   "the game's id, required when SOURCE holds more than one game")
      ->type_name("ID");
}

// The three commands, wired to args.
struct Commands {
  CLI::App* audit;
  CLI::App* state;
  CLI::App* legal;
};

Commands AddCommands(CLI::App& app, Args& args) {
  Commands c;
  c.audit = AddCommand(app, "audit",
                       "Re-check every event of every game in SOURCE; report each rule violation "
                       "(seq, seat, code, rule, message). Exit 1 when one is found.",
                       args);
  c.audit->add_flag("--continue", args.keep_going,
                    "report an illegal event, skip it and go on (default: stop each game's "
                    "check at its first violation)");
  c.state = AddCommand(app, "state",
                       "Show the state of a game after an event: manche, phase, turn, hands, the "
                       "pli and what is in force, who is out, the ranking.",
                       args);
  AddPointOptions(c.state, args);
  c.legal = AddCommand(
      app, "legal",
      "List every legal action (play, pass, close, gift) after an event, up to suits.", args);
  AddPointOptions(c.legal, args);
  return c;
}

// Parses the command line; returns an exit status when there is nothing
// more to do (help printed, or bad usage reported).
std::optional<int> Parse(CLI::App& app, int argc, char** argv) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::ParseError& e) {
    std::string what = e.what();
    if (argc > 1 && argv[1][0] != '-' && app.get_subcommands().empty()) {
      what = std::string("unknown command \"") + argv[1] + "\" (commands: audit, state, legal)";
    }
    std::cerr << "pli: " << what << "\nRun 'pli --help' or 'pli COMMAND --help' for usage.\n";
    return kExitBadInput;
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "pli: the referee of Super Président. It re-checks an event log against the "
      "rules (RULES.md) and shows the state and the legal actions at any point."};
  app.name("pli");
  app.footer(kFooter);
  app.require_subcommand(1);
  Args args;
  const Commands commands = AddCommands(app, args);
  if (std::optional<int> status = Parse(app, argc, argv)) return *status;
  try {
    if (commands.audit->parsed()) return RunAudit(args);
    if (commands.state->parsed()) return RunState(args);
    if (commands.legal->parsed()) return RunLegal(args);
    std::cerr << "pli: no command given\n";
    return kExitBadInput;
  } catch (const std::exception& e) {
    std::cerr << "pli: " << e.what() << "\n";
    return kExitBadInput;
  }
}
