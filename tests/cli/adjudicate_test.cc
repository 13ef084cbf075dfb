// adjudicate_test.cc: `pli explain`, `pli diff` and `pli check` through the
// binary (PLI_EXE), human text and --json, on the fixtures of fixtures/.
// Verdicts, codes and rule ids are the ones RULES.md gives for each case.
// Also the look of the output (cli/style.h): plain off a terminal,
// symbols and colour with CLICOLOR_FORCE, never with NO_COLOR.
#include <stdlib.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <optional>
#include <string>
#include <vector>

#include "games/president/cli/cards.h"
#include "cli/style.h"
#include "tests/cli/run.h"
#include "tests/game_fixtures.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

using pli::test::Json;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::TempDir;

const std::string kFixtures = std::string(PLI_SOURCE_DIR) + "/games/president/fixtures";
// Every game's scenarios are under games/ (games/<game>/fixtures/).
const std::string kGamesDir = std::string(PLI_SOURCE_DIR) + "/games";

std::string Fixture(const std::string& name) { return kFixtures + "/" + name + ".jsonl"; }

// Sets an environment variable for the life of the object (the binary
// inherits it), and puts the old value back.
class ScopedEnv {
 public:
  ScopedEnv(const char* name, const char* value) : name_(name) {
    if (const char* old = getenv(name)) old_ = old;
    if (value)
      setenv(name, value, 1);
    else
      unsetenv(name);
  }
  ~ScopedEnv() {
    if (old_)
      setenv(name_, old_->c_str(), 1);
    else
      unsetenv(name_);
  }
  ScopedEnv(const ScopedEnv&) = delete;
  ScopedEnv& operator=(const ScopedEnv&) = delete;

 private:
  const char* name_;
  std::optional<std::string> old_;
};

// The colour switches of the test's own environment, cleared.
struct PlainEnv {
  ScopedEnv no_color{"NO_COLOR", nullptr};
  ScopedEnv force{"CLICOLOR_FORCE", nullptr};
};

int ScenarioCount(const std::string& dir) {
  int n = 0;
  for (const auto& entry : fs::recursive_directory_iterator(dir)) {
    const std::string name = entry.path().filename().string();
    if (name.size() > 12 && name.substr(name.size() - 12) == ".expect.json") ++n;
  }
  return n;
}

std::string LastLine(const std::string& text) {
  std::string t = text;
  if (!t.empty() && t.back() == '\n') t.pop_back();
  return t.substr(t.rfind('\n') + 1);
}

}  // namespace

// ---------------------------------------------------------------------------
// explain

TEST_CASE("pli explain: an illegal play, in plain text (P3 too-weak)") {
  PlainEnv env;
  const Result r = PliArgv({"explain", Fixture("rules/P3-too-weak-illegal"), "--at", "4"});
  INFO(r.err);
  CHECK(r.status == 1);  // INTERFACE.md: 1 a rule violation
  CHECK(r.err.empty());
  CHECK(r.out ==
        "game P3-too-weak-illegal, event 4 of 5: B (seat 1) plays 6d\n"
        "verdict: ILLEGAL, too-weak (P3)\n"
        "  P3: In a free pli a play must be at least as strong as the last one: an equal rank is "
        "allowed.\n"
        "why:\n"
        "  P3  6d is weaker than the last play, 9c\n"
        "\n"
        "the table before it (after event 3):\n"
        "  manche     1, phase play\n"
        "  in force   a free pli: equal or stronger than the last play (P3); normal order, 2 is "
        "the top rank\n"
        "  pli        led by A (seat 0), 1 card(s) per play\n"
        "  last play  A (seat 0)  9c\n"
        "  out        none\n"
        "  turn       B (seat 1)\n"
        "  hand       B (seat 1), 13 card(s):  3d 4d 5d 6d 6h 7h 8h 9s Td Jc Qc Kd Ad\n"
        "\n"
        "B (seat 1) could have made 8 legal action(s) instead, up to suits:\n"
        "  play  1 x 8  declare reverse  e.g. 8h\n"
        "  play  1 x 9                   e.g. 9s\n"
        "  play  1 x T                   e.g. Td\n"
        "  play  1 x T  declare suite    e.g. Td\n"
        "  play  1 x J                   e.g. Jc\n"
        "  play  1 x Q                   e.g. Qc\n"
        "  play  1 x K                   e.g. Kd\n"
        "  play  1 x A                   e.g. Ad\n");
}

