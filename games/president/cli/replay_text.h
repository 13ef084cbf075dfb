// replay_text.h: what `pli replay` shows of one point of a Super Président
// game (its own screen, games/president/cli/replay.cc): the event
// just applied and its verdict, every hand (or one seat's view), the pli on
// the table, what is in force, whose turn, who finished, the last ranking.
// The same lines serve the terminal screen (cli/replay_view.cc) and the text
// walk printed when there is no terminal; the JSON of a step is here too.
// Header-only, cli only.
#ifndef PLI_CLI_PRESIDENT_REPLAY_TEXT_H_
#define PLI_CLI_PRESIDENT_REPLAY_TEXT_H_

#include <boost/json.hpp>
#include <string>
#include <variant>
#include <vector>

#include "games/president/cli/output.h"
#include "games/president/cli/cards.h"
#include "cli/replay_look.h"
#include "cli/style.h"
#include "games/president/replay/stepper.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/state_json.h"

// In a namespace of its own, so that these helpers never meet another
// header's functions of the same name.
namespace pli::cli::replay {

inline int Width(const std::string& s) { return static_cast<int>(DisplayWidth(s)); }

inline std::string PadRight(const std::string& s, int width) {
  const int w = Width(s);
  return w >= width ? s : s + std::string(static_cast<size_t>(width - w), ' ');
}

// Cards in index order: canonical text (C1), or symbols and colour.
inline std::string ReplayCards(CardSet cards, const ReplayLook& look) {
  return StyledCards(look.style, cards);
}

inline CardSet ToCardSet(const CardList& cards) {
  CardSet set;
  for (Card c : cards) set.insert(c);
  return set;
}

// F4 place names: "Président", "Vice-Président", "neutral", "Vice-Trouduc", "Trouduc".
inline std::string PlaceTitle(int place_index, int seat_count) {
  const std::string place = PlaceName(place_index, seat_count);
  if (place == "president") return "Président";
  if (place == "vice-president") return "Vice-Président";
  if (place == "vice-trouduc") return "Vice-Trouduc";
  if (place == "trouduc") return "Trouduc";
  return place;
}

// head + items joined by ", ", wrapped at look.width onto lines indented by
// `indent` spaces.
inline void AppendWrapped(std::vector<std::string>& lines, const std::string& head,
                          const std::vector<std::string>& items, const ReplayLook& look,
                          int indent = 4) {
  std::string line = head;
  for (size_t i = 0; i < items.size(); ++i) {
    const std::string piece = items[i] + (i + 1 < items.size() ? "," : "");
    if (look.width > 0 && Width(line) > indent && Width(line) + 1 + Width(piece) > look.width) {
      lines.push_back(line);
      line = std::string(static_cast<size_t>(indent), ' ') + piece;
    } else {
      line += (Width(line) > 0 && line.back() != ' ' ? " " : "") + piece;
    }
  }
  lines.push_back(line);
}

// Whether --seat may see the cards `seat` holds or gives.
inline bool Visible(int seat, const ReplayLook& look) { return look.seat < 0 || look.seat == seat; }

// The event at seq, in words: "play: seat 0 (A) 5c, declaring suite".
inline std::string ReplayEventText(const Stepper& stepper, int64_t seq, const ReplayLook& look) {
  const std::vector<std::string> names = SeatNames(stepper.log());
  const Frame& frame = stepper.frame(seq);
  const EventBody& body = stepper.event(seq).body;
  if (const auto* g = std::get_if<GameEvent>(&body)) {
    std::string seats;
    for (const std::string& n : g->seats) seats += (seats.empty() ? "" : ", ") + EscapeForTerminal(n);
    return "game " + EscapeForTerminal(g->game) + " (" + EscapeForTerminal(g->ruleset) + "): " + std::to_string(g->seats.size()) +
           " seats, " + seats;
  }
  if (const auto* d = std::get_if<DealEvent>(&body)) {
    std::string text = "deal";
    if (!frame.violation) text += " of manche " + std::to_string(frame.state.manche);
    text += ": hands of";
    for (const CardList& hand : d->hands) text += " " + std::to_string(hand.size());
    text += " cards";
    if (d->seed) text += " (seed " + std::to_string(*d->seed) + ")";
    return text;
  }
  if (const auto* x = std::get_if<ExchangeEvent>(&body)) {
    std::string text =
        "exchange: " + SeatLabel(x->from, names) + " gives " + SeatLabel(x->to, names) + " ";
    if (Visible(x->from, look) || Visible(x->to, look))
      return text + ReplayCards(ToCardSet(x->cards), look);
    return text + std::to_string(x->cards.size()) + " card(s)";
  }
  if (const auto* p = std::get_if<PlayEvent>(&body)) {
    std::string text =
        "play: " + SeatLabel(p->seat, names) + " " + ReplayCards(ToCardSet(p->cards), look);
    if (p->declare != Declare::kNone) text += std::string(", declaring ") + DeclareName(p->declare);
    return text;
  }
  if (const auto* p = std::get_if<PassEvent>(&body)) return "pass: " + SeatLabel(p->seat, names);
  if (const auto* c = std::get_if<CloseEvent>(&body)) {
    return "close: " + SeatLabel(c->seat, names) + " " + ReplayCards(ToCardSet(c->cards), look) +
           ", out of turn";
  }
  return "end: the game is over";
}

// One entry of a pli's plays: "A 5c", "B 6c suite", "D pass", "D closes 6s".
inline std::string PliEntry(const Stepper& stepper, int64_t seq, const ReplayLook& look) {
  const std::vector<std::string> names = SeatNames(stepper.log());
  const EventBody& body = stepper.event(seq).body;
  const int seat = ActingSeat(body);
  const std::string who = seat >= 0 && seat < static_cast<int>(names.size())
                              ? EscapeForTerminal(names[seat])
                              : "seat " + std::to_string(seat);
  if (const auto* p = std::get_if<PlayEvent>(&body)) {
    std::string entry = who + " " + ReplayCards(ToCardSet(p->cards), look);
    if (p->declare != Declare::kNone) entry += std::string(" ") + DeclareName(p->declare);
    return entry;
  }
  if (const auto* c = std::get_if<CloseEvent>(&body))
    return who + " closes " + ReplayCards(ToCardSet(c->cards), look);
  return who + " pass";
}

// Who reads a verdict (Violation's Audience): without --seat the
// adjudicator, who sees everything; with it the acting seat (the giver of a
// gift) reads the player's sentence, any other seat the table's, so that
// neither names a card that seat may not know (issue 11 item 5).
inline Audience VerdictAudience(const Event& event, const ReplayLook& look) {
  if (look.seat < 0) return Audience::kAdjudicator;
  return ActingSeat(event.body) == look.seat ? Audience::kActor : Audience::kTable;
}

// The verdict on the event: "legal", or its code, rule and sentence.
inline std::string ReplayVerdict(const Frame& frame, const Event& event, const ReplayLook& look) {
  if (!frame.violation) return Paint("legal", "32", look);
  const Violation& v = *frame.violation;
  std::string code(CodeName(v.code));
  if (!v.rule.empty()) code += " (" + v.rule + ")";
  const std::string sentence = EscapeForTerminal(SentenceFor(v, VerdictAudience(event, look)));
  const bool stop = !sentence.empty() && sentence.back() == '.';
  return Paint("ILLEGAL " + code, "1;31", look) + ": " + sentence + (stop ? "" : ".") +
         " It changes nothing.";
}

// "turn: seat 2 (C)", with why there is none.
inline std::string ReplayTurn(const State& state, const std::vector<std::string>& names) {
  if (state.turn >= 0) {
    return "turn: " + SeatLabel(state.turn, names) +
           (state.pli.solo ? ", who goes on alone or passes (R4)" : "");
  }
  switch (state.phase) {
    case Phase::kExchange:
      return "turn: none, gifts are owed (K3)";
    case Phase::kGameOver:
      return "turn: none, the game is over";
    case Phase::kMancheOver:
      return state.manche == 0 ? "turn: none, no deal yet" : "turn: none, the manche is over";
    default:
      return "turn: none";
  }
}

inline std::string ReplayInForce(const State& state) {
  const Pli& p = state.pli;
  std::string text = "in force: ";
  text += p.count == 0 ? std::string("no count yet") : "count " + std::to_string(p.count);
  text += std::string(", mode ") + ModeName(p.mode) + ", ou-rien " + YesNo(p.ou_rien) +
          ", révolution " + YesNo(state.revolution);
  return text;
}

// A seat's note in the hands table: to play, finished, out of the pli.
inline std::string SeatNote(const State& state, int seat) {
  for (size_t i = 0; i < state.finished.size(); ++i) {
    if (state.finished[i] == seat) return "finished #" + std::to_string(i + 1);
  }
  if (state.turn == seat) return "to play";
  if (state.pli.out & SeatBit(seat)) return "out of pli";
  if (state.pli.passed & SeatBit(seat)) return "passed";
  return "";
}

inline void AppendHands(std::vector<std::string>& lines, const State& state,
                        const std::vector<std::string>& names, const ReplayLook& look) {
  if (state.manche == 0) {
    lines.push_back("hands: none dealt yet");
    return;
  }
  lines.push_back(Paint("hands", "1", look) +
                  (look.seat >= 0 ? " (as " + SeatLabel(look.seat, names) + " sees them)" : ""));
  int label_width = 0;
  for (int s = 0; s < state.seats; ++s)
    label_width = std::max(label_width, Width(SeatLabel(s, names)));
  for (int s = 0; s < state.seats; ++s) {
    const CardSet hand = state.hands[s];
    std::string count = std::to_string(hand.size());
    count = std::string(count.size() < 2 ? 1 : 0, ' ') + count +
            (hand.size() == 1 ? " card " : " cards");
    std::string line = (state.turn == s ? Paint(">", "1;33", look) : std::string(" ")) + " " +
                       PadRight(SeatLabel(s, names), label_width) + "  " + count + "  " +
                       PadRight(SeatNote(state, s), 11);
    if (Visible(s, look)) line += " " + ReplayCards(hand, look);
    while (!line.empty() && line.back() == ' ') line.pop_back();
    lines.push_back(line);
  }
}

// "pli 3", in bold when colour is on.
inline std::string PliName(int number, const ReplayLook& look) {
  return Paint("pli " + std::to_string(number), "1", look);
}

// The pli the event at seq ended (E1-E4, R4, X5, F3), and the next one.
inline void AppendEndedPli(std::vector<std::string>& lines, const Frame& frame,
                           const std::vector<std::string>& plays,
                           const std::vector<std::string>& names, const ReplayLook& look) {
  const int ended = frame.manche_end ? frame.pli_number : frame.pli_number - 1;
  lines.push_back(PliName(ended, look) + Paint(" ended", "1", look) + " (" +
                  PliEndRule(frame.pli_end) + "): " + PliEndText(frame.pli_end));
  AppendWrapped(lines, "  plays:", plays, look);
  if (frame.manche_end) return;
  lines.push_back(PliName(frame.pli_number, look) + ": led by " +
                  SeatLabel(frame.state.pli.leader, names) + ", no play yet");
}

// K1/K3: before play starts, the gifts still owed, one per line.
inline void AppendGifts(std::vector<std::string>& lines, const State& state,
                        const std::vector<std::string>& names) {
  lines.push_back("pli: none until the gifts are made");
  const std::string gifts = GiftsText(state, names);  // "gifts owed:\n  ...\n"
  size_t from = 0;
  for (size_t nl; (nl = gifts.find('\n', from)) != std::string::npos; from = nl + 1)
    lines.push_back(gifts.substr(from, nl - from));
}

// The pli on the table, or the one this event ended, with its plays.
inline void AppendPli(std::vector<std::string>& lines, const Stepper& stepper, int64_t seq,
                      const std::vector<std::string>& names, const ReplayLook& look) {
  const Frame& frame = stepper.frame(seq);
  const State& state = frame.state;
  std::vector<std::string> plays;
  for (int64_t e : stepper.PliEvents(seq)) plays.push_back(PliEntry(stepper, e, look));
  if (frame.pli_end != PliEnd::kNone) return AppendEndedPli(lines, frame, plays, names, look);
  if (state.phase == Phase::kExchange) return AppendGifts(lines, state, names);
  if (state.phase != Phase::kPlay || state.pli.leader < 0) {  // before a deal, after `end`
    lines.push_back(plays.empty() ? std::string("pli: none")
                                  : PliName(frame.pli_number, look) + ", left unfinished");
    if (!plays.empty()) AppendWrapped(lines, "  plays:", plays, look);
    return;
  }
  const std::string head =
      PliName(frame.pli_number, look) + ": led by " + SeatLabel(state.pli.leader, names);
  if (plays.empty()) {
    lines.push_back(head + ", no play yet");
    return;
  }
  lines.push_back(head);
  AppendWrapped(lines, "  plays:", plays, look);
  if (state.pli.last_seat < 0) return;  // only passes so far (classic)
  lines.push_back("  last play: " + SeatLabel(state.pli.last_seat, names) + " " +
                  ReplayCards(state.pli.last_cards, look));
}

inline void AppendResults(std::vector<std::string>& lines, const State& state,
                          const std::vector<std::string>& names, const ReplayLook& look) {
  std::vector<std::string> finished;
  for (int s : state.finished) {
    std::string entry = SeatLabel(s, names);
    for (int t : state.top_finishers) {
      if (t == s) entry += " on the top rank (F2)";
    }
    if (s == state.fallen) entry += " fell: cards set aside (H-K3)";
    finished.push_back(entry);
  }
  if (state.manche > 0) {
    if (finished.empty()) finished.push_back("none");
    AppendWrapped(lines, "finished this manche:", finished, look);
  }
  std::vector<std::string> places;
  if (state.ranking) {
    const std::vector<int>& r = *state.ranking;
    for (size_t i = 0; i < r.size(); ++i) {
      places.push_back(std::to_string(i + 1) + ". " +
                       PlaceTitle(static_cast<int>(i), static_cast<int>(r.size())) + " " +
                       SeatLabel(r[i], names));
    }
  } else {
    places.push_back("none yet");
  }
  AppendWrapped(lines, "last ranking:", places, look);
  if (state.options.stale_falls && state.ranking && state.standing != *state.ranking) {  // H-K4
    std::vector<std::string> standing;
    for (size_t i = 0; i < state.standing.size(); ++i)
      standing.push_back(std::to_string(i + 1) + ". " +
                         PlaceTitle(static_cast<int>(i), static_cast<int>(state.standing.size())) + " " +
                         SeatLabel(state.standing[i], names));
    AppendWrapped(lines, "ranking in force (H-K4):", standing, look);
  }
  if (state.options.president_falls && !state.discarded.empty())  // H-K3
    lines.push_back("set aside (H-K3): " + ReplayCards(state.discarded, look));
  if (state.options.scoring != Scoring::kNone && !state.scores.empty()) {
    std::vector<std::string> scores;
    for (size_t s = 0; s < state.scores.size(); ++s)
      scores.push_back(SeatLabel(static_cast<int>(s), names) + " " +
                       std::to_string(state.scores[s]));
    AppendWrapped(lines, "scores:", scores, look);
  }
  if (state.options.target > 0 && state.phase == Phase::kGameOver) {  // H-G2
    std::vector<std::string> winners;
    for (int s : Winners(state)) winners.push_back(SeatLabel(s, names));
    AppendWrapped(lines, "winners (target " + std::to_string(state.options.target) + "):", winners, look);
  }
}

// Every line shown for the point at `seq` (no key help).
inline std::vector<std::string> ReplayLines(const Stepper& stepper, int64_t seq,
                                            const ReplayLook& look) {
  const std::vector<std::string> names = SeatNames(stepper.log());
  const Frame& frame = stepper.frame(seq);
  const State& state = frame.state;
  std::vector<std::string> lines;
  std::string head =
      Paint("pli replay", "1", look) + "  game " + EscapeForTerminal(stepper.log().game) + "  " +
      Paint("seq " + std::to_string(seq) + " of " + std::to_string(stepper.size()), "1", look);
  if (state.manche > 0) {
    head +=
        "  manche " + std::to_string(state.manche) + "  pli " + std::to_string(frame.pli_number);
  }
  if (look.seat >= 0) head += "  seen by " + SeatLabel(look.seat, names);
  lines.push_back(head);
  lines.push_back("event " + std::to_string(seq) + ": " + ReplayEventText(stepper, seq, look));
  lines.push_back("  " + ReplayVerdict(frame, stepper.event(seq), look));
  if (frame.manche_end) {
    lines.push_back("  " + Paint("manche " + std::to_string(state.manche) + " is over", "1", look) +
                    " (F3): one player still holds cards");
  }
  const std::string phase = state.manche == 0 && state.phase == Phase::kMancheOver
                                ? std::string("waiting for the first deal")
                                : PhaseName(state.phase);
  lines.push_back("phase " + phase + ", " + ReplayTurn(state, names));
  if (state.phase == Phase::kPlay || frame.manche_end)
    lines.push_back(ReplayInForce(state));
  else
    lines.push_back(std::string("révolution ") + YesNo(state.revolution));
  lines.push_back("");
  AppendHands(lines, state, names, look);
  lines.push_back("");
  AppendPli(lines, stepper, seq, names, look);
  AppendResults(lines, state, names, look);
  return lines;
}

// --seat in JSON: the hands of the other seats become null, in the state
// and in a deal, and so do the cards of a gift between two other seats.
inline void HideOthers(boost::json::object& event, boost::json::object& state, int seat) {
  auto hide = [seat](boost::json::array& hands) {
    for (size_t s = 0; s < hands.size(); ++s)
      if (static_cast<int>(s) != seat) hands[s] = nullptr;
  };
  if (event.contains("hands")) hide(event["hands"].as_array());
  if (event.contains("type") && event.at("type") == "exchange" && event.at("from").to_number<int>() != seat &&
      event.at("to").to_number<int>() != seat) {
    event["cards"] = nullptr;
  }
  hide(state["hands"].as_array());
}

// One step of `pli replay --json`: {"seq","event","legal","violation",
// "pli_number","pli_end":{"rule","text"}|null,"manche_start","manche_end",
// "pli_events":[seq...],"hand_sizes":[...],"state":{as pli state --json}}.
// With a seat (--seat), the other seats' cards are hidden (HideOthers), and
// a violation's message is the one that seat may read (VerdictAudience), with
// no "hidden" field.
inline boost::json::object ReplayStepJson(const Stepper& stepper, int64_t seq, int seat) {
  const Frame& frame = stepper.frame(seq);
  // A malformed event has no canonical JSON: null (its violation says why).
  const bool malformed = std::holds_alternative<MalformedEvent>(stepper.event(seq).body);
  boost::json::object event;
  if (!malformed) event = boost::json::parse(EventToJson(stepper.event(seq))).as_object();
  boost::json::object state = StateToJson(frame.state);
  if (seat >= 0) HideOthers(event, state, seat);
  boost::json::array pli_events;
  for (int64_t e : stepper.PliEvents(seq)) pli_events.push_back(e);
  boost::json::array sizes;
  for (int s = 0; s < frame.state.seats; ++s) sizes.push_back(frame.state.hands[s].size());
  boost::json::object step;
  step["seq"] = seq;
  step["event"] = malformed ? boost::json::value(nullptr) : boost::json::value(std::move(event));
  step["legal"] = !frame.violation.has_value();
  ReplayLook look;
  look.seat = seat;
  step["violation"] = frame.violation
                          ? boost::json::value(ViolationToJson(
                                *frame.violation, VerdictAudience(stepper.event(seq), look)))
                          : boost::json::value(nullptr);
  step["pli_number"] = frame.pli_number;
  step["pli_end"] =
      frame.pli_end == PliEnd::kNone
          ? boost::json::value(nullptr)
          : boost::json::value(boost::json::object{{"rule", PliEndRule(frame.pli_end)},
                                                   {"text", PliEndText(frame.pli_end)}});
  step["manche_start"] = frame.manche_start;
  step["manche_end"] = frame.manche_end;
  step["pli_events"] = std::move(pli_events);
  step["hand_sizes"] = std::move(sizes);
  step["state"] = std::move(state);
  return step;
}

}  // namespace pli::cli::replay

#endif  // PLI_CLI_PRESIDENT_REPLAY_TEXT_H_
