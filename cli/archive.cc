// archive.cc: pli import, export and backup (see archive.h).
#include "cli/archive.h"

#include <boost/json.hpp>
#include <cerrno>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "cli/error.h"
#include "engine/text.h"
#include "referee/memory_store.h"
#include "referee/open_store.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/source.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitBadInput = 2;

// An illegal event, or a game already there, is a refusal (exit 1); an
// edited log (its hashes do not chain) is bad input (exit 2).
bool RefusedByRule(const ImportResult& r) { return r.violation || r.seq == 0; }

void PrintImport(const ArchiveArgs& args, const ImportResult& r) {
  const bool partial = !r.ok && !r.raced.empty();
  if (args.json) {
    boost::json::object o;
    o["result"] = r.ok ? "imported" : partial ? "partial" : "refused";
    o["games"] = r.games;
    o["events"] = r.events;
    boost::json::array kept;
    for (const auto& [game, seq] : r.kept) kept.push_back({{"game", game}, {"seq", seq}});
    o["kept_illegal"] = std::move(kept);
    if (!r.ok && !partial && !RefusedByRule(r)) o["error"] = ErrorMember(r.message);  // exit 2
    if (partial) {
      boost::json::array raced;
      for (const std::string& game : r.raced) raced.push_back(boost::json::value(game));
      o["not_imported"] = std::move(raced);
      o["message"] = r.message;
    } else if (!r.ok) {
      o["game"] = r.game;
      o["seq"] = r.seq;
      if (r.violation) o["violation"] = VerdictJson(*r.violation);
      o["message"] = r.message;
    }
    std::cout << boost::json::serialize(o) << "\n";
    return;
  }
  if (r.ok) {
    std::cout << "imported " << r.games << " game(s), " << r.events << " event(s) into "
              << EscapeForTerminal(StoreName(args.db)) << "\n";
    for (const auto& [game, seq] : r.kept) {
      std::cout << "  kept for audit: game \"" << EscapeForTerminal(game) << "\" event " << seq << " is illegal\n";
    }
    return;
  }
  if (partial) {
    std::cout << "imported " << r.games << " game(s), " << r.events << " event(s) into "
              << EscapeForTerminal(StoreName(args.db)) << "\n";
    std::cerr << "pli: import incomplete: " << r.message << ":\n";
    for (const std::string& game : r.raced) std::cerr << "  not imported: \"" << EscapeForTerminal(game) << "\"\n";
    return;
  }
  std::cerr << "pli: import refused: game \"" << EscapeForTerminal(r.game) << "\"";
  if (r.seq > 0) std::cerr << ", event " << r.seq;
  if (r.violation && r.violation->code != "malformed") {
    std::cerr << ": " << r.violation->code << " (" << r.violation->rule << ")";
  }
  std::cerr << ": " << EscapeForTerminal(r.message) << "\nnothing was written";
  if (r.violation) std::cerr << " (--keep-illegal imports illegal events for audit)";
  std::cerr << "\n";
}

int RunImport(const ArchiveArgs& args) {
  const std::vector<AnyGameLog> games = ReadAnySource(args.file);  // unreadable: exit 2
  if (games.empty()) throw std::runtime_error(SourceLabel(args.file) + " holds no game");
  // A malformed event refuses the whole import (INTERFACE.md §2), before the
  // database is opened: nothing is written, no file is created. Exit 2.
  for (const AnyGameLog& game : games) {
    for (const AnyEvent& e : game.events) {
      if (!e.malformed) continue;
      throw std::runtime_error(SourceLabel(args.file) + ": import refused, nothing written: " +
                               e.malformed->Text());
    }
  }
  // Into a database that does not exist yet, the import is judged first in
  // memory, so that a refusal creates nothing and so never has to delete
  // anything (issue 12 item 1): a file, once there, may already hold another
  // process's acknowledged events. Accepted, the database is created
  // (atomically, referee/sqlite_schema.cc) and the games imported there,
  // where they are judged afresh.
  std::optional<ImportResult> judged;
  if (!IsPostgresUri(args.db) && !std::filesystem::exists(args.db)) {
    std::unique_ptr<EventStore> empty = NewMemoryStore();
    judged = Import(*empty, games, args.keep_illegal);
  }
  const ImportResult result = judged && !judged->ok ? *judged : [&] {
    std::unique_ptr<EventStore> store = OpenStore(args.db, OpenMode::kCreate);
    return Import(*store, games, args.keep_illegal);
  }();
  PrintImport(args, result);
  if (result.ok) return kExitOk;
  return RefusedByRule(result) ? kExitRejected : kExitBadInput;
}

