// house_wild_test.cc: H-W1 (`wild`) and H-W2 (`wild_tie`), HOUSE_RULES.md
// §3, against its text written here by hand: the options' wire form and
// refused combinations (H-A2, H-A3, H-C2), the order in force without the
// wild ranks (H-B2), effective ranks (H-B1: natural cards' rank, T for wild
// cards only), mixed-ranks (H-W1, H-B3), H-B4 step 2, no close with a wild
// card (H-B1), K2's strongest cards (a wild card above every natural one),
// and `legal` entries with their wild count (H-B6).
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/options.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/rules_internal.h"

namespace pli {
namespace {

Card WildC(const char* text) { return *ParseCard(text); }
CardSet WildSet(std::initializer_list<const char*> cards) {
  CardSet s;
  for (const char* c : cards) s.insert(WildC(c));
  return s;
}
CardList WildList(std::initializer_list<const char*> cards) {
  CardList l;
  for (const char* c : cards) l.push_back(WildC(c));
  return l;
}
Options WildOptions(const char* preset, std::initializer_list<std::pair<const char*, const char*>> values) {
  Options o = *Preset(preset);
  for (const auto& [name, value] : values) REQUIRE(SetOption(o, name, value).empty());
  return o;
}

// A pli where seat 1 is to act on seat 0's last play `last` (its effective
// rank written here by hand: `last_rank`).
State WildOnLast(const Options& options, CardSet last, Rank last_rank, CardSet hand, bool revolution = false) {
  State s;
  s.options = options;
  s.order = OrderOf(options);
  s.seats = 4;
  s.seat_names = {"A", "B", "C", "D"};
  s.phase = Phase::kPlay;
  s.manche = 1;
  s.revolution = revolution;
  s.turn = 1;
  s.hands[0] = WildSet({"4c"});
  s.hands[1] = hand;
  s.hands[2] = WildSet({"5c"});
  s.hands[3] = WildSet({"8c"});
  s.pli.leader = 0;
  s.pli.count = last.size();
  s.pli.plays = 1;
  s.pli.last_seat = 0;
  s.pli.last_cards = last;
  s.pli.last_rank = last_rank;
  s.pli.played = last;
  s.discards = last;
  return s;
}
std::optional<Violation> PlayOf(const State& s, std::initializer_list<const char*> cards) {
  return Decide(s, Event{PlayEvent{s.turn, WildList(cards), Declare::kNone}});
}

TEST_CASE("H-W1 H-W2 H-A3: the options' values, exactly, and shown only when not at their default") {
  Options o;
  for (const char* v : {"none", "X", "2", "3", "X+2", "X+3", "2+3", "X+2+3"}) {
    CHECK(SetOption(o, "wild", v).empty());
    CHECK(*OptionText(o, "wild") == v);
  }
  for (const char* bad : {"2+X", "x", "X+X", "", "4", "none+2", "X+3+2"}) {
    INFO(bad);
    CHECK_FALSE(SetOption(o, "wild", bad).empty());
  }
  CHECK(SetOption(o, "wild_tie", "Natural") ==
        "option \"wild_tie\" takes equal, natural or wild, not \"Natural\"");
  Options d;
  for (const auto& [name, value] : OptionValues(d)) CHECK((name != "wild" && name != "wild_tie"));
  REQUIRE(SetOption(d, "wild", "2").empty());
  CHECK(OptionValues(d).back() == std::make_pair(std::string("wild"), std::string("2")));
  // H-A3: "2" is the string "2" (the option's JSON type), not a number.
  CHECK(OptionJsonType("wild") == 's');
  CHECK(OptionJsonType("wild_tie") == 's');
  CHECK(OptionJsonType("jokers") == 'i');
  CHECK(OptionJsonType("equal_allowed") == 'b');
}

TEST_CASE("H-A2 H-W1 H-C2: the refused combinations of wild") {
  CHECK(RefusedCombination(WildOptions("super-president", {{"wild", "X"}})) ==
        "options \"wild\" and \"jokers\": X in wild needs jokers 1 or 2 (there is no joker to be wild) (H-W1)");
  CHECK(RefusedCombination(WildOptions("super-president", {{"wild", "X+2"}, {"jokers", "1"}})).empty());
  CHECK(RefusedCombination(WildOptions("super-president", {{"wild", "2+3"}})).empty());
  // H-C2: joker_rank none needs X in wild.
  CHECK(RefusedCombination(WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}, {"joker_rank", "none"}})).empty());
  CHECK(RefusedCombination(WildOptions("classic", {{"jokers", "1"}, {"wild", "2"}, {"joker_rank", "none"}}))
            .starts_with("options \"joker_rank\" and \"wild\": "));
  // H-C2: coloured-high is refused with X in wild, not with 2 wild.
  CHECK(RefusedCombination(WildOptions("classic", {{"jokers", "2"}, {"wild", "X"}, {"joker_order", "coloured-high"}})) ==
        "options \"joker_order\" and \"wild\": coloured-high is refused with X in wild (wild cards are all equal) (H-C2)");
  CHECK(RefusedCombination(WildOptions("classic", {{"jokers", "2"}, {"wild", "2"}, {"joker_order", "coloured-high"}}))
            .empty());
}

