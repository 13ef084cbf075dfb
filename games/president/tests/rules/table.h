// table.h: a test helper that sets up a table by hand (seats, hands, who
// leads) and plays events through Step, so a rule can be tested from the
// exact position it speaks of. Hands need not make up the deck: Decide and
// Apply only look at the cards in play.
#ifndef PLI_TESTS_ENGINE_TABLE_H_
#define PLI_TESTS_ENGINE_TABLE_H_

#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "games/president/rules/rules.h"

namespace pli::test {

inline CardList Cards(const std::string& text) {
  CardList out;
  std::istringstream in(text);
  std::string word;
  while (in >> word) {
    auto c = ParseCard(word);
    REQUIRE(c.has_value());
    out.push_back(*c);
  }
  return out;
}
inline CardSet Set(const std::string& text) {
  CardSet s;
  for (Card c : Cards(text)) s.insert(c);
  return s;
}

inline Event Play(int seat, const std::string& cards, Declare d = Declare::kNone) {
  return Event{PlayEvent{seat, Cards(cards), d}, {}, {}, {}};
}
inline Event Suite(int seat, const std::string& cards) { return Play(seat, cards, Declare::kSuite); }
inline Event Reverse(int seat, const std::string& cards) { return Play(seat, cards, Declare::kReverse); }
inline Event Pass(int seat) { return Event{PassEvent{seat}, {}, {}, {}}; }
inline Event Close(int seat, const std::string& cards) { return Event{CloseEvent{seat, Cards(cards)}, {}, {}, {}}; }
inline Event Give(int from, int to, const std::string& cards) {
  return Event{ExchangeEvent{from, to, Cards(cards)}, {}, {}, {}};
}

inline GameEvent NewGame(int seats, const Options& options = Options{}) {
  GameEvent g;
  g.game.append("table");  // not operator=: GCC 12 warns falsely (-Wrestrict)
  g.options = options;
  const char* names[] = {"A", "B", "C", "D", "E", "F", "G", "H"};
  for (int i = 0; i < seats; ++i) g.seats.push_back(names[i]);
  return g;
}

// A table in the play phase of manche 1, `leader` to lead a fresh pli.
struct Table {
  State s;
  explicit Table(std::vector<std::string> hands, int leader = 0, Options options = Options{}) {
    s = Apply(State{}, Event{NewGame(static_cast<int>(hands.size()), options), {}, {}, {}});
    s.manche = 1;
    s.phase = Phase::kPlay;
    for (size_t i = 0; i < hands.size(); ++i) s.hands[i] = Set(hands[i]);
    s.dealt = s.hands;
    s.pli = Pli{};
    s.pli.leader = leader;
    s.turn = leader;
  }
  // Plays a legal event (fails the test if it is not legal).
  Table& Do(const Event& e) {
    auto v = Step(s, e);
    INFO("unexpected violation: " << (v ? v->message : ""));
    REQUIRE_FALSE(v.has_value());
    return *this;
  }
  std::optional<Violation> Try(const Event& e) const { return Decide(s, e); }
  // The code of the violation `e` would be, or "legal".
  std::string CodeOf(const Event& e) const {
    auto v = Decide(s, e);
    return v ? std::string(CodeName(v->code)) : "legal";
  }
  std::string RuleOf(const Event& e) const {
    auto v = Decide(s, e);
    return v ? v->rule : "";
  }
};

}  // namespace pli::test

#endif  // PLI_TESTS_ENGINE_TABLE_H_
