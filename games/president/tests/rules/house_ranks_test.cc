// house_ranks_test.cc: H-R1 (HOUSE_RULES.md §4, option `ranks`) and H-B2
// (the order in force as data, card.h RankOrder): each order against
// HOUSE_RULES.md's text, written here by hand; the option's wire form
// (H-A1: shown only when not at its default); K2's strongest and weakest
// cards in the game's order.
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/options.h"
#include "games/president/rules/rules_internal.h"

namespace pli {
namespace {

Rank R(char c) { return *ParseRank(std::string(1, c)); }

RankOrder OrderNamed(const std::string& ranks) {
  Options o;
  REQUIRE(SetOption(o, "ranks", ranks).empty());
  return OrderOf(o);
}

TEST_CASE("H-R1 H-B2: each value of ranks gives HOUSE_RULES.md's order, reversed under révolution") {
  // HOUSE_RULES.md §4, weakest first.
  const std::pair<const char*, const char*> kOrders[] = {{"normal", "3456789TJQKA2"},
                                                         {"aces-high", "23456789TJQKA"},
                                                         {"klootzakken", "789TJQKA23"},
                                                         {"toronto", "3456789TQKA2J"}};
  for (const auto& [name, text] : kOrders) {
    CAPTURE(name);
    const std::string order = text;
    const RankOrder o = OrderNamed(name);
    const int n = static_cast<int>(order.size());
    CHECK(o.size() == n);
    CHECK(o.deck.size() == 4 * n);  // H-R1: klootzakken is 40 cards
    CHECK(o.TopRank(false) == R(order.back()));   // C4: T
    CHECK(o.TopRank(true) == R(order.front()));   // C3: exactly reversed
    CHECK(o.BottomRank(false) == R(order.front()));
    for (int ri = 0; ri < kRankCount; ++ri) {
      const Rank r = static_cast<Rank>(ri);
      const auto at = order.find(RankChar(r));
      CHECK(o.Has(r) == (at != std::string::npos));
      CHECK(o.deck.OnlyRank(r).size() == (at != std::string::npos ? 4 : 0));
      if (at == std::string::npos) continue;
      const int i = static_cast<int>(at);
      CHECK(o.Strength(r, false) == i);
      CHECK(o.Strength(r, true) == n - 1 - i);
      // C5: one step up / down the order written above.
      CHECK(o.StepUp(r, false) == (i + 1 < n ? std::optional<Rank>(R(order[i + 1])) : std::nullopt));
      CHECK(o.StepDown(r, false) == (i > 0 ? std::optional<Rank>(R(order[i - 1])) : std::nullopt));
      CHECK(o.StepUp(r, true) == (i > 0 ? std::optional<Rank>(R(order[i - 1])) : std::nullopt));
      // P3's masks: the ranks at least as strong as r.
      for (const bool rev : {false, true}) {
        uint64_t expected = 0;
        for (int j = 0; j < n; ++j)
          if ((rev ? n - 1 - j : j) >= o.Strength(r, rev)) expected |= uint64_t{8} << (4 * static_cast<int>(R(order[j])));
        CHECK(o.AtLeast(o.Strength(r, rev), rev) == expected);
      }
    }
    CHECK(o.AtLeast(n, false) == 0);
    CHECK(o.AtLeast(n, true) == 0);
  }
  CHECK(OrderNamed("normal") == RankOrder{});  // H-A1: the default is C2
}

TEST_CASE("H-A1 H-A3: ranks is shown only when set, and takes its names exactly") {
  Options o;
  for (const auto& [name, value] : OptionValues(o)) CHECK(name != "ranks");
  CHECK(OptionText(o, "ranks") == "normal");
  CHECK(SetOption(o, "ranks", "Aces-high") ==
        "option \"ranks\" takes normal, aces-high, klootzakken or toronto, not \"Aces-high\"");
  CHECK(SetOption(o, "ranks", "aces-high").empty());
  CHECK(OptionValues(o).back() == std::make_pair(std::string("ranks"), std::string("aces-high")));
  CHECK(o.ranks == Ranks::kAcesHigh);
}

TEST_CASE("H-R1 K2: the strongest and weakest cards as dealt are those of the game's order") {
  Options options;
  REQUIRE(SetOption(options, "ranks", "aces-high").empty());
  State s;
  s.options = options;
  s.order = OrderOf(options);
  s.dealt[0] = CardSet();
  for (const char* c : {"2c", "3d", "Kc", "Ah", "7s"}) s.dealt[0].insert(*ParseCard(c));
  Gift best{0, 1, 2, true, false, false};
  Gift worst{0, 1, 2, false, false, false};
  std::array<int, kRankCount> strongest{}, weakest{};
  strongest[static_cast<int>(Rank::kA)] = 1;  // aces-high: A, then K
  strongest[static_cast<int>(Rank::kK)] = 1;
  weakest[static_cast<int>(Rank::k2)] = 1;    // the 2 is the weakest, then the 3
  weakest[static_cast<int>(Rank::k3)] = 1;
  CHECK(internal::GiftRanks(s, best) == strongest);
  CHECK(internal::GiftRanks(s, worst) == weakest);
}

}  // namespace
}  // namespace pli
