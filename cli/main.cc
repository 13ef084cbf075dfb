// main.cc: the `pli` command (INTERFACE.md §2): CLI11 wiring only.
// Parses the command line, reads the log (a JSON Lines file or a database),
// calls replay/ or referee/ and prints human text or --json. The live
// commands are in live.cc, import/export/backup in archive.cc.
// Exit status: 0 success / clean, 1 a rule violation found or an action
// refused, 2 bad usage, unreadable or malformed input, storage failure (the
// message on stderr).
#include <CLI/CLI.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <exception>
#include <iostream>
#include <memory>
#include <new>
#include <optional>
#include <string>
#include <vector>

#include "cli/archive.h"
#include "cli/audit.h"
#include "cli/html.h"
#include "cli/command_group.h"
#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/game_facts.h"
#include "cli/live.h"
#include "cli/output.h"
#include "cli/usage_errors.h"
#include "engine/text.h"
#include "referee/open_store.h"
#include "referee/sqlite_store.h"

namespace {

constexpr int kExitOk = 0;
constexpr int kExitViolation = 1;
constexpr int kExitBadInput = 2;

constexpr const char* kSourceHelp =
    "the event log: a JSON Lines file, one event per line ('-' reads standard input); "
    "or give --db";

// What SOURCE is, for the footers of the commands that read one.
constexpr const char* kSourceText =
    R"(SOURCE is an event log in JSON Lines (INTERFACE.md §1): one JSON object per
line, one event each. A file may hold several games; each starts with a "game"
event and its events are numbered from 1 (seq). For example:
  {"type":"game","game":"g1","seats":["Alice","Bob","Carol","Dan"]}
  {"type":"deal","hands":[["3c","4c",...],["3d",...],["3h",...],["3s",...]]}
  {"type":"play","seat":2,"cards":["Qh"]}
  {"type":"pass","seat":3}
Or SOURCE is a database refereed live (--db FILE, see pli new --help).
)";

// --json, as every command does it (INTERFACE.md §2).
constexpr const char* kJsonText =
    R"(
--json prints one complete JSON document on stdout, whatever happens: when
nothing could be judged (exit 2) it is {"error":{"message","line","field"}},
line and field null where they do not apply.
)";

const std::string kFooter = std::string(kSourceText) +
    R"(
Exit status (every command): 0 success (audit: clean), 1 a rule violation
found or an action refused (audit: also a broken hash chain; explain: the
event is illegal; diff: the logs differ; check: a scenario fails), 2 bad
usage, an unreadable or malformed log, nothing to judge, or a storage
failure. The message goes to stderr.
)" + kJsonText + R"(
Examples:
  pli audit games/president/fixtures/seed/5.1-suite.jsonl
  pli state games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20
  pli new --db games.db --game g1 --seats Ana,Bo,Cy,Di
  pli deal --db games.db --game g1 --seed 42 --expect 1
  pli legal --db games.db --game g1 --json
  pli audit games/skull_king/fixtures/examples/D-tour-of-codes.jsonl --continue   # exit 1
  pli state games/skull_king/fixtures/examples/C-king-tigress-bonuses.jsonl
  pli new --db sk.db --game s1 --ruleset skull-king --seats Ana,Bo,Cy
Each command's options and examples: pli COMMAND --help.
)";

const std::string kAuditFooter = std::string(kSourceText) +
    R"(
Exit status: 0 every game clean, 1 a rule violation found or a broken hash
chain, 2 bad usage, an unreadable or malformed log, nothing to judge (a log
without any event), or a storage failure.
)" + kJsonText + R"(audit's document is {"games":[...],"summary":{...}}, streamed game by game;
a failure in the middle of an archive closes it with the games judged so
far, their summary and an "error" member (and exit 2).

Before the examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli audit games/president/fixtures/seed/5.1-suite.jsonl
  pli audit games/president/fixtures/rules/P3-too-weak-illegal.jsonl --continue --json   # exit 1
  pli audit games/president/fixtures/rules/P3-too-weak-illegal.jsonl --continue --html report.html   # exit 1
  pli audit --db club.db --game 5.1-suite \
    --head 11:48957ba68da75ee73f40abcdb4009efd853dec0666f6bf31a720ccb0819c16ba
(--head SEQ:HASH is a head you kept, from an acknowledgement or from the
last line of an export: the audit fails if the game no longer reaches it.)
)";

