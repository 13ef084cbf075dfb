// view.cc: what one seat may know (SeatView), and the determinizations a
// bot reasons on.
#include <algorithm>
#include <cassert>
#include <string>

#include "games/president/bots/bot.h"
#include "games/president/bots/moves.h"

namespace pli {
namespace {

// Public facts of the current manche, gathered while folding the log.
struct MancheFacts {
  std::array<std::array<int8_t, kRankSlots>, kMaxSeats> caps{};  // from forced passes
  std::array<CardSet, kMaxSeats> gave{};                         // what the seat gave to each seat
  // K2: ranks a gift to the seat shows its giver did not hold as dealt
  // (beyond the gift), per giver.
  std::array<std::array<bool, kRankSlots>, kMaxSeats> none_dealt{};
  void Reset() {
    for (auto& row : caps) row.fill(4);
    gave = {};
    for (auto& row : none_dealt) row.fill(false);
  }
};

// P4/U4/O2: a forced pass shows the passer holds fewer than the pli's count
// of every rank it could have played without declaring. A pass of the lone
// last player (R4) is a free choice and shows nothing.
void LearnFromPass(const State& s, int passer, MancheFacts& facts) {
  const Pli& p = s.pli;
  if (p.solo || p.count == 0) return;
  const int8_t cap = static_cast<int8_t>(p.count - 1);
  auto& row = facts.caps[passer];
  if (p.ou_rien) {  // O2, whatever mandatory_play says
    const int r = static_cast<int>(LastPlayRank(s));
    row[r] = std::min(row[r], cap);
    return;
  }
  if (!s.options.mandatory_play) return;
  for (int ri = 0; ri < kRankSlots; ++ri)
    if (bots::FitsPli(s, static_cast<Rank>(ri), Declare::kNone)) row[ri] = std::min(row[ri], cap);
}

// K2: a gift of the strongest (weakest) cards as dealt, received by the
// seat, shows the giver held no card of a stronger (weaker) rank than the
// gift's weakest (strongest) beyond the gift itself.
void LearnFromGift(const State& s, const ExchangeEvent& e, MancheFacts& facts) {
  for (const Gift& g : s.gifts) {
    if (g.done || g.from != e.from || g.to != e.to || g.choice) continue;
    // Strengths in the game's normal order (K2, H-B2); absent ranks are -1.
    int low = kRankSlots, high = -1;
    for (Card c : e.cards) {
      low = std::min(low, s.order.Strength(c.rank(), false));
      high = std::max(high, s.order.Strength(c.rank(), false));
    }
    for (int ri = 0; ri < kRankSlots; ++ri) {
      const Rank r = static_cast<Rank>(ri);
      if (!s.order.Has(r)) continue;
      const int st = s.order.Strength(r, false);
      if (g.best ? st > low : st < high) facts.none_dealt[e.from][ri] = true;
    }
  }
}

Event Redact(const Event& e, int seat) {
  Event out = e;
  if (auto* deal = std::get_if<DealEvent>(&out.body)) {
    for (size_t s = 0; s < deal->hands.size(); ++s)
      if (static_cast<int>(s) != seat) deal->hands[s].clear();
    deal->seed.reset();  // the seed would give every hand away
  } else if (auto* gift = std::get_if<ExchangeEvent>(&out.body)) {
    if (gift->from != seat && gift->to != seat)
      gift->cards.assign(gift->cards.size(), Card(0));  // only the count is public
  }
  return out;
}

// The determinization LegalFor uses: the unknown cards dealt out in index
// order by the public counts. Any determinization gives the same actions.
State CanonicalDeterminization(const SeatView& v) {
  std::array<CardSet, kMaxSeats> others{};
  auto it = v.unknown.begin();
  for (int s = 0; s < v.table.seats; ++s) {
    if (s == v.seat) continue;
    for (int k = 0; k < v.counts[s]; ++k, ++it) others[s].insert(*it);
  }
  return Determinize(v, others);
}

// Folds log[from..] into `s`, gathering the facts of the current manche.
void FoldFacts(State& s, const std::vector<Event>& log, size_t from, int seat, MancheFacts& facts) {
  for (size_t i = from; i < log.size(); ++i) {
    const Event& e = log[i];
    if (Decide(s, e)) {  // illegal: changes nothing (RULES.md)
      ++s.seq;
      continue;
    }
    if (std::holds_alternative<DealEvent>(e.body)) facts.Reset();
    if (const auto* pass = std::get_if<PassEvent>(&e.body)) LearnFromPass(s, pass->seat, facts);
    if (const auto* gift = std::get_if<ExchangeEvent>(&e.body)) {
      if (gift->from == seat)
        for (Card c : gift->cards) facts.gave[gift->to].insert(c);
      if (gift->to == seat) LearnFromGift(s, *gift, facts);
    }
    s = Apply(std::move(s), e);
  }
}

// The facts of the manche on: folded from its deal only, from the state just
// before that deal rebuilt out of `state` (a manche in progress has not yet
// changed the ranking or the scores). Kept only if that fold gives `state`
// back exactly; otherwise (an illegal deal, a reused id ...) false.
bool FactsFromLastDeal(const State& state, const std::vector<Event>& log, int seat,
                       MancheFacts& facts) {
  if (state.phase != Phase::kPlay && state.phase != Phase::kExchange) return false;
  size_t deal = log.size();
  while (deal > 0 && !std::holds_alternative<DealEvent>(log[deal - 1].body)) --deal;
  if (deal <= 1) return false;
  --deal;
  State s = state;
  s.seq = static_cast<int64_t>(deal);
  s.phase = Phase::kMancheOver;
  s.manche = state.manche - 1;
  // The ids this manche added are the last ones of the list: drop them.
  std::vector<std::string> ids(state.ids.begin(), state.ids.end());
  for (size_t i = log.size(); i-- > deal;) {
    if (!log[i].id) continue;
    auto it = std::find(ids.rbegin(), ids.rend(), *log[i].id);
    if (it != ids.rend()) ids.erase(std::next(it).base());
  }
  s.ids = decltype(s.ids){};
  for (std::string& id : ids) s.ids.push_back(std::move(id));
  FoldFacts(s, log, deal, seat, facts);
  return s == state;
}

}  // namespace

SeatView ViewFor(const State& state, const std::vector<Event>& log, int seat) {
  assert(seat >= 0 && seat < state.seats);
  SeatView v;
  v.seat = seat;
  // The history of this manche only, so that a view costs the same in the
  // hundredth manche as in the first.
  size_t from = log.size();
  while (from > 0 && !std::holds_alternative<DealEvent>(log[from - 1].body)) --from;
  from = from > 0 ? from - 1 : 0;
  v.history.reserve(log.size() - from);
  for (size_t i = from; i < log.size(); ++i) v.history.push_back(Redact(log[i], seat));
  // The facts need the states of this manche only; folding the whole game
  // is the fallback (it makes a long game quadratic).
  MancheFacts facts;
  facts.Reset();
  if (!FactsFromLastDeal(state, log, seat, facts)) {
    facts.Reset();
    State s;
    FoldFacts(s, log, 0, seat, facts);
  }

  v.table = state;
  for (int o = 0; o < state.seats; ++o) {
    v.counts[o] = state.hands[o].size();
    if (o == seat) continue;
    v.table.hands[o] = CardSet();
    v.table.dealt[o] = CardSet();
  }
  v.hand = state.hands[seat];
  v.dealt = state.dealt[seat];
  v.unknown = state.order.deck - v.hand - state.discards;
  for (int o = 0; o < kMaxSeats; ++o) {
    v.max_of_rank[o].fill(4);
    if (o >= state.seats || o == seat) continue;
    v.known[o] = facts.gave[o] & v.unknown;
    for (int ri = 0; ri < kRankSlots; ++ri) {
      int8_t cap = facts.caps[o][ri];
      if (facts.none_dealt[o][ri])  // it holds only what this seat gave it
        cap = std::min<int8_t>(cap,
                               static_cast<int8_t>(facts.gave[o].CountOf(static_cast<Rank>(ri))));
      v.max_of_rank[o][ri] = cap;
    }
  }
  return v;
}

State Determinize(const SeatView& view, const std::array<CardSet, kMaxSeats>& others) {
  State s = view.table;
  for (int o = 0; o < s.seats; ++o) {
    if (o == view.seat) continue;
    s.hands[o] = others[o];
    s.dealt[o] = others[o];
  }
  return s;
}

std::vector<LegalAction> LegalFor(const SeatView& view) {
  std::vector<LegalAction> mine;
  if (view.table.phase != Phase::kPlay && view.table.phase != Phase::kExchange) return mine;
  for (LegalAction& a : LegalActions(CanonicalDeterminization(view)))
    if (a.seat == view.seat) mine.push_back(std::move(a));
  return mine;
}

Event EventFor(const SeatView& view, const LegalAction& action) {
  return ToEvent(CanonicalDeterminization(view), action);
}

}  // namespace pli
