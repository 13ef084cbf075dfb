// cli_test.cc: the `pli` binary (PLI_EXE) run as a subprocess on logs
// written here: exit status (0 success / clean, 1 violation, 2 bad usage or
// input), messages on stderr, and the JSON documents of INTERFACE.md §2.
//
// The log is a four-seat game where seat s is dealt every card of suit s
// (seat 2 holds Qh and leads manche 1). Tests that rely on the referee's
// verdicts or legal moves say "needs the engine".
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/president/rules/card.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;

using pli::test::Pli;
using pli::test::Quote;
using pli::test::Result;
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

std::string Game(const std::string& id, const std::vector<std::string>& rest) {
  std::string text = GameLine(id) + "\n" + DealLine() + "\n";
  for (const std::string& line : rest) text += line + "\n";
  return text;
}

// seq 3..5: seat 2 leads 3h, seat 3 answers 4s, seat 0 answers 5c. All legal.
std::string CleanLog() {
  return Game("g1", {R"({"type":"play","seat":2,"cards":["3h"]})",
                     R"({"type":"play","seat":3,"cards":["4s"]})",
                     R"({"type":"play","seat":0,"cards":["5c"]})"});
}

// seq 3: seat 0 plays out of turn (P7); seq 4: seat 2 leads 3h; seq 5: seat 3
// plays Ts Js, mixed ranks (P1).
std::string ViolationLog() {
  return Game("g1", {R"({"type":"play","seat":0,"cards":["3c"]})",
                     R"({"type":"play","seat":2,"cards":["3h"]})",
                     R"({"type":"play","seat":3,"cards":["Ts","Js"]})"});
}

std::set<std::string> Keys(const json::object& o) {
  std::set<std::string> keys;
  for (const auto& kv : o) keys.insert(std::string(kv.key()));
  return keys;
}

}  // namespace

// ---------------------------------------------------------------------------
// Usage.

TEST_CASE("pli --help exits 0 and teaches the commands, SOURCE and a log line") {
  Result r = Pli("--help");
  CHECK(r.status == 0);
  for (const char* part : {"audit", "state", "legal", "SOURCE", "JSON Lines", R"({"type":"game")",
                           R"({"type":"play","seat":2,"cards":["Qh"]})", "Exit status"}) {
    CHECK_THAT(r.out, Catch::Contains(part));
  }
  for (const char* command : {"audit", "state", "legal"}) {
    Result sub = Pli(std::string(command) + " --help");
    INFO(command);
    CHECK(sub.status == 0);
    CHECK_THAT(sub.out, Catch::Contains("SOURCE") && Catch::Contains("--json") &&
                            Catch::Contains("'-' reads standard input"));
  }
  CHECK_THAT(Pli("audit --help").out, Catch::Contains("--continue"));
  CHECK_THAT(Pli("state --help").out, Catch::Contains("--at") && Catch::Contains("--game"));
}