const std::string kStateFooter = std::string(kSourceText) +
    R"(
Exit status: 0 shown, 2 bad usage (e.g. --at past the last event), an
unreadable or malformed log, or a storage failure.
)" + kJsonText + R"(
Examples:
  pli state games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20
  pli state games/president/fixtures/seed/5.1-suite.jsonl --json
)";

const std::string kLegalFooter = std::string(kSourceText) +
    R"(
Exit status: 0 listed, 2 bad usage (e.g. --at past the last event), an
unreadable or malformed log, or a storage failure.
)" + kJsonText + R"(
Examples:
  pli legal games/president/fixtures/seed/5.1-suite.jsonl --at 4
  pli legal games/president/fixtures/seed/5.1-suite.jsonl --json
)";

struct Args {
  std::string source;
  std::optional<std::string> db;
  std::optional<std::string> head;  // audit --head SEQ:HASH
  bool json = false;
  bool keep_going = false;          // audit --continue
  std::optional<int64_t> at;        // state, legal
  std::optional<std::string> game;  // state, legal
  bool actions = false;             // legal --actions
  std::optional<std::string> html;  // audit --html FILE
  int jobs = 0;                     // audit --jobs N (0: pli::DefaultAuditJobs())
};

void Print(const boost::json::value& value) { std::cout << boost::json::serialize(value) << "\n"; }

// Audits SOURCE or --db into `printer`; returns the exit status.
int AuditInto(pli::cli::AuditPrinter& printer, pli::AuditSink& sink, const Args& args) {
  if (args.db.has_value() == !args.source.empty()) {
    throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
  }
  if (args.html && !args.db && args.source == "-") {
    throw std::runtime_error("--html reads the games again for their replays: give a file or --db, not standard input");
  }
  pli::Witness witness;
  if (args.head) witness = pli::ParseWitness(*args.head);
  if (args.db) {
    pli::AuditDbGames(sink, *args.db, args.game, witness.game, witness.database,
                      args.jobs > 0 ? args.jobs : pli::DefaultAuditJobs());
    return printer.Finish(pli::StoreName(*args.db));  // kExitOk, kExitViolation or kExitBadInput
  }
  pli::AuditFileGames(sink, args.source, args.game, witness);
  // kExitOk, kExitViolation, or kExitBadInput when an event is malformed.
  return printer.Finish(pli::SourceLabel(args.source));
}

// pli audit. A failure once the JSON document is under way closes it with
// an "error" member (AuditPrinter::Fail), so stdout stays one document.
int RunAudit(const Args& args) {
  pli::cli::AuditPrinter printer(args.json, args.keep_going);
  pli::AuditReport report(printer);  // --html: keeps each game's verdict on the way
  try {
    const int status = AuditInto(printer, args.html ? report : static_cast<pli::AuditSink&>(printer), args);
    return args.html ? pli::cli::WriteAuditPage(*args.html, report, args.source, args.db, status) : status;
  } catch (const std::exception& e) {
    if (!printer.Started()) throw;
    printer.Fail(e);
    std::cerr << "pli: " << e.what() << "\n";
    return kExitBadInput;
  }
}

// The point command (state, legal) of a game of its own, when `kind`'s game
// registered one (cli/game_commands.h); the default game's when the game is
// not known (nullptr: none there, or a body no game owns), which then says
// what is wrong.
using OwnPoint = decltype(pli::cli::GameCommands::point);
OwnPoint OwnPointOf(const pli::Game* kind) {
  return pli::cli::CommandsOf(kind != nullptr ? *kind : pli::DefaultGame()).point;
}

