// examples_test.cc: SKULL_KING.md's worked examples A-F, event by event,
// with the verdicts and states the page states (never values read off the
// engine).
#include "games/skull_king/tests/rules/sk_table.h"

using namespace pli::sk;
using namespace pli::sk::test;

namespace {

std::vector<int> Totals(const State& s, int manche) {
  std::vector<int> out;
  for (const auto& line : s.history.at(manche - 1)) out.push_back(line.total);
  return out;
}

MancheScore Line(int bid, int won, int points, int bonus, int total) {
  MancheScore m;
  m.bid = bid, m.won = won, m.points = points, m.bonus = bonus, m.total = total;
  return m;
}

void RunA(Table& t) {
  t.Do(Deal({"pirate", "mermaid", "14y"}, "3g"));
  CHECK(t.state.trump == Suit::kGreen);
  t.Do(Bid(1, 1));
  t.Do(Bid(2, 0));
  CHECK(t.state.turn == 0);
  CHECK(t.state.to_bid == std::vector<int>{0});
  CHECK(t.state.bids == std::vector<std::optional<int>>{std::nullopt, 1, 0});
  auto v = t.Refuse(Bid(0, 0), "bid-equalizes");
  CHECK(v.rule == "SK-B4");
  t.Do(Bid(0, 1));
  t.Do(Play(1, "mermaid"));
  t.Do(Play(2, "14y"));
  t.Do(Play(0, "pirate"));
}

}  // namespace

TEST_CASE("Example A: mermaid against pirate, and the hook (SK-W1 a1, SK-B4)") {
  Table t(3);
  RunA(t);
  CHECK(t.state.phase == Phase::kMancheOver);
  CHECK(t.state.won == std::vector<int>{0, 1, 0});
  CHECK(t.state.last_trick->winner == 1);
  CHECK(t.state.last_trick->bonus == 10);
  CHECK(t.state.history[0][0] == Line(1, 0, -10, 0, -10));
  CHECK(t.state.history[0][1] == Line(1, 1, 20, 10, 30));
  CHECK(t.state.history[0][2] == Line(0, 0, 10, 0, 10));
  CHECK(t.state.scores == std::vector<int>{-10, 30, 10});
}

TEST_CASE("Example A with pirate_vs_mermaid: pirate (SK-R1 option)") {
  Table t(3, "skull-king", {{"pirate_vs_mermaid", "pirate"}});
  RunA(t);
  CHECK(t.state.last_trick->winner == 0);
  CHECK(t.state.last_trick->bonus == 30);
  CHECK(t.state.scores == std::vector<int>{50, -10, 10});
}

namespace {
void RunB(Table& t) {
  t.Do(Deal({"2p", "escape", "5g", "9y"}, "7b"));
  CHECK(t.state.trump == Suit::kBlack);
  t.Do(Bid(1, 0));
  t.Do(Bid(2, 0));
  t.Do(Bid(3, 1));
  CHECK(t.CodeOf(Bid(0, 0)) == "bid-equalizes");
  t.Do(Bid(0, 1));
  t.Do(Play(1, "escape"));
  t.Do(Play(2, "5g"));
  t.Do(Play(3, "9y"));
  t.Do(Play(0, "2p"));
}
}  // namespace

TEST_CASE("Example B: an escape led (SK-P4, SK-W1 d, SK-R2)") {
  Table t(4);
  RunB(t);
  CHECK(t.state.last_trick->winner == 3);
  CHECK(t.state.scores == std::vector<int>{-10, 10, 10, 20});
}

TEST_CASE("Example B with lead: defer-escapes (SK-W1 c)") {
  Table t(4, "skull-king", {{"lead", "defer-escapes"}});
  RunB(t);
  CHECK(t.state.last_trick->winner == 2);
  CHECK(t.state.scores == std::vector<int>{-10, 10, -10, -10});
}

