// skull_king_cli_test.cc: a Skull King log through the `pli` command (issue
// 14): audit, state and legal read it through the game interface (issue 13,
// games/game.h). Every expected value is worked out by hand from
// ../shared/SKULL_KING.md, for tests/data/skull_king/:
//   three seats, manche 1 (SK-D1: one card each), dealer seat 0
//   (first_dealer 0), turned 3g so green is trump (SK-D3, SK-R10); bids in
//   turn from the dealer's left, seat 1 first (SK-B2); the dealer bids last
//   and may not make the bids sum to 1 (SK-B4, the hook of the default
//   preset); seat 1 leads the pli (SK-P1).
#include <boost/json.hpp>
#include <filesystem>
#include <catch2/catch.hpp>
#include <string>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Pli;
using pli::test::Quote;
using pli::test::Result;

std::string Fixture(const std::string& name) {
  return Quote(std::string(PLI_SOURCE_DIR) + "/tests/data/skull_king/" + name + ".jsonl");
}

boost::json::value Doc(const Result& r) {
  INFO(r.out << r.err);
  return boost::json::parse(r.out);
}

TEST_CASE("Skull King: pli audit finds a played manche clean (SK-B2, SK-B4, SK-P1)") {
  const Result r = Pli("audit " + Fixture("cli-clean") + " --json");
  CHECK(r.status == 0);
  const boost::json::value doc = Doc(r);
  const auto& game = doc.at("games").at(0);
  CHECK(game.at("game") == "g1");
  CHECK(game.at("events") == 8);
  CHECK(game.at("chain") == "none");
  CHECK(game.at("violations").as_array().empty());
}

TEST_CASE("Skull King: pli audit --continue reports each violation with its code and rule") {
  const Result r = Pli("audit " + Fixture("cli-violations") + " --continue --json");
  CHECK(r.status == 2);  // a malformed event: judged, then exit 2 (INTERFACE.md §2)
  const boost::json::value doc = Doc(r);
  const boost::json::array& v = doc.at("games").at(0).at("violations").as_array();
  REQUIRE(v.size() == 4);
  // seq 5: the dealer's 0 would make the bids 1 + 0 + 0 = 1 = H (SK-B4).
  CHECK(v[0].at("seq") == 5);
  CHECK(v[0].at("seat") == 0);
  CHECK(v[0].at("type") == "bid");
  CHECK(v[0].at("code") == "bid-equalizes");
  CHECK(v[0].at("rule") == "SK-B4");
  // seq 7: seat 1, on the dealer's left, leads; seat 2 plays out of turn.
  CHECK(v[1].at("seq") == 7);
  CHECK(v[1].at("code") == "not-your-turn");
  CHECK(v[1].at("rule") == "SK-P1");
  // seq 8: `pass` is no Skull King event.
  CHECK(v[2].at("seq") == 8);
  CHECK(v[2].at("code") == "malformed");
  CHECK(v[2].at("type") == "pass");
  CHECK(std::string(v[2].at("message").as_string()).find("line 8") != std::string::npos);
  // seq 9: seat 1 holds the mermaid only.
  CHECK(v[3].at("seq") == 9);
  CHECK(v[3].at("seat") == 1);
  CHECK(v[3].at("code") == "card-not-in-hand");
  CHECK(v[3].at("rule") == "SK-P1");
}

TEST_CASE("Skull King: pli audit stops at the first violation without --continue") {
  const Result r = Pli("audit " + Fixture("cli-violations"));
  CHECK(r.status == 2);
  CHECK(r.out.find("bid-equalizes (SK-B4)") != std::string::npos);
  CHECK(r.out.find("not-your-turn") == std::string::npos);
}

