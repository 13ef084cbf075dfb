// card_test.cc: ranks, cards and card sets (RULES.md C1-C5), with CardSet
// checked against a std::set<Card> reference model.
#include "games/president/rules/card.h"

#include <catch2/catch.hpp>
#include <cctype>
#include <random>
#include <set>
#include <string>
#include <vector>

namespace Catch {
// Failures print cards and ranks in their text form.
template <>
struct StringMaker<pli::Card> {
  static std::string convert(pli::Card c) { return pli::CardText(c); }
};
template <>
struct StringMaker<pli::Rank> {
  static std::string convert(pli::Rank r) { return std::string(1, pli::RankChar(r)); }
};
}  // namespace Catch

namespace pli {
namespace {

// The rank order of C2, weakest first, as text.
const std::vector<std::string> kNormalOrder = {"3", "4", "5", "6", "7", "8", "9",
                                               "T", "J", "Q", "K", "A", "2"};
const std::string kSuits = "cdhs";
const std::vector<std::string> kSymbols = {"\u2663", "\u2666", "\u2665", "\u2660"};  // ♣♦♥♠

Rank R(const std::string& text) { return *ParseRank(text); }
Card C(const std::string& text) { return *ParseCard(text); }

TEST_CASE("C1: every card prints in canonical form and parses back") {
  REQUIRE(kDeckSize == 52);
  for (int i = 0; i < kDeckSize; ++i) {
    const Card card(static_cast<uint8_t>(i));
    const std::string expected =
        kNormalOrder[i / 4] + std::string(1, kSuits[i % 4]);  // index = rank*4 + suit
    CHECK(CardText(card) == expected);
    const std::optional<Card> parsed = ParseCard(expected);
    REQUIRE(parsed.has_value());
    CHECK(*parsed == card);
  }
  CHECK(CardText(Card(Rank::kQ, Suit::kHearts)) == "Qh");
  CHECK(CardText(Card(Rank::kT, Suit::kSpades)) == "Ts");
  CHECK(CardText(Card(Rank::k2, Suit::kClubs)) == "2c");
}

TEST_CASE("C1: rank characters and rank parsing agree for every rank") {
  for (int r = 0; r < kRankCount; ++r) {
    const Rank rank = static_cast<Rank>(r);
    CHECK(std::string(1, RankChar(rank)) == kNormalOrder[r]);
    CHECK(ParseRank(kNormalOrder[r]) == rank);
  }
  CHECK(ParseRank("10") == Rank::kT);
  CHECK(ParseRank("t") == Rank::kT);
  CHECK(ParseRank("j") == Rank::kJ);
  CHECK(ParseRank("q") == Rank::kQ);
  CHECK(ParseRank("k") == Rank::kK);
  CHECK(ParseRank("a") == Rank::kA);
  for (const char* bad : {"", "1", "0", "11", "01", "X", "QQ", " Q", "Q ", "Ten", "1O"}) {
    INFO("rank text: \"" << bad << "\"");
    CHECK_FALSE(ParseRank(bad).has_value());
  }
}

TEST_CASE("C1: input accepts 10 for T, either case and the suit symbols") {
  for (int i = 0; i < kDeckSize; ++i) {
    const Card card(static_cast<uint8_t>(i));
    const std::string rank = kNormalOrder[i / 4];
    const char suit = kSuits[i % 4];
    std::vector<std::string> forms = {
        rank + suit,
        rank + static_cast<char>(std::toupper(suit)),
        std::string(1, static_cast<char>(std::tolower(rank[0]))) + suit,
        std::string(1, static_cast<char>(std::tolower(rank[0]))) +
            static_cast<char>(std::toupper(suit)),
        rank + kSymbols[i % 4],
    };
    if (rank == "T") {
      forms.push_back(std::string("10") + suit);
      forms.push_back(std::string("10") + static_cast<char>(std::toupper(suit)));
      forms.push_back("10" + kSymbols[i % 4]);
      forms.push_back("t" + kSymbols[i % 4]);
    }
    for (const std::string& form : forms) {
      INFO("card text: \"" << form << "\"");
      const std::optional<Card> parsed = ParseCard(form);
      REQUIRE(parsed.has_value());
      CHECK(*parsed == card);
    }
  }
  CHECK(C("Q\u2665") == Card(Rank::kQ, Suit::kHearts));   // Q♥
  CHECK(C("10\u2660") == Card(Rank::kT, Suit::kSpades));  // 10♠
  CHECK(C("qh") == C("QH"));
  CHECK(C("10h") == C("Th"));
}

TEST_CASE("C1: anything else is not a card") {
  const std::vector<std::string> rejected = {
      "",
      "1h",
      "Qx",
      "QhX",
      "Q",
      "h",
      "0h",
      "11h",
      "1",
      "10",
      "Qhh",
      " Qh",
      "Qh ",
      "Q h",
      "Q\u2661",        // ♡: the white symbols are not accepted
      "Q\u2665\uFE0F",  // ♥ with an emoji variation selector
      "\u2665Q",        // symbol first
      "Q\xE2\x99",      // truncated UTF-8
      "QhQh",
      "1\u2665",
      "Zs",
      "Th7",
      "Xs",
      "100h",
      "T10",
  };
  for (const std::string& text : rejected) {
    INFO("card text: \"" << text << "\"");
    CHECK_FALSE(ParseCard(text).has_value());
  }
}

TEST_CASE("C1: a card set prints space-separated in index order") {
  CHECK(CardSetText(CardSet()) == "");
  CardSet s;
  s.insert(C("7s"));
  s.insert(C("7h"));
  CHECK(CardSetText(s) == "7h 7s");
  s.insert(C("2c"));
  s.insert(C("3d"));
  s.insert(C("Th"));
  CHECK(CardSetText(s) == "3d 7h 7s Th 2c");
  std::string deck;
  for (int i = 0; i < kDeckSize; ++i) {
    if (i > 0) deck += ' ';
    deck += CardText(Card(static_cast<uint8_t>(i)));
  }
  CHECK(CardSetText(CardSet::Deck()) == deck);
}

TEST_CASE("C1: the card layout keeps one rank in one nibble") {
  for (int r = 0; r < kRankCount; ++r) {
    const Rank rank = static_cast<Rank>(r);
    const CardSet all = CardSet::OfRank(rank);
    CHECK(all.size() == 4);
    CHECK(all.bits() == uint64_t{0xF} << (4 * r));
    for (Card c : all) CHECK(c.rank() == rank);
  }
  CHECK(CardSet::Deck().size() == 52);
  CHECK((CardSet::Deck().bits() >> 52) == 0);
}

TEST_CASE("C2: normal strength runs 3 4 5 6 7 8 9 T J Q K A 2") {
  for (int s = 0; s < kRankCount; ++s) {
    const Rank rank = R(kNormalOrder[s]);
    CHECK(Strength(rank, false) == s);
    CHECK(RankOfStrength(s, false) == rank);
  }
  CHECK(Strength(R("2"), false) > Strength(R("A"), false));
  CHECK(Strength(R("4"), false) > Strength(R("3"), false));
}

TEST_CASE("C3: revolution reverses the order exactly") {
  const std::vector<std::string> reversed = {"2", "A", "K", "Q", "J", "T", "9",
                                             "8", "7", "6", "5", "4", "3"};
  for (int s = 0; s < kRankCount; ++s) {
    const Rank rank = R(reversed[s]);
    CHECK(Strength(rank, true) == s);
    CHECK(RankOfStrength(s, true) == rank);
    CHECK(Strength(rank, true) == 12 - Strength(rank, false));
  }
  for (int a = 0; a < kRankCount; ++a) {
    for (int b = 0; b < kRankCount; ++b) {
      const Rank ra = static_cast<Rank>(a), rb = static_cast<Rank>(b);
      CHECK((Strength(ra, false) < Strength(rb, false)) ==
            (Strength(ra, true) > Strength(rb, true)));
    }
  }
}

TEST_CASE("C4: the top rank is 2 normally and 3 under revolution") {
  CHECK(TopRank(false) == Rank::k2);
  CHECK(TopRank(true) == Rank::k3);
  CHECK(Strength(TopRank(false), false) == 12);
  CHECK(Strength(TopRank(true), true) == 12);
  // V3: the weakest rank of the order in force.
  CHECK(BottomRank(false) == Rank::k3);
  CHECK(BottomRank(true) == Rank::k2);
  CHECK(Strength(BottomRank(false), false) == 0);
  CHECK(Strength(BottomRank(true), true) == 0);
}

TEST_CASE("C5: consecutive is one step up, inversely consecutive one step down") {
  CHECK(StepUp(R("8"), false) == R("9"));
  CHECK(StepUp(R("9"), false) == R("T"));
  CHECK(StepUp(R("A"), false) == R("2"));
  CHECK_FALSE(StepUp(R("2"), false).has_value());
  CHECK(StepDown(R("4"), false) == R("3"));
  CHECK_FALSE(StepDown(R("3"), false).has_value());
  CHECK(StepDown(R("2"), false) == R("A"));
  // Under revolution (000 §4.8: A 6, then 5, then 4).
  CHECK(StepUp(R("6"), true) == R("5"));
  CHECK(StepUp(R("4"), true) == R("3"));
  CHECK_FALSE(StepUp(R("3"), true).has_value());
  CHECK(StepDown(R("5"), true) == R("6"));
  CHECK(StepDown(R("A"), true) == R("2"));
  CHECK_FALSE(StepDown(R("2"), true).has_value());
  for (bool revolution : {false, true}) {
    for (int r = 0; r < kRankCount; ++r) {
      const Rank rank = static_cast<Rank>(r);
      if (auto up = StepUp(rank, revolution)) {
        CHECK(Strength(*up, revolution) == Strength(rank, revolution) + 1);
        CHECK(StepDown(*up, revolution) == rank);
      } else {
        CHECK(rank == TopRank(revolution));
      }
      if (auto down = StepDown(rank, revolution)) {
        CHECK(Strength(*down, revolution) == Strength(rank, revolution) - 1);
        CHECK(StepUp(*down, revolution) == rank);
      } else {
        CHECK(rank == BottomRank(revolution));
      }
    }
  }
}

// CardSet against the reference model std::set<Card> (SQLite's bitvec test).
std::set<Card> Model(CardSet s) {
  std::set<Card> m;
  for (Card c : s) m.insert(c);
  return m;
}

CardSet FromModel(const std::set<Card>& m) {
  CardSet s;
  for (Card c : m) s.insert(c);
  return s;
}

void CheckAgainstModel(CardSet s, const std::set<Card>& m) {
  REQUIRE(s.size() == static_cast<int>(m.size()));
  REQUIRE(s.empty() == m.empty());
  REQUIRE((s.bits() >> kDeckSize) == 0);
  // Iteration order is index order, exactly the model's order.
  std::vector<Card> got;
  for (Card c : s) got.push_back(c);
  const std::vector<Card> want(m.begin(), m.end());
  REQUIRE(got == want);
  if (!m.empty()) REQUIRE(s.first() == *m.begin());
  for (int i = 0; i < kDeckSize; ++i) {
    const Card c(static_cast<uint8_t>(i));
    REQUIRE(s.contains(c) == (m.count(c) == 1));
  }
  for (int r = 0; r < kRankCount; ++r) {
    const Rank rank = static_cast<Rank>(r);
    std::set<Card> of_rank;
    for (Card c : m) {
      if (c.rank() == rank) of_rank.insert(c);
    }
    REQUIRE(s.CountOf(rank) == static_cast<int>(of_rank.size()));
    REQUIRE(Model(s.OnlyRank(rank)) == of_rank);
  }
}

CardSet RandomSet(std::mt19937_64& rng) {
  // Mix sparse, dense and whole-rank sets.
  switch (rng() % 3) {
    case 0:
      return CardSet(rng() & rng() & CardSet::Deck().bits());
    case 1:
      return CardSet(rng() & CardSet::Deck().bits());
    default:
      return CardSet::OfRank(static_cast<Rank>(rng() % kRankCount)) |
             CardSet(rng() & rng() & rng() & CardSet::Deck().bits());
  }
}

TEST_CASE("CardSet agrees with a std::set<Card> reference model") {
  std::mt19937_64 rng(20261122);
  for (int run = 0; run < 200; ++run) {
    CardSet s;
    std::set<Card> m;
    for (int step = 0; step < 60; ++step) {
      const Card c(static_cast<uint8_t>(rng() % kDeckSize));
      const CardSet other = RandomSet(rng);
      const std::set<Card> om = Model(other);
      std::set<Card> next;
      switch (rng() % 9) {
        case 0:
        case 1:
          s.insert(c);
          m.insert(c);
          break;
        case 2:
        case 3:
          s.erase(c);
          m.erase(c);
          break;
        case 4:  // union
          s |= other;
          m.insert(om.begin(), om.end());
          REQUIRE(Model(FromModel(m)) == m);
          break;
        case 5:  // intersection
          for (Card x : m) {
            if (om.count(x)) next.insert(x);
          }
          REQUIRE((s & other) == FromModel(next));
          s &= other;
          m = next;
          break;
        case 6:  // difference
          for (Card x : m) {
            if (!om.count(x)) next.insert(x);
          }
          REQUIRE((s - other) == FromModel(next));
          s -= other;
          m = next;
          break;
        case 7: {  // subset test, without changing s
          bool subset = true;
          for (Card x : om) subset = subset && m.count(x);
          REQUIRE(s.contains(other) == subset);
          REQUIRE(s.contains(s));
          REQUIRE(s.contains(CardSet()));
          break;
        }
        default: {  // binary operators without assignment
          std::set<Card> u = m;
          u.insert(om.begin(), om.end());
          REQUIRE((s | other) == FromModel(u));
          break;
        }
      }
      CheckAgainstModel(s, m);
    }
  }
}

TEST_CASE("CardSet is usable at compile time") {
  constexpr CardSet pair_of_sevens =
      CardSet::OfRank(Rank::k7) - CardSet(uint64_t{0b0011} << (4 * 4));
  static_assert(pair_of_sevens.size() == 2);
  static_assert(pair_of_sevens.CountOf(Rank::k7) == 2);
  static_assert(pair_of_sevens.first() == Card(Rank::k7, Suit::kHearts));
  static_assert(CardSet::Deck().size() == kDeckSize);
  CHECK(CardSetText(pair_of_sevens) == "7h 7s");
}

}  // namespace
}  // namespace pli