TEST_CASE("H-B2 H-W1: the wild ranks leave the order in force, their cards stay in the deck") {
  const RankOrder two = OrderOf(WildOptions("super-president", {{"wild", "2"}}));
  CHECK_FALSE(two.Has(Rank::k2));
  CHECK(two.size() == 12);
  CHECK(two.TopRank(false) == Rank::kA);  // "with 2 wild and normal ranks T is the A"
  CHECK(two.TopRank(true) == Rank::k3);
  CHECK(two.deck.size() == 52);
  CHECK(two.wild == CardSet::OfRank(Rank::k2));
  // 003's "Twos high, threes and jokers wild": wild X+3, joker_rank none:
  // the 2 is T, the 4 the weakest, X in no order.
  const RankOrder twos_high =
      OrderOf(WildOptions("classic", {{"jokers", "2"}, {"wild", "X+3"}, {"joker_rank", "none"}}));
  CHECK(twos_high.TopRank(false) == Rank::k2);
  CHECK(twos_high.BottomRank(false) == Rank::k4);
  CHECK_FALSE(twos_high.Has(Rank::kX));
  CHECK_FALSE(twos_high.Has(Rank::k3));
  CHECK(twos_high.deck.size() == 54);
  CHECK(twos_high.wild == (CardSet::OfRank(Rank::k3) | WildSet({"X1", "X2"})));
  // Wild X with joker_rank top: X stays T (H-B2 removes natural ranks only).
  const RankOrder x_top = OrderOf(WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}}));
  CHECK(x_top.TopRank(false) == Rank::kX);
  CHECK(x_top.size() == 14);
  // H-A1: without wild, the order is unchanged.
  CHECK(OrderOf(Options{}).wild.empty());
}

TEST_CASE("H-B1 H-W1: the effective rank of a set") {
  const RankOrder o = OrderOf(WildOptions("super-president", {{"wild", "2+3"}}));
  CHECK(o.EffectiveRank(WildSet({"6c", "2d"}), false) == Rank::k6);  // "ils prennent le rang de cette carte"
  CHECK(o.EffectiveRank(WildSet({"6c", "6h", "3d", "2s"}), false) == Rank::k6);
  CHECK(o.EffectiveRank(WildSet({"2d"}), false) == Rank::kA);          // wild only: T
  CHECK(o.EffectiveRank(WildSet({"2d", "3c"}), true) == Rank::k4);     // T under révolution: the 4
  CHECK(o.EffectiveRank(WildSet({"6c", "7c", "2d"}), false) == std::nullopt);
}

TEST_CASE("X-C3 H-W1 H-W2: mixed ranks, and natural beats wild under wild_tie natural (classic)") {
  const Options o = WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}, {"wild_tie", "natural"}});
  const State s = WildOnLast(o, WildSet({"6c", "6d"}), Rank::k6, WildSet({"6h", "7h", "X1"}));
  auto v = PlayOf(s, {"6h", "7h", "X1"});
  REQUIRE(v);
  CHECK(v->code == Code::kMixedRanks);
  CHECK(v->rule == "H-W1");
  v = PlayOf(s, {"6h", "X1"});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);  // one wild card against none
  CHECK(v->rule == "H-W2");
  CHECK_FALSE(PlayOf(s, {"7h", "X1"}));  // a pair of 7s
  // wild_tie wild: the one with more wild cards beats (classic: strictly).
  const Options w = WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}, {"wild_tie", "wild"}});
  CHECK_FALSE(PlayOf(WildOnLast(w, WildSet({"6c", "6d"}), Rank::k6, WildSet({"6h", "X1"})), {"6h", "X1"}));
  // wild_tie equal: a tie, and classic allows no equal play.
  const Options e = WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}});
  v = PlayOf(WildOnLast(e, WildSet({"6c", "6d"}), Rank::k6, WildSet({"6h", "X1"})), {"6h", "X1"});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);
  CHECK(v->rule == "H-W1");
  // As many wild cards: a tie (classic: too-weak), whatever wild_tie says.
  const Options o2 = WildOptions("classic", {{"jokers", "2"}, {"wild", "X"}, {"wild_tie", "natural"}});
  v = PlayOf(WildOnLast(o2, WildSet({"6c", "X2"}), Rank::k6, WildSet({"6h", "X1"})), {"6h", "X1"});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);
}

