// hidden_test.cc: a violation names only what its reader may know (issue
// 11 item 5). The acting player's sentence (message) names their own cards,
// the cards they named and the public table; who holds other cards is the
// adjudicator's addition (hidden), marked when shown; the rest of the table
// (table) is not shown the actor's hand. The property test
// games/president/tests/property/hidden_cards_test.cc checks the same over random games.
#include <catch2/catch.hpp>

#include "games/president/tests/rules/table.h"

namespace pli::test {
namespace {

TEST_CASE("X1: a refused close does not tell the closer who holds the rest of the rank") {
  Table t({"6c 9c", "6d 9d", "6h", "6s"});
  t.Do(Play(0, "6c"));
  const auto v = t.Try(Close(1, "6d"));
  REQUIRE(v);
  CHECK(v->code == Code::kCloseNotAllowed);
  CHECK(v->rule == "X1");
  // What B can count (two 6s are neither played nor B's), not where they are.
  CHECK(SentenceFor(*v, Audience::kActor) == "B (seat 1) does not hold every remaining 6: 2 more are in other hands");
  CHECK(v->hidden == "6h is with C (seat 2); 6s is with D (seat 3)");
  CHECK(SentenceFor(*v, Audience::kAdjudicator) ==
        "B (seat 1) does not hold every remaining 6: 2 more are in other hands "
        "(hidden from the player: 6h is with C (seat 2); 6s is with D (seat 3))");
  CHECK(SentenceFor(*v, Audience::kTable) ==
        "B (seat 1) may close only with every remaining 6, all in their hand and as many as the pli's "
        "count (singles)");
}

TEST_CASE("X1: the closer's own cards are theirs to read, and the table reads the rule") {
  Table t({"6c 9c", "6d 6h 9d", "7c", "7d"});
  t.Do(Play(0, "6c"));
  const auto v = t.Try(Close(1, "6d"));  // B holds 6h too: a close plays both
  REQUIRE(v);
  CHECK(v->message == "a close plays every remaining 6 (6d 6h), not just 6d");
  CHECK(v->hidden.empty());
  CHECK(SentenceFor(*v, Audience::kAdjudicator) == v->message);
  CHECK(SentenceFor(*v, Audience::kTable).find("6h") == std::string::npos);
}

TEST_CASE("P1: card-not-in-hand names the card to its player, its holder to the adjudicator only") {
  Table t({"5c 9c", "6d 9d", "6h", "6s"});
  const auto v = t.Try(Play(0, "6h"));
  REQUIRE(v);
  CHECK(v->code == Code::kCardNotInHand);
  CHECK(v->message == "A (seat 0) does not hold 6h");
  CHECK(v->hidden == "6h is with C (seat 2)");
  CHECK(SentenceFor(*v, Audience::kAdjudicator) == "A (seat 0) does not hold 6h (hidden from the player: 6h is with C (seat 2))");
  CHECK(SentenceFor(*v, Audience::kTable) == "A (seat 0) does not hold every card named");
}

TEST_CASE("P4, O2: must-play shows the player their cards, and the table none") {
  SECTION("P4") {
    Table t({"5c", "8d 8s 9d", "6h", "6s"});
    t.Do(Play(0, "5c"));
    const auto v = t.Try(Pass(1));
    REQUIRE(v);
    CHECK(v->rule == "P4");
    CHECK(v->message == "B (seat 1) can play (singles from 8d 8s), and may pass only when no legal play exists");
    CHECK(SentenceFor(*v, Audience::kTable) == "B (seat 1) can play, and may pass only when no legal play exists");
  }
  SECTION("O2") {
    Table t({"5c 9c", "5d 9d", "5h 9h", "6s"});
    t.Do(Play(0, "5c")).Do(Play(1, "5d"));  // ou-rien (O1)
    const auto v = t.Try(Pass(2));
    REQUIRE(v);
    CHECK(v->rule == "O2");
    CHECK(v->message == "ou-rien is in force and C (seat 2) holds 5h: they must play a 5");
    CHECK(SentenceFor(*v, Audience::kTable) ==
          "ou-rien is in force and C (seat 2) holds enough cards of rank 5 to follow: they must play a 5");
  }
}

TEST_CASE("SentenceFor: with nothing hidden and no table sentence, everyone reads the message") {
  const Violation v{Code::kTooWeak, "P3", "5c is weaker than the last play, 9h"};
  for (Audience a : {Audience::kActor, Audience::kTable, Audience::kAdjudicator})
    CHECK(SentenceFor(v, a) == v.message);
}

}  // namespace
}  // namespace pli::test
