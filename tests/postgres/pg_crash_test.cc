// pg_crash_test.cc: durability of the PostgreSQL store when a process dies
// (../shared/POSTGRES.md, "Goals"). A pli_appender (appender_main.cc) plays
// into a database through Submit and prints an ack only after the commit
// returned; it is killed with SIGKILL at random moments, and, in the second
// test, the server itself (every process of it) is killed and started again
// on the same data folder. After each kill every acknowledged event is
// stored with the hash it was acknowledged with, each game's log is seqs
// 1..n with its head at n and its chain checks; at the end pli audit finds
// the database clean. The server of the second test is durable (fsync on,
// synchronous_commit on), its own, and stopped by its pid, also on failure.
// The long variants: PLI_PG_CRASH_ROUNDS=N runs N rounds of each.
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <random>
#include <string>

#include "tests/postgres/pg_server.h"
#include "tests/referee/appender_run.h"
#include "tests/temp_dir.h"

namespace pli::test {
namespace {

// How many rounds: at least `least`, then more up to `most` while within a
// wall-time budget (ctest's); PLI_PG_CRASH_ROUNDS=N asks for N, unbounded.
class Rounds {
 public:
  Rounds(int least, int most, int budget_s) : least_(least), most_(most), budget_(budget_s) {
    if (const char* env = std::getenv("PLI_PG_CRASH_ROUNDS"); env != nullptr && *env != '\0') {
      least_ = most_ = std::atoi(env);
    }
  }
  bool More(int done) const {
    return done < least_ || (done < most_ && Clock::now() - start_ < budget_);
  }

 private:
  int least_, most_;
  std::chrono::seconds budget_;
  Clock::time_point start_ = Clock::now();
};

// Runs a command, returning its exit status (-1 when it could not run).
int Shell(const std::string& cmd) {
  const int status = std::system(cmd.c_str());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

const std::string kServerScript = "bash " PLI_SOURCE_DIR "/scripts/pg-test-server.sh ";

// A durable server of this test's own, in a folder of its own; stopped by
// its pid when the test ends, however it ends.
class OwnServer {
 public:
  OwnServer() : dir_("/tmp/pli-pg-crash-" + std::to_string(getpid())) {
    std::FILE* out = popen((kServerScript + "start " + dir_).c_str(), "r");
    char line[512] = {};
    const bool read = out != nullptr && std::fgets(line, sizeof line, out) != nullptr;
    if (out != nullptr) pclose(out);
    uri_ = line;
    while (!uri_.empty() && uri_.back() == '\n') uri_.pop_back();
    REQUIRE(read);
  }
  ~OwnServer() { Shell(kServerScript + "stop " + dir_); }
  OwnServer(const OwnServer&) = delete;
  OwnServer& operator=(const OwnServer&) = delete;

  const std::string& uri() const { return uri_; }
  // SIGKILL to every process of the server, then the server started again
  // on the same data (WAL recovery).
  void Crash() { REQUIRE(Shell(kServerScript + "crash " + dir_) == 0); }
  void Restart() { REQUIRE(Shell(kServerScript + "restart " + dir_) == 0); }

 private:
  std::string dir_;
  std::string uri_;
};

// pli audit --db URI: its exit status (0: every game clean).
int Audit(const std::string& uri) {
  return Shell(std::string(PLI_EXE) + " audit --db '" + uri + "' >/dev/null");
}

void Record(const Reports& reports, AckMap& acked, Totals& totals) {
  CHECK(reports.bad_lines.empty());
  CHECK(reports.refusals.empty());  // one writer: nothing is ever stale or illegal
  for (const Ack& ack : reports.acks) {
    INFO("ack " << ack.game << " " << ack.seq);
    // A (game, seq) acknowledged twice would mean the first was lost and overwritten.
    CHECK(acked.emplace(std::make_pair(ack.game, ack.seq), ack.hash).second);
  }
  totals.acks += static_cast<int64_t>(reports.acks.size());
}

TEST_CASE("PostgreSQL: a client killed at any moment loses no acknowledged event",
          "[crash][durability]") {
  const std::string uri = FreshPgDatabase();
  TempDir dir;
  const std::string err = (dir.path / "appender.err").string();
  const uint64_t seed = 0x5eed0011u ^ Catch::rngSeed();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> delay_ms(20, 200);
  INFO("seed " << seed << " (run with --rng-seed to vary it)");
  OpenPostgresStore(uri, OpenMode::kCreate);  // the schema first, as pli new would make it
  const Rounds rounds(5, 12, 3);
  AckMap acked;
  Totals totals;
  for (; rounds.More(totals.rounds); ++totals.rounds) {
    const auto delay = std::chrono::milliseconds(delay_ms(rng));
    INFO("round " << totals.rounds << ", killed after " << delay.count() << " ms");
    // Round 0 is killed only after its first ack: the test then has an ack
    // to check however loaded the machine (before, 12 rounds of 20-200 ms
    // under the whole suite once gave 0 acks, and the test failed).
    Record(RunAndKill(uri, err, rng(), delay, totals.rounds == 0), acked, totals);
    CheckAfterKill(uri, acked, totals);
  }
  WARN("PostgreSQL client crash: " << totals.rounds << " rounds, " << totals.acks << " acks, "
                                   << totals.events << " events stored in " << totals.games
                                   << " games");
  REQUIRE(totals.acks > 0);  // else the test proved nothing
  CHECK(Audit(uri) == 0);
}

TEST_CASE("PostgreSQL: the server killed during appends and restarted loses no acknowledged event",
          "[crash][durability]") {
  OwnServer server;
  TempDir dir;
  const std::string err = (dir.path / "appender.err").string();
  const uint64_t seed = 0x5eed0012u ^ Catch::rngSeed();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> delay_ms(50, 300);
  INFO("seed " << seed << " (run with --rng-seed to vary it)");
  OpenPostgresStore(server.uri(), OpenMode::kCreate);
  const Rounds rounds(2, 3, 3);
  AckMap acked;
  Totals totals;
  int told = 0;  // appenders that saw the server go: a StoreError, exit 2
  for (; rounds.More(totals.rounds); ++totals.rounds) {
    const auto delay = std::chrono::milliseconds(delay_ms(rng));
    INFO("round " << totals.rounds << ", the server killed after " << delay.count() << " ms");
    const std::string appender_seed = std::to_string(static_cast<int64_t>(rng() >> 1));
    Appender appender({server.uri(), "crash", appender_seed, "0"}, err);
    if (totals.rounds == 0) ReadUntilFirstAck(appender);  // an ack to check, whatever the load
    appender.ReadUntil(Clock::now() + delay);
    server.Crash();
    const int status = appender.Finish(std::chrono::seconds(10));
    INFO("pli_appender stderr: " << appender.Stderr());
    // It loses its connection: a StoreError (exit 2), never an ack it cannot back.
    CHECK(DescribeStatus(status) == "exited with status 2");
    told += DescribeStatus(status) == "exited with status 2";
    Record(ParseReports(appender.out()), acked, totals);
    server.Restart();
    CheckAfterKill(server.uri(), acked, totals);
  }
  WARN("PostgreSQL server crash: " << totals.rounds << " rounds, " << totals.acks << " acks, "
                                   << totals.events << " events stored in " << totals.games
                                   << " games, " << told << " clients told");
  REQUIRE(totals.acks > 0);
  CHECK(Audit(server.uri()) == 0);
}

}  // namespace
}  // namespace pli::test
