// tamper_test.cc: tamper evidence seen through `pli audit` (schema/STORE.md
// §3, §4; replay/chain_check.h). A game refereed through the binary is
// edited behind pli's back with a plain SQLite connection, its triggers
// dropped: an edited body or cards column, a removed event, a cut tail, a
// reordered pair each make `pli audit --db --json` exit 1 with chain
// "broken" at the right seq. A tail cut with the head rewritten to match
// (or a history rewritten with a recomputed chain) passes the database's
// own checks and is caught only by `--head SEQ:HASH` from an
// acknowledgement. With the triggers in place, a plain connection (and the
// sqlite3 shell) can neither update, delete, replace nor skip a seq.
// Every copy the database keeps is compared with the events: a renamed or
// swapped game id, the games row's seats, ruleset and creation number, the
// prev column, the declaration, recipient, at and seed columns; a games
// row without events and events without a games row are reported. The database head (db:N:HASH, printed with every
// acknowledgement and by audit --db) catches a whole game removed or
// inserted; an exported log is checked against either witness.
#include <sqlite3.h>

#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <variant>
#include <vector>

#include "games/president/rules/event.h"
#include "referee/chain.h"
#include "games/president/wire/event_codec.h"
#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::Json;
using pli::test::LiveGame;
using pli::test::Pli;
using pli::test::PliArgv;
using pli::test::Quote;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::Str;
using pli::test::TempDir;

constexpr const char* kGame = "t1";

// A plain SQLite connection to a pli database, as anyone could open one.
class RawDb {
 public:
  explicit RawDb(const std::string& path) {
    REQUIRE(sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  }
  ~RawDb() { sqlite3_close_v2(db_); }
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;

  // Runs statements that must succeed.
  void Exec(const std::string& sql) {
    INFO(sql << "\n" << sqlite3_errmsg(db_));
    REQUIRE(sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, nullptr) == SQLITE_OK);
  }

  // Runs a statement that must fail; returns SQLite's message.
  std::string Refused(const std::string& sql) {
    char* error = nullptr;
    const int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &error);
    const std::string message = error ? error : "";
    sqlite3_free(error);
    INFO(sql);
    CHECK(rc != SQLITE_OK);
    return message;
  }

  int64_t Int(const std::string& sql) {
    sqlite3_stmt* s = Prepare(sql);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    const int64_t v = sqlite3_column_int64(s, 0);
    sqlite3_finalize(s);
    return v;
  }

  std::string Blob(const std::string& sql) {
    sqlite3_stmt* s = Prepare(sql);
    REQUIRE(sqlite3_step(s) == SQLITE_ROW);
    std::string v(static_cast<const char*>(sqlite3_column_blob(s, 0)),
                  static_cast<size_t>(sqlite3_column_bytes(s, 0)));
    sqlite3_finalize(s);
    return v;
  }

  // Runs `sql` with ?1 bound to `blob`.
  void ExecBlob(const std::string& sql, const std::string& blob) {
    sqlite3_stmt* s = Prepare(sql);
    sqlite3_bind_blob(s, 1, blob.data(), static_cast<int>(blob.size()), SQLITE_TRANSIENT);
    INFO(sql << "\n" << sqlite3_errmsg(db_));
    REQUIRE(sqlite3_step(s) == SQLITE_DONE);
    sqlite3_finalize(s);
  }

 private:
  sqlite3_stmt* Prepare(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    INFO(sql << "\n" << sqlite3_errmsg(db_));
    REQUIRE(sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    return s;
  }

  sqlite3* db_ = nullptr;
};

// The game every test tampers with, refereed once through the binary:
// seeded deal (with an idempotency key), then legal actions until more
// than 20 events. Each test works on its own copy.
struct Refereed {
  TempDir dir;
  std::string db;
  int64_t last = 0;               // its last seq
  std::vector<std::string> acks;  // the acknowledged hash of each event
  int64_t play = 0;               // the seq of a play event past the deal (k)
  std::string exported;
  std::string db_head;            // the database head of the last acknowledgement
};

