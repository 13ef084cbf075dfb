// house_jokers_test.cc: H-C1 (`jokers`) and H-C2 (`joker_rank`,
// `joker_order`), HOUSE_RULES.md §3, against its text written here by hand:
// the card texts, the order with X on top (H-B2), the deck, the options'
// wire form and refused combinations (H-A2, H-A3), K2's strongest cards,
// and `legal` naming the jokers of a play exactly once each (H-B6).
#include <catch2/catch.hpp>
#include <algorithm>
#include <string>

#include "games/president/rules/options.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"

namespace pli {
namespace {

Card C(const char* text) { return *ParseCard(text); }
CardSet Set(std::initializer_list<const char*> cards) {
  CardSet s;
  for (const char* c : cards) s.insert(C(c));
  return s;
}
Options With(std::initializer_list<std::pair<const char*, const char*>> values) {
  Options o;
  for (const auto& [name, value] : values) REQUIRE(SetOption(o, name, value).empty());
  return o;
}

TEST_CASE("H-C1: X1 and X2 are cards, written X1 X2, read in either case, and nothing else with X") {
  CHECK(CardText(C("X1")) == "X1");
  CHECK(CardText(C("x2")) == "X2");
  CHECK(C("X1").rank() == Rank::kX);
  CHECK(C("X2").rank() == Rank::kX);
  CHECK(C("X1") != C("X2"));
  for (const char* bad : {"X", "X3", "X0", "Xc", "XX", "J1", "x", "X12"}) {
    INFO(bad);
    CHECK_FALSE(ParseCard(bad).has_value());
  }
  CHECK_FALSE(ParseRank("X").has_value());  // a rank text only in output
  CHECK(RankChar(Rank::kX) == 'X');
  // H-C1: a hand lists jokers after every other card, X1 first.
  CHECK(CardSetText(Set({"X2", "2s", "X1", "3c"})) == "3c 2s X1 X2");
}

TEST_CASE("H-C1 H-C2 H-B2: X on top of the order in force, reversed under révolution, and the deck") {
  const RankOrder none = OrderOf(Options{});
  CHECK(none == RankOrder{});  // H-A1
  CHECK_FALSE(none.Has(Rank::kX));
  CHECK(none.deck.size() == 52);
  for (const int jokers : {1, 2}) {
    CAPTURE(jokers);
    const RankOrder o = OrderOf(With({{"jokers", jokers == 1 ? "1" : "2"}}));
    CHECK(o.size() == 14);
    CHECK(o.deck.size() == 52 + jokers);
    CHECK(o.deck.contains(C("X1")));
    CHECK(o.deck.contains(C("X2")) == (jokers == 2));
    CHECK(o.TopRank(false) == Rank::kX);  // "au-dessus des deux"
    CHECK(o.TopRank(true) == Rank::k3);   // exactly reversed: X is the weakest
    CHECK(o.BottomRank(true) == Rank::kX);
    CHECK(o.Strength(Rank::kX, false) == 13);
    CHECK(o.Strength(Rank::k2, false) == 12);
    CHECK(o.StepUp(Rank::k2, false) == Rank::kX);  // C5: a step of this order
    CHECK(o.StepUp(Rank::kX, false) == std::nullopt);
  }
  // aces-high with jokers: ... K A X.
  const RankOrder ah = OrderOf(With({{"ranks", "aces-high"}, {"jokers", "2"}}));
  CHECK(ah.StepUp(Rank::kA, false) == Rank::kX);
  CHECK(ah.Strength(Rank::k2, false) == 0);
}

TEST_CASE("H-A3 H-A2: the jokers' options, their values exactly, and the refused combinations") {
  Options o;
  CHECK(SetOption(o, "jokers", "3") == "option \"jokers\" takes 0, 1 or 2, not \"3\"");
  CHECK(SetOption(o, "joker_order", "Coloured-high") ==
        "option \"joker_order\" takes equal or coloured-high, not \"Coloured-high\"");
  CHECK(SetOption(o, "joker_rank", "bottom") == "option \"joker_rank\" takes top or none, not \"bottom\"");
  CHECK(o == Options{});
  for (const auto& [name, value] : OptionValues(o)) CHECK((name != "jokers" && name != "joker_order" && name != "joker_rank"));
  CHECK(RefusedCombination(Options{}).empty());
  CHECK(RefusedCombination(With({{"jokers", "2"}, {"joker_order", "coloured-high"}})).empty());
  CHECK(RefusedCombination(With({{"jokers", "1"}, {"joker_order", "coloured-high"}})) ==
        "options \"joker_order\" and \"jokers\": coloured-high needs jokers 2 (H-C2)");
  CHECK(RefusedCombination(With({{"jokers", "2"}, {"joker_rank", "none"}})).starts_with(
      "options \"joker_rank\" and \"wild\": "));
  const Options two = With({{"jokers", "2"}});
  CHECK(OptionValues(two).back() == std::make_pair(std::string("jokers"), std::string("2")));
}

TEST_CASE("H-C2 K2: the jokers are the strongest cards a gift must hold") {
  State s;
  s.options = With({{"jokers", "2"}});
  s.order = OrderOf(s.options);
  s.dealt[0] = Set({"2c", "3d", "X2", "Ah"});
  const Gift best{0, 1, 2, true, false, false};
  const auto need = internal::GiftRankSlots(s, best);
  CHECK(need[static_cast<int>(Rank::kX)] == 1);  // X2, then a 2
  CHECK(need[static_cast<int>(Rank::k2)] == 1);
  CHECK(need[static_cast<int>(Rank::kA)] == 0);
}

// A pli where seat 1 is to act on seat 0's last play.
State OnLast(const Options& options, CardSet last, CardSet hand, bool revolution = false) {
  State s;
  s.options = options;
  s.order = OrderOf(options);
  s.seats = 4;
  s.seat_names = {"A", "B", "C", "D"};
  s.phase = Phase::kPlay;
  s.manche = 1;
  s.revolution = revolution;
  s.turn = 1;
  s.hands[0] = Set({"4c"});
  s.hands[1] = hand;
  s.hands[2] = Set({"5c"});
  s.hands[3] = Set({"6c"});
  s.pli.leader = 0;
  s.pli.count = last.size();
  s.pli.plays = 1;
  s.pli.last_seat = 0;
  s.pli.last_cards = last;
  s.pli.played = last;
  s.discards = last;
  return s;
}

std::vector<LegalAction> Plays(const State& s) {
  std::vector<LegalAction> plays;
  for (const LegalAction& a : LegalActions(s))
    if (a.type == EventType::kPlay) plays.push_back(a);
  return plays;
}

TEST_CASE("H-B4 step 3 H-B6: under coloured-high a joker entry names its card, each set once") {
  const Options ch = With({{"jokers", "2"}, {"joker_order", "coloured-high"}, {"top_rank_closes", "false"}});
  // On a 9: X1 alone and X2 alone, each once; no pair (the pli is in singles).
  std::vector<LegalAction> plays = Plays(OnLast(ch, Set({"9c"}), Set({"X1", "X2", "3c"})));
  REQUIRE(plays.size() == 2);
  CHECK(plays[0].cards == Set({"X1"}));
  CHECK(plays[1].cards == Set({"X2"}));
  // A hand with one joker: one entry, not two.
  plays = Plays(OnLast(ch, Set({"9c"}), Set({"X1", "3c"})));
  REQUIRE(plays.size() == 1);
  CHECK(plays[0].cards == Set({"X1"}));
  // On X1: X2 beats; on X2: X1 loses (equal plays are allowed: still refused).
  plays = Plays(OnLast(ch, Set({"X1"}), Set({"X2", "3c"})));
  REQUIRE(plays.size() == 1);
  CHECK(plays[0].cards == Set({"X2"}));
  State on_x2 = OnLast(ch, Set({"X2"}), Set({"X1", "3c"}));
  CHECK(Plays(on_x2).empty());
  const auto v = Decide(on_x2, Event{PlayEvent{1, {C("X1")}, Declare::kNone}});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);
  CHECK(v->rule == "H-C2");
  // Under révolution the one with fewer X2 beats.
  CHECK_FALSE(Decide(OnLast(ch, Set({"X2"}), Set({"X1", "3c"}), true),
                     Event{PlayEvent{1, {C("X1")}, Declare::kNone}}));
  // joker_order equal: they tie (equal plays allowed here), and no entry names cards.
  const Options eq = With({{"jokers", "2"}, {"top_rank_closes", "false"}});
  State tie = OnLast(eq, Set({"X2"}), Set({"X1", "3c"}));
  CHECK_FALSE(Decide(tie, Event{PlayEvent{1, {C("X1")}, Declare::kNone}}));
  plays = Plays(tie);
  REQUIRE(plays.size() == 1);
  CHECK(plays[0].cards.empty());
}

}  // namespace
}  // namespace pli
