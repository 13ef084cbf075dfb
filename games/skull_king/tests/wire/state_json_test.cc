// `pli state` and `pli legal` for Skull King: SKULL_KING.md's worked examples,
// values taken from the page.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <variant>
#include <vector>

#include "games/skull_king/rules/rules.h"
#include "games/skull_king/wire/event_json.h"
#include "games/skull_king/wire/state_json.h"

namespace pli::sk {
namespace {

namespace bj = boost::json;

// Folds the page's lines with Step (illegal ones change nothing).
State Fold(const std::vector<std::string>& lines) {
  State s;
  for (const std::string& line : lines) {
    auto r = ParseEventLine(line);
    INFO(line);
    REQUIRE(std::holds_alternative<EventLine>(r));
    Step(s, std::get<EventLine>(r).event);
  }
  return s;
}

// Example C, seqs 1 to 20.
const std::vector<std::string> kExampleC = {
    R"({"type":"game","game":"skc","ruleset":"skull-king","seats":["A","B","C"]})",
    R"({"type":"deal","hands":[["1g"],["2g"],["3g"]],"turned":"4y"})",
    R"({"type":"bid","seat":1,"bid":0})",
    R"({"type":"bid","seat":2,"bid":0})",
    R"({"type":"bid","seat":0,"bid":0})",
    R"({"type":"play","seat":1,"cards":["2g"]})",
    R"({"type":"play","seat":2,"cards":["3g"]})",
    R"({"type":"play","seat":0,"cards":["1g"]})",
    R"({"type":"deal","hands":[["pirate","14b"],["king","5y"],["tigress","9y"]],"turned":"1p"})",
    R"({"type":"bid","seat":2,"bid":0})",
    R"({"type":"bid","seat":0,"bid":0})",
    R"({"type":"bid","seat":1,"bid":2})",
    R"({"type":"bid","seat":1,"bid":1})",
    R"({"type":"play","seat":2,"cards":["tigress"]})",
    R"({"type":"play","seat":2,"cards":["tigress"],"declare":"pirate"})",
    R"({"type":"play","seat":0,"cards":["pirate"]})",
    R"({"type":"play","seat":1,"cards":["king"]})",
    R"({"type":"play","seat":1,"cards":["5y"]})",
    R"({"type":"play","seat":2,"cards":["9y"]})",
    R"({"type":"play","seat":0,"cards":["14b"]})",
};

std::vector<std::string> Prefix(const std::vector<std::string>& lines, std::size_t n) {
  return {lines.begin(), lines.begin() + static_cast<std::ptrdiff_t>(n)};
}

TEST_CASE("State JSON: example C after seq 17 equals the page, field by field") {
  // Copied from SKULL_KING.md, example C ("State after seq 17").
  const bj::object expected = bj::parse(R"(
{"game":"skc","seq":17,"ruleset":"skull-king","manche":2,"phase":"play","dealer":1,"hand_size":2,"turned":"1p","trump":"p",
 "turn":1,"to_bid":[],"bids":[0,1,0],"won":[0,1,0],"hands":[["14b"],["5y"],["9y"]],
 "trick":{"number":2,"leader":1,"plays":[],"lead_suit":null,"winning":null},
 "last_trick":{"number":1,"leader":2,"plays":[{"seat":2,"card":"tigress","declare":"pirate"},{"seat":0,"card":"pirate","declare":null},{"seat":1,"card":"king","declare":null}],"winner":1,"bonus":60},
 "bonus":[0,60,0],"scores":[10,10,-10],
 "history":[[{"bid":0,"won":0,"points":10,"bonus":0,"total":10},{"bid":0,"won":0,"points":10,"bonus":0,"total":10},{"bid":0,"won":1,"points":-10,"bonus":0,"total":-10}]],
 "winners":null})").as_object();
  const bj::object got = StateToJson(Fold(Prefix(kExampleC, 17)));
  for (const auto& [key, value] : expected) {
    INFO(std::string(key) << ": got " << (got.contains(key) ? bj::serialize(got.at(key)) : "nothing")
                          << ", the page says " << bj::serialize(value));
    CHECK((got.contains(key) && got.at(key) == value));
  }
  // Nothing else but the options the listing leaves out; no cannon without cannonball.
  CHECK(got.size() == expected.size() + 1);
  REQUIRE(got.contains("options"));
  CHECK(got.at("options") == bj::parse(R"({"trump":"turned","pirate_vs_mermaid":"mermaid","lead":"first-card","bidding":"sequential","hook":true,"bid_max":"hand","zero_miss":"per-trick","zero_base":"cards","bonuses":"2021","bonus_on_miss":false,"scoring":"skull-king","cannonball":false,"deck":70,"first_dealer":0})"));
}

TEST_CASE("State JSON: example C after seq 20 (manche 2 scored)") {
  const bj::object got = StateToJson(Fold(kExampleC));
  CHECK(got.at("phase") == "manche-over");
  CHECK(got.at("trick").is_null());
  CHECK(got.at("turn").is_null());
  CHECK(got.at("bonus") == bj::parse("[0,60,20]"));
  CHECK(got.at("scores") == bj::parse("[30,90,-20]"));
  CHECK(got.at("hands") == bj::parse("[[],[],[]]"));
  CHECK(got.at("history").as_array().at(1) ==
        bj::parse(R"([{"bid":0,"won":0,"points":20,"bonus":0,"total":20},{"bid":1,"won":1,"points":20,"bonus":60,"total":80},{"bid":0,"won":1,"points":-10,"bonus":0,"total":-10}])"));
  CHECK(got.at("last_trick").at("winner") == 2);
  CHECK(got.at("last_trick").at("bonus") == 20);
}

TEST_CASE("State JSON: before the first deal nulls, and example A while bidding") {
  const std::vector<std::string> a = {
      R"({"type":"game","game":"ska","ruleset":"skull-king","seats":["A","B","C"]})",
      R"({"type":"deal","hands":[["pirate"],["mermaid"],["14y"]],"turned":"3g"})",
      R"({"type":"bid","seat":1,"bid":1})",
      R"({"type":"bid","seat":2,"bid":0})",
  };
  bj::object before = StateToJson(Fold(Prefix(a, 1)));
  CHECK(before.at("manche") == 0);
  CHECK(before.at("phase") == "manche-over");
  for (const char* key : {"dealer", "hand_size", "turned", "trump", "turn", "trick", "last_trick",
                          "winners"}) {
    INFO(key);
    CHECK(before.at(key).is_null());
  }
  CHECK(before.at("bids") == bj::parse("[null,null,null]"));
  CHECK(before.at("to_bid") == bj::parse("[]"));
  CHECK(before.at("history") == bj::parse("[]"));

  bj::object bidding = StateToJson(Fold(a));
  CHECK(bidding.at("trump") == "g");
  CHECK(bidding.at("turned") == "3g");
  CHECK(bidding.at("turn") == 0);
  CHECK(bidding.at("to_bid") == bj::parse("[0]"));
  CHECK(bidding.at("bids") == bj::parse("[null,1,0]"));
  CHECK(bidding.at("trick").is_null());
  // The hook: the page's seq 5 (bid 0) is refused, so only 1 is legal.
  CHECK(LegalToJson(LegalActions(Fold(a))) == bj::parse(R"([{"type":"bid","seat":0,"bid":1}])"));
}

TEST_CASE("State JSON: example D after its end") {
  const std::vector<std::string> d = {
      R"({"type":"game","game":"skd","ruleset":"skull-king","seats":["A","B"]})",
      R"({"type":"deal","hands":[["10g"],["12g"]],"turned":"king"})",
      R"({"type":"bid","seat":1,"bid":1})",
      R"({"type":"bid","seat":0,"bid":1})",
      R"({"type":"play","seat":1,"cards":["12g"]})",
      R"({"type":"play","seat":0,"cards":["10g"]})",
      R"({"type":"deal","hands":[["3y","escape"],["8y","14p"]],"turned":"6y"})",
      R"({"type":"bid","seat":0,"bid":1})",
      R"({"type":"bid","seat":1,"bid":0})",
      R"({"type":"play","seat":0,"cards":["3y"]})",
      R"({"type":"play","seat":1,"cards":["8y"]})",
      R"({"type":"play","seat":1,"cards":["14p"]})",
      R"({"type":"play","seat":0,"cards":["escape"]})",
      R"({"type":"end"})",
  };
  bj::object got = StateToJson(Fold(d));
  CHECK(got.at("phase") == "game-over");
  CHECK(got.at("scores") == bj::parse("[-20,0]"));
  CHECK(got.at("winners") == bj::parse("[1]"));
  CHECK(got.at("turn").is_null());
  CHECK(got.at("to_bid") == bj::parse("[]"));
  CHECK(got.at("trump") == "y");  // the last manche's: 6y turned
  CHECK(LegalToJson(LegalActions(Fold(d))).empty());
}

TEST_CASE("State JSON: an end keeps the open pli visible") {
  std::vector<std::string> c = Prefix(kExampleC, 16);
  c.push_back(R"({"type":"end"})");
  bj::object got = StateToJson(Fold(c));
  CHECK(got.at("phase") == "game-over");
  CHECK(got.at("trick") ==
        bj::parse(R"({"number":1,"leader":2,"plays":[{"seat":2,"card":"tigress","declare":"pirate"},{"seat":0,"card":"pirate","declare":null}],"lead_suit":null,"winning":2})"));
  CHECK(got.at("winners") == bj::parse("[0,1]"));  // totals [10,10,-10]: a tie (SK-G2)
}

TEST_CASE("Legal JSON: the Tigress twice, in canonical order") {
  // Example C before seq 14: seat 2 leads, holding tigress and 9y.
  CHECK(LegalToJson(LegalActions(Fold(Prefix(kExampleC, 13)))) ==
        bj::parse(R"([{"type":"play","seat":2,"card":"9y","declare":null},{"type":"play","seat":2,"card":"tigress","declare":"pirate"},{"type":"play","seat":2,"card":"tigress","declare":"escape"}])"));
  // Before seq 18: seat 1 leads with 5y alone.
  CHECK(LegalToJson(LegalActions(Fold(Prefix(kExampleC, 17)))) ==
        bj::parse(R"([{"type":"play","seat":1,"card":"5y","declare":null}])"));
}

TEST_CASE("Legal and state JSON with cannonball: loads, simultaneous bidding") {
  const std::vector<std::string> g = {
      R"({"type":"game","game":"g","ruleset":"skull-king-official","options":{"scoring":"rascal","cannonball":true},"seats":["A","B"]})",
      R"({"type":"deal","hands":[["1g"],["2g"]]})",
  };
  CHECK(LegalToJson(LegalActions(Fold(g))) == bj::parse(R"([
    {"type":"bid","seat":0,"bid":0,"cannon":"grapeshot"},{"type":"bid","seat":0,"bid":0,"cannon":"cannonball"},
    {"type":"bid","seat":0,"bid":1,"cannon":"grapeshot"},{"type":"bid","seat":0,"bid":1,"cannon":"cannonball"},
    {"type":"bid","seat":1,"bid":0,"cannon":"grapeshot"},{"type":"bid","seat":1,"bid":0,"cannon":"cannonball"},
    {"type":"bid","seat":1,"bid":1,"cannon":"grapeshot"},{"type":"bid","seat":1,"bid":1,"cannon":"cannonball"}])"));
  std::vector<std::string> more = g;
  more.push_back(R"({"type":"bid","seat":1,"bid":1,"cannon":"cannonball"})");
  bj::object got = StateToJson(Fold(more));
  CHECK(got.at("turn").is_null());  // simultaneous bidding
  CHECK(got.at("to_bid") == bj::parse("[0]"));
  CHECK(got.at("cannon") == bj::parse(R"([null,"cannonball"])"));
  CHECK(got.at("trump") == "b");
  CHECK(got.at("turned").is_null());
  more.push_back(R"({"type":"bid","seat":0,"bid":0,"cannon":"grapeshot"})");
  more.push_back(R"({"type":"play","seat":1,"cards":["2g"]})");
  more.push_back(R"({"type":"play","seat":0,"cards":["1g"]})");
  got = StateToJson(Fold(more));
  // H = 1: seat 0 bid 0 won 0, a direct hit, 10; seat 1 cannonball 1 won 1, 15.
  CHECK(got.at("history") ==
        bj::parse(R"([[{"bid":0,"cannon":"grapeshot","won":0,"points":10,"bonus":0,"total":10},{"bid":1,"cannon":"cannonball","won":1,"points":15,"bonus":0,"total":15}]])"));
  CHECK(got.at("options").at("cannonball") == true);
}

}  // namespace
}  // namespace pli::sk