TEST_CASE("H-W1 H-B3: a set holds 1 to 4 cards, wild cards included") {
  const Options o = WildOptions("super-president", {{"wild", "2"}});
  State s = WildOnLast(o, WildSet({"5c"}), Rank::k5, WildSet({"6c", "6d", "6h", "6s", "2c"}));
  s.pli = Pli{};
  s.pli.leader = 1;  // seat 1 leads
  const auto v = PlayOf(s, {"6c", "6d", "6h", "6s", "2c"});
  REQUIRE(v);
  CHECK(v->code == Code::kMixedRanks);
  CHECK(v->rule == "H-B3");
  CHECK_FALSE(PlayOf(s, {"6c", "6d", "6h", "2c"}));  // a carré of 6s
}

TEST_CASE("X-C4 H-C2 H-W1: a lone wild joker with joker_rank none counts as the 2") {
  const Options none = WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}, {"joker_rank", "none"}});
  const auto v = PlayOf(WildOnLast(none, WildSet({"2c"}), Rank::k2, WildSet({"X1", "9c"})), {"X1"});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);  // a tie, and classic allows no equal play
  // joker_rank top: X is above the 2.
  const Options top = WildOptions("classic", {{"jokers", "1"}, {"wild", "X"}});
  CHECK_FALSE(PlayOf(WildOnLast(top, WildSet({"2c"}), Rank::k2, WildSet({"X1", "9c"})), {"X1"}));
}

TEST_CASE("H-W1 E1: a wild 2 alone is the A (T) and closes the pli in super-president") {
  const Options o = WildOptions("super-president", {{"wild", "2"}});
  const State s = WildOnLast(o, WildSet({"Kc"}), Rank::kK, WildSet({"2c", "9c"}));
  const Event e{PlayEvent{1, WildList({"2c"}), Declare::kNone}};
  REQUIRE_FALSE(Decide(s, e));
  const State after = Apply(s, e);
  CHECK(after.pli.count == 0);  // E1: T closes the pli, B leads
  CHECK(after.pli.leader == 1);
  // A natural A beats a K too, and also closes (T is the A).
  const State t = WildOnLast(o, WildSet({"Kc"}), Rank::kK, WildSet({"Ac", "9c"}));
  CHECK(Apply(t, Event{PlayEvent{1, WildList({"Ac"}), Declare::kNone}}).pli.count == 0);
  // A 2 with a 9 is a pair of 9s, not of As: it does not beat a pair of Ks.
  const State u = WildOnLast(o, WildSet({"Kc", "Kd"}), Rank::kK, WildSet({"2c", "9c"}));
  const auto v = PlayOf(u, {"9c", "2c"});
  REQUIRE(v);
  CHECK(v->code == Code::kTooWeak);
  CHECK(v->rule == "H-W1");
}

TEST_CASE("H-B1 H-W1: a pli whose last play holds a wild card keeps its effective rank (O1, ou-rien)") {
  const Options o = WildOptions("super-president", {{"jokers", "2"}, {"wild", "X"}, {"wild_tie", "natural"}});
  State s = WildOnLast(o, WildSet({"5c"}), Rank::k5, WildSet({"6d", "6h", "9c"}));
  s.pli = Pli{};
  s.pli.leader = 0;
  s.turn = 0;
  s.hands[0] = WildSet({"6c", "X1", "Qh"});
  s = Apply(s, Event{PlayEvent{0, WildList({"6c", "X1"}), Declare::kNone}});
  CHECK(LastPlayRank(s) == Rank::k6);
  CHECK(s.turn == 1);
  s = Apply(s, Event{PlayEvent{1, WildList({"6d", "6h"}), Declare::kNone}});
  CHECK(s.pli.ou_rien);  // O1: an equal play of 6s
}

