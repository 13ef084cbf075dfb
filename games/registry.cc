// registry.cc: the one shared file that knows every game
// (docs/ARCHITECTURE.md §3): each game's module, and the rulesets and
// stored bodies it answers to.
#include <array>

#include "games/game.h"
#include "games/president/module.h"
#include "games/skull_king/module.h"
#include "schema/strict_json.h"

namespace pli {
namespace {

// Every game: a new game is its module's #include above and its entry here
// (docs/ARCHITECTURE.md §4); the array's size follows the list.
const auto& All() {
  static const std::array games = std::to_array<const Game*>({
      &PresidentGame(),
      &sk::SkullKingGame(),
  });
  return games;
}

}  // namespace

std::span<const Game* const> Games() { return All(); }

const Game& DefaultGame() { return PresidentGame(); }

const Game* FindGame(std::string_view ruleset) {
  for (const Game* game : All()) {
    if (game->Answers(ruleset)) return game;
  }
  return nullptr;
}

const Game* GameOfBody(std::string_view body) {
  for (const Game* game : All()) {
    if (game->Owns(body)) return game;
  }
  return nullptr;
}

const Game& GameOfOpeningLine(std::string_view line) {
  const Game& fallback = DefaultGame();  // no ruleset: Super Président (INTERFACE.md §1)
  StrictJsonRead json = ReadStrictJson(line);
  if (!json.value || !json.value->is_object()) return fallback;
  const boost::json::value* ruleset = json.value->get_object().if_contains("ruleset");
  if (ruleset == nullptr || !ruleset->is_string()) return fallback;
  const Game* game = FindGame(std::string_view(ruleset->get_string()));
  return game != nullptr ? *game : fallback;
}

}  // namespace pli
