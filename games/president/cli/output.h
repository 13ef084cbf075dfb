// output.h: the human text of Super Président's `pli state` and `pli legal`
// (INTERFACE.md §2; cli/main.cc prints it, and its replay and explain
// screens use the pieces). State and legal text take a Style (cli/style.h):
// plain by default for the pieces, and StdoutStyle() for the whole views,
// so the plain text (stdout not a terminal) is unchanged. Header-only, cli
// only.
#ifndef PLI_CLI_PRESIDENT_OUTPUT_H_
#define PLI_CLI_PRESIDENT_OUTPUT_H_

#include <boost/json.hpp>
#include <cstdint>
#include <string>
#include <vector>

#include "cli/output.h"
#include "games/president/cli/cards.h"
#include "games/president/cli/source.h"
#include "cli/style.h"
#include "games/president/rules/card.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"
#include "engine/text.h"
#include "games/president/replay/fold.h"
#include "games/president/log.h"
#include "games/president/wire/state_json.h"

namespace pli::cli {

inline std::vector<int> SeatsOf(SeatMask mask) {
  std::vector<int> seats;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (mask & SeatBit(s)) seats.push_back(s);
  }
  return seats;
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
    if (s == state.fallen) finished += " (fell, H-K3)";
  }
  text += "finished this manche: " + (finished.empty() ? std::string("none") : finished) + "\n";
  if (state.options.president_falls && !state.discarded.empty())  // H-K3
    text += "set aside (H-K3): " + StyledCards(style, state.discarded) + "\n";
  text += RankingText(state, names);
  if (state.options.stale_falls && state.ranking && state.standing != *state.ranking) {  // H-K4
    text += "ranking in force (H-K4):\n";
    for (size_t i = 0; i < state.standing.size(); ++i)
      text += "  " + std::to_string(i + 1) + ". " +
              PlaceName(static_cast<int>(i), static_cast<int>(state.standing.size())) + "  " +
              SeatLabel(state.standing[i], names) + "\n";
  }
  if (state.options.target > 0 && state.phase == Phase::kGameOver) {  // H-G2
    std::string winners;
    for (int s : Winners(state)) winners += (winners.empty() ? "" : ", ") + SeatLabel(s, names);
    text += "winners (target " + std::to_string(state.options.target) + "): " + winners + "\n";
  }
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
    // The next step said (issue 29), as Skull King's does: after a manche's
    // last pli (F3) no one acts until the next deal (S2); after the game's
    // end (G1), never.
    if (state.phase == Phase::kMancheOver) {
      return state.manche == 0 ? "no player acts before the first deal: deal manche 1 (pli deal)\n"
                               : "no player acts now: manche " + std::to_string(state.manche) +
                                     " is over; deal manche " + std::to_string(state.manche + 1) +
                                     " next (pli deal)\n";
    }
    if (state.phase == Phase::kGameOver) return "no player acts now: the game is over\n";
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

#endif  // PLI_CLI_PRESIDENT_OUTPUT_H_
