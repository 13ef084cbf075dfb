// house_falls_test.cc: H-L1 (`first_lead`), H-K4 (`stale_falls`) and H-K3
// (`president_falls`), HOUSE_RULES.md §8 and §9, from their text written
// here by hand: who leads manche 1, the ranking in force after two
// unchanged manches (its gifts and the points of the manche's own places),
// and the Président who does not finish first (his cards set aside, the
// last place, a seat without cards).
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/options.h"
#include "games/president/rules/rules.h"
#include "games/president/tests/rules/table.h"

namespace pli {
namespace {

using test::Play;

Options FallOptions(std::initializer_list<std::pair<const char*, const char*>> values) {
  Options o;
  for (const auto& [name, value] : values) REQUIRE(SetOption(o, name, value).empty());
  return o;
}

// A full deal of the 52 cards: card i to seat (i + shift) % 4. With shift
// 2, 3c (card 0) is C's and Qh (card 38) A's (§14 X-L1).
Event FullDeal(int shift) {
  DealEvent d;
  d.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) d.hands[(i + shift) % 4].push_back(Card(static_cast<uint8_t>(i)));
  return Event{d, {}, {}, {}};
}

State Started(const Options& o, int shift) {
  State s;
  REQUIRE_FALSE(Step(s, Event{test::NewGame(4, o), {}, {}, {}}));
  REQUIRE_FALSE(Step(s, FullDeal(shift)));
  return s;
}

TEST_CASE("H-L1 H-A1 H-A2: option first_lead, a canonical card or seat-0, Qh by default, a card of the deck") {
  Options o;
  CHECK(OptionText(o, "first_lead") == "Qh");
  for (const auto& [name, value] : OptionValues(o)) CHECK(name != "first_lead");  // H-A1
  CHECK(SetOption(o, "first_lead", "3c").empty());
  CHECK(OptionText(o, "first_lead") == "3c");
  CHECK(SetOption(o, "first_lead", "seat-0").empty());
  CHECK(OptionText(o, "first_lead") == "seat-0");
  for (const char* bad : {"3C", "qh", "10c", "Seat-0", "seat-1", "", "X3"}) {
    INFO(bad);
    CHECK_FALSE(SetOption(o, "first_lead", bad).empty());
  }
  // §14 X-L1: a card the deck lacks is refused with the option that lacks it.
  CHECK(RefusedCombination(FallOptions({{"first_lead", "4c"}, {"ranks", "klootzakken"}})) ==
        "options \"first_lead\" and \"ranks\": 4c is not in this game's deck (ranks klootzakken) (H-L1)");
  CHECK(RefusedCombination(FallOptions({{"first_lead", "X1"}})).find("options \"first_lead\" and \"jokers\"") == 0);
  CHECK(RefusedCombination(FallOptions({{"first_lead", "X1"}, {"jokers", "1"}})).empty());
  CHECK(RefusedCombination(FallOptions({{"first_lead", "7c"}, {"ranks", "klootzakken"}})).empty());
}

TEST_CASE("H-L1: the holder of first_lead's card leads manche 1, with seat-0 seat 0 does") {
  // §14 X-L1: A holds Qh, C holds 3c.
  const State s = Started(FallOptions({{"first_lead", "3c"}}), 2);
  CHECK(s.turn == 2);
  const std::optional<Violation> v = Decide(s, Play(0, "Qh"));
  REQUIRE(v);
  CHECK(v->code == Code::kNotYourTurn);
  CHECK(v->rule == "H-L1");
  CHECK_FALSE(Decide(s, Play(2, "9c")));  // any play (C holds 9c: card 24, (24 + 2) % 4 = 2)
  // Default: Qh's holder, A; the same not-your-turn cites P7 as before.
  const State q = Started(Options{}, 2);
  CHECK(q.turn == 0);
  CHECK(Decide(q, Play(2, "3c"))->rule == "P7");
  // seat-0: seat 0 leads whoever holds Qh (shift 1: Qh is D's).
  const State z = Started(FallOptions({{"first_lead", "seat-0"}}), 1);
  CHECK(z.turn == 0);
  CHECK(Decide(z, Play(3, "Qh"))->rule == "H-L1");
}

// Four seats in manche `manche`, places so far A B C D (the ranking and the
// ranking in force), `unchanged` unchanged manches in a row; the hands make
// the places A B C D again (A 4c out first, B 9c, C Tc, D left).
test::Table StaleTable(int manche, int unchanged, std::vector<int> standing = {0, 1, 2, 3}) {
  test::Table t({"4c", "9c", "Tc", "3c 5c"}, 0, FallOptions({{"stale_falls", "true"}, {"scoring", "place"}}));
  t.s.manche = manche;
  t.s.ranking = std::vector<int>{0, 1, 2, 3};
  t.s.standing = standing;
  t.s.unchanged = unchanged;
  t.s.scores = {0, 0, 0, 0};
  return t;
}
void PlayAbcd(test::Table& t) { t.Do(Play(0, "4c")).Do(Play(1, "9c")).Do(Play(2, "Tc")); }

TEST_CASE("H-K4: after the second unchanged manche in a row the first place moves to the last") {
  test::Table t = StaleTable(3, 1);  // §14 X-K4: manches 1, 2 and 3 end A B C D
  PlayAbcd(t);
  CHECK(t.s.ranking == std::vector<int>{0, 1, 2, 3});   // F4: the manche's own places
  CHECK(t.s.standing == std::vector<int>{1, 2, 3, 0});  // in force: B, C, D, A
  CHECK(t.s.unchanged == 0);                            // the count starts again
  CHECK(t.s.scores == std::vector<int>{2, 1, -1, -2});  // points by the manche's own places
  // Manche 4: A is now the Trouduc: he gives his two strongest to B.
  REQUIRE_FALSE(Step(t.s, FullDeal(0)));  // card i = rank * 4 + suit to seat i % 4: A holds the clubs
  REQUIRE(t.s.phase == Phase::kExchange);
  const std::optional<Violation> v = Decide(t.s, test::Give(0, 3, "3c 7c"));
  REQUIRE(v);
  CHECK(v->code == Code::kExchangeWrongCards);
  CHECK(v->rule == "H-K4");
  CHECK_FALSE(Decide(t.s, test::Give(0, 1, "Ac 2c")));  // A's two strongest
  CHECK(Decide(t.s, test::Give(0, 1, "Kc 2c"))->code == Code::kExchangeWrongCards);
}

TEST_CASE("H-K4: one unchanged manche, or a changed one, leaves the ranking in force as its places") {
  test::Table once = StaleTable(2, 0);  // manche 2 unchanged: the count is 1
  PlayAbcd(once);
  CHECK(once.s.standing == std::vector<int>{0, 1, 2, 3});
  CHECK(once.s.unchanged == 1);
  test::Table changed = StaleTable(3, 1, {1, 0, 2, 3});  // in force B A C D, the manche ends A B C D
  PlayAbcd(changed);
  CHECK(changed.s.standing == std::vector<int>{0, 1, 2, 3});
  CHECK(changed.s.unchanged == 0);
  test::Table first = StaleTable(1, 0);  // manche 1 is never unchanged
  first.s.ranking.reset();
  first.s.standing.clear();
  PlayAbcd(first);
  CHECK(first.s.unchanged == 0);
}

// Manche 2, A the Président (places A B C D); B leads.
test::Table FallTable(std::vector<std::string> hands) {
  test::Table t(std::move(hands), 1, FallOptions({{"president_falls", "true"}}));
  t.s.manche = 2;
  t.s.ranking = std::vector<int>{0, 1, 2, 3};
  return t;
}

TEST_CASE("H-K3: the Président who does not finish first has his cards set aside and takes the last place") {
  // §14 X-K3: B leads a pli holding only 9c; A still holds Kc Kd and more.
  test::Table t = FallTable({"Kc Kd 5c", "9c", "Tc 3d", "Jc 4d"});
  t.Do(Play(1, "9c"));
  CHECK(t.s.hands[0].empty());
  CHECK(t.s.discarded == test::Set("Kc Kd 5c"));
  CHECK(t.s.fallen == 0);
  CHECK(t.s.finished == std::vector<int>{1, 0});  // listed at that point
  CHECK(t.s.turn == 2);
  const std::optional<Violation> v = t.Try(Play(0, "Kc Kd"));
  REQUIRE(v);
  CHECK(v->code == Code::kNotYourTurn);
  CHECK(v->rule == "H-K3");
  // C and D play on for places 2 and 3: C Tc, D Jc, C passes (3d cannot
  // follow), D leads 4d and is out: places B D C A.
  t.Do(Play(2, "Tc")).Do(Play(3, "Jc")).Do(test::Pass(2)).Do(Play(3, "4d"));
  CHECK(t.s.phase == Phase::kMancheOver);
  CHECK(t.s.ranking == std::vector<int>{1, 3, 2, 0});
}

TEST_CASE("H-K3: no fall in manche 1, after a top-rank finish, or when the Président finishes first") {
  test::Table m1 = FallTable({"Kc Kd 5c", "9c", "Tc 3d", "Jc 4d"});
  m1.s.manche = 1;
  m1.s.ranking.reset();
  m1.Do(Play(1, "9c"));
  CHECK(m1.s.fallen == -1);
  CHECK(m1.s.hands[0].size() == 3);
  test::Table top = FallTable({"Kc Kd 5c", "2c", "Tc 3d", "Jc 4d"});  // F2: no win, nothing triggers
  top.Do(Play(1, "2c"));
  CHECK(top.s.fallen == -1);
  CHECK(top.s.top_finishers == std::vector<int>{1});
  // After that F2 finish, the first F1 finisher is the winner: C goes out
  // on Tc while A holds cards, so A falls then.
  test::Table after = FallTable({"Kc Kd 5c", "2c", "Tc", "Jc 4d"});
  after.Do(Play(1, "2c"));  // E1: the pli closes; B has no cards, C leads (E5)
  REQUIRE(after.s.turn == 2);
  after.Do(Play(2, "Tc"));
  CHECK(after.s.fallen == 0);
  test::Table own = FallTable({"9c", "8c Kd", "Tc 3d", "Jc 4d"});
  own.s.pli.leader = 0;
  own.s.turn = 0;
  own.Do(Play(0, "9c"));  // the Président finishes first himself
  CHECK(own.s.fallen == -1);
  CHECK(own.s.discarded.empty());
}

TEST_CASE("H-K3 H-K4: the Président who falls is the Président of the ranking in force") {
  test::Table t = FallTable({"Kc Kd 5c", "9c", "Tc 3d", "Jc 4d"});
  t.s.options.stale_falls = true;
  t.s.standing = {2, 1, 3, 0};  // in force: C is the Président
  t.Do(Play(1, "9c"));
  CHECK(t.s.fallen == 2);
  CHECK(t.s.discarded == test::Set("Tc 3d"));
  CHECK(t.s.hands[0].size() == 3);
}

}  // namespace
}  // namespace pli
