// json_error_test.cc: --json means one complete JSON document on stdout,
// whatever happens (INTERFACE.md §2, issue 11 item 1): every command, run
// with --json on every kind of bad input (a missing file, a directory, a bad
// JSON line, an empty log, a file that is not SQLite, a SQLite database that
// is not pli's, an unknown --game, a bad --head, a bad --at, an option
// without its value, an unknown flag), exits 2 and prints exactly one JSON
// document: {"error":{"message","line","field"}}, line and field null where
// they do not apply. The message goes to stderr too.
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "cli/audit.h"
#include "games/president/replay/audit.h"
#include "games/president/replay/source.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::test::LiveGame;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::TempDir;

// One run: its arguments ("{key}" replaced by the file of that name), and
// what the error document must say.
struct Case {
  std::string name;
  std::vector<std::string> args;
  int64_t line = 0;   // the line the error names; 0: null
  std::string field;  // the field it names; "": null
};

std::string Fixture(const std::string& name) {
  return std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/" + name + ".jsonl";
}

// The commands that read a log file, with {src} in place of the file.
const std::vector<std::vector<std::string>> kFileCommands = {
    {"audit", "{src}"},          {"state", "{src}"},      {"legal", "{src}"},
    {"explain", "{src}", "--at", "1"}, {"replay", "{src}"}, {"diff", "{src}", "{log}"},
    {"diff", "{log}", "{src}"},  {"import", "--db", "{fresh}", "{src}"},
};

// The commands that read or write a database, with {db} in place of it.
// Those that create a missing database are marked.
struct DbCommand {
  std::vector<std::string> args;
  bool creates = false;
  bool takes_game = true;  // an unknown --game is an error
};
const std::vector<DbCommand> kDbCommands = {
    {{"audit", "--db", "{db}"}},
    {{"state", "--db", "{db}"}},
    {{"legal", "--db", "{db}"}},
    {{"explain", "--db", "{db}", "--at", "1"}},
    {{"replay", "--db", "{db}"}},
    {{"diff", "--db-a", "{db}", "{log}"}},
    {{"export", "--db", "{db}"}},
    {{"backup", "--db", "{db}", "{target}"}, false, false},
    {{"new", "--db", "{db}", "--seats", "Ana,Bo,Cy,Di"}, true, false},
    {{"deal", "--db", "{db}", "--seed", "1"}},
    {{"exchange", "--db", "{db}", "--from", "0", "--to", "1", "3c"}},
    {{"play", "--db", "{db}", "--seat", "0", "3c"}},
    {{"pass", "--db", "{db}", "--seat", "0"}},
    {{"close", "--db", "{db}", "--seat", "0", "3c"}},
    {{"end", "--db", "{db}"}},
    {{"simulate", "--db", "{db}", "--games", "1", "--fast"}, true, false},
};

// The live commands name the game they act on.
std::vector<std::string> WithGame(std::vector<std::string> args, const std::string& game) {
  static const std::vector<std::string> kLive = {"new",  "deal",  "exchange", "play",
                                                 "pass", "close", "end"};
  if (std::find(kLive.begin(), kLive.end(), args[0]) != kLive.end()) {
    args.insert(args.end(), {"--game", game});
  }
  return args;
}

std::vector<std::string> Replace(std::vector<std::string> args, const std::string& key,
                                 const std::string& value) {
  for (std::string& a : args) {
    if (a == key) a = value;
  }
  return args;
}

