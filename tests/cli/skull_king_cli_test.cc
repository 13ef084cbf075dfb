// skull_king_cli_test.cc: a Skull King log through the `pli` command (issue
// 14): audit, state and legal read it through the game interface (issue 13,
// games/game.h). Every expected value is worked out by hand from
// ../shared/SKULL_KING.md, for games/skull_king/tests/data/:
//   three seats, manche 1 (SK-D1: one card each), dealer seat 0
//   (first_dealer 0), turned 3g so green is trump (SK-D3, SK-R10); bids in
//   turn from the dealer's left, seat 1 first (SK-B2); the dealer bids last
//   and may not make the bids sum to 1 (SK-B4, the hook of the default
//   preset); seat 1 leads the pli (SK-P1).
#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <vector>
#include <catch2/catch.hpp>
#include <string>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Pli;
using pli::test::Quote;
using pli::test::Result;

std::string Fixture(const std::string& name) {
  return Quote(std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/" + name + ".jsonl");
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

// Runs a live command on `db`, checking its exit status.
Result Live(const std::string& db, const std::string& args, int status) {
  const Result r = Pli(args + " --db " + db + " --no-time");
  INFO(args << "\n" << r.out << r.err);
  CHECK(r.status == status);
  return r;
}

TEST_CASE("Skull King: the live commands referee a manche (SK-B2, SK-B4, SK-P1), refusals write nothing") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "live.db").string());
  Live(db, "new --game g1 --seats Ann,Bob,Cyd --ruleset skull-king", 0);
  Live(db, "deal --game g1 --hand pirate --hand mermaid --hand 14y --turned 3g --expect 1", 0);
  // Seat 1, on the dealer's left, bids first (SK-B2): seat 0 is refused.
  const Result early = Live(db, "bid --game g1 --seat Ann 1 --expect 2", 1);
  CHECK(early.err.find("not-your-turn (SK-B2)") != std::string::npos);
  Live(db, "bid --game g1 --seat Bob 1 --expect 2", 0);
  Live(db, "bid --game g1 --seat 2 0 --expect 3", 0);
  // The dealer may not make the bids sum to H = 1 (SK-B4).
  const Result hook = Live(db, "bid --game g1 --seat 0 0 --expect 4 --json", 1);
  CHECK(Doc(hook).at("violation").at("code") == "bid-equalizes");
  CHECK(Doc(hook).at("violation").at("rule") == "SK-B4");
  Live(db, "bid --game g1 --seat 0 1 --expect 4", 0);
  // pass is no Skull King event: malformed, exit 2; a stale --expect, exit 1.
  Live(db, "pass --game g1 --seat 2", 2);
  Live(db, "play --game g1 --seat 1 mermaid --expect 4", 1);
  const Result played = Live(db, "play --game g1 --seat 1 mermaid --expect 5 --json", 0);
  CHECK(Doc(played).at("turn") == 2);
  Live(db, "play --game g1 --seat 2 14y --expect 6", 0);
  Live(db, "play --game g1 --seat 0 pirate --expect 7", 0);
  CHECK(Pli("audit --db " + db).status == 0);
  // The game played through the commands is the fixture's, event for event.
  const std::vector<std::string> exported = pli::test::Lines(Pli("export --db " + db).out);
  std::ifstream in(std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/cli-clean.jsonl");
  std::vector<std::string> expected;
  for (std::string line; std::getline(in, line);) expected.push_back(line);
  REQUIRE(exported.size() == expected.size());
  for (size_t i = 0; i < exported.size(); ++i) {
    boost::json::object e = boost::json::parse(exported[i]).as_object();
    CHECK(e.at("seq") == static_cast<int64_t>(i) + 1);
    e.erase("seq");
    e.erase("hash");
    CHECK(boost::json::value(e) == boost::json::parse(expected[i]));
  }
}

