// postgres_store_test.cc: what the PostgreSQL store adds to the store
// contract (store_test.cc runs that here too): the server's own guards
// (the chain checked with sha256, append-only even for the owner, the
// writer role), migrations, the database head equal to SQLite's, the
// optimistic Write against another connection, and a two-writer race.
#include <catch2/catch.hpp>
#include <string>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <thread>
#include <vector>

#include "referee/open_store.h"
#include "referee/postgres_store.h"
#include "games/president/referee/referee.h"
#include "tests/postgres/pg_server.h"
#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

// A database with game g's seven sample events, appended through the store.
std::string SampleDatabase() {
  const std::string uri = FreshPgDatabase();
  auto store = OpenPostgresStore(uri, OpenMode::kCreate);
  AppendAll(*store, "g", SampleRows("g"));
  return uri;
}

TEST_CASE("PostgreSQL: triggers refuse UPDATE, DELETE and TRUNCATE, even to the owner") {
  const std::string uri = SampleDatabase();  // pli, the superuser, owns it
  CHECK_THAT(PgExec(uri, "UPDATE pli.events SET cards = '2s' WHERE seq = 4"),
             Catch::Contains("append-only: UPDATE refused"));
  CHECK_THAT(PgExec(uri, "DELETE FROM pli.events WHERE seq = 7"),
             Catch::Contains("append-only: DELETE refused"));
  CHECK_THAT(PgExec(uri, "TRUNCATE pli.events"), Catch::Contains("append-only: TRUNCATE refused"));
  CHECK_THAT(PgExec(uri, "TRUNCATE pli.games CASCADE"), Catch::Contains("TRUNCATE refused"));
  CHECK_THAT(PgExec(uri, "UPDATE pli.games SET head_seq = 6"),
             Catch::Contains("only changes by its head advancing"));
  CHECK_THAT(PgExec(uri, "DELETE FROM pli.games"), Catch::Contains("games are never deleted"));
  CHECK(PgText(uri, "SELECT count(*) || ':' || max(seq) FROM pli.events") == "7:7");
  CHECK(PgText(uri, "SELECT head_seq FROM pli.games") == "7");
}

TEST_CASE("PostgreSQL: the server checks the chain with its own sha256, and the head") {
  const std::string uri = SampleDatabase();
  const std::string head = "(SELECT head_hash FROM pli.games WHERE game = 'g')";
  // A pass at seq 8 with a hash that is not sha256(prev || seq || body).
  CHECK_THAT(PgExec(uri, "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) "
                         "VALUES ('g', 8, 5, '', '\\x05', sha256('x'), " + head + ")"),
             Catch::Contains("its hash is not SHA-256(prev || seq || body)"));
  // The right hash, but not at head + 1 (an event edited into the middle).
  CHECK_THAT(PgExec(uri, "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) "
                         "SELECT 'g', 9, 5, '', '\\x05', sha256(" + head +
                         " || int8send(9) || '\\x05'::bytea), " + head),
             Catch::Contains("does not follow its head"));
  // A second game event.
  CHECK_THAT(PgExec(uri, "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) "
                         "SELECT 'g', 8, 1, '', '\\x05', sha256(" + head +
                         " || int8send(8) || '\\x05'::bytea), " + head),
             Catch::Contains("event 1 is the game event"));
  // A well-formed, chained row is taken, and the head follows.
  CHECK(PgExec(uri, "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) "
                    "SELECT 'g', 8, 5, '', '\\x05', sha256(" + head +
                    " || int8send(8) || '\\x05'::bytea), " + head) == "");
  CHECK(PgText(uri, "SELECT head_seq FROM pli.games") == "8");
}

TEST_CASE("PostgreSQL: a role granted pli_writer may read and append, nothing else") {
  const std::string uri = SampleDatabase();
  PgExec(PgServerUri(), "CREATE ROLE pli_test_app LOGIN");  // may exist from another test
  PgExec(PgServerUri(), "GRANT pli_writer TO pli_test_app");
  std::string app = uri;
  app.replace(app.find("user=pli"), 8, "user=pli_test_app");
  auto store = OpenPostgresStore(app, OpenMode::kReadWrite);
  std::vector<Row> h = SampleRows("h");
  AppendAll(*store, "h", h);  // the trigger, as the owner, advances the head
  RequireSame(store->Read("h"), Expected("h", h));
  CHECK_THAT(PgExec(app, "UPDATE pli.games SET head_seq = 0"), Catch::Contains("permission denied"));
  CHECK_THAT(PgExec(app, "DELETE FROM pli.events"), Catch::Contains("permission denied"));
  CHECK_THAT(PgExec(app, "ALTER TABLE pli.events DISABLE TRIGGER ALL"),
             Catch::Contains("must be owner"));
}

