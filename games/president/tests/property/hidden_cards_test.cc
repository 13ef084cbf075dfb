// hidden_cards_test.cc: no hidden card given away (issue 11 item 5). For
// every refused random action of random games, the sentence its player
// reads names no card outside their hand, the cards they named and the
// cards played (RULES.md: the plays, passes and closes are public; a hand
// is its holder's; a gift is its giver's and receiver's); the sentence the
// rest of the table reads names only cards played and, for a play or a
// close, the cards it names; neither changes when the other hands are
// shuffled; and the adjudicator's view still says who holds the cards the
// player lacks, marked as hidden.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>
#include <random>
#include <regex>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

Event Play(int seat, CardList cards) { return Event{PlayEvent{seat, std::move(cards), Declare::kNone}}; }
Event Close(int seat, CardList cards) { return Event{CloseEvent{seat, std::move(cards)}}; }
Event GiftEvent(int from, int to, CardList cards) { return Event{ExchangeEvent{from, to, std::move(cards)}}; }

// Every card a sentence names, in canonical text (C1): a rank and a suit
// standing as a word of its own ("Kc", not the "8s" of "two 8s" — which
// the sentences never write for that reason).
CardSet CardsNamed(const std::string& sentence) {
  static const std::regex kCard("(^|[^A-Za-z0-9])([2-9TJQKA][cdhs])(?=$|[^A-Za-z0-9])");
  static const std::map<std::string, Card> kByText = [] {
    std::map<std::string, Card> m;
    for (Card c : CardSet::Deck()) m[CardText(c)] = c;
    return m;
  }();
  CardSet out;
  for (auto it = std::sregex_iterator(sentence.begin(), sentence.end(), kCard);
       it != std::sregex_iterator(); ++it)
    out.insert(kByText.at((*it)[2].str()));
  return out;
}

CardList EventCards(const Event& e) {
  if (const auto* p = std::get_if<PlayEvent>(&e.body)) return p->cards;
  if (const auto* c = std::get_if<CloseEvent>(&e.body)) return c->cards;
  if (const auto* g = std::get_if<ExchangeEvent>(&e.body)) return g->cards;
  return {};
}

// One random card of another seat's hand than `seat`, if there is one.
std::optional<Card> OthersCard(const State& s, int seat, std::mt19937_64& rng, CardSet only = CardSet::Deck()) {
  CardSet pool;
  for (int o = 0; o < s.seats; ++o)
    if (o != seat) pool |= s.hands[o];
  pool &= only;
  if (pool.empty()) return std::nullopt;
  return PickCards(pool, 1, static_cast<uint32_t>(rng()))[0];
}

// Actions aimed at the sentences that could give cards away: closes with the
// closer's cards of the last rank (others may hold more of it), plays,
// closes and gifts naming another seat's card, passes that must play,
// gifts of the wrong cards.
std::vector<Event> Probes(const State& s, std::mt19937_64& rng) {
  std::vector<Event> out;
  const bool pli_on = s.phase == Phase::kPlay && s.pli.count > 0;
  for (int seat = 0; seat < s.seats; ++seat) {
    const CardSet hand = s.hands[seat];
    if (pli_on) {
      const Rank last = s.pli.last_cards.first().rank();
      const CardSet mine = hand.OnlyRank(last);
      if (!mine.empty()) out.push_back(Close(seat, ListOf(mine)));
      if (mine.size() > 1) out.push_back(Close(seat, PickCards(mine, 1, static_cast<uint32_t>(rng()))));
      if (auto c = OthersCard(s, seat, rng, CardSet::Deck().OnlyRank(last))) {
        CardList cards = ListOf(mine);
        cards.push_back(*c);
        out.push_back(Close(seat, cards));
      }
    }
    if (auto c = OthersCard(s, seat, rng)) {
      out.push_back(Play(seat, {*c}));
      out.push_back(Close(seat, {*c}));
      if (CardSet same = hand.OnlyRank(c->rank()); !same.empty()) out.push_back(Play(seat, {same.first(), *c}));
    }
    if (!hand.empty()) out.push_back(Play(seat, PickCards(hand, 1 + static_cast<int>(rng() % std::min(4, hand.size())),
                                                       static_cast<uint32_t>(rng()))));
    out.push_back(Event{PassEvent{seat}});
  }
  for (const Gift& g : s.gifts) {
    if (g.done) continue;
    const CardSet hand = s.hands[g.from];
    if (hand.size() >= g.count)
      out.push_back(GiftEvent(g.from, g.to, PickCards(hand, g.count, static_cast<uint32_t>(rng()))));
    if (auto c = OthersCard(s, g.from, rng)) {
      CardList cards = g.count > 1 && !hand.empty() ? CardList{hand.first(), *c} : CardList{*c};
      out.push_back(GiftEvent(g.from, g.to, cards));
    }
    const CardSet received = hand - s.dealt[g.from];
    if (!received.empty()) out.push_back(GiftEvent(g.from, g.to, PickCards(received, 1, 0)));
  }
  return out;
}

