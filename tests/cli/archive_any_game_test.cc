// archive_any_game_test.cc: pli export and pli copy of a Skull King game
// take the path of any game (CheckStoredAnyGame, then Game::EventJson:
// issue 13), so a tampered store is judged as pli audit --db judges it,
// whatever the game (INTERFACE.md §2: a game exported and imported again is
// the same; docs/REFEREE.md: a game whose chain is broken is still exported
// as stored, with a warning, exit 1). The game is games/skull_king/tests/data/
// cli-clean.jsonl: eight events, the bids at seqs 4-6 (SK-B2, dealer last).
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Pli;
using pli::test::Quote;
using pli::test::Result;

std::string SkCleanLog() {
  return Quote(std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/cli-clean.jsonl");
}

// A database holding cli-clean's game g1, imported by pli.
std::string ImportedSk(const pli::test::TempDir& dir, const std::string& name) {
  const std::string db = (dir.path / name).string();
  const Result r = Pli("import --db " + Quote(db) + " " + SkCleanLog());
  INFO(r.err);
  REQUIRE(r.status == 0);
  return db;
}

// Runs `sql` on `db` behind pli's back (its triggers dropped first).
void TamperSk(const std::string& db, const std::string& sql) {
  sqlite3* handle = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &handle, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  const std::string all =
      "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; "
      "DROP TRIGGER games_head_only; " +
      sql;
  char* error = nullptr;
  const int rc = sqlite3_exec(handle, all.c_str(), nullptr, nullptr, &error);
  INFO(sql << ": " << (error ? error : ""));
  sqlite3_free(error);
  sqlite3_close_v2(handle);
  REQUIRE(rc == SQLITE_OK);
}

boost::json::value ChainOf(const Result& r) {
  INFO(r.out << r.err);
  return boost::json::parse(r.out).at("games").at(0).at("chain");
}

}  // namespace

TEST_CASE("export: a Skull King game tampered behind pli's back is broken, as audit --db says") {
  struct Case {
    const char* what;
    const char* sql;
    int64_t seq;          // where audit --db and export report it
    const char* message;  // the first problem, as the export's warning quotes it
    size_t lines;         // the events exported (as stored)
  };
  const Case cases[] = {
      // The link holds (the body and hash are untouched); only the column
      // kept beside the body for readers says otherwise (schema/STORE.md).
      {"an edited cards column", "UPDATE events SET cards = 'king' WHERE game = 'g1' AND seq = 5",
       5, "event 5: the cards column says \"king\"", 8},
      // The last row removed: every remaining link holds, but the head
      // records event 8.
      {"a cut-off tail", "DELETE FROM events WHERE game = 'g1' AND seq = 8", 8,
       "the log is cut: the head records event 8 but the last stored is 7", 7},
  };
  for (const Case& c : cases) {
    SECTION(c.what) {
      pli::test::TempDir dir;
      const std::string db = ImportedSk(dir, "sk.db");
      const std::string clean = Pli("export --db " + Quote(db)).out;
      TamperSk(db, c.sql);
      const Result audit = Pli("audit --db " + Quote(db) + " --json");
      CHECK(audit.status == 1);
      CHECK(ChainOf(audit) == "broken");
      const Result json = Pli("export --db " + Quote(db) + " --json");
      CHECK(json.status == 1);
      CHECK(ChainOf(json) == "broken");
      const Result text = Pli("export --db " + Quote(db));
      CHECK(text.status == 1);
      INFO(text.err);
      CHECK(text.err.find("pli: warning: game \"g1\"'s chain is broken at event " +
                          std::to_string(c.seq) + " (" + c.message) != std::string::npos);
      CHECK(text.err.find("exported as stored") != std::string::npos);
      // Exported as stored: the rows' bodies and hashes, unchanged.
      const std::vector<std::string> lines = pli::test::Lines(text.out);
      const std::vector<std::string> before = pli::test::Lines(clean);
      REQUIRE(lines.size() == c.lines);
      for (size_t i = 0; i < lines.size(); ++i) CHECK(lines[i] == before[i]);
    }
  }
}

TEST_CASE("copy: a Skull King game is copied whole, event for event and hash for hash") {
  pli::test::TempDir dir;
  const std::string from = ImportedSk(dir, "from.db");
  const std::string to = (dir.path / "to.db").string();
  const Result r = Pli("copy --from " + Quote(from) + " --to " + Quote(to) + " --json");
  INFO(r.out << r.err);
  CHECK(r.status == 0);
  const boost::json::value doc = boost::json::parse(r.out);
  CHECK(doc.at("result") == "copied");
  CHECK(doc.at("games").at(0).at("result") == "copied");
  CHECK(doc.at("games").at(0).at("events") == 8);
  CHECK(Pli("audit --db " + Quote(to)).status == 0);
  CHECK(Pli("export --db " + Quote(to)).out == Pli("export --db " + Quote(from)).out);
}