TEST_CASE("PostgreSQL: opening checks the schema, migrations run once under a lock") {
  const std::string uri = FreshPgDatabase();
  CHECK_THROWS_WITH(OpenPostgresStore(uri, OpenMode::kReadOnly),
                    Catch::Contains("holds no pli database"));
  CHECK_THROWS_WITH(OpenPostgresStore(uri, OpenMode::kReadWrite),
                    Catch::Contains("holds no pli database"));
  // Four processes' worth of connections creating the schema at once.
  std::vector<std::thread> openers;
  std::atomic<int> failed{0};
  for (int i = 0; i < 4; ++i) {
    openers.emplace_back([&] {
      try {
        OpenPostgresStore(uri, OpenMode::kCreate);
      } catch (const StoreError& e) {
        std::fprintf(stderr, "%s\n", e.what());
        ++failed;
      }
    });
  }
  for (std::thread& t : openers) t.join();
  CHECK(failed == 0);
  CHECK(PgText(uri, "SELECT value FROM pli.meta WHERE key = 'schema_version'") ==
        std::to_string(PostgresSchemaVersion()));
  CHECK(OpenPostgresStore(uri, OpenMode::kReadOnly)->Games().empty());
  PgExec(uri, "UPDATE pli.meta SET value = '99' WHERE key = 'schema_version'");
  CHECK_THROWS_WITH(OpenPostgresStore(uri, OpenMode::kReadWrite),
                    Catch::Contains("has schema version 99; this pli knows up to"));
}

TEST_CASE("PostgreSQL: a bad URI or a read-only store is a StoreError that says so") {
  CHECK_THROWS_WITH(OpenStore("postgresql://pli:secret@/nosuchdb?host=/nonexistent", OpenMode::kReadOnly),
                    Catch::Contains("postgresql://pli:***@/nosuchdb") &&
                        !Catch::Contains("secret") && Catch::Contains("cannot connect"));
  const std::string uri = SampleDatabase();
  auto ro = OpenPostgresStore(uri, OpenMode::kReadOnly);
  std::vector<Row> h = SampleRows("h");
  CHECK_THROWS_WITH(ro->Write([&] {
    Append(*ro, "h", h[0]);
    return true;
  }),
                    Catch::Contains("read-only"));
  CHECK(ro->Games() == std::vector<std::string>{"g"});
}

TEST_CASE("PostgreSQL: the database head and heads are SQLite's for the same games") {
  auto pg = OpenPostgresStore(FreshPgDatabase(), OpenMode::kCreate);
  SqliteFactory sqlite_factory;
  auto sqlite = sqlite_factory.Make();
  for (const std::string game : {"zeta", "alpha", "mid"}) {
    AppendAll(*pg, game, SampleRows(game));
    AppendAll(*sqlite, game, SampleRows(game));
  }
  const std::vector<GameHead> a = pg->GameHeads(), b = sqlite->GameHeads();
  REQUIRE(a.size() == b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    CHECK(a[i].game == b[i].game);
    CHECK(a[i].created == b[i].created);
    CHECK(a[i].head == b[i].head);
  }
  CHECK(pg->CurrentDatabaseHead() == sqlite->CurrentDatabaseHead());
  for (const std::string game : {"zeta", "alpha", "mid"}) {
    RequireSame(pg->Read(game), *sqlite->Read(game));
  }
}