// `s` with the cards of every seat but `seat` dealt again among those
// seats, each keeping its number of cards: what `seat` cannot tell apart.
State ShuffleOthers(const State& s, int seat, std::mt19937_64& rng) {
  State t = s;
  CardList pool;
  for (int o = 0; o < s.seats; ++o)
    if (o != seat) for (Card c : s.hands[o]) pool.push_back(c);
  std::shuffle(pool.begin(), pool.end(), rng);
  size_t next = 0;
  for (int o = 0; o < s.seats; ++o) {
    if (o == seat) continue;
    const int n = s.hands[o].size();
    t.hands[o] = CardSet();
    for (int i = 0; i < n; ++i) t.hands[o].insert(pool[next++]);
  }
  return t;
}

std::string Named(CardSet cards) { return cards.empty() ? "nothing" : CardSetText(cards); }

TEST_CASE("issue 11 item 5 (P1, P4, U4, O2, X1, K2): a refusal names no card its reader may not know") {
  Prop("the player's and the table's sentences name only known cards; the adjudicator's marks the rest", [] {
    const GameScript sc = *GenScript();
    const Game g = PlayOrFail(sc);
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      if (s.phase != Phase::kPlay && s.phase != Phase::kExchange) continue;
      std::mt19937_64 rng(sc.probe_seed ^ (0xC2B2AE3D27D4EB4Full * (k + 1)));
      for (const Event& e : Probes(s, rng)) {
        const std::optional<Violation> v = Decide(s, e);
        if (!v || v->code == Code::kMalformed) continue;
        const int actor = ActingSeat(e.body);
        auto fail = [&](const std::string& what) {
          RC_FAIL(Failure(g, k, EventToJson(e) + " -> " + std::string(CodeName(v->code)) + " (" + v->rule +
                                    "): " + what + "\nstate " + StateText(s)));
        };
        CardSet named;
        for (Card c : EventCards(e)) named.insert(c);
        // The player: their hand, what they named, the cards played.
        const std::string mine = SentenceFor(*v, Audience::kActor);
        const CardSet actor_knows = s.hands[actor] | named | s.discards;
        if (CardSet extra = CardsNamed(mine) - actor_knows; !extra.empty())
          fail("the player's sentence \"" + mine + "\" names " + Named(extra) + ", hidden from them");
        // The rest of the table: the cards played, and the cards of a play or
        // a close (shown with the event); not a gift's, nor the actor's hand.
        const std::string table = SentenceFor(*v, Audience::kTable);
        const bool shown = !std::holds_alternative<ExchangeEvent>(e.body);
        const CardSet table_knows = s.discards | (shown ? named : CardSet());
        if (CardSet extra = CardsNamed(table) - table_knows; !extra.empty())
          fail("the table's sentence \"" + table + "\" names " + Named(extra) + ", hidden from them");
        // Neither depends on where the other hands' cards are.
        const State t = ShuffleOthers(s, actor, rng);
        const std::optional<Violation> w = Decide(t, e);
        if (!w || w->code != v->code || w->rule != v->rule || w->message != v->message ||
            SentenceFor(*w, Audience::kTable) != table)
          fail("the sentences change when the other hands are shuffled: \"" + mine + "\" / \"" + table +
               "\" became " +
               (w ? "\"" + w->message + "\" / \"" + SentenceFor(*w, Audience::kTable) + "\"" : "legal"));
        // The adjudicator still learns who holds what the player lacked.
        CardSet lacked;
        if (v->code == Code::kCardNotInHand) lacked = named - s.hands[actor];
        // X1 past the checks of the ruleset, the rank and X2: the rank's
        // cards neither played nor the closer's.
        if (v->code == Code::kCloseNotAllowed && v->rule == "X1" && s.options.close && !named.empty() &&
            s.pli.count > 0 && named.first().rank() == s.pli.last_cards.first().rank())
          lacked = CardSet::Deck().OnlyRank(named.first().rank()) - s.discards - s.hands[actor];
        const std::string full = SentenceFor(*v, Audience::kAdjudicator);
        for (int o = 0; o < s.seats; ++o) {
          const CardSet held = s.hands[o] & lacked;
          if (o == actor || held.empty()) continue;
          const std::string where = CardSetText(held) + (held.size() == 1 ? " is" : " are") + " with " +
                                    s.seat_names[o] + " (seat " + std::to_string(o) + ")";
          if (full.find("(hidden from the player: ") == std::string::npos || v->hidden.find(where) == std::string::npos ||
              full.find(where) == std::string::npos)
            fail("the adjudicator's sentence \"" + full + "\" does not say, marked as hidden, " + where);
        }
      }
    }
  });
}

}  // namespace
}  // namespace pli::prop
