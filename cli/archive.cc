// archive.cc: pli import, export and backup (see archive.h).
#include "cli/archive.h"

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <stdexcept>

#include "cli/source.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "schema/event_json.h"
#include "schema/state_json.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitBadInput = 2;

void PrintImport(const ArchiveArgs& args, const ImportResult& r) {
  if (args.json) {
    boost::json::object o;
    o["result"] = r.ok ? "imported" : "refused";
    o["games"] = r.games;
    o["events"] = r.events;
    boost::json::array kept;
    for (const auto& [game, seq] : r.kept) kept.push_back({{"game", game}, {"seq", seq}});
    o["kept_illegal"] = std::move(kept);
    if (!r.ok) {
      o["game"] = r.game;
      o["seq"] = r.seq;
      if (r.violation) o["violation"] = ViolationToJson(*r.violation);
      o["message"] = r.message;
    }
    std::cout << boost::json::serialize(o) << "\n";
    return;
  }
  if (r.ok) {
    std::cout << "imported " << r.games << " game(s), " << r.events << " event(s) into "
              << args.db << "\n";
    for (const auto& [game, seq] : r.kept) {
      std::cout << "  kept for audit: game \"" << game << "\" event " << seq << " is illegal\n";
    }
    return;
  }
  std::cerr << "pli: import refused: game \"" << r.game << "\"";
  if (r.seq > 0) std::cerr << ", event " << r.seq;
  if (r.violation && r.violation->code != Code::kMalformed) {
    std::cerr << ": " << CodeName(r.violation->code) << " (" << r.violation->rule << ")";
  }
  std::cerr << ": " << r.message << "\nnothing was written";
  if (r.violation) std::cerr << " (--keep-illegal imports illegal events for audit)";
  std::cerr << "\n";
}

int RunImport(const ArchiveArgs& args) {
  const std::vector<GameLog> games = ReadSource(args.file);  // unreadable: exit 2
  if (games.empty()) throw std::runtime_error(SourceLabel(args.file) + " holds no game");
  // A malformed event refuses the whole import (INTERFACE.md §2), before the
  // database is opened: nothing is written, no file is created. Exit 2.
  for (const GameLog& game : games) {
    if (const MalformedEvent* m = FirstMalformed(game)) {
      throw std::runtime_error(SourceLabel(args.file) + ": import refused, nothing written: " +
                               m->Text());
    }
  }
  const bool existed = std::filesystem::exists(args.db);
  std::unique_ptr<EventStore> store = OpenSqliteStore(args.db, OpenMode::kCreate);
  const ImportResult result = Import(*store, games, args.keep_illegal);
  if (!existed && !result.ok) {
    store.reset();
    RemoveDatabase(args.db);  // a refused import into a new file leaves none
  }
  PrintImport(args, result);
  if (result.ok) return kExitOk;
  // An edited log (its hashes do not chain) is bad input; an illegal event
  // or a game already there is a refusal.
  return result.violation || result.seq == 0 ? kExitRejected : kExitBadInput;
}

// Writes a game as an exported log: each event's canonical line with its
// seq, and its stored hash last. Returns false when its chain is broken.
bool ExportGame(EventStore& store, const std::string& id, std::ostream& out) {
  std::optional<StoredGame> stored = store.Read(id);
  if (!stored) throw std::runtime_error("the database has no game \"" + id + "\"");
  const CheckedGame checked = CheckStoredGame(*stored, std::nullopt);
  for (size_t i = 0; i < checked.log.events.size(); ++i) {
    std::string line = EventToJson(checked.log.events[i]);
    line.pop_back();  // the closing brace
    out << line << ",\"hash\":\"" << checked.log.hashes[i] << "\"}\n";
  }
  if (checked.chain.status == ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << id << "\"'s chain is broken at event "
              << checked.chain.problems.front().seq << " ("
              << checked.chain.problems.front().message
              << "); exported as stored. Run pli audit --db for the details.\n";
    return false;
  }
  return true;
}

int RunExport(const ArchiveArgs& args) {
  std::unique_ptr<EventStore> store = OpenSqliteStore(args.db, OpenMode::kReadOnly);
  const std::vector<std::string> ids = args.game ? std::vector{*args.game} : store->Games();
  std::ofstream file;
  if (args.output) {
    if (std::filesystem::exists(*args.output)) {
      throw std::runtime_error(*args.output + " already exists; not overwritten");
    }
    file.open(*args.output, std::ios::binary);
    if (!file) throw std::runtime_error("cannot write " + *args.output);
  }
  std::ostream& out = args.output ? file : std::cout;
  bool clean = true;
  for (const std::string& id : ids) clean = ExportGame(*store, id, out) && clean;
  out.flush();
  if (!out) throw std::runtime_error("writing the export failed");
  return clean ? kExitOk : kExitRejected;
}

int RunBackup(const ArchiveArgs& args) {
  BackupSqliteStore(args.db, args.file);
  if (args.json) {
    std::cout << boost::json::serialize(boost::json::object{{"result", "ok"}, {"backup", args.file}})
              << "\n";
  } else {
    std::cout << "backed up " << args.db << " to " << args.file << "\n";
  }
  return kExitOk;
}

CLI::Option* AddDb(CLI::App* c, ArchiveArgs& args, const char* what) {
  return c->add_option("--db", args.db, what)->required()->type_name("FILE");
}

}  // namespace

ArchiveCommands AddArchiveCommands(CLI::App& app, ArchiveArgs& args) {
  ArchiveCommands out;
  out.import = app.add_subcommand(
      "import",
      "Import the games of a JSON Lines log into a database, re-checking every event; all or "
      "nothing. A log exported by pli export imports to the same events and hashes.");
  AddDb(out.import, args, "the database (created if missing)");
  out.import->add_option("LOG", args.file, "the log ('-' reads standard input)")->required();
  out.import->add_flag("--keep-illegal", args.keep_illegal,
                       "store illegal events too (they change nothing on replay), so the game "
                       "can be audited; by default an illegal event refuses the import");
  out.import->add_flag("--json", args.json, "print one JSON document on stdout");
  out.export_ = app.add_subcommand(
      "export",
      "Write games as JSON Lines, each event with its seq and hash (the form pli import reads).");
  AddDb(out.export_, args, "the database");
  out.export_->add_option("--game", args.game, "only this game (default: every game)")
      ->type_name("ID");
  out.export_->add_option("--output,-o", args.output, "write to this new file (default: stdout)")
      ->type_name("FILE");
  out.backup = app.add_subcommand(
      "backup",
      "Copy a database safely while it may be in use (SQLite's backup API: events still in the "
      "-wal file are included, which a plain cp of the .db file would lose).");
  AddDb(out.backup, args, "the database");
  out.backup->add_option("TARGET", args.file, "the new file (must not exist)")->required();
  out.backup->add_flag("--json", args.json, "print one JSON document on stdout");
  return out;
}

std::optional<int> RunArchive(const ArchiveCommands& commands, const ArchiveArgs& args) {
  if (commands.import->parsed()) return RunImport(args);
  if (commands.export_->parsed()) return RunExport(args);
  if (commands.backup->parsed()) return RunBackup(args);
  return std::nullopt;
}

}  // namespace pli::cli