TEST_CASE("PostgreSQL: a Write on a head another connection moved runs fn again, fresh") {
  const std::string uri = FreshPgDatabase();
  auto mine = OpenPostgresStore(uri, OpenMode::kCreate);
  auto theirs = OpenPostgresStore(uri, OpenMode::kReadWrite);
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*mine, "g", {rows[0], rows[1]});  // mine caches head 2
  AppendAll(*theirs, "g", {rows[2]});         // theirs moves it to 3
  int runs = 0;
  std::optional<Head> seen;
  REQUIRE(mine->Write([&] {
    ++runs;
    seen = mine->HeadOf("g");
    Append(*mine, "g", rows[seen->seq]);  // the next row after what it sees
    return true;
  }));
  CHECK(runs == 2);  // once on its cached head 2, refused by the server; once on 3
  CHECK(seen->seq == 3);
  RequireSame(theirs->Read("g"), Expected("g", {rows.begin(), rows.begin() + 4}));
  // A refusal judged on a cached head is judged again on the latest one.
  AppendAll(*theirs, "g", {rows[4]});
  runs = 0;
  CHECK_FALSE(mine->Write([&] {
    ++runs;
    return mine->HeadOf("g")->seq == 5 ? false : false;
  }));
  CHECK(runs == 2);
}

// Ten games of seven events each, as an import reads them (seat names an
// import takes: no control characters).
std::vector<GameLog> TenGames() {
  std::vector<GameLog> logs;
  for (int i = 0; i < 10; ++i) {
    const std::string id = "m" + std::to_string(i);
    std::vector<Event> events = SampleEvents(id);
    std::get<GameEvent>(events[0].body).seats = {"Ann", "Bob", "Cleo", "Dan"};
    logs.push_back(GameLog{id, std::move(events), {}, {}});
  }
  return logs;
}

// Before the import appends game m5, another connection creates it (its
// first two events): the import's COPY is refused by the server and runs
// again on fresh heads.
class RacedImport : public ForwardingStore {
 public:
  RacedImport(EventStore& inner, EventStore& other) : ForwardingStore(inner), other_(other) {}
  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    if (game == "m5" && !raced_) {
      raced_ = true;
      std::vector<Row> rows = SampleRows("m5");
      AppendAll(other_, "m5", {rows[0], rows[1]});
    }
    ForwardingStore::Append(game, seq, record, hash);
  }
  bool Write(const std::function<bool()>& fn) override {
    ++writes;
    return ForwardingStore::Write([&] {
      ++runs;
      return fn();
    });
  }
  int writes = 0, runs = 0;

 private:
  EventStore& other_;
  bool raced_ = false;
};

TEST_CASE("PostgreSQL: an import is one transaction by COPY, the rows those of appends one by one") {
  const std::string uri = FreshPgDatabase();
  auto pg = OpenPostgresStore(uri, OpenMode::kCreate);
  SqliteFactory sqlite_factory;
  auto sqlite = sqlite_factory.Make();
  const ImportResult a = Import(*pg, TenGames(), true);
  REQUIRE(a.ok);
  REQUIRE(Import(*sqlite, TenGames(), true).ok);
  CHECK(a.events == 70);
  CHECK(pg->Games() == sqlite->Games());
  for (const std::string& game : sqlite->Games()) RequireSame(pg->Read(game), *sqlite->Read(game));
  CHECK(pg->CurrentDatabaseHead() == sqlite->CurrentDatabaseHead());
  // The rows went in through the guards: the server's heads are the chain's.
  CHECK(PgText(uri, "SELECT count(*) FROM pli.games WHERE head_seq = 7") == "10");
}

TEST_CASE("PostgreSQL: an import whose COPY meets a game created meanwhile leaves that game out "
          "and writes the others") {
  const std::string uri = FreshPgDatabase();
  auto pg = OpenPostgresStore(uri, OpenMode::kCreate);
  auto other = OpenPostgresStore(uri, OpenMode::kReadWrite);
  RacedImport store(*pg, *other);
  const ImportResult r = Import(store, TenGames(), true);
  CHECK_FALSE(r.ok);
  CHECK(r.raced == std::vector<std::string>{"m5"});
  CHECK(r.games == 9);
  CHECK(r.events == 63);
  CHECK(store.writes == 1);  // one transaction ...
  CHECK(store.runs == 2);    // ... refused once by the server, then run on fresh heads
  CHECK(pg->HeadOf("m5")->seq == 2);  // theirs
  for (int i = 0; i < 10; ++i) {
    if (i != 5) CHECK(pg->HeadOf("m" + std::to_string(i))->seq == 7);
  }
}

