// state_json_test.cc: the JSON documents of `pli state`, `pli legal` and of
// violations (INTERFACE.md §2), on states built by hand.
#include "games/president/wire/state_json.h"

#include <catch2/catch.hpp>
#include <string>

namespace {

namespace bj = boost::json;
using pli::CardSet;

CardSet Set(std::initializer_list<const char*> texts) {
  CardSet set;
  for (const char* t : texts) set.insert(*pli::ParseCard(t));
  return set;
}

// A four-seat game in manche 2, mid-pli: seat 1 led a pair of 7s, seat 2
// declared a suite with 8s, seat 3 passed.
pli::State MidPli() {
  pli::State s;
  s.game = "g1";
  s.seat_names = {"Ana", "Bo", "Cy", "Di"};
  s.seats = 4;
  s.seq = 17;
  s.phase = pli::Phase::kPlay;
  s.manche = 2;
  s.revolution = true;
  s.turn = 0;
  s.hands[0] = Set({"Qh", "3c", "9s"});
  s.hands[1] = Set({"2c"});
  s.hands[2] = Set({});
  s.hands[3] = Set({"Ad", "As"});
  s.gifts = {pli::Gift{0, 3, 2, false, false, true}, pli::Gift{3, 0, 2, true, false, true}};
  s.pli.leader = 1;
  s.pli.count = 2;
  s.pli.plays = 2;
  s.pli.mode = pli::Mode::kSuite;
  s.pli.last_seat = 2;
  s.pli.last_cards = Set({"8s", "8h"});
  s.pli.out = pli::SeatBit(3);
  s.pli.passed = pli::SeatBit(3);
  s.finished = {2};
  s.ranking = std::vector<int>{3, 0, 1, 2};
  return s;
}

// The document without `options` (checked on its own below), as text.
std::string WithoutOptions(bj::object doc) {
  doc.erase("options");
  return bj::serialize(doc);
}

}  // namespace

TEST_CASE("INTERFACE 2: pli state writes every field, in order, with canonical cards") {
  std::string expected =
      R"({"game":"g1","seq":17,"manche":2,"phase":"play","revolution":true,"turn":0,)"
      R"("hands":[["3c","9s","Qh"],["2c"],[],["Ad","As"]],)"
      R"("pli":{"leader":1,"count":2,"mode":"suite","ou_rien":false,)"
      R"("last":{"seat":2,"cards":["8h","8s"]},"out":[3],"solo":false},)"
      R"("finished":[2],"ranking":[3,0,1,2],"seats":["Ana","Bo","Cy","Di"],)"
      R"("gifts":[{"from":0,"to":3,"count":2,"done":true},{"from":3,"to":0,"count":2,"done":true}],)"
      R"("ended":false})";
  CHECK(WithoutOptions(pli::StateToJson(MidPli())) == expected);
}

TEST_CASE("INTERFACE 2: turn, leader, last and ranking are null when there is none") {
  pli::State s;
  s.game = "g0";
  s.seat_names = {"a", "b", "c", "d"};
  s.seats = 4;
  s.seq = 1;
  s.phase = pli::Phase::kMancheOver;
  std::string expected =
      R"({"game":"g0","seq":1,"manche":0,"phase":"manche-over","revolution":false,)"
      R"("turn":null,"hands":[[],[],[],[]],)"
      R"("pli":{"leader":null,"count":0,"mode":"free","ou_rien":false,"last":null,)"
      R"("out":[],"solo":false},"finished":[],"ranking":null,"seats":["a","b","c","d"],)"
      R"("gifts":[],"ended":false})";
  CHECK(WithoutOptions(pli::StateToJson(s)) == expected);
}

TEST_CASE("INTERFACE 2: options are written by wire name, scores only with place scoring") {
  pli::State s = MidPli();
  bj::object doc = pli::StateToJson(s);
  CHECK(!doc.contains("scores"));
  const bj::object& options = doc.at("options").as_object();
  CHECK(options.size() == pli::OptionValues(s.options).size());
  CHECK(options.at("suite") == bj::value(true));
  CHECK(options.at("completed_carre_closes") == bj::value(false));
  CHECK(options.at("solo_continuation") == bj::value("sequence"));
  CHECK(options.at("manches") == bj::value(0));

  s.options.scoring = pli::Scoring::kPlace;
  s.scores = {2, 1, -1, -2};
  s.ended = true;
  s.phase = pli::Phase::kGameOver;
  doc = pli::StateToJson(s);
  CHECK(bj::serialize(doc.at("scores")) == "[2,1,-1,-2]");
  CHECK(doc.at("ended") == bj::value(true));
  CHECK(doc.at("phase") == bj::value("game-over"));
}

TEST_CASE("INTERFACE 2: the R4 solo and ou-rien flags are written") {
  pli::State s = MidPli();
  s.pli.solo = true;
  s.pli.ou_rien = true;
  s.pli.mode = pli::Mode::kReverse;
  bj::object doc = pli::StateToJson(s);
  const bj::object& pli = doc.at("pli").as_object();
  CHECK(pli.at("solo") == bj::value(true));
  CHECK(pli.at("ou_rien") == bj::value(true));
  CHECK(pli.at("mode") == bj::value("reverse"));
}