// Referees the game into r.db (once per process: see Original).
void Build(Refereed& r) {
  r.db = (r.dir.path / "original.db").string();
  LiveGame g(r.db, kGame);
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "99", "--id", "deal-1"});
  uint32_t rng = 3;
  while (g.head() < 24) {
    rng = rng * 1103515245u + 12345u;
    g.TakeLegal(rng >> 16);
  }
  r.acks = g.acks();
  r.db_head = Str(Json(g.last()).at("database_head"));
  RawDb raw(r.db);
  r.play = raw.Int("SELECT min(seq) FROM events WHERE type = 4 AND seq >= 8");
  r.exported = Export(r.db);
  r.last = g.head();  // last: the mark of a finished build
}

const Refereed& Original() {
  static Refereed r;
  if (r.last == 0) Build(r);
  return r;
}

// A copy of the original database. Every event is in the .db file: the
// last writer checkpointed the WAL when it closed (a read-only audit may
// leave an empty -wal file behind).
std::string Copy(const TempDir& dir) {
  const Refereed& o = Original();
  REQUIRE((!fs::exists(o.db + "-wal") || fs::file_size(o.db + "-wal") == 0));
  const std::string copy = (dir.path / "copy.db").string();
  fs::copy_file(o.db, copy);
  return copy;
}

constexpr const char* kDropEventTriggers =
    "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete;";

std::string Where(int64_t seq) {
  return std::string(" WHERE game = '") + kGame + "' AND seq = " + std::to_string(seq);
}

// The audit of a tampered database: exit 1, chain broken; returns the seqs
// of its chain problems.
std::vector<int64_t> BrokenAt(const std::string& db, const std::vector<std::string>& extra = {}) {
  const json::value doc = AuditDb(db, 1, extra);
  const json::value& game = doc.at("games").at(0);
  CHECK(game.at("chain") == "broken");
  std::vector<int64_t> seqs;
  for (const json::value& p : game.at("chain_problems").as_array()) {
    CHECK(!Str(p.at("message")).empty());
    seqs.push_back(Int(p.at("seq")));
  }
  return seqs;
}

bool Contains(const std::vector<int64_t>& seqs, int64_t seq) {
  return std::find(seqs.begin(), seqs.end(), seq) != seqs.end();
}

std::string HeadArg(int64_t seq) { return std::to_string(seq) + ":" + Original().acks[seq - 1]; }

}  // namespace

TEST_CASE("tamper: the untouched database audits clean, chain ok, every ack a valid --head") {
  const Refereed& o = Original();
  REQUIRE(o.last >= 24);
  REQUIRE(o.play > 2);
  const json::value doc = AuditDb(o.db, 0, {"--head", HeadArg(o.last)});
  const json::value& game = doc.at("games").at(0);
  CHECK(Int(game.at("events")) == o.last);
  CHECK(game.at("chain") == "ok");
  CHECK(game.at("chain_problems").as_array().empty());
  CHECK(game.at("violations").as_array().empty());
  CHECK(AuditDb(o.db, 0, {"--head", HeadArg(o.play)}).at("games").at(0).at("chain") == "ok");
  // A --head that was never acknowledged is caught: a wrong hash at a seq
  // that exists, or a seq past the end.
  std::string forged = HeadArg(o.play);
  forged.back() = forged.back() == '0' ? '1' : '0';
  CHECK(Contains(BrokenAt(o.db, {"--head", forged}), o.play));
  CHECK(Contains(BrokenAt(o.db, {"--head", std::to_string(o.last + 1) + ":" + o.acks[0]}),
                 o.last + 1));
}

TEST_CASE("tamper: an edited event body is chain broken at its seq") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t k = Original().play;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    std::variant<pli::Event, std::string> decoded =
        pli::DecodeEvent(raw.Blob("SELECT body FROM events" + Where(k)));
    REQUIRE(std::holds_alternative<pli::Event>(decoded));
    pli::Event event = std::get<pli::Event>(decoded);
    auto* play = std::get_if<pli::PlayEvent>(&event.body);
    REQUIRE(play != nullptr);
    play->cards.front() = pli::Card(static_cast<uint8_t>((play->cards.front().index + 1) % 52));
    raw.ExecBlob("UPDATE events SET body = ?1" + Where(k), pli::EncodeEvent(event));
  }
  const std::vector<int64_t> seqs = BrokenAt(db);
  CHECK(Contains(seqs, k));
  for (int64_t s : seqs) CHECK(s == k);  // one edit, reported at its seq only
  Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("hash chain broken") &&
                           Catch::Contains("seq " + std::to_string(k) + "  chain: "));
}