TEST_CASE("pli explain: legal events say which rules made them legal") {
  PlainEnv env;
  SECTION("U1: B declares a suite on the second play (seed 000 §5.1)") {
    const Result r = PliArgv({"explain", Fixture("seed/5.1-suite"), "--at", "4"});
    CHECK(r.status == 0);
    CHECK(r.out.find("B (seat 1) plays 6c, declaring a suite\nverdict: legal (U1)\n") !=
          std::string::npos);
    CHECK(r.out.find("\n  U2  from now on every play must be one rank above the last") !=
          std::string::npos);
    CHECK(r.out.find("e.g. 6c  <- the event\n") != std::string::npos);
    CHECK(r.out.find("next: C (seat 2) to act\n") != std::string::npos);
  }
  SECTION("O1: an equal play starts ou-rien (seed 000 §5.3)") {
    const Result r = PliArgv({"explain", Fixture("seed/5.3-ou-rien"), "--at", "4"});
    CHECK(r.status == 0);
    CHECK(r.out.find("verdict: legal (P3)\n") != std::string::npos);
    CHECK(r.out.find("\n  O1  the same rank as A (seat 0)'s Jc: ou-rien") != std::string::npos);
  }
  SECTION("X1: a close out of turn (seed 000 §5.6)") {
    const Result r = PliArgv({"explain", Fixture("seed/5.6-close"), "--at", "6"});
    CHECK(r.status == 0);
    CHECK(r.out.find("D (seat 3) closes the pli with 6s\nverdict: legal (X1)\n") !=
          std::string::npos);
    CHECK(r.out.find("\n  X3  the close ends the pli at once (E4); D (seat 3) leads") !=
          std::string::npos);
  }
  SECTION("E1: the 2 closes the pli") {
    const Result r = PliArgv({"explain", Fixture("rules/E1-top-rank-closes-legal"), "--at", "4"});
    CHECK(r.status == 0);
    CHECK(r.out.find("\n  E1  the top rank (2) closes the pli; B (seat 1) leads") !=
          std::string::npos);
  }
}

TEST_CASE("pli explain --json: codes and rule ids of RULES.md") {
  struct Case {
    std::string fixture;
    int at;
    bool legal;
    std::string code;  // "" when legal
    std::string rule;
  };
  // Each code and rule from RULES.md's table of violation codes.
  const std::vector<Case> cases = {
      {"rules/P3-too-weak-illegal", 4, false, "too-weak", "P3"},
      {"rules/P2-count-mismatch-illegal", 4, false, "count-mismatch", "P2"},
      {"rules/P4-must-play-illegal", 5, false, "must-play", "P4"},
      {"rules/U4-must-play-illegal", 5, false, "must-play", "U4"},
      {"rules/O2-ou-rien-illegal", 5, false, "ou-rien-rank", "O2"},
      {"rules/P5-out-of-pli-illegal", 8, false, "out-of-pli", "P5"},
      {"rules/S3-wrong-first-player-illegal", 3, false, "not-your-turn", "P7"},
      {"rules/X2-top-rank-close-illegal", 4, false, "close-not-allowed", "X2"},
      {"rules/V3-not-consecutive-illegal", 5, false, "not-consecutive", "V3"},
      {"rules/K3-exchange-pending-illegal", 22, false, "exchange-pending", "K3"},
      {"seed/5.1-suite", 4, true, "", "U1"},
      {"seed/5.3-ou-rien", 5, true, "", "O2"},
      {"seed/5.6-close", 6, true, "", "X1"},
      {"seed/4.8-interaction", 11, true, "", "R4"},
  };
  for (const Case& c : cases) {
    INFO(c.fixture << " --at " << c.at);
    const Result r =
        PliArgv({"explain", Fixture(c.fixture), "--at", std::to_string(c.at), "--json"});
    CHECK(r.status == (c.legal ? 0 : 1));
    const json::value doc = Json(r);
    CHECK(doc.at("seq") == c.at);
    CHECK(doc.at("legal") == c.legal);
    CHECK(doc.at("rule").at("id") == json::string(c.rule));
    CHECK(doc.at("rule").at("sentence").as_string().size() > 20);
    if (c.legal) {
      CHECK(doc.at("violation").is_null());
    } else {
      CHECK(doc.at("violation").at("code") == json::string(c.code));
      CHECK(doc.at("violation").at("rule") == json::string(c.rule));
    }
    for (const char* key :
         {"game", "event", "type", "seat", "why", "effects", "before", "hand", "instead", "after"})
      CHECK(doc.as_object().contains(key));
  }
}

