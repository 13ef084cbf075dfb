// crash_test.cc: durability of the SQLite store when its writer dies. A
// pli_appender (appender_main.cc) plays into one database and is killed
// with SIGKILL at a random moment, again and again; after each kill the
// database is opened as the next command would open it and must hold every
// event the writer acknowledged, with the hash it acknowledged, every game's
// chain must check, and SQLite must find the file sound.
// (schema/STORE.md: an acknowledgement is printed only after COMMIT, and
// COMMIT with synchronous=FULL in WAL mode is durable.)
// The same for an import (pli_appender --import), killed while it creates
// the database or imports into it: every acknowledged game is there, every
// game there is whole (an import is all or nothing), and a file that
// exists is a whole pli database (creation is atomic: schema/STORE.md §1a).
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdint>
#include <map>
#include <random>
#include <filesystem>
#include <memory>
#include <set>
#include <string>

#include "games/president/referee/referee.h"
#include "tests/referee/appender_run.h"
#include "tests/temp_dir.h"

namespace pli::test {
namespace {

constexpr int kRounds = 40;
constexpr auto kBudget = std::chrono::seconds(15);  // fewer rounds on a slow machine
constexpr int kLeastRounds = 10;  // always this many, however long they take

// Whether to run another round: the first kLeastRounds always (a count, not
// a time: a loaded machine runs them more slowly, never fewer), then more
// up to kRounds while within kBudget.
bool MoreRounds(int done, Clock::time_point start) {
  return done < kLeastRounds || (done < kRounds && Clock::now() - start < kBudget);
}
constexpr int kMinDelayMs = 5;
constexpr int kMaxDelayMs = 150;

TEST_CASE("A writer killed at any moment loses no acknowledged event and leaves a sound database",
          "[crash][durability]") {
  TempDir dir;
  const std::string db = (dir.path / "crash.db").string();
  const std::string err = (dir.path / "appender.err").string();
  const uint64_t seed = 0x5eed0001u ^ Catch::rngSeed();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> delay_ms(kMinDelayMs, kMaxDelayMs);
  INFO("seed " << seed << " (run with --rng-seed to vary it)");
  AckMap acked;
  Totals totals;
  // Created first: creating is all or nothing (schema/STORE.md §1a), so a
  // round killed while creating on a loaded machine would leave nothing to
  // build on; kills during creation are the import test's (below).
  OpenSqliteStore(db, OpenMode::kCreate);
  const Clock::time_point start = Clock::now();
  for (; MoreRounds(totals.rounds, start); ++totals.rounds) {
    const auto delay = std::chrono::milliseconds(delay_ms(rng));
    INFO("round " << totals.rounds << ", killed after " << delay.count() << " ms");
    // Round 0 is killed only after its first ack: an ack to check whatever the load.
    const Reports reports = RunAndKill(db, err, rng(), delay, totals.rounds == 0);
    CHECK(reports.bad_lines.empty());
    CHECK(reports.refusals.empty());  // one writer: nothing is ever stale or illegal
    for (const Ack& ack : reports.acks) {
      INFO("ack " << ack.game << " " << ack.seq);
      // A (game, seq) acknowledged twice would mean the first was lost and overwritten.
      CHECK(acked.emplace(std::make_pair(ack.game, ack.seq), ack.hash).second);
    }
    totals.acks += static_cast<int64_t>(reports.acks.size());
    CheckAfterKill(db, acked, totals);
  }
  const auto seconds = std::chrono::duration<double>(Clock::now() - start).count();
  WARN("crash: " << totals.rounds << " rounds, " << totals.acks << " acks, " << totals.events
                 << " events stored (" << totals.events - totals.acks
                 << " committed but killed before the ack) in " << totals.games << " games, "
                 << seconds << " s");
  CHECK(totals.rounds >= kLeastRounds);
  REQUIRE(totals.acks > 0);  // else the test proved nothing
}

TEST_CASE("An import killed at any moment, creating the database or not, loses no acknowledged "
          "game and leaves only whole games",
          "[crash][durability][import]") {
  TempDir dir;
  const std::string err = (dir.path / "appender.err").string();
  const uint64_t seed = 0x5eed0002u ^ Catch::rngSeed();
  std::mt19937_64 rng(seed);
  std::uniform_int_distribution<int> delay_ms(kMinDelayMs, 3 * kMaxDelayMs);
  INFO("seed " << seed << " (run with --rng-seed to vary it)");
  std::map<std::string, AckMap> acked;  // per database
  Totals totals;
  int64_t whole = 0;
  const Clock::time_point start = Clock::now();
  for (; MoreRounds(totals.rounds, start); ++totals.rounds) {
    // Two rounds per file: the first creates it, the second imports into it.
    const std::string db = (dir.path / ("import" + std::to_string(totals.rounds / 2) + ".db")).string();
    const auto delay = std::chrono::milliseconds(delay_ms(rng));
    INFO("round " << totals.rounds << ", killed after " << delay.count() << " ms");
    Appender appender({"--import", db, "imp", std::to_string(static_cast<int64_t>(rng() >> 1)), "3"},
                      err);
    if (totals.rounds == 0) ReadUntilFirstAck(appender);  // a game acknowledged, whatever the load
    appender.ReadUntil(Clock::now() + delay);
    appender.Kill();
    const int status = appender.Finish();
    INFO("pli_appender stderr: " << appender.Stderr());
    CHECK(DescribeStatus(status) == "killed by signal 9");
    const Reports reports = ParseReports(appender.out());
    CHECK(reports.bad_lines.empty());
    for (const Ack& ack : reports.acks) {
      CHECK(acked[db].emplace(std::make_pair(ack.game, ack.seq), ack.hash).second);
    }
    totals.acks += static_cast<int64_t>(reports.acks.size());
    if (!std::filesystem::exists(db)) {  // killed before the file was made
      CHECK(acked[db].empty());
      continue;
    }
    CheckAfterKill(db, acked[db], totals);
    // Every game there was imported whole: played to its end (G1).
    std::unique_ptr<EventStore> store = OpenSqliteStore(db, OpenMode::kReadOnly);
    for (const std::string& game : store->Games()) {
      INFO("game " << game);
      const std::optional<State> state = LoadState(*store, game);
      REQUIRE(state.has_value());
      CHECK(state->phase == Phase::kGameOver);
      ++whole;
    }
  }
  WARN("crash (import): " << totals.rounds << " rounds, " << totals.acks << " games acknowledged, "
                          << whole << " whole games found after the kills");
  CHECK(totals.rounds >= kLeastRounds);
  REQUIRE(totals.acks > 0);
}

}  // namespace
}  // namespace pli::test