TEST_CASE("Skull King: the Tigress played as a pirate is stored and exported with her declaration (SK-P3)") {
  // Two seats, manche 1: seat 1 bids first (0); the dealer may not bid 1,
  // which would make the bids equal H = 1 (SK-B4), so bids 0. Seat 1 leads
  // 3g; a special card may always be played (SK-P5), the Tigress declared.
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "tigress.db").string());
  Live(db, "new --game t --seats A,B --ruleset skull-king", 0);
  Live(db, "deal --game t --hand tigress --hand 3g --turned 5y --expect 1", 0);
  Live(db, "bid --game t --seat 1 0 --expect 2", 0);
  Live(db, "bid --game t --seat 0 0 --expect 3", 0);
  Live(db, "play --game t --seat 1 3g --expect 4", 0);
  // Undeclared, she is refused (SK-P3); declared, she is recorded.
  const Result bare = Live(db, "play --game t --seat 0 tigress --expect 5 --json", 1);
  CHECK(Doc(bare).at("violation").at("code") == "declare-required");
  Live(db, "play --game t --seat 0 tigress --declare pirate --expect 5", 0);
  CHECK(Pli("audit --db " + db).status == 0);
  const std::vector<std::string> lines = pli::test::Lines(Pli("export --db " + db).out);
  REQUIRE(lines.size() == 6);
  const boost::json::value last = boost::json::parse(lines.back());
  CHECK(last.at("cards") == boost::json::parse(R"(["tigress"])"));
  CHECK(last.at("declare") == "pirate");
}

TEST_CASE("Skull King: a seeded deal deals the same hands everywhere, H cards each (SK-D1)") {
  pli::test::TempDir tmp;
  std::vector<boost::json::value> hands;
  for (const char* name : {"a.db", "b.db"}) {
    const std::string db = Quote((tmp.path / name).string());
    Live(db, "new --game g --seats A,B,C,D --ruleset skull-king", 0);
    Live(db, "deal --game g --seed 7 --expect 1", 0);
    const boost::json::value s = Doc(Pli("state --db " + db + " --json"));
    CHECK(s.at("phase") == "bidding");
    CHECK(s.at("hand_size") == 1);
    for (const auto& hand : s.at("hands").as_array()) CHECK(hand.as_array().size() == 1);
    hands.push_back(s.at("hands"));
  }
  CHECK(hands[0] == hands[1]);
}

TEST_CASE("Skull King: pli bid on a Super President game is refused as bad usage") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "p.db").string());
  Live(db, "new --game p --seats A,B,C,D", 0);
  const Result r = Live(db, "bid --game p --seat 0 1", 2);
  CHECK(r.err.find("Skull King") != std::string::npos);
}

TEST_CASE("Skull King: pli explain gives the verdict, its rule and the legal actions there") {
  // Event 5: the dealer's 0 would make the bids equal H (SK-B4); the one
  // legal bid was 1 (0 to H = 1, less the forbidden 0).
  const Result illegal = Pli("explain " + Fixture("cli-violations") + " --at 5 --json");
  CHECK(illegal.status == 2);  // judged; the game holds a malformed line (8)
  const boost::json::value x = Doc(illegal);
  CHECK(x.at("legal") == false);
  CHECK(x.at("violation").at("code") == "bid-equalizes");
  CHECK(x.at("violation").at("rule") == "SK-B4");
  CHECK(x.at("instead") ==
        boost::json::parse(R"([{"type":"bid","seat":0,"bid":1,"taken":false}])"));
  CHECK(x.at("before").at("to_bid") == boost::json::parse("[0]"));
  // Event 7 of the clean manche: Cyd's 14y, the only card held, in turn
  // after Bob's mermaid, which set no led suit (SK-P4: a special first card).
  const Result legal = Pli("explain " + Fixture("cli-clean") + " --at 7 --json");
  CHECK(legal.status == 0);
  const boost::json::value y = Doc(legal);
  CHECK(y.at("legal") == true);
  CHECK(y.at("rule").at("id") == "SK-P1");
  CHECK(y.at("instead") ==
        boost::json::parse(R"([{"type":"play","seat":2,"card":"14y","declare":null,"taken":true}])"));
}

// Writes `lines` as a log in `tmp` and returns its quoted path.
std::string WriteLog(const pli::test::TempDir& tmp, const std::string& name,
                     const std::vector<std::string>& lines) {
  const std::filesystem::path path = tmp.path / name;
  std::ofstream out(path);
  for (const std::string& line : lines) out << line << "\n";
  return Quote(path.string());
}

