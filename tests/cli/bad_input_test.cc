// bad_input_test.cc: bad input never changes a database (INTERFACE.md §2:
// exit 2 for bad usage, unreadable or malformed input; 1 for a refusal;
// "error messages go to stderr and name what was wrong").
//
// One table of cases, each run through the `pli` binary against a database
// holding a game in progress: a malformed log to import (bad JSON, unknown
// type, field, card or seat, duplicate key, non-canonical numbers, wrong
// seq), bad arguments to the live commands, files that are not pli
// databases. After every case the database's export, its audit against the
// last acknowledged head and its bytes are as before, and so are the bytes
// of every other file a case pointed at.
#include <arpa/inet.h>
#include <netinet/in.h>
#include <sqlite3.h>
#include <sys/socket.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::LiveGame;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::TempDir;

// One bad input. In args, "{db}" is the database with the game in
// progress, "{log}" a file holding `log`, and "{text}", "{empty}",
// "{foreign}", "{newer}", "{missing}" the files of Files() below.
struct Case {
  std::string name;
  std::vector<std::string> args;
  std::string log;  // the content of {log}; also standard input when on_stdin
  bool on_stdin = false;
  int exit = 2;
  std::string message;  // a part of stderr that names what was wrong
};

const std::string kGameLine = R"({"type":"game","game":"imp","seats":["A","B","C","D"]})";
// Seat s holds every card of suit s; seat 2 holds Qh and leads.
const std::string kDealLine =
    R"({"type":"deal","hands":[)"
    R"(["3c","4c","5c","6c","7c","8c","9c","Tc","Jc","Qc","Kc","Ac","2c"],)"
    R"(["3d","4d","5d","6d","7d","8d","9d","Td","Jd","Qd","Kd","Ad","2d"],)"
    R"(["3h","4h","5h","6h","7h","8h","9h","Th","Jh","Qh","Kh","Ah","2h"],)"
    R"(["3s","4s","5s","6s","7s","8s","9s","Ts","Js","Qs","Ks","As","2s"]]})";

// A log whose line 3 is `line`.
std::string Log(const std::string& line) {
  return kGameLine + "\n" + kDealLine + "\n" + line + "\n";
}