TEST_CASE("bad usage exits 2 with a message on stderr") {
  TempDir dir;
  const std::string log = Quote(dir.Write("g.jsonl", CleanLog()));
  for (const std::string& args :
       {std::string(""), std::string("frobnicate ") + log, std::string("audit"),
        "audit " + log + " --bogus", "audit " + log + " --at 2", "audit " + log + " --db x.db",
        "state " + log + " --at", "state " + log + " --at abc", "legal " + log + " extra"}) {
    Result r = Pli(args);
    INFO("pli " << args << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pli: "));
    CHECK(r.out.empty());
  }
  CHECK_THAT(Pli("frobnicate " + log).err, Catch::Contains("unknown command \"frobnicate\""));
}

// ---------------------------------------------------------------------------
// Unreadable and malformed input.

TEST_CASE("a missing file exits 2 and names it") {
  for (const char* command : {"audit", "state", "legal"}) {
    Result r = Pli(std::string(command) + " /nonexistent/pli-no-such-file.jsonl");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pli: ") && Catch::Contains("pli-no-such-file.jsonl"));
  }
}

// INTERFACE.md §2: audit reports a malformed event like any violation, on
// stdout; state and legal print their document and name it on stderr.
TEST_CASE("a malformed line exits 2, and names the line and the field") {
  TempDir dir;
  const std::string log =
      Quote(dir.Write("bad.jsonl", Game("g1", {R"({"type":"play","seat":2,"cards":["1h"]})"})));
  for (const char* command : {"audit", "state", "legal"}) {
    Result r = Pli(std::string(command) + " " + log);
    INFO(r.err);
    CHECK(r.status == 2);
    CHECK_THAT(std::string(command) == "audit" ? r.out : r.err,
               Catch::Contains("line 3") && Catch::Contains("\"cards\""));
    if (std::string(command) != "audit") CHECK_THAT(r.err, Catch::StartsWith("pli: "));
  }
  Result bad_json =
      Pli("audit " + Quote(dir.Write("json.jsonl", GameLine("g1") + "\n{not json\n")));
  CHECK(bad_json.status == 2);
  CHECK_THAT(bad_json.err, Catch::Contains("line 2"));
}

// ---------------------------------------------------------------------------
// audit

TEST_CASE("audit: a clean log exits 0") {
  TempDir dir;
  const std::string log = dir.Write("g.jsonl", CleanLog());
  Result r = Pli("audit " + Quote(log));
  CHECK(r.status == 0);
  CHECK(r.out == "game g1: 5 events, clean\n");
  Result in = Pli("audit -", log);  // '-' reads standard input
  CHECK(in.status == 0);
  CHECK(in.out == r.out);
}

TEST_CASE("audit --json has the INTERFACE fields") {
  TempDir dir;
  const std::string log = dir.Write("g.jsonl", CleanLog() + Game("g2", {}));
  Result r = Pli("audit " + Quote(log) + " --json");
  REQUIRE(r.status == 0);
  json::value doc = json::parse(r.out);
  REQUIRE(doc.is_object());
  // INTERFACE.md §2's "games", and the archive summary added by issue 4.
  CHECK(Keys(doc.as_object()) == std::set<std::string>{"games", "summary"});
  const json::array& games = doc.at("games").as_array();
  REQUIRE(games.size() == 2);
  const json::object& g1 = games[0].as_object();
  CHECK(Keys(g1) ==
        std::set<std::string>{"game", "events", "chain", "chain_problems", "violations"});
  CHECK(g1.at("game") == "g1");
  CHECK(g1.at("events").to_number<int>() == 5);
  CHECK(g1.at("chain") == "none");
  CHECK(g1.at("violations").as_array().empty());
  CHECK(games[1].at("game") == "g2");
  CHECK(games[1].at("events").to_number<int>() == 2);
}

TEST_CASE("audit: a violation exits 1 and is reported (needs the engine)") {
  TempDir dir;
  const std::string log = Quote(dir.Write("v.jsonl", ViolationLog()));
  Result r = Pli("audit " + log);
  CHECK(r.status == 1);
  CHECK_THAT(r.out, Catch::StartsWith("game g1: 5 events, 1 violation(s)\n"
                                      "  seq 3  seat 0 (Alice)  play  not-your-turn (P7): "));
  Result all = Pli("audit " + log + " --continue");
  CHECK(all.status == 1);
  CHECK_THAT(all.out, Catch::StartsWith("game g1: 5 events, 2 violation(s)\n") &&
                          Catch::Contains("  seq 5  seat 3 (Dan)  play  mixed-ranks (P1): "));
}

TEST_CASE("audit --json --continue lists every violation with its fields (needs the engine)") {
  TempDir dir;
  Result r = Pli("audit " + Quote(dir.Write("v.jsonl", ViolationLog())) + " --continue --json");
  CHECK(r.status == 1);
  json::value doc = json::parse(r.out);
  const json::array& violations = doc.at("games").at(0).at("violations").as_array();
  REQUIRE(violations.size() == 2);
  const json::object& v = violations[0].as_object();
  CHECK(Keys(v) == std::set<std::string>{"seq", "seat", "type", "code", "rule", "message", "hidden"});
  CHECK(v.at("seq").to_number<int>() == 3);
  CHECK(v.at("seat").to_number<int>() == 0);
  CHECK(v.at("type") == "play");
  CHECK(v.at("code") == "not-your-turn");
  CHECK(v.at("rule") == "P7");
  CHECK(v.at("message").is_string());
  CHECK(violations[1].at("code") == "mixed-ranks");
}

TEST_CASE("audit --json: a violation without an acting seat has seat null (needs the engine)") {
  TempDir dir;
  // A second deal while the manche is being played is bad-deal (S2).
  Result r = Pli("audit --json " + Quote(dir.Write("d.jsonl", CleanLog() + DealLine() + "\n")));
  CHECK(r.status == 1);
  const json::value doc = json::parse(r.out);
  const json::value& v = doc.at("games").at(0).at("violations").at(0);
  CHECK(v.at("seat").is_null());
  CHECK(v.at("type") == "deal");
  CHECK(v.at("code") == "bad-deal");
}

// ---------------------------------------------------------------------------
// state

TEST_CASE("state --json has the INTERFACE fields") {
  TempDir dir;
  const std::string log = Quote(dir.Write("g.jsonl", CleanLog()));
  Result r = Pli("state " + log + " --json --at 3");
  REQUIRE(r.status == 0);
  json::value doc = json::parse(r.out);
  REQUIRE(doc.is_object());
  for (const char* key : {"game", "seq", "manche", "phase", "revolution", "turn", "hands", "pli",
                          "finished", "ranking"}) {
    CHECK(doc.as_object().contains(key));
  }
  for (const char* key : {"leader", "count", "mode", "ou_rien", "last", "out"}) {
    CHECK(doc.at("pli").as_object().contains(key));
  }
  CHECK(doc.at("seq").to_number<int>() == 3);
  CHECK(json::parse(Pli("state " + log + " --json").out).at("seq").to_number<int>() == 5);
}

TEST_CASE("state --json follows the game (needs the engine)") {
  TempDir dir;
  const std::string log = Quote(dir.Write("g.jsonl", CleanLog()));
  json::value doc = json::parse(Pli("state " + log + " --json --at 4").out);
  CHECK(doc.at("game") == "g1");
  CHECK(doc.at("manche").to_number<int>() == 1);
  CHECK(doc.at("phase") == "play");
  CHECK(doc.at("turn").to_number<int>() == 0);
  CHECK(doc.at("hands").as_array().size() == 4);
  CHECK(doc.at("pli").at("last").at("seat").to_number<int>() == 3);
  CHECK(doc.at("pli").at("mode") == "free");
}

TEST_CASE("state --at an illegal event shows the state before it (needs the engine)") {
  TempDir dir;
  const std::string log = Quote(dir.Write("v.jsonl", ViolationLog()));
  json::value before = json::parse(Pli("state " + log + " --json --at 2").out);
  json::value at = json::parse(Pli("state " + log + " --json --at 3").out);
  CHECK(at.at("seq").to_number<int>() == 3);
  before.as_object()["seq"] = 3;
  CHECK(at == before);
}

TEST_CASE("state: --at must name an event of the game") {
  TempDir dir;
  const std::string log = Quote(dir.Write("g.jsonl", CleanLog()));
  Result past = Pli("state " + log + " --at 6");
  CHECK(past.status == 2);
  CHECK_THAT(past.err, Catch::Contains("--at 6 is past the end") && Catch::Contains("5 events"));
  Result zero = Pli("legal " + log + " --at 0");
  CHECK(zero.status == 2);
  CHECK_THAT(zero.err, Catch::Contains("numbered from 1"));
  CHECK(Pli("state " + log + " --at -1").status == 2);
  CHECK(Pli("state " + log + " --at 5").status == 0);
  CHECK(Pli("state " + log + " --at 1").status == 0);
}

TEST_CASE("state: several games need --game, which must name one") {
  TempDir dir;
  const std::string log = Quote(dir.Write("two.jsonl", CleanLog() + Game("g2", {})));
  for (const char* command : {"state", "legal"}) {
    Result r = Pli(std::string(command) + " " + log);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("2 games (g1, g2)") && Catch::Contains("--game"));
  }
  Result g2 = Pli("state " + log + " --game g2 --json");
  CHECK(g2.status == 0);
  CHECK(json::parse(g2.out).at("seq").to_number<int>() == 2);
  Result nope = Pli("state " + log + " --game g9");
  CHECK(nope.status == 2);
  CHECK_THAT(nope.err, Catch::Contains("no game \"g9\"") && Catch::Contains("g1, g2"));
  CHECK(Pli("state " + Quote(dir.Write("empty.jsonl", "\n"))).status == 2);
}

