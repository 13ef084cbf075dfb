// live_verbs_test.cc: a game's live path called with a verb that is not
// one of its actions refuses it as bad usage and writes nothing (issue 27:
// Super Président's path once turned any verb it did not know into `end`,
// closing the game for good, RULES.md G1). The game's live entry is called
// directly (cli/game_commands.h), since the `pli` binary's parser never
// hands it a verb it does not list; the database is made and read back
// through the binary.
#include <catch2/catch.hpp>
#include <filesystem>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/game_commands.h"
#include "cli/live.h"
#include "games/game.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Export;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::TempDir;

TEST_CASE("a game's live path refuses a verb that is not its own, writing nothing") {
  TempDir dir;
  const std::string db = (dir.path / "g.db").string();
  const Result made = PliArgv({"new", "--db", db, "--game", "g1", "--seats", "Ana,Bo,Cy,Di", "--no-time"});
  INFO(made.err);
  REQUIRE(made.status == 0);
  const std::string before = Export(db);

  const pli::Game* president = pli::FindGame("super-president");
  REQUIRE(president != nullptr);
  const auto live = pli::cli::CommandsOf(*president).live;
  REQUIRE(live != nullptr);
  pli::cli::LiveArgs args;
  args.db = db;
  args.game = "g1";
  args.no_time = true;
  args.seat = "0";
  for (const char* verb : {"draw", "bid", "stop"}) {
    INFO("verb " << verb);
    REQUIRE_THROWS_AS(live(verb, args), std::runtime_error);
    CHECK(Export(db) == before);  // no `end`, nothing else either
  }
}

}  // namespace
