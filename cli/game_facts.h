// game_facts.h: the lists the cli prints about the registered games, made
// from their facts (games/game.h GameFacts, Games()) so that a game added
// to the registry is named in every help and error without a word written
// here (issue 27): its rulesets, their seat ranges. Header-only.
#ifndef PLI_CLI_GAME_FACTS_H_
#define PLI_CLI_GAME_FACTS_H_

#include <string>
#include <vector>

#include "games/game.h"

namespace pli::cli {

// Every ruleset of every game, in the registry's order (the default game's
// first, its first ruleset the default).
inline std::vector<std::string> AllRulesets() {
  std::vector<std::string> out;
  for (const Game* game : Games())
    for (const RulesetFact& r : game->Facts().rulesets) out.push_back(r.name);
  return out;
}

// "a, b, c" (`last` before the last one: "a, b or c" with " or ").
inline std::string JoinNames(const std::vector<std::string>& names, const std::string& last = ", ") {
  std::string out;
  for (size_t i = 0; i < names.size(); ++i) {
    out += (i == 0 ? "" : i + 1 == names.size() ? last : ", ") + names[i];
  }
  return out;
}

// "Super Président and Skull King": every game's title.
inline std::string GameTitles() {
  std::vector<std::string> titles;
  for (const Game* game : Games()) titles.push_back(game->Facts().title);
  return JoinNames(titles, " and ");
}

// The default game's text of `field`, then each other game's under its
// title: "manche, phase, ... (Skull King: the bids ...; Other: ...)".
inline std::string TextsByGame(std::string GameFacts::*field) {
  std::string first, others;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    if ((facts.*field).empty()) continue;
    if (first.empty()) first = facts.*field;
    else others += (others.empty() ? "" : "; ") + facts.title + ": " + facts.*field;
  }
  return others.empty() ? first : first + " (" + others + ")";
}

// "super-president (default), classic, skull-king, ... or skull-king-original".
inline std::string RulesetsOr() {
  std::vector<std::string> names = AllRulesets();
  if (!names.empty()) names.front() += " (default)";
  return JoinNames(names, " or ");
}

// "super-president (default), classic, or Skull King's skull-king, ...":
// the default game's rulesets, then each other game's under its title.
inline std::string RulesetsByGame() {
  std::string out;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    std::vector<std::string> names;
    for (const RulesetFact& r : facts.rulesets) names.push_back(r.name);
    if (names.empty()) continue;
    if (out.empty()) {
      names.front() += " (default)";
      out = JoinNames(names);
    } else {
      out += ", or " + facts.title + "'s " + JoinNames(names);
    }
  }
  return out;
}

// "4 to 8 for Super Président, 2 to 8 for Skull King (2 to 6 for
// skull-king-original)": each game's seat range, and a ruleset's own where
// it differs.
inline std::string SeatRangesByGame() {
  std::string out;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    out += (out.empty() ? "" : ", ") + std::to_string(facts.min_seats) + " to " +
           std::to_string(facts.max_seats) + " for " + facts.title;
    std::vector<std::string> own;
    for (const RulesetFact& r : facts.rulesets) {
      if (r.min_seats != facts.min_seats || r.max_seats != facts.max_seats) {
        own.push_back(std::to_string(r.min_seats) + " to " + std::to_string(r.max_seats) + " for " + r.name);
      }
    }
    if (!own.empty()) out += " (" + JoinNames(own) + ")";
  }
  return out;
}

// "4 to 8; Skull King 2 to 8": the default game's seat range, then each
// other game's under its title.
inline std::string SeatRangesShort() {
  std::string out;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    const std::string range = std::to_string(facts.min_seats) + " to " + std::to_string(facts.max_seats);
    out += out.empty() ? range : "; " + facts.title + " " + range;
  }
  return out;
}

}  // namespace pli::cli

#endif  // PLI_CLI_GAME_FACTS_H_