std::vector<Case> Cases() {
  std::vector<Case> cases;
  // Bad log files, for every command that reads one.
  const std::vector<std::pair<std::string, int64_t>> files = {
      {"{missing}", 0}, {"{dir}", 0}, {"{badjson}", 2}, {"{badtype}", 1}, {"{empty}", 0}};
  for (const auto& command : kFileCommands) {
    for (const auto& [file, line] : files) {
      // import reads no empty log either, diff neither; audit must not call it clean.
      cases.push_back({command[0] + " on " + file, Replace(command, "{src}", file), line,
                       file == "{badtype}" ? "type" : ""});
    }
  }
  // Bad databases, for every command that opens one.
  for (const DbCommand& c : kDbCommands) {
    std::vector<std::string> kinds = {"{dir}", "{text}", "{foreign}"};
    if (!c.creates) kinds.push_back("{missing}");
    for (const std::string& kind : kinds) {
      cases.push_back(
          {c.args[0] + " --db " + kind, WithGame(Replace(c.args, "{db}", kind), "g1")});
    }
    if (c.takes_game) {  // a game the database does not hold
      std::vector<std::string> args = WithGame(Replace(c.args, "{db}", "{db}"), "nope");
      if (args == Replace(c.args, "{db}", "{db}")) args.insert(args.end(), {"--game", "nope"});
      const bool live = args[0] != "audit" && args[0] != "state" && args[0] != "legal" &&
                        args[0] != "explain" && args[0] != "replay" && args[0] != "diff" &&
                        args[0] != "export";
      cases.push_back({args[0] + " --game nope", args, 0, live ? "" : "--game"});
    }
  }
  // Unknown --game in a log file.
  for (const std::string command : {"audit", "state", "legal", "replay"}) {
    cases.push_back({command + std::string(" {log} --game nope"),
                     {command, "{log}", "--game", "nope"}, 0, "--game"});
  }
  // Bad --head, bad --at.
  cases.push_back({"audit --head xyz", {"audit", "--db", "{db}", "--head", "xyz"}, 0, "--head"});
  cases.push_back({"audit --head 2:short", {"audit", "--db", "{db}", "--head", "2:abc"}, 0,
                   "--head"});
  for (const std::string command : {"state", "legal", "explain", "replay"}) {
    for (const std::string at : {"0", "99"}) {
      cases.push_back({command + " --at " + at, {command, "{log}", "--at", at}, 0, "--at"});
    }
    cases.push_back({command + " --at x", {command, "{log}", "--at", "x"}});
  }
  // The command line itself: an option without its value, an unknown flag,
  // no command, an unknown command.
  const std::vector<std::vector<std::string>> lines = {
      {"audit", "--db"},      {"state", "{log}", "--at"}, {"legal", "--game"},
      {"explain", "{log}"},   {"replay", "--seat"},       {"diff", "--db-a"},
      {"check"},              {"import", "--db"},         {"export", "--db"},
      {"backup", "--db"},     {"new", "--db"},            {"deal", "--seed"},
      {"exchange", "--from"}, {"play", "--seat"},         {"pass", "--expect"},
      {"close", "--seat"},    {"end", "--db"},            {"simulate", "--games"},
      {"prop", "--runs"},     {},                         {"frobnicate"},
  };
  for (const auto& line : lines) {
    std::string name = "command line:";
    for (const std::string& a : line) name += " " + a;
    cases.push_back({name, line});
    if (!line.empty() && line[0] != "frobnicate") {
      cases.push_back({line[0] + " --bogus", {line[0], "--bogus"}});
    }
  }
  // Values the commands refuse after parsing.
  cases.push_back({"simulate --games 0", {"simulate", "--db", "{fresh}", "--games", "0"}});
  cases.push_back({"prop --runs 0", {"prop", "--runs", "0"}});
  cases.push_back({"check of a directory without scenarios", {"check", "{dir}"}});
  cases.push_back({"check of a missing file", {"check", "{missing}"}});
  return cases;
}

void RawExec(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open(path.c_str(), &db) == SQLITE_OK);
  CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

// Exactly one JSON document: parsed whole (a second document, or a
// fragment, fails), and an object.
json::object OneDocument(const Result& r) {
  json::error_code ec;
  json::value doc = json::parse(r.out, ec);
  INFO("stdout: " << r.out);
  REQUIRE(!ec);
  REQUIRE(doc.is_object());
  return doc.as_object();
}

}  // namespace

