// legal_actions_test.cc: LegalActions and Decide agree (STYLE.md: "Legal-move
// enumeration and Decide must agree; property tests check it"), and an
// illegal event changes nothing but seq (RULES.md, "Violation codes").
// Checked at every state of random legal games (game_gen.h) against every
// listed action with every choice of suits, and against systematic and
// random actions that may or may not be legal.
#include <algorithm>
#include <catch2/catch.hpp>
#include <functional>
#include <random>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

Event PlayOf(int seat, CardList cards, Declare d = Declare::kNone) {
  return Event{PlayEvent{seat, std::move(cards), d}};
}
Event CloseOf(int seat, CardList cards) { return Event{CloseEvent{seat, std::move(cards)}}; }
Event GiftOf(int from, int to, CardList cards) {
  return Event{ExchangeEvent{from, to, std::move(cards)}};
}

// Every k-card subset of pool, in index order.
std::vector<CardList> Subsets(CardSet pool, int k) {
  CardList cards = ListOf(pool);
  std::vector<CardList> out;
  CardList current;
  std::function<void(size_t)> rec = [&](size_t from) {
    if (static_cast<int>(current.size()) == k) {
      out.push_back(current);
      return;
    }
    for (size_t i = from; i < cards.size(); ++i) {
      current.push_back(cards[i]);
      rec(i + 1);
      current.pop_back();
    }
  };
  rec(0);
  return out;
}

// A listed action with every choice of suits (and ToEvent's own).
std::vector<Event> Variants(const State& s, const LegalAction& a) {
  std::vector<Event> out{ToEvent(s, a)};
  switch (a.type) {
    case EventType::kPlay:
      for (CardList& c : Subsets(s.hands[a.seat].OnlyRank(a.rank), a.count))
        out.push_back(PlayOf(a.seat, c, a.declare));
      break;
    case EventType::kClose:
      for (CardList& c : Subsets(s.hands[a.seat].OnlyRank(a.rank), a.count))
        out.push_back(CloseOf(a.seat, c));
      break;
    case EventType::kExchange: {
      if (a.ranks.empty()) {
        for (CardList& c : Subsets(a.cards, a.count)) out.push_back(GiftOf(a.seat, a.to, c));
        break;
      }
      // K2: the product, over the ranks needed, of the suits of that rank.
      std::vector<CardList> partial{{}};
      for (int ri = 0; ri < kRankCount; ++ri) {
        const Rank r = static_cast<Rank>(ri);
        const int need = static_cast<int>(std::count(a.ranks.begin(), a.ranks.end(), r));
        if (need == 0) continue;
        std::vector<CardList> next;
        for (const CardList& p : partial)
          for (const CardList& c : Subsets(a.cards.OnlyRank(r), need)) {
            CardList joined = p;
            joined.insert(joined.end(), c.begin(), c.end());
            next.push_back(joined);
          }
        partial = std::move(next);
      }
      for (CardList& c : partial) {
        std::reverse(c.begin(), c.end());  // the order given does not matter
        out.push_back(GiftOf(a.seat, a.to, c));
      }
      break;
    }
    default:
      break;
  }
  return out;
}

// The cards of an event as a set, if they are distinct cards all in `hand`.
std::optional<CardSet> HeldSet(const State& s, int seat, const CardList& cards) {
  if (seat < 0 || seat >= s.seats || cards.empty()) return std::nullopt;
  CardSet set;
  for (Card c : cards) {
    if (set.contains(c)) return std::nullopt;
    set.insert(c);
  }
  if (!s.hands[seat].contains(set)) return std::nullopt;
  return set;
}

