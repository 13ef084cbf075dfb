// sk_table.h: a test helper for Skull King: builds events from short text
// and plays them through Step, so a rule is tested from the position it
// speaks of.
#ifndef PLI_TESTS_ENGINE_SKULL_KING_SK_TABLE_H_
#define PLI_TESTS_ENGINE_SKULL_KING_SK_TABLE_H_

#include <catch2/catch.hpp>
#include <algorithm>
#include <random>
#include <string>
#include <utility>
#include <vector>

#include "games/skull_king/rules/rules.h"

namespace pli::sk::test {

inline Card C(const std::string& text) {
  auto c = ParseCard(text);
  REQUIRE(c.has_value());
  return *c;
}

// "3y escape" -> {3y, escape}.
inline CardList Cards(const std::string& text) {
  CardList out;
  size_t i = 0;
  while (i < text.size()) {
    size_t j = text.find(' ', i);
    if (j == std::string::npos) j = text.size();
    if (j > i) out.push_back(C(text.substr(i, j - i)));
    i = j + 1;
  }
  return out;
}

using Overrides = std::vector<std::pair<std::string, std::string>>;

inline Event Game(int seats, const std::string& ruleset = "skull-king", Overrides o = {}) {
  GameEvent g;
  g.game = "t";
  g.ruleset = ruleset;
  g.overrides = std::move(o);
  for (int i = 0; i < seats; ++i) g.seats.push_back(std::string(1, static_cast<char>('A' + i)));
  return g;
}
inline Event Deal(const std::vector<std::string>& hands, const std::string& turned = "") {
  DealEvent d;
  for (const auto& h : hands) d.hands.push_back(Cards(h));
  if (!turned.empty()) d.turned = C(turned);
  return d;
}
inline Event Bid(int seat, int64_t bid, std::optional<Cannon> cannon = std::nullopt) {
  return BidEvent{seat, bid, cannon};
}
inline Event Play(int seat, const std::string& cards, Declare d = Declare::kNone) {
  return PlayEvent{seat, Cards(cards), d};
}
inline Event End() { return EndEvent{}; }

// A game driven event by event.
struct Table {
  State state;
  explicit Table(int seats, const std::string& ruleset = "skull-king", Overrides o = {}) {
    Do(Game(seats, ruleset, std::move(o)));
  }
  std::optional<Violation> Try(const Event& e) const { return Decide(state, e); }
  std::string CodeOf(const Event& e) const {
    auto v = Try(e);
    return v ? std::string(CodeName(v->code)) : "legal";
  }
  std::string RuleOf(const Event& e) const {
    auto v = Try(e);
    return v ? v->rule : "";
  }
  // Steps a legal event (fails the test when it is not).
  void Do(const Event& e) {
    auto v = Step(state, e);
    INFO((v ? std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message : ""));
    REQUIRE(!v);
    REQUIRE(CheckInvariants(state) == "");
  }
  // Steps an event expected to be refused with `code`; checks nothing changed.
  Violation Refuse(const Event& e, const std::string& code) {
    State before = state;
    auto v = Step(state, e);
    REQUIRE(v);
    INFO(v->message);
    CHECK(std::string(CodeName(v->code)) == code);
    before.seq += 1;
    CHECK(state == before);
    return *v;
  }
};

// Deals the next manche from the top of the deck and plays it out with the
// first legal action each time.
inline void SkipManche(Table& t) {
  std::vector<Card> cards;
  CardSet::Deck(t.state.options.deck).ForEachKind([&](Card c, int n) {
    for (int i = 0; i < n; ++i) cards.push_back(c);
  });
  const int m = t.state.manche + 1;
  const int h = HandSize(t.state.options, t.state.seats, m);
  DealEvent d;
  size_t k = 0;
  for (int seat = 0; seat < t.state.seats; ++seat) {
    d.hands.emplace_back();
    for (int i = 0; i < h; ++i) d.hands.back().push_back(cards[k++]);
  }
  if (TurnsCard(t.state.options, m)) d.turned = cards[k];
  t.Do(d);
  while (t.state.phase == Phase::kBidding || t.state.phase == Phase::kPlay)
    t.Do(ToEvent(LegalActions(t.state).front()));
}

// The deal of the next manche of `s`, from the whole deck shuffled by `rng`
// (SK-D1, SK-D2: H(m) cards a seat, and the turned card when SK-D3 asks
// for one): a legal deal for random games.
inline DealEvent RandomDeal(std::mt19937_64& rng, const State& s) {
  std::vector<Card> deck;
  CardSet::Deck(s.options.deck).ForEachKind([&](Card c, int n) {
    for (int i = 0; i < n; ++i) deck.push_back(c);
  });
  std::shuffle(deck.begin(), deck.end(), rng);
  const int m = s.manche + 1;
  const int h = HandSize(s.options, s.seats, m);
  DealEvent d;
  size_t k = 0;
  for (int seat = 0; seat < s.seats; ++seat) {
    d.hands.emplace_back();
    for (int i = 0; i < h; ++i) d.hands.back().push_back(deck[k++]);
  }
  if (TurnsCard(s.options, m)) d.turned = deck[k];
  return d;
}

}  // namespace pli::sk::test

#endif  // PLI_TESTS_ENGINE_SKULL_KING_SK_TABLE_H_
