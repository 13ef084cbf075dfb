// explain.cc: the adjudication of one event (explain.h). The verdict is
// Decide's; for a legal event the reasons are read off the state before
// and after it (what was in force, whether the pli closed, who finished),
// each tagged with the rule id of RULES.md it comes from.
#include "games/president/replay/explain.h"

#include <algorithm>
#include <variant>

#include "engine/text.h"
#include "games/president/replay/fold.h"
#include "games/president/rule_text.h"

namespace pli {
namespace {

// ---------------------------------------------------------------------------
// Words.

// "Alice (seat 0)", as the engine's sentences name seats.
std::string Seat(const State& s, int seat) {
  if (seat >= 0 && seat < static_cast<int>(s.seat_names.size()))
    return EscapeForTerminal(s.seat_names[seat]) + " (seat " + std::to_string(seat) + ")";
  return "seat " + std::to_string(seat);
}

std::string CountWord(int count) {
  switch (count) {
    case 1:
      return "singles";
    case 2:
      return "pairs";
    case 3:
      return "brelans";
    default:
      return "carrés";
  }
}

std::string CardsWord(int n) { return n == 1 ? "one card" : std::to_string(n) + " cards"; }

std::string RankWord(Rank r) { return std::string(1, RankChar(r)); }

// "a J", "an A", "an 8".
std::string ARank(Rank r) {
  return std::string(r == Rank::kA || r == Rank::k8 ? "an " : "a ") + RankChar(r);
}

std::string Ordinal(int i) {
  static const char* const kWords[] = {"first", "second", "third",   "fourth",
                                       "fifth", "sixth",  "seventh", "eighth"};
  return i >= 0 && i < 8 ? kWords[i] : std::to_string(i + 1) + "th";
}

// F4: the title of a place, best first.
std::string PlaceTitle(int index, int seats) {
  const std::string place = PlaceName(index, seats);
  if (place == "president") return "Président";
  if (place == "vice-president") return "Vice-Président";
  if (place == "vice-trouduc") return "Vice-Trouduc";
  if (place == "trouduc") return "Trouduc";
  return "neutral";
}

const char* ModeWord(Mode m) { return m == Mode::kSuite ? "suite" : "reverse"; }

bool Contains(const std::vector<int>& seats, int seat) {
  return std::find(seats.begin(), seats.end(), seat) != seats.end();
}

// ---------------------------------------------------------------------------
// Reasons.

void Why(Explanation& x, std::string rule, std::string detail) {
  x.why.push_back(Reason{std::move(rule), std::move(detail)});
}
void Effect(Explanation& x, std::string rule, std::string detail) {
  x.effects.push_back(Reason{std::move(rule), std::move(detail)});
}

bool PliClosed(const Explanation& x) {
  return x.after.phase == Phase::kPlay && x.after.pli.plays == 0;
}

bool MancheEnded(const Explanation& x) {
  return x.before.phase == Phase::kPlay &&
         (x.after.phase == Phase::kMancheOver || x.after.phase == Phase::kGameOver);
}

// The pli closed under `rule` (`what` says why); the lead goes to `closer`,
// or on to the next seat with cards (E5).
void ClosedEffect(Explanation& x, const std::string& rule, const std::string& what, int closer) {
  const int leader = x.after.pli.leader;
  Effect(x, rule, what + "; " + Seat(x.after, closer) + " leads the next pli");
  if (leader != closer)
    Effect(x, "E5",
           Seat(x.after, closer) + " has no cards left: the lead goes to " + Seat(x.after, leader));
}

// F1/F2: the actor went out with this event.
void FinishEffect(Explanation& x, int seat) {
  const State& a = x.after;
  if (!a.hands[seat].empty() || Contains(x.before.finished, seat)) return;
  if (Contains(a.top_finishers, seat) && !Contains(x.before.top_finishers, seat)) {
    const auto k =
        std::find(a.top_finishers.begin(), a.top_finishers.end(), seat) - a.top_finishers.begin();
    const int place = a.seats - 1 - static_cast<int>(k);
    Effect(x, "F2",
           Seat(a, seat) + " went out on the top rank and is placed " + PlaceTitle(place, a.seats) +
               " (place " + std::to_string(place + 1) + ")");
    return;
  }
  int normal = 0;  // finishers before him who did not go out on the top rank
  for (int s : a.finished) {
    if (s == seat) break;
    if (!Contains(a.top_finishers, s) && s != a.fallen) ++normal;  // H-K3: the fallen is last
  }
  Effect(x, "F1",
         Seat(a, seat) + " played their last card and finishes " + Ordinal(normal) + ": " +
             PlaceTitle(normal, a.seats));
  if (a.fallen >= 0 && x.before.fallen < 0)  // H-K3
    Effect(x, "H-K3",
           Seat(a, a.fallen) + ", the Président, did not finish first: his cards are set aside (" +
               CardSetText(a.discarded) + ") and he takes the last place");
}

// F3/F4 (and G1 when it was the last manche): the manche is over.
void MancheEndEffect(Explanation& x) {
  const State& a = x.after;
  if (!a.ranking) return;
  const std::vector<int>& r = *a.ranking;
  int last_holder = -1;
  for (int s : r) {
    if (!Contains(a.finished, s)) last_holder = s;
  }
  if (last_holder >= 0)
    Effect(x, "F3",
           "only " + Seat(a, last_holder) + " still holds cards: manche " +
               std::to_string(a.manche) + " is over");
  std::string ranking;
  for (size_t i = 0; i < r.size(); ++i) {
    ranking += (i ? ", " : "") + PlaceTitle(static_cast<int>(i), a.seats) + " " + Seat(a, r[i]);
  }
  Effect(x, "F4", "ranking: " + ranking);
  if (a.options.stale_falls && a.standing != r) {  // H-K4
    std::string standing;
    for (size_t i = 0; i < a.standing.size(); ++i)
      standing += (i ? ", " : "") + PlaceTitle(static_cast<int>(i), a.seats) + " " + Seat(a, a.standing[i]);
    Effect(x, "H-K4", "a second unchanged manche in a row: the ranking in force is " + standing);
  }
  if (a.phase != Phase::kGameOver) return;
  if (a.options.target > 0) {  // H-G2
    std::string totals, winners;
    for (int s = 0; s < a.seats; ++s)
      totals += (s ? ", " : "") + Seat(a, s) + " " + std::to_string(a.scores[s]);
    for (int s : Winners(a)) winners += (winners.empty() ? "" : " and ") + Seat(a, s);
    if (std::any_of(a.scores.begin(), a.scores.end(), [&](int t) { return t >= a.options.target; })) {
      Effect(x, "H-G2",
             "totals " + totals + ": the target " + std::to_string(a.options.target) +
                 " is reached, the game is over; won by " + winners);
      return;
    }
  }
  Effect(x, "G1",
         "that was the last of the game's " + std::to_string(a.options.manches) +
             " manches: the game is over");
}

// P7, or R4 when the lone last player acts again.
void TurnReason(Explanation& x, int seat) {
  const State& b = x.before;
  if (b.pli.solo) {
    Why(x, "R4",
        "everyone else is out of this " + std::string(ModeWord(b.pli.mode)) +
            ": the turn came back to " + Seat(b, seat) + ", the last to play");
    return;
  }
  Why(x, "P7", "it was " + Seat(b, seat) + "'s turn");
}

// S3, H-L1: why a seat leads manche 1: " holds Qh", " holds 3c (H-L1)",
// " sits at seat 0 (H-L1)".
std::string FirstLeadText(const State& s) {
  if (s.options.first_lead < 0) return " sits at seat 0 (H-L1: first_lead = seat-0)";
  const std::string card = *OptionText(s.options, "first_lead");
  return " holds " + card + (s.options.first_lead == Options{}.first_lead ? "" : " (H-L1)");
}

// S3: who leads the manches after the first (option later_lead).
std::string LaterLeader(const State& s) {
  return s.options.later_lead == LaterLead::kPresident ? "Président" : "Trouduc";
}

// A lead: S3 for a manche's first pli, P2 the count.
void LeadReasons(Explanation& x, int seat, int n) {
  const State& b = x.before;
  if (b.discards.empty()) {  // right after the turn (P7), before the cards (P1)
    const std::string detail =
        b.manche == 1 ? "the first pli of manche 1: " + Seat(b, seat) + FirstLeadText(b) + " and leads"
                      : "the first pli of manche " + std::to_string(b.manche) + ": " +
                            Seat(b, seat) + ", " + LaterLeader(b) + " of the last manche, leads";
    x.why.insert(x.why.begin() + 1, Reason{"S3", detail});
  }
  Why(x, "P2", "a lead of " + CardsWord(n) + ": the pli is played in " + CountWord(n));
  x.rule = "P2";
}

// A play on a pli with a lead: the count, then what was in force.
void FollowReasons(Explanation& x, const PlayEvent& e, Rank r, const std::string& cards) {
  const State& b = x.before;
  const Pli& p = b.pli;
  const std::string last = CardSetText(p.last_cards);
  const Rank last_rank = LastPlayRank(b);
  Why(x, "P2", CardsWord(p.count) + ", the pli's count (" + CountWord(p.count) + ")");
  // C5: under the révolution, "above" and "below" are in the reversed order.
  const std::string order = b.revolution ? " (in the révolution's order)" : "";
  auto decide = [&](const char* rule, const std::string& detail) {
    Why(x, rule, detail);
    x.rule = rule;
  };
  if (e.declare == Declare::kSuite)
    return decide("U1", "the second play of the pli, one rank above the lead's " + last + order +
                            ": it declares a suite");
  if (e.declare == Declare::kReverse && p.mode == Mode::kSuite) {
    Why(x, "U2", cards + " is the suite's next rank after " + last + order);
    return decide("V2", "a play that continues the suite may declare a reverse, once per pli");
  }
  if (e.declare == Declare::kReverse)
    return decide("V1", "the second play of the pli, one rank below the lead's " + last + order +
                            ": it declares a reverse");
  if (p.ou_rien)
    return decide("O2", "ou-rien was in force: the rank to play was " + RankWord(last_rank));
  if (p.mode == Mode::kSuite)
    return decide("U2", "a suite is in force: " + cards + " is one rank above " + last + order);
  if (p.mode == Mode::kReverse)
    return decide("V3", "a reverse is in force: " + cards + " is one rank below " + last + order);
  if (b.revolution)
    Why(x, "C3", std::string("the révolution is in force: the order is reversed (") +
                     RankChar(b.order.TopRank(true)) + " strongest)");
  const bool equal = r == last_rank;
  decide("P3", cards + (equal ? " is equal to" : " is stronger than") + " the last play, " + last +
                   (equal ? ", and an equal play is allowed" : ""));
}

// What a legal play set in motion.
void PlayEffects(Explanation& x, const PlayEvent& e, Rank r, int n) {
  const State& b = x.before;
  const State& a = x.after;
  if (a.revolution != b.revolution && !MancheEnded(x))
    Effect(x, "Q1",
           "a carré of " + RankWord(r) + "s: the révolution " +
               (a.revolution ? "starts; from the next play the order is reversed (" +
                                   std::string(1, RankChar(b.order.TopRank(true))) + " strongest)"
                             : "ends; from the next play the order is normal again (" +
                                   std::string(1, RankChar(b.order.TopRank(false))) + " strongest)"));
  FinishEffect(x, e.seat);
  if (MancheEnded(x)) return MancheEndEffect(x);
  if (PliClosed(x)) {
    const bool top = r == b.order.TopRank(b.revolution);
    if (top && b.options.top_rank_closes)
      ClosedEffect(x, b.pli.mode == Mode::kSuite ? "U3" : "E1",
                   std::string("the top rank (") + RankChar(r) + ") closes the pli", e.seat);
    else if (n == 4 && b.options.carre_closes)
      ClosedEffect(x, "E2", "a carré closes the pli", e.seat);
    else if (n < 4 && b.options.completed_carre_closes && b.pli.played.CountOf(r) + n == 4)
      ClosedEffect(x, "X5",
                   "the four " + RankWord(r) +
                       "s are completed in this pli "
                       "(completed_carre_closes): the pli closes",
                   e.seat);
    else if (x.after.pli.denied != 0)  // H-T2 (single_round)
      ClosedEffect(x, "H-T2",
                   "the turn would go to a seat that has had its chance in this pli (single_round): it closes",
                   e.seat);
    else
      ClosedEffect(x, "E3", "nobody else is left to act in the pli: it closes", e.seat);
    return;
  }
  if (a.pli.skipped != 0)  // H-T1 (equal_skips)
    Effect(x, "H-T1", "an equal play: the next seat is skipped; " + Seat(a, a.turn) + " is to act");
  if (e.declare == Declare::kSuite)
    Effect(x, "U2", "from now on every play must be one rank above the last, " + CardsWord(n));
  if (e.declare == Declare::kReverse)
    Effect(x, "V3", "from now on every play must be one rank below the last, " + CardsWord(n));
  if (a.pli.ou_rien)
    Effect(x, "O1",
           "the same rank as " + Seat(b, b.pli.last_seat) + "'s " + CardSetText(b.pli.last_cards) +
               ": ou-rien; " + Seat(a, a.turn) + " must play " + ARank(r) + " or pass");
  if (a.pli.solo)
    Effect(x, "R4",
           "everyone else is out: " + Seat(a, e.seat) + " may go on with the " +
               ModeWord(a.pli.mode) + " or pass to close the pli");
}

void ExplainPlay(Explanation& x, const PlayEvent& e) {
  const CardSet cards = SetOf(e.cards);
  // H-B1, H-W1: the effective rank (a legal play has one).
  const Rank r = x.before.order.EffectiveRank(cards, x.before.revolution).value_or(cards.first().rank());
  const int n = cards.size();
  const std::string text = CardSetText(cards);
  TurnReason(x, e.seat);
  Why(x, "P1",
      text + ": " + CardsWord(n) + " of one rank, from " + Seat(x.before, e.seat) + "'s hand");
  if (x.before.pli.count == 0)
    LeadReasons(x, e.seat, n);
  else
    FollowReasons(x, e, r, text);
  PlayEffects(x, e, r, n);
}

// P4's note when the only plays open needed a declaration or a close.
std::string OptionalOnly(const Explanation& x) {
  bool declare = false, close = false;
  for (const LegalAction& a : x.instead) {
    declare = declare || (a.type == EventType::kPlay && a.declare != Declare::kNone);
    close = close || a.type == EventType::kClose;
  }
  if (!declare && !close) return "";
  return std::string(" (") + (declare ? "a play with a declaration" : "") +
         (declare && close ? " and " : "") + (close ? "a close" : "") +
         " remained, and neither is compulsory)";
}

void ExplainPass(Explanation& x, const PassEvent& e) {
  const State& b = x.before;
  if (b.pli.solo) {
    Why(x, "R4",
        Seat(b, e.seat) + " was going on alone in the " + ModeWord(b.pli.mode) +
            ": a pass ends the pli");
    x.rule = "R4";
    return ClosedEffect(x, "R4", "the pli closes", e.seat);
  }
  Why(x, "P7", "it was " + Seat(b, e.seat) + "'s turn");
  if (b.pli.ou_rien) {
    const Rank r = LastPlayRank(b);
    const int have = b.hands[e.seat].CountOf(r);
    Why(x, "O2",
        "ou-rien was in force and " + Seat(b, e.seat) + " held " +
            (have == 0 ? "no " + RankWord(r)
                       : "only " + CardsWord(have) + " of rank " + RankWord(r)) +
            ": they had to pass");
    x.rule = "O2";
    Effect(x, "O3", "the pass ends ou-rien; " + Seat(b, e.seat) + " stays in the pli");
  } else if (!b.options.mandatory_play) {
    Why(x, "P4", "passing is always allowed in this ruleset (mandatory_play is off)");
    x.rule = "P4";
  } else {
    x.rule = b.pli.mode == Mode::kFree ? "P4" : "U4";
    Why(x, x.rule, Seat(b, e.seat) + " had no legal play" + OptionalOnly(x));
  }
  if ((x.after.pli.out & SeatBit(e.seat)) && !(b.pli.out & SeatBit(e.seat)))
    Effect(x, "P5", Seat(b, e.seat) + " is out of the pli until it closes");
  if (PliClosed(x) && x.after.pli.denied != 0)  // H-T2 (single_round)
    ClosedEffect(x, "H-T2",
                 "the turn would go to a seat that has had its chance in this pli (single_round): it closes",
                 b.pli.last_seat);
  else if (PliClosed(x))
    ClosedEffect(
        x, "E3",
        "everyone else has passed since " + Seat(b, b.pli.last_seat) + "'s play: the pli closes",
        b.pli.last_seat);
  if (x.after.pli.solo)
    Effect(x, "R4",
           "everyone else is out: " + Seat(x.after, x.after.pli.last_seat) +
               " may go on with the " + ModeWord(x.after.pli.mode) + " or pass to close the pli");
}

void ExplainClose(Explanation& x, const CloseEvent& e) {
  const State& b = x.before;
  const CardSet cards = SetOf(e.cards);
  const Rank r = cards.first().rank();
  std::string detail = Seat(b, e.seat) + " holds every remaining " + RankWord(r) + " (" +
                       CardSetText(cards) + "), as many as the pli's count";
  if (e.seat != b.turn) detail += "; a close may be made out of turn";
  if (b.pli.out & SeatBit(e.seat)) detail += ", even by a player out of the pli";
  Why(x, "X1", detail);
  Why(x, "X2",
      RankWord(r) + " is not the top rank" +
          (b.revolution ? std::string(" (under the révolution the top rank is 3)") : ""));
  if (b.pli.mode != Mode::kFree || b.pli.ou_rien)
    Why(x, "X4",
        std::string("a close ignores what is in force (") +
            (b.pli.ou_rien ? "ou-rien" : ModeWord(b.pli.mode)) + ")");
  x.rule = "X1";
  FinishEffect(x, e.seat);
  if (MancheEnded(x)) return MancheEndEffect(x);
  ClosedEffect(x, "X3", "the close ends the pli at once (E4)", e.seat);
}

// The place of a seat in the last manche's ranking ("Président"), or "".
std::string PlaceOf(const State& s, int seat) {
  if (!s.ranking) return "";
  const std::vector<int>& r = *s.ranking;
  for (size_t i = 0; i < r.size(); ++i) {
    if (r[i] == seat) return PlaceTitle(static_cast<int>(i), s.seats);
  }
  return "";
}

void ExplainExchange(Explanation& x, const ExchangeEvent& e) {
  const State& b = x.before;
  const Gift* gift = nullptr;
  for (const Gift& g : b.gifts) {
    if (!g.done && g.from == e.from && g.to == e.to) gift = &g;
  }
  if (gift == nullptr) return;  // Decide accepted it, so it was owed
  Why(x, "K1",
      Seat(b, e.from) + ", " + PlaceOf(b, e.from) + ", owes " + Seat(b, e.to) + ", " +
          PlaceOf(b, e.to) + ", " + CardsWord(gift->count));
  const std::string cards = CardSetText(SetOf(e.cards));
  if (gift->choice) {
    Why(x, "K3", "with exchange=choice the giver chooses: " + cards);
    x.rule = "K3";
  } else {
    const std::string which = gift->best ? "strongest" : "weakest";
    Why(x, "K2",
        cards + ": " +
            (gift->count == 1 ? "the " + which + " card"
                              : "the " + std::to_string(gift->count) + " " + which + " cards") +
            " of " + Seat(b, e.from) + "'s hand as dealt");
    x.rule = "K2";
  }
  if (x.after.phase == Phase::kPlay) {
    Effect(x, "K3", "every gift is made: play starts");
    Effect(x, "S3", Seat(x.after, x.after.pli.leader) + ", " + LaterLeader(x.after) +
                        " of the last manche, leads");
  }
}

void ExplainDeal(Explanation& x, const DealEvent& e) {
  std::string sizes;
  for (const CardList& hand : e.hands)
    sizes += (sizes.empty() ? "" : ", ") + std::to_string(hand.size());
  Why(x, "S2", "all 52 cards, in hands of " + sizes);
  x.rule = "S2";
  const State& a = x.after;
  Effect(x, "Q3", "manche " + std::to_string(a.manche) + " starts in normal order");
  if (a.phase == Phase::kExchange) {
    std::string owed;
    for (const Gift& g : a.gifts) {
      owed += (owed.empty() ? "" : "; ") + Seat(a, g.from) + " gives " + Seat(a, g.to) + " " +
              CardsWord(g.count);
    }
    Effect(x, "K1", "gifts are owed before play: " + owed);
  } else if (a.phase == Phase::kPlay) {
    Effect(x, a.options.first_lead == Options{}.first_lead ? "S3" : "H-L1",
           Seat(a, a.pli.leader) + FirstLeadText(a) + " and leads");
  }
}

void ExplainGame(Explanation& x, const GameEvent& e) {
  std::string names;
  for (const std::string& n : e.seats) names += (names.empty() ? "" : ", ") + EscapeForTerminal(n);
  Why(x, "S1", std::to_string(e.seats.size()) + " seats: " + names);
  x.rule = "S1";
  Effect(x, "G1", "a new game \"" + EscapeForTerminal(e.game) + "\", ruleset " + EscapeForTerminal(e.ruleset));
}

void ExplainLegal(Explanation& x) {
  struct Visitor {
    Explanation& x;
    void operator()(const GameEvent& e) { ExplainGame(x, e); }
    void operator()(const DealEvent& e) { ExplainDeal(x, e); }
    void operator()(const ExchangeEvent& e) { ExplainExchange(x, e); }
    void operator()(const PlayEvent& e) { ExplainPlay(x, e); }
    void operator()(const PassEvent& e) { ExplainPass(x, e); }
    void operator()(const CloseEvent& e) { ExplainClose(x, e); }
    void operator()(const EndEvent&) {
      Why(x, "G1", "an end event ends the game");
      x.rule = "G1";
    }
    void operator()(const MalformedEvent&) {}  // never legal (Decide refuses it)
  };
  std::visit(Visitor{x}, x.event.body);
}

}  // namespace

bool ActionMatches(const LegalAction& action, const Event& event, const State* before) {
  if (action.type != TypeOf(event.body)) return false;
  const auto* play = std::get_if<PlayEvent>(&event.body);
  if (play && before && !before->order.wild.empty()) {  // H-W1, H-B6
    const CardSet cards = SetOf(play->cards);
    return action.seat == play->seat && action.count == cards.size() && action.declare == play->declare &&
           before->order.EffectiveRank(cards, before->revolution) == action.rank &&
           action.wild == (cards & before->order.wild).size();
  }
  if (const auto* p = play) {
    return action.seat == p->seat && !p->cards.empty() && action.rank == p->cards.front().rank() &&
           action.count == SetOf(p->cards).size() && action.declare == p->declare;
  }
  if (const auto* c = std::get_if<CloseEvent>(&event.body)) {
    return action.seat == c->seat && !c->cards.empty() && action.rank == c->cards.front().rank() &&
           action.count == SetOf(c->cards).size();
  }
  if (const auto* g = std::get_if<ExchangeEvent>(&event.body))
    return action.seat == g->from && action.to == g->to;
  if (const auto* p = std::get_if<PassEvent>(&event.body)) return action.seat == p->seat;
  return false;
}

Explanation ExplainEvent(const State& before, const Event& event) {
  Explanation x;
  x.seq = std::holds_alternative<GameEvent>(event.body) && before.phase == Phase::kNone
              ? 1
              : before.seq + 1;
  x.event = event;
  x.seat = ActingSeat(event.body);
  x.before = before;
  x.after = before;
  x.violation = Step(x.after, event);
  for (const LegalAction& a : LegalActions(before)) {
    if (x.seat < 0 || a.seat == x.seat) x.instead.push_back(a);
  }
  if (x.violation) {
    x.rule = x.violation->rule;
    // The adjudicator's view: the player's sentence and, marked, what was
    // hidden from the player (Violation::hidden).
    x.why.push_back(Reason{x.violation->rule, SentenceFor(*x.violation, Audience::kAdjudicator)});
    return x;
  }
  ExplainLegal(x);
  return x;
}

Explanation Explain(const std::vector<Event>& events, int64_t seq) {
  Explanation x = ExplainEvent(FoldTo(events, seq - 1), events.at(static_cast<size_t>(seq - 1)));
  x.seq = seq;
  return x;
}

}  // namespace pli
