// pg_bench.cc: measurement 8, the event store on PostgreSQL against the
// goals of ../shared/POSTGRES.md, each as a ratio to raw statements through
// libpq on the same server in the same run: durable Submit (1 writer, N
// writers) against a raw autocommit INSERT of the same rows into pli's
// schema; Import against a raw binary COPY of the same rows in one
// transaction; the audit against a bare streaming read of the same rows. The same
// with the events table hash-partitioned by game (16 partitions).
//
// The server is a durable throwaway one of its own (scripts/pg-test-server.sh
// start, fsync and synchronous_commit on), in a temp folder, stopped by its
// pid at the end; pg_test_fsync runs beside it on the same file system and
// its one-write figures are printed under the table.
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>
#include <thread>
#include <unistd.h>
#include <vector>

#include "bench/harness.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "bench/store_ops.h"
#include "referee/postgres_conn.h"
#include "referee/postgres_store.h"
#include "games/president/referee/referee.h"
#include "replay/audit.h"
#include "replay/chain_check.h"

namespace pli::bench {
namespace {

constexpr const char* kPgBin = "/usr/lib/postgresql/15/bin";
constexpr size_t kPrefix = 200;  // events of the game already stored (as measurement 5)
constexpr int kWriters = 4;      // the N of "N writers"
constexpr int kPartitions = 16;

[[noreturn]] void Die(const std::string& why) {
  std::fprintf(stderr, "pli_bench: %s\n", why.c_str());
  std::exit(1);
}

// Runs a shell command; its standard output.
std::string Output(const std::string& cmd) {
  std::FILE* p = popen(cmd.c_str(), "r");
  if (p == nullptr) Die("cannot run " + cmd);
  std::string out;
  char buf[4096];
  for (size_t n; (n = std::fread(buf, 1, sizeof buf, p)) > 0;) out.append(buf, n);
  if (pclose(p) != 0) Die(cmd + " failed");
  return out;
}

// The benchmark's own durable server.
class Server {
 public:
  Server() : dir_("/tmp/pli-bench-pg-" + std::to_string(getpid())) {
    // On every core: pli_bench itself is pinned to one (scripts/bench.sh),
    // and a server does not share its client's core.
    uri_ = Output("t=; command -v taskset >/dev/null && t=\"taskset -c 0-$(($(nproc) - 1))\"; "
                  "$t bash scripts/pg-test-server.sh start " + dir_);
    while (!uri_.empty() && uri_.back() == '\n') uri_.pop_back();
  }
  ~Server() { std::system(("bash scripts/pg-test-server.sh stop " + dir_).c_str()); }
  Server(const Server&) = delete;
  Server& operator=(const Server&) = delete;

  const std::string& dir() const { return dir_; }
  // A new database's URI, with pli's schema (partitioned when asked).
  std::string Database(int partitions = 0) {
    const std::string name = "b" + std::to_string(made_++);
    pg::Conn admin(PQconnectdb(uri_.c_str()), "server");
    admin.Exec("CREATE DATABASE " + name, "creating a database");
    std::string uri = uri_;
    uri.replace(uri.find("/postgres?"), 9, "/" + name);
    OpenPostgresStore(uri, OpenMode::kCreate, PostgresOptions{.partitions = partitions});
    return uri;
  }