TEST_CASE("tamper: a body replaced by bytes that do not decode is chain broken at its seq") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t k = Original().play;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    raw.ExecBlob("UPDATE events SET body = ?1" + Where(k), std::string("\x01\x04\xff", 3));
  }
  const std::vector<int64_t> seqs = BrokenAt(db);
  CHECK(Contains(seqs, k));
  for (int64_t s : seqs) CHECK(s == k);
}

TEST_CASE("tamper: an edited cards column is chain broken at its seq") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t k = Original().play;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    raw.Exec("UPDATE events SET cards = '2s'" + Where(k));
  }
  const std::vector<int64_t> seqs = BrokenAt(db);
  CHECK(seqs == std::vector<int64_t>{k});
}

TEST_CASE("tamper: a removed event is chain broken at its seq") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t k = Original().play;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    raw.Exec("DELETE FROM events" + Where(k));
  }
  const json::value doc = AuditDb(db, 1);
  CHECK(Int(doc.at("games").at(0).at("events")) == Original().last - 1);
  const std::vector<int64_t> seqs = BrokenAt(db);
  REQUIRE(!seqs.empty());
  CHECK(seqs.front() == k);
}

TEST_CASE("tamper: a cut tail is chain broken just past the last remaining event") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t last = Original().last;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    raw.Exec(std::string("DELETE FROM events WHERE game = '") + kGame + "' AND seq > " +
             std::to_string(last - 3));
    CHECK(raw.Int("SELECT head_seq FROM games") == last);  // the head stays
  }
  const std::vector<int64_t> seqs = BrokenAt(db);
  CHECK(seqs == std::vector<int64_t>{last - 2});
}

TEST_CASE("tamper: a reordered pair of events is chain broken at the first of them") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t k = Original().play;
  {
    RawDb raw(db);
    raw.Exec(kDropEventTriggers);
    raw.Exec("UPDATE events SET seq = 1000000" + Where(k));
    raw.Exec("UPDATE events SET seq = " + std::to_string(k) + Where(k + 1));
    raw.Exec("UPDATE events SET seq = " + std::to_string(k + 1) + Where(1000000));
  }
  const std::vector<int64_t> seqs = BrokenAt(db);
  REQUIRE(!seqs.empty());
  CHECK(seqs.front() == k);
}

TEST_CASE(
    "tamper: a tail cut with the head rewritten passes the database's checks and is "
    "caught by --head from an acknowledgement") {
  TempDir dir;
  const std::string db = Copy(dir);
  const int64_t last = Original().last;
  {
    RawDb raw(db);
    raw.Exec(std::string(kDropEventTriggers) + " DROP TRIGGER games_head_only;");
    raw.Exec(std::string("DELETE FROM events WHERE game = '") + kGame + "' AND seq > " +
             std::to_string(last - 3));
    raw.Exec("UPDATE games SET head_seq = " + std::to_string(last - 3) +
             ", head_hash = (SELECT hash FROM events" + Where(last - 3) + ")");
  }
  // The database alone: a shorter, consistent game.
  const json::value alone = AuditDb(db, 0);
  CHECK(alone.at("games").at(0).at("chain") == "ok");
  CHECK(Int(alone.at("games").at(0).at("events")) == last - 3);
  CHECK(AuditDb(db, 0, {"--head", HeadArg(last - 3)}).at("games").at(0).at("chain") == "ok");
  // The acknowledgement printed when event `last` was recorded.
  CHECK(BrokenAt(db, {"--head", HeadArg(last)}) == std::vector<int64_t>{last});
  Result text = PliArgv({"audit", "--db", db, "--head", HeadArg(last)});
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("it was cut"));
}

