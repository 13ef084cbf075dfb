// house_high_cards_test.cc: H-R2 (`high_cards`), HOUSE_RULES.md §1 and §4,
// against its text written here by hand: the option's value (H-A3: "none"
// or distinct canonical cards joined by "+", no joker) and §1's refused
// values (a card the deck of `ranks` lacks, a card of the natural top rank
// of `ranks`). The option itself is still pending (options.cc): these are
// the building blocks the engine will use when it ranks the cards as H.
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/options.h"

namespace pli {
namespace {

Card C(const char* text) { return *ParseCard(text); }
CardSet Set(std::initializer_list<const char*> cards) {
  CardSet s;
  for (const char* c : cards) s.insert(C(c));
  return s;
}

TEST_CASE("H-R2, H-A3: high_cards takes none or distinct canonical cards joined by +") {
  CardSet high = Set({"Ah"});
  CHECK(ParseHighCards("none", high).empty());
  CHECK(high.empty());
  CHECK(ParseHighCards("Jd", high).empty());
  CHECK(high == Set({"Jd"}));
  CHECK(ParseHighCards("3c+3s", high).empty());
  CHECK(high == Set({"3c", "3s"}));
  CHECK(ParseHighCards("3c+3s+Jd", high).empty());
  CHECK(high == Set({"3c", "3s", "Jd"}));
  CHECK(ParseHighCards("Jd+3c", high).empty());  // §1 fixes no order
  CHECK(high == Set({"3c", "Jd"}));
  CHECK(ParseHighCards("Ts", high).empty());
  CHECK(high == Set({"Ts"}));
}

TEST_CASE("H-R2, H-A3: other texts are refused with the option named") {
  for (const char* bad : {"", "None", "NONE", "jd", "JD", "10s", "J♦", "3c+", "+3c", "3c++3s", "3c 3s",
                          "3c,3s", "3c+3c", "Jd+3c+Jd", "X1", "X2", "3c+X1", "none+3c", "3", "Zz"}) {
    INFO(bad);
    CardSet high;
    const std::string error = ParseHighCards(bad, high);
    CHECK_FALSE(error.empty());
    CHECK(error.find("option \"high_cards\" takes") == 0);
  }
  CardSet high;
  CHECK(ParseHighCards("3c+3c", high).find("3c twice") != std::string::npos);
  CHECK(ParseHighCards("X2", high).find("a joker is not a high card") != std::string::npos);
}

Options WithRanks(const char* ranks) {
  Options o;
  REQUIRE(SetOption(o, "ranks", ranks).empty());
  return o;
}

TEST_CASE("H-R2, §1: a card of the natural top rank of ranks is refused") {
  // The natural top rank: the 2 (normal), the A (aces-high), the 3
  // (klootzakken), the J (toronto), H-R1.
  const Options normal;
  CHECK(HighCardsRefusal(normal, Set({"3c", "3s"})).empty());  // X-R3
  CHECK(HighCardsRefusal(normal, Set({"Jd"})).empty());
  CHECK(HighCardsRefusal(normal, Set({"Ac"})).empty());
  CHECK(HighCardsRefusal(normal, Set({"2c"})) ==
        "options \"high_cards\" and \"ranks\": 2c is of 2, the natural top rank of ranks normal (H-R2)");
  CHECK_FALSE(HighCardsRefusal(normal, Set({"3c", "2s"})).empty());
  const Options aces = WithRanks("aces-high");
  CHECK(HighCardsRefusal(aces, Set({"2c"})).empty());
  CHECK_FALSE(HighCardsRefusal(aces, Set({"Ah"})).empty());
  const Options kloot = WithRanks("klootzakken");
  CHECK(HighCardsRefusal(kloot, Set({"2c"})).empty());
  CHECK_FALSE(HighCardsRefusal(kloot, Set({"3s"})).empty());
  const Options toronto = WithRanks("toronto");
  CHECK(HighCardsRefusal(toronto, Set({"2c"})).empty());
  CHECK_FALSE(HighCardsRefusal(toronto, Set({"Jd"})).empty());
  // Jokers do not change the natural top rank: with X on top the 2 still
  // may not be high (§1 "the natural top rank of ranks").
  Options jokers;
  REQUIRE(SetOption(jokers, "jokers", "2").empty());
  CHECK_FALSE(HighCardsRefusal(jokers, Set({"2h"})).empty());
  CHECK(HighCardsRefusal(jokers, Set({"3c"})).empty());
}

TEST_CASE("H-R2, §1: a card the deck of ranks lacks is refused") {
  const Options kloot = WithRanks("klootzakken");  // no 4, 5, 6 (H-R1)
  for (const char* lacking : {"4c", "5d", "6s"}) {
    INFO(lacking);
    CHECK(HighCardsRefusal(kloot, Set({lacking})) ==
          "options \"high_cards\" and \"ranks\": " + std::string(lacking) +
              " is not in the deck of ranks klootzakken (H-R2)");
  }
  CHECK_FALSE(HighCardsRefusal(kloot, Set({"7c", "4h"})).empty());
  CHECK(HighCardsRefusal(kloot, Set({"7c", "Jd"})).empty());
  CHECK(HighCardsRefusal(Options{}, Set({"4c", "5d", "6s"})).empty());  // normal has them
}

TEST_CASE("H-R2 is still pending: a game event naming high_cards stays malformed (H-A1)") {
  Options o;
  const std::string error = SetOption(o, "high_cards", "3c+3s");
  CHECK(error.find("H-R2") != std::string::npos);
  CHECK(error.find("does not referee yet") != std::string::npos);
}

}  // namespace
}  // namespace pli
