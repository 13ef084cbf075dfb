// audit_scan_test.cc: `pli audit --db` reading every game of a SQLite
// archive in one pass (SqliteReader::ScanGames: both tables in key order,
// one read transaction for the whole audit) and, with --jobs N, in N
// threads on one shared snapshot (InSharedSnapshot), against the reference
// of one statement per game (AuditStoreGames: each game read whole and
// checked on the detailed path). The archive's games are created in an
// order that is not their ids' byte order, two are of another game (Skull
// King), three hold illegal events; it is then tampered with behind pli's
// back: a body in a middle game, a games row without events, event rows of
// no games row between two games in key order, and an empty archive. On
// each, with every output form and several job counts:
//  - the output and the exit status are byte for byte the reference's;
//  - a clean game is taken by the one pass (AddClean), only the others by
//    the detailed path, and the sink gets each game in creation order with
//    its Progress just before it;
//  - one snapshot: a game a writer adds during the audit is not seen by any
//    part of it (games, heads, the database head).
#include <sqlite3.h>

#include <algorithm>
#include <catch2/catch.hpp>
#include <filesystem>
#include <functional>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/audit.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/audit.h"
#include "replay/source.h"
#include "tests/cli/run.h"

namespace pli::test {
namespace {

const std::string kFixtureDir = std::string(PLI_SOURCE_DIR) + "/games/";

// Created in this order (P4, E3, C2, ska, E1, P7, skb, C4); in byte
// order they are C2, C4, E1, E3, P4, P7, ska, skb. Three hold an illegal
// event (P4, P7, and ska, a Skull King game); skb is a clean Skull King
// game.
const std::vector<std::string> kLogs = {
    "president/fixtures/rules/P4-must-play-illegal.jsonl",        "president/fixtures/rules/E3-all-passed-legal.jsonl",
    "president/fixtures/rules/C2-normal-order-legal.jsonl",       "skull_king/fixtures/examples/A-mermaid-hook.jsonl",
    "president/fixtures/rules/E1-top-rank-closes-legal.jsonl",    "president/fixtures/rules/P7-not-your-turn-illegal.jsonl",
    "skull_king/fixtures/examples/B-escape-led.jsonl",  "president/fixtures/rules/C4-top-rank-legal.jsonl",
};

std::string Archive(const TempDir& dir, const std::string& name) {
  const std::string db = (dir.path / name).string();
  std::string all;
  for (const std::string& log : kLogs) all += ReadBytes(kFixtureDir + log);
  const std::string log = dir.Write(name + ".jsonl", all);
  const Result r = PliArgv({"import", "--db", db, "--keep-illegal", log});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  return db;
}

// The archive with `sql` run on it behind pli's back (its guards dropped).
std::string Tampered(const TempDir& dir, const std::string& name, const std::string& sql) {
  const std::string db = Archive(dir, name);
  sqlite3* raw = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &raw, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  const std::string all =
      "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; "
      "DROP TRIGGER events_append; DROP TRIGGER events_advance_head; "
      "DROP TRIGGER games_head_only; " + sql;
  char* error = nullptr;
  const int rc = sqlite3_exec(raw, all.c_str(), nullptr, nullptr, &error);
  INFO(sql << ": " << (error ? error : ""));
  sqlite3_free(error);
  sqlite3_close_v2(raw);
  REQUIRE(rc == SQLITE_OK);
  return db;
}

struct Case {
  std::string what;
  std::string db;
  int clean;  // games the one pass must take (nothing to report)
};

std::vector<Case> Cases(const TempDir& dir) {
  std::vector<Case> cases;
  cases.push_back({"clean but for three illegal games", Archive(dir, "plain.db"), 5});
  cases.push_back({"a body changed in a middle game (E1, created fifth, third in key order)",
                   Tampered(dir, "body.db",
                            "UPDATE events SET body = CAST(body || x'20' AS BLOB) "
                            "WHERE game = 'E1-top-rank-closes-legal' AND seq = 2"),
                   4});
  cases.push_back({"a games row without events, between two games in key order",
                   Tampered(dir, "empty-game.db",
                            "INSERT INTO games (game, ruleset, seats, created, head_seq, "
                            "head_hash) VALUES ('C3-none', 'president', '[\"A\",\"B\",\"C\"]', "
                            "4, 0, zeroblob(32)); "
                            "UPDATE games SET created = created + 1 WHERE created >= 4 AND "
                            "game != 'C3-none'"),
                   5});
  cases.push_back({"event rows of no games row, between two games in key order",
                   Tampered(dir, "stray.db",
                            "INSERT INTO events SELECT 'C3-stray', seq, type, seat, id, cards, "
                            "body, hash, prev, declaration, recipient, at, seed FROM events "
                            "WHERE game = 'C2-normal-order-legal'"),
                   5});
  const std::string empty = (dir.path / "nothing.db").string();
  OpenSqliteStore(empty, OpenMode::kCreate);
  cases.push_back({"an empty archive", empty, 0});
  return cases;
}

// What fn prints, and the message of what it throws, if anything (an
// empty archive: "holds no game").
template <typename Fn>
std::string Captured(Fn&& fn) {
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  try {
    fn();
  } catch (const std::exception& e) {
    out << "\nthrown: " << e.what();
  }
  std::cout.rdbuf(old);
  return out.str();
}

// What the sink was handed, in order: "progress I/N", "clean ID N",
// "checked ID N".
class Recorder final : public AuditSink {
 public:
  bool keep_going() const override { return false; }
  void Add(const GameVerdict& game) override {
    calls.push_back("checked " + game.game + " " + std::to_string(game.events));
  }
  void AddClean(const std::string& game, int64_t events) override {
    calls.push_back("clean " + game + " " + std::to_string(events));
  }
  void SetDatabaseCheck(const std::string&, std::vector<std::string>) override {}
  void SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem>) override {
    calls.push_back("database " + std::to_string(head.games));
  }
  void Progress(size_t index, size_t total) override {
    calls.push_back("progress " + std::to_string(index) + "/" + std::to_string(total));
    if (on_progress) on_progress(index);
  }