TEST_CASE(
    "tamper: a history rewritten with a recomputed chain and head is caught only by "
    "--head") {
  TempDir dir;
  const std::string db = Copy(dir);
  const Refereed& o = Original();
  const int64_t k = o.play;
  {
    RawDb raw(db);
    raw.Exec(std::string(kDropEventTriggers) + " DROP TRIGGER games_head_only;");
    // Event k gets another time stamp; every hash from k on is recomputed.
    pli::Event event =
        std::get<pli::Event>(pli::DecodeEvent(raw.Blob("SELECT body FROM events" + Where(k))));
    event.at = "1999-12-31T23:59:59Z";
    raw.ExecBlob("UPDATE events SET body = ?1" + Where(k), pli::EncodeEvent(event));
    raw.Exec("UPDATE events SET at = '1999-12-31T23:59:59Z'" + Where(k));  // its copy too
    std::string prev = raw.Blob("SELECT hash FROM events" + Where(k - 1));
    for (int64_t seq = k; seq <= o.last; ++seq) {
      pli::Hash p;
      std::copy(prev.begin(), prev.end(), p.begin());
      const pli::Hash h = pli::ChainHash(p, seq, raw.Blob("SELECT body FROM events" + Where(seq)));
      const std::string hash(h.begin(), h.end());
      raw.ExecBlob("UPDATE events SET prev = ?1" + Where(seq), prev);
      raw.ExecBlob("UPDATE events SET hash = ?1" + Where(seq), hash);
      prev = hash;
    }
    raw.ExecBlob("UPDATE games SET head_hash = ?1", prev);
  }
  const json::value alone = AuditDb(db, 0);
  CHECK(alone.at("games").at(0).at("chain") == "ok");
  CHECK(Export(db) != o.exported);
  // Acknowledged before the edit: still there. At or after it: rewritten.
  CHECK(AuditDb(db, 0, {"--head", HeadArg(k - 1)}).at("games").at(0).at("chain") == "ok");
  CHECK(BrokenAt(db, {"--head", HeadArg(k)}) == std::vector<int64_t>{k});
  CHECK(BrokenAt(db, {"--head", HeadArg(o.last)}) == std::vector<int64_t>{o.last});
  CHECK_THAT(PliArgv({"audit", "--db", db, "--head", HeadArg(o.last)}).out,
             Catch::Contains("rewritten"));
}

TEST_CASE("tamper: an exported log with one card edited is chain broken at that seq") {
  TempDir dir;
  const Refereed& o = Original();
  std::string text = o.exported;
  const std::string marker = "\"seq\":" + std::to_string(o.play) + ",";
  const size_t line = text.find(marker);
  REQUIRE(line != std::string::npos);
  const size_t cards = text.find("\"cards\":[\"", line);
  REQUIRE(cards != std::string::npos);
  const size_t card = cards + 10;
  const std::string replacement = text.compare(card, 3, "3c\"") == 0 ? "4c" : "3c";
  text.replace(card, text.find('"', card) - card, replacement);
  const std::string file = dir.Write("edited.jsonl", text);

  const std::string clean = dir.Write("clean.jsonl", o.exported);
  Result ok = PliArgv({"audit", clean, "--json"});
  CHECK(ok.status == 0);
  CHECK(Json(ok).at("games").at(0).at("chain") == "ok");

  Result r = PliArgv({"audit", file, "--json"});
  CHECK(r.status == 1);
  const json::value doc = Json(r);
  const json::value& game = doc.at("games").at(0);
  CHECK(game.at("chain") == "broken");
  REQUIRE(!game.at("chain_problems").as_array().empty());
  for (const json::value& p : game.at("chain_problems").as_array()) {
    CHECK(Int(p.at("seq")) == o.play);
  }
}