namespace {
void RunC(Table& t) {
  t.Do(Deal({"1g", "2g", "3g"}, "4y"));
  t.Do(Bid(1, 0));
  t.Do(Bid(2, 0));
  t.Do(Bid(0, 0));
  t.Do(Play(1, "2g"));
  t.Do(Play(2, "3g"));
  t.Do(Play(0, "1g"));
  CHECK(t.state.last_trick->winner == 2);
  t.Do(Deal({"pirate 14b", "king 5y", "tigress 9y"}, "1p"));
  CHECK(t.state.manche == 2);
  CHECK(t.state.dealer == 1);
  CHECK(t.state.hand_size == 2);
  CHECK(t.state.trump == Suit::kPurple);
  CHECK(t.state.to_bid == std::vector<int>{2, 0, 1});
  t.Do(Bid(2, 0));
  t.Do(Bid(0, 0));
  t.Refuse(Bid(1, 2), "bid-equalizes");
  t.Do(Bid(1, 1));
  CHECK(t.state.trick->leader == 2);
  CHECK(t.Refuse(Play(2, "tigress"), "declare-required").rule == "SK-P3");
  t.Do(Play(2, "tigress", Declare::kPirate));
  t.Do(Play(0, "pirate"));
  t.Do(Play(1, "king"));
}
}  // namespace

TEST_CASE("Example C: the King, the Tigress, bonuses and a missed zero bid") {
  Table t(3);
  RunC(t);
  // The state after seq 17, as the page lists it.
  const State& s = t.state;
  CHECK(s.seq == 17);
  CHECK(s.manche == 2);
  CHECK(s.phase == Phase::kPlay);
  CHECK(s.dealer == 1);
  CHECK(s.hand_size == 2);
  CHECK(s.turned == C("1p"));
  CHECK(s.trump == Suit::kPurple);
  CHECK(s.turn == 1);
  CHECK(s.to_bid.empty());
  CHECK(s.bids == std::vector<std::optional<int>>{0, 1, 0});
  CHECK(s.won == std::vector<int>{0, 1, 0});
  CHECK(s.hands[0] == [] { CardSet h; h.Add(Numbered(Suit::kBlack, 14)); return h; }());
  CHECK(CardSetText(s.hands[1]) == "5y");
  CHECK(CardSetText(s.hands[2]) == "9y");
  REQUIRE(s.trick);
  CHECK(s.trick->number == 2);
  CHECK(s.trick->leader == 1);
  CHECK(s.trick->plays.empty());
  CHECK(!s.trick->lead_suit);
  CHECK(s.trick->winning == -1);
  REQUIRE(s.last_trick);
  CHECK(s.last_trick->number == 1);
  CHECK(s.last_trick->leader == 2);
  CHECK(s.last_trick->plays == std::vector<PliPlay>{{2, kTigress, Declare::kPirate},
                                                    {0, kPirate, Declare::kNone},
                                                    {1, kKing, Declare::kNone}});
  CHECK(s.last_trick->winner == 1);
  CHECK(s.last_trick->bonus == 60);
  CHECK(s.bonus == std::vector<int>{0, 60, 0});
  CHECK(s.scores == std::vector<int>{10, 10, -10});
  REQUIRE(s.history.size() == 1);
  CHECK(s.history[0][0] == Line(0, 0, 10, 0, 10));
  CHECK(s.history[0][1] == Line(0, 0, 10, 0, 10));
  CHECK(s.history[0][2] == Line(0, 1, -10, 0, -10));
  CHECK(!s.winners);

  t.Do(Play(1, "5y"));
  t.Do(Play(2, "9y"));
  t.Do(Play(0, "14b"));
  CHECK(t.state.last_trick->winner == 2);
  CHECK(t.state.last_trick->bonus == 20);
  CHECK(t.state.bonus == std::vector<int>{0, 60, 20});
  CHECK(t.state.history[1][0] == Line(0, 0, 20, 0, 20));
  CHECK(t.state.history[1][1] == Line(1, 1, 20, 60, 80));
  CHECK(t.state.history[1][2] == Line(0, 1, -10, 0, -10));
  CHECK(t.state.scores == std::vector<int>{30, 90, -20});
}

TEST_CASE("Example C with zero_miss: per-card (SK-N1, SK-R7)") {
  Table t(3, "skull-king", {{"zero_miss", "per-card"}});
  RunC(t);
  t.Do(Play(1, "5y"));
  t.Do(Play(2, "9y"));
  t.Do(Play(0, "14b"));
  CHECK(Totals(t.state, 1)[2] == -10);
  CHECK(Totals(t.state, 2)[2] == -20);
  CHECK(t.state.scores == std::vector<int>{30, 90, -30});
}