// Whether the event, abstracted to what LegalAction records (type, seat,
// rank, count, declare; for a gift, from/to/count, cards among a.cards and
// the ranks a.ranks), is listed.
bool Listed(const State& s, const std::vector<LegalAction>& legal, const Event& e) {
  if (auto* p = std::get_if<PlayEvent>(&e.body)) {
    auto set = HeldSet(s, p->seat, p->cards);
    if (!set || *set != set->OnlyRank(p->cards[0].rank())) return false;
    for (const LegalAction& a : legal)
      if (a.type == EventType::kPlay && a.seat == p->seat && a.rank == p->cards[0].rank() &&
          a.count == set->size() && a.declare == p->declare)
        return true;
    return false;
  }
  if (auto* x = std::get_if<PassEvent>(&e.body)) {
    for (const LegalAction& a : legal)
      if (a.type == EventType::kPass && a.seat == x->seat) return true;
    return false;
  }
  if (auto* c = std::get_if<CloseEvent>(&e.body)) {
    auto set = HeldSet(s, c->seat, c->cards);
    if (!set || *set != set->OnlyRank(c->cards[0].rank())) return false;
    for (const LegalAction& a : legal)
      if (a.type == EventType::kClose && a.seat == c->seat && a.rank == c->cards[0].rank() &&
          a.count == set->size())
        return true;
    return false;
  }
  if (auto* g = std::get_if<ExchangeEvent>(&e.body)) {
    auto set = HeldSet(s, g->from, g->cards);
    if (!set) return false;
    RankList ranks;
    for (Card c : g->cards) ranks.push_back(c.rank());
    std::sort(ranks.begin(), ranks.end());
    for (const LegalAction& a : legal) {
      if (a.type != EventType::kExchange || a.seat != g->from || a.to != g->to ||
          a.count != set->size() || !a.cards.contains(*set))
        continue;
      RankList need = a.ranks;
      std::sort(need.begin(), need.end());
      if (need.empty() || need == ranks) return true;
    }
    return false;
  }
  return false;
}

// Random cards for a probe: mostly one rank of the seat's hand, sometimes a
// mixed handful, cards from anywhere, or a card named twice.
CardList ProbeCards(const State& s, int seat, std::mt19937_64& rng) {
  const CardSet hand = seat >= 0 && seat < s.seats ? s.hands[seat] : CardSet();
  const int mode = static_cast<int>(rng() % 100);
  if (!hand.empty() && mode < 65) {
    CardList cards = ListOf(hand);
    CardSet pool = hand.OnlyRank(cards[rng() % cards.size()].rank());
    int n = 1 + static_cast<int>(rng() % pool.size());
    if (s.pli.count > 0 && s.pli.count <= pool.size() && rng() % 2) n = s.pli.count;
    return PickCards(pool, n, static_cast<uint32_t>(rng()));
  }
  if (!hand.empty() && mode < 80)
    return PickCards(hand, 1 + static_cast<int>(rng() % std::min(4, hand.size())),
                     static_cast<uint32_t>(rng()));
  if (!hand.empty() && mode < 85) {
    Card c = PickCards(hand, 1, static_cast<uint32_t>(rng()))[0];
    return {c, c};
  }
  return PickCards(CardSet::Deck(), 1 + static_cast<int>(rng() % 4), static_cast<uint32_t>(rng()));
}

int ProbeSeat(const State& s, int likely, std::mt19937_64& rng) {
  const int r = static_cast<int>(rng() % 100);
  if (r < 3) return r % 2 ? -1 : s.seats;  // malformed
  if (r < 65 && likely >= 0) return likely;
  return s.seats > 0 ? static_cast<int>(rng() % s.seats) : 0;
}

// Random plays, passes, closes and gifts, legal or not.
std::vector<Event> RandomProbes(const State& s, std::mt19937_64& rng, int n) {
  std::vector<Event> out;
  for (int i = 0; i < n; ++i) {
    const int type = static_cast<int>(rng() % 100);
    if (type < 45) {
      const int seat = ProbeSeat(s, s.turn, rng);
      const int d = static_cast<int>(rng() % 4);
      out.push_back(PlayOf(seat, ProbeCards(s, seat, rng),
                           d == 1   ? Declare::kSuite
                           : d == 2 ? Declare::kReverse
                                    : Declare::kNone));
    } else if (type < 60) {
      out.push_back(Event{PassEvent{ProbeSeat(s, s.turn, rng)}});
    } else if (type < 80) {
      const int seat = ProbeSeat(s, -1, rng);
      CardList cards = ProbeCards(s, seat, rng);
      if (s.pli.count > 0 && seat >= 0 && seat < s.seats && rng() % 2) {
        CardSet mine = s.hands[seat].OnlyRank(s.pli.last_cards.first().rank());
        if (!mine.empty()) cards = ListOf(mine);
      }
      out.push_back(CloseOf(seat, cards));
    } else {
      const Gift* g = s.gifts.empty() ? nullptr : &s.gifts[rng() % s.gifts.size()];
      const int from = ProbeSeat(s, g ? g->from : -1, rng);
      const int to = g && rng() % 4 ? g->to : ProbeSeat(s, -1, rng);
      CardList cards = ProbeCards(s, from, rng);
      if (g && from == g->from && rng() % 2)
        cards = PickCards(s.hands[from], g->count, static_cast<uint32_t>(rng()));
      out.push_back(GiftOf(from, to, cards));
    }
  }
  return out;
}