TEST_CASE(
    "tamper: with the triggers in place a plain connection can neither update, delete, "
    "replace nor skip a seq, the database is unchanged") {
  TempDir dir;
  const std::string db = Copy(dir);
  const Refereed& o = Original();
  const std::string bytes = ReadBytes(db);
  for (const char* recursive : {"ON", "OFF"}) {
    INFO("PRAGMA recursive_triggers = " << recursive);
    RawDb raw(db);
    raw.Exec(std::string("PRAGMA recursive_triggers = ") + recursive);
    const std::string k = std::to_string(o.play);
    const std::string g = std::string("'") + kGame + "'";
    const std::string head = std::to_string(o.last);
    const std::string next = std::to_string(o.last + 1);
    const std::string gap = std::to_string(o.last + 2);
    CHECK_THAT(raw.Refused("UPDATE events SET cards = '2s'" + Where(o.play)),
               Catch::Contains("append-only"));
    CHECK_THAT(raw.Refused("UPDATE events SET seq = seq + 100 WHERE game = " + g),
               Catch::Contains("append-only"));
    CHECK_THAT(raw.Refused("DELETE FROM events" + Where(o.last)), Catch::Contains("append-only"));
    // REPLACE of an existing (game, seq): the insert trigger refuses it
    // before the conflict is resolved.
    CHECK_THAT(raw.Refused("INSERT OR REPLACE INTO events SELECT * FROM events" + Where(o.play)),
               Catch::Contains("seq must be the head's seq + 1"));
    // REPLACE of an existing (game, id) at the right seq and link.
    CHECK_THAT(raw.Refused("INSERT OR REPLACE INTO events (game, seq, type, seat, id, cards, "
                           "body, hash, prev) SELECT game, " +
                           next +
                           ", 5, 0, 'deal-1', '', "
                           "x'0105', randomblob(32), head_hash FROM games WHERE game = " +
                           g),
               Catch::Contains("this id is already used"));
    // A gap.
    CHECK_THAT(raw.Refused("INSERT INTO events (game, seq, type, seat, id, cards, body, hash, "
                           "prev) SELECT game, " +
                           gap +
                           ", 5, 0, NULL, '', x'0105', "
                           "randomblob(32), head_hash FROM games WHERE game = " +
                           g),
               Catch::Contains("seq must be the head's seq + 1"));
    // A wrong link at the right seq.
    CHECK_THAT(raw.Refused("INSERT INTO events (game, seq, type, seat, id, cards, body, hash, "
                           "prev) SELECT game, " +
                           next +
                           ", 5, 0, NULL, '', x'0105', "
                           "randomblob(32), randomblob(32) FROM games WHERE game = " +
                           g),
               Catch::Contains("prev must be the head's hash"));
    // The games row: its head, the row itself.
    CHECK_THAT(raw.Refused("UPDATE games SET head_seq = head_seq - 1"),
               Catch::Contains("only changes by its head advancing"));
    CHECK_THAT(raw.Refused("DELETE FROM games"), Catch::Contains("never deleted"));
    CHECK_THAT(raw.Refused("INSERT OR REPLACE INTO games (game, ruleset, seats, created, head_seq, "
                           "head_hash) VALUES (" +
                           g + ", 'classic', '[]', 9, 0, zeroblob(32))"),
               Catch::Contains("already exists"));
    CHECK(raw.Int("SELECT count(*) FROM events") == o.last);
    CHECK(raw.Int("SELECT head_seq FROM games") == o.last);
  }
  CHECK(Export(db) == o.exported);
  CHECK(ReadBytes(db) == bytes);
  CHECK(AuditDb(db, 0, {"--head", HeadArg(o.last)}).at("games").at(0).at("chain") == "ok");
}

TEST_CASE("tamper: the sqlite3 shell is refused by the triggers too") {
  if (std::system("command -v sqlite3 >/dev/null 2>&1") != 0) {
    WARN("no sqlite3 shell installed (scripts/install-deps.sh installs it): skipped");
    return;
  }
  TempDir dir;
  const std::string db = Copy(dir);
  const std::string bytes = ReadBytes(db);
  const Refereed& o = Original();
  for (const std::string& sql :
       {"UPDATE events SET cards = '2s' WHERE seq = " + std::to_string(o.play) + ";",
        "DELETE FROM events WHERE seq = " + std::to_string(o.last) + ";",
        "INSERT OR REPLACE INTO events SELECT * FROM events WHERE seq = " + std::to_string(o.play) +
            ";"}) {
    INFO(sql);
    const std::string out_path = (dir.path / "shell.out").string();
    const int raw = std::system(
        ("sqlite3 " + Quote(db) + " " + Quote(sql) + " >" + Quote(out_path) + " 2>&1").c_str());
    CHECK(raw != 0);
    CHECK_THAT(ReadBytes(out_path), Catch::Contains("pli: "));
  }
  CHECK(Export(db) == o.exported);
  CHECK(ReadBytes(db) == bytes);
}

// A head belongs to one game: with several games in the database, --head
// needs --game (bad usage otherwise), so no other game reads as cut.
TEST_CASE("tamper: --head of one game does not make another game of the database look cut") {
  TempDir dir;
  const std::string db = Copy(dir);
  LiveGame other(db, "other");
  other.Act("new", {"--seats", "A,B,C,D"});
  Result r = PliArgv({"audit", "--db", db, "--json", "--head", HeadArg(Original().last)});
  INFO(r.out << r.err);
  CHECK(r.status != 1);
  if (r.status == 0) {
    const json::value doc = Json(r);
    for (const json::value& g : doc.at("games").as_array()) CHECK(g.at("chain") == "ok");
  } else {
    CHECK_THAT(r.err, Catch::Contains("--game"));
  }
  // With --game, the head is checked against that game alone.
  CHECK(AuditDb(db, 0, {"--game", kGame, "--head", HeadArg(Original().last)})
            .at("games")
            .at(0)
            .at("chain") == "ok");
}