TEST_CASE("Example D: a tour of the codes, with their precedence") {
  Table t(2);
  auto rule = [&](const Event& e, const std::string& code, const std::string& rule_id) {
    auto v = t.Refuse(e, code);
    CHECK(v.rule == rule_id);
  };
  rule(Bid(1, 0), "no-manche", "SK-G1");                                           // 2
  rule(Deal({"10g", "12g"}), "bad-deal", "SK-D3");                                 // 3
  t.Do(Deal({"10g", "12g"}, "king"));                                             // 4
  CHECK(!t.state.trump);
  rule(Play(0, "12g"), "bidding-pending", "SK-B3");                                // 5
  rule(Bid(0, 1), "not-your-turn", "SK-B2");                                       // 6
  rule(Bid(1, 2), "bid-out-of-range", "SK-B1");                                    // 7
  t.Do(Bid(1, 1));                                                                 // 8
  rule(Bid(1, 0), "already-bid", "SK-B1");                                         // 9
  rule(Bid(0, 0), "bid-equalizes", "SK-B4");                                       // 10
  t.Do(Bid(0, 1));                                                                 // 11
  rule(Play(0, "10g"), "not-your-turn", "SK-P1");                                  // 12
  rule(Play(1, "10g"), "card-not-in-hand", "SK-P1");                               // 13
  rule(Play(1, "12g", Declare::kPirate), "declare-not-allowed", "SK-P3");          // 14
  t.Do(Play(1, "12g"));                                                            // 15
  rule(Deal({"1y 2y", "3y 4y"}, "5y"), "bad-deal", "SK-D2");                       // 16
  t.Do(Play(0, "10g"));                                                            // 17
  CHECK(t.state.last_trick->winner == 1);
  CHECK(Totals(t.state, 1) == std::vector<int>{-10, 20});
  t.Do(Deal({"3y escape", "8y 14p"}, "6y"));                                      // 18
  CHECK(t.state.dealer == 1);
  CHECK(t.state.trump == Suit::kYellow);
  CHECK(t.state.turn == 0);
  t.Do(Bid(0, 1));                                                                 // 19
  CHECK(t.CodeOf(Bid(1, 1)) == "bid-equalizes");
  t.Do(Bid(1, 0));                                                                 // 20
  rule(Play(0, "3y escape"), "count-mismatch", "SK-P1");                           // 21
  t.Do(Play(0, "3y"));                                                             // 22
  CHECK(t.state.trick->lead_suit == Suit::kYellow);
  auto mf = t.Refuse(Play(1, "14p"), "must-follow");                               // 23
  CHECK(mf.rule == "SK-P5");
  CHECK(mf.message == "yellow was led and seat 1 holds 8y; 14p is another suit");
  t.Do(Play(1, "8y"));                                                             // 24
  CHECK(t.state.last_trick->winner == 1);
  t.Do(Play(1, "14p"));                                                            // 25
  t.Do(Play(0, "escape"));                                                         // 26
  CHECK(t.state.last_trick->winner == 1);
  CHECK(t.state.last_trick->bonus == 10);
  CHECK(Totals(t.state, 2) == std::vector<int>{-10, -20});
  rule(Bid(0, 1), "no-manche", "SK-G1");                                           // 27
  t.Do(End());                                                                     // 28
  CHECK(t.state.phase == Phase::kGameOver);
  CHECK(t.state.scores == std::vector<int>{-20, 0});
  CHECK(t.state.winners == std::vector<int>{1});
  rule(Deal({"1y", "2y"}), "game-over", "SK-G1");                                  // 29
  CHECK(t.state.seq == 29);
}

TEST_CASE("Example E: hand sizes with 8 seats (SK-D1, SK-R4)") {
  const Options o = *Preset("skull-king");
  for (int m = 1; m <= 8; ++m) CHECK(HandSize(o, 8, m) == m);
  CHECK(HandSize(o, 8, 9) == 8);
  CHECK(HandSize(o, 8, 10) == 8);
  CHECK(TurnsCard(o, 9));
  CHECK(!TurnsCard(o, 10));
  const Options off = *Preset("skull-king-official");
  for (int m = 1; m <= 10; ++m) CHECK(HandSize(off, 8, m) == HandSize(o, 8, m));
  for (int p = 2; p <= 7; ++p)
    for (int m = 1; m <= 10; ++m) CHECK(HandSize(o, p, m) == m);
  // With deck 66: 7 seats get 9 in manche 10, 8 seats 8 in manches 9-10.
  Options d66 = o;
  d66.deck = 66;
  CHECK(HandSize(d66, 7, 10) == 9);
  CHECK(HandSize(d66, 8, 9) == 8);
  CHECK(HandSize(d66, 8, 10) == 8);
}

