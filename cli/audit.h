// audit.h: `pli audit` over a log or a whole archive, streaming: a database's
// games are checked (rules and hash chain), printed and dropped one at a
// time; a log file's events are judged as their lines are read and dropped,
// each game's verdict kept until the file's end (a bad line anywhere makes
// the file unreadable), so memory does not grow with the events. Ends with a
// summary: games, events, clean games, violations by code, chain problems.
// On a TTY, a progress line on stderr (--db). Header-only, cli only.
#ifndef PLI_CLI_AUDIT_H_
#define PLI_CLI_AUDIT_H_

#include <unistd.h>

#include <boost/json.hpp>
#include <cstdint>
#include <cstdio>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "cli/error.h"
#include "cli/output.h"
#include "cli/source.h"
#include "replay/chain_check.h"
#include "replay/fold.h"
#include "replay/stored_scan.h"

namespace pli::cli {

// Tallies over the games audited.
struct AuditSummary {
  int64_t games = 0;
  int64_t events = 0;
  int64_t clean = 0;              // no violation, chain not broken
  int64_t broken_chains = 0;      // games whose chain is broken
  int64_t chain_problems = 0;
  int64_t database_problems = 0;  // of the database as a whole (CheckDatabase)
  std::map<std::string, int64_t> violations;  // by code

  bool Clean() const { return clean == games && database_problems == 0; }

  boost::json::object Json() const {
    boost::json::object by_code;
    for (const auto& [code, n] : violations) by_code[code] = n;
    return {{"games", games},          {"events", events},
            {"clean", clean},          {"broken_chains", broken_chains},
            {"chain_problems", chain_problems}, {"violations", std::move(by_code)},
            {"database_problems", database_problems}};
  }

  std::string Text() const {
    std::string text = "summary: " + std::to_string(games) + " game(s), " +
                       std::to_string(events) + " event(s), " + std::to_string(clean) + " clean";
    if (broken_chains > 0) {
      text += ", " + std::to_string(broken_chains) + " with a broken hash chain (" +
              std::to_string(chain_problems) + " problem(s))";
    }
    if (database_problems > 0) {
      text += ", " + std::to_string(database_problems) + " database problem(s)";
    }
    text += "\n";
    for (const auto& [code, n] : violations) {
      text += "  " + std::to_string(n) + " x " + code + "\n";
    }
    return text;
  }
};

// What the audit of a game keeps once its events are gone: all that is
// printed of it.
struct GameVerdict {
  std::string game;
  int64_t events = 0;
  std::vector<std::string> seats;  // the seat names of its game event
  ChainCheck chain;
  std::vector<Finding> findings;
  bool malformed = false;  // it holds a malformed event
};

// Streams audit output: per-game text lines, or one JSON document written
// piece by piece: {"games":[...],"summary":{...}}. The document is opened
// with its first game, so a failure before any (an unreadable file, an
// unknown --game) leaves stdout to main's {"error":...}; a failure after
// it (a storage error in the middle of an archive) closes it with Fail:
// {"games":[the games judged],"summary":{...},"error":{...}}, still one
// complete document (INTERFACE.md §2).
class AuditPrinter {
 public:
  AuditPrinter(bool json, bool keep_going) : json_(json), keep_going_(keep_going) {
    progress_ = isatty(STDERR_FILENO) != 0;
  }

  // Whether part of the JSON document is already on stdout.
  bool Started() const { return json_ && summary_.games > 0; }

  // Audits one game, prints it, adds it to the summary.
  void Add(const LoadedGame& game) {
    Add(GameVerdict{game.log.game, static_cast<int64_t>(game.log.events.size()),
                    SeatNames(game.log), game.chain,
                    AuditByPosition(game.log.events, keep_going_),
                    FirstMalformed(game.log) != nullptr});
  }

  // Prints a game already judged (AuditFileGames), adds it to the summary.
  void Add(const GameVerdict& game) {
    // A malformed event is malformed input (INTERFACE.md §2): exit 2 once
    // every game is judged, also when checking stopped before it.
    malformed_ = malformed_ || game.malformed;
    Tally(game);
    ClearProgress();
    const auto events = static_cast<size_t>(game.events);
    if (json_) {
      std::cout << (summary_.games > 1 ? "," : "{\"games\":[")
                << boost::json::serialize(AuditJson(game.game, events, game.chain, game.findings));
    } else {
      std::cout << AuditText(game.game, events, game.seats, game.chain, game.findings, keep_going_);
    }
  }

  bool keep_going() const { return keep_going_; }