namespace {

// Runs `sql` on a copy of the original with every trigger that guards the
// tables dropped and foreign keys off, as someone rewriting the file would.
std::string Rewritten(const TempDir& dir, const std::string& sql) {
  const std::string db = Copy(dir);
  RawDb raw(db);
  raw.Exec(std::string("PRAGMA foreign_keys = OFF; ") + kDropEventTriggers +
           " DROP TRIGGER games_head_only; DROP TRIGGER games_no_delete;"
           " DROP TRIGGER events_append; DROP TRIGGER games_insert; " +
           sql);
  return db;
}

// The database section of an audit document's problems, as messages.
std::vector<std::string> DatabaseProblems(const json::value& doc) {
  std::vector<std::string> out;
  for (const json::value& p : doc.at("database").at("copies").as_array()) {
    out.push_back(Str(p.at("message")));
  }
  return out;
}

// A second game, "u2", refereed into `db` after t1: new, a seeded deal.
void AddSecondGame(const std::string& db) {
  LiveGame other(db, "u2");
  other.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  other.Act("deal", {"--seed", "5"});
}

}  // namespace

TEST_CASE("tamper: a renamed game id is broken at event 1, and a witness under the new name fails") {
  TempDir dir;
  const std::string db = Rewritten(dir, "UPDATE games SET game = 't2'; UPDATE events SET game = 't2';");
  const std::vector<int64_t> seqs = BrokenAt(db);
  CHECK(seqs == std::vector<int64_t>{1});
  Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("renamed"));
  // The acknowledgement of t1 given for "t2": the rows hold its hashes, but
  // they are not t2's game.
  CHECK(BrokenAt(db, {"--game", "t2", "--head", HeadArg(Original().last)}) ==
        std::vector<int64_t>{1});
}

TEST_CASE("tamper: two games whose ids were swapped are each broken at event 1") {
  TempDir dir;
  const std::string db = Copy(dir);
  AddSecondGame(db);
  {
    RawDb raw(db);
    raw.Exec(std::string("PRAGMA foreign_keys = OFF; ") + kDropEventTriggers +
             " DROP TRIGGER games_head_only;"
             " UPDATE games SET game = 'x' WHERE game = 't1'; UPDATE events SET game = 'x' WHERE game = 't1';"
             " UPDATE games SET game = 't1' WHERE game = 'u2'; UPDATE events SET game = 't1' WHERE game = 'u2';"
             " UPDATE games SET game = 'u2' WHERE game = 'x'; UPDATE events SET game = 'u2' WHERE game = 'x';");
  }
  const json::value doc = AuditDb(db, 1);
  REQUIRE(doc.at("games").as_array().size() == 2);
  for (const json::value& g : doc.at("games").as_array()) {
    INFO(g.at("game"));
    CHECK(g.at("chain") == "broken");
    CHECK(Int(g.at("chain_problems").at(0).at("seq")) == 1);
    CHECK_THAT(Str(g.at("chain_problems").at(0).at("message")), Catch::Contains("renamed"));
  }
}

TEST_CASE("tamper: the games row's seats or ruleset edited is broken at event 1") {
  for (const std::string& sql :
       {std::string("UPDATE games SET seats = '[\"Ana\",\"Bo\",\"Cy\",\"Eve\"]';"),
        std::string("UPDATE games SET ruleset = 'classic';")}) {
    INFO(sql);
    TempDir dir;
    const std::string db = Rewritten(dir, sql);
    CHECK(BrokenAt(db) == std::vector<int64_t>{1});
  }
}

TEST_CASE("tamper: an edited prev column is broken at its seq") {
  TempDir dir;
  const int64_t k = Original().play;
  const std::string db = Rewritten(dir, "UPDATE events SET prev = zeroblob(32)" + Where(k) + ";");
  CHECK(BrokenAt(db) == std::vector<int64_t>{k});
  CHECK_THAT(PliArgv({"audit", "--db", db}).out, Catch::Contains("prev column"));
}