TEST_CASE("Example E: a manche-9 deal of 9-card hands with 8 seats is bad-deal (SK-D1)") {
  Table t(8);
  // Play 8 manches of any legal moves, then deal manche 9 with 9 cards each.
  for (int m = 1; m <= 8; ++m) SkipManche(t);
  DealEvent nine;
  std::vector<Card> cards;
  CardSet::Deck(70).ForEachKind([&](Card c, int n) { for (int i = 0; i < n; ++i) cards.push_back(c); });
  size_t k = 0;
  for (int seat = 0; seat < 8; ++seat) {
    nine.hands.emplace_back();
    for (int i = 0; i < 8; ++i) nine.hands.back().push_back(cards[k++]);
  }
  nine.turned = cards[k++];
  DealEvent too_big = nine;
  for (int seat = 0; seat < 7; ++seat) too_big.hands[seat].push_back(cards[k++]);
  too_big.hands[7].push_back(*too_big.turned);  // 72 cards would be needed: any card will do
  auto v = t.Refuse(too_big, "bad-deal");
  CHECK(v.rule == "SK-D1");
  t.Do(nine);
  CHECK(t.state.hand_size == 8);
}

TEST_CASE("Example E: the scoring formulas (SK-N1, SK-N4)") {
  const Options sk = *Preset("skull-king");
  const Options off = *Preset("skull-king-official");
  Options round = sk;
  round.zero_base = ZeroBase::kRound;
  // 8 seats, manche 9 (H = 8): a zero bid made.
  CHECK(ScoreSeat(sk, 8, 9, 0, 0, 0, {}).total == 80);
  CHECK(ScoreSeat(round, 8, 9, 0, 0, 0, {}).total == 90);
  // Manche 7, a zero bid that wins 2 plis.
  CHECK(ScoreSeat(sk, 7, 7, 0, 2, 0, {}).total == -20);
  CHECK(ScoreSeat(off, 7, 7, 0, 2, 0, {}).total == -70);
  Options rascal = off;
  rascal.scoring = Scoring::kRascal;
  CHECK(ScoreSeat(rascal, 4, 4, 1, 1, 0, {}).total == 40);
  CHECK(ScoreSeat(rascal, 4, 4, 0, 1, 0, {}).total == 20);
  CHECK(ScoreSeat(rascal, 4, 4, 4, 2, 0, {}).total == 0);
  rascal.cannonball = true;
  CHECK(ScoreSeat(rascal, 6, 6, 3, 3, 0, Cannon::kGrapeshot).total == 60);
  CHECK(ScoreSeat(rascal, 6, 6, 3, 4, 0, Cannon::kGrapeshot).total == 30);
  CHECK(ScoreSeat(rascal, 6, 6, 3, 3, 0, Cannon::kCannonball).total == 90);
  CHECK(ScoreSeat(rascal, 6, 6, 3, 2, 0, Cannon::kCannonball).total == 0);
  rascal.cannonball = false;
  auto hit = ScoreSeat(rascal, 6, 6, 3, 3, 40, {});
  CHECK(hit.bonus == 40);
  auto glance = ScoreSeat(rascal, 6, 6, 3, 2, 40, {});
  CHECK(glance.bonus == 20);
}

namespace {

struct FCase {
  std::vector<PliPlay> plays;
  std::optional<Suit> seed_trump;
  int seed_winner;
  int seed_bonus;
  int official_winner;
  int official_bonus;
};

PliPlay P(int seat, const std::string& card, Declare d = Declare::kNone) {
  return PliPlay{seat, C(card), d};
}

}  // namespace