TEST_CASE("Skull King: a bid by a seat the game lacks, or a cannon load against the options, is malformed input (INTERFACE.md §1 and §2, SK-B5)") {
  // Three seats: seat 3 does not exist (SK-S1), and without cannonball a
  // bid names no load (SKULL_KING.md "Events"). Each is malformed, so audit
  // judges the game and exits 2, and import refuses the file, exit 2.
  pli::test::TempDir tmp;
  const std::string game =
      R"({"type":"game","game":"m","ruleset":"skull-king","seats":["A","B","C"]})";
  const std::string deal = R"({"type":"deal","hands":[["1g"],["5g"],["3g"]],"turned":"1y"})";
  for (const std::string& bad : {std::string(R"({"type":"bid","seat":3,"bid":0})"),
                                 std::string(R"({"type":"bid","seat":1,"bid":0,"cannon":"grapeshot"})")}) {
    INFO(bad);
    const std::string log = WriteLog(tmp, "m.jsonl", {game, deal, bad});
    const Result audit = Pli("audit " + log + " --continue --json");
    CHECK(audit.status == 2);
    const boost::json::value v = Doc(audit).at("games").at(0).at("violations").at(0);
    CHECK(v.at("seq") == 3);
    CHECK(v.at("code") == "malformed");
    CHECK(std::string(v.at("message").as_string()).find("line 3, field") != std::string::npos);
    CHECK(Pli("state " + log + " --json").status == 2);
    // explain: no rule decides a malformed event; why says what is wrong,
    // in the shape Super Président's explain gives it.
    const boost::json::value x = Doc(Pli("explain " + log + " --at 3 --json"));
    CHECK(x.at("legal") == false);
    CHECK(x.at("rule").is_null());
    REQUIRE(x.at("why").as_array().size() == 1);
    CHECK(x.at("why").at(0).at("rule") == "");
    CHECK(x.at("why").at(0).at("detail") == v.at("message"));
    const std::string db = (tmp.path / "m.db").string();
    CHECK(Pli("import --db " + Quote(db) + " " + log).status == 2);
    CHECK_FALSE(std::filesystem::exists(db));
  }
  // With cannonball, a bid without its load is malformed too.
  const std::string rascal =
      R"({"type":"game","game":"r","ruleset":"skull-king","options":{"scoring":"rascal","cannonball":true},"seats":["A","B","C"]})";
  const std::string log = WriteLog(tmp, "r.jsonl", {rascal, deal, R"({"type":"bid","seat":1,"bid":0})"});
  const Result audit = Pli("audit " + log + " --json");
  CHECK(audit.status == 2);
  CHECK(Doc(audit).at("games").at(0).at("violations").at(0).at("seat") == 1);  // RULINGS SK-6
}

TEST_CASE("Skull King: pli new refuses a seat named twice, as for Super Président (INTERFACE.md §1)") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "dup.db").string());
  const Result r = Live(db, "new --game g --seats Ann,Ann,Cyd --ruleset skull-king --json", 2);
  CHECK(Doc(r).at("error").at("message").as_string().size() > 0);
  CHECK(r.err.find("named twice") != std::string::npos);
  Live(db, "new --game g --seats Ann,7,Cyd --ruleset skull-king", 2);
  CHECK_FALSE(std::filesystem::exists((tmp.path / "dup.db").string()));
}

TEST_CASE("Skull King: pli explain of an illegal event gives its rule's sentence and why, as for Super Président") {
  // cli-violations event 5: bid-equalizes (SK-B4). H = 1: "1 card is dealt".
  const boost::json::value x = Doc(Pli("explain " + Fixture("cli-violations") + " --at 5 --json"));
  CHECK(x.at("rule").at("id") == "SK-B4");
  CHECK(x.at("rule").at("sentence") == "The last bid must not make the bids sum to H.");
  const boost::json::array& why = x.at("why").as_array();
  REQUIRE(why.size() == 1);
  CHECK(why[0].at("rule") == "SK-B4");
  CHECK(why[0].at("sentence") == x.at("rule").at("sentence"));
  CHECK(why[0].at("detail") == x.at("violation").at("message"));
  CHECK(std::string(why[0].at("detail").as_string()).find("and 1 card is dealt each") !=
        std::string::npos);
}

