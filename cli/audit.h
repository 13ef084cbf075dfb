// audit.h: how `pli audit` prints what replay/audit.h finds (AuditPrinter,
// an AuditSink): per-game text lines or one JSON document written piece by
// piece, then a summary: games, events, clean games, violations by code,
// chain problems; on a TTY, a progress line on stderr (--db).
// Header-only, cli only.
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
#include "engine/text.h"
#include "replay/audit.h"
#include "replay/chain_check.h"
#include "replay/source.h"
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

// Streams audit output: per-game text lines, or one JSON document written
// piece by piece: {"games":[...],"summary":{...}}. The document is opened
// with its first game, so a failure before any (an unreadable file, an
// unknown --game) leaves stdout to main's {"error":...}; a failure after
// it (a storage error in the middle of an archive) closes it with Fail:
// {"games":[the games judged],"summary":{...},"error":{...}}, still one
// complete document (INTERFACE.md §2).
class AuditPrinter : public AuditSink {
 public:
  AuditPrinter(bool json, bool keep_going) : json_(json), keep_going_(keep_going) {
    progress_ = isatty(STDERR_FILENO) != 0;
  }

  // Whether part of the JSON document is already on stdout.
  bool Started() const { return json_ && summary_.games > 0; }

  // Prints a game already judged (AuditFileGames), adds it to the summary.
  void Add(const GameVerdict& game) override {
    // A malformed event is malformed input (INTERFACE.md §2): exit 2 once
    // every game is judged, also when checking stopped before it.
    malformed_ = malformed_ || game.malformed;
    // A game this pli does not know (issue 27): unreadable input for this
    // pli, so exit 2 once every other game is judged; never "clean".
    unknown_ = unknown_ || !game.unknown.empty();
    Tally(game);
    ClearProgress();
    const auto events = static_cast<size_t>(game.events);
    if (json_) {
      boost::json::object o = AuditJson(game.game, events, game.chain, game.findings);
      if (!game.unknown.empty()) o["unknown_game"] = game.unknown;
      std::cout << (summary_.games > 1 ? "," : "{\"games\":[") << boost::json::serialize(o);
    } else if (!game.unknown.empty()) {
      std::string text = AuditText(game.game, events, game.seats, game.chain, {}, keep_going_);
      // "..., clean\n" or "..., N tampering sign(s), 0 violation(s)\n...": not judged instead.
      const std::string clean = "clean\n";
      if (text.size() >= clean.size() && text.compare(text.size() - clean.size(), clean.size(), clean) == 0) {
        text.resize(text.size() - clean.size());
        text += "not judged: " + EscapeForTerminal(game.unknown) + "\n";
      } else {
        text += "  not judged: " + EscapeForTerminal(game.unknown) + "\n";
      }
      std::cout << text;
    } else {
      std::cout << AuditText(game.game, events, game.seats, game.chain, game.findings, keep_going_);
    }
  }

  bool keep_going() const override { return keep_going_; }

  // Prints and tallies a game the fast path found clean (stored_scan.h):
  // what Add prints for a game with `events` events, a sound chain and no
  // violation, without its log.
  void AddClean(const std::string& game, int64_t events) override {
    ++summary_.games;
    summary_.events += events;
    ++summary_.clean;
    ClearProgress();
    if (json_) {
      boost::json::object o = AuditJson(game, 0, ChainCheck{ChainStatus::kOk, {}}, {});
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
  void SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem> problems) override {
    database_head_ = head;
    summary_.database_problems = static_cast<int64_t>(problems.size());
    database_problems_ = std::move(problems);
  }

  // "auditing: 523/1000 games, 52300 events" on stderr, a TTY only, at most
  // every 1/64th of the way.
  void Progress(size_t index, size_t total) override {
    if (!progress_ || total < 2 || (index % std::max<size_t>(1, total / 64)) != 0) return;
    std::cerr << "\rauditing: " << index << "/" << total << " games, " << summary_.events
              << " events" << std::flush;
    shown_ = true;
  }

  // The result of SQLite's own check of the database file `db` (its
  // problems; none: sound), a finding of the database rather than of a
  // game: printed at once as text; in JSON, part of the "database" member
  // (DatabaseJson).
  void SetDatabaseCheck(const std::string& db, std::vector<std::string> problems) override {
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
  // once everything is judged) or is of a game this pli does not know, else
  // 1 for any violation or problem, else 0.
  int Status() const {
    if (malformed_ || unknown_) return 2;
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
    if (game.findings.empty() && !broken && game.unknown.empty()) ++summary_.clean;
    if (broken) ++summary_.broken_chains;
    summary_.chain_problems += static_cast<int64_t>(game.chain.problems.size());
    for (const AuditFinding& f : game.findings) ++summary_.violations[f.verdict.code];
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
  bool unknown_ = false;  // a game this pli does not know was met
  AuditSummary summary_;
  std::optional<DatabaseHead> database_head_;
  std::vector<DatabaseProblem> database_problems_;
  std::optional<std::string> database_file_;  // SetDatabaseCheck's
  std::vector<std::string> file_problems_;
};

}  // namespace pli::cli

#endif  // PLI_CLI_AUDIT_H_