// Every play the seat to act could name (each rank, count and declaration),
// a pass by every seat, and every seat's close with its cards of the last
// rank.
std::vector<Event> SystematicProbes(const State& s) {
  std::vector<Event> out;
  if (s.turn >= 0) {
    const CardSet hand = s.hands[s.turn];
    for (int ri = 0; ri < kRankCount; ++ri) {
      const CardSet pool = hand.OnlyRank(static_cast<Rank>(ri));
      for (int n = 1; n <= pool.size(); ++n)
        for (Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse})
          out.push_back(PlayOf(s.turn, PickCards(pool, n, 0), d));
    }
  }
  for (int seat = 0; seat < s.seats; ++seat) out.push_back(Event{PassEvent{seat}});
  if (s.pli.count > 0) {
    const Rank last = s.pli.last_cards.first().rank();
    for (int seat = 0; seat < s.seats; ++seat) {
      const CardSet mine = s.hands[seat].OnlyRank(last);
      if (mine.empty()) continue;
      out.push_back(CloseOf(seat, ListOf(mine)));
      if (mine.size() > 1) out.push_back(CloseOf(seat, PickCards(mine, 1, 0)));
    }
  }
  return out;
}

std::mt19937_64 ProbeRng(const GameScript& sc, size_t k) {
  return std::mt19937_64(sc.probe_seed ^ (0x9E3779B97F4A7C15ull * (k + 1)));
}

std::string Verdict(const std::optional<Violation>& v) {
  return v ? std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message : "legal";
}

// RULES.md "Violation codes": the rule ids each code may cite.
bool RuleFits(const Violation& v) {
  const std::string& r = v.rule;
  switch (v.code) {
    case Code::kMalformed:
      return r.empty();
    case Code::kGameOver:
    case Code::kNoManche:
      return r == "G1";
    case Code::kBadDeal:
      return r == "S2";
    case Code::kExchangePending:
      return r == "K3";
    case Code::kOutOfPli:
      return r == "P5";
    case Code::kNotYourTurn:
      return r == "P7";
    case Code::kCardNotInHand:
    case Code::kMixedRanks:
      return r == "P1";
    case Code::kCountMismatch:
      return r == "P2";
    case Code::kTooWeak:
      return r == "P3";
    case Code::kMustPlay:
      return r == "P4" || r == "U4" || r == "O2";
    case Code::kNotConsecutive:
      return r == "U2" || r == "V3";
    case Code::kDeclareNotAllowed:
      return r == "U1" || r == "V1" || r == "V2";
    case Code::kOuRienRank:
      return r == "O2";
    case Code::kCloseNotAllowed:
      return r == "X1" || r == "X2";
    case Code::kExchangeWrongCards:
      return r == "K1" || r == "K2";
  }
  return false;
}

// A sentence a person can read: not empty, no control characters.
bool Readable(const std::string& message) {
  if (message.empty()) return false;
  for (unsigned char c : message)
    if (c < 0x20 || c == 0x7F) return false;
  return true;
}

TEST_CASE("P1-P7 U1-U4 V1-V3 O2 X1-X2 K1-K3: LegalActions and Decide agree") {
  Prop("each listed action is legal with any suits; an action not listed is rejected", [] {
    const GameScript sc = *GenScript();
    const Game g = PlayOrFail(sc);
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      const std::vector<LegalAction> legal = LegalActions(s);
      auto fail = [&](const std::string& what) {
        RC_FAIL(Failure(g, k, what + "\nstate " + StateText(s) + "\nlegal " + LegalText(legal)));
      };
      for (size_t i = 0; i < legal.size(); ++i)
        for (size_t j = i + 1; j < legal.size(); ++j)
          if (legal[i] == legal[j]) fail("an action is listed twice: " + LegalText({legal[i]}));
      for (const LegalAction& a : legal)
        for (const Event& e : Variants(s, a))
          if (auto v = Decide(s, e))
            fail("the listed action " + LegalText({a}) + " as " + EventToJson(e) +
                 " is rejected: " + Verdict(v));
      std::mt19937_64 rng = ProbeRng(sc, k);
      std::vector<Event> probes = RandomProbes(s, rng, 12);
      if (s.phase == Phase::kPlay || s.phase == Phase::kExchange) {
        std::vector<Event> more = SystematicProbes(s);
        probes.insert(probes.end(), more.begin(), more.end());
      }
      for (const Event& e : probes) {
        const auto v = Decide(s, e);
        const bool listed = Listed(s, legal, e);
        if (v.has_value() == listed)
          fail(EventToJson(e) + (listed ? " is listed but rejected: " + Verdict(v)
                                        : " is not listed but Decide accepts it"));
        if (v && (!RuleFits(*v) || !Readable(v->message)))
          fail(EventToJson(e) + " is reported as " + Verdict(v) +
               ": a rule id its code does not cite, or an unreadable sentence");
      }
    }
  });
}