std::vector<Case> Cases() {
  const std::vector<std::string> import = {"import", "--db", "{db}", "{log}"};
  auto live = [](std::vector<std::string> args) {
    args.insert(args.begin() + 1, {"--db", "{db}", "--game", "g1"});
    return args;
  };
  // One case per entry, as a table.
  // clang-format off
  return {
      // A malformed log: nothing of it is imported (INTERFACE.md §1).
      {"import: bad JSON", import, Log(R"({"type":"pass","seat":2)"), false, 2,
       "line 3: bad JSON"},
      {"import: bad JSON on standard input", {"import", "--db", "{db}", "-"},
       Log(R"({"type":"pass",,})"), true, 2, "<stdin>: line 3: bad JSON"},
      {"import: unknown type", import, Log(R"({"type":"bid","seat":2})"), false, 2,
       "line 3, field \"type\": unknown event type \"bid\""},
      {"import: unknown field", import, Log(R"({"type":"pass","seat":2,"colour":"red"})"), false,
       2, "line 3, field \"colour\": unknown field"},
      {"import: a field of another type", import, Log(R"({"type":"pass","seat":2,"cards":["Qh"]})"),
       false, 2, "line 3, field \"cards\""},
      {"import: unknown card", import, Log(R"({"type":"play","seat":2,"cards":["1h"]})"), false, 2,
       "line 3, field \"cards\": unknown card \"1h\""},
      {"import: seat 9", import, Log(R"({"type":"pass","seat":9})"), false, 2,
       "line 3, field \"seat\": 9"},
      {"import: seat 5 of four", import, Log(R"({"type":"pass","seat":5})"), false, 2,
       "line 3, field \"seat\""},
      {"import: duplicate key", import, Log(R"({"type":"pass","seat":2,"seat":3})"), false, 2,
       "line 3, field \"seat\": duplicate key"},
      {"import: \"seat\":01", import, Log(R"({"type":"pass","seat":01})"), false, 2,
       "line 3, field \"seat\""},
      {"import: \"seat\":1.0", import, Log(R"({"type":"pass","seat":1.0})"), false, 2,
       "line 3, field \"seat\": must be an integer without fraction or exponent, not 1.0"},
      {"import: \"seat\":1e0", import, Log(R"({"type":"pass","seat":1e0})"), false, 2,
       "line 3, field \"seat\": must be an integer without fraction or exponent, not 1e0"},
      {"import: wrong seq", import, Log(R"({"type":"play","seq":7,"seat":2,"cards":["Qh"]})"),
       false, 2, "line 3, field \"seq\": seq 7 is not the event's position"},
      {"import: three seats", import,
       R"({"type":"game","game":"imp","seats":["A","B","C"]})" "\n", false, 2, "line 1"},
      {"import: no game", import, "\n", false, 2, "holds no game"},
      {"import: a missing log", {"import", "--db", "{db}", "{missing}.jsonl"}, "", false, 2,
       "missing.db.jsonl"},
      // The live commands.
      {"stale --expect", live({"pass", "--seat", "0", "--expect", "1"}), "", false, 1,
       "the log is at seq 3, you expected 1"},
      {"unknown game", {"pass", "--db", "{db}", "--game", "nope", "--seat", "0"}, "", false, 2,
       "no game \"nope\""},
      {"bad card in pli play", live({"play", "--seat", "3", "1h"}), "", false, 2,
       "unknown card \"1h\""},
      {"--seat of no such name", live({"play", "--seat", "Zed", "4s"}), "", false, 2,
       "--seat Zed: no such seat in game \"g1\" (seats: 0 Ana, 1 Bo, 2 Cy, 3 Di)"},
      {"--seat 9", live({"pass", "--seat", "9"}), "", false, 2, "--seat 9: no such seat"},
      {"--declare of no such kind", live({"play", "--seat", "3", "--declare", "up", "4s"}), "",
       false, 2, "--declare"},
      {"--expect not a number", live({"pass", "--seat", "3", "--expect", "two"}), "", false, 2,
       "--expect"},
      {"pli new of a game that exists", {"new", "--db", "{db}", "--game", "g1", "--seats",
       "Ana,Bo,Cy,Di"}, "", false, 1, "game \"g1\" already exists"},
      {"pli new --option unknown", {"new", "--db", "{db}", "--game", "g2", "--seats",
       "Ana,Bo,Cy,Di", "--option", "bogus=1"}, "", false, 2, "--option bogus=1: unknown option"},
      {"pli new --option bad value", {"new", "--db", "{db}", "--game", "g2", "--seats",
       "Ana,Bo,Cy,Di", "--option", "manches=x"}, "", false, 2, "--option manches=x"},
      {"pli new --ruleset unknown", {"new", "--db", "{db}", "--game", "g2", "--seats",
       "Ana,Bo,Cy,Di", "--ruleset", "poker"}, "", false, 2, "--ruleset poker"},
      // A game event with 3 seats is malformed (FORMAT.md §4; Decide's
      // `malformed`): bad input, exit 2, as on import.
      {"pli new with 3 seats", {"new", "--db", "{db}", "--game", "g2", "--seats", "Ana,Bo,Cy"},
       "", false, 2, "4 to 8 seats, not 3"},
      {"pli new with 9 seats", {"new", "--db", "{db}", "--game", "g2", "--seats",
       "A,B,C,D,E,F,G,H,I"}, "", false, 2, "4 to 8 seats, not 9"},
      {"--head malformed", {"audit", "--db", "{db}", "--head", "3:xyz"}, "", false, 2,
       "--head 3:xyz: write it as SEQ:HASH"},
      {"--head without a seq", {"audit", "--db", "{db}", "--head", "abc"}, "", false, 2,
       "--head abc"},
      // Files that are not pli databases: refused, and left as they were.
      {"--db on a text file (play)", {"pass", "--db", "{text}", "--game", "g1", "--seat", "0"}, "",
       false, 2, "is not a SQLite database"},
      {"--db on a text file (audit)", {"audit", "--db", "{text}"}, "", false, 2,
       "is not a SQLite database"},
      {"--db on a text file (import)", {"import", "--db", "{text}", "{log}"},
       kGameLine + "\n", false, 2, "is not a SQLite database"},
      {"--db on a text file (new)", {"new", "--db", "{text}", "--game", "g1", "--seats",
       "A,B,C,D"}, "", false, 2, "is not a SQLite database"},
      {"--db on an empty file (play)", {"pass", "--db", "{empty}", "--game", "g1", "--seat", "0"},
       "", false, 2, "not a pli database"},
      {"a newer schema version (play)", {"pass", "--db", "{newer}", "--game", "g1", "--seat", "0"},
       "", false, 2, "has schema version 1000; this pli knows up to 4"},
      {"a newer schema version (audit)", {"audit", "--db", "{newer}"}, "", false, 2,
       "has schema version 1000"},
      {"a newer schema version (import)", {"import", "--db", "{newer}", "{log}"},
       kGameLine + "\n", false, 2, "has schema version 1000"},
      {"a SQLite database not pli's (audit)", {"audit", "--db", "{foreign}"}, "", false, 2,
       "is a SQLite database but not a pli database"},
      {"a SQLite database not pli's (new)", {"new", "--db", "{foreign}", "--game", "g1",
       "--seats", "A,B,C,D"}, "", false, 2, "not a pli database"},
      {"a SQLite database not pli's (import)", {"import", "--db", "{foreign}", "{log}"},
       kGameLine + "\n", false, 2, "not a pli database"},
      {"a missing database (play)", {"play", "--db", "{missing}", "--game", "g1", "--seat", "0",
       "3c"}, "", false, 2, "no database"},
      {"a missing database (audit)", {"audit", "--db", "{missing}"}, "", false, 2, "no database"},
      {"a missing database (export)", {"export", "--db", "{missing}"}, "", false, 2,
       "no database"},
      {"a missing database (backup)", {"backup", "--db", "{missing}", "{missing}.copy"}, "", false,
       2, "no database"},
      // pli serve --listen, read strictly (issue 26): 99999 and -5 used to
      // wrap to 34463 and 65531; nothing is listened on, no file opened.
      {"serve: a port over 65535", {"serve", "--db", "{db}", "--listen", "127.0.0.1:99999"}, "", false,
       2, "the port is a number from 1 to 65535"},
      {"serve: a negative port", {"serve", "--db", "{db}", "--listen", ":-5"}, "", false, 2,
       "the port is a number from 1 to 65535"},
      {"serve: a port that is not a number", {"serve", "--db", "{db}", "--listen", "127.0.0.1:80x"}, "",
       false, 2, "the port is a number from 1 to 65535"},
      {"serve: no port", {"serve", "--db", "{db}", "--listen", "127.0.0.1"}, "", false, 2,
       "has no port"},
      {"serve: not an address", {"serve", "--db", "{db}", "--listen", "nowhere:8080"}, "", false, 2,
       "\"nowhere\" is not an IP address"},
  };
  // clang-format on
}