TEST_CASE("state: a missing game in a large archive names the first ten games and how many more") {
  TempDir dir;
  std::string text;
  for (int g = 1; g <= 12; ++g) text += Game("g" + std::to_string(g), {});
  const std::string log = Quote(dir.Write("twelve.jsonl", text));
  const std::string db = Quote((dir.path / "twelve.db").string());
  REQUIRE(Pli("import " + log + " --db " + db).status == 0);
  for (const std::string& source : {log, "--db " + db}) {
    Result r = Pli("state " + source + " --game nope");
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::Contains("(games: g1, g2, g3, g4, g5, g6, g7, g8, g9, g10 and 2 more)"));
    CHECK_THAT(r.err, !Catch::Contains("g11"));
  }
}

TEST_CASE("state: the human view names the seats and the pli") {
  TempDir dir;
  Result r = Pli("state " + Quote(dir.Write("g.jsonl", CleanLog())) + " --at 4");
  CHECK(r.status == 0);
  for (const char* part : {"game g1, after event 4 of 5", "turn:", "hands:", "seat 0 (Alice)",
                           "seat 3 (Dan)", "pli:", "finished this manche:", "ranking"}) {
    CHECK_THAT(r.out, Catch::Contains(part));
  }
}

TEST_CASE("state: the human view follows the game (needs the engine)") {
  TempDir dir;
  Result r = Pli("state " + Quote(dir.Write("g.jsonl", CleanLog())) + " --at 4");
  for (const char* part :
       {"manche 1, phase play", "turn: seat 0 (Alice)", "seat 2 (Carol): 12 card(s)",
        "pli: led by seat 2 (Carol)", "last play: seat 3 (Dan) 4s"}) {
    CHECK_THAT(r.out, Catch::Contains(part));
  }
}