TEST_CASE("INTERFACE 2: phase and mode names") {
  CHECK(std::string(pli::PhaseName(pli::Phase::kNone)) == "none");
  CHECK(std::string(pli::PhaseName(pli::Phase::kExchange)) == "exchange");
  CHECK(std::string(pli::PhaseName(pli::Phase::kPlay)) == "play");
  CHECK(std::string(pli::PhaseName(pli::Phase::kMancheOver)) == "manche-over");
  CHECK(std::string(pli::PhaseName(pli::Phase::kGameOver)) == "game-over");
  CHECK(std::string(pli::ModeName(pli::Mode::kFree)) == "free");
  CHECK(std::string(pli::ModeName(pli::Mode::kSuite)) == "suite");
  CHECK(std::string(pli::ModeName(pli::Mode::kReverse)) == "reverse");
}

TEST_CASE("INTERFACE 2: pli legal writes each action type as documented") {
  std::vector<pli::LegalAction> actions(6);
  actions[0].type = pli::EventType::kPlay;
  actions[0].seat = 2;
  actions[0].rank = pli::Rank::k7;
  actions[0].count = 2;
  actions[1] = actions[0];
  actions[1].rank = pli::Rank::kT;
  actions[1].declare = pli::Declare::kSuite;
  actions[2] = actions[0];
  actions[2].rank = pli::Rank::k6;
  actions[2].declare = pli::Declare::kReverse;
  actions[3].type = pli::EventType::kPass;
  actions[3].seat = 2;
  actions[4].type = pli::EventType::kClose;
  actions[4].seat = 0;
  actions[4].rank = pli::Rank::k6;
  actions[4].count = 2;
  actions[5].type = pli::EventType::kExchange;
  actions[5].seat = 0;
  actions[5].to = 3;
  actions[5].count = 2;
  actions[5].cards = Set({"Ks", "3c", "3h"});
  pli::LegalAction best;  // K2: the Trouduc's two strongest as dealt
  best.type = pli::EventType::kExchange;
  best.seat = 3;
  best.to = 0;
  best.count = 2;
  best.cards = Set({"2c", "Ad"});
  best.ranks = {pli::Rank::kA, pli::Rank::k2};
  actions.push_back(best);
  std::string expected =
      R"([{"type":"play","seat":2,"rank":"7","count":2,"declare":null},)"
      R"({"type":"play","seat":2,"rank":"T","count":2,"declare":"suite"},)"
      R"({"type":"play","seat":2,"rank":"6","count":2,"declare":"reverse"},)"
      R"({"type":"pass","seat":2},)"
      R"({"type":"close","seat":0,"rank":"6","count":2},)"
      R"({"type":"exchange","seat":0,"to":3,"count":2,"from_cards":["3c","3h","Ks"],"ranks":null},)"
      R"({"type":"exchange","seat":3,"to":0,"count":2,"from_cards":["Ad","2c"],"ranks":["A","2"]}])";
  CHECK(bj::serialize(pli::LegalToJson(actions)) == expected);
  CHECK(bj::serialize(pli::LegalToJson({})) == "[]");
}

TEST_CASE("INTERFACE 2: a violation is {code, rule, message}, and hidden for the adjudicator") {
  pli::Violation v{pli::Code::kCountMismatch, "P2", "the pli is played in pairs; 7h is one card"};
  CHECK(
      bj::serialize(pli::ViolationToJson(v)) ==
      R"({"code":"count-mismatch","rule":"P2","message":"the pli is played in pairs; 7h is one card","hidden":null})");
  CHECK(
      bj::serialize(pli::ViolationToJson(v, pli::Audience::kActor)) ==
      R"({"code":"count-mismatch","rule":"P2","message":"the pli is played in pairs; 7h is one card"})");
  pli::Violation m{pli::Code::kMalformed, "", "unknown card \"1h\""};
  CHECK(bj::serialize(pli::ViolationToJson(m, pli::Audience::kActor)) ==
        R"({"code":"malformed","rule":"","message":"unknown card \"1h\""})");
  // Issue 11 item 5: the player's view drops the hidden part; the adjudicator's marks it.
  pli::Violation x{pli::Code::kCloseNotAllowed, "X1", "Ana (seat 0) does not hold every remaining 5: 2 more are in other hands"};
  x.hidden = "5d is with Bo (seat 1)";
  CHECK(bj::serialize(pli::ViolationToJson(x, pli::Audience::kActor)).find("Bo") == std::string::npos);
  CHECK(bj::serialize(pli::ViolationToJson(x)) ==
        R"x({"code":"close-not-allowed","rule":"X1","message":"Ana (seat 0) does not hold every remaining 5: 2 more are in other hands (hidden from the player: 5d is with Bo (seat 1))","hidden":"5d is with Bo (seat 1)"})x");
}
