// unknown_game_test.cc: a database holding a game this pli does not know
// (issue 27: a game a newer pli added, whose stored bodies begin with a
// byte none of this pli's games owns, FORMAT.md §6, §8), its chain sound.
// Every tool says so by name and goes on with the other games: audit checks
// its chain and head but judges nothing of it, and exits 2 once the others
// are judged (unreadable input for this pli, INTERFACE.md §2); state,
// legal, replay and explain of it exit 2 with the sentence; a live command
// writes nothing; export writes the others and leaves it out (exit 2);
// copy refuses it. Never read as another game (before: audit called it
// tampering, `pli state` showed an empty Super Président game).
// The same rows with a chain that does not hold stay tampering.
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "referee/chain.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Json;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::Str;
using pli::test::TempDir;

// Copies game `from` of the database at `path` into a new game "zz" whose
// bodies begin with 'Z' instead (a game no one here knows), hash-chained
// anew (FORMAT.md §7) unless `break_chain`, through a plain SQLite
// connection, as a newer pli would have written it.
void AddUnknownGame(const std::string& path, const std::string& from, bool break_chain) {
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(path.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  auto exec = [&](const std::string& sql) {
    char* err = nullptr;
    const int rc = sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err);
    INFO(sql << ": " << (err ? err : ""));
    sqlite3_free(err);
    REQUIRE(rc == SQLITE_OK);
  };
  exec("INSERT INTO games (game, ruleset, seats, created, head_seq, head_hash) "
       "SELECT 'zz', 'zork', seats, (SELECT max(created) + 1 FROM games), 0, zeroblob(32) "
       "FROM games WHERE game = '" + from + "'");
  sqlite3_stmt* rows = nullptr;
  REQUIRE(sqlite3_prepare_v2(db, "SELECT seq, type, seat, cards, body FROM events WHERE game = ?1 ORDER BY seq",
                             -1, &rows, nullptr) == SQLITE_OK);
  sqlite3_bind_text(rows, 1, from.c_str(), -1, SQLITE_TRANSIENT);
  sqlite3_stmt* insert = nullptr;
  REQUIRE(sqlite3_prepare_v2(db,
                             "INSERT INTO events (game, seq, type, seat, cards, body, hash, prev) "
                             "VALUES ('zz', ?1, ?2, ?3, ?4, ?5, ?6, ?7)",
                             -1, &insert, nullptr) == SQLITE_OK);
  pli::Hash prev{};
  while (sqlite3_step(rows) == SQLITE_ROW) {
    const int64_t seq = sqlite3_column_int64(rows, 0);
    std::string body(static_cast<const char*>(sqlite3_column_blob(rows, 4)),
                     static_cast<size_t>(sqlite3_column_bytes(rows, 4)));
    body[0] = 'Z';
    pli::Hash hash = pli::ChainHash(prev, seq, body);
    if (break_chain && seq == 3) hash[0] ^= 1;
    sqlite3_bind_int64(insert, 1, seq);
    sqlite3_bind_int64(insert, 2, sqlite3_column_int64(rows, 1));
    sqlite3_bind_int64(insert, 3, sqlite3_column_int64(rows, 2));
    sqlite3_bind_text(insert, 4, reinterpret_cast<const char*>(sqlite3_column_text(rows, 3)), -1,
                      SQLITE_TRANSIENT);
    sqlite3_bind_blob(insert, 5, body.data(), static_cast<int>(body.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(insert, 6, hash.data(), static_cast<int>(hash.size()), SQLITE_TRANSIENT);
    sqlite3_bind_blob(insert, 7, prev.data(), static_cast<int>(prev.size()), SQLITE_TRANSIENT);
    REQUIRE(sqlite3_step(insert) == SQLITE_DONE);
    sqlite3_reset(insert);
    prev = hash;
  }
  sqlite3_finalize(rows);
  sqlite3_finalize(insert);
  sqlite3_close_v2(db);
}

// A database with one Skull King game "sim-1-1" (a short one, by the bots)
// and the unknown game "zz" made from it.
std::string DatabaseWithUnknownGame(const TempDir& dir, bool break_chain) {
  const std::string db = (dir.path / "newer.db").string();
  const Result sim = PliArgv({"simulate", "--db", db, "--ruleset", "skull-king", "--manches", "1"});
  INFO(sim.err);
  REQUIRE(sim.status == 0);
  AddUnknownGame(db, "sim-1-1", break_chain);
  return db;
}

const std::string kSaid = "a game this pli does not know: its stored events begin with the byte 0x5a ('Z')";

TEST_CASE("A game this pli does not know: audit checks its chain, judges the others, exits 2 (issue 27)") {
  TempDir dir;
  const std::string db = DatabaseWithUnknownGame(dir, false);
  const Result r = PliArgv({"audit", "--db", db, "--json"});
  INFO(r.out << r.err);
  CHECK(r.status == 2);
  const boost::json::array games = Json(r).at("games").as_array();
  REQUIRE(games.size() == 2);
  CHECK(Str(games[0].at("game")) == "sim-1-1");
  CHECK(Str(games[0].at("chain")) == "ok");
  CHECK(!games[0].as_object().contains("unknown_game"));
  CHECK(Str(games[1].at("game")) == "zz");
  CHECK(Str(games[1].at("chain")) == "ok");
  CHECK(games[1].at("violations").as_array().empty());
  CHECK(Str(games[1].at("unknown_game")).find(kSaid) == 0);
  CHECK(Str(games[1].at("unknown_game")).find("skull-king") != std::string::npos);
  // The text says it in the game's line.
  const Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 2);
  CHECK(text.out.find("game zz: ") != std::string::npos);
  CHECK(text.out.find("not judged: " + kSaid) != std::string::npos);
  CHECK(text.out.find("tampering") == std::string::npos);
}

TEST_CASE("A game this pli does not know: state, legal, replay, explain say so, the others still read (issue 27)") {
  TempDir dir;
  const std::string db = DatabaseWithUnknownGame(dir, false);
  for (const std::vector<std::string>& args :
       std::vector<std::vector<std::string>>{{"state", "--db", db, "--game", "zz"},
                                             {"legal", "--db", db, "--game", "zz"},
                                             {"replay", "--db", db, "--game", "zz"},
                                             {"explain", "--db", db, "--game", "zz", "--at", "2"}}) {
    const Result r = PliArgv(args);
    INFO(args[0] << ": " << r.out << r.err);
    CHECK(r.status == 2);
    CHECK(r.err.find("game \"zz\" is " + kSaid) != std::string::npos);
  }
  const Result other = PliArgv({"state", "--db", db, "--game", "sim-1-1"});
  INFO(other.err);
  CHECK(other.status == 0);
}

TEST_CASE("A game this pli does not know: a live command writes nothing, export and copy leave it out (issue 27)") {
  TempDir dir;
  const std::string db = DatabaseWithUnknownGame(dir, false);
  const Result pass = PliArgv({"pass", "--db", db, "--game", "zz", "--seat", "0"});
  INFO(pass.out << pass.err);
  CHECK(pass.status == 2);
  CHECK(pass.err.find(kSaid) != std::string::npos);
  const Result audit = PliArgv({"audit", "--db", db, "--json", "--game", "zz"});
  CHECK(Json(audit).at("games").as_array()[0].at("events").to_number<int64_t>() ==
        Json(PliArgv({"audit", "--db", db, "--json", "--game", "sim-1-1"}))
            .at("games").as_array()[0].at("events").to_number<int64_t>());

  const Result out = PliArgv({"export", "--db", db});
  INFO(out.err);
  CHECK(out.status == 2);
  CHECK(out.out.find("\"game\":\"sim-1-1\"") != std::string::npos);
  CHECK(out.out.find("\"zz\"") == std::string::npos);
  CHECK(out.err.find("game \"zz\" is not exported: it is " + kSaid) != std::string::npos);

  const std::string copy = (dir.path / "copy.db").string();
  const Result copied = PliArgv({"copy", "--from", db, "--to", copy});
  INFO(copied.out << copied.err);
  CHECK(copied.status == 1);
  CHECK(copied.err.find("refused \"zz\": it is " + kSaid) != std::string::npos);
}

TEST_CASE("Rows no game owns whose chain does not hold are tampering, not a newer game (issue 27)") {
  TempDir dir;
  const std::string db = DatabaseWithUnknownGame(dir, true);
  const Result r = PliArgv({"audit", "--db", db, "--json", "--game", "zz"});
  INFO(r.out << r.err);
  CHECK(r.status == 1);
  const boost::json::value game = Json(r).at("games").as_array()[0];
  CHECK(Str(game.at("chain")) == "broken");
  CHECK(!game.as_object().contains("unknown_game"));
}

}  // namespace