 private:
  std::string dir_;
  std::string uri_;
  int made_ = 0;
};

std::unique_ptr<pg::Conn> Connect(const std::string& uri) {
  auto c = std::make_unique<pg::Conn>(PQconnectdb(uri.c_str()), uri);
  if (PQstatus(c->get()) != CONNECTION_OK) Die("cannot connect to " + uri);
  return c;
}

// The raw statements: the same INSERTs as the store's, prepared, binary.
constexpr const char* kRawEvent =
    "INSERT INTO pli.events (game, seq, type, seat, id, cards, body, hash, prev, declaration, "
    "recipient, at, seed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)";

pg::Params EventParams(const std::string& game, const RawRow& row) {
  pg::Params p;
  p.Text(game).Int8(row.seq).Int2(row.type);
  if (row.seat >= 0) p.Int2(row.seat); else p.Null();
  if (row.id) p.Text(*row.id); else p.Null();
  p.Text(row.cards).Bytes(row.body).Bytes(row.hash).Bytes(row.prev);
  if (row.details.declaration) p.Text(*row.details.declaration); else p.Null();
  if (row.details.recipient >= 0) p.Int2(row.details.recipient); else p.Null();
  if (row.details.at) p.Text(*row.details.at); else p.Null();
  if (row.details.seed) p.Int8(*row.details.seed); else p.Null();
  return p;
}

void RawInsert(pg::Conn& c, const std::string& game, const RawRow& row) {
  pg::Params p = EventParams(game, row);
  c.Run("raw_event", p, "a raw insert");
}

// A game of at least `events` events.
GameLog LongGame(Rng& rng, const std::string& id, size_t events) {
  for (;;) {
    GameLog g = RandomGame(rng, id);
    if (g.events.size() >= events) return g;
  }
}

// A database holding the first kPrefix events of `game`.
std::string PrefixDb(Server& server, const GameLog& game, int partitions) {
  const std::string uri = server.Database(partitions);
  GameLog prefix = game;
  prefix.events.resize(kPrefix);
  if (!Import(*OpenPostgresStore(uri, OpenMode::kReadWrite), {prefix}, false).ok) std::abort();
  return uri;
}

// 8a/8e: one writer, single-event durable Submit through a Referee against
// the raw INSERT of the same row, alternating event by event.
void MeasureSubmit(const Config& c, Report& r, Server& server, int partitions,
                   const std::string& id) {
  Rng rng(8);
  const int n = c.quick ? 40 : 200;
  const GameLog game = LongGame(rng, "live", kPrefix + static_cast<size_t>(n));
  const std::vector<RawRow> rows = RowsOf(game);
  std::unique_ptr<EventStore> store =
      OpenPostgresStore(PrefixDb(server, game, partitions), OpenMode::kReadWrite);
  std::unique_ptr<pg::Conn> raw = Connect(PrefixDb(server, game, partitions));
  raw->Prepare("raw_event", kRawEvent);
  Referee referee(*store);
  std::vector<double> submit, insert, q;
  for (int i = 0; i < n; ++i) {
    const size_t k = kPrefix + static_cast<size_t>(i);
    auto s = [&] {
      return TimeOnce([&] {
        const SubmitResult res = referee.Submit(game.game, game.events[k], static_cast<int64_t>(k));
        if (res.outcome != Outcome::kAccepted || res.hash != rows[k].hash) std::abort();
      });
    };
    auto t = [&] { return TimeOnce([&] { RawInsert(*raw, game.game, rows[k]); }); };
    if (i % 2 == 0) {
      submit.push_back(s());
      insert.push_back(t());
    } else {
      insert.push_back(t());
      submit.push_back(s());
    }
    q.push_back(submit.back() / insert.back());
  }
  const double ratio = Median(q);
  const std::string where = partitions > 0 ? ", " + std::to_string(partitions) + " partitions" : "";
  r.Add({id, "PostgreSQL: durable single-event Submit, long-running Referee, 1 writer" + where,
         Duration(Median(submit)) + " (" + Count(1 / Median(submit)) + " appends/s)",
         "raw autocommit INSERT of the same row into pli's schema: " + Duration(Median(insert)),
         Ratio(ratio), "≤ 1.2×", Verdict(ratio <= 1.2)});
}

// 8b: kWriters writers at once, each on its own connection and game: the
// appends per second of them all, Submit against raw INSERTs.
void MeasureWriters(const Config& c, Report& r, Server& server) {
  const int n = c.quick ? 40 : 150;  // per writer
  Rng rng(9);
  std::vector<GameLog> games;
  std::vector<std::vector<RawRow>> rows;
  for (int w = 0; w < kWriters; ++w) {
    games.push_back(LongGame(rng, "w" + std::to_string(w), kPrefix + static_cast<size_t>(n)));
    rows.push_back(RowsOf(games.back()));
  }
  auto prefilled = [&] {
    const std::string uri = server.Database();
    std::vector<GameLog> prefixes = games;
    for (GameLog& g : prefixes) g.events.resize(kPrefix);
    if (!Import(*OpenPostgresStore(uri, OpenMode::kReadWrite), prefixes, false).ok) std::abort();
    return uri;
  };
  std::vector<double> raw_rates, submit_rates, q;
  for (int rep = 0; rep < (c.quick ? 2 : 4); ++rep) {
    const std::string a = prefilled(), b = prefilled();
    auto run = [&](bool submit) {
      std::vector<std::thread> threads;
      const double t = TimeOnce([&] {
        for (int w = 0; w < kWriters; ++w) {
          threads.emplace_back([&, w] {
            const GameLog& g = games[static_cast<size_t>(w)];
            if (submit) {
              std::unique_ptr<EventStore> store = OpenPostgresStore(a, OpenMode::kReadWrite);
              Referee referee(*store);
              for (int i = 0; i < n; ++i) {
                const size_t k = kPrefix + static_cast<size_t>(i);
                if (referee.Submit(g.game, g.events[k], static_cast<int64_t>(k)).outcome !=
                    Outcome::kAccepted) {
                  std::abort();
                }
              }
            } else {
              std::unique_ptr<pg::Conn> raw = Connect(b);
              raw->Prepare("raw_event", kRawEvent);
              for (int i = 0; i < n; ++i) {
                const size_t k = kPrefix + static_cast<size_t>(i);
                RawInsert(*raw, g.game, rows[static_cast<size_t>(w)][k]);
              }
            }
          });
        }
        for (std::thread& th : threads) th.join();
      });
      return static_cast<double>(kWriters * n) / t;
    };
    if (rep % 2 == 0) {
      raw_rates.push_back(run(false));
      submit_rates.push_back(run(true));
    } else {
      submit_rates.push_back(run(true));
      raw_rates.push_back(run(false));
    }
    q.push_back(raw_rates.back() / submit_rates.back());  // Submit's time over the raw's
  }
  r.Add({"8b",
         "PostgreSQL: durable Submit, " + std::to_string(kWriters) +
             " writers at once (each its own connection and game)",
         Count(Median(submit_rates)) + " appends/s",
         "raw INSERTs, " + std::to_string(kWriters) + " connections: " +
             Count(Median(raw_rates)) + " appends/s",
         Ratio(Median(q)) + " the time", "", ""});
  r.Note("8b: " + std::to_string(kWriters) + " writers of " + std::to_string(n) +
         " appends each, " + std::to_string(q.size()) +
         " repetitions alternating with the raw writers; ratio: median of the per-repetition "
         "ratios of the times");
}

// The games and events rows of `games` in binary COPY form, as the raw
// reference sends them.
struct CopyData {
  std::string games, events;
};

void Field(std::string& out, std::string_view v) {
  out += pg::Params::Be(v.size(), 4);
  out += v;
}
void NullField(std::string& out) { out += "\xff\xff\xff\xff"; }
std::string_view HashBytes(const Hash& h) {
  return {reinterpret_cast<const char*>(h.data()), h.size()};
}

CopyData CopyRowsOf(const std::vector<GameLog>& games, const std::vector<std::vector<RawRow>>& rows) {
  const std::string header("PGCOPY\n\377\r\n\0\0\0\0\0\0\0\0\0", 19);
  CopyData d{header, header};
  for (size_t i = 0; i < games.size(); ++i) {
    const auto& g = std::get<GameEvent>(games[i].events.front().body);
    d.games += pg::Params::Be(5, 2);
    Field(d.games, games[i].game);
    Field(d.games, g.ruleset);
    Field(d.games, SeatsJson(g.seats));
    Field(d.games, pg::Params::Be(0, 8));
    Field(d.games, HashBytes(kGenesis));
    for (const RawRow& row : rows[i]) {
      std::string& e = d.events;
      e += pg::Params::Be(13, 2);
      Field(e, games[i].game);
      Field(e, pg::Params::Be(static_cast<uint64_t>(row.seq), 8));
      Field(e, pg::Params::Be(static_cast<uint64_t>(row.type), 2));
      if (row.seat >= 0) Field(e, pg::Params::Be(static_cast<uint64_t>(row.seat), 2)); else NullField(e);
      if (row.id) Field(e, *row.id); else NullField(e);
      Field(e, row.cards);
      Field(e, row.body);
      Field(e, HashBytes(row.hash));
      Field(e, HashBytes(row.prev));
      if (row.details.declaration) Field(e, *row.details.declaration); else NullField(e);
      if (row.details.recipient >= 0) {
        Field(e, pg::Params::Be(static_cast<uint64_t>(row.details.recipient), 2));
      } else {
        NullField(e);
      }
      if (row.details.at) Field(e, *row.details.at); else NullField(e);
      if (row.details.seed) {
        Field(e, pg::Params::Be(static_cast<uint64_t>(*row.details.seed), 8));
      } else {
        NullField(e);
      }
    }
  }
  d.games += "\xff\xff";
  d.events += "\xff\xff";
  return d;
}

void CopyIn(pg::Conn& c, const char* sql, const std::string& data) {
  pg::Result start(PQexec(c.get(), sql));
  if (start.Status() != PGRES_COPY_IN) c.Fail(start, "starting a raw COPY");
  if (PQputCopyData(c.get(), data.data(), static_cast<int>(data.size())) != 1 ||
      PQputCopyEnd(c.get(), nullptr) != 1) {
    Die("a raw COPY failed to send");
  }
  pg::Result end(PQgetResult(c.get()));
  while (PGresult* more = PQgetResult(c.get())) PQclear(more);
  if (end.Status() != PGRES_COMMAND_OK) c.Fail(end, "a raw COPY");
}

// 8c/8f: Import into a new database (one transaction by binary COPY) against
// a raw binary COPY of the same rows, games then events, in one transaction.
void MeasureImport(const Config& c, Report& r, Server& server, int partitions,
                   const std::string& id) {
  Rng rng(10);
  int64_t events = 0;
  const std::vector<GameLog> games = RandomGames(rng, "i", c.quick ? 30 : 150, &events);
  std::vector<std::vector<RawRow>> rows;
  for (const GameLog& g : games) rows.push_back(RowsOf(g));
  const CopyData data = CopyRowsOf(games, rows);
  std::vector<double> imported, copied, q;
  for (int rep = 0; rep < (c.quick ? 2 : 5); ++rep) {
    std::unique_ptr<EventStore> store =
        OpenPostgresStore(server.Database(partitions), OpenMode::kReadWrite);
    std::unique_ptr<pg::Conn> raw = Connect(server.Database(partitions));
    auto i = [&] {
      imported.push_back(TimeOnce([&] {
        if (!Import(*store, games, false).ok) std::abort();
      }));
    };
    auto k = [&] {
      copied.push_back(TimeOnce([&] {
        raw->Exec("BEGIN", "raw COPY");
        CopyIn(*raw, "COPY pli.games (game, ruleset, seats, head_seq, head_hash) FROM STDIN "
                     "(FORMAT binary)", data.games);
        CopyIn(*raw, "COPY pli.events (game, seq, type, seat, id, cards, body, hash, prev, "
                     "declaration, recipient, at, seed) FROM STDIN (FORMAT binary)", data.events);
        raw->Exec("COMMIT", "raw COPY");
      }));
    };
    if (rep % 2 == 0) { i(); k(); } else { k(); i(); }
    q.push_back(copied.back() / imported.back());
  }
  const double e = static_cast<double>(events);
  const std::string where = partitions > 0 ? ", " + std::to_string(partitions) + " partitions" : "";
  r.Add({id,
         "PostgreSQL: Import (validate, encode, chain; one transaction by binary COPY)" + where,
         Count(e / Median(imported)) + " events/s",
         "raw binary COPY of the same rows into pli's schema, one transaction: " +
             Count(e / Median(copied)) + " events/s",
         Ratio(Median(q)), "≥ 0.8×", Verdict(Median(q) >= 0.8)});
  if (partitions == 0) {
    r.Note("8: Import of " + std::to_string(games.size()) + " games, " + Count(e) +
           " events, into a new database, " + std::to_string(imported.size()) +
           " repetitions, alternating with the raw COPY; the raw rows computed ahead");
  }
}

// What an audit reports, counted, not printed: the events of the games
// found clean, and the games found anything in.
class CountingSink : public AuditSink {
 public:
  bool keep_going() const override { return false; }
  void Add(const GameVerdict& g) override {
    events += g.events;
    if (!g.findings.empty() || g.chain.status != ChainStatus::kOk) ++unclean;
  }
  void AddClean(const std::string&, int64_t n) override { events += n; }
  void SetDatabaseCheck(const std::string&, std::vector<std::string>) override {}
  void SetDatabase(const DatabaseHead&, std::vector<DatabaseProblem> problems) override {
    unclean += static_cast<int64_t>(problems.size());
  }
  void Progress(size_t, size_t) override {}

