// diff_test.cc: two records of one game compared (games/president/replay/diff.h), on the
// seed 000 §5.1 fixture and copies of it cut short or changed.
#include "games/president/log.h"
#include "games/president/replay/diff.h"

#include <catch2/catch.hpp>
#include <string>
#include <variant>
#include <vector>

#include "games/president/replay/fold.h"

namespace {

using namespace pli;

std::vector<Event> Suite() {
  auto read = ReadLogFile(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl");
  REQUIRE(std::holds_alternative<std::vector<GameLog>>(read));
  return std::get<std::vector<GameLog>>(read).front().events;
}

Event Play(int seat, CardList cards) { return Event{PlayEvent{seat, std::move(cards)}}; }

}  // namespace

TEST_CASE("diff: a log against itself is identical") {
  const std::vector<Event> log = Suite();
  const LogDiff d = DiffLogs(log, log, /*strict=*/true);
  CHECK(d.kind == DiffKind::kIdentical);
  CHECK(d.common == 11);
  CHECK(d.seq() == 0);
  CHECK_FALSE(d.a);
  CHECK_FALSE(d.b);
  const boost::json::object o = LogDiffToJson(d);
  CHECK(o.at("result") == "identical");
  CHECK(o.at("seq").is_null());
  CHECK(o.at("state").is_null());
}

TEST_CASE("diff: a log cut short is a prefix, the longer side's next event is explained") {
  const std::vector<Event> log = Suite();
  const std::vector<Event> cut(log.begin(), log.begin() + 6);
  for (bool a_short : {true, false}) {
    const LogDiff d = a_short ? DiffLogs(cut, log, false) : DiffLogs(log, cut, false);
    CHECK(d.kind == DiffKind::kPrefix);
    CHECK(d.common == 6);
    CHECK(d.seq() == 7);
    const std::optional<Explanation>& longer = a_short ? d.b : d.a;
    const std::optional<Explanation>& shorter = a_short ? d.a : d.b;
    REQUIRE(longer);
    CHECK_FALSE(shorter);
    CHECK(longer->seq == 7);
    CHECK(longer->legal());
    CHECK(longer->rule == "U2");  // A's 8c follows C's 7c in the suite
    CHECK(d.before == FoldTo(log, 6));
  }
}

TEST_CASE("diff: where two records part, each side's event is judged in the common state") {
  const std::vector<Event> log = Suite();
  std::vector<Event> other(log.begin(), log.begin() + 4);
  // C plays 8s where the record says 7c: in B's suite on 6c only a 7 is
  // legal (U2), so this is not-consecutive.
  other.push_back(Play(2, {Card(Rank::k8, Suit::kSpades)}));
  const LogDiff d = DiffLogs(other, log, false);
  CHECK(d.kind == DiffKind::kDiverge);
  CHECK(d.common == 4);
  CHECK(d.seq() == 5);
  CHECK(d.events_a == 5);
  CHECK(d.events_b == 11);
  REQUIRE(d.a);
  REQUIRE(d.b);
  CHECK_FALSE(d.a->legal());
  CHECK(d.a->violation->code == Code::kNotConsecutive);
  CHECK(d.a->rule == "U2");
  CHECK(d.b->legal());
  CHECK(d.b->rule == "U2");
  CHECK(d.before.pli.mode == Mode::kSuite);
  CHECK(d.before.turn == 2);
  const boost::json::object o = LogDiffToJson(d);
  CHECK(o.at("result") == "diverge");
  CHECK(o.at("seq") == 5);
  CHECK(o.at("common") == 4);
  CHECK(o.at("state").at("seq") == 4);
  CHECK(o.at("a").at("event") == boost::json::parse(R"({"type":"play","seat":2,"cards":["8s"]})"));
  CHECK(o.at("a").at("legal") == false);
  CHECK(o.at("a").at("violation").at("code") == "not-consecutive");
  CHECK(o.at("b").at("legal") == true);
  CHECK(o.at("b").at("rule").at("id") == "U2");
  CHECK_FALSE(o.at("a").as_object().contains("before"));
}

TEST_CASE("diff: id and at differ only under --strict") {
  const std::vector<Event> log = Suite();
  std::vector<Event> stamped = log;
  stamped[3].at = "2026-11-22T10:00:00Z";
  stamped[5].id = "client-6";
  CHECK(DiffLogs(log, stamped, false).kind == DiffKind::kIdentical);
  const LogDiff strict = DiffLogs(log, stamped, true);
  CHECK(strict.kind == DiffKind::kDiverge);
  CHECK(strict.seq() == 4);
  CHECK(SameEvent(log[3], stamped[3], false));
  CHECK_FALSE(SameEvent(log[3], stamped[3], true));
}

TEST_CASE("diff: the order the cards are written in does not matter, the cards do") {
  const Event a = Play(0, {Card(Rank::k5, Suit::kClubs), Card(Rank::k5, Suit::kHearts)});
  const Event b = Play(0, {Card(Rank::k5, Suit::kHearts), Card(Rank::k5, Suit::kClubs)});
  const Event c = Play(0, {Card(Rank::k5, Suit::kHearts), Card(Rank::k5, Suit::kSpades)});
  CHECK(SameEvent(a, b, true));
  CHECK_FALSE(SameEvent(a, c, false));
  CHECK_FALSE(
      SameEvent(a, Play(1, {Card(Rank::k5, Suit::kClubs), Card(Rank::k5, Suit::kHearts)}), false));
  CHECK(DiffKindName(DiffKind::kPrefix) == std::string("prefix"));
}