// The game a state or legal command looks at, read through the game
// interface (games/game.h); nullopt when its game reads it itself (`own`
// set: Super Président's, games/president/cli/state.cc). A SQLite file is opened
// once: its store is left in `sqlite` for that game's own command, and the
// game's kind is read off its first row before the game is read (once, by
// one path or the other).
std::optional<pli::AnyLoadedGame> OtherGame(const Args& args,
                                            std::unique_ptr<pli::SqliteReader>& sqlite,
                                            OwnPoint& own) {
  if (args.db) {
    if (!args.source.empty()) throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
    if (!pli::IsPostgresUri(*args.db)) {
      sqlite = pli::OpenSqliteReader(*args.db);
      // --game's game is there (its games row), or DbGameIds says which are;
      // several and no --game: DbGameId says which to choose.
      std::vector<std::string> ids = args.game && sqlite->HeadOf(*args.game)
                                         ? std::vector<std::string>{*args.game}
                                         : pli::DbGameIds(*sqlite, *args.db, args.game, false);
      if (ids.size() > 1) ids = {pli::DbGameId(*sqlite, *args.db, args.game)};
      // No game: the default game's own command says the file holds none.
      const pli::Game* kind = ids.empty() ? nullptr : pli::StoredGameKind(*sqlite, ids.front());
      // Rows no game of this pli owns: LoadAnyStoredGame says so (issue 27).
      if (kind == nullptr && !ids.empty()) {
        if (std::optional<pli::AnyLoadedGame> g = pli::LoadAnyStoredGame(*sqlite, ids.front())) return g;
      }
      own = OwnPointOf(kind);
      if (own != nullptr || ids.empty()) return std::nullopt;
      return pli::LoadAnyStoredGame(*sqlite, ids.front());
    }
    std::unique_ptr<pli::EventStore> store = pli::OpenStore(*args.db, pli::OpenMode::kReadOnly);
    std::optional<pli::AnyLoadedGame> game =
        pli::LoadAnyStoredGame(*store, pli::DbGameId(*store, *args.db, args.game));
    own = OwnPointOf(game ? game->log.kind : nullptr);
    if (own != nullptr) return std::nullopt;
    return game;
  }
  pli::AnyLoadedGame game = pli::LoadAnyFileGame(args.source, args.game);
  own = OwnPointOf(game.log.kind);
  if (own != nullptr) return std::nullopt;
  return game;
}

// state or legal of any game: the match folded to --at (or the end).
int RunAnyPoint(const Args& args, pli::AnyLoadedGame& game, bool legal) {
  if (game.chain.status == pli::ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << pli::EscapeForTerminal(game.log.game)
              << "\" has a broken hash chain (at event " << game.chain.problems.front().seq
              << "); run pli audit\n";
  }
  const int64_t at =
      pli::ResolveAt(game.log.game, static_cast<int64_t>(game.log.events.size()), args.at);
  std::unique_ptr<pli::Match> match = game.log.kind->NewMatch();
  const pli::Malformed* malformed = nullptr;
  for (int64_t i = 0; i < static_cast<int64_t>(game.log.events.size()); ++i) {
    const pli::AnyEvent& e = game.log.events[static_cast<size_t>(i)];
    if (e.malformed && malformed == nullptr) malformed = &*e.malformed;
    if (i < at) match->Step(e);
  }
  if (args.json) {
    if (legal && args.actions) {
      Print(pli::LegalWithActions(match->LegalJson(), match->LegalActionsJson()));
    } else if (legal) {
      Print(match->LegalJson());
    } else {
      Print(match->StateJson());
    }
  } else {
    std::cout << (legal ? match->LegalText() : match->StateText());
  }
  if (malformed == nullptr) return kExitOk;
  std::cerr << "pli: game \"" << pli::EscapeForTerminal(game.log.game)
            << "\" holds a malformed event (" << pli::EscapeForTerminal(malformed->Text())
            << "); pli audit --continue lists them all\n";
  return kExitBadInput;
}

