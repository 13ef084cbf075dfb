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

namespace {

// The arguments a verb needs to be parsed (its required options), for a
// game whose seats are 0 and 1.
std::vector<std::string> Required(const pli::VerbFact& verb) {
  std::vector<std::string> args;
  for (const pli::VerbFact::Option& option : verb.takes) {
    if (option.name == "--seat" || option.name == "--from") args.insert(args.end(), {option.name, "0"});
    if (option.name == "--to") args.insert(args.end(), {"--to", "1"});
    if (option.name == "CARDS" || option.name == "BID") args.push_back("0");
  }
  return args;
}

bool Has(const std::string& text, const std::string& part) { return text.find(part) != std::string::npos; }

TEST_CASE("the live verbs are the registered games': each offered, another game's refused, writing nothing") {
  TempDir dir;
  for (const pli::Game* game : pli::Games()) {
    const pli::GameFacts facts = game->Facts();
    REQUIRE(!facts.rulesets.empty());
    // Each of its verbs is a command of pli.
    for (const pli::VerbFact& verb : facts.verbs) {
      INFO("pli " << verb.name << " --help");
      CHECK(PliArgv({verb.name, "--help"}).status == 0);
    }
    const std::string db = (dir.path / (facts.game + ".db")).string();
    std::string names;
    for (int s = 0; s < facts.rulesets.front().min_seats; ++s) names += (s ? ",P" : "P") + std::to_string(s);
    const Result made = PliArgv({"new", "--db", db, "--game", "g1", "--seats", names, "--ruleset",
                                 facts.rulesets.front().name, "--no-time"});
    INFO(made.err);
    REQUIRE(made.status == 0);
    const std::string before = Export(db);
    // Every other game's verb that it lacks is refused by name, before
    // anything is written.
    for (const pli::Game* other : pli::Games()) {
      for (const pli::VerbFact& verb : other->Facts().verbs) {
        bool own = false;
        for (const pli::VerbFact& mine : facts.verbs) own = own || mine.name == verb.name;
        if (own) continue;
        std::vector<std::string> args = {verb.name, "--db", db, "--game", "g1", "--no-time"};
        for (const std::string& a : Required(verb)) args.push_back(a);
        const Result r = PliArgv(args);
        INFO("pli " << verb.name << " on a game of " << facts.title << ": " << r.err);
        CHECK(r.status == 2);
        // Every game that has the verb is named (a third game's `pass` is
        // Super Président's and its own: "... an action of A and B; ...").
        std::string owners;
        for (const pli::Game* any : pli::Games()) {
          for (const pli::VerbFact& v : any->Facts().verbs) {
            if (v.name == verb.name) owners += (owners.empty() ? "" : " and ") + any->Facts().title;
          }
        }
        CHECK(Has(r.err, "pli " + verb.name + " is an action of " + owners + "; game \"g1\" is a game of " +
                             facts.title + ", which has no " + verb.plural));
        CHECK(Export(db) == before);
      }
    }
  }
  // A verb no game has is no command at all.
  const Result draw = PliArgv({"draw", "--db", (dir.path / "x.db").string(), "--game", "g1"});
  CHECK(draw.status == 2);
  CHECK(!std::filesystem::exists(dir.path / "x.db"));
}

TEST_CASE("the rulesets and seat ranges the cli names are the registered games' facts") {
  std::vector<std::string> rulesets;
  for (const pli::Game* game : pli::Games())
    for (const pli::RulesetFact& r : game->Facts().rulesets) rulesets.push_back(r.name);
  REQUIRE(rulesets.size() >= 2);
  const Result unknown = PliArgv({"new", "--db", "/nonexistent/x.db", "--game", "g", "--seats", "A,B,C,D",
                                  "--ruleset", "chess"});
  CHECK(unknown.status == 2);
  for (const std::vector<std::string>& command :
       {std::vector<std::string>{"new", "--help"}, {"simulate", "--help"}, {"prop", "--help"}}) {
    const Result help = PliArgv(command);
    INFO("pli " << command.front() << " --help");
    REQUIRE(help.status == 0);
    for (const std::string& name : rulesets) CHECK(Has(help.out, name));
  }
  for (const std::string& name : rulesets) CHECK(Has(unknown.err, name));
  // Each game's seat range, as its facts give it, in simulate --seats.
  const std::string help = PliArgv({"simulate", "--help"}).out;
  for (const pli::Game* game : pli::Games()) {
    const pli::GameFacts facts = game->Facts();
    CHECK(Has(help, std::to_string(facts.min_seats) + " to " + std::to_string(facts.max_seats) + " for " + facts.title));
  }
}

}  // namespace
