// output.h: what the `pli` commands print: the audit document of
// INTERFACE.md §2 and the human text of audit, state and legal.
// Header-only, cli only. State and legal text take a Style (cli/style.h):
// plain by default for the pieces, and StdoutStyle() for the whole views,
// so the plain text (stdout not a terminal) is unchanged.
#ifndef PLI_CLI_OUTPUT_H_
#define PLI_CLI_OUTPUT_H_

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/source.h"
#include "cli/president/cards.h"
#include "cli/style.h"
#include "replay/audit.h"
#include "engine/president/card.h"
#include "engine/president/rules.h"
#include "engine/president/state.h"
#include "engine/text.h"
#include "replay/chain_check.h"
#include "replay/fold.h"
#include "schema/log_reader.h"
#include "schema/president/state_json.h"

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

inline std::vector<int> SeatsOf(SeatMask mask) {
  std::vector<int> seats;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (mask & SeatBit(s)) seats.push_back(s);
  }
  return seats;
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


// ---------------------------------------------------------------------------
// state

inline std::string GiftsText(const State& state, const std::vector<std::string>& names) {
  std::string text;
  for (const Gift& g : state.gifts) {
    if (g.done) continue;
    text += "  " + SeatLabel(g.from, names) + " owes " + SeatLabel(g.to, names) + " " +
            std::to_string(g.count) + " card(s): " +
            (g.choice ? "of their choice"
             : g.best ? "the strongest"
                      : "the weakest") +
            "\n";
  }
  return text.empty() ? "" : "gifts owed:\n" + text;
}

inline std::string PliText(const Pli& pli, const std::vector<std::string>& names,
                           const Style& style = Style::Plain()) {
  if (pli.leader < 0) return "pli: none\n";
  std::string text = "pli: led by " + SeatLabel(pli.leader, names) + ", ";
  text +=
      pli.count == 0 ? std::string("no lead yet") : std::to_string(pli.count) + " card(s) per play";
  text += std::string(", mode ") + ModeName(pli.mode) + ", ou-rien " + YesNo(pli.ou_rien) + "\n";
  if (pli.last_seat >= 0) {
    text += "  last play: " + SeatLabel(pli.last_seat, names) + " " + StyledCards(style, pli.last_cards) +
            "\n";
  }
  text += "  out of the pli: " + SeatList(SeatsOf(pli.out), names) + "\n";
  if (pli.solo) text += "  " + SeatLabel(pli.last_seat, names) + " goes on alone (R4)\n";
  return text;
}

inline std::string RankingText(const State& state, const std::vector<std::string>& names) {
  if (!state.ranking) return "ranking of the last manche: none yet\n";
  std::string text = "ranking of the last manche:\n";
  const std::vector<int>& r = *state.ranking;
  for (size_t i = 0; i < r.size(); ++i) {
    text += "  " + std::to_string(i + 1) + ". " +
            PlaceName(static_cast<int>(i), static_cast<int>(r.size())) + "  " +
            SeatLabel(r[i], names) + "\n";
  }
  return text;
}

// The human view of `pli state`.
inline std::string StateText(const GameLog& game, const State& state, int64_t at,
                             const Style& style = StdoutStyle()) {
  const std::vector<std::string> names = SeatNames(game);
  std::string text = "game " + EscapeForTerminal(game.game) + ", after event " + std::to_string(at) + " of " +
                     std::to_string(game.events.size()) + "\n";
  if (state.manche == 0) {
    text += std::string("no manche dealt yet, phase ") + PhaseName(state.phase) + "\n";
  } else {
    text += "manche " + std::to_string(state.manche) + ", phase " + PhaseName(state.phase) +
            ", révolution " + YesNo(state.revolution) + "\n";
  }
  text += "turn: " + SeatLabel(state.turn, names) + "\n";
  text += "hands:\n";
  for (int s = 0; s < static_cast<int>(names.size()) && s < kMaxSeats; ++s) {
    const CardSet hand = state.hands[s];
    text += "  " + SeatLabel(s, names) + ": " + std::to_string(hand.size()) + " card(s)" +
            (hand.empty() ? "" : "  " + StyledCards(style, hand)) + "\n";
  }
  text += GiftsText(state, names);
  text += PliText(state.pli, names, style);
  std::string finished;
  for (int s : state.finished) {
    finished += (finished.empty() ? "" : ", ") + SeatLabel(s, names);
    for (int t : state.top_finishers) {
      if (t == s) finished += " (on the top rank)";
    }
  }
  text += "finished this manche: " + (finished.empty() ? std::string("none") : finished) + "\n";
  text += RankingText(state, names);
  return text;
}

// ---------------------------------------------------------------------------
// legal

inline const char* DeclareName(Declare d) {
  return d == Declare::kSuite ? "suite" : d == Declare::kReverse ? "reverse" : "";
}

// One line of `pli legal`.
inline std::string LegalLine(const LegalAction& a, const std::vector<std::string>& names,
                             const Style& style = Style::Plain()) {
  const std::string rank(1, RankChar(a.rank));
  switch (a.type) {
    case EventType::kPlay: {
      std::string line =
          "play      " + SeatLabel(a.seat, names) + "  " + std::to_string(a.count) + " x " + rank;
      if (a.declare != Declare::kNone) line += std::string("  declare ") + DeclareName(a.declare);
      return line;
    }
    case EventType::kPass:
      return "pass      " + SeatLabel(a.seat, names);
    case EventType::kClose:
      return "close     " + SeatLabel(a.seat, names) + "  " + std::to_string(a.count) + " x " +
             rank;
    case EventType::kExchange: {
      std::string line = "exchange  " + SeatLabel(a.seat, names) + " -> " + SeatLabel(a.to, names) +
                         "  " + std::to_string(a.count) + " card(s)";
      if (a.ranks.empty()) return line + " of their choice from " + StyledCards(style, a.cards);
      line += ", ranks";
      for (Rank r : a.ranks) line += std::string(" ") + RankChar(r);
      return line + ", from " + StyledCards(style, a.cards);
    }
    default:
      return TypeName(a.type);
  }
}

// The human view of `pli legal`: one line per action.
inline std::string LegalText(const GameLog& game, const State& state,
                             const std::vector<LegalAction>& actions,
                             const Style& style = StdoutStyle()) {
  if (actions.empty()) {
    return std::string("no legal action (phase ") + PhaseName(state.phase) + ")\n";
  }
  const std::vector<std::string> names = SeatNames(game);
  std::string text;
  for (const LegalAction& a : actions) {
    text += LegalLine(a, names, style);
    const Event example = ToEvent(state, a);  // the lowest cards that fit
    const CardList* cards = nullptr;
    if (const auto* p = std::get_if<PlayEvent>(&example.body)) cards = &p->cards;
    if (const auto* c = std::get_if<CloseEvent>(&example.body)) cards = &c->cards;
    if (const auto* x = std::get_if<ExchangeEvent>(&example.body)) cards = &x->cards;
    if (cards != nullptr) {
      text += "  e.g.";
      for (Card c : *cards) text += " " + StyledCard(style, c);
    }
    text += "\n";
  }
  return text;
}

}  // namespace pli::cli

#endif  // PLI_CLI_OUTPUT_H_
