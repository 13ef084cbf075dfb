// sk_bot_table.h: Skull King bot tables for the tests: game events with
// random options, whole games through the driver.
#ifndef PLI_TESTS_BOTS_SKULL_KING_SK_BOT_TABLE_H_
#define PLI_TESTS_BOTS_SKULL_KING_SK_BOT_TABLE_H_

#include <catch2/catch.hpp>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "games/skull_king/bots/bot.h"
#include "bots/rng.h"

namespace pli::sk::test {

using Overrides = std::vector<std::pair<std::string, std::string>>;

inline const char* kRulesets[] = {"skull-king", "skull-king-official", "skull-king-original"};

// Each option given a random value now and then; retried until CheckGame
// accepts the game.
inline Overrides RandomOverrides(bots::Rng& rng, const std::string& ruleset, int seats) {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> kTable = {
      {"trump", {"turned", "black", "none"}},
      {"pirate_vs_mermaid", {"mermaid", "pirate"}},
      {"lead", {"first-card", "defer-escapes", "first-number"}},
      {"bidding", {"sequential", "simultaneous"}},
      {"hook", {"true", "false"}},
      {"bid_max", {"hand", "ten"}},
      {"zero_miss", {"per-trick", "per-card"}},
      {"zero_base", {"cards", "round"}},
      {"bonuses", {"2021", "original"}},
      {"bonus_on_miss", {"true", "false"}},
      {"scoring", {"skull-king", "rascal"}},
      {"cannonball", {"true", "false"}},
      {"deck", {"70", "66"}},
  };
  for (;;) {
    Overrides o;
    for (const auto& [key, values] : kTable)
      if (rng.Below(3) == 0) o.emplace_back(key, values[rng.Below(static_cast<int>(values.size()))]);
    if (rng.Below(3) == 0) o.emplace_back("first_dealer", std::to_string(rng.Below(seats)));
    Options out;
    if (MakeOptions(ruleset, o, seats, out).empty()) return o;
  }
}

inline GameEvent GameOf(int seats, const std::string& ruleset, Overrides o = {}) {
  GameEvent g;
  g.game = "bots";
  g.ruleset = ruleset;
  g.overrides = std::move(o);
  for (int s = 0; s < seats; ++s) g.seats.push_back("bot" + std::to_string(s));
  return g;
}

struct BotTable {
  State state;
  std::vector<Event> log;
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;

  BotTable(const GameEvent& game, const std::vector<Level>& levels, uint64_t seed,
           const BotBudget& budget = {}) {
    log.push_back(game);
    auto v = Step(state, log.back());
    INFO((v ? v->message : ""));
    REQUIRE(!v);
    for (size_t s = 0; s < levels.size(); ++s) {
      owned.push_back(MakeBot(levels[s], seed * 131 + s, budget));
      bots.push_back(owned.back().get());
    }
  }
};

}  // namespace pli::sk::test

#endif  // PLI_TESTS_BOTS_SKULL_KING_SK_BOT_TABLE_H_