TEST_CASE("Skull King: pli deal --seed after manche 10 is refused as game-over, not as bad usage (SK-G1)") {
  // SK-G1: "When the last pli of manche 10 closes, the game is over: any
  // later deal, bid or play is game-over". A seeded deal is judged like the
  // same deal given by --hand: rejected, exit 1.
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "ten.db").string());
  const std::string log =
      Quote(std::string(PLI_SOURCE_DIR) + "/games/skull_king/fixtures/examples/E-ten-manches.jsonl");
  REQUIRE(Pli("import --db " + db + " --keep-illegal " + log).status == 0);
  const Result seeded = Live(db, "deal --game ske --seed 3 --json", 1);
  CHECK(Doc(seeded).at("result") == "rejected");
  CHECK(Doc(seeded).at("violation").at("code") == "game-over");
  CHECK(Doc(seeded).at("violation").at("rule") == "SK-G1");
}

TEST_CASE("Skull King: a file holding a Président game and a Skull King game serves both") {
  // INTERFACE.md §1: a file may hold several games, each opened by its game
  // event; its ruleset chooses the game. Président's commands once read the
  // whole file as Président's and refused it for the Skull King game in it.
  pli::test::TempDir tmp;
  const std::string mixed = (tmp.path / "mixed.jsonl").string();
  {
    std::ofstream out(mixed);
    out << std::ifstream(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl").rdbuf()
        << std::ifstream(std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/cli-clean.jsonl").rdbuf();
  }
  for (const char* command : {"state", "legal", "explain --at 3"}) {
    INFO(command);
    const Result p = Pli(std::string(command) + " --json " + Quote(mixed) + " --game 5.1-suite");
    CHECK(p.status == 0);
    const Result k = Pli(std::string(command) + " --json " + Quote(mixed) + " --game g1");
    CHECK(k.status == 0);
  }
  // seed 000 §5.1 has 11 events; g1 (cli-clean) is manche 1 of 3 seats,
  // its one pli played (SK-P1): manche-over.
  const boost::json::value p = Doc(Pli("state --json " + Quote(mixed) + " --game 5.1-suite"));
  CHECK(p.at("game") == "5.1-suite");
  CHECK(p.at("seq") == 11);
  const boost::json::value k = Doc(Pli("state --json " + Quote(mixed) + " --game g1"));
  CHECK(k.at("ruleset") == "skull-king");
  CHECK(k.at("phase") == "manche-over");
  // Without --game, the file's two games are named.
  const Result both = Pli("state " + Quote(mixed));
  CHECK(both.status == 2);
  CHECK(both.err.find("5.1-suite, g1") != std::string::npos);
}

// state and legal --db open the file once and choose the game's path by
// its first row (StoredGameKind): a database holding a Super Président game
// and a Skull King game shows each in its own game's terms, and an unknown
// --game is named as before.
TEST_CASE("Skull King: state and legal --db of a database holding both games") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "both.db").string());
  REQUIRE(Pli("import --db " + db + " " +
              Quote(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl")).status == 0);
  REQUIRE(Pli("import --db " + db + " " + Fixture("cli-clean")).status == 0);
  // seed 000 §5.1 has 11 events; g1 (cli-clean) is manche 1 of 3 seats,
  // its one pli played (SK-P1): manche-over, scored as in the round trip.
  const boost::json::value p = Doc(Pli("state --db " + db + " --game 5.1-suite --json"));
  CHECK(p.at("game") == "5.1-suite");
  CHECK(p.at("seq") == 11);
  const boost::json::value k = Doc(Pli("state --db " + db + " --game g1 --json"));
  CHECK(k.at("ruleset") == "skull-king");
  CHECK(k.at("phase") == "manche-over");
  CHECK(k.at("scores") == boost::json::parse("[-10,30,10]"));
  // At event 2 (the deal), g1's legal actions are bids (SK-B1), Président's
  // at its event 2 are plays of seat 0 or another's.
  const Result bids = Pli("legal --db " + db + " --game g1 --at 2 --json");
  CHECK(bids.status == 0);
  CHECK(bids.out.find("\"bid\"") != std::string::npos);
  const Result plays = Pli("legal --db " + db + " --game 5.1-suite --at 2 --json");
  CHECK(plays.status == 0);
  CHECK(plays.out.find("\"bid\"") == std::string::npos);
  CHECK(plays.out.find("\"play\"") != std::string::npos);
  const Result unknown = Pli("state --db " + db + " --game nope");
  CHECK(unknown.status == 2);
  CHECK(unknown.err.find("has no game \"nope\"") != std::string::npos);
}

}  // namespace