TEST_CASE("pli explain: bad usage and input are exit 2") {
  const std::string log = Fixture("rules/P3-too-weak-illegal");
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"explain", log},  // --at is required
                                             {"explain", log, "--at", "0"},
                                             {"explain", log, "--at", "6"},  // 5 events
                                             {"explain", "--at", "1"},
                                             {"explain", "/no/such/log.jsonl", "--at", "1"},
                                             {"explain", log, "--at", "1", "--game", "nope"}}) {
    const Result r = PliArgv(args);
    INFO(args.size() << " args; stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK_FALSE(r.err.empty());
  }
}

TEST_CASE("pli explain --db: the same adjudication from a database") {
  TempDir tmp;
  const std::string db = (tmp.path / "games.db").string();
  const std::string log = Fixture("rules/P3-too-weak-illegal");
  const Result imported = PliArgv({"import", "--db", db, "--keep-illegal", log});
  INFO(imported.err);
  REQUIRE(imported.status == 0);
  const Result from_db =
      PliArgv({"explain", "--db", db, "--game", "P3-too-weak-illegal", "--at", "4", "--json"});
  const Result from_file = PliArgv({"explain", log, "--at", "4", "--json"});
  CHECK(from_db.status == 1);
  json::object db_doc = Json(from_db).as_object();
  json::object file_doc = Json(from_file).as_object();
  // The stored event carries its seq; the file's does not.
  CHECK(db_doc.at("event").at("seq") == 4);
  db_doc["event"].as_object().erase("seq");
  CHECK(db_doc == file_doc);
}

// ---------------------------------------------------------------------------
// diff

TEST_CASE("pli diff: identical, a prefix, and a divergence") {
  PlainEnv env;
  TempDir tmp;
  const std::string full = ReadBytes(Fixture("seed/5.1-suite"));
  std::vector<std::string> lines;
  for (size_t at = 0, next; at < full.size(); at = next + 1) {
    next = full.find('\n', at);
    lines.push_back(full.substr(at, next - at));
  }
  REQUIRE(lines.size() == 11);
  std::string first6, changed;
  for (int i = 0; i < 6; ++i) first6 += lines[i] + "\n";
  for (int i = 0; i < 4; ++i) changed += lines[i] + "\n";
  changed += R"({"type":"play","seat":2,"cards":["8s"]})"
             "\n";
  const std::string a = tmp.Write("a.jsonl", full);
  const std::string cut = tmp.Write("cut.jsonl", first6);
  const std::string other = tmp.Write("other.jsonl", changed);

  SECTION("identical") {
    const Result r = PliArgv({"diff", a, Fixture("seed/5.1-suite")});
    CHECK(r.status == 0);
    CHECK(r.out == "game 5.1-suite: identical (11 events)\n");
  }
  SECTION("a prefix") {
    const Result r = PliArgv({"diff", cut, a});
    CHECK(r.status == 1);
    CHECK(r.out.rfind("game 5.1-suite: A (" + cut + ") is a prefix of B (" + a +
                          "): their 6 events are the same, and B goes on with 5 more, from "
                          "event 7\n",
                      0) == 0);
    CHECK(r.out.find("B (" + a + "): {\"type\":\"play\",\"seat\":0,\"cards\":[\"8c\"]}\n") !=
          std::string::npos);
    CHECK(r.out.find("A (" + cut + "): ") == std::string::npos);
  }
  SECTION("a divergence: C's 8s is not-consecutive in the suite (U2), the record's 7c legal") {
    const Result r = PliArgv({"diff", other, a});
    CHECK(r.status == 1);
    CHECK(r.out.rfind("game 5.1-suite: the logs diverge at event 5 (4 events in common; A has 5, "
                      "B has 11)\n",
                      0) == 0);
    CHECK(r.out.find("A (" + other +
                     "): {\"type\":\"play\",\"seat\":2,\"cards\":[\"8s\"]}\n"
                     "  C (seat 2) plays 8s\n"
                     "  verdict: ILLEGAL, not-consecutive (U2)\n") != std::string::npos);
    CHECK(r.out.find("B (" + a +
                     "): {\"type\":\"play\",\"seat\":2,\"cards\":[\"7c\"]}\n"
                     "  C (seat 2) plays 7c\n"
                     "  verdict: legal (U2)\n") != std::string::npos);
    CHECK(r.out.find("the table after event 4, the last they share:\n") != std::string::npos);
    const Result j = PliArgv({"diff", other, a, "--json"});
    CHECK(j.status == 1);
    const json::value doc = Json(j);
    CHECK(doc.at("result") == "diverge");
    CHECK(doc.at("seq") == 5);
    CHECK(doc.at("a").at("violation").at("code") == "not-consecutive");
    CHECK(doc.at("a").at("rule").at("id") == "U2");
    CHECK(doc.at("b").at("legal") == true);
    CHECK(doc.at("state").at("turn") == 2);
  }
  SECTION("--db-a: one side from a database") {
    const std::string db = (tmp.path / "games.db").string();
    REQUIRE(PliArgv({"import", "--db", db, a}).status == 0);
    const Result r = PliArgv({"diff", "--db-a", db, other, "--json"});
    CHECK(r.status == 1);
    CHECK(Json(r).at("seq") == 5);
    CHECK(PliArgv({"diff", "--db-a", db, "--db-b", db}).status == 0);
  }
  SECTION("bad usage") {
    CHECK(PliArgv({"diff", a}).status == 2);
    CHECK(PliArgv({"diff", a, "/no/such.jsonl"}).status == 2);
  }
}