  // Prints and tallies a game the fast path found clean (stored_scan.h):
  // what Add prints for a game with `events` events, a sound chain and no
  // violation, without its log.
  void AddClean(const std::string& game, int64_t events) {
    ++summary_.games;
    summary_.events += events;
    ++summary_.clean;
    ClearProgress();
    if (json_) {
      boost::json::object o = AuditJson(GameLog{.game = game}, ChainCheck{ChainStatus::kOk, {}}, {});
      o["events"] = static_cast<size_t>(events);  // as Add writes events.size()
      std::cout << (summary_.games > 1 ? "," : "{\"games\":[") << boost::json::serialize(o);
    } else {
      std::cout << "game " << EscapeForTerminal(game) << ": " << events << " events, hash chain "
                << ChainStatusName(ChainStatus::kOk) << ", clean\n";
    }
  }

  // The database as a whole: its head (printed by Finish, so that it can
  // be kept as a witness) and the problems CheckDatabase found, which make
  // the audit unclean.
  void SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem> problems) {
    database_head_ = head;
    summary_.database_problems = static_cast<int64_t>(problems.size());
    database_problems_ = std::move(problems);
  }

  // "auditing: 523/1000 games, 52300 events" on stderr, a TTY only, at most
  // every 1/64th of the way.
  void Progress(size_t index, size_t total) {
    if (!progress_ || total < 2 || (index % std::max<size_t>(1, total / 64)) != 0) return;
    std::cerr << "\rauditing: " << index << "/" << total << " games, " << summary_.events
              << " events" << std::flush;
    shown_ = true;
  }

  // The result of SQLite's own check of the database file `db` (its
  // problems; none: sound), a finding of the database rather than of a
  // game: printed at once as text; in JSON, part of the "database" member
  // (DatabaseJson).
  void SetDatabaseCheck(const std::string& db, std::vector<std::string> problems) {
    database_file_ = db;
    file_problems_ = std::move(problems);
    if (json_ || file_problems_.empty()) return;
    ClearProgress();
    std::cout << "database " << EscapeForTerminal(db)
              << ": the file is damaged: SQLite's integrity check reports "
              << file_problems_.size() << " problem(s):\n";
    for (const std::string& p : file_problems_) std::cout << "  " << EscapeForTerminal(p) << "\n";
  }

  // Closes the document or prints the summary; returns the exit status:
  // 0 clean, 1 a violation, a broken chain or a damaged database, 2 a
  // malformed event in a game audited (whatever else was found). A
  // source without a game (an empty log, blank lines only, an empty
  // database) has nothing to judge: InputError, exit 2, not "clean".
  int Finish(const std::string& label) {
    ClearProgress();
    // Rows of no game or a damaged file are something judged, even without
    // a game (a database whose only game was renamed behind pli's back).
    const bool database_findings = !database_problems_.empty() || !file_problems_.empty();
    if (summary_.games == 0 && !database_findings) {
      throw InputError(label + " holds no game (no event at all): nothing to judge");
    }
    if (json_) {
      std::cout << (summary_.games == 0 ? "{\"games\":[]" : "]");
      if (database_file_ || database_head_) {
        std::cout << ",\"database\":" << boost::json::serialize(DatabaseJson());
      }
      std::cout << ",\"summary\":" << boost::json::serialize(summary_.Json()) << "}\n";
      return Status();
    }
    if (database_head_) {
      std::cout << "database head " << DatabaseHeadText(*database_head_) << "\n";
      for (const DatabaseProblem& p : database_problems_) {
        std::cout << "database problem: " << EscapeForTerminal(p.message) << "\n";
      }
    }
    if (summary_.games > 1) {
      std::cout << summary_.Text();
    }
    return Status();
  }
  // 2 when an audited game holds a malformed event (INTERFACE.md §2: exit 2
  // once everything is judged), else 1 for any violation or problem, else 0.
  int Status() const {
    if (malformed_) return 2;
    return summary_.Clean() && file_problems_.empty() ? 0 : 1;
  }

  // Closes a Started() document after a failure: the games so far, their
  // summary and the "error" member.
  void Fail(const std::exception& e) {
    ClearProgress();
    std::cout << "]";
    if (database_file_ || database_head_) {
      std::cout << ",\"database\":" << boost::json::serialize(DatabaseJson());
    }
    std::cout << ",\"summary\":" << boost::json::serialize(summary_.Json()) << ",\"error\":" << boost::json::serialize(ErrorMember(e)) << "}\n";
  }

