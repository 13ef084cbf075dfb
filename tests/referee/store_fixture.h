// store_fixture.h: what the event store tests share: a small game's events
// with their stored bodies and chain hashes, the two store factories the
// contract test (store_test.cc) runs against, and a raw sqlite3 connection
// for the SQLite tests that go around the store, as a person with the
// sqlite3 shell would.
#ifndef PLI_TESTS_REFEREE_STORE_FIXTURE_H_
#define PLI_TESTS_REFEREE_STORE_FIXTURE_H_

#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <fstream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "games/president/wire/record.h"
#include "referee/chain.h"
#include "referee/memory_store.h"
#include "referee/sqlite_store.h"
#include "referee/store.h"
#include "games/president/wire/event_codec.h"
#include "tests/temp_dir.h"
#ifdef PLI_TEST_POSTGRES
#include "tests/postgres/pg_server.h"  // PostgresFactory
#endif

namespace pli::test {

// One event ready to append: its seq, body and chain hash.
struct Row {
  int64_t seq = 0;
  Event event;
  std::string body;
  Hash hash{};
};

inline Event Ev(EventBody body, std::optional<std::string> id = std::nullopt) {
  return Event{std::move(body), std::nullopt, std::move(id), std::nullopt};
}

inline CardList CardsOfSuit(Suit suit) {
  CardList hand;
  for (int r = 0; r < kRankCount; ++r) hand.push_back(Card(static_cast<Rank>(r), suit));
  return hand;
}

// A game of four seats (names that need JSON escaping among them): the
// game event, a deal of one suit per seat, then plays, passes, a gift, a
// close and the end; two events carry idempotency keys.
inline std::vector<Event> SampleEvents(const std::string& game) {
  GameEvent g;
  g.game = game;
  g.seats = {"Ann", "Bob", "C\u00e9 \"Q\" \\", "Dan\n"};
  DealEvent deal;
  for (int s = 0; s < 4; ++s) deal.hands.push_back(CardsOfSuit(static_cast<Suit>(s)));
  deal.seed = 42;
  return {
      Ev(g),
      Ev(deal),
      Ev(ExchangeEvent{.from = 1, .to = 0, .cards = {Card(Rank::k2, Suit::kDiamonds)}}),
      Ev(PlayEvent{.seat = 0, .cards = {Card(Rank::k3, Suit::kClubs)}}, "k-play"),
      Ev(PassEvent{.seat = 1}),
      Ev(CloseEvent{.seat = 2, .cards = {Card(Rank::k4, Suit::kHearts)}}, "k-close"),
      Ev(EndEvent{}),
  };
}

// Chains events from `prev` at `first_seq` on.
inline std::vector<Row> Chain(const std::vector<Event>& events, int64_t first_seq = 1,
                              Hash prev = kGenesis) {
  std::vector<Row> rows;
  for (size_t i = 0; i < events.size(); ++i) {
    Row row{first_seq + static_cast<int64_t>(i), events[i], EncodeEvent(events[i]), {}};
    row.hash = ChainHash(prev, row.seq, row.body);
    prev = row.hash;
    rows.push_back(std::move(row));
  }
  return rows;
}

inline std::vector<Row> SampleRows(const std::string& game) { return Chain(SampleEvents(game)); }

inline void Append(EventStore& store, const std::string& game, const Row& row) {
  // The row's body as it is (a test may have changed it), its event's columns.
  EventRecord record = RecordOf(row.event);
  record.body = row.body;
  store.Append(game, row.seq, record, row.hash);
}

// Appends rows of `game` in one committed Write.
inline void AppendAll(EventStore& store, const std::string& game, const std::vector<Row>& rows) {
  REQUIRE(store.Write([&] {
    for (const Row& row : rows) Append(store, game, row);
    return true;
  }));
}

// What Read should give back for these rows.
inline StoredGame Expected(const std::string& game, const std::vector<Row>& rows) {
  StoredGame g{.game = game, .events = {}, .head = {}};
  for (const Row& row : rows) {
    g.events.push_back(StoredEvent{row.seq, row.body, row.hash, ColumnsOf(row.event), g.head.hash});
    g.head = Head{row.seq, row.hash};
  }
  return g;
}

inline void RequireSame(const std::optional<StoredGame>& got, const StoredGame& want) {
  REQUIRE(got.has_value());
  CHECK(got->game == want.game);
  CHECK(got->head == want.head);
  REQUIRE(got->events.size() == want.events.size());
  for (size_t i = 0; i < want.events.size(); ++i) {
    INFO("event " << i + 1);
    CHECK(got->events[i].seq == want.events[i].seq);
    CHECK(got->events[i].body == want.events[i].body);
    CHECK(got->events[i].hash == want.events[i].hash);
    CHECK(got->events[i].columns == want.events[i].columns);
    CHECK(got->events[i].prev == want.events[i].prev);
  }
}

// The contract test's factories: each Make() is a fresh, empty store.
struct MemoryFactory {
  std::unique_ptr<EventStore> Make() { return NewMemoryStore(); }
};
struct SqliteFactory {
  TempDir dir;
  int made = 0;
  std::unique_ptr<EventStore> Make() {
    return OpenSqliteStore((dir.path / ("store" + std::to_string(made++) + ".db")).string(),
                           OpenMode::kCreate);
  }
};

// The store the Referee's tests (referee_test.cc, referee_cache_test.cc)
// run Submit, the Referee and Import on: memory in referee_test; a fresh
// PostgreSQL database when tests/postgres/ compiles them again.
inline std::unique_ptr<EventStore> NewTestStore() {
#ifdef PLI_TEST_POSTGRES
  return PostgresFactory().Make();
#else
  return NewMemoryStore();
#endif
}

// One database that several connections open: a SQLite file, or a
// PostgreSQL database under PLI_TEST_POSTGRES.
class SharedTestDatabase {
 public:
  std::unique_ptr<EventStore> Open(OpenMode mode) {
#ifdef PLI_TEST_POSTGRES
    if (uri_.empty()) uri_ = FreshPgDatabase();
    return OpenPostgresStore(uri_, mode);
#else
    return OpenSqliteStore((dir_.path / "shared.db").string(), mode);
#endif
  }