// ---------------------------------------------------------------------------
// check

TEST_CASE("pli check games/*/fixtures: every scenario of the project holds") {
  PlainEnv env;
  std::vector<std::string> args = {"check"};
  for (const std::string& dir : pli::test::GameFixtureDirs()) args.push_back(dir);
  REQUIRE(args.size() >= 3);  // both games' folders
  const Result r = PliArgv(args);
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  CHECK(r.out == std::to_string(ScenarioCount(kGamesDir)) + " passed, 0 failed\n");
  args.push_back("--json");
  const Result j = PliArgv(args);
  CHECK(j.status == 0);
  const json::value doc = Json(j);
  CHECK(doc.at("failed") == 0);
  CHECK(doc.at("passed") == ScenarioCount(kGamesDir));
  CHECK(doc.at("scenarios").as_array().size() == static_cast<size_t>(ScenarioCount(kGamesDir)));
}

TEST_CASE("pli check: a wrong expectation fails, naming what was expected and found") {
  PlainEnv env;
  TempDir tmp;
  // P3-too-weak-illegal with its violation's code deliberately wrong, beside
  // a scenario that holds.
  tmp.Write("bad/p3.jsonl", ReadBytes(Fixture("rules/P3-too-weak-illegal")));
  tmp.Write("bad/p3.expect.json", R"({"title": "a wrong expectation", "rules": ["P3"],
    "verdict": "violations",
    "violations": [{"seq": 4, "seat": 1, "code": "not-consecutive", "rule": "P3"}]})");
  tmp.Write("bad/good.jsonl", ReadBytes(Fixture("seed/5.6-close")));
  tmp.Write("bad/good.expect.json", ReadBytes(kFixtures + "/seed/5.6-close.expect.json"));
  const std::string dir = (tmp.path / "bad").string();
  const Result r = PliArgv({"check", dir});
  CHECK(r.status == 1);
  CHECK(r.out ==
        "FAIL  " + dir +
            "/p3: violations[0].code: expected \"not-consecutive\", found "
            "\"too-weak\" (the finding: seq 4 seat 1 play too-weak (P3): 6d is weaker than "
            "the last play, 9c)\n"
            "1 passed, 1 failed\n");
  const Result j = PliArgv({"check", dir, "--json"});
  CHECK(j.status == 1);
  const json::value doc = Json(j);
  CHECK(doc.at("passed") == 1);
  CHECK(doc.at("failed") == 1);
  const json::array& scenarios = doc.at("scenarios").as_array();
  REQUIRE(scenarios.size() == 2);
  CHECK(scenarios[1].at("name") == "p3");
  CHECK(scenarios[1].at("ok") == false);
  CHECK(scenarios[1].at("failures").at(0).as_string().find("violations[0].code") !=
        json::string::npos);
  // A half scenario in a directory is a failure too; a file is run alone.
  tmp.Write("bad/lonely.jsonl", ReadBytes(Fixture("seed/5.6-close")));
  const Result half = PliArgv({"check", dir});
  CHECK(half.status == 1);
  CHECK(half.out.find("FAIL  " + dir + "/lonely: half a scenario") != std::string::npos);
  CHECK(LastLine(half.out) == "1 passed, 2 failed");
  const Result one = PliArgv({"check", dir + "/good.expect.json", dir + "/good.jsonl", "-v"});
  CHECK(one.status == 0);
  CHECK(LastLine(one.out) == "2 passed, 0 failed");
}

