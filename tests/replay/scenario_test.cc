// scenario_test.cc: the scenario checker (replay/scenario.h) on small
// scenarios written here: the subset match, each kind of failure, and the
// strictness of the expectation format (docs/SCENARIOS.md).
//
// The log used is a four-seat game where seat s is dealt every card of suit
// s (seat 2 holds Qh and leads manche 1). Tests whose outcome depends on the
// referee's verdicts or legal moves say "needs the engine".
#include "replay/scenario.h"

#include <unistd.h>

#include <atomic>
#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "games/president/rules/card.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::CheckScenarioText;
using pli::ScenarioReport;

using pli::test::TempDir;

std::string GameLine(const std::string& id) {
  return R"({"type":"game","game":")" + id + R"(","seats":["Alice","Bob","Carol","Dan"]})";
}

std::string DealLine() {
  json::array hands(4, json::array{});
  for (int i = 0; i < pli::kDeckSize; ++i) {
    hands[i % 4].as_array().push_back(
        json::value(pli::CardText(pli::Card(static_cast<uint8_t>(i)))));
  }
  return json::serialize(json::object{{"type", "deal"}, {"hands", hands}});
}

// game, deal, then the given lines.
std::string Log(const std::vector<std::string>& rest) {
  std::string text = GameLine("g1") + "\n" + DealLine() + "\n";
  for (const std::string& line : rest) text += line + "\n";
  return text;
}

// seq 3..5: seat 2 leads 3h, seat 3 answers 4s, seat 0 answers 5c. All legal.
std::string CleanLog() {
  return Log({R"({"type":"play","seat":2,"cards":["3h"]})",
              R"({"type":"play","seat":3,"cards":["4s"]})",
              R"({"type":"play","seat":0,"cards":["5c"]})"});
}

// seq 3: seat 0 plays out of turn (not-your-turn, P7); then seat 2 leads 3h.
std::string LogWithViolation() {
  return Log(
      {R"({"type":"play","seat":0,"cards":["3c"]})", R"({"type":"play","seat":2,"cards":["3h"]})"});
}

ScenarioReport Check(const std::string& log, const std::string& expect) {
  return CheckScenarioText("t", log, expect);
}

// The failures as one text, for INFO and substring checks.
std::string Text(const ScenarioReport& r) {
  std::string text;
  for (const std::string& f : r.failures) text += f + "\n";
  return text;
}

bool HasFailure(const ScenarioReport& r, const std::string& part) {
  return Text(r).find(part) != std::string::npos;
}

constexpr const char* kHead = R"("title":"t","rules":["P7"])";

std::string Expect(const std::string& body) { return std::string("{") + kHead + "," + body + "}"; }

}  // namespace

// ---------------------------------------------------------------------------
// The subset match.

TEST_CASE("subset match: expected keys must exist and match, extra found keys are ignored") {
  json::value found =
      json::parse(R"({"turn":2,"pli":{"mode":"free","count":1,"out":[]},"x":true})");
  CHECK(pli::SubsetMatches(json::parse(R"({})"), found));
  CHECK(pli::SubsetMatches(json::parse(R"({"turn":2})"), found));
  CHECK(pli::SubsetMatches(json::parse(R"({"pli":{"mode":"free"}})"), found));
  CHECK(pli::SubsetMismatches(json::parse(R"({"pli":{"mode":"suite"}})"), found) ==
        std::vector<std::string>{R"(pli.mode: expected "suite", found "free")"});
  CHECK(pli::SubsetMismatches(json::parse(R"({"pli":{"leader":0}})"), found) ==
        std::vector<std::string>{"pli.leader: expected 0, found no such key"});
}

TEST_CASE("subset match: arrays need the same length, elements matched recursively") {
  json::value found =
      json::parse(R"({"hands":[["3c","4c"],[]],"last":[{"seat":1,"cards":["9d"]}]})");
  CHECK(pli::SubsetMatches(json::parse(R"({"hands":[["3c","4c"],[]]})"), found));
  CHECK(pli::SubsetMatches(json::parse(R"({"last":[{"seat":1}]})"), found));
  CHECK(pli::SubsetMismatches(json::parse(R"({"hands":[["3c"],[]]})"), found) ==
        std::vector<std::string>{
            R"(hands[0]: expected ["3c"], found ["3c","4c"] (2 elements, expected 1))"});
  CHECK(pli::SubsetMismatches(json::parse(R"({"last":[{"seat":2}]})"), found) ==
        std::vector<std::string>{"last[0].seat: expected 2, found 1"});
  CHECK_FALSE(pli::SubsetMatches(json::parse(R"({"hands":[]})"), found));
}