 private:
#ifdef PLI_TEST_POSTGRES
  std::string uri_;
#else
  TempDir dir_;
#endif
};

// The factories the contract test runs against; tests/postgres/ compiles
// store_test.cc again with PostgresFactory (pg_server.h) alone.
#ifndef PLI_STORE_FACTORIES
#define PLI_STORE_FACTORIES MemoryFactory, SqliteFactory
#endif

// A file's bytes ("" if missing).
inline std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream out;
  out << in.rdbuf();
  return out.str();
}

// A plain sqlite3 connection, as the sqlite3 shell makes: no pli pragmas
// unless the test sets them.
class RawDb {
 public:
  explicit RawDb(const std::string& path, int flags = SQLITE_OPEN_READWRITE) {
    REQUIRE(sqlite3_open_v2(path.c_str(), &db_, flags, nullptr) == SQLITE_OK);
    sqlite3_busy_timeout(db_, 2000);
  }
  ~RawDb() { sqlite3_close_v2(db_); }
  RawDb(const RawDb&) = delete;
  RawDb& operator=(const RawDb&) = delete;

  sqlite3* get() const { return db_; }
  // Runs sql; returns "" on success, else SQLite's error message.
  std::string Exec(const std::string& sql) {
    char* err = nullptr;
    int rc = sqlite3_exec(db_, sql.c_str(), nullptr, nullptr, &err);
    std::string msg = rc == SQLITE_OK ? "" : (err != nullptr ? err : "error");
    sqlite3_free(err);
    return msg;
  }
  // The first column of the first row as text ("NULL" for null, "" for none).
  std::string Text(const std::string& sql) {
    sqlite3_stmt* s = nullptr;
    REQUIRE(sqlite3_prepare_v2(db_, sql.c_str(), -1, &s, nullptr) == SQLITE_OK);
    std::string out;
    if (sqlite3_step(s) == SQLITE_ROW) {
      const unsigned char* t = sqlite3_column_text(s, 0);
      out = t == nullptr ? "NULL" : reinterpret_cast<const char*>(t);
    }
    sqlite3_finalize(s);
    return out;
  }

 private:
  sqlite3* db_ = nullptr;
};

}  // namespace pli::test

#endif  // PLI_TESTS_REFEREE_STORE_FIXTURE_H_
