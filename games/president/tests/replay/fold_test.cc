// fold_test.cc: FoldTo and AuditGame (games/president/replay/fold.h) on a four-seat game
// built in code: seat s is dealt every card of suit s, so seat 2 holds Qh and
// leads manche 1 (S3).
#include "games/president/replay/fold.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "games/president/rules/rules.h"

namespace {

using namespace pli;

Event Ev(EventBody body) { return Event{std::move(body), {}, {}, {}}; }

Event Play(int seat, CardList cards) {
  return Ev(PlayEvent{seat, std::move(cards), Declare::kNone});
}
Card C(Rank r, Suit s) { return Card(r, s); }

// game, deal (seat s holds suit s), then `rest`.
std::vector<Event> Game(std::vector<Event> rest) {
  GameEvent game;
  game.game = "g1";
  game.seats = {"Alice", "Bob", "Carol", "Dan"};
  DealEvent deal;
  deal.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) deal.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
  std::vector<Event> events = {Ev(game), Ev(deal)};
  for (Event& e : rest) events.push_back(std::move(e));
  return events;
}

// Seat 2 leads 3h, seat 3 answers 4s, seat 0 answers 5c: all legal.
std::vector<Event> CleanGame() {
  return Game({Play(2, {C(Rank::k3, Suit::kHearts)}), Play(3, {C(Rank::k4, Suit::kSpades)}),
               Play(0, {C(Rank::k5, Suit::kClubs)})});
}

}  // namespace

TEST_CASE("FoldTo: seq 0 is the empty state, past the end is the whole log") {
  const std::vector<Event> events = CleanGame();
  CHECK(FoldTo(events, 0) == State{});
  CHECK(FoldTo(events, -3) == State{});
  const State all = FoldTo(events, static_cast<int64_t>(events.size()));
  CHECK(all.seq == 5);
  CHECK(FoldTo(events, 99) == all);
}

TEST_CASE("FoldTo: seq counts every event folded") {
  const std::vector<Event> events = CleanGame();
  for (int64_t at = 1; at <= 5; ++at) CHECK(FoldTo(events, at).seq == at);
}

TEST_CASE("FoldTo is a fold of Step") {
  const std::vector<Event> events = CleanGame();
  State s;
  for (size_t i = 0; i < events.size(); ++i) {
    Step(s, events[i]);
    CHECK(FoldTo(events, static_cast<int64_t>(i) + 1) == s);
  }
}

TEST_CASE("AuditGame: a clean log has no finding") {
  CHECK(AuditGame(CleanGame(), false).empty());
  CHECK(AuditGame(CleanGame(), true).empty());
  CHECK(AuditGame({}, true).empty());
}

// Needs the real engine (decide.cc): seat 0 plays at seq 3 when seat 2 leads
// (P7), and seat 3 plays mixed ranks at seq 5 (P1).
std::vector<Event> GameWithTwoViolations() {
  return Game({Play(0, {C(Rank::k3, Suit::kClubs)}), Play(2, {C(Rank::k3, Suit::kHearts)}),
               Play(3, {C(Rank::kT, Suit::kSpades), C(Rank::kJ, Suit::kSpades)})});
}

TEST_CASE("AuditGame: without keep_going it stops at the first violation (needs the engine)") {
  const std::vector<Finding> findings = AuditGame(GameWithTwoViolations(), false);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].seq == 3);
  CHECK(findings[0].seat == 0);
  CHECK(findings[0].type == EventType::kPlay);
  CHECK(findings[0].violation.code == Code::kNotYourTurn);
  CHECK(findings[0].violation.rule == "P7");
}

TEST_CASE(
    "AuditGame: with keep_going it reports each illegal event and goes on (needs the engine)") {
  const std::vector<Finding> findings = AuditGame(GameWithTwoViolations(), true);
  REQUIRE(findings.size() == 2);
  CHECK(findings[0].seq == 3);
  CHECK(findings[1].seq == 5);
  CHECK(findings[1].seat == 3);
  CHECK(findings[1].violation.code == Code::kMixedRanks);
}

TEST_CASE("FoldTo: an illegal event changes nothing but seq (needs the engine)") {
  const std::vector<Event> events = GameWithTwoViolations();
  State before = FoldTo(events, 2);
  State after = FoldTo(events, 3);  // seq 3 is illegal
  CHECK(after.seq == 3);
  after.seq = before.seq;
  CHECK(after == before);
  CHECK(FoldTo(events, 4).pli.last_seat == 2);  // seq 4, seat 2's lead, is applied
}

TEST_CASE("AuditGame: a finding without an acting seat has seat -1 (needs the engine)") {
  // A second deal while the manche is being played is bad-deal (S2).
  std::vector<Event> events = CleanGame();
  events.push_back(events[1]);
  const std::vector<Finding> findings = AuditGame(events, true);
  REQUIRE(findings.size() == 1);
  CHECK(findings[0].seq == 6);
  CHECK(findings[0].seat == -1);
  CHECK(findings[0].type == EventType::kDeal);
  CHECK(findings[0].violation.code == Code::kBadDeal);
}
