// house_exchange_test.cc: H-K1 (`exchange_cards` patterns and `scores`),
// H-K2 (`merchants`) and H-G1 (`scoring` `podium`, `descending`) over random
// games. What the rules say is written here by hand from HOUSE_RULES.md, not
// asked of the engine: the gifts owed after each deal (who gives how many to
// whom, from the last manche's places), that every gift made is one of them
// and play starts only when all are made, and the totals of the points
// table. Each option must change some verdict or state (coverage counters).
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

struct ExchangeScript {
  GameScript sc;
  std::vector<std::pair<int, int>> pairs;  // "" = K1's 2-1 (kind 0), else the pattern or scores (per n)
  std::string cards;                       // the exchange_cards value written
  bool merchants = false;
  std::string scoring = "none";
};

rc::Gen<ExchangeScript> GenExchange() {
  return rc::gen::exec([] {
    ExchangeScript x;
    x.sc = *GenScript();
    // The generator may have set exchange_cards or scoring: ours replace them.
    std::vector<std::pair<std::string, std::string>> kept;
    for (auto& kv : x.sc.overrides)
      if (kv.first != "exchange_cards" && kv.first != "scoring") kept.push_back(kv);
    x.sc.overrides = kept;
    const int n = x.sc.seats;
    const int kind = *rc::gen::inRange(0, 4);
    if (kind == 1) {
      x.cards = "scores";
    } else if (kind >= 2) {
      // H-K1: a random pattern of p pairs, 2p <= n (the refused combination aside).
      const int p = *rc::gen::inRange(1, n / 2 + 1);
      for (int i = 0; i < p; ++i) {
        const int a = *rc::gen::inRange(1, 5);
        const int b = *rc::gen::inRange(1, 5);
        if (i > 0) x.cards += "-";
        x.cards += std::to_string(a);
        if (b != a || *rc::gen::arbitrary<bool>()) x.cards += ":" + std::to_string(b);
      }
    }
    if (!x.cards.empty()) x.sc.overrides.emplace_back("exchange_cards", x.cards);
    x.merchants = *rc::gen::arbitrary<bool>();
    if (x.merchants) x.sc.overrides.emplace_back("merchants", "true");
    x.scoring = *rc::gen::element<std::string>("none", "place", "podium", "descending");
    if (x.scoring != "none") x.sc.overrides.emplace_back("scoring", x.scoring);
    return x;
  });
}

// H-K1 written here: the pairs {a, b} of the value at n seated players.
std::vector<std::pair<int, int>> PairsOf(const std::string& value, bool one, int n) {
  if (value == "scores") {  // G1's points of places 1 ... n/2: 2-1, 2-1, 3-2-1, 3-2-1, 4-3-2-1
    static const std::map<int, std::vector<int>> table = {
        {4, {2, 1}}, {5, {2, 1}}, {6, {3, 2, 1}}, {7, {3, 2, 1}}, {8, {4, 3, 2, 1}}};
    std::vector<std::pair<int, int>> out;
    for (int c : table.at(n)) out.emplace_back(c, c);
    return out;
  }
  if (value.empty()) return one ? std::vector<std::pair<int, int>>{{1, 1}}
                                : std::vector<std::pair<int, int>>{{2, 2}, {1, 1}};
  std::vector<std::pair<int, int>> out;
  for (size_t i = 0; i < value.size();) {
    const int a = value[i] - '0';
    int b = a;
    i += 1;
    if (i < value.size() && value[i] == ':') {
      b = value[i + 1] - '0';
      i += 2;
    }
    out.emplace_back(a, b);
    ++i;  // the '-'
  }
  return out;
}

// H-G1 and G1 written here.
int PointsOf(const std::string& scoring, int i, int n) {
  const int k = i + 1;
  if (scoring == "podium") return k == 1 ? 2 : k == 2 ? 1 : 0;
  if (scoring == "descending") return n + 1 - k;
  if (scoring == "place") return n % 2 == 1 ? (n + 1) / 2 - k : (k <= n / 2 ? n / 2 - k + 1 : n / 2 - k);
  return 0;
}

std::map<std::string, int>& Covered() {
  static std::map<std::string, int> covered;
  return covered;
}

struct Owe {
  int from, to, count;
  bool operator==(const Owe&) const = default;
};