TEST_CASE("tamper: an edited declaration, recipient, at or seed column is broken at its seq") {
  // Schema 3's copies of the body (schema/STORE.md §2): the live game's
  // deal (event 2) is seeded, and its events carry no time (LiveGame
  // passes --no-time), so an `at` column set anywhere is a lie.
  const int64_t k = Original().play;
  const std::vector<std::pair<std::string, int64_t>> cases = {
      {"UPDATE events SET declaration = CASE WHEN declaration IS NULL THEN 'reverse' END" +
           Where(k) + ";",
       k},
      {"UPDATE events SET recipient = 1" + Where(k) + ";", k},
      {"UPDATE events SET at = '2000-01-01T00:00:00Z'" + Where(k) + ";", k},
      {"UPDATE events SET at = '2026-01-01T00:00:00Z'" + Where(1) + ";", 1},
      {"UPDATE events SET seed = seed + 1" + Where(2) + ";", 2},
  };
  for (const auto& [sql, seq] : cases) {
    INFO(sql);
    TempDir dir;
    const std::string db = Rewritten(dir, sql);
    CHECK(BrokenAt(db) == std::vector<int64_t>{seq});
    const std::string column = sql.substr(18, sql.find(" = ") - 18);
    CHECK_THAT(PliArgv({"audit", "--db", db}).out,
               Catch::Contains("the " + column + " column says"));
  }
}

TEST_CASE("tamper: a games row without events, inserted past the triggers, is reported") {
  TempDir dir;
  const std::string db = Copy(dir);
  {
    RawDb raw(db);  // the triggers stay: they let an empty row in
    raw.Exec("INSERT INTO games (game, ruleset, seats, created, head_seq, head_hash) "
             "VALUES ('squat', 'classic', '[]', 2, 0, zeroblob(32))");
  }
  const json::value doc = AuditDb(db, 1);
  REQUIRE(doc.at("games").as_array().size() == 2);
  CHECK(doc.at("games").at(0).at("chain") == "ok");
  const json::value& squat = doc.at("games").at(1);
  CHECK(squat.at("game") == "squat");
  CHECK(squat.at("chain") == "broken");
  CHECK_THAT(Str(squat.at("chain_problems").at(0).at("message")), Catch::Contains("no events"));
}

TEST_CASE("tamper: event rows whose game has no games row are reported as the database's") {
  TempDir dir;
  const std::string db = Rewritten(dir, "DELETE FROM games;");
  const json::value doc = AuditDb(db, 1);
  CHECK(doc.at("games").as_array().empty());
  const std::vector<std::string> problems = DatabaseProblems(doc);
  REQUIRE(problems.size() == 1);
  CHECK_THAT(problems[0], Catch::Contains("no games row") && Catch::Contains("\"t1\""));
  CHECK(doc.at("database").at("copies").at(0).at("game") == kGame);
  CHECK(Int(doc.at("summary").at("database_problems")) == 1);
  Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 1);
  CHECK_THAT(text.out, Catch::Contains("database problem: "));
}

TEST_CASE("tamper: creation numbers with a gap or a repeat are reported") {
  for (const std::string& sql :
       {std::string("UPDATE games SET created = 3 WHERE game = 'u2';"),
        std::string("UPDATE games SET created = 1 WHERE game = 'u2';")}) {
    INFO(sql);
    TempDir dir;
    const std::string db = Copy(dir);
    AddSecondGame(db);
    AuditDb(db, 0);
    {
      RawDb raw(db);
      raw.Exec("DROP TRIGGER games_head_only; " + sql);
    }
    const json::value doc = AuditDb(db, 1);
    for (const json::value& g : doc.at("games").as_array()) CHECK(g.at("chain") == "ok");
    CHECK(DatabaseProblems(doc).size() == 1);
  }
}