TEST_CASE("Example F: the winner of a pli (SK-W1, SK-N2)") {
  const Options seed = *Preset("skull-king");
  const Options off = *Preset("skull-king-official");
  const Declare pir = Declare::kPirate, esc = Declare::kEscape;
  const std::vector<FCase> cases = {
      {{P(0, "pirate"), P(1, "mermaid"), P(2, "2g")}, Suit::kPurple, 1, 0, 0, 20},
      {{P(0, "mermaid"), P(1, "pirate"), P(2, "king")}, std::nullopt, 0, 40, 0, 40},
      {{P(0, "king"), P(1, "pirate"), P(2, "tigress", pir)}, std::nullopt, 0, 60, 0, 60},
      {{P(0, "king"), P(1, "tigress", esc), P(2, "pirate")}, std::nullopt, 0, 30, 0, 30},
      {{P(0, "pirate"), P(1, "14b"), P(2, "king")}, std::nullopt, 2, 50, 2, 50},
      {{P(0, "7g"), P(1, "3b"), P(2, "14g")}, Suit::kGreen, 2, 10, 1, 10},
      {{P(0, "escape"), P(1, "5g"), P(2, "9y")}, Suit::kPurple, 2, 0, 1, 0},
      {{P(0, "escape"), P(1, "9y"), P(2, "9g")}, Suit::kPurple, 1, 0, 1, 0},
      {{P(0, "escape"), P(1, "escape"), P(2, "tigress", esc)}, std::nullopt, 0, 0, 0, 0},
      {{P(0, "escape"), P(1, "pirate"), P(2, "5g")}, std::nullopt, 1, 0, 1, 0},
      {{P(0, "mermaid"), P(1, "mermaid"), P(2, "king")}, std::nullopt, 0, 40, 0, 40},
      {{P(0, "tigress", pir), P(1, "pirate"), P(2, "14y")}, std::nullopt, 0, 10, 0, 10},
  };
  for (size_t i = 0; i < cases.size(); ++i) {
    INFO("row " << i + 1);
    const FCase& f = cases[i];
    const int ws = WinningIndex(seed, f.seed_trump, f.plays);
    CHECK(ws == f.seed_winner);
    CHECK(PliBonus(seed, f.plays, ws) == f.seed_bonus);
    const int wo = WinningIndex(off, Suit::kBlack, f.plays);
    CHECK(wo == f.official_winner);
    CHECK(PliBonus(off, f.plays, wo) == f.official_bonus);
  }
  // Row 4 with bonuses: original: the Tigress counts as a pirate: +60.
  Options orig = off;
  orig.bonuses = Bonuses::kOriginal;
  const std::vector<PliPlay> row4 = {P(0, "king"), P(1, "tigress", esc), P(2, "pirate")};
  CHECK(PliBonus(orig, row4, 0) == 60);
}

TEST_CASE("Example F, last row: the lead after pirate, 5g (SK-P4)") {
  const std::vector<PliPlay> two = {P(0, "pirate"), P(1, "5g")};
  Options o = *Preset("skull-king");
  CHECK(!LeadSuit(o, two));
  o.lead = Lead::kDeferEscapes;
  CHECK(!LeadSuit(o, two));
  o.lead = Lead::kFirstNumber;
  CHECK(LeadSuit(o, two) == Suit::kGreen);
  // And at a table: the third seat holding green must follow under first-number.
  for (const char* lead : {"first-card", "first-number"}) {
    Table t(3, "skull-king", {{"lead", lead}});
    t.Do(Deal({"3g", "pirate", "5g"}, "escape"));  // dealer 0: seat 1 leads
    t.Do(Bid(1, 0));
    t.Do(Bid(2, 0));
    t.Do(Bid(0, 0));
    t.Do(Play(1, "pirate"));
    t.Do(Play(2, "5g"));
    CHECK(t.CodeOf(Play(0, "3g")) == "legal");  // 3g is green either way
  }
  for (const char* lead : {"first-card", "first-number"}) {
    Table t(3, "skull-king", {{"lead", lead}});
    SkipManche(t);
    t.Do(Deal({"5g 6g", "3g 4y", "pirate escape"}, "escape"));  // dealer 1: seat 2 leads
    t.Do(Bid(2, 0));
    t.Do(Bid(0, 0));
    t.Do(Bid(1, 0));
    t.Do(Play(2, "pirate"));
    t.Do(Play(0, "5g"));
    CHECK(t.CodeOf(Play(1, "4y")) == (std::string(lead) == "first-card" ? "legal" : "must-follow"));
  }
}
