// house_exchange_test.cc: HOUSE_RULES.md §9 and §10: H-K1 (`exchange_cards`
// patterns and `scores`), H-K2 (`merchants`), H-G1 (`scoring` `podium` and
// `descending`) and §13's presets, each from a position set up by hand and
// checked against the rule's text and its worked example (§14 X-K1, X-K2).
#include <algorithm>
#include <catch2/catch.hpp>

#include "games/president/tests/rules/table.h"

namespace pli::test {
namespace {

Options ExchangeOptions(const char* ruleset, std::initializer_list<std::pair<const char*, const char*>> set) {
  Options o = *Preset(ruleset);
  for (const auto& [name, value] : set) REQUIRE(SetOption(o, name, value) == "");
  return o;
}

// Manche 2 just dealt: manche 1 ended with `places` (seats, the Président
// first), `hands` dealt seat 0 first. The deal event is a legal one (S2: all
// 52 cards, sizes differing by at most one; Apply asserts it in Debug
// builds): each hand is topped up with the cards no hand names, then the
// hands (and K2's hands as dealt) are set to exactly those named, so that
// the gifts are judged on them alone.
State MancheTwo(const Options& o, const std::vector<std::string>& hands, std::vector<int> places) {
  const int n = static_cast<int>(hands.size());
  State s = Apply(State{}, Event{NewGame(n, o), {}, {}, {}});
  s.manche = 1;
  s.ranking = std::move(places);
  s.phase = Phase::kMancheOver;
  CardSet named;
  for (const std::string& hand : hands) named = named | Set(hand);
  std::vector<std::string> full = hands;
  std::vector<int> size(n, 0);
  for (int i = 0; i < n; ++i) size[i] = static_cast<int>(Cards(hands[i]).size());
  int seat = 0;
  for (char rank : std::string("23456789TJQKA")) {
    for (char suit : std::string("cdhs")) {
      const std::string card{rank, suit};
      if (named.contains(Cards(card).front())) continue;
      // The seat with the fewest cards so far, the lowest first: sizes end
      // within one of each other when no named hand is above 52 / n.
      seat = static_cast<int>(std::min_element(size.begin(), size.end()) - size.begin());
      full[seat] += " " + card;
      ++size[seat];
    }
  }
  DealEvent deal;
  for (const std::string& hand : full) deal.hands.push_back(Cards(hand));
  s = Apply(s, Event{deal, {}, {}, {}});
  for (int i = 0; i < n; ++i) s.hands[i] = s.dealt[i] = Set(hands[i]);
  return s;
}

// Each gift owed, as "from>to:count".
std::vector<std::string> Owed(const State& s) {
  std::vector<std::string> out;
  for (const Gift& g : s.gifts)
    out.push_back(std::to_string(g.from) + ">" + std::to_string(g.to) + ":" + std::to_string(g.count));
  return out;
}

std::string CodeRule(const State& s, const Event& e) {
  const auto v = Decide(s, e);
  return v ? std::string(CodeName(v->code)) + " " + v->rule : "legal";
}

TEST_CASE("H-K1: exchange_cards reads patterns, 2-1 is two-one and 1 is one, canonical texts kept (H-A3)") {
  const std::pair<const char*, const char*> canonical[] = {
      {"two-one", "two-one"}, {"one", "one"},       {"scores", "scores"}, {"2-1", "two-one"},
      {"2:2-1:1", "two-one"}, {"1", "one"},         {"1:1", "one"},       {"2", "2"},
      {"2:3-1:2", "2:3-1:2"}, {"3-2-1", "3-2-1"},   {"3:3-2-1:1", "3-2-1"}, {"4-3-2-1", "4-3-2-1"},
      {"1:4", "1:4"},         {"2-2", "2-2"},
  };
  for (const auto& [in, out] : canonical) {
    INFO(in);
    Options o;
    REQUIRE(SetOption(o, "exchange_cards", in) == "");
    CHECK(OptionText(o, "exchange_cards") == out);
  }
  // The existing values keep their enum (so every existing log is unchanged).
  Options o;
  REQUIRE(SetOption(o, "exchange_cards", "2-1") == "");
  CHECK(o == Options{});
  REQUIRE(SetOption(o, "exchange_cards", "1") == "");
  CHECK(o.exchange_cards == ExchangeCards::kOne);
  for (const char* bad : {"", "0", "5", "2-", "-2", "2:", ":2", "2:3:1", "2-1-1-1-1", "2 - 1", "Two-one",
                          "SCORES", "2;1", "21", "2:0", "x"}) {
    INFO(bad);
    Options b;
    CHECK(SetOption(b, "exchange_cards", bad) ==
          std::string("option \"exchange_cards\" takes two-one, one, scores or a pattern of pairs a or a:b "
                      "joined by \"-\" (digits 1 to 4, at most 4 pairs: \"2\", \"2:3-1:2\", \"3-2-1\"), not \"") +
              bad + "\"");
  }
}

TEST_CASE("H-K1 H-A2: a pattern of p pairs needs 2p seated players") {
  Options o;
  REQUIRE(SetOption(o, "exchange_cards", "3-2-1") == "");
  CHECK(ExchangeSeatsRefusal(o, 4) ==
        "options \"exchange_cards\" and \"seats\": the pattern 3-2-1 has 3 pairs and needs 6 seated players, "
        "not 4 (H-K1)");
  CHECK(ExchangeSeatsRefusal(o, 5) != "");
  CHECK(ExchangeSeatsRefusal(o, 6) == "");
  REQUIRE(SetOption(o, "exchange_cards", "4-3-2-1") == "");
  CHECK(ExchangeSeatsRefusal(o, 7) != "");
  CHECK(ExchangeSeatsRefusal(o, 8) == "");
  for (const char* fits : {"two-one", "one", "scores", "2", "2:3-1:2"}) {
    INFO(fits);
    REQUIRE(SetOption(o, "exchange_cards", fits) == "");
    CHECK(ExchangeSeatsRefusal(o, 4) == "");
  }
}

TEST_CASE("H-K1 X-K1: butthead, the Président gives three of his choice, the Butthead his two strongest") {
  // Places A, B, C, D (seats 0-3). D's two strongest are Kd 2s, C's is Ac.
  State s = MancheTwo(*Preset("butthead"), {"3c 4c 5c Qh", "3d 4d 5d", "8c 9c Ac", "6c 7c Kd 2s"}, {0, 1, 2, 3});
  CHECK(Owed(s) == std::vector<std::string>{"0>3:3", "3>0:2", "1>2:2", "2>1:1"});
  CHECK(CodeRule(s, Give(0, 3, "3c 4c")) == "exchange-wrong-cards H-K1");  // 1: the Président gives three
  s = Apply(s, Give(0, 3, "3c 4c Qh"));                                       // 2: of his choice
  CHECK(CodeRule(s, Give(3, 0, "7c 2s")) == "exchange-wrong-cards K2");       // not the two strongest
  CHECK(CodeRule(s, Give(3, 0, "2s")) == "exchange-wrong-cards H-K1");
  s = Apply(s, Give(3, 0, "Kd 2s"));                                          // 3
  CHECK(CodeRule(s, Give(2, 1, "9c")) == "exchange-wrong-cards K2");          // 4: the strongest is Ac
  s = Apply(s, Give(2, 1, "Ac"));
  CHECK(CodeRule(s, Play(0, "5c")) == "exchange-pending K3");
  CHECK(CodeRule(s, Give(1, 2, "3d 4d 5d")) == "exchange-wrong-cards H-K1");  // 5: two of B's choice
  s = Apply(s, Give(1, 2, "4d 5d"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 0);  // later_lead president (classic's, C)
  // A gift no pair owes cites H-K1 under a pattern.
  State t = MancheTwo(*Preset("butthead"), {"3c 4c 5c Qh", "3d 4d 5d", "8c 9c Ac", "6c 7c Kd 2s"}, {0, 1, 2, 3});
  CHECK(CodeRule(t, Give(0, 1, "3c")) == "exchange-wrong-cards H-K1");
}

TEST_CASE("H-K1: the pattern's b is the weakest with exchange worst, and a pair a alone gives back a") {
  const Options o = ExchangeOptions("super-president", {{"exchange_cards", "1:2"}});
  // Places B, C, D, A: A (Trouduc) gives one strongest to B, B gives back his two weakest.
  State s = MancheTwo(o, {"3c 4c Qh 2d", "5c 6c 7c Kc", "8c 9c", "Tc Jc"}, {1, 2, 3, 0});
  CHECK(Owed(s) == std::vector<std::string>{"1>0:2", "0>1:1"});
  CHECK(CodeRule(s, Give(0, 1, "Qh")) == "exchange-wrong-cards K2");
  CHECK(CodeRule(s, Give(1, 0, "5c 7c")) == "exchange-wrong-cards K2");
  CHECK(CodeRule(s, Give(1, 0, "5c 6c")) == "legal");
  s = Apply(s, Give(0, 1, "2d"));
  s = Apply(s, Give(1, 0, "5c 6c"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 0);  // S3: the Trouduc leads (super-president)
}

TEST_CASE("H-K1 scores: places i and n+1-i swap G1's points of place i (2-1, 2-1, 3-2-1, 3-2-1, 4-3-2-1)") {
  const Options o = ExchangeOptions("classic", {{"exchange_cards", "scores"}});
  const std::vector<std::vector<int>> expected = {{2, 1}, {2, 1}, {3, 2, 1}, {3, 2, 1}, {4, 3, 2, 1}};
  for (int n = 4; n <= 8; ++n) {
    INFO(n << " seats");
    std::vector<std::string> hands(n, "");
    std::vector<int> places;
    for (int i = 0; i < n; ++i) places.push_back(i);
    const State s = MancheTwo(o, hands, places);
    std::vector<std::string> want;
    for (int i = 0; i < static_cast<int>(expected[n - 4].size()); ++i) {
      const std::string c = std::to_string(expected[n - 4][i]);
      want.push_back(std::to_string(i) + ">" + std::to_string(n - 1 - i) + ":" + c);
      want.push_back(std::to_string(n - 1 - i) + ">" + std::to_string(i) + ":" + c);
    }
    CHECK(Owed(s) == want);
  }
  // A wrong count cites H-K1.
  const State six = MancheTwo(o, {"3c 4c 5c", "3d 4d", "3h", "Kh", "Kd Ad", "Kc Ac 2c"}, {0, 1, 2, 3, 4, 5});
  CHECK(CodeRule(six, Give(5, 0, "Ac 2c")) == "exchange-wrong-cards H-K1");
  CHECK(CodeRule(six, Give(5, 0, "Kc Ac 2c")) == "legal");
}

TEST_CASE("H-K2 X-K2: classic + merchants, B and C swap one card each way, any card") {
  const Options o = ExchangeOptions("classic", {{"merchants", "true"}});
  State s = MancheTwo(o, {"3c 4c Qh", "5d 9d", "6h Kh", "7s 2s"}, {0, 1, 2, 3});
  CHECK(Owed(s) == std::vector<std::string>{"0>3:1", "3>0:1", "1>2:1", "2>1:1"});
  s = Apply(s, Give(3, 0, "2s"));  // 1: D's strongest (K3)
  s = Apply(s, Give(0, 3, "Qh"));  // 2: of A's choice
  CHECK(CodeRule(s, Play(0, "3c")) == "exchange-pending H-K2");        // 3
  CHECK(CodeRule(s, Give(1, 2, "5d 9d")) == "exchange-wrong-cards H-K2");  // 4
  s = Apply(s, Give(1, 2, "5d"));                                         // 5
  CHECK(CodeRule(s, Give(2, 1, "6h")) == "legal");                        // 6: not C's strongest
  s = Apply(s, Give(2, 1, "6h"));
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.turn == 0);  // classic: the Président leads
  // Without merchants B and C owe nothing (K3 `one`): K1's sentence, as before.
  State off = MancheTwo(*Preset("classic"), {"3c 4c Qh", "5d 9d", "6h Kh", "7s 2s"}, {0, 1, 2, 3});
  CHECK(CodeRule(off, Give(1, 2, "5d")) == "exchange-wrong-cards K1");
  CHECK(CodeRule(s = MancheTwo(o, {"3c 4c Qh", "5d 9d", "6h Kh", "7s 2s"}, {0, 1, 2, 3}), Give(1, 3, "5d")) ==
        "exchange-wrong-cards H-K2");
  // H-K2: a merchant gives from his hand as dealt (K2), even with `worst`.
  const Options worst = ExchangeOptions("super-president", {{"merchants", "true"}, {"exchange_cards", "one"}});
  const State w = MancheTwo(worst, {"3c 4c Qh", "5d 9d", "6h Kh", "7s 2s"}, {0, 1, 2, 3});
  CHECK(CodeRule(w, Give(1, 2, "9d")) == "legal");
  CHECK(CodeRule(w, Give(0, 3, "Qh")) == "exchange-wrong-cards K2");  // the Président still gives his weakest
}

TEST_CASE("H-K2: the middle places pair up from the outside in, a lone middle place trades with nobody") {
  auto owed = [](const char* cards, int n) {
    const Options o = ExchangeOptions("super-president", {{"merchants", "true"}, {"exchange_cards", cards}});
    std::vector<int> places;
    for (int i = 0; i < n; ++i) places.push_back(i);
    return Owed(MancheTwo(o, std::vector<std::string>(n, ""), places));
  };
  // Four seats, two-one: every place is in a pair, no merchant.
  CHECK(owed("two-one", 4) == std::vector<std::string>{"0>3:2", "3>0:2", "1>2:1", "2>1:1"});
  // Five seats, one: places 2 and 4 trade, place 3 alone.
  CHECK(owed("one", 5) == std::vector<std::string>{"0>4:1", "4>0:1", "1>3:1", "3>1:1"});
  // Six seats, 2-1: places 3 and 4 (HOUSE_RULES.md's example).
  CHECK(owed("two-one", 6) ==
        std::vector<std::string>{"0>5:2", "5>0:2", "1>4:1", "4>1:1", "2>3:1", "3>2:1"});
  // Eight seats, one: 2 and 7, 3 and 6, 4 and 5.
  CHECK(owed("one", 8) == std::vector<std::string>{"0>7:1", "7>0:1", "1>6:1", "6>1:1", "2>5:1", "5>2:1",
                                                    "3>4:1", "4>3:1"});
  // scores covers every pair: merchants never acts.
  CHECK(owed("scores", 7).size() == 6);
}

TEST_CASE("H-G1: podium scores 2, 1, 0 ... and descending n + 1 - k, place is G1 as written") {
  CHECK(ScoreOf(Scoring::kPodium, 0, 4) == 2);
  CHECK(ScoreOf(Scoring::kPodium, 1, 4) == 1);
  CHECK(ScoreOf(Scoring::kPodium, 2, 4) == 0);
  CHECK(ScoreOf(Scoring::kPodium, 7, 8) == 0);
  CHECK(ScoreOf(Scoring::kDescending, 0, 4) == 4);
  CHECK(ScoreOf(Scoring::kDescending, 3, 4) == 1);
  CHECK(ScoreOf(Scoring::kDescending, 0, 6) == 6);  // 003: "obtient 6 points"
  CHECK(ScoreOf(Scoring::kPlace, 0, 4) == 2);
  CHECK(ScoreOf(Scoring::kPlace, 3, 4) == -2);
  CHECK(ScoreOf(Scoring::kNone, 0, 4) == 0);
  for (const char* value : {"none", "place", "podium", "descending"}) {
    Options o;
    REQUIRE(SetOption(o, "scoring", value) == "");
    CHECK(OptionText(o, "scoring") == value);
  }
  Options o;
  CHECK(SetOption(o, "scoring", "Podium") ==
        "option \"scoring\" takes none, place, podium or descending, not \"Podium\"");
  // H-G2 with a house table: a target needs points, and podium gives some.
  REQUIRE(SetOption(o, "scoring", "podium") == "");
  REQUIRE(SetOption(o, "target", "3") == "");
  CHECK(RefusedCombination(o).empty());
}

TEST_CASE("§13 presets: each is C and its exact option list, toronto waits for H-P3") {
  CHECK(PresetNames() == std::vector<std::string_view>{"super-president", "classic", "klootzakken", "huberes",
                                                         "toronto", "butthead"});
  const Options c = *Preset("classic");
  Options kloot = c;
  kloot.ranks = Ranks::kKlootzakken;
  kloot.exchange_cards = ExchangeCards::kPattern;
  kloot.exchange_pattern = ExchangePattern{1, {2}, {2}};
  kloot.later_lead = LaterLead::kTrouduc;
  CHECK(Preset("klootzakken") == kloot);
  CHECK(OptionText(*Preset("klootzakken"), "exchange_cards") == "2");
  Options butt = c;
  butt.exchange_cards = ExchangeCards::kPattern;
  butt.exchange_pattern = ExchangePattern{2, {2, 1}, {3, 2}};
  CHECK(Preset("butthead") == butt);
  // huberes: C with jokers 2, wild X+2+3 (H-W1, built), exchange_cards scores.
  Options hub = c;
  hub.jokers = 2;
  hub.wild = kWildX | kWild2 | kWild3;
  hub.exchange_cards = ExchangeCards::kScores;
  CHECK(Preset("huberes") == hub);
  CHECK(OptionText(*Preset("huberes"), "wild") == "X+2+3");
  std::string why;
  CHECK_FALSE(Preset("toronto", &why).has_value());
  CHECK(why == "ruleset \"toronto\" needs option \"powers\" \"toronto\", house rule H-P3 of HOUSE_RULES.md, which "
               "this pli does not referee yet (HOUSE_RULES.md §13)");
  // What is refereed of them already (the facts list it).
  std::vector<std::pair<std::string, std::string>> pending;
  CHECK(PresetRefereedPart("huberes", pending) == hub);
  CHECK(pending.empty());
  const Options tor = *PresetRefereedPart("toronto", pending);
  CHECK(pending == std::vector<std::pair<std::string, std::string>>{{"powers", "toronto"}});
  CHECK(tor.ranks == Ranks::kToronto);
  CHECK_FALSE(Preset("Klootzakken").has_value());
  why.clear();
  CHECK_FALSE(Preset("hamish", &why).has_value());  // §11: no such preset
  CHECK(why.empty());
}

}  // namespace
}  // namespace pli::test