// The files a case may point at, made once, each with its bytes.
struct Files {
  std::map<std::string, std::string> paths;  // placeholder -> path
  std::map<std::string, std::string> bytes;  // placeholder -> content
};

void RawExec(const std::string& path, const char* sql) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE | SQLITE_OPEN_CREATE, nullptr) ==
          SQLITE_OK);
  INFO(sql << ": " << sqlite3_errmsg(db));
  CHECK(sqlite3_exec(db, sql, nullptr, nullptr, nullptr) == SQLITE_OK);
  sqlite3_close(db);
}

Files MakeFiles(const TempDir& dir, const std::string& db) {
  Files f;
  f.paths["{text}"] = dir.Write("notes.txt", "this is not a database\n");
  f.paths["{empty}"] = dir.Write("empty.db", "");
  f.paths["{newer}"] = (dir.path / "newer.db").string();
  fs::copy_file(db, f.paths["{newer}"]);
  RawExec(f.paths["{newer}"], "PRAGMA user_version = 1000");  // far past this pli's
  f.paths["{foreign}"] = (dir.path / "foreign.db").string();
  RawExec(f.paths["{foreign}"], "CREATE TABLE notes (line TEXT); INSERT INTO notes VALUES ('x')");
  for (const auto& [key, path] : f.paths) f.bytes[key] = ReadBytes(path);
  f.paths["{missing}"] = (dir.path / "missing.db").string();
  return f;
}