// Writes a game as an exported log: each event's canonical line with its
// seq, and its stored hash last (to `out`; with --json and no --output, as
// the array "log" of the game's object instead), each stored body written
// by its game (Game::EventJson). The game is checked as audit --db checks
// it (CheckStoredAnyGame): an event that does not decode is left out, and
// a broken chain is warned of, the game exported as stored. Returns the
// game's object of export --json: {"game","events","chain"[,"log"]}.
boost::json::object ExportGame(EventStore& store, const std::string& id, std::ostream& out,
                               bool inline_log) {
  std::optional<StoredGame> stored = store.Read(id);
  if (!stored) {
    throw InputError("the database has no game \"" + id + "\"", std::nullopt, "--game");
  }
  const AnyCheckedGame checked = CheckStoredAnyGame(*stored, std::nullopt);
  if (!checked.unknown.empty()) {
    // A game a newer pli added (issue 27): nothing of it is written, the
    // others are; the export then exits 2 (RunExport).
    std::cerr << "pli: game \"" << EscapeForTerminal(id) << "\" is not exported: it is "
              << EscapeForTerminal(checked.unknown) << "\n";
    return boost::json::object{{"game", id}, {"events", 0},
                               {"chain", ChainStatusName(checked.chain.status)},
                               {"unknown_game", checked.unknown}};
  }
  const Game& kind = *checked.log.kind;
  boost::json::array log;
  for (size_t i = 0; i < checked.log.events.size(); ++i) {
    const AnyEvent& e = checked.log.events[i];
    const std::string line = kind.EventJson(e.body, e.seq.value_or(static_cast<int64_t>(i) + 1),
                                            checked.log.hashes[i]);
    if (inline_log) {
      log.push_back(boost::json::parse(line));
    } else {
      out << line << "\n";
    }
  }
  boost::json::object o{{"game", id},
                        {"events", checked.log.events.size()},
                        {"chain", ChainStatusName(checked.chain.status)}};
  if (inline_log) o["log"] = std::move(log);
  if (checked.chain.status == ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << EscapeForTerminal(id) << "\"'s chain is broken at event "
              << checked.chain.problems.front().seq << " ("
              << EscapeForTerminal(checked.chain.problems.front().message)
              << "); exported as stored. Run pli audit --db for the details.\n";
  }
  return o;
}

// pli export. With --json, stdout holds one document, {"output":FILE|null,
// "games":[{"game","events","chain","log"?}]}: the log itself goes to
// --output, or, without it, into each game's "log" array (the events as
// objects, with seq and hash). The document is streamed game by game; a
// failure once it is under way closes it with an "error" member.
int RunExport(const ArchiveArgs& args) {
  std::unique_ptr<EventStore> store = OpenStore(args.db, OpenMode::kReadOnly);
  const std::vector<std::string> ids = args.game ? std::vector{*args.game} : store->Games();
  std::ofstream file;
  if (args.output) {
    if (std::filesystem::exists(*args.output)) {
      throw std::runtime_error(*args.output + " already exists; not overwritten");
    }
    errno = 0;
    file.open(*args.output, std::ios::binary);
    if (!file) {  // with the system's reason (issue 29)
      const int e = errno;
      throw std::runtime_error("cannot write " + *args.output + ": " +
                               (e != 0 ? std::string(std::strerror(e)) : std::string("it cannot be created")));
    }
  }
  std::ostream& out = args.output ? file : std::cout;
  const bool inline_log = args.json && !args.output;
  const std::string open =
      "{\"output\":" +
      (args.output ? boost::json::serialize(boost::json::value(*args.output)) : "null") +
      ",\"games\":[";
  bool clean = true;
  bool unknown = false;  // a game this pli does not know was left out
  size_t done = 0;
  try {
    for (const std::string& id : ids) {
      const boost::json::object game = ExportGame(*store, id, out, inline_log);
      clean = clean && game.at("chain") != "broken";
      unknown = unknown || game.contains("unknown_game");
      if (args.json) {
        std::cout << (done > 0 ? "," : open) << boost::json::serialize(game);
      }
      ++done;
    }
    errno = 0;
    out.flush();
    if (!out) {
      const int e = errno;
      throw std::runtime_error(
          "writing the export to " + (args.output ? *args.output : std::string("standard output")) +
          " failed" + (e != 0 ? ": " + std::string(std::strerror(e)) : std::string()));
    }
  } catch (const std::exception& e) {
    if (!args.json || done == 0) throw;
    std::cout << "],\"error\":" << boost::json::serialize(ErrorMember(e)) << "}\n";
    std::cerr << "pli: " << e.what() << "\n";
    return kExitBadInput;
  }
  if (args.json) {
    std::cout << (done == 0 ? open : "") << "]}\n";
  }
  if (unknown) return kExitBadInput;
  return clean ? kExitOk : kExitRejected;
}

