// apply.cc: Apply and Step: fold an accepted event into the state.
#include <algorithm>
#include <cassert>

#include "games/skull_king/rules/rules.h"

namespace pli::sk {
namespace {

// (a + b) mod p for seats a and offsets b in 0..p: a seat's number that many
// places on, without a division at every play.
int SeatAfter(int a, int b, int p) {
  const int n = a + b;
  return n >= p ? n - p : n;
}
// The place of `seat` in a pli led by `leader` (plays[i] is seat leader + i).
int PlaceIn(int seat, int leader, int p) {
  const int n = seat - leader;
  return n < 0 ? n + p : n;
}

void ApplyGame(State& s, const GameEvent& g) {
  s.game = g.game;
  s.ruleset = g.ruleset;
  [[maybe_unused]] const std::string why =
      MakeOptions(g.ruleset, g.overrides, static_cast<int>(g.seats.size()), s.options);
  assert(why.empty());
  s.seat_names = g.seats;
  s.seats = static_cast<int>(g.seats.size());
  const size_t p = g.seats.size();
  s.phase = Phase::kMancheOver;  // SK-R14: manche 0
  s.bids.assign(p, std::nullopt);
  s.cannon.assign(p, std::nullopt);
  s.won.assign(p, 0);
  s.hands.assign(p, CardSet());
  s.bonus.assign(p, 0);
  s.scores.assign(p, 0);
}

void ApplyDeal(State& s, const DealEvent& d) {
  const int p = s.seats;
  s.manche += 1;
  s.dealer = DealerOf(s.options, p, s.manche);                 // SK-S2
  s.hand_size = HandSize(s.options, p, s.manche);              // SK-D1
  s.turned = d.turned;                                         // SK-D3
  s.trump = TrumpOf(s.options, s.manche, d.turned);            // SK-D4
  s.undealt = CardSet::Deck(s.options.deck);
  for (int seat = 0; seat < p; ++seat) {
    s.hands[seat] = CardSet();
    for (Card c : d.hands[seat]) {
      s.hands[seat].Add(c);
      s.undealt.Remove(c);
    }
  }
  if (d.turned) s.undealt.Remove(*d.turned);
  s.played = CardSet();
  s.bids.assign(p, std::nullopt);
  s.cannon.assign(p, std::nullopt);
  s.won.assign(p, 0);
  s.bonus.assign(p, 0);
  s.trick.reset();
  s.last_trick.reset();
  s.to_bid.clear();
  for (int i = 1; i <= p; ++i) s.to_bid.push_back(SeatAfter(s.dealer, i, p));  // SK-B2
  s.phase = Phase::kBidding;
  s.turn = s.options.bidding == Bidding::kSequential ? s.to_bid.front() : -1;
}

void ApplyBid(State& s, const BidEvent& b) {
  s.bids[b.seat] = static_cast<int>(b.bid);
  s.cannon[b.seat] = b.cannon;
  s.to_bid.erase(std::find(s.to_bid.begin(), s.to_bid.end(), b.seat));
  if (!s.to_bid.empty()) {
    s.turn = s.options.bidding == Bidding::kSequential ? s.to_bid.front() : -1;
    return;
  }
  // SK-B3, SK-P2: every bid is in; the seat left of the dealer leads.
  s.phase = Phase::kPlay;
  s.trick = Trick{1, SeatAfter(s.dealer, 1, s.seats), {}, std::nullopt, -1};
  s.trick->plays.reserve(static_cast<size_t>(s.seats));  // one allocation for the pli
  s.turn = s.trick->leader;
}

std::vector<int> Winners(const std::vector<int>& scores) {  // SK-G2
  std::vector<int> out;
  const int best = *std::max_element(scores.begin(), scores.end());
  for (size_t i = 0; i < scores.size(); ++i)
    if (scores[i] == best) out.push_back(static_cast<int>(i));
  return out;
}

// SK-N5: the manche's scores, once its last pli has closed.
void ScoreManche(State& s) {
  std::vector<MancheScore> line;
  line.reserve(static_cast<size_t>(s.seats));  // one allocation, not one per doubling
  if (s.history.empty()) s.history.reserve(kManches);
  for (int seat = 0; seat < s.seats; ++seat) {
    line.push_back(ScoreSeat(s.options, s.hand_size, s.manche, *s.bids[seat], s.won[seat],
                             s.bonus[seat], s.cannon[seat]));
    s.scores[seat] += line.back().total;
  }
  s.history.push_back(std::move(line));
}

void ClosePli(State& s) {
  Trick& t = *s.trick;
  // SK-W1 over the whole pli: ApplyPlay has just computed it for these
  // plays (t.winning, a seat; plays[i] is seat leader + i).
  const int winner = t.winning;
  const int w = PlaceIn(winner, t.leader, s.seats);
  assert(w == WinningIndex(s.options, s.trump, t.plays));
  const int bonus = PliBonus(s.options, t.plays, w);       // SK-N2
  s.won[winner] += 1;                                       // SK-W2
  s.bonus[winner] += bonus;
  // The closed pli takes the plays; the two buffers alternate between the
  // open and the last pli, so a manche allocates them once.
  if (!s.last_trick) s.last_trick.emplace();
  ClosedTrick& last = *s.last_trick;
  last.number = t.number;
  last.leader = t.leader;
  last.plays.swap(t.plays);
  last.winner = winner;
  last.bonus = bonus;
  if (t.number < s.hand_size) {  // SK-P2: the winner leads the next pli
    t.number += 1;
    t.leader = winner;
    t.plays.clear();
    t.plays.reserve(static_cast<size_t>(s.seats));
    t.lead_suit.reset();
    t.winning = -1;
    s.turn = winner;
    return;
  }
  s.trick.reset();
  s.turn = -1;
  ScoreManche(s);
  if (s.manche >= kManches) {  // SK-G1
    s.phase = Phase::kGameOver;
    s.winners = Winners(s.scores);
  } else {
    s.phase = Phase::kMancheOver;
  }
}

void ApplyPlay(State& s, const PlayEvent& p) {
  const Card c = p.cards[0];
  s.hands[p.seat].Remove(c);
  s.played.Add(c);
  Trick& t = *s.trick;
  t.plays.push_back(PliPlay{p.seat, c, p.declare});
  // SK-P4: once the plays give a lead suit, later cards keep it.
  const bool had_lead = t.lead_suit.has_value();
  if (!had_lead) t.lead_suit = LeadSuit(s.options, t.plays);
  // SK-W1: the earlier cards keep their strengths unless this card set the
  // lead suit or is a King (a mermaid may rank above it): then the whole
  // pli is judged again; else the new card wins only if stronger.
  if (t.plays.size() == 1) {  // the first card leads the pli
    t.winning = p.seat;
  } else if (t.lead_suit.has_value() != had_lead || c == kKing) {
    t.winning = t.plays[WinningIndex(s.options, s.trump, t.plays)].seat;
  } else {
    const PliPlay& best = t.plays[PlaceIn(t.winning, t.leader, s.seats)];
    // king_down changes only a mermaid's strength, and only with
    // pirate_vs_mermaid: pirate; the pli is searched for the King only then.
    bool king_down = false;
    if (s.options.pirate_vs_mermaid == PirateVsMermaid::kPirate &&
        (c == kMermaid || best.card == kMermaid))
      for (const PliPlay& q : t.plays) king_down = king_down || q.card == kKing;
    if (Strength(s.options, s.trump, t.lead_suit, king_down, t.plays.back()) >
        Strength(s.options, s.trump, t.lead_suit, king_down, best))
      t.winning = p.seat;
  }
  assert(t.winning == t.plays[WinningIndex(s.options, s.trump, t.plays)].seat);
  if (static_cast<int>(t.plays.size()) == s.seats) ClosePli(s);
  else s.turn = SeatAfter(p.seat, 1, s.seats);                             // SK-P1
}

void ApplyEnd(State& s) {  // SK-G1, SK-N5: an unfinished manche is not scored
  s.ended = true;
  s.phase = Phase::kGameOver;
  s.turn = -1;
  s.to_bid.clear();
  s.winners = Winners(s.scores);
}

}  // namespace

void ApplyInPlace(State& s, const Event& event) {
  assert(!Decide(s, event));
  s.seq += 1;
  if (const auto* g = std::get_if<GameEvent>(&event)) ApplyGame(s, *g);
  else if (const auto* d = std::get_if<DealEvent>(&event)) ApplyDeal(s, *d);
  else if (const auto* b = std::get_if<BidEvent>(&event)) ApplyBid(s, *b);
  else if (const auto* p = std::get_if<PlayEvent>(&event)) ApplyPlay(s, *p);
  else if (std::holds_alternative<EndEvent>(event)) ApplyEnd(s);
}

State Apply(State state, const Event& event) {
  ApplyInPlace(state, event);
  return state;
}

std::optional<Violation> Step(State& state, const Event& event) {
  if (auto v = Decide(state, event)) {
    state.seq += 1;
    return v;
  }
  ApplyInPlace(state, event);
  return std::nullopt;
}

}  // namespace pli::sk