void CheckExchangeGame(const ExchangeScript& x) {
  const Game g = PlayOrFail(x.sc);
  const int n = x.sc.seats;
  const bool one = OptionsOf(x.sc).exchange_cards == ExchangeCards::kOne;
  std::vector<int> totals(n, 0), places;
  for (size_t k = 1; k < g.states.size(); ++k) {
    const State& b = g.states[k - 1];
    const State& a = g.states[k];
    const Event& e = g.events[k - 1];
    if (std::holds_alternative<DealEvent>(e.body) && a.manche >= 2) {
      // H-K1, H-K2: the gifts owed, from the last manche's places.
      std::vector<Owe> want;
      const auto pairs = PairsOf(x.cards, one, n);
      const int p = static_cast<int>(pairs.size());
      for (int i = 0; i < p; ++i) {
        want.push_back({places[i], places[n - 1 - i], pairs[i].second});
        want.push_back({places[n - 1 - i], places[i], pairs[i].first});
      }
      if (x.merchants) {
        for (int i = p; i < n - 1 - i; ++i) {
          want.push_back({places[i], places[n - 1 - i], 1});
          want.push_back({places[n - 1 - i], places[i], 1});
          ++Covered()["merchants"];
        }
      }
      std::vector<Owe> got;
      for (const Gift& gift : a.gifts) got.push_back({gift.from, gift.to, gift.count});
      if (got != want) {
        std::string text;
        for (const Owe& o : got) text += " " + std::to_string(o.from) + ">" + std::to_string(o.to) + ":" + std::to_string(o.count);
        text += " /";
        for (const Owe& o : want) text += " " + std::to_string(o.from) + ">" + std::to_string(o.to) + ":" + std::to_string(o.count);
        RC_FAIL(Failure(g, k, "the gifts owed are not H-K1's and H-K2's (owed / written here:" + text + ")"));
      }
      const std::vector<std::pair<int, int>> k1 = one ? std::vector<std::pair<int, int>>{{1, 1}}
                                                      : std::vector<std::pair<int, int>>{{2, 2}, {1, 1}};
      if (pairs != k1) ++Covered()[x.cards == "scores" ? "scores" : "pattern"];
    }
    if (const auto* gift = std::get_if<ExchangeEvent>(&e.body)) {
      // Each gift made is owed, its size the one owed; play starts when all are made (K3).
      bool owed = false;
      for (const Gift& o : b.gifts)
        owed = owed || (!o.done && o.from == gift->from && o.to == gift->to &&
                        o.count == static_cast<int>(gift->cards.size()));
      if (!owed) RC_FAIL(Failure(g, k, "a gift that is not owed was accepted"));
      bool left = false;
      for (const Gift& o : a.gifts) left = left || !o.done;
      if (left == (a.phase == Phase::kPlay)) RC_FAIL(Failure(g, k, "play starts before every gift or not after"));
    }
    const bool plays = std::holds_alternative<PlayEvent>(e.body) || std::holds_alternative<CloseEvent>(e.body);
    if (b.phase == Phase::kPlay && a.phase != Phase::kPlay && plays) {
      places = *a.ranking;
      for (int i = 0; i < n; ++i) totals[places[i]] += PointsOf(x.scoring, i, n);
      if (x.scoring != "none" && a.scores != totals) RC_FAIL(Failure(g, k, "the totals are not the table's"));
      if (x.scoring == "podium" || x.scoring == "descending") {
        int place_total = 0, own = 0;
        for (int i = 0; i < n; ++i) place_total += PointsOf("place", i, n) * (places[i] == 0);
        for (int i = 0; i < n; ++i) own += PointsOf(x.scoring, i, n) * (places[i] == 0);
        if (own != place_total) ++Covered()[x.scoring];  // seat 0 scores otherwise than under place
      }
    }
  }
}

TEST_CASE("H-K1 H-K2 H-G1: random games follow the gifts and points written here, and each option acts") {
  const std::string description = "exchange_cards patterns and scores, merchants, podium and descending";
  const auto property = [] { CheckExchangeGame(*GenExchange()); };
  Prop(description, property);
  CHECK(Covered()["pattern"] > 0);
  CHECK(Covered()["scores"] > 0);
  CHECK(Covered()["merchants"] > 0);
  CHECK(Covered()["podium"] > 0);
  CHECK(Covered()["descending"] > 0);
}

}  // namespace
}  // namespace pli::prop