int RunBackup(const ArchiveArgs& args) {
  if (IsPostgresUri(args.db)) throw std::runtime_error(PostgresBackupAdvice(args.db));
  BackupSqliteStore(args.db, args.file);
  if (args.json) {
    std::cout << boost::json::serialize(boost::json::object{{"result", "ok"}, {"backup", args.file}})
              << "\n";
  } else {
    std::cout << "backed up " << EscapeForTerminal(StoreName(args.db)) << " to " << EscapeForTerminal(args.file)
              << "\n";
  }
  return kExitOk;
}

constexpr const char* kImportFooter = R"(
All or nothing: every event is re-checked by the rules (and a log with
hashes must chain) before anything is written.

Exit status: 0 imported, 1 refused (an illegal event, or a game already in
the database), 2 bad usage, an unreadable or malformed log, a log whose
hashes do not chain, or a storage failure.
--json: one JSON document on stdout ({"result":"imported"|"refused",...};
{"error":{"message","line","field"}} when the log cannot be read).

Examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl
  pli import --db audit.db games/president/fixtures/rules/O2-ou-rien-illegal.jsonl --keep-illegal --json
  pli import --db part.db - < games/president/fixtures/seed/5.5-finish-on-2.jsonl
)";

constexpr const char* kExportFooter = R"(
Exit status: 0 exported, 1 exported, but a game's hash chain is broken
(warned on stderr), 2 bad usage, no such game or database, or a storage
failure.
--json: one JSON document on stdout, {"output":FILE|null,"games":[{"game",
"events","chain","log"}]}: without --output, "log" holds the game's events
as objects (with seq and hash); a failure halfway closes the document with
an "error" member.

Before the examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli export --db club.db > club.jsonl
  pli export --db club.db --game 5.1-suite --output 5.1-suite.jsonl
  pli export --db club.db --game 5.1-suite --json
)";

constexpr const char* kBackupFooter = R"(
Exit status: 0 copied, 2 bad usage (the target exists), no such database,
or a storage failure.
--json: one JSON document on stdout ({"result":"ok","backup":TARGET}, or
{"error":{...}}).

Before the examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli backup --db club.db club-2026-11-24.db
  pli backup --db club.db club-copy.db --json
)";

CLI::Option* AddDb(CLI::App* c, ArchiveArgs& args, const char* what) {
  return c->add_option("--db", args.db, what)->required()->type_name("FILE");
}

}  // namespace

ArchiveCommands AddArchiveCommands(CLI::App& app, ArchiveArgs& args) {
  ArchiveCommands out;
  out.import = app.add_subcommand(
      "import",
      "Import the games of a JSON Lines log into a database, re-checking every event. The "
      "whole log is judged first: an illegal or malformed event, an edited hash or a game "
      "already in the database refuses it whole, writing nothing. Then the games are written "
      "in transactions of a few thousand events, so that live players are not locked out: "
      "each game is written whole or not at all; a game another writer creates meanwhile is "
      "left out and named (exit 1); if pli is killed, the games written so far stay. A log "
      "exported by pli export imports to the same events and hashes.");
  AddDb(out.import, args, "the database (created if missing)");
  out.import->add_option("LOG", args.file, "the log ('-' reads standard input)")->required();
  out.import->add_flag("--keep-illegal", args.keep_illegal,
                       "store illegal events too (they change nothing on replay), so the game "
                       "can be audited; by default an illegal event refuses the import");
  out.import->add_flag("--json", args.json, "print one JSON document on stdout");
  out.import->footer(kImportFooter);
  out.export_ = app.add_subcommand(
      "export",
      "Write games as JSON Lines, each event with its seq and hash (the form pli import reads).");
  AddDb(out.export_, args, "the database");
  out.export_->add_option("--game", args.game, "only this game (default: every game)")
      ->type_name("ID");
  out.export_->add_option("--output,-o", args.output, "write to this new file (default: stdout)")
      ->type_name("FILE");
  out.export_->add_flag("--json", args.json,
                        "print one JSON document on stdout: each game's events, chain verdict "
                        "and (without --output) its log as an array of event objects");
  out.export_->footer(kExportFooter);
  out.backup = app.add_subcommand(
      "backup",
      "Copy a database safely while it may be in use (SQLite's backup API: events still in the "
      "-wal file are included, which a plain cp of the .db file would lose).");
  AddDb(out.backup, args, "the database");
  out.backup->add_option("TARGET", args.file, "the new file (must not exist)")->required();
  out.backup->add_flag("--json", args.json, "print one JSON document on stdout");
  out.backup->footer(kBackupFooter);
  return out;
}

std::optional<int> RunArchive(const ArchiveCommands& commands, const ArchiveArgs& args) {
  if (commands.import->parsed()) return RunImport(args);
  if (commands.export_->parsed()) return RunExport(args);
  if (commands.backup->parsed()) return RunBackup(args);
  return std::nullopt;
}

}  // namespace pli::cli
