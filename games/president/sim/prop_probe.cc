// prop_probe.cc: actions to try against a state (see prop_probe.h).
#include "games/president/sim/prop_probe.h"

#include <algorithm>
#include <optional>

#include "referee/shuffle.h"

namespace pli::cli {
namespace {

// k distinct cards of `pool`, drawn one by one.
CardList DrawCards(CardSet pool, int k, const Draw& draw) {
  std::vector<Card> left(pool.begin(), pool.end());
  CardList out;
  for (int i = 0; i < k && !left.empty(); ++i) {
    const size_t j = draw() % left.size();
    out.push_back(left[j]);
    left.erase(left.begin() + static_cast<long>(j));
  }
  return out;
}

// The cards as a set, if they are distinct.
std::optional<CardSet> Distinct(const CardList& cards) {
  CardSet set;
  for (Card c : cards) {
    if (set.contains(c)) return std::nullopt;
    set.insert(c);
  }
  return set;
}

const CardList* CardsOf(const Event& e) {
  if (auto* p = std::get_if<PlayEvent>(&e.body)) return &p->cards;
  if (auto* c = std::get_if<CloseEvent>(&e.body)) return &c->cards;
  if (auto* x = std::get_if<ExchangeEvent>(&e.body)) return &x->cards;
  return nullptr;
}

bool SameRanks(const RankList& need, const CardList& cards) {
  std::vector<Rank> have;
  for (Card c : cards) have.push_back(c.rank());
  std::vector<Rank> want(need.begin(), need.end());
  std::sort(have.begin(), have.end());
  std::sort(want.begin(), want.end());
  return have == want;
}

// The probes' random numbers.
class Dice {
 public:
  explicit Dice(uint64_t& state) : state_(state) {}
  uint32_t Below(uint32_t n) {
    return n == 0 ? 0 : static_cast<uint32_t>(SplitMix64Next(state_) % n);
  }
  Draw AsDraw() {
    return [this] { return static_cast<uint32_t>(SplitMix64Next(state_)); };
  }