TEST_CASE("subset match: scalars are equal, numbers compare by value") {
  CHECK(pli::SubsetMatches(json::value(2), json::value(std::uint64_t{2})));
  CHECK(pli::SubsetMatches(json::value(std::uint64_t{2}), json::value(std::int64_t{2})));
  CHECK(pli::SubsetMatches(json::value(2.0), json::value(2)));
  CHECK_FALSE(
      pli::SubsetMatches(json::value(-1), json::value(std::uint64_t{18446744073709551615u})));
  CHECK(pli::SubsetMatches(json::value(nullptr), json::value(nullptr)));
  CHECK_FALSE(pli::SubsetMatches(json::value(nullptr), json::value(0)));
  CHECK_FALSE(pli::SubsetMatches(json::value(false), json::value(0)));
  CHECK_FALSE(pli::SubsetMatches(json::value("2"), json::value(2)));
  CHECK_FALSE(pli::SubsetMatches(json::parse(R"({"a":1})"), json::value(1)));
  CHECK_FALSE(pli::SubsetMatches(json::parse("[1]"), json::parse(R"({"0":1})")));
  CHECK(pli::SubsetMismatches(json::value(1), json::value(2)) ==
        std::vector<std::string>{"(whole value): expected 1, found 2"});
}

// ---------------------------------------------------------------------------
// Scenarios that hold.

TEST_CASE("scenario: a clean log with verdict clean passes") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean")"));
  INFO(Text(r));
  CHECK(r.ok());
  CHECK(r.name == "t");
  CHECK(r.passed == 1);
}

TEST_CASE("scenario: state and legal expectations that hold are counted") {
  // seq, revolution, finished and ranking hold even with engine stubs.
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean","notes":["a note"],
    "states":[{"at":3,"expect":{"seq":3,"revolution":false,"finished":[],"ranking":null},"note":"n"},
              {"at":5,"expect":{"seq":5}}],
    "legal":[{"at":2,"excludes":[{"type":"play","seat":7}]}])"));
  INFO(Text(r));
  CHECK(r.ok());
  CHECK(r.passed == 4);
}

TEST_CASE("scenario: the state and legal moves of the real referee (needs the engine)") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean",
    "states":[{"at":2,"expect":{"game":"g1","manche":1,"phase":"play","turn":2}},
              {"at":5,"expect":{"turn":1,"pli":{"leader":2,"count":1,"mode":"free","ou_rien":false,
                                                 "last":{"seat":0,"cards":["5c"]},"out":[]}}}],
    "legal":[{"at":2,"includes":[{"type":"play","seat":2,"rank":"3","count":1}],
                     "excludes":[{"type":"pass"},{"seat":0}],"exactly":13}])"));
  INFO(Text(r));
  CHECK(r.ok());
  CHECK(r.passed == 4);
}

TEST_CASE("scenario: verdict violations matches the findings in order (needs the engine)") {
  ScenarioReport r = Check(LogWithViolation(), Expect(R"("verdict":"violations",
    "violations":[{"seq":3,"seat":0,"type":"play","code":"not-your-turn","rule":"P7","message_contains":"Carol"}])"));
  INFO(Text(r));
  CHECK(r.ok());
  CHECK(r.passed == 1);
  // An item checks only the fields it gives.
  ScenarioReport loose =
      Check(LogWithViolation(), Expect(R"("verdict":"violations","violations":[{}])"));
  INFO(Text(loose));
  CHECK(loose.ok());
}

// ---------------------------------------------------------------------------
// Each kind of failure.

TEST_CASE("scenario failure: a state that differs says where, what was expected and found") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean",
    "states":[{"at":3,"expect":{"seq":4,"nosuch":1,"finished":[0]}}])"));
  CHECK(r.passed == 1);  // the verdict
  CHECK(r.failures ==
        std::vector<std::string>{
            "t: at seq 3: seq: expected 4, found 3",
            "t: at seq 3: nosuch: expected 1, found no such key",
            "t: at seq 3: finished: expected [0], found [] (0 elements, expected 1)"});
}

TEST_CASE("scenario failure: at past the end of the log") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean",
    "states":[{"at":6,"expect":{}}],"legal":[{"at":9,"exactly":0}])"));
  INFO(Text(r));
  CHECK(r.failures.size() == 2);
  CHECK(HasFailure(r, "t: state at seq 6: past the end of the log (5 events)"));
  CHECK(HasFailure(r, "t: legal at seq 9: past the end of the log (5 events)"));
}

