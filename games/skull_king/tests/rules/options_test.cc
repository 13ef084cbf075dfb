// options_test.cc: the presets, overrides and the game-level checks
// ("Presets and options").
#include "games/skull_king/tests/rules/sk_table.h"

using namespace pli::sk;
using namespace pli::sk::test;

TEST_CASE("Presets: the three columns of the table") {
  const Options seed = *Preset("skull-king");
  CHECK(seed == Options{});
  CHECK(seed.trump == Trump::kTurned);
  CHECK(seed.bidding == Bidding::kSequential);
  CHECK(seed.hook);
  const Options off = *Preset("skull-king-official");
  CHECK(off.trump == Trump::kBlack);
  CHECK(off.pirate_vs_mermaid == PirateVsMermaid::kPirate);
  CHECK(off.lead == Lead::kDeferEscapes);
  CHECK(off.bidding == Bidding::kSimultaneous);
  CHECK(!off.hook);
  CHECK(off.bid_max == BidMax::kHand);
  CHECK(off.zero_miss == ZeroMiss::kPerCard);
  CHECK(off.zero_base == ZeroBase::kCards);
  CHECK(off.bonuses == Bonuses::k2021);
  CHECK(off.deck == 70);
  const Options orig = *Preset("skull-king-original");
  CHECK(orig.trump == Trump::kBlack);
  CHECK(orig.lead == Lead::kFirstNumber);
  CHECK(orig.zero_miss == ZeroMiss::kPerCard);
  CHECK(orig.zero_base == ZeroBase::kRound);
  CHECK(orig.bonuses == Bonuses::kOriginal);
  CHECK(orig.deck == 66);
  CHECK(!Preset("super-president"));
  CHECK(SeatRange("skull-king") == std::pair{2, 8});
  CHECK(SeatRange("skull-king-original") == std::pair{2, 6});
}

TEST_CASE("Options: every value of the table round-trips") {
  const Options base = *Preset("skull-king");
  for (const auto& [key, value] : OptionValues(base)) {
    Options o = base;
    CHECK(SetOption(o, key, value) == "");
    CHECK(o == base);
  }
  Options o;
  CHECK(SetOption(o, "deck", "66") == "");
  CHECK(o.deck == 66);
  CHECK(SetOption(o, "trump", "none") == "");
  CHECK(o.trump == Trump::kNone);
  CHECK(SetOption(o, "bonuses", "original") == "");
  CHECK(SetOption(o, "first_dealer", "3") == "");
  CHECK(o.first_dealer == 3);
  const Options before = o;
  CHECK(SetOption(o, "colour", "red") != "");
  CHECK(SetOption(o, "trump", "Turned") != "");
  CHECK(SetOption(o, "deck", "52") != "");
  CHECK(SetOption(o, "hook", "1") != "");
  CHECK(o == before);
}

TEST_CASE("Game events that are malformed") {
  auto code = [](const Event& e) {
    auto v = Decide(State{}, e);
    return v ? std::string(CodeName(v->code)) : "legal";
  };
  CHECK(code(Game(2)) == "legal");
  CHECK(code(Game(8)) == "legal");
  CHECK(code(Game(1)) == "malformed");
  CHECK(code(Game(9)) == "malformed");
  CHECK(code(Game(6, "skull-king-original")) == "legal");
  CHECK(code(Game(7, "skull-king-original")) == "malformed");
  CHECK(code(Game(3, "skull-queen")) == "malformed");
  CHECK(code(Game(3, "skull-king", {{"nope", "x"}})) == "malformed");
  CHECK(code(Game(3, "skull-king", {{"lead", "first"}})) == "malformed");
  CHECK(code(Game(3, "skull-king", {{"cannonball", "true"}})) == "malformed");
  CHECK(code(Game(3, "skull-king", {{"scoring", "rascal"}, {"cannonball", "true"}})) == "legal");
  CHECK(code(Game(3, "skull-king", {{"scoring", "rascal"}, {"bonus_on_miss", "true"}})) ==
        "malformed");
  CHECK(code(Game(3, "skull-king", {{"bonus_on_miss", "true"}})) == "legal");
  CHECK(code(Game(3, "skull-king", {{"first_dealer", "2"}})) == "legal");
  CHECK(code(Game(3, "skull-king", {{"first_dealer", "3"}})) == "malformed");
  // A game event inside a game, and other events before one.
  Table t(3);
  CHECK(t.CodeOf(Game(3)) == "malformed");
  CHECK(code(Bid(0, 0)) == "malformed");
  CHECK(code(End()) == "malformed");
}

TEST_CASE("SK-S2, SK-R6: first_dealer moves the deal and the first bidder") {
  Table t(4, "skull-king", {{"first_dealer", "2"}});
  t.Do(Deal({"1b", "2b", "3b", "4b"}, "5b"));
  CHECK(t.state.dealer == 2);
  CHECK(t.state.to_bid == std::vector<int>{3, 0, 1, 2});
  CHECK(t.state.turn == 3);
}
