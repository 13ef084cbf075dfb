// violation_test.cc: the wire names of the violation codes (RULES.md
// "Violation codes"): all 17, spelled as the table spells them, both ways.
#include "games/president/rules/violation.h"

#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

namespace pli {
namespace {

struct Named {
  Code code;
  const char* name;
};
// RULES.md's table, in the order of the Code enum.
const std::vector<Named> kTable = {
    {Code::kMalformed, "malformed"},
    {Code::kGameOver, "game-over"},
    {Code::kNoManche, "no-manche"},
    {Code::kBadDeal, "bad-deal"},
    {Code::kExchangePending, "exchange-pending"},
    {Code::kOutOfPli, "out-of-pli"},
    {Code::kNotYourTurn, "not-your-turn"},
    {Code::kCardNotInHand, "card-not-in-hand"},
    {Code::kMixedRanks, "mixed-ranks"},
    {Code::kDeclareNotAllowed, "declare-not-allowed"},
    {Code::kCountMismatch, "count-mismatch"},
    {Code::kOuRienRank, "ou-rien-rank"},
    {Code::kTooWeak, "too-weak"},
    {Code::kNotConsecutive, "not-consecutive"},
    {Code::kMustPlay, "must-play"},
    {Code::kCloseNotAllowed, "close-not-allowed"},
    {Code::kExchangeWrongCards, "exchange-wrong-cards"},
};

TEST_CASE("Violation codes: every code has its RULES.md name, and it parses back") {
  REQUIRE(kTable.size() == 17);
  std::set<std::string> names;
  for (std::size_t i = 0; i < kTable.size(); ++i) {
    const Named& n = kTable[i];
    INFO("code " << i << " " << n.name);
    CHECK(static_cast<std::size_t>(n.code) == i);  // the enum covers the table
    CHECK(CodeName(n.code) == n.name);
    REQUIRE(ParseCode(n.name).has_value());
    CHECK(*ParseCode(n.name) == n.code);
    CHECK(ParseCode(CodeName(n.code)) == n.code);
    names.insert(std::string(CodeName(n.code)));
  }
  CHECK(names.size() == kTable.size());  // no two codes share a name
}

TEST_CASE("Violation codes: unknown and misspelt names do not parse") {
  for (const char* bad : {"", "Malformed", "too_weak", "tooweak", "too-weak ", " must-play",
                          "unknown", "not-your-turn!", "P3"}) {
    INFO("name \"" << bad << "\"");
    CHECK_FALSE(ParseCode(bad).has_value());
  }
}

TEST_CASE("Violation: a value type compared field by field") {
  const Violation a{Code::kCountMismatch, "P2", "the pli is played in pairs; 7h is one card"};
  Violation b = a;
  CHECK(a == b);
  b.rule = "P3";
  CHECK_FALSE(a == b);
  CHECK(Violation{}.code == Code::kMalformed);
}

}  // namespace
}  // namespace pli
