// output.h: what the `pli` commands print for any game: seats, the audit
// document of INTERFACE.md §2 and the human text of audit. (Super
// Président's text of state and legal is its own: games/president/cli/output.h.)
// Header-only, cli only.
#ifndef PLI_CLI_OUTPUT_H_
#define PLI_CLI_OUTPUT_H_

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "engine/text.h"
#include "replay/audit.h"
#include "replay/chain_check.h"

namespace pli::cli {

// "seat 2 (Carol)"; "none" for -1. The name is escaped for the terminal
// (engine/text.h), as every name and id in human text is.
inline std::string SeatLabel(int seat, const std::vector<std::string>& names) {
  if (seat < 0) return "none";
  std::string label = "seat " + std::to_string(seat);
  if (seat < static_cast<int>(names.size())) label += " (" + EscapeForTerminal(names[seat]) + ")";
  return label;
}

inline std::string SeatList(const std::vector<int>& seats, const std::vector<std::string>& names) {
  if (seats.empty()) return "none";
  std::string text;
  for (int s : seats) text += (text.empty() ? "" : ", ") + SeatLabel(s, names);
  return text;
}

inline const char* YesNo(bool b) { return b ? "yes" : "no"; }

// ---------------------------------------------------------------------------
// audit

// One game of `pli audit --json` (INTERFACE.md §2), plus the chain's
// problems: {"game":ID,"events":N,"chain":"ok"|"none"|"broken",
// "chain_problems":[{"seq","message"}],"violations":[{"seq","seat","type",
// "code","rule","message","hidden"}]}: the adjudicator's view, "hidden"
// what the acting player's sentence left out (or null), also in "message".
// `game` is the game's id, `events` its number of events.
inline boost::json::object AuditJson(const std::string& game, size_t events,
                                     const ChainCheck& chain,
                                     const std::vector<AuditFinding>& findings) {
  boost::json::array violations;
  for (const AuditFinding& f : findings) {
    boost::json::object v;
    v["seq"] = f.seq;
    v["seat"] = f.seat >= 0 ? boost::json::value(f.seat) : boost::json::value(nullptr);
    // The type as written; null for a malformed event without a string `type`.
    v["type"] = f.type ? boost::json::value(*f.type) : boost::json::value(nullptr);
    v["code"] = f.verdict.code;
    v["rule"] = f.verdict.rule;
    v["message"] = f.verdict.message;
    v["hidden"] = f.verdict.hidden.empty() ? boost::json::value(nullptr)
                                           : boost::json::value(f.verdict.hidden);
    violations.push_back(std::move(v));
  }
  boost::json::array problems;
  for (const ChainProblem& p : chain.problems) {
    problems.push_back(boost::json::object{{"seq", p.seq}, {"message", p.message}});
  }
  boost::json::object o;
  o["game"] = game;
  o["events"] = events;
  o["chain"] = ChainStatusName(chain.status);
  o["chain_problems"] = std::move(problems);
  o["violations"] = std::move(violations);
  return o;
}


// "game g1: 32 events, clean", or the count and one line per violation:
// "  seq 9  seat 2 (Bob)  play  too-weak (P3): message". `game` is the
// game's id, `events` its number of events, `names` its seat names.
inline std::string AuditText(const std::string& game, size_t events,
                             const std::vector<std::string>& names, const ChainCheck& chain,
                             const std::vector<AuditFinding>& findings, bool keep_going) {
  std::string text =
      "game " + EscapeForTerminal(game) + ": " + std::to_string(events) + " events, ";
  // A log without hashes has no chain to speak of.
  if (chain.status != ChainStatus::kNone) {
    text += std::string("hash chain ") + ChainStatusName(chain.status) + ", ";
  }
  if (findings.empty() && chain.problems.empty()) return text + "clean\n";
  if (!chain.problems.empty()) {
    text += std::to_string(chain.problems.size()) + " tampering sign(s), ";
  }
  text += std::to_string(findings.size()) + " violation(s)\n";
  for (const ChainProblem& p : chain.problems) {
    text += "  seq " + std::to_string(p.seq) + "  chain: " + EscapeForTerminal(p.message) + "\n";
  }
  for (const AuditFinding& f : findings) {
    text += "  seq " + std::to_string(f.seq) + "  ";
    if (f.seat >= 0) text += SeatLabel(f.seat, names) + "  ";
    text += (f.type ? *f.type : std::string("(no type)")) + "  " + f.verdict.code;
    if (!f.verdict.rule.empty()) text += " (" + f.verdict.rule + ")";
    text += ": " + EscapeForTerminal(f.verdict.message) + "\n";
  }
  if (!keep_going && !findings.empty())
    text += "  (checking stopped at the first violation; --continue checks the rest)\n";
  return text;
}

}  // namespace pli::cli

#endif  // PLI_CLI_OUTPUT_H_
