// generator_stats_test.cc: how often the random games of game_gen.h reach
// the situations the properties are about. Hidden ([.]): run it by name,
// `president_property_test "[stats]"`, when changing the generator.
#include <catch2/catch.hpp>
#include <iostream>
#include <map>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

TEST_CASE("generator coverage", "[.][stats]") {
  std::map<std::string, long> n;
  Prop("count situations", [&] {
    const Game g = PlayOrFail(*GenScript());
    ++n["games"];
    n["events"] += static_cast<long>(g.events.size());
    int revolutions_this_manche = 0;
    for (size_t k = 0; k < g.events.size(); ++k) {
      const Event& e = g.events[k];
      const State& before = g.states[k];
      const State& after = g.states[k + 1];
      if (std::holds_alternative<DealEvent>(e.body)) ++n["deals"], revolutions_this_manche = 0;
      if (std::holds_alternative<ExchangeEvent>(e.body)) ++n["gifts"];
      if (std::holds_alternative<EndEvent>(e.body)) ++n["end events"];
      if (std::holds_alternative<CloseEvent>(e.body)) ++n["closes"];
      if (std::holds_alternative<PassEvent>(e.body))
        ++n[before.pli.solo ? "solo passes" : "passes"];
      if (auto* p = std::get_if<PlayEvent>(&e.body)) {
        ++n["plays"];
        if (p->declare == Declare::kSuite) ++n["suites declared"];
        if (p->declare == Declare::kReverse)
          ++n[before.pli.mode == Mode::kSuite ? "reverses in a suite" : "reverses declared"];
        if (p->cards.size() == 4) ++n["carres"];
        if (p->cards.size() > 1 && before.pli.count == 0) ++n["multi-card leads"];
        if (before.pli.solo) ++n["solo plays"];
        if (before.pli.ou_rien) ++n["plays under ou-rien"];
      }
      if (after.revolution != before.revolution && !std::holds_alternative<DealEvent>(e.body))
        if (++revolutions_this_manche == 2) ++n["contre-revolutions"];
      if (after.ranking != before.ranking) {
        ++n["manches finished"];
        n["top-rank finishers"] += static_cast<long>(after.top_finishers.size());
      }
      if (after.phase == Phase::kGameOver && before.phase != Phase::kGameOver &&
          !std::holds_alternative<EndEvent>(e.body))
        ++n["games ended by the manches option"];
    }
  });
  for (const auto& [k, v] : n) std::cout << k << ": " << v << "\n";
}

}  // namespace
}  // namespace pli::prop