TEST_CASE("PostgreSQL: audit reports event rows whose game has no games row") {
  const std::string uri = SampleDatabase();
  // The owner goes around the append trigger.
  REQUIRE(PgExec(uri, "ALTER TABLE pli.events DISABLE TRIGGER events_append; "
                      "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) VALUES "
                      "('ghost', 1, 1, '', '\\x01', sha256('x'), sha256('y')), "
                      "('ghost', 2, 5, '', '\\x05', sha256('z'), sha256('x'))") == "");
  auto store = OpenPostgresStore(uri, OpenMode::kReadOnly);
  CHECK(store->StrayGames() == std::vector<std::pair<std::string, int64_t>>{{"ghost", 2}});
  std::FILE* out = popen((std::string(PLI_EXE) + " audit --db '" + uri + "' 2>&1").c_str(), "r");
  REQUIRE(out != nullptr);
  std::string text;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, out)) > 0;) text.append(buf, n);
  const int status = pclose(out);
  CHECK(WEXITSTATUS(status) == 1);
  CHECK_THAT(text, Catch::Contains(
                       "2 event row(s) are stored under game \"ghost\", which has no games row"));
}

// Two writers, each with its own connection, append to one game as fast as
// they can, each append expecting the head it last read (as --expect):
// the log stays contiguous, each loser is told, and nothing else fails.
TEST_CASE("PostgreSQL: two writers racing on one game: a contiguous log, every loser told") {
  const std::string uri = FreshPgDatabase();
  std::vector<Row> game = SampleRows("race");
  AppendAll(*OpenPostgresStore(uri, OpenMode::kCreate), "race", {game[0]});
  // Each; scripts/pg-race.sh runs 10,000 on a durable server.
  const char* asked = std::getenv("PLI_PG_RACE_APPENDS");
  const int kAppends = asked != nullptr && *asked != '\0' ? std::atoi(asked) : 300;
  const auto start = std::chrono::steady_clock::now();
  struct Tally {
    int acked = 0, told = 0, errors = 0;
    std::vector<int64_t> seqs;
  } tally[2];
  auto writer = [&](Tally& t) {
    auto store = OpenPostgresStore(uri, OpenMode::kReadWrite);
    const EventRecord pass = RecordOf(Ev(PassEvent{.seat = 1}));
    while (t.acked < kAppends) {
      try {
        const Head expect = *store->HeadOf("race");
        Hash hash{};
        const bool ok = store->Write([&] {
          const Head head = *store->HeadOf("race");
          if (head.seq != expect.seq) return false;  // stale: told
          hash = ChainHash(head.hash, head.seq + 1, pass.body);
          store->Append("race", head.seq + 1, pass, hash);
          return true;
        });
        if (ok) {
          ++t.acked;
          t.seqs.push_back(expect.seq + 1);
        } else {
          ++t.told;
        }
      } catch (const StoreError&) {
        ++t.errors;
      }
    }
  };
  std::thread a(writer, std::ref(tally[0])), b(writer, std::ref(tally[1]));
  a.join();
  b.join();
  const double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  WARN("two writers x " << kAppends << " appends in " << seconds << " s ("
                        << 2 * kAppends / seconds << " appends/s): losers told "
                        << tally[0].told + tally[1].told << " times (" << tally[0].told << " and "
                        << tally[1].told << "), other errors " << tally[0].errors + tally[1].errors);
  CHECK(tally[0].errors + tally[1].errors == 0);
  INFO("told: " << tally[0].told << " and " << tally[1].told);
  std::vector<int64_t> seqs = tally[0].seqs;
  seqs.insert(seqs.end(), tally[1].seqs.begin(), tally[1].seqs.end());
  std::sort(seqs.begin(), seqs.end());
  REQUIRE(seqs.size() == static_cast<size_t>(2 * kAppends));
  for (size_t i = 0; i < seqs.size(); ++i) CHECK(seqs[i] == static_cast<int64_t>(i) + 2);
  const std::optional<StoredGame> log = OpenPostgresStore(uri, OpenMode::kReadOnly)->Read("race");
  REQUIRE(log->events.size() == static_cast<size_t>(2 * kAppends + 1));
  Hash prev = kGenesis;
  for (size_t i = 0; i < log->events.size(); ++i) {
    CHECK(log->events[i].seq == static_cast<int64_t>(i) + 1);
    CHECK(log->events[i].prev == prev);
    prev = log->events[i].hash;
  }
  CHECK(log->head == Head{2 * kAppends + 1, prev});
}

}  // namespace
}  // namespace pli::test