// pli state (`legal` false) and pli legal: the game's own command, or the
// match of any game.
int RunPoint(const Args& args, bool legal) {
  if (args.actions && !args.json) {
    throw std::runtime_error("--actions adds to the entries of --json: give --json too");
  }
  std::unique_ptr<pli::SqliteReader> sqlite;  // --db's file, opened once
  OwnPoint own = nullptr;
  if (std::optional<pli::AnyLoadedGame> other = OtherGame(args, sqlite, own)) {
    return RunAnyPoint(args, *other, legal);
  }
  if (own == nullptr) throw std::runtime_error((args.db ? pli::StoreName(*args.db) : args.source) + " holds no game");
  return own({args.source, args.db, args.at, args.game, args.json, args.actions}, legal, std::move(sqlite));
}

CLI::App* AddCommand(CLI::App& app, const char* name, const std::string& description,
                     const std::string& footer, Args& args) {
  CLI::App* command = app.add_subcommand(name, description);
  command->add_option("SOURCE", args.source, kSourceHelp);
  command->add_option("--db", args.db, "read the games of this database instead of a file")
      ->type_name("FILE");
  command->add_flag("--json", args.json, "print one JSON document on stdout instead of text");
  command->footer(footer);
  return command;
}

void AddGameOption(CLI::App* command, Args& args) {
  command
      ->add_option("--game", args.game,
                   "the game's id, required when SOURCE holds more than one game")
      ->type_name("ID");
}

void AddPointOptions(CLI::App* command, Args& args) {
  command
      ->add_option("--at", args.at,
                   "look after event SEQ of the game (1-based; default: the last event). "
                   "An illegal event changes nothing, so --at it shows the state before it")
      ->type_name("SEQ");
  AddGameOption(command, args);
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
                       "Re-check every event of every game in SOURCE (and its hash chain, where "
                       "there is one); report each rule violation (seq, seat, code, rule, "
                       "message) and each sign of tampering. Exit 1 when one is found.",
                       kAuditFooter, args);
  c.audit->add_flag("--continue", args.keep_going,
                    "report an illegal event, skip it and go on (default: stop each game's "
                    "check at its first violation)");
  AddGameOption(c.audit, args);
  c.audit
      ->add_option("--head", args.head,
                   "a witness kept from an acknowledgement: SEQ:HASH, a game's head (with "
                   "several games, name it with --game), proves the log still holds that "
                   "event with that hash, so nothing up to it was cut or rewritten; "
                   "db:N:HASH, the database's head (also printed by audit --db), proves its "
                   "first N games are still those, each at the same head. With --db or an "
                   "exported log (pli export)")
      ->type_name("SEQ:HASH|db:N:HASH");
  c.audit->add_option("--html", args.html, pli::cli::kAuditHtmlHelp)->type_name("FILE");
  c.audit
      ->add_option("--jobs", args.jobs,
                   "with --db FILE: audit its games in N threads, each reading a share of them "
                   "from the same snapshot; the output is the same for any N (default: the "
                   "cores this process may use, at most 4)")
      ->type_name("N")
      ->check(CLI::Range(1, 64));
  c.state = AddCommand(app, "state",
                       "Show the state of a game after an event: " +
                           pli::cli::TextsByGame(&pli::GameFacts::state_summary) + ".",
                       kStateFooter, args);
  AddPointOptions(c.state, args);
  c.legal = AddCommand(
      app, "legal",
      "List every legal action after an event: " + pli::cli::TextsByGame(&pli::GameFacts::legal_summary) + ".",
      kLegalFooter, args);
  AddPointOptions(c.legal, args);
  c.legal->add_flag("--actions", args.actions,
                    "with --json: each entry also carries \"action\", the exact action to submit "
                    "(pli serve's POST /actions), and \"label\" {\"en\",\"fr\"} for people");
  return c;
}

// Whether --json is on the command line, wherever: then even a command line
// CLI11 refuses gets its error as a JSON document (INTERFACE.md §2).
bool WantsJson(int argc, char** argv) {
  for (int i = 1; i < argc; ++i) {
    if (std::string(argv[i]) == "--") return false;
    if (std::string(argv[i]) == "--json") return true;
  }
  return false;
}