TEST_CASE("scenario failure: a legal action expected but missing, or a count that differs") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean",
    "legal":[{"at":5,"includes":[{"type":"play","seat":7}],"exactly":999}])"));
  INFO(Text(r));
  CHECK(r.passed == 1);
  CHECK(r.failures.size() == 2);
  CHECK(HasFailure(
      r,
      R"(t: at seq 5: legal: expected an action matching {"type":"play","seat":7}, found none in [)"));
  CHECK(HasFailure(r, "t: at seq 5: legal: expected exactly 999 actions, found "));
}

TEST_CASE("scenario failure: an action that should not be legal is (needs the engine)") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean",
    "legal":[{"at":2,"excludes":[{"type":"play","seat":2,"rank":"7"}]}])"));
  CHECK(
      r.failures ==
      std::vector<std::string>{
          R"(t: at seq 2: legal: expected no action matching {"type":"play","seat":2,"rank":"7"}, found {"type":"play","seat":2,"rank":"7","count":1,"declare":null})"});
}

TEST_CASE("scenario failure: verdict violations on a clean log") {
  ScenarioReport r =
      Check(CleanLog(), Expect(R"("verdict":"violations","violations":[{"seq":3}])"));
  CHECK(r.failures == std::vector<std::string>{"t: violations: expected 1, found 0: []"});
  CHECK(r.passed == 0);
}

TEST_CASE("scenario failure: verdict clean on a log with a violation (needs the engine)") {
  ScenarioReport r = Check(LogWithViolation(), Expect(R"("verdict":"clean")"));
  INFO(Text(r));
  REQUIRE(r.failures.size() == 1);
  CHECK(HasFailure(r,
                   "t: verdict \"clean\": expected no violation, found 1: [seq 3 seat 0 play "
                   "not-your-turn (P7): "));
}

