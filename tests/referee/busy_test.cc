// busy_test.cc: a writer that finds the database locked by another
// connection's write transaction waits for it (busy_timeout,
// referee/sqlite_schema.h) rather than failing at once, and commits once
// the lock is released; a lock held past the timeout is a StoreError that
// says another writer holds the database, and nothing is written.
#include <catch2/catch.hpp>
#include <chrono>
#include <string>
#include <thread>

#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "referee/sqlite_schema.h"
#include "referee/sqlite_store.h"
#include "tests/referee/store_fixture.h"
#include "tests/temp_dir.h"

namespace pli::test {
namespace {

using Clock = std::chrono::steady_clock;
using std::chrono::milliseconds;

Event NewGame(const std::string& id) {
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  g.seats = {"Ana", "Bo", "Cy", "Di"};
  return Event{.body = g};
}

Event SeededDeal(int64_t seed) { return Event{.body = DealEvent{DealFromSeed(4, seed), seed}}; }

TEST_CASE("A writer blocked by another connection's write transaction waits, then commits",
          "[busy][durability]") {
  TempDir dir;
  const std::string path = (dir.path / "busy.db").string();
  std::unique_ptr<EventStore> store = OpenSqliteStore(path, OpenMode::kCreate);
  REQUIRE(Submit(*store, "", NewGame("b1"), 0).outcome == Outcome::kAccepted);

  RawDb holder(path);  // as a sqlite3 shell in another terminal would
  REQUIRE(holder.Exec("BEGIN IMMEDIATE") == "");
  std::string commit_error = "not run";
  const Clock::time_point start = Clock::now();
  std::jthread release([&] {  // no Catch assertion here: not thread-safe
    std::this_thread::sleep_for(milliseconds(200));
    commit_error = holder.Exec("COMMIT");
  });
  const SubmitResult r = Submit(*store, "b1", SeededDeal(7), 1);
  const auto waited = Clock::now() - start;
  release.join();

  CHECK(commit_error.empty());
  REQUIRE(r.outcome == Outcome::kAccepted);
  CHECK(r.seq == 2);
  CHECK(waited >= milliseconds(150));  // it waited for the lock, not refused at once
  CHECK(waited < milliseconds(sqlite::kBusyTimeoutMs));
  CHECK(store->HeadOf("b1")->seq == 2);
}

TEST_CASE("A writer locked out past its busy timeout gets a StoreError and writes nothing",
          "[busy][durability]") {
  TempDir dir;
  const std::string path = (dir.path / "busy.db").string();
  REQUIRE(Submit(*OpenSqliteStore(path, OpenMode::kCreate), "", NewGame("b1"), 0).outcome ==
          Outcome::kAccepted);
  // The same store with a short timeout, so the test does not wait 10 s.
  std::unique_ptr<EventStore> store =
      sqlite::NewSqliteStore(sqlite::OpenDb(path, OpenMode::kReadWrite, sqlite::Migrations(), 300));

  RawDb holder(path);
  REQUIRE(holder.Exec("BEGIN IMMEDIATE") == "");
  const Clock::time_point start = Clock::now();
  CHECK_THROWS_WITH(Submit(*store, "b1", SeededDeal(7), 1),
                    Catch::Contains("locked by another writer"));
  CHECK(Clock::now() - start >= milliseconds(250));
  REQUIRE(holder.Exec("ROLLBACK") == "");

  CHECK(store->HeadOf("b1")->seq == 1);  // nothing written
  // The lock gone, the same store writes again.
  CHECK(Submit(*store, "b1", SeededDeal(7), 1).outcome == Outcome::kAccepted);
}

}  // namespace
}  // namespace pli::test