// A failure where nothing could be judged: the message on stderr and, with
// --json, the error document on stdout. Returns exit status 2.
int ReportError(const std::exception& e, bool json, const std::string& hint = "") {
  // libpq indents its message's second line with a tab: shown as spaces,
  // not as an escaped \t (issue 29).
  std::string message = e.what();
  for (size_t i = 0; (i = message.find('\t', i)) != std::string::npos;) message.replace(i, 1, "  ");
  std::cerr << "pli: " << pli::EscapeLinesForTerminal(message) << "\n" << hint;
  if (json) Print(pli::cli::ErrorJson(e));
  return kExitBadInput;
}

// Parses the command line; returns an exit status when there is nothing
// more to do (help or version printed, or bad usage reported).
std::optional<int> Parse(CLI::App& app, int argc, char** argv, bool json) {
  try {
    app.parse(argc, argv);
  } catch (const CLI::CallForHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForAllHelp& e) {
    return app.exit(e);
  } catch (const CLI::CallForVersion& e) {
    if (!json) return app.exit(e);
    Print(boost::json::object{{"name", "pli"}, {"version", PLI_VERSION}});
    return kExitOk;
  } catch (const CLI::ParseError& e) {
    // One plain sentence, never CLI11's wording (issue 29).
    return ReportError(std::runtime_error(pli::cli::PlainUsageError(e, app, argc, argv)), json,
                       "Run 'pli --help' or 'pli COMMAND --help' for usage.\n");
  }
  return std::nullopt;
}

}  // namespace

int main(int argc, char** argv) {
  CLI::App app{
      "pli: the referee of " + pli::cli::GameTitles() + ". It referees live games into a "
      "database, SQLite or PostgreSQL (every action judged by the game's rules before it is "
      "written, every event hash-chained), at the command line or at a table in the browser "
      "(pli serve); re-checks event logs and archives; and shows the state and the legal "
      "actions at any point, why an action was or was not legal, and a replay to step "
      "through."};
  app.name("pli");
  app.footer(kFooter);
  app.set_version_flag("--version", std::string("pli ") + PLI_VERSION,
                       "print pli's version (with --json: {\"name\",\"version\"})");
  app.require_subcommand(1);
  Args args;
  const Commands commands = AddCommands(app, args);
  pli::cli::LiveArgs live_args;
  const pli::cli::LiveCommands live = pli::cli::AddLiveCommands(app, live_args);
  pli::cli::ArchiveArgs archive_args;
  const pli::cli::ArchiveCommands archive = pli::cli::AddArchiveCommands(app, archive_args);
  std::vector<std::unique_ptr<pli::cli::CommandGroup>> groups;
  groups.push_back(pli::cli::AddAdjudicateCommands(app));
  groups.push_back(pli::cli::AddReplayCommand(app));
  groups.push_back(pli::cli::AddSimulateCommands(app));
  groups.push_back(pli::cli::AddServeCommand(app));
  groups.push_back(pli::cli::AddCopyCommand(app));
  pli::cli::GuardNumbers(app);
  const bool json = WantsJson(argc, argv);
  if (std::optional<int> status = Parse(app, argc, argv, json)) return *status;
  try {
    for (const auto& group : groups) {
      if (std::optional<int> status = group->RunParsed()) return *status;
    }
    if (std::optional<int> status = pli::cli::RunLive(live, live_args)) return *status;
    if (std::optional<int> status = pli::cli::RunArchive(archive, archive_args)) return *status;
    if (commands.audit->parsed()) return RunAudit(args);
    if (commands.state->parsed()) return RunPoint(args, false);
    if (commands.legal->parsed()) return RunPoint(args, true);
    return ReportError(std::runtime_error("no command given"), json);
  } catch (const std::bad_alloc&) {  // not "std::bad_alloc" (issue 12 item 10)
    return ReportError(std::runtime_error(
                           "out of memory: the input is larger than this machine can hold"),
                       json);
  } catch (const std::exception& e) {
    return ReportError(e, json);
  }
}