TEST_CASE("H-B1: no close holds a wild card") {
  Options o = WildOptions("super-president", {{"wild", "3"}});
  State s = WildOnLast(o, WildSet({"7c", "7d"}), Rank::k7, WildSet({"9c"}));
  s.hands[2] = WildSet({"7h", "3c"});
  s.hands[3] = WildSet({"7s", "8c"});
  const auto v = Decide(s, Event{CloseEvent{2, WildList({"7h", "3c"})}});
  REQUIRE(v);
  CHECK(v->code == Code::kMixedRanks);  // P1: a close names one rank
  // A close of the last rank with every 7: natural cards only.
  s.hands[2] = WildSet({"7h", "7s", "3c"});
  s.hands[3] = WildSet({"8c"});
  CHECK_FALSE(Decide(s, Event{CloseEvent{2, WildList({"7h", "7s"})}}));
  // A pli on wild 3s alone (rank T = 2, X2) cannot be closed; the 3s are wild.
  State t = WildOnLast(o, WildSet({"3c", "3d"}), Rank::k2, WildSet({"9c"}));
  t.hands[2] = WildSet({"3h", "3s"});
  const auto w = Decide(t, Event{CloseEvent{2, WildList({"3h", "3s"})}});
  REQUIRE(w);
  CHECK(w->code == Code::kCloseNotAllowed);
  CHECK(w->rule == "H-W1");
}

TEST_CASE("H-W1 K2: a wild card is stronger than any natural card, and wild cards are equal (RULINGS.md H23)") {
  State s;
  s.options = WildOptions("super-president", {{"jokers", "1"}, {"wild", "X+2"}});
  s.order = OrderOf(s.options);
  s.seats = 4;
  s.seat_names = {"A", "B", "C", "D"};
  s.phase = Phase::kExchange;
  s.manche = 2;
  s.dealt[3] = WildSet({"2c", "X1", "Ac", "Kd", "5c"});
  s.hands[3] = s.dealt[3];
  s.gifts = {Gift{3, 0, 2, true, false, false}};
  const auto need = internal::GiftRankSlots(s, s.gifts[0]);
  CHECK(need[static_cast<int>(Rank::kX)] + need[static_cast<int>(Rank::k2)] == 2);  // the two wild cards
  CHECK(need[static_cast<int>(Rank::kA)] == 0);
  CHECK_FALSE(Decide(s, Event{ExchangeEvent{3, 0, WildList({"2c", "X1"})}}));
  const auto v = Decide(s, Event{ExchangeEvent{3, 0, WildList({"2c", "Ac"})}});
  REQUIRE(v);
  CHECK(v->code == Code::kExchangeWrongCards);
  // One gift card of three wild ones: any of them (they are equal).
  s.dealt[3] = WildSet({"2c", "2d", "X1", "Ac"});
  s.hands[3] = s.dealt[3];
  s.gifts = {Gift{3, 0, 1, true, false, false}};
  for (const char* c : {"2c", "2d", "X1"}) CHECK_FALSE(Decide(s, Event{ExchangeEvent{3, 0, WildList({c})}}));
  CHECK(Decide(s, Event{ExchangeEvent{3, 0, WildList({"Ac"})}}));
  // The weakest: wild cards last.
  s.gifts = {Gift{3, 0, 1, false, false, false}};
  CHECK_FALSE(Decide(s, Event{ExchangeEvent{3, 0, WildList({"Ac"})}}));
}

TEST_CASE("H-B6 H-W1: legal entries name their effective rank and wild count, and agree with Decide") {
  const Options o = WildOptions("super-president", {{"jokers", "1"}, {"wild", "X"}});
  // On a single 6: the 6h, and X1 alone (T: X, above the 2).
  const State s = WildOnLast(o, WildSet({"6c"}), Rank::k6, WildSet({"6h", "X1", "4d"}));
  std::vector<LegalAction> plays;
  for (const LegalAction& a : LegalActions(s))
    if (a.type == EventType::kPlay) plays.push_back(a);
  REQUIRE(plays.size() == 2);
  CHECK(plays[0].rank == Rank::k6);
  CHECK(plays[0].wild == 0);
  CHECK(plays[1].rank == Rank::kX);
  CHECK(plays[1].wild == 1);
  // A lead of 6h, 4d, X1: singles, pairs of 4s and 6s with X1, X1 alone.
  State lead = s;
  lead.pli = Pli{};
  lead.pli.leader = 1;
  int pairs_with_wild = 0, entries = 0;
  for (const LegalAction& a : LegalActions(lead)) {
    if (a.type != EventType::kPlay) continue;
    ++entries;
    CHECK_FALSE(Decide(lead, ToEvent(lead, a)));
    if (a.count == 2) {
      CHECK(a.wild == 1);
      ++pairs_with_wild;
    }
  }
  CHECK(entries == 5);  // 4d, 6h, X1, 4d X1, 6h X1
  CHECK(pairs_with_wild == 2);
  const LegalAction six_pair{EventType::kPlay, 1, Rank::k6, 2, Declare::kNone, -1, {}, {}, 1};
  const Event e = ToEvent(lead, six_pair);
  CHECK(std::get<PlayEvent>(e.body).cards == WildList({"6h", "X1"}));
}

}  // namespace
}  // namespace pli