// ---------------------------------------------------------------------------
// legal

TEST_CASE("legal --json is an array of actions") {
  TempDir dir;
  Result r = Pli("legal " + Quote(dir.Write("g.jsonl", CleanLog())) + " --json");
  REQUIRE(r.status == 0);
  json::value doc = json::parse(r.out);
  REQUIRE(doc.is_array());
  for (const json::value& action : doc.as_array()) {
    CHECK(action.as_object().contains("type"));
    CHECK(action.as_object().contains("seat"));
  }
}

TEST_CASE("legal: the leader of manche 1 may lead any single (needs the engine)") {
  TempDir dir;
  const std::string log = Quote(dir.Write("g.jsonl", CleanLog()));
  json::value doc = json::parse(Pli("legal " + log + " --json --at 2").out);
  const json::array& actions = doc.as_array();
  CHECK(actions.size() == 13);  // seat 2 holds one card of each rank
  for (const json::value& a : actions) {
    CHECK(a.at("type") == "play");
    CHECK(a.at("seat").to_number<int>() == 2);
    CHECK(a.at("count").to_number<int>() == 1);
    CHECK(a.at("declare").is_null());
  }
  Result text = Pli("legal " + log + " --at 2");
  CHECK(text.status == 0);
  CHECK(std::count(text.out.begin(), text.out.end(), '\n') == 13);
  CHECK_THAT(text.out, Catch::StartsWith("play      seat 2 (Carol)  1 x 3  e.g. 3h\n"));
}