  std::vector<std::string> calls;
  std::function<void(size_t)> on_progress;
};

TEST_CASE("audit --db in one pass and in N threads prints what one statement per game prints") {
  TempDir dir;
  for (const Case& c : Cases(dir)) {
    for (const std::optional<std::string>& game :
         {std::optional<std::string>(), std::optional<std::string>("E1-top-rank-closes-legal")}) {
      if (game && c.clean == 0) continue;  // the empty archive has no such game
      for (const bool json : {false, true}) {
        for (const bool keep_going : {false, true}) {
          int reference_status = -1;
          const std::string reference = Captured([&] {
            cli::AuditPrinter printer(json, keep_going);
            std::unique_ptr<SqliteReader> store = OpenSqliteReader(c.db);
            printer.SetDatabaseCheck(c.db, store->CheckFile());
            AuditStoreGames(printer, *store, c.db, game, std::nullopt, std::nullopt);
            reference_status = printer.Finish(c.db);
          });
          for (const int jobs : {1, 2, 3, 8}) {
            INFO(c.what << "; --game " << game.value_or("none") << ", json " << json
                        << ", continue " << keep_going << ", jobs " << jobs);
            int status = -1;
            const std::string out = Captured([&] {
              cli::AuditPrinter printer(json, keep_going);
              AuditDbGames(printer, c.db, game, std::nullopt, std::nullopt, jobs);
              status = printer.Finish(c.db);
            });
            CHECK(out == reference);
            CHECK(status == reference_status);
          }
        }
      }
    }
  }
}

TEST_CASE("audit --db: a clean game is taken by the one pass, each game in creation order") {
  TempDir dir;
  for (const Case& c : Cases(dir)) {
    std::vector<std::string> ids;
    std::vector<std::string> checked;  // what the detailed path must take
    {
      std::unique_ptr<SqliteReader> store = OpenSqliteReader(c.db);
      ids = store->Games();
      for (const std::string& id : ids) {
        const GameVerdict v = VerdictOf(CheckStoredAnyGame(*store->Read(id), std::nullopt), false);
        if (v.chain.status != ChainStatus::kOk || !v.findings.empty()) checked.push_back(id);
      }
    }
    INFO(c.what);
    REQUIRE(ids.size() - checked.size() == static_cast<size_t>(c.clean));
    for (const int jobs : {1, 2, 3}) {
      INFO(c.what << ", jobs " << jobs);
      Recorder sink;
      AuditDbGames(sink, c.db, std::nullopt, std::nullopt, std::nullopt, jobs);
      REQUIRE(sink.calls.size() == 2 * ids.size() + 1);
      for (size_t i = 0; i < ids.size(); ++i) {
        CHECK(sink.calls[2 * i] ==
              "progress " + std::to_string(i) + "/" + std::to_string(ids.size()));
        const bool detailed = std::find(checked.begin(), checked.end(), ids[i]) != checked.end();
        CHECK_THAT(sink.calls[2 * i + 1],
                   Catch::StartsWith((detailed ? "checked " : "clean ") + ids[i] + " "));
      }
      CHECK(sink.calls.back() == "database " + std::to_string(ids.size()));
    }
  }
}

TEST_CASE("audit --db reads one snapshot: a game added meanwhile is seen by no part of it") {
  TempDir dir;
  const std::string db = Archive(dir, "growing.db");
  const std::vector<std::string> more = {"president/fixtures/rules/C5-consecutive-revolution-legal.jsonl",
                                         "president/fixtures/rules/C3-revolution-order-legal.jsonl"};
  std::vector<std::string> before;
  {
    std::unique_ptr<SqliteReader> store = OpenSqliteReader(db);
    before = store->Games();
  }
  int added = 0;
  for (const int jobs : {1, 2}) {
    INFO("jobs " << jobs);
    const std::string log = dir.Write("more.jsonl", ReadBytes(kFixtureDir + more[jobs - 1]));
    Recorder sink;
    sink.on_progress = [&](size_t index) {
      if (index != 0) return;
      const Result r = PliArgv({"import", "--db", db, log});  // another process, committed
      INFO(r.out << r.err);
      REQUIRE(r.status == 0);
      ++added;
    };
    AuditDbGames(sink, db, std::nullopt, std::nullopt, std::nullopt, jobs);
    // Every game listed when the audit began, and the database head of
    // those alone: not the one committed after its first game.
    CHECK(sink.calls.size() == 2 * before.size() + 1);
    CHECK(sink.calls.back() == "database " + std::to_string(before.size()));
    before.push_back("added");  // there for the next round
  }
  CHECK(added == 2);
}

// What a scan hands over, as text: per game, its id, its games row's head
// and its rows' seqs and first hash bytes.
struct Transcript final : GameRowsVisitor {
  void Start(std::string_view game) override { text += "game " + std::string(game) + ":"; }
  bool Row(const StoredRowView& row) override {
    text += " " + std::to_string(row.seq) + "/" + std::to_string(row.hash[0]) + "/" +
            std::string(row.cards.substr(0, 5));
    return true;
  }
  void Finish(std::string_view game, const GameRow& row) override {
    text += " end " + std::string(game) + " head " + std::to_string(row.head.seq) + " " +
            row.ruleset + "\n";
  }
  std::string text;
};

TEST_CASE("ScanGames: every games row in key order with its rows, as ScanRows reads each") {
  TempDir dir;
  for (const Case& c : Cases(dir)) {
    INFO(c.what);
    std::unique_ptr<SqliteReader> store = OpenSqliteReader(c.db);
    std::vector<std::string> ids = store->Games();
    std::sort(ids.begin(), ids.end());
    std::string expected;
    for (const std::string& id : ids) {
      Transcript one;
      one.Start(id);
      const std::optional<GameRow> row =
          store->ScanRows(id, [&](const StoredRowView& r) { return one.Row(r); });
      REQUIRE(row.has_value());
      one.Finish(id, *row);
      expected += one.text;
    }
    Transcript all;
    store->ScanGames(all);
    CHECK(all.text == expected);
    // A range: the games from the third in key order to the sixth, excluded.
    if (ids.size() < 6) continue;
    Transcript some;
    store->ScanGames(some, ids[2], ids[5]);
    std::string range;
    for (size_t i = 2; i < 5; ++i) {
      const size_t at = expected.find("game " + ids[i] + ":");
      range += expected.substr(at, expected.find('\n', at) + 1 - at);
    }
    CHECK(some.text == range);
  }
}

TEST_CASE("InSharedSnapshot: every reader sees the database as it was when they began") {
  TempDir dir;
  const std::string db = Archive(dir, "shared.db");
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(db);
  const std::vector<std::string> games = store->Games();
  const bool shared = InSharedSnapshot(*store, 3, [&](const std::vector<SqliteReader*>& readers) {
    REQUIRE(readers.size() == 3);
    const Result r = PliArgv(
        {"import", "--db", db,
         dir.Write("more.jsonl",
                   ReadBytes(kFixtureDir + "president/fixtures/rules/C5-consecutive-revolution-legal.jsonl"))});
    INFO(r.out << r.err);
    REQUIRE(r.status == 0);
    CHECK(store->Games() == games);
    for (SqliteReader* reader : readers) CHECK(reader->Games() == games);
  });
  CHECK(shared);
  CHECK(store->Games().size() == games.size() + 1);  // outside, the new game is there
}

TEST_CASE("pli audit --jobs N prints the same for any N and refuses 0") {
  TempDir dir;
  const std::string db = Tampered(dir, "jobs.db",
                                  "UPDATE events SET body = CAST(body || x'20' AS BLOB) "
                                  "WHERE game = 'E1-top-rank-closes-legal' AND seq = 2");
  for (const std::vector<std::string>& more :
       {std::vector<std::string>{}, {"--json"}, {"--continue"}}) {
    std::vector<std::string> one = {"audit", "--db", db, "--jobs", "1"};
    one.insert(one.end(), more.begin(), more.end());
    const Result reference = PliArgv(one);
    CHECK(reference.status == 1);
    for (const std::string jobs : {"2", "4"}) {
      std::vector<std::string> args = {"audit", "--db", db, "--jobs", jobs};
      args.insert(args.end(), more.begin(), more.end());
      const Result r = PliArgv(args);
      CHECK(r.out == reference.out);
      CHECK(r.status == reference.status);
    }
    std::vector<std::string> plain = {"audit", "--db", db};  // the default
    plain.insert(plain.end(), more.begin(), more.end());
    CHECK(PliArgv(plain).out == reference.out);
  }
  const Result zero = PliArgv({"audit", "--db", db, "--jobs", "0"});
  CHECK(zero.status == 2);
  CHECK_THAT(PliArgv({"audit", "--help"}).out, Catch::Contains("--jobs"));
}

}  // namespace
}  // namespace pli::test