 private:
  uint64_t& state_;
};

// A seat: mostly `likely` (when there is one), now and then one outside the
// table (malformed), else any.
int ProbeSeat(const State& s, int likely, Dice& dice) {
  const uint32_t r = dice.Below(100);
  if (r < 4) return r % 2 ? -1 : s.seats;
  if (r < 60 && likely >= 0) return likely;
  return static_cast<int>(dice.Below(static_cast<uint32_t>(std::max(1, s.seats))));
}

// Cards for a seat: mostly one rank it holds (`want` of them, if it can),
// else a handful of its hand, a card named twice, or any cards.
CardList ProbeCards(const State& s, int seat, int want, Dice& dice) {
  const CardSet hand = seat >= 0 && seat < s.seats ? s.hands[seat] : CardSet();
  const uint32_t m = dice.Below(100);
  const Draw draw = dice.AsDraw();
  if (!hand.empty() && m < 70) {
    const Rank r = DrawCards(hand, 1, draw)[0].rank();
    const CardSet pool = hand.OnlyRank(r);
    const int k = want > 0 && want <= pool.size() && dice.Below(2)
                      ? want
                      : 1 + static_cast<int>(dice.Below(static_cast<uint32_t>(pool.size())));
    return DrawCards(pool, k, draw);
  }
  if (!hand.empty() && m < 82) {
    return DrawCards(
        hand, 1 + static_cast<int>(dice.Below(static_cast<uint32_t>(std::min(4, hand.size())))),
        draw);
  }
  if (!hand.empty() && m < 88) {
    const Card c = DrawCards(hand, 1, draw)[0];
    return {c, c};
  }
  return DrawCards(CardSet::Deck(), 1 + static_cast<int>(dice.Below(4)), draw);
}

Event ProbePlay(const State& s, Dice& dice) {
  const int seat = ProbeSeat(s, s.turn, dice);
  const uint32_t d = dice.Below(5);
  const Declare declare = d == 0 ? Declare::kSuite : d == 1 ? Declare::kReverse : Declare::kNone;
  return Event{.body = PlayEvent{seat, ProbeCards(s, seat, s.pli.count, dice), declare}};
}

Event ProbeClose(const State& s, Dice& dice) {
  const int seat = ProbeSeat(s, -1, dice);
  if (s.pli.count > 0 && !s.pli.last_cards.empty() && seat >= 0 && seat < s.seats &&
      dice.Below(2)) {
    const CardSet mine = s.hands[seat].OnlyRank(LastPlayRank(s));
    if (!mine.empty()) return Event{.body = CloseEvent{seat, CardList(mine.begin(), mine.end())}};
  }
  return Event{.body = CloseEvent{seat, ProbeCards(s, seat, 0, dice)}};
}

Event ProbeGift(const State& s, Dice& dice) {
  const Gift* g =
      s.gifts.empty() ? nullptr : &s.gifts[dice.Below(static_cast<uint32_t>(s.gifts.size()))];
  const int from = ProbeSeat(s, g ? g->from : -1, dice);
  const int to = g && dice.Below(4) ? g->to : ProbeSeat(s, -1, dice);
  CardList cards = ProbeCards(s, from, g ? g->count : 0, dice);
  if (g && from == g->from && dice.Below(2))
    cards = DrawCards(s.hands[from], g->count, dice.AsDraw());
  return Event{.body = ExchangeEvent{from, to, cards}};
}

}  // namespace

Event Concrete(const State& state, const LegalAction& action, const Draw& draw) {
  Event e = ToEvent(state, action);
  if (action.type == EventType::kPlay && !state.order.wild.empty()) {
    // H-W1: count - wild natural cards of the rank, and `wild` wild cards.
    const CardSet hand = state.hands[action.seat];
    CardList cards = DrawCards((hand - state.order.wild).OnlyRank(action.rank), action.count - action.wild, draw);
    for (Card c : DrawCards(hand & state.order.wild, action.wild, draw)) cards.push_back(c);
    if (static_cast<int>(cards.size()) == action.count) std::get<PlayEvent>(e.body).cards = cards;
    return e;
  }
  if (action.type == EventType::kPlay || action.type == EventType::kClose) {
    const CardSet pool = state.hands[action.seat].OnlyRank(action.rank);
    if (pool.size() <= action.count) return e;
    CardList cards = DrawCards(pool, action.count, draw);
    if (auto* p = std::get_if<PlayEvent>(&e.body)) p->cards = cards;
    if (auto* c = std::get_if<CloseEvent>(&e.body)) c->cards = cards;
  } else if (auto* gift = std::get_if<ExchangeEvent>(&e.body)) {
    if (action.ranks.empty()) {
      if (action.cards.size() > action.count)
        gift->cards = DrawCards(action.cards, action.count, draw);
      return e;
    }
    CardSet left = action.cards;
    CardList cards;
    for (Rank r : action.ranks) {
      CardList one = DrawCards(left.OnlyRank(r), 1, draw);
      if (one.empty()) return e;  // not a gift this pool can make: keep ToEvent's
      cards.push_back(one[0]);
      left.erase(one[0]);
    }
    gift->cards = cards;
  }
  return e;
}

bool IsListed(const State& state, const std::vector<LegalAction>& legal, const Event& event) {
  const EventType type = TypeOf(event.body);
  const int seat = ActingSeat(event.body);
  if (seat < 0 || seat >= state.seats) return false;
  if (type == EventType::kPass) {
    return std::any_of(legal.begin(), legal.end(), [&](const LegalAction& a) {
      return a.type == EventType::kPass && a.seat == seat;
    });
  }
  const CardList* cards = CardsOf(event);
  if (cards == nullptr || cards->empty()) return false;
  const std::optional<CardSet> set = Distinct(*cards);
  if (!set || !state.hands[seat].contains(*set)) return false;
  if (type == EventType::kExchange) {
    const auto& x = std::get<ExchangeEvent>(event.body);
    return std::any_of(legal.begin(), legal.end(), [&](const LegalAction& a) {
      return a.type == type && a.seat == seat && a.to == x.to && a.count == set->size() &&
             a.cards.contains(*set) && (a.ranks.empty() || SameRanks(a.ranks, *cards));
    });
  }
  const Rank rank = cards->front().rank();
  if (set->OnlyRank(rank) != *set) return false;
  const auto* play = std::get_if<PlayEvent>(&event.body);
  const Declare declare = play ? play->declare : Declare::kNone;
  return std::any_of(legal.begin(), legal.end(), [&](const LegalAction& a) {
    return a.type == type && a.seat == seat && a.rank == rank && a.count == set->size() &&
           a.declare == declare;
  });
}

std::vector<Event> Probes(const State& state, uint64_t& rng, int n) {
  Dice dice(rng);
  std::vector<Event> out;
  for (int i = 0; i < n; ++i) {
    const uint32_t t = dice.Below(100);
    if (t < 40) {
      out.push_back(ProbePlay(state, dice));
    } else if (t < 55) {
      out.push_back(Event{.body = PassEvent{ProbeSeat(state, state.turn, dice)}});
    } else if (t < 75) {
      out.push_back(ProbeClose(state, dice));
    } else {
      out.push_back(ProbeGift(state, dice));
    }
  }
  return out;
}

LegalAction AbstractOf(const Event& event) {
  LegalAction a;
  a.type = TypeOf(event.body);
  a.seat = ActingSeat(event.body);
  if (auto* p = std::get_if<PlayEvent>(&event.body)) {
    a.rank = p->cards.empty() ? Rank::k3 : p->cards.front().rank();
    a.count = static_cast<int>(p->cards.size());
    a.declare = p->declare;
  } else if (auto* c = std::get_if<CloseEvent>(&event.body)) {
    a.rank = c->cards.empty() ? Rank::k3 : c->cards.front().rank();
    a.count = static_cast<int>(c->cards.size());
  } else if (auto* x = std::get_if<ExchangeEvent>(&event.body)) {
    a.to = x->to;
    a.count = static_cast<int>(x->cards.size());
  } else if (auto* s = std::get_if<PassEvent>(&event.body)) {
    a.seat = s->seat;
  }
  return a;
}

}  // namespace pli::cli
