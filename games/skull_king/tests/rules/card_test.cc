// card_test.cc: card texts (SK-C1), canonical order (SK-C2) and the
// 70-bit multiset against a reference model of counts.
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <array>

#include "games/skull_king/tests/rules/sk_table.h"

using namespace pli::sk;
using namespace pli::sk::test;

TEST_CASE("SK-C1: every accepted text form, in any letter case") {
  CHECK(ParseCard("14b") == Numbered(Suit::kBlack, 14));
  CHECK(ParseCard("14B") == Numbered(Suit::kBlack, 14));
  CHECK(ParseCard("7g") == Numbered(Suit::kGreen, 7));
  CHECK(ParseCard("10p") == Numbered(Suit::kPurple, 10));
  CHECK(ParseCard("1Y") == Numbered(Suit::kYellow, 1));
  CHECK(ParseCard("BLACK_3") == Numbered(Suit::kBlack, 3));
  CHECK(ParseCard("green_14") == Numbered(Suit::kGreen, 14));
  CHECK(ParseCard("Purple_1") == Numbered(Suit::kPurple, 1));
  CHECK(ParseCard("YELLOW_9") == Numbered(Suit::kYellow, 9));
  for (const char* t : {"PIRATE_1", "pirate_5", "pirate", "Pirate"}) CHECK(ParseCard(t) == kPirate);
  for (const char* t : {"MERMAID_1", "MERMAID_2", "mermaid", "sirene", "SIRENE", "sir\xC3\xA8ne",
                        "SIR\xC3\x88NE", "Sir\xC3\xA8ne"})
    CHECK(ParseCard(t) == kMermaid);
  for (const char* t : {"ESCAPE_1", "ESCAPE_5", "escape", "fuite", "FUITE"}) CHECK(ParseCard(t) == kEscape);
  for (const char* t : {"SKULL_KING", "king", "KING", "skullking", "skull-king", "Skull-King"})
    CHECK(ParseCard(t) == kKing);
  for (const char* t : {"TIGRESS", "tigress", "tigresse", "Tigresse"}) CHECK(ParseCard(t) == kTigress);
}

TEST_CASE("SK-C1: nothing else is accepted") {
  for (const char* t : {"", "0b", "15b", "07g", "14", "b", "14x", "14 b", " 14b", "black_0",
                        "black_15", "black_07", "PIRATE_6", "PIRATE_0", "MERMAID_3", "ESCAPE_6",
                        "pirate_", "tigress_1", "king_1", "skull king", "sire\xCC\x80ne",
                        "SIRE\xCC\x80NE", "sir\xC3\xA9ne", "jester", "red_3", "1h"})
    CHECK(!ParseCard(t).has_value());
}

TEST_CASE("SK-C2: canonical text and index of every card") {
  CHECK(Numbered(Suit::kBlack, 1).index == 0);
  CHECK(Numbered(Suit::kYellow, 14).index == 55);
  CHECK(kEscape.index == 56);
  CHECK(kPirate.index == 61);
  CHECK(kTigress.index == 66);
  CHECK(kMermaid.index == 67);
  CHECK(kKing.index == 69);
  CardSet deck = CardSet::Deck(70);
  CHECK(deck.size() == 70);
  CHECK(deck.Count(kEscape) == 5);
  CHECK(deck.Count(kPirate) == 5);
  CHECK(deck.Count(kMermaid) == 2);
  CHECK(deck.Count(kTigress) == 1);
  CHECK(deck.Count(kKing) == 1);
  CardSet d66 = CardSet::Deck(66);
  CHECK(d66.size() == 66);
  for (int s = 0; s < 4; ++s) CHECK(!d66.Contains(Numbered(static_cast<Suit>(s), 14)));
  // Round trip and order.
  std::string all;
  deck.ForEachKind([&](Card c, int) {
    CHECK(ParseCard(CardText(c)) == c);
    all += CardText(c) + " ";
  });
  CHECK(all.substr(0, 20) == "1b 2b 3b 4b 5b 6b 7b");
  const std::string tail = "13y 14y escape pirate tigress mermaid king ";
  CHECK(all.substr(all.size() - tail.size()) == tail);
  CardSet h;
  h.Add(kKing);
  h.Add(kEscape);
  h.Add(Numbered(Suit::kYellow, 2));
  h.Add(kEscape);
  h.Add(Numbered(Suit::kBlack, 9));
  CHECK(CardSetText(h) == "9b 2y escape escape king");
}

TEST_CASE("CardSet: copies counted, as a multiset of counts") {
  rc::prop("random adds and removes", [](const std::vector<std::pair<bool, uint8_t>>& program) {
    CardSet set;
    std::array<int, 70> model{};
    for (const auto& [add, k] : program) {
      const Card c = KindOf(k % 70);
      const bool ok = add ? set.Add(c) : set.Remove(c);
      int& n = model[c.index];
      const bool expect = add ? n < Copies(c) : n > 0;
      RC_ASSERT(ok == expect);
      if (ok) n += add ? 1 : -1;
      int total = 0;
      for (int i = 0; i < 70; ++i) {
        const Card kind = KindOf(i);
        if (kind.index == i) RC_ASSERT(set.Count(kind) == model[i]);
        if (kind.index == i) total += model[i];
      }
      RC_ASSERT(set.size() == total);
      for (int s = 0; s < 4; ++s) {
        bool has = false;
        for (int v = 1; v <= 14; ++v) has = has || model[Numbered(static_cast<Suit>(s), v).index] > 0;
        RC_ASSERT(set.HasSuit(static_cast<Suit>(s)) == has);
      }
    }
  });
}

TEST_CASE("CardSet: each kind filled to its copies and emptied, alone and beside full blocks") {
  // Every copy in and out, one at a time: the pirates' block straddles the
  // two words (61..63 and 64..65), so a copy moves between them.
  for (const bool full_deck : {false, true}) {
    for (int i = 0; i < kCardBits; ++i) {
      const Card c = KindOf(i);
      if (c.index != i) continue;
      INFO(CardText(c) << (full_deck ? " in the full deck" : " alone"));
      CardSet set = full_deck ? CardSet::Deck(70) : CardSet();
      for (int k = 0; k < Copies(c) && full_deck; ++k) REQUIRE(set.Remove(c));
      const int others = set.size();
      CHECK(set.Count(c) == 0);
      CHECK(!set.Remove(c));
      for (int k = 1; k <= Copies(c); ++k) {
        REQUIRE(set.Add(c));
        CHECK(set.Count(c) == k);
        CHECK(set.size() == others + k);
      }
      CHECK(!set.Add(c));
      CHECK(set.size() == others + Copies(c));
      if (full_deck) CHECK(set == CardSet::Deck(70));
      for (int k = Copies(c) - 1; k >= 0; --k) {
        REQUIRE(set.Remove(c));
        CHECK(set.Count(c) == k);
        CHECK(set.size() == others + k);
      }
      CHECK(!set.Remove(c));
      for (int j = 0; j < kCardBits; ++j)  // the other kinds as they were
        if (KindOf(j).index == j && j != i)
          CHECK(set.Count(KindOf(j)) == (full_deck ? Copies(KindOf(j)) : 0));
    }
  }
}
