// traps_test.cc: the small traps of the command line (issue 11 item 7):
// an acknowledgement hint that can be copied and run, pli --version, help
// that teaches each command with its own examples and the whole exit
// status, seat names that cannot be confused with seat numbers, and
// messages that say what is wrong in words instead of showing internals.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using pli::test::Export;
using pli::test::Json;
using pli::test::Lines;
using pli::test::Pli;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::TempDir;

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

// `text` with every run of white space made one space, so that a check does
// not depend on where the help text breaks its lines.
std::string Flat(const std::string& text) {
  std::string out;
  for (char c : text) {
    const bool space = c == ' ' || c == '\n';
    if (space && (out.empty() || out.back() == ' ')) continue;
    out += space ? ' ' : c;
  }
  return out;
}

}  // namespace

TEST_CASE("issue 11: the acknowledgement's audit command names the database and the game, and "
          "runs as printed") {
  TempDir dir;
  const fs::path sub = dir.path / "my games";  // a space: the command must quote it
  fs::create_directory(sub);
  const std::string db = (sub / "t.db").string();
  const Result r =
      PliArgv({"new", "--db", db, "--game", "g 1", "--seats", "Ana,Bo,Cy,Di", "--no-time"});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  std::string command;
  for (const std::string& line : Lines(r.out)) {
    const size_t at = line.find("pli audit ");
    if (at != std::string::npos) command = line.substr(at + 4);  // after "pli "
  }
  INFO("the hint: " << command);
  REQUIRE(!command.empty());
  CHECK(Has(command, "--db '" + db + "' --game 'g 1' --head 1:"));
  CHECK_FALSE(Has(command, "FILE"));
  // Run as printed, through the shell: it proves the head.
  const Result audit = Pli(command);
  INFO(audit.out << audit.err);
  CHECK(audit.status == 0);
  CHECK(Has(audit.out, "game g 1: 1 events, hash chain ok, clean"));
}

TEST_CASE("issue 11: pli --version") {
  const Result text = PliArgv({"--version"});
  CHECK(text.status == 0);
  CHECK(text.out == "pli 0.1\n");  // CMakeLists.txt: project(pli VERSION 0.1)
  const Result json = PliArgv({"--version", "--json"});
  CHECK(json.status == 0);
  CHECK(Json(json) == boost::json::parse(R"({"name":"pli","version":"0.1"})"));
}

TEST_CASE("issue 11: every command's --help has its own examples and the exit statuses") {
  for (const std::string command :
       {"audit", "state", "legal", "explain", "diff", "check", "replay", "new", "deal",
        "exchange", "play", "pass", "close", "end", "import", "export", "backup", "simulate",
        "prop"}) {
    const Result r = PliArgv({command, "--help"});
    INFO("pli " << command << " --help\n" << r.out);
    CHECK(r.status == 0);
    CHECK(Has(r.out, "Exit status"));
    // The lines of its "Examples:" block each run this command (a line that
    // ends in a backslash goes on on the next; what reaches the examples'
    // position is in a block "Before the examples:" above it).
    const std::vector<std::string> lines = Lines(r.out);
    size_t examples = 0;
    bool in_block = false;
    bool continued = false;
    for (const std::string& line : lines) {
      if (line == "Examples:") {
        in_block = true;
        continue;
      }
      if (!in_block) continue;
      if (line.rfind("  ", 0) != 0) break;  // the block ends
      if (!continued) {
        CHECK_THAT(line, Catch::StartsWith("  pli " + command + " "));
        ++examples;
      }
      continued = !line.empty() && line.back() == '\\';
    }
    CHECK(examples >= 1);
  }
}

TEST_CASE("issue 11: the top-level help describes exit status 1 as a violation or a refusal") {
  const Result r = PliArgv({"--help"});
  CHECK(r.status == 0);
  CHECK(Has(Flat(r.out), "1 a rule violation found or an action refused"));
  CHECK(Has(Flat(r.out), "2 bad usage"));
}

TEST_CASE("issue 11: diff's usage line names its two logs") {
  const Result r = PliArgv({"diff", "--help"});
  CHECK(Has(r.out, "Usage: pli diff [OPTIONS] [A] [B]\n"));
  CHECK_FALSE(Has(r.out, "(0x)"));
}

TEST_CASE("issue 11: pli new refuses seat names with surrounding spaces or made of digits") {
  TempDir dir;
  const std::string db = (dir.path / "t.db").string();
  REQUIRE(PliArgv({"new", "--db", db, "--game", "g1", "--seats", "Ana,Bo,Cy,Di"}).status == 0);
  const std::string before = Export(db);
  struct Case {
    std::string seats;
    std::string says;
  };
  for (const Case& c : std::vector<Case>{
           {" Ana,Bo,Cy,Di", "\" Ana\" begins or ends with a space"},
           {"Ana,Bo ,Cy,Di", "\"Bo \" begins or ends with a space"},
           {"Ana,2,Cy,Di", "\"2\" is a number, and --seat N means seat number N"},
           {"Ana,Bo,Cy,17", "\"17\" is a number"},
       }) {
    const Result r = PliArgv({"new", "--db", db, "--game", "g2", "--seats", c.seats});
    INFO("--seats " << c.seats << "\n" << r.err);
    CHECK(r.status == 2);
    CHECK(Has(r.err, "pli: --seats: " + c.says));
    CHECK(Export(db) == before);  // nothing written
  }
  // A name with a digit and a letter, or an inner space, is a name.
  CHECK(PliArgv({"new", "--db", db, "--game", "g3", "--seats", "Ana 2,B2,Cy,Di"}).status == 0);
}

TEST_CASE("issue 11: messages say what is wrong, not the library's internals") {
  TempDir dir;
  const std::string game = R"({"type":"game","game":"g","seats":["A","B","C","D"]})";
  // A directory given as SOURCE.
  Result r = PliArgv({"audit", dir.path.string()});
  CHECK(r.status == 2);
  CHECK(Has(r.err, dir.path.string() + " is a directory, not a log file"));
  CHECK_FALSE(Has(r.err, "basic_filebuf"));
  // Bad JSON: the line and the column, and what is there.
  r = PliArgv({"audit", dir.Write("bad.jsonl", game + "\n{\"type\":\"pass\",,}\n")});
  CHECK(r.status == 2);
  CHECK(Has(r.err, "bad.jsonl: line 2: bad JSON at column 16: unexpected ','"));
  // A number for the type: which types there are (a malformed event,
  // reported by audit on stdout: INTERFACE.md §2).
  r = PliArgv({"audit", dir.Write("type.jsonl", game + "\n{\"type\":5,\"seat\":1}\n")});
  CHECK(r.status == 2);
  CHECK(Has(r.out, "line 2, field \"type\": must be a string naming the event, not a number "
                   "(the event types are game, deal, exchange, play, pass, close, end)"));
}