TEST_CASE("scenario failure: a violation that differs in a field (needs the engine)") {
  ScenarioReport r = Check(LogWithViolation(), Expect(R"("verdict":"violations",
    "violations":[{"seq":4,"code":"too-weak","rule":"P7","message_contains":"no such words"}])"));
  INFO(Text(r));
  CHECK(r.failures.size() == 3);
  CHECK(HasFailure(r,
                   "t: violations[0].seq: expected 4, found 3 (the finding: seq 3 seat 0 play "
                   "not-your-turn (P7): "));
  CHECK(HasFailure(r, R"(t: violations[0].code: expected "too-weak", found "not-your-turn")"));
  CHECK(HasFailure(r,
                   R"(t: violations[0].message: expected it to contain "no such words", found ")"));
}

// ---------------------------------------------------------------------------
// A broken log is one failure.

// INTERFACE.md §2: a malformed event is a violation at its position, so a
// "clean" verdict fails on it, naming the line and the field.
TEST_CASE("scenario failure: a malformed log line names the line and field") {
  ScenarioReport r =
      Check(Log({R"({"type":"play","seat":2,"cards":["1h"]})"}), Expect(R"("verdict":"clean")"));
  REQUIRE(r.failures.size() == 1);
  CHECK(HasFailure(r, "malformed: line 3"));
  CHECK(HasFailure(r, "cards"));
  CHECK(r.passed == 0);
}

TEST_CASE("scenario failure: a log must hold exactly one game") {
  ScenarioReport two = Check(Log({GameLine("g2")}), Expect(R"("verdict":"clean")"));
  CHECK(two.failures ==
        std::vector<std::string>{"t: t.jsonl: a scenario is one game, found 2 (g1, g2)"});
  ScenarioReport none = Check("", Expect(R"("verdict":"clean")"));
  CHECK(none.failures == std::vector<std::string>{"t: t.jsonl: a scenario is one game, found 0"});
}

// ---------------------------------------------------------------------------
// The expectation format is strict.

TEST_CASE("expectation: unknown keys are rejected, at any level") {
  ScenarioReport r = Check(CleanLog(), Expect(R"("verdict":"clean","state":[],
    "states":[{"at":3,"expect":{},"expected":{}}],"legal":[{"at":3,"include":[]}])"));
  INFO(Text(r));
  CHECK(r.passed == 0);
  CHECK(HasFailure(r,
                   "t: t.expect.json: (top level): unknown key \"state\" (allowed: title, rules, "
                   "verdict, violations, states, legal, notes)"));
  CHECK(HasFailure(r, "t: t.expect.json: states[0]: unknown key \"expected\""));
  CHECK(HasFailure(r, "t: t.expect.json: legal[0]: unknown key \"include\""));
  CHECK(
      HasFailure(r, "t: t.expect.json: legal[0]: needs \"includes\", \"excludes\" or \"exactly\""));
  ScenarioReport v =
      Check(LogWithViolation(), Expect(R"("verdict":"violations","violations":[{"sequence":3}])"));
  CHECK(HasFailure(v, "t: t.expect.json: violations[0]: unknown key \"sequence\""));
}

TEST_CASE("expectation: title, rules and verdict are required and checked") {
  auto failures = [](const std::string& doc) { return Text(Check(CleanLog(), doc)); };
  CHECK_THAT(failures(R"({"rules":["P7"],"verdict":"clean"})"),
             Catch::Contains("title: is required"));
  CHECK_THAT(failures(R"({"title":"t","verdict":"clean"})"), Catch::Contains("rules: is required"));
  CHECK_THAT(failures(R"({"title":"t","rules":[],"verdict":"clean"})"),
             Catch::Contains("rules: must be a non-empty array of rule ids"));
  CHECK_THAT(failures(R"({"title":"t","rules":["p7"],"verdict":"clean"})"),
             Catch::Contains(R"(rules: not a rule id ("P3", "SK-P5"): "p7")"));
  CHECK_THAT(failures(R"({"title":"t","rules":["P7"]})"), Catch::Contains("verdict: is required"));
  CHECK_THAT(failures(Expect(R"("verdict":"ok")")),
             Catch::Contains(R"(verdict: must be "clean" or "violations", not "ok")"));
  CHECK_THAT(
      failures(Expect(R"("verdict":"violations")")),
      Catch::Contains("violations: must be a non-empty array when the verdict is \"violations\""));
  CHECK_THAT(failures(Expect(R"("verdict":"clean","violations":[{"seq":3}])")),
             Catch::Contains("violations: must be absent when the verdict is \"clean\""));
  CHECK_THAT(failures(Expect(R"("verdict":"clean","notes":3)")),
             Catch::Contains("notes: must be a string or an array of strings"));
}

TEST_CASE("expectation: field values are checked") {
  ScenarioReport r = Check(LogWithViolation(), Expect(R"("verdict":"violations",
    "violations":[{"seq":0,"seat":"Alice","type":"playy","code":"too-weakk","rule":7,"message_contains":null}],
    "states":[{"at":0,"expect":[]},{"expect":{}}],
    "legal":[{"at":1.5,"includes":{},"excludes":[3],"exactly":-1}])"));
  const std::string text = Text(r);
  INFO(text);
  for (const char* part :
       {"violations[0].seq: must be an integer >= 1",
        "violations[0].seat: must be a seat number or null",
        R"(violations[0].type: not an event type of super-president: "playy")",
        R"(violations[0].code: not a violation code of super-president: "too-weakk")",
        "violations[0].rule: must be a string", "violations[0].message_contains: must be a string",
        "states[0].at: must be an integer >= 1", "states[0].expect: must be an object",
        "states[1].at: is required", "legal[0].at: must be an integer >= 1",
        "legal[0].includes: must be an array of objects", "legal[0].excludes[0]: must be an object",
        "legal[0].exactly: must be an integer >= 0"}) {
    CHECK_THAT(text, Catch::Contains(part));
  }
  CHECK(r.failures.size() == 13);
}

TEST_CASE("expectation: bad JSON and duplicate keys are rejected") {
  CHECK_THAT(Text(Check(CleanLog(), "{\"title\":")),
             Catch::Contains("t: t.expect.json: not valid JSON"));
  CHECK_THAT(Text(Check(CleanLog(), "[]")), Catch::Contains("(top level): must be a JSON object"));
  ScenarioReport dup = Check(
      CleanLog(), Expect(R"("verdict":"clean","states":[{"at":3,"expect":{"seq":3,"seq":4}}])"));
  CHECK(dup.failures == std::vector<std::string>{"t: t.expect.json: duplicate key \"seq\""});
}

// ---------------------------------------------------------------------------
// Files: CheckScenario, FindScenarios, FindUnpairedFiles.

TEST_CASE("CheckScenario reads NAME.jsonl and NAME.expect.json") {
  TempDir dir;
  const std::string log = dir.Write("5.1-suite.jsonl", CleanLog());
  dir.Write("5.1-suite.expect.json",
            Expect(R"("verdict":"clean","states":[{"at":3,"expect":{"seq":2}}])"));
  ScenarioReport r = pli::CheckScenario(log);
  CHECK(r.name == "5.1-suite");
  CHECK(r.passed == 1);
  CHECK(r.failures == std::vector<std::string>{"5.1-suite: at seq 3: seq: expected 2, found 3"});
}

TEST_CASE("CheckScenario: a missing expectation or log is a failure") {
  TempDir dir;
  const std::string log = dir.Write("lonely.jsonl", CleanLog());
  ScenarioReport r = pli::CheckScenario(log);
  REQUIRE(r.failures.size() == 1);
  CHECK_THAT(r.failures[0], Catch::StartsWith("lonely: cannot read the expectation ") &&
                                Catch::EndsWith("lonely.expect.json"));
  ScenarioReport missing = pli::CheckScenario((dir.path / "gone.jsonl").string());
  CHECK(missing.failures.size() == 2);
  CHECK(pli::ExpectationPath("a/b.jsonl") == "a/b.expect.json");
}

TEST_CASE(
    "FindScenarios: recursive, sorted, only logs with an expectation, FindUnpairedFiles the rest") {
  TempDir dir;
  const std::string e = Expect(R"("verdict":"clean")");
  std::string b = dir.Write("b.jsonl", CleanLog());
  dir.Write("b.expect.json", e);
  std::string a = dir.Write("sub/deeper/a.jsonl", CleanLog());
  dir.Write("sub/deeper/a.expect.json", e);
  std::string lonely_log = dir.Write("sub/c.jsonl", CleanLog());
  std::string lonely_expect = dir.Write("d.expect.json", e);
  dir.Write("README.md", "not a scenario");
  CHECK(pli::FindScenarios(dir.path.string()) == std::vector<std::string>{b, a});
  CHECK(pli::FindUnpairedFiles(dir.path.string()) ==
        std::vector<std::string>{lonely_expect, lonely_log});
  CHECK(pli::FindScenarios((dir.path / "none").string()).empty());
  CHECK(pli::FindUnpairedFiles((dir.path / "none").string()).empty());
}

// ---------------------------------------------------------------------------
// Any game: a Skull King scenario runs through the game interface (issue 14).

namespace {

// SKULL_KING.md example A up to the hook: seq 5 is bid-equalizes (SK-B4).
std::string SkullKingLog() {
  return R"({"type":"game","game":"ska","ruleset":"skull-king","seats":["A","B","C"]}
{"type":"deal","hands":[["pirate"],["mermaid"],["14y"]],"turned":"3g"}
{"type":"bid","seat":1,"bid":1}
{"type":"bid","seat":2,"bid":0}
{"type":"bid","seat":0,"bid":0}
)";
}

std::string SkullKingExpect(const std::string& body) {
  return std::string(R"({"title":"t","rules":["SK-B4","SK-R5"],)") + body + "}";
}

}  // namespace

TEST_CASE("scenario (Skull King): verdict, state and legal come from its Match (SK-B4)") {
  ScenarioReport r = Check(SkullKingLog(), SkullKingExpect(R"("verdict":"violations",
    "violations":[{"seq":5,"seat":0,"type":"bid","code":"bid-equalizes","rule":"SK-B4"}],
    "states":[{"at":4,"expect":{"turn":0,"to_bid":[0],"bids":[null,1,0],"trump":"g"}}],
    "legal":[{"at":4,"includes":[{"type":"bid","seat":0,"bid":1}],"excludes":[{"bid":0}],"exactly":1}])"));
  INFO(Text(r));
  CHECK(r.ok());
  CHECK(r.passed == 3);
}

TEST_CASE("scenario (Skull King): a state that differs, a code of the other game") {
  ScenarioReport r = Check(SkullKingLog(), SkullKingExpect(R"("verdict":"violations",
    "violations":[{"seq":5,"code":"bid-equalizes"}],
    "states":[{"at":4,"expect":{"turn":1}}])"));
  CHECK(r.failures == std::vector<std::string>{"t: at seq 4: turn: expected 1, found 0"});
  // Codes and types are the scenario's game's: too-weak and pass are Super
  // Président's, not Skull King's.
  ScenarioReport other = Check(SkullKingLog(), SkullKingExpect(R"("verdict":"violations",
    "violations":[{"seq":5,"type":"pass","code":"too-weak"}])"));
  CHECK(HasFailure(other,
                   R"(violations[0].type: not an event type of skull-king: "pass")"));
  CHECK(HasFailure(other,
                   R"(violations[0].code: not a violation code of skull-king: "too-weak")"));
}
