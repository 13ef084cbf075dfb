// rule_text_test.cc: the rule table that `pli explain` cites (games/president/rule_text.h)
// has exactly the rule ids of RULES.md, each with a sentence, and every id
// the referee cites in games/president/rules/decide.cc is among them.
#include "games/president/rule_text.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <filesystem>
#include <fstream>
#include <regex>
#include <set>
#include <sstream>
#include <string>

namespace {

// Every rule id RULES.md defines, section by section (§1 C1-C5, §2 S1-S3,
// §3 P1-P7, §4 E1-E5, §5 U1-U4, §6 V1-V4 and R4, §7 O1-O3, §8 X1-X5,
// §9 Q1-Q3, §10 F1-F4, §11 K1-K3, §12 G1): written out here from RULES.md,
// not taken from the table under test.
const std::set<std::string> kRulesMdIds = {
    "C1", "C2", "C3", "C4", "C5", "S1", "S2", "S3", "P1", "P2", "P3", "P4", "P5", "P6", "P7", "E1",
    "E2", "E3", "E4", "E5", "U1", "U2", "U3", "U4", "V1", "V2", "V3", "V4", "R4", "O1", "O2", "O3",
    "X1", "X2", "X3", "X4", "X5", "Q1", "Q2", "Q3", "F1", "F2", "F3", "F4", "K1", "K2", "K3", "G1"};

std::string ReadSource(const std::string& relative) {
  std::ifstream in(std::string(PLI_SOURCE_DIR) + "/" + relative);
  REQUIRE(in);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The rule ids a source file names in string literals ("P3", "U4").
std::set<std::string> QuotedRuleIds(const std::string& text) {
  std::set<std::string> ids;
  const std::regex quoted("\"([A-Z][0-9]+)\"");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted);
       it != std::sregex_iterator(); ++it) {
    ids.insert((*it)[1].str());
  }
  return ids;
}

}  // namespace

TEST_CASE("rule table: exactly the rule ids of RULES.md, in its order, each once") {
  std::set<std::string> seen;
  for (const pli::RuleText& r : pli::RuleTable()) {
    INFO(r.id);
    CHECK(kRulesMdIds.count(std::string(r.id)) == 1);
    CHECK(seen.insert(std::string(r.id)).second);
  }
  CHECK(seen == kRulesMdIds);
  CHECK(pli::RuleTable().front().id == "C1");
  CHECK(pli::RuleTable().back().id == "G1");
}

TEST_CASE("rule table: every sentence is one plain sentence") {
  for (const pli::RuleText& r : pli::RuleTable()) {
    INFO(r.id << ": " << r.sentence);
    REQUIRE(r.sentence.size() > 20);
    CHECK(r.sentence.back() == '.');
    CHECK(r.sentence.find('\n') == std::string_view::npos);
    CHECK(std::isupper(static_cast<unsigned char>(r.sentence.front())));
  }
}

TEST_CASE("rule table: every rule id games/president/rules/decide.cc cites has a sentence") {
  const std::set<std::string> cited = QuotedRuleIds(ReadSource("games/president/rules/decide.cc"));
  // The scan finds the ids (a sanity check of the scan itself).
  REQUIRE(cited.count("P3") == 1);
  REQUIRE(cited.count("U4") == 1);
  REQUIRE(cited.size() >= 15);
  for (const std::string& id : cited) {
    INFO("decide.cc cites " << id);
    CHECK(pli::RuleSentence(id).has_value());
  }
  // And any other engine source that names a rule id in a string.
  for (const auto& entry :
       std::filesystem::directory_iterator(std::string(PLI_SOURCE_DIR) + "/engine")) {
    const std::string name = entry.path().filename().string();
    for (const std::string& id : QuotedRuleIds(ReadSource("engine/" + name))) {
      INFO("engine/" << name << " cites " << id);
      CHECK(pli::RuleSentence(id).has_value());
    }
  }
}

TEST_CASE("rule table: lookups") {
  CHECK(pli::RuleSentence("P3")->find("equal") != std::string_view::npos);
  CHECK(pli::RuleSentence("X2")->find("top rank") != std::string_view::npos);
  CHECK_FALSE(pli::RuleSentence("").has_value());    // malformed cites no rule
  CHECK_FALSE(pli::RuleSentence("R1").has_value());  // rulings are not rules
  CHECK_FALSE(pli::RuleSentence("p3").has_value());
}

TEST_CASE("docs/RULEBOOK.md: a section for every rule id, and every fixture it cites exists") {
  const std::string book = ReadSource("docs/RULEBOOK.md");
  for (const std::string& id : kRulesMdIds) {
    INFO(id);
    CHECK(book.find("\n### " + id + ": ") != std::string::npos);
  }
  for (const pli::RuleText& r : pli::HouseRuleTable()) {  // HOUSE_RULES.md's, as built
    INFO(r.id);
    CHECK(book.find("\n### " + std::string(r.id) + ": ") != std::string::npos);
  }
  const std::regex cited("`((rules|seed|house)/[^`]+)`");
  int fixtures = 0;
  for (auto it = std::sregex_iterator(book.begin(), book.end(), cited);
       it != std::sregex_iterator(); ++it, ++fixtures) {
    const std::string name = (*it)[1].str();
    INFO(name);
    CHECK(std::ifstream(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/" + name + ".jsonl").good());
    CHECK(std::ifstream(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/" + name + ".expect.json").good());
  }
  CHECK(fixtures > 100);
}

TEST_CASE("rule table: every house rule id decide.cc cites (H-R1 ...) has a sentence") {
  const std::string text = ReadSource("games/president/rules/decide.cc");
  std::set<std::string> cited;
  const std::regex quoted("\"(H-[A-Z][0-9]+)\"");
  for (auto it = std::sregex_iterator(text.begin(), text.end(), quoted); it != std::sregex_iterator(); ++it)
    cited.insert((*it)[1].str());
  REQUIRE(cited.count("H-R1") == 1);  // the scan finds them
  for (const std::string& id : cited) {
    INFO(id);
    CHECK(pli::RuleSentence(id).has_value());
  }
  for (const pli::RuleText& r : pli::HouseRuleTable()) CHECK(r.sentence.back() == '.');
}
