// table.h: bot tables for the bots tests: a game event, random rulesets,
// seeded deals, whole games played in memory through the driver.
#ifndef PLI_TESTS_BOTS_TABLE_H_
#define PLI_TESTS_BOTS_TABLE_H_

#include <memory>
#include <string>
#include <vector>

#include "games/president/bots/bot.h"
#include "bots/rng.h"
#include "games/president/rules/rules.h"
#include "games/president/referee/shuffle.h"

namespace pli::test {

inline Event GameOf(int seats, const Options& options) {
  GameEvent g;
  g.game = "bots";
  g.options = options;
  for (int s = 0; s < seats; ++s) g.seats.push_back("bot" + std::to_string(s));
  return Event{g};
}

// Mostly super-president; also classic, and each named option toggled now
// and then.
inline Options RandomOptions(bots::Rng& rng) {
  Options o = *Preset(rng.Below(4) == 0 ? "classic" : "super-president");
  if (rng.Below(3) == 0) {
    for (const auto& [name, value] : OptionValues(o)) {
      if (rng.Below(4) != 0) continue;
      if (value == "true" || value == "false")
        SetOption(o, name, value == "true" ? "false" : "true");
      if (name == "solo_continuation") SetOption(o, name, rng.Below(2) ? "always" : "never");
      if (name == "exchange") SetOption(o, name, rng.Below(2) ? "choice" : "worst");
    }
  }
  // K3 exchange_cards and S3 later_lead, in either ruleset (classic sets
  // one and president).
  if (rng.Below(3) == 0) SetOption(o, "exchange_cards", rng.Below(2) ? "one" : "two-one");
  if (rng.Below(3) == 0) SetOption(o, "later_lead", rng.Below(2) ? "president" : "trouduc");
  return o;
}

struct BotTable {
  State state;
  std::vector<Event> log;
  std::vector<std::unique_ptr<Bot>> owned;
  std::vector<Bot*> bots;

  BotTable(const Options& options, const std::vector<Level>& levels, uint64_t seed,
           const BotBudget& budget = {}) {
    log.push_back(GameOf(static_cast<int>(levels.size()), options));
    Step(state, log.back());
    for (size_t s = 0; s < levels.size(); ++s) {
      owned.push_back(MakeBot(levels[s], seed * 131 + s, budget));
      bots.push_back(owned.back().get());
    }
  }
  // Plays one manche dealt from `deal_seed`; "" or what went wrong.
  std::string Manche(int64_t deal_seed) {
    return PlayManche(state, log, DealFromSeed(state.seats, deal_seed), bots);
  }
};

// Calls f(state, prefix) after each event of `log`: every position of the
// game, with the log that leads to it.
template <class F>
void ForEachPosition(const std::vector<Event>& log, F f) {
  State s;
  std::vector<Event> prefix;
  for (const Event& e : log) {
    Step(s, e);
    prefix.push_back(e);
    f(static_cast<const State&>(s), static_cast<const std::vector<Event>&>(prefix));
  }
}

}  // namespace pli::test

#endif  // PLI_TESTS_BOTS_TABLE_H_