std::string Substitute(std::string arg, const std::map<std::string, std::string>& paths) {
  for (const auto& [key, path] : paths) {
    const size_t at = arg.find(key);
    if (at != std::string::npos) arg.replace(at, key.size(), path);
  }
  return arg;
}

}  // namespace

TEST_CASE(
    "bad input: every case exits as INTERFACE.md says, names what was wrong, and "
    "changes no file") {
  TempDir dir;
  LiveGame g((dir.path / "game.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "5"});
  g.TakeLegal(0);
  REQUIRE(g.head() == 3);
  REQUIRE(!fs::exists(g.db() + "-wal"));  // pli's last writer checkpointed
  Files files = MakeFiles(dir, g.db());
  files.paths["{db}"] = g.db();
  const std::string exported = Export(g.db());
  const std::string db_bytes = ReadBytes(g.db());

  // One loop, not SECTIONs: Catch would set the game up again for each.
  for (const Case& c : Cases()) {
    INFO("case: " << c.name);
    std::map<std::string, std::string> paths = files.paths;
    paths["{log}"] = dir.Write("case.jsonl", c.log);
    std::vector<std::string> args;
    for (const std::string& a : c.args) args.push_back(Substitute(a, paths));
    Result r = PliArgv(args, c.on_stdin ? paths["{log}"] : "/dev/null");
    INFO("pli " << args[0] << "\nstdout: " << r.out << "\nstderr: " << r.err);
    CHECK(r.status == c.exit);
    CHECK_THAT(r.err, Catch::StartsWith("pli: ") && Catch::Contains(c.message));

    // The database: the same events, the same head, the same bytes.
    CHECK(Export(g.db()) == exported);
    const json::value audit = AuditDb(g.db(), 0, {"--head", g.HeadArg()});
    CHECK(audit.at("games").as_array().size() == 1);
    CHECK(Int(audit.at("games").at(0).at("events")) == 3);
    CHECK(ReadBytes(g.db()) == db_bytes);
    for (const auto& [key, bytes] : files.bytes) {
      INFO(key);
      CHECK(ReadBytes(files.paths[key]) == bytes);
    }
    CHECK(!fs::exists(files.paths["{missing}"]));
    CHECK(!fs::exists(files.paths["{missing}"] + ".copy"));
  }
}

// pli serve on a port another program listens on: one sentence, exit 1,
// no source path of the library (it used to print Boost's), no database.
TEST_CASE("bad input: pli serve on a port already in use says so in one sentence and exits 1") {
  const int fd = socket(AF_INET, SOCK_STREAM, 0);
  REQUIRE(fd >= 0);
  sockaddr_in at{};
  at.sin_family = AF_INET;
  at.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  at.sin_port = 0;
  REQUIRE(bind(fd, reinterpret_cast<sockaddr*>(&at), sizeof at) == 0);
  REQUIRE(listen(fd, 1) == 0);
  socklen_t len = sizeof at;
  REQUIRE(getsockname(fd, reinterpret_cast<sockaddr*>(&at), &len) == 0);
  const std::string where = "127.0.0.1:" + std::to_string(ntohs(at.sin_port));
  TempDir dir;
  const std::string db = (dir.path / "live.db").string();
  Result r = PliArgv({"serve", "--db", db, "--listen", where});
  close(fd);
  INFO("stderr: " << r.err);
  CHECK(r.status == 1);
  CHECK(r.err == "pli: " + where + " is already in use (another pli serve?)\n");
  CHECK(r.err.find(".hpp") == std::string::npos);
  CHECK(!fs::exists(db));
}
