// malformed_test.cc: `malformed` is a violation at its position
// (INTERFACE.md §2, RULES.md Changes 2026-11-24): audit of a multi-game
// file goes on past malformed events and exits 2 once all is judged;
// import refuses and writes nothing; /dev/zero ends in bounded memory.
#include <catch2/catch.hpp>
#include <boost/json.hpp>
#include <filesystem>
#include <string>

#include "tests/cli/run.h"

namespace {

using pli::test::Pli;
using pli::test::PliArgv;

const char* kLog =
    R"({"type":"game","game":"g1","seats":["a","b","c","d"]})" "\n"
    R"({"type":"pass","seat":1})" "\n"
    R"({"type":"end"})" "\n"
    R"({"type":"game","game":"g2","seats":["a","b","c","d"]})" "\n"
    R"({"type":"play","seat":2,"cards":["1h"]})" "\n"
    R"({"type":"pass","seat":1.0})" "\n"
    R"({"type":"end"})" "\n"
    R"({"type":"game","game":"g3","seats":["a","b","c","d"]})" "\n"
    R"({"type":"end"})" "\n";

}  // namespace

TEST_CASE("INTERFACE 2: audit reports malformed events at their positions, judges every game, exits 2") {
  pli::test::TempDir tmp;
  const std::string log = tmp.Write("multi.jsonl", kLog);
  const auto text = PliArgv({"audit", log, "--continue"});
  CHECK(text.status == 2);
  CHECK(text.out.find("game g1: 3 events, 1 violation(s)") != std::string::npos);
  CHECK(text.out.find("seq 2  seat 2 (c)  play  malformed: line 5, field \"cards\": unknown card \"1h\"") !=
        std::string::npos);
  CHECK(text.out.find("seq 3  pass  malformed: line 6, field \"seat\"") != std::string::npos);
  CHECK(text.out.find("game g3: 2 events, clean") != std::string::npos);

  const auto json = PliArgv({"audit", log, "--continue", "--json"});
  CHECK(json.status == 2);
  const boost::json::value doc = boost::json::parse(json.out);
  const auto& games = doc.at("games").as_array();
  REQUIRE(games.size() == 3);
  const auto& v = games[1].at("violations").as_array();
  REQUIRE(v.size() == 2);
  CHECK(v[0].at("seq") == 2);
  CHECK(v[0].at("seat") == 2);
  CHECK(v[0].at("type") == "play");
  CHECK(v[0].at("code") == "malformed");
  CHECK(v[0].at("rule") == "");
  CHECK(v[0].at("message") == "line 5, field \"cards\": unknown card \"1h\"");
  CHECK(v[1].at("seq") == 3);
  CHECK(v[1].at("seat").is_null());
  CHECK(games[2].at("violations").as_array().empty());

  // Without --continue the game stops at its malformed event; exit 2 still.
  CHECK(PliArgv({"audit", log}).status == 2);
}

TEST_CASE("INTERFACE 2: a type that is not a string is null in audit --json") {
  pli::test::TempDir tmp;
  const std::string log =
      tmp.Write("t.jsonl", R"({"type":"game","game":"g1","seats":["a","b","c","d"]})" "\n"
                           R"({"type":7,"seat":1})" "\n");
  const auto r = PliArgv({"audit", log, "--json"});
  CHECK(r.status == 2);
  const boost::json::value doc = boost::json::parse(r.out);
  const auto& v = doc.at("games").at(0).at("violations").at(0);
  CHECK(v.at("type").is_null());
  CHECK(v.at("code") == "malformed");
}

TEST_CASE("INTERFACE 2: a line that is not a JSON object makes the file unreadable, nothing judged") {
  pli::test::TempDir tmp;
  const std::string log =
      tmp.Write("bad.jsonl", std::string(kLog) + "not json\n");
  const auto r = PliArgv({"audit", log});
  CHECK(r.status == 2);
  CHECK(r.out.find("game g1") == std::string::npos);
  CHECK(r.err.find("line 10") != std::string::npos);
  // --json: the error document alone, no game of the file before the bad line.
  const auto json = PliArgv({"audit", log, "--json", "--continue"});
  CHECK(json.status == 2);
  const boost::json::object doc = boost::json::parse(json.out).as_object();
  CHECK(doc.size() == 1);
  CHECK(doc.contains("error"));
  CHECK(doc.at("error").at("line") == 10);
}

TEST_CASE("INTERFACE 2: import refuses a file with a malformed event and writes nothing") {
  pli::test::TempDir tmp;
  const std::string log = tmp.Write("multi.jsonl", kLog);
  const std::string db = (tmp.path / "new.db").string();
  const auto r = PliArgv({"import", "--db", db, log});
  CHECK(r.status == 2);
  CHECK(r.err.find("line 5") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(db));
  const auto kept = PliArgv({"import", "--db", db, "--keep-illegal", log});
  CHECK(kept.status == 2);
  CHECK_FALSE(std::filesystem::exists(db));
}

TEST_CASE("docs/RULINGS.md: state, legal and explain print their document and exit 2 on a malformed game") {
  pli::test::TempDir tmp;
  const std::string log = tmp.Write("multi.jsonl", kLog);
  const auto state = PliArgv({"state", log, "--game", "g2", "--json"});
  CHECK(state.status == 2);
  CHECK(boost::json::parse(state.out).at("game") == "g2");
  CHECK(state.err.find("line 5") != std::string::npos);
  CHECK(PliArgv({"legal", log, "--game", "g2", "--json"}).status == 2);
  const auto explain = PliArgv({"explain", log, "--game", "g2", "--at", "2", "--json"});
  CHECK(explain.status == 2);
  CHECK(boost::json::parse(explain.out).at("violation").at("code") == "malformed");
  CHECK(PliArgv({"state", log, "--game", "g1"}).status == 0);
}

TEST_CASE("FORMAT.md: pli audit /dev/zero ends with exit 2 (a line over 1 MiB)") {
  const auto r = PliArgv({"audit", "/dev/zero"});
  CHECK(r.status == 2);
  CHECK(r.err.find("1 MiB") != std::string::npos);
}