TEST_CASE("INTERFACE 2: --json, whatever the bad input, prints one {\"error\"} document and "
          "exits 2") {
  TempDir dir;
  LiveGame g((dir.path / "game.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "5"});
  const std::string game_line = R"({"type":"game","game":"g","seats":["A","B","C","D"]})";
  std::map<std::string, std::string> files = {
      {"{db}", g.db()},
      {"{log}", Fixture("seed/5.1-suite")},
      {"{missing}", (dir.path / "missing.jsonl").string()},
      {"{dir}", (dir.path / "a-directory").string()},
      {"{badjson}", dir.Write("bad.jsonl", game_line + "\n{\"type\":\"pass\",,}\n")},
      // Before any game event: the file is unreadable (INTERFACE.md §2); a
      // malformed event inside a game gets the normal document instead.
      {"{badtype}", dir.Write("type.jsonl", "{\"type\":4,\"seat\":1}\n" + game_line + "\n")},
      {"{empty}", dir.Write("empty.jsonl", "\n  \n\n")},
      {"{text}", dir.Write("notes.txt", "this is not a database\n")},
      {"{foreign}", (dir.path / "foreign.db").string()},
      {"{fresh}", (dir.path / "fresh.db").string()},
      {"{target}", (dir.path / "copy.db").string()},
  };
  fs::create_directory(files["{dir}"]);
  RawExec(files["{foreign}"], "CREATE TABLE notes (line TEXT)");

  for (const Case& c : Cases()) {
    std::vector<std::string> args;
    for (const std::string& a : c.args) args.push_back(files.count(a) ? files[a] : a);
    args.push_back("--json");
    std::string line;
    for (const std::string& a : args) line += " " + a;
    INFO("case: " << c.name << "\npli" << line);
    const Result r = PliArgv(args);
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    const json::object doc = OneDocument(r);
    REQUIRE(doc.contains("error"));
    CHECK(doc.size() == 1);  // nothing was judged: the error alone
    const json::object& error = doc.at("error").as_object();
    REQUIRE(error.at("message").is_string());
    const std::string message(error.at("message").as_string());
    CHECK(!message.empty());
    CHECK(r.err.find("pli: " + message) != std::string::npos);  // the same words on stderr
    if (c.line > 0) {
      CHECK(error.at("line") == json::value(c.line));
    } else {
      CHECK(error.at("line").is_null());
    }
    if (!c.field.empty()) {
      CHECK(error.at("field") == json::value(c.field));
    } else {
      CHECK(error.at("field").is_null());
    }
    // No message shows the internals it once did.
    CHECK(message.find("basic_filebuf") == std::string::npos);
    CHECK(message.find("at byte") == std::string::npos);
    fs::remove(files["{fresh}"]);
    fs::remove(files["{target}"]);
  }
}

TEST_CASE("INTERFACE 2: every command takes --json and prints one document when it succeeds") {
  TempDir dir;
  LiveGame g((dir.path / "game.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "5"});
  const std::string log = Fixture("seed/5.1-suite");
  const std::string db = g.db();
  const std::vector<std::pair<std::vector<std::string>, int>> runs = {
      {{"audit", log}, 0},
      {{"state", log}, 0},
      {{"legal", log}, 0},
      {{"explain", log, "--at", "3"}, 0},
      {{"replay", log}, 0},
      {{"diff", log, log}, 0},
      {{"check", std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl"}, 0},
      {{"export", "--db", db}, 0},
      {{"export", "--db", db, "--game", "g1", "--output", (dir.path / "g1.jsonl").string()}, 0},
      {{"backup", "--db", db, (dir.path / "copy.db").string()}, 0},
      {{"import", "--db", (dir.path / "other.db").string(), (dir.path / "g1.jsonl").string()}, 0},
      {{"pass", "--db", db, "--game", "g1", "--seat", "1"}, 1},  // not seat 1's turn: refused
      {{"--version"}, 0},
  };
  for (const auto& [args, status] : runs) {
    std::vector<std::string> argv = args;
    argv.push_back("--json");
    INFO("pli " << argv[0]);
    const Result r = PliArgv(argv);
    INFO("stdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.status == status);
    json::error_code ec;
    const json::value doc = json::parse(r.out, ec);
    CHECK(!ec);
    if (doc.is_object()) CHECK(!doc.as_object().contains("error"));
  }
  // export --json without --output: the log inline, as event objects.
  const Result r = PliArgv({"export", "--db", db, "--json"});
  const json::object doc = OneDocument(r);
  CHECK(doc.at("output").is_null());
  const json::object& game = doc.at("games").at(0).as_object();
  CHECK(game.at("game") == "g1");
  CHECK(game.at("events") == 2);
  CHECK(game.at("chain") == "ok");
  CHECK(game.at("log").at(1).at("type") == "deal");
  CHECK(game.at("log").at(1).at("seq") == 2);
  CHECK(game.at("log").at(1).at("hash") == json::value(g.acks().at(1)));
}

TEST_CASE("INTERFACE 2: a live action refused as malformed (exit 2) carries an \"error\" member") {
  TempDir dir;
  LiveGame g((dir.path / "game.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  const Result r = PliArgv({"new", "--db", g.db(), "--game", "g2", "--seats", "A,B,C", "--json"});
  CHECK(r.status == 2);
  const json::object doc = OneDocument(r);
  CHECK(doc.at("result") == "rejected");
  REQUIRE(doc.contains("error"));
  CHECK(std::string(doc.at("error").at("message").as_string()).find("4 to 8 seats") !=
        std::string::npos);
}

// The streamed audit document: a failure after the first game closes it
// with what was judged and an "error" member, still one document.
TEST_CASE("INTERFACE 2: an audit that fails halfway still leaves one JSON document") {
  std::ostringstream captured;
  std::streambuf* saved = std::cout.rdbuf(captured.rdbuf());
  {
    pli::cli::AuditPrinter printer(true, false);
    CHECK_FALSE(printer.Started());
    pli::GameLog log{.game = "g1"};
    printer.Add(pli::VerdictOf(pli::LoadedGame{log, pli::ChainCheck{pli::ChainStatus::kNone, {}}}, false));
    CHECK(printer.Started());
    printer.Fail(pli::cli::InputError("archive.db: disk I/O error"));
  }
  std::cout.rdbuf(saved);
  json::error_code ec;
  const json::value doc = json::parse(captured.str(), ec);
  INFO(captured.str());
  REQUIRE(!ec);
  CHECK(doc.at("games").as_array().size() == 1);
  CHECK(doc.at("summary").at("games") == 1);
  CHECK(doc.at("error").at("message") == "archive.db: disk I/O error");
  CHECK(doc.at("error").at("line").is_null());
}

TEST_CASE("issue 11: an empty log is nothing to judge: exit 2, not clean") {
  TempDir dir;
  for (const std::string text : {"", "\n", "  \n\n \n"}) {
    const std::string path = dir.Write("empty.jsonl", text);
    const Result r = PliArgv({"audit", path});
    INFO("log: \"" << text << "\"\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.status == 2);
    CHECK(r.out.empty());
    CHECK(r.err.find("holds no game (no event at all): nothing to judge") != std::string::npos);
  }
}
