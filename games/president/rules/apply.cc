// apply.cc: Apply(state, event), the total fold of accepted events, and Step,
// which folds one event of a log whether it is legal or not.
#include <algorithm>
#include <array>
#include <cassert>

#include "games/president/rules/compact.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"

namespace pli {
namespace {

using internal::HasCards;

// The functions below that take `holding` are given SeatsWithCards(s),
// computed once per event after its cards have left their hand.

// E5 (R2): the seat that leads next: `seat` if it still has cards, else the
// next seat clockwise that has.
int LeaderFrom(const State& s, int seat, SeatMask holding) {
  if (HasCards(s, seat)) return seat;
  return internal::NextSeatIn(s, seat, holding);
}

// Starts a new pli led by `seat` (E1-E5, X3).
void NewPli(State& s, int seat, SeatMask holding) {
  int leader = LeaderFrom(s, seat, holding);
  s.pli = Pli{};
  s.pli.leader = leader;
  s.turn = leader;
}

// F3, F4: the manche ends when one player still holds cards.
void EndManche(State& s) {
  std::vector<int> ranking;
  for (int seat : s.finished)
    if (std::find(s.top_finishers.begin(), s.top_finishers.end(), seat) == s.top_finishers.end() &&
        seat != s.fallen)
      ranking.push_back(seat);
  for (int seat = 0; seat < s.seats; ++seat)
    if (HasCards(s, seat)) ranking.push_back(seat);  // F3: the one place left
  // F2: the first top-rank finisher is last, a second one just above, ...
  for (auto it = s.top_finishers.rbegin(); it != s.top_finishers.rend(); ++it) ranking.push_back(*it);
  if (s.fallen >= 0) ranking.push_back(s.fallen);  // H-K3: the fallen Président is last, below F2
  if (s.options.scoring != Scoring::kNone) {
    // G1, H-G1 (the table of `scoring`), H-K4: own places.
    for (int i = 0; i < s.seats; ++i) s.scores[ranking[i]] += ScoreOf(s.options.scoring, i, s.seats);
  }
  if (s.options.stale_falls) [[unlikely]] {
    // H-K4: a manche is unchanged when its places equal the ranking in
    // force before it (never manche 1); after the second unchanged manche
    // in a row the first place moves to the last, the others up one, and
    // the count starts again.
    const bool unchanged = s.manche > 1 && ranking == s.standing;
    s.unchanged = unchanged ? s.unchanged + 1 : 0;
    s.standing = ranking;
    if (s.unchanged == 2) {
      std::rotate(s.standing.begin(), s.standing.begin() + 1, s.standing.end());
      s.unchanged = 0;
    }
  }
  s.ranking = std::move(ranking);
  s.turn = -1;
  s.pli.solo = false;
  bool last_manche = s.options.manches > 0 && s.manche >= s.options.manches;  // G1
  // H-G2: a total at the target ends the game too (the first limit wins).
  if (s.options.target > 0) [[unlikely]] last_manche = last_manche || internal::TargetReached(s);
  s.phase = last_manche ? Phase::kGameOver : Phase::kMancheOver;  // G1
}

bool MancheOver(SeatMask holding) {
  return (holding & (holding - 1)) == 0;  // at most one seat holds cards
}

// R4 (and `solo_continuation`): whether `last`, the player of the last
// play, goes on alone once every other seat has passed (E3).
bool SoloGoesOn(const State& s, int last) {
  const SoloContinuation solo = s.options.solo_continuation;
  return HasCards(s, last) && (solo == SoloContinuation::kAlways ||
                               (solo == SoloContinuation::kSequence && s.pli.mode != Mode::kFree));
}

// E3 / R4 / P6: after a play or a pass that did not close the pli, who acts.
void AdvanceTurn(State& s, int actor, SeatMask holding) {
  Pli& p = s.pli;
  const int last = p.last_seat;
  SeatMask remaining = holding & ~p.out & ~p.passed;
  if (last >= 0) remaining &= ~SeatBit(last);
  if (remaining != 0) {
    // P6: the next seat clockwise with cards that is still in the pli.
    s.turn = internal::NextSeatIn(s, actor, remaining);
    p.solo = false;
    return;
  }
  // E3: every other player still holding cards has passed since the last
  // play (or is out). R4: in a suite or reverse the last player may go on.
  if (SoloGoesOn(s, last)) {
    p.solo = true;
    s.turn = last;
    return;
  }
  NewPli(s, last, holding);
}

// H-K3: `seat` has just gone out under F1 (not F2). From manche 2, when he
// is the first to do so and not the Président of the ranking in force, who
// still holds cards, the Président's cards are set aside and he is a seat
// without cards, listed in `finished` at that point (last place: EndManche).
void PresidentFalls(State& s, int seat) {
  if (s.manche < 2 || !s.ranking) return;
  for (int f : s.finished)  // an earlier F1 finisher won already (F2 ones are no win)
    if (f != seat && std::find(s.top_finishers.begin(), s.top_finishers.end(), f) == s.top_finishers.end())
      return;
  const int president = internal::InForce(s).front();
  if (president == seat || !HasCards(s, president)) return;
  s.discarded = s.hands[president];
  s.hands[president] = CardSet();
  s.fallen = president;
  s.finished.push_back(president);
}

// HOUSE_RULES.md H-T1 (equal_skips): the seats an equal play of `seat`
// skips, the next k seats that P6 would give the turn to, other than its
// player; all of them when there are k or fewer.
SeatMask SkippedBy(const State& s, int seat, int k, SeatMask holding) {
  SeatMask candidates = holding & ~s.pli.out & ~SeatBit(seat);
  SeatMask skipped = 0;
  for (int from = seat; k > 0 && candidates != 0; --k) {
    from = internal::NextSeatIn(s, from, candidates);
    skipped |= SeatBit(from);
    candidates &= ~SeatBit(from);
  }
  return skipped;
}

// AdvanceTurn under H-T1 (equal_skips) or H-T2 (single_round), after a play
// or a pass that did not close the pli: `skipped` are the seats this
// action's equal play skips (H-T1), 0 for any other action.
void AdvanceHouseTurn(State& s, int actor, SeatMask holding, SeatMask skipped) {
  Pli& p = s.pli;
  const int last = p.last_seat;
  p.skipped = skipped;
  p.denied = 0;
  p.solo = false;
  // E3: every other player still holding cards has passed since the last
  // play, or is out of the pli.
  const SeatMask others = holding & ~p.out & ~p.passed & ~SeatBit(last);
  if (s.options.single_round) {
    // H-T2: each seat acts once, the leader by leading; a seat skipped by
    // H-T1 has had its chance. E3 may close the pli earlier; R4 and
    // solo_continuation never apply.
    p.acted |= SeatBit(actor) | skipped;
    if (others == 0) return NewPli(s, last, holding);  // E3
    // P6 (no cards, out of the pli), after H-T1's skip; the player of the
    // last play comes last. RULINGS.md H20: a player without cards is
    // passed over, so the turn goes on to a skipped seat.
    int next = internal::NextSeatIn(s, actor, holding & ~p.out & ~skipped);
    if (next < 0) next = internal::NextSeatIn(s, actor, holding & ~p.out);
    if (p.acted & SeatBit(next)) {
      // H-T2: the turn would go to a seat that has had its chance: the pli
      // closes and its last player leads (E5 if he has no cards).
      NewPli(s, last, holding);
      s.pli.denied = SeatBit(next);  // for the sentence of a play out of turn
      s.pli.skipped = skipped;
      return;
    }
    s.turn = next;
    return;
  }
  if (others == 0) {
    // E3, and R4 as AdvanceTurn (H-T1: a skipped seat has not passed, so
    // this holds only once every skipped seat has passed too). The turn may
    // have come back to the last player and he may have passed since his
    // play: then he is not left able to act, and the pli closes (RULINGS.md
    // H20).
    if (((p.out | p.passed) & SeatBit(last)) == 0 && SoloGoesOn(s, last)) {
      p.solo = true;
      s.turn = last;
      return;
    }
    return NewPli(s, last, holding);
  }
  // H-T1: the next seat by P6 that has not passed since the last play, past
  // the skipped ones; the player of the last play keeps his place in that
  // order ("the turn comes back to the player"), and his pass is an
  // ordinary one, so the turn then goes on to the skipped seats.
  int next = internal::NextSeatIn(s, actor, holding & ~p.out & ~p.passed & ~skipped);
  if (next < 0) next = internal::NextSeatIn(s, actor, others);  // RULINGS.md H20
  s.turn = next;
}

// Removes played cards from a hand; F1/F2 when it is the last of them.
void TakeFromHand(State& s, int seat, CardSet cards, bool top_rank) {
  s.hands[seat] -= cards;
  s.discards |= cards;
  s.pli.played |= cards;
  if (s.hands[seat].empty()) {
    s.finished.push_back(seat);  // F1
    if (top_rank && s.options.top_rank_last) {
      s.top_finishers.push_back(seat);  // F2
    } else if (s.options.president_falls) [[unlikely]] {
      PresidentFalls(s, seat);  // H-K3
    }
  }
}

void ApplyGame(State& s, const GameEvent& e) {
  ResetState(s);
  s.game = e.game;
  s.options = e.options;
  s.order = OrderOf(e.options);  // H-B2: once, at the game event
  s.seat_names = e.seats;
  s.seats = static_cast<int>(e.seats.size());
  s.phase = Phase::kMancheOver;  // waiting for the first deal
  if (s.options.scoring != Scoring::kNone) s.scores.assign(s.seats, 0);  // G1, H-G1
}

// `hands`: one per seat, seat 0 first (S2).
void ApplyDeal(State& s, const CardSet* hands) {
  ++s.manche;
  s.revolution = false;  // Q3
  s.hands = {};
  for (int seat = 0; seat < s.seats; ++seat) s.hands[seat] = hands[seat];
  s.dealt = s.hands;
  s.discards = CardSet();
  s.finished.clear();
  s.top_finishers.clear();
  s.gifts.clear();
  s.pli = Pli{};
  s.discarded = CardSet();  // H-K3
  s.fallen = -1;
  if (s.manche > 1 && s.ranking) {
    const std::vector<int>& r = internal::InForce(s);  // H-K4: the ranking in force
    const int n = s.seats;
    const bool choice = s.options.exchange == ExchangeRule::kChoice;
    // K1: Président <-> Trouduc two cards, Vice-Président <-> Vice-Trouduc
    // one; K3 option `one` (003): the Trouduc's strongest card to the
    // Président, one card back; H-K1: a pattern's pairs, or `scores`: for
    // the i-th pair, place n+1-i gives his a strongest cards to place i, who
    // gives back b (the weakest, or any with `choice`).
    const std::vector<std::pair<int, int>> pairs = ExchangePairs(s.options, n);
    const bool house = s.options.exchange_cards == ExchangeCards::kPattern ||
                       s.options.exchange_cards == ExchangeCards::kScores;
    const GiftRule rule = house ? GiftRule::kHouseK1 : GiftRule::kK1;
    const int p = static_cast<int>(pairs.size());
    for (int i = 0; i < p; ++i) {
      s.gifts.push_back(Gift{r[i], r[n - 1 - i], pairs[i].second, false, choice, false, rule});
      s.gifts.push_back(Gift{r[n - 1 - i], r[i], pairs[i].first, true, false, false, rule});
    }
    if (s.options.merchants) [[unlikely]] {
      // H-K2: the places no pair covers pair up from the outside in (p+1
      // and n-p, ...; a lone middle place trades with nobody), one card
      // each way, any card of the hand as dealt whatever `exchange` says.
      for (int i = p; i < n - 1 - i; ++i) {
        s.gifts.push_back(Gift{r[i], r[n - 1 - i], 1, false, true, false, GiftRule::kMerchants});
        s.gifts.push_back(Gift{r[n - 1 - i], r[i], 1, false, true, false, GiftRule::kMerchants});
      }
    }
    s.phase = Phase::kExchange;
    s.turn = -1;
    return;
  }
  // S3: in manche 1 the holder of the queen of hearts leads; H-L1: the
  // holder of option first_lead's card (Qh by default), or seat 0.
  s.phase = Phase::kPlay;
  int leader = 0;
  if (s.options.first_lead >= 0) {
    const Card first(static_cast<uint8_t>(s.options.first_lead));
    for (int seat = 0; seat < s.seats; ++seat)
      if (s.hands[seat].contains(first)) leader = seat;
  }
  NewPli(s, leader, internal::SeatsWithCards(s));
}

void ApplyExchange(State& s, int from, int to, CardSet cards) {
  s.hands[from] -= cards;
  s.hands[to] |= cards;
  bool all_done = true;
  for (Gift& g : s.gifts) {
    if (!g.done && g.from == from && g.to == to) g.done = true;
    all_done = all_done && g.done;
  }
  if (all_done) {
    // S3, K3: after the gifts, the Trouduc of the previous manche leads (its
    // Président with option later_lead = president).
    s.phase = Phase::kPlay;
    const std::vector<int>& r = internal::InForce(s);  // H-K4: the ranking in force
    const int leader = s.options.later_lead == LaterLead::kPresident ? r.front() : r.back();
    NewPli(s, leader, internal::SeatsWithCards(s));
  }
}

void ApplyPlay(State& s, int seat, CardSet cards, Declare declare) {
  Rank r = cards.first().rank();
  int n = cards.CountOf(r);  // P1: one rank (Apply's precondition), so no popcount
  if (!s.order.wild.empty()) [[unlikely]] {
    // H-B1, H-W1: the effective rank (natural cards' rank, T for wild
    // cards only, the order before the play); every card counts (H-B3).
    r = *internal::EffectiveRank(s.order, cards, s.revolution);
    n = cards.size();
  }
  const bool was_revolution = s.revolution;
  const bool top = r == s.order.TopRank(was_revolution);  // F2, E1: the order before the play
  Pli& p = s.pli;
  // H-T1, H-B5: an equal play (the rank of the last play) skips k = 1 + its
  // count - the count of the play it equals (P2: the pli's count).
  const int skips = s.options.equal_skips && p.last_seat >= 0 && internal::LastRank(s) == r
                        ? 1 + n - p.count
                        : 0;
  if (p.count == 0) p.count = n;  // P2: the lead fixes the count
  // O1: same rank as the play just before it, by another player; never the
  // top rank. H-T5 (ou_rien_singles): only when both plays are of one card.
  p.ou_rien = s.options.ou_rien && p.last_seat >= 0 && p.last_seat != seat &&
              internal::LastRank(s) == r && !top &&
              (!s.options.ou_rien_singles || (n == 1 && p.count == 1));
  if (declare == Declare::kSuite) p.mode = Mode::kSuite;      // U1
  if (declare == Declare::kReverse) p.mode = Mode::kReverse;  // V1, V2
  ++p.plays;
  p.last_seat = seat;
  p.last_cards = cards;
  if (!s.order.wild.empty()) p.last_rank = r;  // H-B1, H-W1 (else last_cards' rank; LastPlayRank)
  p.passed = 0;
  p.solo = false;
  TakeFromHand(s, seat, cards, top);
  if (n == 4 && s.options.revolution) s.revolution = !s.revolution;  // Q1
  const SeatMask holding = internal::SeatsWithCards(s);
  if (MancheOver(holding)) return EndManche(s);
  const bool closes = (top && s.options.top_rank_closes) ||               // E1
                      (n == 4 && s.options.carre_closes) ||               // E2
                      (s.options.completed_carre_closes && n < 4 &&  // X5: across plays
                       p.played.CountOf(r) == 4);
  if (closes) return NewPli(s, seat, holding);
  if (s.options.equal_skips | s.options.single_round) [[unlikely]]  // H-T1, H-T2
    return AdvanceHouseTurn(s, seat, holding, skips > 0 ? SkippedBy(s, seat, skips, holding) : 0);
  AdvanceTurn(s, seat, holding);
}

void ApplyPass(State& s, int seat) {
  Pli& p = s.pli;
  const SeatMask holding = internal::SeatsWithCards(s);
  if (p.solo) return NewPli(s, seat, holding);  // R4: the lone player stops; he leads
  p.passed |= SeatBit(seat);
  if (p.ou_rien) {
    p.ou_rien = false;  // O3: the first pass ends ou-rien, and does not put out
  } else if (s.options.pass_is_out) {
    p.out |= SeatBit(seat);  // P5
  }
  if (s.options.equal_skips | s.options.single_round) [[unlikely]]  // H-T1, H-T2
    return AdvanceHouseTurn(s, seat, holding, 0);
  AdvanceTurn(s, seat, holding);
}

void ApplyClose(State& s, int seat, CardSet cards) {
  TakeFromHand(s, seat, cards, false);  // X2: never the top rank
  const SeatMask holding = internal::SeatsWithCards(s);
  if (MancheOver(holding)) return EndManche(s);
  NewPli(s, seat, holding);  // X3: the pli closes at once; the closer leads
}

void ApplyEnd(State& s) {
  s.ended = true;  // G1
  s.phase = Phase::kGameOver;
  s.turn = -1;
}

}  // namespace

void ApplyInPlace(State& state, const Event& event) {
  assert(!Decide(state, event));
  struct Visitor {
    State& s;
    void operator()(const GameEvent& e) { ApplyGame(s, e); }
    void operator()(const DealEvent& e) {
      std::array<CardSet, kMaxSeats> hands{};
      for (int seat = 0; seat < s.seats; ++seat) hands[seat] = SetOf(e.hands[seat]);
      ApplyDeal(s, hands.data());
    }
    void operator()(const ExchangeEvent& e) { ApplyExchange(s, e.from, e.to, SetOf(e.cards)); }
    void operator()(const PlayEvent& e) { ApplyPlay(s, e.seat, SetOf(e.cards), e.declare); }
    void operator()(const PassEvent& e) { ApplyPass(s, e.seat); }
    void operator()(const CloseEvent& e) { ApplyClose(s, e.seat, SetOf(e.cards)); }
    void operator()(const EndEvent&) { ApplyEnd(s); }
    void operator()(const MalformedEvent&) {}  // never legal (Decide refuses it)
  };
  const int64_t seq = std::holds_alternative<GameEvent>(event.body) ? 0 : state.seq;
  std::visit(Visitor{state}, event.body);
  state.seq = seq + 1;
  if (event.id) state.ids.push_back(*event.id);
}

// compact.h: the same Apply functions over 16-byte events.
void Fold(const CompactLog& log, size_t n, State& state) {
  n = std::min(n, log.events.size());
  // A log that opens with its game event is reset by ApplyGame (G1's
  // "events before any game event" are illegal, so kept as kMalformed).
  if (n == 0 || log.events[0].type != EventType::kGame) ResetState(state);
  for (size_t i = 0; i < n; ++i) {
    const CompactEvent& e = log.events[i];
    switch (e.type) {
      case EventType::kGame:
        ApplyGame(state, log.games[e.extra]);
        state.seq = 0;
        break;
      case EventType::kDeal: ApplyDeal(state, log.hands.data() + e.extra); break;
      case EventType::kExchange: ApplyExchange(state, e.seat, e.to, e.cards); break;
      case EventType::kPlay: ApplyPlay(state, e.seat, e.cards, e.declare); break;
      case EventType::kPass: ApplyPass(state, e.seat); break;
      case EventType::kClose: ApplyClose(state, e.seat, e.cards); break;
      case EventType::kEnd: ApplyEnd(state); break;
      case EventType::kMalformed: break;  // an illegal event: a position, nothing more
    }
    ++state.seq;
  }
  state.ids.AssignPrefix(log.ids, log.IdsBefore(n));  // the ids of the events applied
}

State Fold(const CompactLog& log, size_t n) {
  State state;
  Fold(log, n, state);
  return state;
}

State Apply(State state, const Event& event) {
  ApplyInPlace(state, event);
  return state;
}

std::optional<Violation> Step(State& state, const Event& event) {
  auto violation = Decide(state, event);
  if (violation) {
    ++state.seq;  // an illegal event changes nothing but is still a position
  } else {
    ApplyInPlace(state, event);
  }
  return violation;
}

}  // namespace pli
