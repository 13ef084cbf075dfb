// terminal_injection_test.cc: names and ids from a log, a database or the
// command line never reach the terminal raw (issue 12 item 3). A game id,
// seat names and an event id carrying an OSC title sequence, a screen clear,
// CR, LF, NUL, DEL, the C1 CSI (U+009B) and a bidi override go through every
// command in human mode; no control character may come out on stdout or
// stderr except the line feeds pli writes itself. And the live commands
// refuse such names and ids on input (INTERFACE.md §1), writing nothing.
#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace pli::test {
namespace {

// In JSON: ESC ] 0 ; pwned BEL, ESC [ 2 J, CR, NUL, U+009B 3 1 m, DEL, LF, U+202E.
constexpr const char* kHostileJson =
    R"(\u001b]0;pwned\u0007\u001b[2J\r\u0000\u009b31m\u007f\n\u202e)";
// The same on a command line (no NUL: argv cannot carry one).
const std::string kHostileArg = "\x1b]0;pwned\x07\x1b[2J\r\xc2\x9b" "31m\x7f\n\xe2\x80\xae";

// Where `text` holds a control character other than a line feed (C0, DEL,
// C1 as UTF-8 or as a raw byte), a bidi override or isolate, or a byte that
// is not UTF-8: a description of the first, or "" when it is clean. Written
// here independently of engine/text.cc.
std::string FirstRawControl(const std::string& text) {
  for (size_t i = 0; i < text.size();) {
    const auto b = static_cast<unsigned char>(text[i]);
    size_t n = b < 0x80 ? 1 : (b >> 5) == 0x6 ? 2 : (b >> 4) == 0xE ? 3 : (b >> 3) == 0x1E ? 4 : 0;
    if (n == 0 || i + n > text.size()) return "byte " + std::to_string(b) + " at " + std::to_string(i);
    uint32_t code = n == 1 ? b : b & (0x7F >> n);
    for (size_t k = 1; k < n; ++k) {
      const auto c = static_cast<unsigned char>(text[i + k]);
      if ((c & 0xC0) != 0x80) return "bad UTF-8 at " + std::to_string(i);
      code = (code << 6) | (c & 0x3F);
    }
    const bool control = (code < 0x20 && code != '\n') || (code >= 0x7F && code <= 0x9F);
    const bool bidi = (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
    if (control || bidi) {
      return "U+" + std::to_string(code) + " at " + std::to_string(i) + " in: " +
             text.substr(i > 40 ? i - 40 : 0, 80);
    }
    i += n;
  }
  return "";
}

void CheckClean(const std::string& what, const Result& r) {
  INFO(what << "\nstatus " << r.status << "\nstdout:\n" << r.out << "\nstderr:\n" << r.err);
  CHECK(FirstRawControl(r.out) == "");
  CHECK(FirstRawControl(r.err) == "");
}

// A game whose id, first seat name and one event id are hostile: a deal, a
// legal play, a play out of turn (a violation whose sentence names seats).
std::string HostileLog() {
  const std::string h = kHostileJson;
  return R"({"type":"game","game":"g)" + h + R"(","seats":["A)" + h + R"(","B","C","D"]})" "\n" +
         R"({"type":"deal","hands":[["3c","4c","5c","6c","7c","8c","9c","Tc","Jc","Qc","Kc","Ac","2c"],)"
         R"(["3d","4d","5d","6d","7d","8d","9d","Td","Jd","Qd","Kd","Ad","2d"],)"
         R"(["3h","4h","5h","6h","7h","8h","9h","Th","Jh","Qh","Kh","Ah","2h"],)"
         R"(["3s","4s","5s","6s","7s","8s","9s","Ts","Js","Qs","Ks","As","2s"]]})" "\n" +
         R"({"type":"play","seat":0,"cards":["3c"],"id":"k)" + h + R"("})" "\n" +
         R"({"type":"play","seat":3,"cards":["4s"]})" "\n";
}

void Write(const std::filesystem::path& path, const std::string& text) {
  std::ofstream(path, std::ios::binary) << text;
}

TEST_CASE("Hostile game ids, seat names and ids reach no terminal raw in any command",
          "[cli][tty]") {
  TempDir tmp;
  const std::string log = (tmp.path / "hostile.jsonl").string();
  Write(log, HostileLog());
  const std::string game = std::string("g") + kHostileArg;  // not the log's id (no NUL)
  // The file's commands, with and without --game (the one game).
  CheckClean("audit", PliArgv({"audit", log, "--continue"}));
  CheckClean("state", PliArgv({"state", log}));
  CheckClean("state --at 3", PliArgv({"state", log, "--at", "3"}));
  CheckClean("legal", PliArgv({"legal", log}));
  CheckClean("explain 1", PliArgv({"explain", log, "--at", "1"}));
  CheckClean("explain 3", PliArgv({"explain", log, "--at", "3"}));
  CheckClean("explain 4", PliArgv({"explain", log, "--at", "4"}));
  CheckClean("replay", PliArgv({"replay", log}));
  CheckClean("replay --seat", PliArgv({"replay", log, "--seat", "0"}));
  CheckClean("state --game (no such game)", PliArgv({"state", log, "--game", game}));
  CheckClean("replay --seat (no such seat)", PliArgv({"replay", log, "--seat", kHostileArg}));
  // diff: the log against its first three events.
  const std::string prefix = (tmp.path / "prefix.jsonl").string();
  Write(prefix, HostileLog().substr(0, HostileLog().rfind("{\"type\":\"play\",\"seat\":3")));
  CheckClean("diff", PliArgv({"diff", log, prefix}));
  // check: a scenario whose file name is hostile and whose expectation fails.
  const std::filesystem::path dir = tmp.path / "scenarios";
  std::filesystem::create_directory(dir);
  const std::string name = "s" + std::string("\x1b[2J\r") + "x";
  Write(dir / (name + ".jsonl"), HostileLog());
  Write(dir / (name + ".expect.json"), R"({"verdict":"clean"})");
  CheckClean("check", PliArgv({"check", dir.string()}));
  // A file name on the command line and in the messages about it.
  CheckClean("audit (no such file)", PliArgv({"audit", (tmp.path / kHostileArg).string()}));
  // A database holding the hostile game (imported as logs are; the referee
  // refuses such names only from live clients).
  const std::string db = (tmp.path / "g.db").string();
  CheckClean("import", PliArgv({"import", log, "--db", db}));
  if (std::filesystem::exists(db)) {
    CheckClean("audit --db", PliArgv({"audit", "--db", db, "--continue"}));
    CheckClean("state --db", PliArgv({"state", "--db", db}));
    CheckClean("legal --db", PliArgv({"legal", "--db", db}));
    CheckClean("state --db --game (no such game)", PliArgv({"state", "--db", db, "--game", game}));
    CheckClean("play --game (no such game)",
               PliArgv({"play", "--db", db, "--game", "x", "--seat", "0", "3c"}));
  }
  // Bad usage that echoes an argument.
  CheckClean("state --at", PliArgv({"state", log, "--at", kHostileArg}));
  CheckClean("unknown command", PliArgv({kHostileArg}));
}

TEST_CASE("Live commands refuse control characters in game ids, seat names and --id (INTERFACE.md §1)",
          "[cli][tty]") {
  TempDir tmp;
  const std::string db = (tmp.path / "live.db").string();
  for (const std::string& bad : {std::string("\x1b[2J"), std::string("a\rb"), std::string("\x07"),
                                 std::string("x\x7f"), std::string("\xc2\x9b" "2J"),
                                 std::string("\x9b" "2J"), std::string("tab\there")}) {
    INFO("the name " << bad.size() << " bytes");
    Result r = PliArgv({"new", "--db", db, "--game", "g" + bad, "--seats", "A,B,C,D"});
    CHECK(r.status == 2);
    CHECK(r.err.find("the game id") != std::string::npos);
    CHECK(r.err.find("control character") != std::string::npos);
    CheckClean("new --game", r);
    CHECK_FALSE(std::filesystem::exists(db));  // refused before anything is created
    r = PliArgv({"new", "--db", db, "--game", "g", "--seats", "A,B" + bad + ",C,D"});
    CHECK(r.status == 2);
    CheckClean("new --seats", r);
    CHECK_FALSE(std::filesystem::exists(db));
  }
  REQUIRE(PliArgv({"new", "--db", db, "--game", "g", "--seats", "A,B,C,D"}).status == 0);
  REQUIRE(PliArgv({"deal", "--db", db, "--game", "g", "--seed", "1"}).status == 0);
  const Result r = PliArgv({"pass", "--db", db, "--game", "g", "--seat", "0", "--id", "k\x1b]0;t\x07"});
  CHECK(r.status == 2);
  CHECK(r.err.find("--id") != std::string::npos);
  CheckClean("pass --id", r);
  // Nothing was written: the log still ends at the deal.
  const Result state = PliArgv({"audit", "--db", db, "--json"});
  CHECK(state.out.find("\"events\":2") != std::string::npos);
}

}  // namespace
}  // namespace pli::test
