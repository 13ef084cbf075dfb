// verb_option_test.cc: a game's own verb option (games/game.h,
// VerbFact::Option::field) is wired by the cli with no line of its own
// (issue 27: the live verbs' options were a fixed list in cli/live.cc, so a
// third game's `--suit` needed the cli touched). The option fills the field
// it names with the text as typed, its values are checked when the command
// line is parsed, and an option given nowhere leaves no field.
#include <CLI/CLI.hpp>
#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/live.h"
#include "games/game.h"

namespace {

pli::VerbFact EightVerb() {
  pli::VerbFact verb;
  verb.name = "eight";
  verb.plural = "eights";
  verb.help = "play an eight and name a suit";
  verb.takes = {{"--seat", "who plays"},
                {"--suit", "the suit the eight names", "suit", {"c", "d", "h", "s"}, true},
                {"--note", "any words for the log", "note"}};
  return verb;
}

// Parses `words` as `pli eight ...` into `args`.
void ParseEight(pli::cli::LiveArgs& args, std::vector<std::string> words) {
  CLI::App app;
  CLI::App* c = app.add_subcommand("eight");
  for (const pli::VerbFact::Option& option : EightVerb().takes) pli::cli::AddVerbOption(c, option, args, {});
  words.insert(words.begin(), "eight");
  std::vector<std::string> reversed(words.rbegin(), words.rend());
  app.parse(reversed);  // CLI11 takes its words last first
}

TEST_CASE("a game's own verb option fills its field as typed, its values checked") {
  pli::cli::LiveArgs args;
  args.game = "g1";
  ParseEight(args, {"--seat", "Bo", "--suit", "h"});
  const boost::json::object fields = pli::cli::VerbFields(EightVerb(), args, {"Ann", "Bo"});
  CHECK(fields.at("seat").as_int64() == 1);  // --seat by name, as every verb
  CHECK(fields.at("suit").as_string() == "h");
  CHECK_FALSE(fields.contains("note"));  // not given: no field
  CHECK(fields.size() == 2);
}

TEST_CASE("a game's own verb option given writes its text, in the verb's order") {
  pli::cli::LiveArgs args;
  args.game = "g1";
  ParseEight(args, {"--seat", "0", "--suit", "c", "--note", "eight of clubs"});
  const boost::json::object fields = pli::cli::VerbFields(EightVerb(), args, {"Ann", "Bo"});
  CHECK(fields.at("note").as_string() == "eight of clubs");
  std::vector<std::string> order;
  for (const auto& field : fields) order.emplace_back(field.key());
  CHECK(order == std::vector<std::string>{"seat", "suit", "note"});
}

TEST_CASE("a game's own verb option refuses a value off its list, and a required one missing") {
  pli::cli::LiveArgs args;
  CHECK_THROWS_AS(ParseEight(args, {"--seat", "0", "--suit", "x"}), CLI::ValidationError);
  pli::cli::LiveArgs none;
  CHECK_THROWS_AS(ParseEight(none, {"--seat", "0"}), CLI::RequiredError);
}

TEST_CASE("an option the cli does not know and that names no field is a programming error") {
  CLI::App app;
  CLI::App* c = app.add_subcommand("eight");
  pli::cli::LiveArgs args;
  CHECK_THROWS_AS(pli::cli::AddVerbOption(c, {"--suit", "no field"}, args, {}), std::logic_error);
}

}  // namespace