 private:
  void Tally(const GameVerdict& game) {
    ++summary_.games;
    summary_.events += game.events;
    const bool broken = game.chain.status == ChainStatus::kBroken;
    if (game.findings.empty() && !broken) ++summary_.clean;
    if (broken) ++summary_.broken_chains;
    summary_.chain_problems += static_cast<int64_t>(game.chain.problems.size());
    for (const Finding& f : game.findings) ++summary_.violations[std::string(CodeName(f.violation.code))];
  }
  // The database as a whole: {"file","check":"integrity_check","ok",
  // "problems":[...SQLite's lines...]} from SetDatabaseCheck, and
  // {"head":"db:N:HASH","games":N,"copies":[{"game","message"}]} from
  // SetDatabase, each where it was set.
  boost::json::object DatabaseJson() const {
    boost::json::object o;
    if (database_file_) {
      boost::json::array problems;
      for (const std::string& p : file_problems_) problems.push_back(boost::json::value(p));
      o["file"] = *database_file_;
      o["check"] = "integrity_check";
      o["ok"] = file_problems_.empty();
      o["problems"] = std::move(problems);
    }
    if (database_head_) {
      boost::json::array problems;
      for (const DatabaseProblem& p : database_problems_) {
        problems.push_back({{"game", p.game.empty() ? boost::json::value(nullptr)
                                                    : boost::json::value(p.game)},
                            {"message", p.message}});
      }
      o["head"] = DatabaseHeadText(*database_head_);
      o["games"] = database_head_->games;
      o["copies"] = std::move(problems);
    }
    return o;
  }
  void ClearProgress() {
    if (shown_) std::cerr << "\r\033[K" << std::flush;
    shown_ = false;
  }

  bool json_;
  bool keep_going_;
  bool progress_ = false;
  bool shown_ = false;
  bool malformed_ = false;
  AuditSummary summary_;
  std::optional<DatabaseHead> database_head_;
  std::vector<DatabaseProblem> database_problems_;
  std::optional<std::string> database_file_;  // SetDatabaseCheck's
  std::vector<std::string> file_problems_;
};

// The database as a whole (schema/STORE.md §3): the event rows that belong
// to no game, the games' creation numbers and, when given, a database
// witness db:N:HASH; and the database head, printed by Finish.
inline void AuditDatabase(AuditPrinter& printer, SqliteReader& store,
                          const std::optional<DatabaseHead>& witness) {
  const std::vector<GameHead> heads = store.GameHeads();
  std::vector<DatabaseProblem> problems = CheckDatabase(heads, witness);
  for (const auto& [game, rows] : store.StrayGames()) {
    problems.push_back({game, std::to_string(rows) + " event row(s) are stored under game \"" +
                                  game + "\", which has no games row: the game was renamed, "
                                  "or its rows inserted or its games row removed, behind pli's "
                                  "back"});
  }
  printer.SetDatabase(DatabaseHeadOf(heads), std::move(problems));
}

// Audits the games of a database (all, or the one named by `id`) in
// creation order, each checked for tampering (chain, head, the games row's
// copies, and `witness` when given) and re-judged, then the database as a
// whole (AuditDatabase, with `db_witness` when given): one pass over SQLite's rows for a game with
// nothing to report (stored_scan.h), the detailed path, which says what and
// where, for one with anything; the output is the same either way. Memory
// holds one game at a time.
inline void AuditDbGames(AuditPrinter& printer, const std::string& db,
                         const std::optional<std::string>& id, const std::optional<Head>& witness,
                         const std::optional<DatabaseHead>& db_witness = std::nullopt) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(db);
  const std::vector<std::string> ids = DbGameIds(*store, db, id, witness.has_value());
  // SQLite's own check first: a damaged page may also hide rows from the
  // games' checks, and a damaged index may answer lookups wrongly.
  printer.SetDatabaseCheck(db, store->CheckFile());
  ScanScratch scratch;  // one event and one state, reused from game to game
  for (size_t i = 0; i < ids.size(); ++i) {
    printer.Progress(i, ids.size());
    if (const std::optional<int64_t> events =
            AuditStoredGameFast(*store, ids[i], witness, scratch)) {
      printer.AddClean(ids[i], *events);
      continue;
    }
    CheckedGame checked = CheckStoredGame(*store->Read(ids[i]), witness);
    printer.Add(LoadedGame{std::move(checked.log), std::move(checked.chain)});
  }
  AuditDatabase(printer, *store, db_witness);
}

// The game of a log being audited as it is read (AuditFileGames).
class FileGameAuditor {
 public:
  FileGameAuditor(std::string game, bool judged, bool keep_going, int64_t witness_seq)
      : judged_(judged), witness_seq_(witness_seq), auditor_(keep_going) {
    verdict_.game = std::move(game);
  }