  int64_t events = 0;
  int64_t unclean = 0;
};

// The statement the streamed audit sends (referee/postgres_scan.cc), as the
// raw reference sends it: the same rows, in the same order, the same bytes.
constexpr const char* kRawScan =
    "COPY (SELECT g.game, g.created, g.head_seq, g.head_hash, g.ruleset, g.seats, e.seq, "
    "e.type, e.seat, e.id, e.cards, e.body, e.hash, e.prev, e.declaration, e.recipient, e.at, "
    "e.seed FROM pli.games g LEFT JOIN pli.events e ON e.game = g.game "
    "ORDER BY g.created, g.game) TO STDOUT (FORMAT binary)";

// The bare streaming read: kRawScan's rows received and dropped; their
// number (header and trailer aside).
int64_t RawScan(pg::Conn& c) {
  pg::Result start(PQexec(c.get(), kRawScan));
  if (start.Status() != PGRES_COPY_OUT) c.Fail(start, "a raw COPY TO STDOUT");
  int64_t rows = 0;
  size_t bytes = 0;
  char* data = nullptr;
  for (int n; (n = PQgetCopyData(c.get(), &data, 0)) > 0;) {
    ++rows;
    bytes += static_cast<size_t>(n);
    PQfreemem(data);
  }
  pg::Result end(PQgetResult(c.get()));
  while (PGresult* more = PQgetResult(c.get())) PQclear(more);
  if (end.Status() != PGRES_COMMAND_OK) c.Fail(end, "a raw COPY TO STDOUT");
  KeepAlive(bytes);
  return rows - 1;  // the trailer's message
}

// 8d: the audit of a database as pli audit --db URI runs it (AuditDbGames:
// one streaming statement, each game checked as it is handed over) against
// the bare streaming read of the same statement's rows; 8g: the audit as it
// was before, a Read a game (one statement each) and the detailed path.
void MeasureAudit(const Config& c, Report& r, Server& server) {
  Rng rng(11);
  int64_t events = 0;
  const std::vector<GameLog> games = RandomGames(rng, "a", c.quick ? 100 : 600, &events);
  const std::string uri = server.Database();
  if (!Import(*OpenPostgresStore(uri, OpenMode::kReadWrite), games, false).ok) std::abort();
  pg::Conn(PQconnectdb(uri.c_str()), uri).Exec("VACUUM ANALYZE", "analyzing");
  const int reps = c.quick ? 2 : 5;
  int64_t audited = 0, scanned = 0;
  const Paired p = TimePaired(
      reps,
      [&] {
        CountingSink sink;
        AuditDbGames(sink, uri, std::nullopt, std::nullopt);
        if (sink.unclean != 0) Die("a game with something to report");
        audited = sink.events;
      },
      [&] { scanned = RawScan(*Connect(uri)); });
  if (scanned != audited) Die("the raw scan read " + std::to_string(scanned) + " rows");
  const double per_game = TimeMedian(c.quick ? 1 : 3, [&] {
    CountingSink sink;
    AuditStoreGames(sink, *OpenPostgresStore(uri, OpenMode::kReadOnly), uri, std::nullopt,
                    std::nullopt, std::nullopt);
    if (sink.unclean != 0 || sink.events != audited) Die("the per-game audit disagrees");
  });
  const double e = static_cast<double>(audited);
  r.Add({"8d",
         "PostgreSQL: audit, in process, as pli audit --db URI (one streaming statement, "
         "checked game by game)",
         Count(e / p.subject) + " events/s",
         "bare streaming read of the same statement's rows (binary COPY TO STDOUT): " +
             Count(static_cast<double>(scanned) / p.reference) + " rows/s",
         Ratio(p.ratio) + " the time", "≥ 1M events/s", Verdict(e / p.subject >= 1e6)});
  r.Add({"8g", "PostgreSQL: the audit before (a Read a game, the detailed path)",
         Count(e / per_game) + " events/s", "8d", Ratio(per_game / p.subject) + " of 8d's time",
         "", ""});
  r.Note("8: audit of " + Count(e) + " events in " + std::to_string(games.size()) + " games, " +
         std::to_string(reps) + " repetitions alternating with the bare read; ratio: median of "
         "the per-repetition ratios");
}

// pg_test_fsync's figures for one 8 kB write, on the server's file system.
void NoteFsync(const Config& c, Report& r, const Server& server) {
  const std::string out =
      Output(std::string(kPgBin) + "/pg_test_fsync -s " + (c.quick ? "1" : "2") + " -f " +
             server.dir() + "/fsync.test 2>&1");
  std::string section;
  bool in_one_write = false;
  size_t at = 0;
  while (at < out.size()) {
    size_t nl = out.find('\n', at);
    if (nl == std::string::npos) nl = out.size();
    std::string line = out.substr(at, nl - at);
    at = nl + 1;
    if (line.find("Compare file sync methods using one 8kB write") != std::string::npos) {
      in_one_write = true;
      continue;
    }
    if (in_one_write && line.find("Compare file sync methods using two") != std::string::npos) break;
    if (!in_one_write || line.find("ops/sec") == std::string::npos) continue;
    while (line.find("  ") != std::string::npos) line.replace(line.find("  "), 2, " ");
    section += (section.empty() ? "" : "; ") + line.substr(line.find_first_not_of(' '));
  }
  r.Note("8: pg_test_fsync -s " + std::string(c.quick ? "1" : "2") +
         ", one 8 kB write, on the server's file system: " + section);
}

}  // namespace

void MeasurePostgres(const Config& c, Report& r) {
  Server server;
  // PLI_BENCH_PG=audit: the audit's figures alone (8d, 8g), for work on it.
  if (const char* only = std::getenv("PLI_BENCH_PG"); only != nullptr && std::string(only) == "audit") {
    MeasureAudit(c, r, server);
    return;
  }
  MeasureSubmit(c, r, server, 0, "8a");
  MeasureWriters(c, r, server);
  MeasureImport(c, r, server, 0, "8c");
  MeasureAudit(c, r, server);
  MeasureSubmit(c, r, server, kPartitions, "8e");
  MeasureImport(c, r, server, kPartitions, "8f");
  r.Note("8: a durable throwaway PostgreSQL 15 server (scripts/pg-test-server.sh: fsync and "
         "synchronous_commit on, a unix socket), started for the measurement; 8a, 8e: " +
         std::to_string(c.quick ? 40 : 200) + " events submitted one by one to a game already " +
         std::to_string(kPrefix) +
         " events long, alternating with the raw INSERT; ratios: median of the per-event ratios");
  NoteFsync(c, r, server);
}

}  // namespace pli::bench
