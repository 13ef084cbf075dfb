// game_fixtures.h: where each game's scenarios are, for the tests that run
// every game's (docs/ARCHITECTURE.md: a game's fixtures are
// games/<game>/fixtures/). The folders are found, not listed, like the
// games themselves (games/CMakeLists.txt), so a new game's fixtures are run
// as soon as they exist.
#pragma once

#include <algorithm>
#include <filesystem>
#include <string>
#include <vector>

namespace pli::test {

// The games' folder: every scenario of the project is under it.
inline std::string GamesDir() { return std::string(PLI_SOURCE_DIR) + "/games"; }

// games/<game>/fixtures for every game that has one, in name order.
inline std::vector<std::string> GameFixtureDirs() {
  std::vector<std::string> dirs;
  for (const auto& entry : std::filesystem::directory_iterator(GamesDir())) {
    const std::filesystem::path fixtures = entry.path() / "fixtures";
    if (entry.is_directory() && std::filesystem::is_directory(fixtures)) dirs.push_back(fixtures.string());
  }
  std::sort(dirs.begin(), dirs.end());
  return dirs;
}

}  // namespace pli::test