  // Judges the next event of the game; its hash is moved out.
  void Add(LogItem& item) {
    ++verdict_.events;
    if (judged_) {
      if (verdict_.events == 1) {
        if (const auto* g = std::get_if<GameEvent>(&item.event.body)) verdict_.seats = g->seats;
      }
      verdict_.malformed =
          verdict_.malformed || std::holds_alternative<MalformedEvent>(item.event.body);
      auditor_.Add(item.event);
      chain_.Add(std::move(item.event), item.hash);
    }
    if (witness_seq_ == verdict_.events) witness_hash_ = item.hash;
    last_hash_ = std::move(item.hash);
  }

  bool judged() const { return judged_; }
  const std::string& game() const { return verdict_.game; }
  // The hash written on its event --head's seq ("" when none).
  const std::string& witness_hash() const { return witness_hash_; }
  FileGameTail Tail() const { return FileGameTail{verdict_.game, verdict_.events, last_hash_}; }
  GameVerdict Finish() {
    verdict_.chain = chain_.Finish();
    verdict_.findings = auditor_.Take();
    return std::move(verdict_);
  }

 private:
  bool judged_;
  int64_t witness_seq_;
  GameVerdict verdict_;
  FileChainChecker chain_;
  PositionAuditor auditor_;
  std::string witness_hash_;
  std::string last_hash_;
};

// Audits the games of a log file, or of standard input for "-", as its
// lines are read: each event is judged (rules, hash chain) as it comes and
// dropped, so memory holds the current game's state, the ids used in it and
// each game's verdict (GameVerdict), not the events: a log of any length,
// an endless pipe too, audits in bounded memory. Nothing is printed before
// the log's end, since a line that is not a JSON object anywhere makes the
// whole file unreadable (INTERFACE.md §2). `id` (--game) audits that game
// only; `witness` is --head: a game's head, checked against --game's (or
// the only) game, or a database head db:N:HASH, checked against every game
// of the file in its order (an export of a whole database). The output is
// that of auditing ReadSource's games one by one.
inline void AuditFileGames(AuditPrinter& printer, const std::string& source,
                           const std::optional<std::string>& id, const Witness& witness) {
  std::vector<GameVerdict> verdicts;  // of the games judged, in file order
  std::vector<std::string> ids;       // of every game, for --game's messages
  std::vector<FileGameTail> tails;    // of every game, for a database head
  std::optional<FileGameAuditor> current;
  std::vector<std::string> witness_hashes;  // of the games judged, for a game head
  const auto close = [&] {
    if (!current) return;
    if (witness.database) tails.push_back(current->Tail());
    if (current->judged()) {
      witness_hashes.push_back(current->witness_hash());
      verdicts.push_back(current->Finish());
    }
    current.reset();
  };
  const int64_t witness_seq = witness.game ? witness.game->seq : 0;
  ReadSourceEvents(source, [&](LogItem& item) {
    if (item.opens) {
      close();
      ids.push_back(item.game);
      current.emplace(item.game, !id || *id == item.game, printer.keep_going(), witness_seq);
    }
    current->Add(item);
  });
  close();
  if (witness.database) {  // over every game of the file, in its order
    std::string why;
    const auto heads = FileGameHeads(tails, why);
    if (!heads) {
      throw std::runtime_error(SourceLabel(source) + ": " + why +
                               ": a database head is checked against an export with hashes "
                               "(pli export)");
    }
    printer.SetDatabase(DatabaseHeadOf(*heads), CheckDatabase(*heads, witness.database));
  }
  if (id || witness.game) {  // keep --game's (or the only game), which must be there
    std::vector<GameLog> games;  // their ids only, for SelectGame's checks and messages
    for (std::string& g : ids) games.push_back(GameLog{std::move(g), {}, {}, {}});
    if (!id && games.size() > 1) {
      throw std::runtime_error("--head SEQ:HASH belongs to one game, and " + SourceLabel(source) +
                               " holds " + std::to_string(games.size()) +
                               " games: choose it with --game ID");
    }
    SelectGame(games, id, source);
  }
  for (size_t i = 0; i < verdicts.size(); ++i) {
    if (witness.game) {
      CheckFileWitness(verdicts[i].events, witness_hashes[i], *witness.game, verdicts[i].chain);
    }
    printer.Add(verdicts[i]);
  }
}

}  // namespace pli::cli

#endif  // PLI_CLI_AUDIT_H_
