// bot_test.cc: every bot plays legal, terminating, reproducible games
// (RULES.md throughout; seed 000 §2.4.2 for the levels).
#include "games/president/bots/bot.h"

#include <catch2/catch.hpp>

#include "games/president/tests/bots/table.h"

namespace pli {
namespace {

using test::BotTable;

TEST_CASE("ParseLevel and LevelName round-trip, French names too", "[bots]") {
  for (Level l : {Level::kEasy, Level::kMedium, Level::kHard}) CHECK(ParseLevel(LevelName(l)) == l);
  CHECK(ParseLevel("difficile") == Level::kHard);
  CHECK(ParseLevel("moyen") == Level::kMedium);
  CHECK(ParseLevel("facile") == Level::kEasy);
  CHECK_FALSE(ParseLevel("expert"));
}

TEST_CASE("every bot plays only legal events and every manche ends, 4-8 seats, all rulesets",
          "[bots]") {
  bots::Rng rng(7);
  const BotBudget small{.samples = 3, .candidates = 3};
  int manches = 0;
  for (int game = 0; game < 60; ++game) {
    const int seats = 4 + rng.Below(5);
    const Options options = test::RandomOptions(rng);
    std::vector<Level> levels;
    for (int s = 0; s < seats; ++s) levels.push_back(static_cast<Level>(rng.Below(3)));
    BotTable t(options, levels, 1000 + game, small);
    for (int m = 0; m < 3 && t.state.phase == Phase::kMancheOver; ++m) {
      INFO("game " << game << " manche " << m << " seats " << seats);
      REQUIRE(t.Manche(game * 10 + m) == "");
      REQUIRE(t.state.ranking);
      CHECK(static_cast<int>(t.state.ranking->size()) == seats);
      CHECK(CheckInvariants(t.state) == "");
      ++manches;
    }
  }
  CHECK(manches >= 150);
}

TEST_CASE("K3 exchange_cards = one: every level makes the two legal gifts, the Président leads in classic",
          "[bots]") {
  for (int level = 0; level < 3; ++level) {
    for (const char* exchange : {"worst", "choice"}) {
      for (const char* lead : {"trouduc", "president"}) {
        Options o = *Preset("classic");
        REQUIRE(SetOption(o, "exchange", exchange).empty());
        REQUIRE(SetOption(o, "later_lead", lead).empty());
        const int seats = 4 + level;
        BotTable t(o, std::vector<Level>(seats, static_cast<Level>(level)), 77 + level,
                   BotBudget{.samples = 3, .candidates = 3});
        INFO("level " << level << " exchange " << exchange << " later_lead " << lead);
        REQUIRE(t.Manche(5) == "");
        const std::vector<int> ranking = *t.state.ranking;
        const size_t before = t.log.size();
        REQUIRE(t.Manche(6) == "");  // every gift legal (the driver stops at a refused one)
        int gifts = 0;
        State s = Apply(State{}, t.log[0]);
        for (size_t i = 1; i < t.log.size(); ++i) {
          if (i > before && std::holds_alternative<ExchangeEvent>(t.log[i].body)) {
            const auto& g = std::get<ExchangeEvent>(t.log[i].body);
            CHECK(g.cards.size() == 1);
            CHECK(((g.from == ranking.front() && g.to == ranking.back()) ||
                   (g.from == ranking.back() && g.to == ranking.front())));
            ++gifts;
          }
          if (i == before + 1 + 2) {  // the deal and both gifts: play starts (S3)
            CHECK(s.phase == Phase::kPlay);
            CHECK(s.turn == (std::string(lead) == "president" ? ranking.front() : ranking.back()));
          }
          s = Apply(s, t.log[i]);
        }
        CHECK(gifts == 2);
      }
    }
  }
}

TEST_CASE("a table of one level each plays legal games, 4 and 8 seats", "[bots]") {
  for (Level level : {Level::kEasy, Level::kMedium, Level::kHard})
    for (int seats : {4, 8}) {
      BotTable t(*Preset("super-president"), std::vector<Level>(seats, level), 3,
                 BotBudget{.samples = 2, .candidates = 3});
      for (int m = 0; m < 3; ++m) {
        INFO(LevelName(level) << " x" << seats << " manche " << m);
        REQUIRE(t.Manche(40 + m) == "");
      }
    }
}

TEST_CASE("the same seeds give the same game", "[bots]") {
  const std::vector<Level> levels{Level::kEasy, Level::kHard, Level::kMedium, Level::kEasy,
                                  Level::kHard};
  const BotBudget budget{.samples = 3, .candidates = 4};
  BotTable a(*Preset("super-president"), levels, 99, budget);
  BotTable b(*Preset("super-president"), levels, 99, budget);
  BotTable c(*Preset("super-president"), levels, 100, budget);
  for (int m = 0; m < 3; ++m) {
    REQUIRE(a.Manche(m) == "");
    REQUIRE(b.Manche(m) == "");
    REQUIRE(c.Manche(m) == "");
  }
  CHECK(a.log == b.log);
  CHECK(a.log != c.log);  // other bot seeds, other choices
}

TEST_CASE("SeatToAct: the turn in play, the first owing giver in the exchange, else none",
          "[bots]") {
  BotTable t(*Preset("super-president"), std::vector<Level>(4, Level::kMedium), 1);
  CHECK(SeatToAct(t.state) == -1);  // waiting for the first deal
  REQUIRE(t.Manche(1) == "");
  CHECK(SeatToAct(t.state) == -1);  // manche over
  Step(t.state, Event{DealEvent{DealFromSeed(4, 2)}});
  REQUIRE(t.state.phase == Phase::kExchange);
  CHECK(SeatToAct(t.state) == t.state.gifts[0].from);
}

}  // namespace
}  // namespace pli