TEST_CASE("Skull King: pli state --at shows the manche as the rulebook's state lists it") {
  // After event 6 (the dealer's legal bid; event 5 changed nothing).
  const Result r = Pli("state " + Fixture("cli-violations") + " --at 6 --json");
  CHECK(r.status == 2);  // the game holds a malformed event (line 8)
  const boost::json::value s = Doc(r);
  CHECK(s.at("seq") == 6);
  CHECK(s.at("manche") == 1);
  CHECK(s.at("phase") == "play");
  CHECK(s.at("dealer") == 0);
  CHECK(s.at("hand_size") == 1);
  CHECK(s.at("turned") == "3g");
  CHECK(s.at("trump") == "g");
  CHECK(s.at("turn") == 1);
  CHECK(s.at("bids") == boost::json::parse("[1,1,0]"));
  CHECK(s.at("to_bid").as_array().empty());
  CHECK(s.at("hands") == boost::json::parse(R"([["pirate"],["mermaid"],["14y"]])"));
}

TEST_CASE("Skull King: pli legal lists the bids owed and the cards that may be played") {
  // After the deal: seat 1 bids first, 0 or 1 (SK-B1: 0 to H).
  const Result bids = Pli("legal " + Fixture("cli-clean") + " --at 2 --json");
  CHECK(bids.status == 0);
  CHECK(Doc(bids) == boost::json::parse(
                          R"([{"type":"bid","seat":1,"bid":0},{"type":"bid","seat":1,"bid":1}])"));
  // After the three bids: seat 1 leads with its only card.
  const Result play = Pli("legal " + Fixture("cli-clean") + " --at 5 --json");
  CHECK(Doc(play) ==
        boost::json::parse(R"([{"type":"play","seat":1,"card":"mermaid","declare":null}])"));
  const Result text = Pli("legal " + Fixture("cli-clean") + " --at 5");
  CHECK(text.out == "seat 1 (Bob) may play: mermaid\n");
}

TEST_CASE("Skull King: import, audit --db, state --db and export round trip, hash for hash") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "sk.db").string());
  const Result imported = Pli("import --db " + db + " " + Fixture("cli-clean"));
  INFO(imported.err);
  REQUIRE(imported.status == 0);
  CHECK(Pli("audit --db " + db).status == 0);
  // Manche 1 scored (SK-N1, SK-N2, SK-N3): Ann bid 1 and won 0: -10; Bob
  // bid 1 and won the pli with the mermaid over the pirate (SK-W1 a, SK-R1),
  // 20 and the yellow 14's bonus of 10; Cyd bid 0 and won 0: 10 x H = 10.
  const boost::json::value s = Doc(Pli("state --db " + db + " --json"));
  CHECK(s.at("seq") == 8);
  CHECK(s.at("phase") == "manche-over");
  CHECK(s.at("won") == boost::json::parse("[0,1,0]"));
  CHECK(s.at("scores") == boost::json::parse("[-10,30,10]"));
  // The export carries every event with its seq and hash; it audits clean,
  // chain ok, and imports and exports again to the same bytes.
  const std::string exported = (tmp.path / "sk.jsonl").string();
  REQUIRE(Pli("export --db " + db + " --output " + Quote(exported)).status == 0);
  const boost::json::value audit = Doc(Pli("audit " + Quote(exported) + " --json"));
  CHECK(audit.at("games").at(0).at("chain") == "ok");
  CHECK(audit.at("games").at(0).at("violations").as_array().empty());
  const std::string again = Quote((tmp.path / "again.db").string());
  REQUIRE(Pli("import --db " + again + " " + Quote(exported)).status == 0);
  const Result first = Pli("export --db " + db);
  const Result second = Pli("export --db " + again);
  CHECK(first.out == second.out);
  CHECK(pli::test::Lines(first.out).size() == 8);
}

TEST_CASE("Skull King: import refuses a log with a malformed line, writing nothing") {
  pli::test::TempDir tmp;
  const std::string path = (tmp.path / "sk.db").string();
  const Result r = Pli("import --db " + Quote(path) + " " + Fixture("cli-violations"));
  CHECK(r.status == 2);
  CHECK(r.err.find("line 8") != std::string::npos);
  CHECK_FALSE(std::filesystem::exists(path));
}

TEST_CASE("Skull King: a command that does not read Skull King yet says so (exit 2)") {
  const Result r = Pli("explain " + Fixture("cli-clean") + " --at 3");
  CHECK(r.status == 2);
  CHECK(r.err.find("skull-king") != std::string::npos);
}

}  // namespace