// Events outside the play, each with whether it is legal here (G1, S2):
// a deal (legal only between manches), bad deals (never), a second game
// event, an end (legal once, inside a game), a wrong seq, an id used twice.
std::vector<std::pair<Event, bool>> WireProbes(const GameScript& sc, const State& s) {
  std::vector<std::pair<Event, bool>> out;
  const int seats = s.seats > 0 ? s.seats : 4;
  const DealEvent deal = MakeDeal(seats, sc.deck_keys[0], {}, TestDeck(sc));
  out.push_back({Event{deal}, s.phase == Phase::kMancheOver});
  DealEvent skewed = deal;  // S2: sizes differ by two
  skewed.hands[1].push_back(skewed.hands[0].back());
  skewed.hands[0].pop_back();
  out.push_back({Event{skewed}, false});
  DealEvent twice = deal;  // S2: a card dealt twice, one missing
  twice.hands[0].back() = twice.hands[1].front();
  out.push_back({Event{twice}, false});
  DealEvent short_deal = deal;  // malformed: a hand short
  short_deal.hands.pop_back();
  out.push_back({Event{short_deal}, false});
  out.push_back({Event{MakeGameEvent(sc)}, s.phase == Phase::kNone});
  out.push_back({Event{EndEvent{}}, s.phase != Phase::kNone && !s.ended});
  Event wrong_seq{EndEvent{}};
  wrong_seq.seq = s.seq + 2;
  out.push_back({wrong_seq, false});
  if (!s.ids.empty()) {
    Event reused{PassEvent{s.turn >= 0 ? s.turn : 0}};
    reused.id = s.ids.back();
    out.push_back({reused, false});
  }
  return out;
}

TEST_CASE("G1 S2 Violation codes: an illegal event changes nothing but seq and cites its rule") {
  Prop(
      "Step with a rejected event gives the state before, seq + 1, and a violation citing the rule "
      "of its code",
      [] {
        const GameScript sc = *GenScript();
        const Game g = PlayOrFail(sc);
        for (size_t k = 0; k < g.states.size(); ++k) {
          const State& s = g.states[k];
          std::mt19937_64 rng = ProbeRng(sc, k);
          std::vector<Event> probes = RandomProbes(s, rng, 8);
          for (const auto& [e, legal] : WireProbes(sc, s)) {
            if (Decide(s, e).has_value() == legal)
              RC_FAIL(Failure(g, k,
                              EventToJson(e) +
                                  (legal ? " should be legal here: " : " should be illegal here") +
                                  Verdict(Decide(s, e)) + "\nstate " + StateText(s)));
            probes.push_back(e);
          }
          for (const Event& e : probes) {
            const auto v = Decide(s, e);
            if (!v) continue;
            State t = s;
            const auto w = Step(t, e);
            State expected = s;
            ++expected.seq;
            if (!RuleFits(*v) || !Readable(v->message))
              RC_FAIL(Failure(g, k,
                              "the illegal " + EventToJson(e) + " is reported as " + Verdict(v) +
                                  ": a rule id its code does not cite, or an unreadable sentence"));
            if (w != v || !(t == expected))
              RC_FAIL(Failure(g, k,
                              "the illegal " + EventToJson(e) + " (" + Verdict(v) +
                                  ") changed the state or its verdict on Step (" + Verdict(w) +
                                  "):\nbefore " + StateText(s) + "\nafter  " + StateText(t)));
          }
        }
      });
}

}  // namespace
}  // namespace pli::prop