TEST_CASE("witness: every acknowledgement prints the database head, which audit --db prints too") {
  const Refereed& o = Original();
  REQUIRE(o.db_head.starts_with("db:1:"));
  const json::value doc = AuditDb(o.db, 0);
  CHECK(Str(doc.at("database").at("head")) == o.db_head);
  CHECK(Int(doc.at("database").at("games")) == 1);
  CHECK(doc.at("database").at("copies").as_array().empty());
  CHECK(AuditDb(o.db, 0, {"--head", o.db_head}).at("database").at("copies").as_array().empty());
  // As text: the acknowledgement and the audit.
  TempDir dir;
  const std::string db = Copy(dir);
  Result ack = PliArgv({"new", "--db", db, "--game", "w", "--seats", "A,B,C,D", "--no-time"});
  REQUIRE(ack.status == 0);
  const size_t at = ack.out.find("database head db:2:");
  REQUIRE(at != std::string::npos);
  Result text = PliArgv({"audit", "--db", db});
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::Contains(ack.out.substr(at, 19 + 64) + "\n"));
  // A forged database head, or one naming more games than there are.
  std::string forged = o.db_head;
  forged.back() = forged.back() == '0' ? '1' : '0';
  CHECK(DatabaseProblems(AuditDb(o.db, 1, {"--head", forged})).size() == 1);
  CHECK(DatabaseProblems(AuditDb(o.db, 1, {"--head", "db:2:" + o.db_head.substr(5)})).size() == 1);
  CHECK(PliArgv({"audit", "--db", o.db, "--head", "db:x:" + o.db_head.substr(5)}).status == 2);
}

TEST_CASE("witness: a whole game removed or inserted is caught only by the database head") {
  TempDir dir;
  const std::string db = Copy(dir);
  const std::string before = Original().db_head;  // one game, t1
  AddSecondGame(db);
  // Games created after the witness leave it valid.
  AuditDb(db, 0, {"--head", before});
  const std::string two = Str(AuditDb(db, 0).at("database").at("head"));
  REQUIRE(two.starts_with("db:2:"));
  {
    // The last game removed, rows and all: a consistent database of one.
    TempDir d;
    const std::string removed = (d.path / "removed.db").string();
    fs::copy_file(db, removed);
    RawDb raw(removed);
    raw.Exec(std::string(kDropEventTriggers) +
             " DROP TRIGGER games_no_delete; DELETE FROM events WHERE game = 'u2';"
             " DELETE FROM games WHERE game = 'u2';");
    AuditDb(removed, 0);
    AuditDb(removed, 0, {"--head", before});
    CHECK_THAT(DatabaseProblems(AuditDb(removed, 1, {"--head", two})).at(0),
               Catch::Contains("removed"));
  }
  {
    // A game inserted before t1 in creation order.
    TempDir d;
    const std::string inserted = (d.path / "inserted.db").string();
    fs::copy_file(db, inserted);
    RawDb raw(inserted);
    raw.Exec("DROP TRIGGER games_head_only; UPDATE games SET created = 1 - created + 2;");
    AuditDb(inserted, 0);
    CHECK(DatabaseProblems(AuditDb(inserted, 1, {"--head", before})).size() == 1);
    CHECK(DatabaseProblems(AuditDb(inserted, 1, {"--head", two})).size() == 1);
  }
}

TEST_CASE("witness: pli audit FILE --head checks an exported log without importing it") {
  TempDir dir;
  const Refereed& o = Original();
  const std::string file = dir.Write("t1.jsonl", o.exported);
  Result ok = PliArgv({"audit", file, "--json", "--head", HeadArg(o.last)});
  INFO(ok.out << ok.err);
  CHECK(ok.status == 0);
  CHECK(PliArgv({"audit", file, "--head", HeadArg(o.play)}).status == 0);
  CHECK(PliArgv({"audit", file, "--head", o.db_head}).status == 0);
  // A forged witness, and the log cut before it.
  std::string forged = HeadArg(o.play);
  forged.back() = forged.back() == '0' ? '1' : '0';
  Result r = PliArgv({"audit", file, "--json", "--head", forged});
  CHECK(r.status == 1);
  CHECK(Int(Json(r).at("games").at(0).at("chain_problems").at(0).at("seq")) == o.play);
  std::string cut = o.exported;
  cut.erase(cut.rfind('\n', cut.size() - 2) + 1);  // the last line gone
  const std::string cut_file = dir.Write("cut.jsonl", cut);
  CHECK(PliArgv({"audit", cut_file, "--head", HeadArg(o.last - 1)}).status == 0);
  Result c = PliArgv({"audit", cut_file, "--head", HeadArg(o.last)});
  CHECK(c.status == 1);
  CHECK_THAT(c.out, Catch::Contains("it was cut"));
  CHECK(PliArgv({"audit", cut_file, "--head", o.db_head}).status == 1);
  // Several games: a game's head needs --game.
  const std::string two = dir.Write("two.jsonl", o.exported + o.exported);
  CHECK(PliArgv({"audit", two, "--head", HeadArg(o.last)}).status == 2);
}