TEST_CASE("pli check: a missing path or no scenario is bad input") {
  TempDir tmp;
  CHECK(PliArgv({"check", (tmp.path / "nothing").string()}).status == 2);
  CHECK(PliArgv({"check", tmp.path.string()}).status == 2);  // empty dir
  CHECK(PliArgv({"check"}).status == 2);
}

// ---------------------------------------------------------------------------
// The look (cli/style.h)

TEST_CASE("style: symbols and colour with CLICOLOR_FORCE, plain with NO_COLOR") {
  const std::vector<std::string> args = {"explain", Fixture("rules/P3-too-weak-illegal"), "--at",
                                         "4"};
  std::string plain;
  {
    PlainEnv env;
    plain = PliArgv(args).out;
  }
  CHECK(plain.find("\x1b[") == std::string::npos);
  {
    ScopedEnv no_color("NO_COLOR", nullptr);
    ScopedEnv force("CLICOLOR_FORCE", "1");
    const std::string fancy = PliArgv(args).out;
    CHECK(fancy.find("\x1b[31m6♦\x1b[0m") != std::string::npos);  // red diamonds
    CHECK(fancy.find("9♣") != std::string::npos);
    CHECK(fancy.find("plays \x1b[31m6♦\x1b[0m\n") != std::string::npos);
    CHECK(fancy.find("\x1b[1;31mILLEGAL\x1b[0m") != std::string::npos);
    const Result state = PliArgv({"state", Fixture("seed/5.1-suite"), "--at", "3"});
    CHECK(state.out.find("♥") != std::string::npos);
    const Result legal = PliArgv({"legal", Fixture("seed/5.1-suite"), "--at", "3"});
    CHECK(legal.out.find("e.g. \x1b[") != std::string::npos);
  }
  {
    ScopedEnv no_color("NO_COLOR", "1");
    ScopedEnv force("CLICOLOR_FORCE", "1");
    CHECK(PliArgv(args).out == plain);
  }
}

TEST_CASE("style: plain cards are RULES.md C1's two letters, tables align on display width") {
  using pli::cli::Style;
  using pli::cli::StyledCard;
  using pli::cli::StyledCards;
  const pli::Card qh(pli::Rank::kQ, pli::Suit::kHearts);
  const pli::Card ts(pli::Rank::kT, pli::Suit::kSpades);
  CHECK(StyledCard(Style::Plain(), qh) == "Qh");
  CHECK(StyledCards(Style::Plain(), pli::CardList{ts, qh}) == "Ts Qh");
  CHECK(StyledCard(Style::Fancy(), qh) == "\x1b[31mQ♥\x1b[0m");
  CHECK(StyledCard(Style::Fancy(), ts) == "\x1b[1mT♠\x1b[0m");
  CHECK(Style::Plain().Bad("x") == "x");
  CHECK(pli::cli::DisplayWidth(StyledCard(Style::Fancy(), qh)) == 2);
  CHECK(pli::cli::DisplayWidth("révolution") == 10);
  pli::cli::Table table;
  table.Row({StyledCard(Style::Fancy(), qh), "a"});
  table.Row({"abcd", "b"});
  const std::string text = table.Render();
  CHECK(text == "  " + StyledCard(Style::Fancy(), qh) + "    a\n  abcd  b\n");
}
