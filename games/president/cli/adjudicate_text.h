// adjudicate_text.h: the human text of Super Président's `pli explain` and
// `pli diff` (their JSON is games/president/replay/explain.h and
// games/president/replay/diff.h). Every card goes through a Style (cli/style.h), so the
// text is plain off a terminal. Header-only, cli only.
#ifndef PLI_CLI_PRESIDENT_ADJUDICATE_TEXT_H_
#define PLI_CLI_PRESIDENT_ADJUDICATE_TEXT_H_

#include <string>
#include <variant>
#include <vector>

#include "games/president/cli/output.h"
#include "games/president/cli/cards.h"
#include "cli/style.h"
#include "games/president/replay/diff.h"
#include "games/president/replay/explain.h"
#include "games/president/rule_text.h"
#include "games/president/wire/event_json.h"

namespace pli::cli {

// "Bob (seat 1)", as the referee's sentences name seats; "none" for -1.
// Names and ids in this text are escaped for the terminal (engine/text.h).
inline std::string Who(const std::vector<std::string>& names, int seat) {
  if (seat < 0) return "none";
  if (seat < static_cast<int>(names.size()))
    return EscapeForTerminal(names[seat]) + " (seat " + std::to_string(seat) + ")";
  return "seat " + std::to_string(seat);
}

inline std::string WhoList(const std::vector<int>& seats, const std::vector<std::string>& names) {
  std::string text;
  for (int s : seats) text += (text.empty() ? "" : ", ") + Who(names, s);
  return text.empty() ? "none" : text;
}

// What an event does, as a sentence: "Bob (seat 1) plays 6c, declaring a
// suite", "Dan (seat 3) passes", "the deal of manche 2".
inline std::string EventSentence(const Event& event, const State& before, const Style& style) {
  const std::vector<std::string>& names = before.seat_names;
  struct Visitor {
    const std::vector<std::string>& names;
    const State& before;
    const Style& style;
    std::string Who(int seat) const { return cli::Who(names, seat); }
    std::string operator()(const GameEvent& e) const {
      return "a new game \"" + EscapeForTerminal(e.game) + "\" on " + std::to_string(e.seats.size()) + " seats";
    }
    std::string operator()(const DealEvent&) const {
      return "the deal of manche " + std::to_string(before.manche + 1);
    }
    std::string operator()(const ExchangeEvent& e) const {
      return Who(e.from) + " gives " + StyledCards(style, e.cards) + " to " + Who(e.to);
    }
    std::string operator()(const PlayEvent& e) const {
      std::string text = Who(e.seat) + " plays " + StyledCards(style, e.cards);
      if (e.declare == Declare::kSuite) text += ", declaring a suite";
      if (e.declare == Declare::kReverse) text += ", declaring a reverse";
      return text;
    }
    std::string operator()(const PassEvent& e) const { return Who(e.seat) + " passes"; }
    std::string operator()(const CloseEvent& e) const {
      return Who(e.seat) + " closes the pli with " + StyledCards(style, e.cards);
    }
    std::string operator()(const EndEvent&) const { return "the end of the game"; }
    std::string operator()(const MalformedEvent& e) const {
      return "a malformed " + (e.type ? "\"" + *e.type + "\" event" : std::string("event")) +
             " (" + e.Text() + ")";
    }
  };
  return std::visit(Visitor{names, before, style}, event.body);
}

// "verdict: legal (P3)" or "verdict: ILLEGAL, too-weak (P3)".
inline std::string VerdictText(const Explanation& x, const Style& style) {
  const std::string rule = x.rule.empty() ? "" : " (" + x.rule + ")";
  if (x.legal()) return style.Good("legal") + rule;
  return style.Bad("ILLEGAL") + ", " + std::string(CodeName(x.violation->code)) + rule;
}

inline std::string ReasonsTable(const std::vector<Reason>& reasons, const Style& style,
                                const std::string& indent) {
  Table table(indent);
  for (const Reason& r : reasons) table.Row({style.Bold(r.rule.empty() ? "-" : r.rule), EscapeForTerminal(r.detail)});
  return table.Render();
}

// The verdict, the deciding rule's sentence, "why:" and "then:".
inline std::string ReasonsText(const Explanation& x, const Style& style,
                               const std::string& indent = "") {
  std::string text = indent + "verdict: " + VerdictText(x, style) + "\n";
  if (auto sentence = RuleSentence(x.rule))
    text += indent + "  " + style.Bold(x.rule) + ": " + std::string(*sentence) + "\n";
  text += indent + "why:\n" + ReasonsTable(x.why, style, indent + "  ");
  if (!x.effects.empty())
    text += indent + "then:\n" + ReasonsTable(x.effects, style, indent + "  ");
  return text;
}

// What is in force in a pli, in words.
inline std::string InForceText(const State& s) {
  const Pli& p = s.pli;
  if (s.phase != Phase::kPlay)
    return std::string("no pli is being played (phase ") + PhaseName(s.phase) + ")";
  // C3, C4; H-B2: the top rank of the order in force (the same words for C2's).
  const std::string top(1, RankChar(s.order.TopRank(s.revolution)));
  std::string order = s.revolution ? "révolution: the order is reversed, " + top + " is the top rank"
                                   : "normal order, " + top + " is the top rank";
  if (s.options.ranks != Ranks::kNormal)  // H-R1
    order += " (H-R1: ranks = " + OptionText(s.options, "ranks").value_or("") + ")";
  if (p.count == 0) return order + "; the pli waits for its lead";
  const std::string rank(1, RankChar(LastPlayRank(s)));
  std::string what;
  if (p.ou_rien)
    what = "ou-rien: the next player plays a " + rank + " or passes (O2)";
  else if (p.mode == Mode::kSuite)
    what = "a suite: each play one rank above the last (U2)";
  else if (p.mode == Mode::kReverse)
    what = "a reverse: each play one rank below the last (V3)";
  else
    what = "a free pli: equal or stronger than the last play (P3)";
  if (p.solo) what += "; the last player goes on alone (R4)";
  return what + "; " + order;
}

// The table after event `after_seq`: what is in force, the pli, whose
// turn, and the hands of `seats`.
inline std::string TableText(const State& b, const std::string& heading,
                             const std::vector<int>& seats, const Style& style) {
  const std::vector<std::string>& names = b.seat_names;
  std::string text = heading + ":\n";
  if (b.phase == Phase::kNone) return text + "  no game yet\n";
  Table table;
  table.Row({"manche", b.manche == 0 ? "none dealt yet"
                                     : std::to_string(b.manche) + ", phase " + PhaseName(b.phase)});
  table.Row({"in force", InForceText(b)});
  if (b.phase == Phase::kPlay) {
    const Pli& p = b.pli;
    std::string pli =
        "led by " + Who(names, p.leader) + ", " +
        (p.count == 0 ? std::string("no lead yet") : std::to_string(p.count) + " card(s) per play");
    table.Row({"pli", pli});
    if (p.last_seat >= 0)
      table.Row({"last play", Who(names, p.last_seat) + "  " + StyledCards(style, p.last_cards)});
    table.Row({"out", WhoList(SeatsOf(p.out), names)});
  }
  table.Row({"turn", Who(names, b.turn)});
  for (int seat : seats) {
    if (seat < 0 || seat >= b.seats) continue;
    const CardSet hand = b.hands[seat];
    table.Row({"hand", Who(names, seat) + ", " + std::to_string(hand.size()) + " card(s)" +
                           (hand.empty() ? "" : ":  " + StyledCards(style, hand))});
  }
  return text + table.Render();
}

// The table an event was played into.
inline std::string BeforeText(const Explanation& x, const Style& style) {
  return TableText(x.before, "the table before it (after event " + std::to_string(x.seq - 1) + ")",
                   {x.seat}, style);
}

// The actions the actor had, the one taken marked; "" for an event no
// player makes (game, deal, end).
inline std::string InsteadText(const Explanation& x, const Style& style) {
  if (x.seat < 0) return "";
  const State& b = x.before;
  const std::vector<std::string>& names = b.seat_names;
  const std::string who = Who(names, x.seat);
  if (x.instead.empty()) {
    std::string text = who + " had no legal action here";
    if (b.turn >= 0 && b.turn != x.seat) text += " (it was " + Who(names, b.turn) + "'s turn)";
    return text + "\n";
  }
  const std::string n = std::to_string(x.instead.size()) + " legal action(s)";
  std::string text = who + (x.legal() ? " had " + n + ", up to suits:\n"
                                      : " could have made " + n + " instead, up to suits:\n");
  Table table;
  for (const LegalAction& a : x.instead) {
    const Event example = ToEvent(b, a);
    std::string cards;
    if (const auto* p = std::get_if<PlayEvent>(&example.body)) cards = StyledCards(style, p->cards);
    if (const auto* c = std::get_if<CloseEvent>(&example.body)) cards = StyledCards(style, c->cards);
    if (const auto* g = std::get_if<ExchangeEvent>(&example.body)) cards = StyledCards(style, g->cards);
    std::string what, extra;
    if (a.type == EventType::kPlay || a.type == EventType::kClose)
      what = std::to_string(a.count) + " x " + std::string(1, RankChar(a.rank));
    if (a.type == EventType::kPlay && a.declare != Declare::kNone)
      extra = std::string("declare ") + DeclareName(a.declare);
    if (a.type == EventType::kExchange)
      what = std::to_string(a.count) + " card(s) to " + Who(names, a.to);
    const bool taken = x.legal() && ActionMatches(a, x.event, &x.before);
    table.Row({TypeName(a.type), what, extra, cards.empty() ? "" : "e.g. " + cards,
               taken ? style.Note("<- the event") : ""});
  }
  return text + table.Render();
}

// The human view of `pli explain`.
inline std::string ExplainText(const GameLog& game, const Explanation& x, const Style& style) {
  std::string text = "game " + EscapeForTerminal(game.game) + ", event " + std::to_string(x.seq) + " of " +
                     std::to_string(game.events.size()) + ": " +
                     EventSentence(x.event, x.before, style) + "\n";
  text += ReasonsText(x, style) + "\n";
  text += BeforeText(x, style);
  if (x.seat >= 0) text += "\n" + InsteadText(x, style);
  if (x.legal() && x.after.phase == Phase::kPlay && x.after.turn >= 0)
    text += "\nnext: " + Who(x.after.seat_names, x.after.turn) + " to act\n";
  return text;
}

// One side of a diff: its event and verdict.
inline std::string DiffSideText(const std::string& label, const Explanation& x,
                                const Style& style) {
  std::string text = label + ": " +
                     (std::holds_alternative<MalformedEvent>(x.event.body)
                          ? std::string("(malformed)")
                          : EscapeForTerminal(EventToJson(x.event))) +
                     "\n";
  text += "  " + EventSentence(x.event, x.before, style) + "\n";
  text += ReasonsText(x, style, "  ");
  return text;
}

// The human view of `pli diff`. label_a/label_b name the two sources.
inline std::string DiffText(const std::string& game_id, const LogDiff& d,
                            const std::string& label_a, const std::string& label_b,
                            const Style& style) {
  const std::string game = EscapeForTerminal(game_id);
  const std::string a = "A (" + EscapeForTerminal(label_a) + ")";
  const std::string b = "B (" + EscapeForTerminal(label_b) + ")";
  if (d.kind == DiffKind::kIdentical)
    return "game " + game + ": " + style.Good("identical") + " (" + std::to_string(d.events_a) +
           " events)\n";
  std::string text = "game " + game + ": ";
  if (d.kind == DiffKind::kPrefix) {
    const bool a_longer = d.events_a > d.events_b;
    text += (a_longer ? b : a) + " is a prefix of " + (a_longer ? a : b) + ": their " +
            std::to_string(d.common) + " events are the same, and " + (a_longer ? "A" : "B") +
            " goes on with " + std::to_string((a_longer ? d.events_a : d.events_b) - d.common) +
            " more, from event " + std::to_string(d.seq()) + "\n\n";
  } else {
    text += style.Bad("the logs diverge") + " at event " + std::to_string(d.seq()) + " (" +
            std::to_string(d.common) + " events in common; A has " + std::to_string(d.events_a) +
            ", B has " + std::to_string(d.events_b) + ")\n\n";
  }
  if (d.a) text += DiffSideText(a, *d.a, style) + "\n";
  if (d.b) text += DiffSideText(b, *d.b, style) + "\n";
  std::vector<int> seats;
  for (const auto* side : {&d.a, &d.b}) {
    if (*side && (*side)->seat >= 0 && (seats.empty() || seats.front() != (*side)->seat))
      seats.push_back((*side)->seat);
  }
  text += TableText(d.before,
                    "the table after event " + std::to_string(d.common) + ", the last they share",
                    seats, style);
  return text;
}

}  // namespace pli::cli

#endif  // PLI_CLI_PRESIDENT_ADJUDICATE_TEXT_H_
