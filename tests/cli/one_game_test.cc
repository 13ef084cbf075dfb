// one_game_test.cc: the commands that look at one game of a database
// (state, legal, explain, replay) on a database holding none, or several
// and no --game (INTERFACE.md §2: exit 2, the error names what was wrong).
// A database with no game once made `pli explain` read past an empty list
// (a crash), and several games without --game were answered with a
// message about --head, which these commands do not take.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "referee/sqlite_store.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::PliArgv;
using pli::test::Result;
using pli::test::TempDir;

// The one-game commands, each with the arguments it needs besides --db.
const std::vector<std::vector<std::string>> kOneGameCommands = {
    {"state"}, {"legal"}, {"explain", "--at", "1"}, {"replay"},
    {"state", "--json"}, {"explain", "--at", "1", "--json"}};

std::vector<std::string> With(std::vector<std::string> args, const std::string& db) {
  args.insert(args.begin() + 1, {"--db", db});
  return args;
}

}  // namespace

TEST_CASE("A database with no game: the one-game commands say so and exit 2", "[cli][one-game]") {
  TempDir tmp;
  const std::string db = (tmp.path / "empty.db").string();
  pli::OpenSqliteStore(db, pli::OpenMode::kCreate);  // the schema, no game
  for (const std::vector<std::string>& args : kOneGameCommands) {
    const Result r = PliArgv(With(args, db));
    INFO(args.front() << " " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("empty.db holds no game") != std::string::npos);
  }
}

TEST_CASE("Two games and no --game: the one-game commands list them and ask for --game",
          "[cli][one-game]") {
  TempDir tmp;
  const std::string db = (tmp.path / "two.db").string();
  REQUIRE(PliArgv({"new", "--db", db, "--game", "g1", "--seats", "A,B,C,D", "--no-time"}).status == 0);
  REQUIRE(PliArgv({"new", "--db", db, "--game", "sk1", "--seats", "A,B,C", "--ruleset",
                   "skull-king", "--no-time"})
              .status == 0);
  for (const std::vector<std::string>& args : kOneGameCommands) {
    const Result r = PliArgv(With(args, db));
    INFO(args.front() << " " << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("holds 2 games (g1, sk1): choose one with --game ID") != std::string::npos);
    CHECK(r.err.find("--head") == std::string::npos);
    // With --game, each game is there to look at.
    std::vector<std::string> chosen = With(args, db);
    chosen.insert(chosen.end(), {"--game", "sk1"});
    if (args.front() != "replay") CHECK(PliArgv(chosen).status == 0);
  }
}
