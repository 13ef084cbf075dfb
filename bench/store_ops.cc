// store_ops.cc: pli's store paths and the bare SQLite work they are
// compared with (see store_ops.h).
#include "bench/store_ops.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <memory>
#include <utility>
#include <variant>

#include "bench/random_games.h"
#include "games/president/referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/audit.h"
#include "replay/chain_check.h"
#include "games/president/replay/chain_check.h"
#include "replay/stored_scan.h"
#include "games/president/wire/event_codec.h"
#include "games/president/wire/record.h"

namespace pli::bench {
namespace {

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "pli_bench: %s\n", what.c_str());
  std::abort();
}

void Check(sqlite3* db, int rc, const char* what) {
  if (rc != SQLITE_OK && rc != SQLITE_DONE && rc != SQLITE_ROW) {
    Die(std::string(what) + ": " + sqlite3_errmsg(db));
  }
}

sqlite3* OpenReadOnly(const std::string& path, bool no_mutex = false) {
  sqlite3* db = nullptr;
  const int flags = SQLITE_OPEN_READONLY | (no_mutex ? SQLITE_OPEN_NOMUTEX : 0);
  Check(db, sqlite3_open_v2(path.c_str(), &db, flags, nullptr), "open");
  return db;
}

sqlite3_stmt* Prepare(sqlite3* db, const char* sql) {
  sqlite3_stmt* s = nullptr;
  Check(db, sqlite3_prepare_v2(db, sql, -1, &s, nullptr), sql);
  return s;
}

// Runs fn(row) for every row of `sql` on a read-only connection; returns rows.
template <typename Fn>
int64_t ForEachRow(const std::string& path, const char* sql, Fn&& fn, bool no_mutex = false) {
  sqlite3* db = OpenReadOnly(path, no_mutex);
  sqlite3_stmt* s = Prepare(db, sql);
  int64_t rows = 0;
  int rc = 0;
  while ((rc = sqlite3_step(s)) == SQLITE_ROW) {
    fn(s);
    ++rows;
  }
  Check(db, rc, sql);
  sqlite3_finalize(s);
  sqlite3_close_v2(db);
  return rows;
}

constexpr const char* kScanSql = "SELECT game, seq, body, hash FROM events";
// Every column the audit reads: it compares type, seat, id and cards with
// the body (schema/STORE.md).
constexpr const char* kWideScanSql =
    "SELECT game, seq, type, seat, id, cards, body, hash FROM events";

}  // namespace

void MakeArchive(const std::string& path, int64_t events, const std::string& what,
                 const std::function<int64_t(EventStore&, int)>& import_batch) {
  if (std::filesystem::exists(path)) return;
  const std::string part = path + ".part";
  RemoveDb(part);
  std::fprintf(stderr, "pli_bench: generating %s (%lld %s) ...\n", path.c_str(),
               static_cast<long long>(events), what.c_str());
  {
    std::unique_ptr<EventStore> store = OpenSqliteStore(part, OpenMode::kCreate);
    int64_t written = 0;
    for (int first = 1; written < events; first += 200) written += import_batch(*store, first);
  }
  std::filesystem::rename(part, path);
}

void MakeDb(const std::string& path, int64_t events, uint64_t seed) {
  Rng rng(seed);
  MakeArchive(path, events, "events", [&](EventStore& store, int first) {
    std::vector<GameLog> batch;
    for (int next = first; next < first + 200; ++next) {
      char id[16];
      std::snprintf(id, sizeof id, "g%06d", next);
      batch.push_back(RandomGame(rng, id));
    }
    ImportResult r = Import(store, batch, false);
    if (!r.ok) Die("import refused: " + r.message);
    return r.events;
  });
}

std::vector<std::pair<std::string, int64_t>> GameHeads(const std::string& path) {
  std::vector<std::pair<std::string, int64_t>> games;
  ForEachRow(path, "SELECT game, head_seq FROM games ORDER BY created", [&](sqlite3_stmt* s) {
    games.emplace_back(reinterpret_cast<const char*>(sqlite3_column_text(s, 0)),
                       sqlite3_column_int64(s, 1));
  });
  return games;
}

int64_t BareScan(const std::string& path, bool no_mutex) {
  uint64_t touched = 0;
  const int64_t rows = ForEachRow(path, kScanSql, [&](sqlite3_stmt* s) {
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 0));
    touched += static_cast<uint64_t>(sqlite3_column_int64(s, 1));
    const auto* body = static_cast<const unsigned char*>(sqlite3_column_blob(s, 2));
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 2)) + (body ? body[0] : 0);
    const auto* hash = static_cast<const unsigned char*>(sqlite3_column_blob(s, 3));
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 3)) + (hash ? hash[0] : 0);
  }, no_mutex);
  if (touched == 0) Die("empty scan");
  return rows;
}

int64_t WideScan(const std::string& path) {
  uint64_t touched = 0;
  const int64_t rows = ForEachRow(path, kWideScanSql, [&](sqlite3_stmt* s) {
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 0));
    touched += static_cast<uint64_t>(sqlite3_column_int64(s, 1));
    touched += static_cast<uint64_t>(sqlite3_column_int64(s, 2));
    touched += static_cast<uint64_t>(sqlite3_column_int64(s, 3));
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 4));  // id, NULL for none
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 5));  // cards
    const auto* body = static_cast<const unsigned char*>(sqlite3_column_blob(s, 6));
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 6)) + (body ? body[0] : 0);
    const auto* hash = static_cast<const unsigned char*>(sqlite3_column_blob(s, 7));
    touched += static_cast<uint64_t>(sqlite3_column_bytes(s, 7)) + (hash ? hash[0] : 0);
  });
  if (touched == 0) Die("empty scan");
  return rows;
}

int64_t ScanAndHash(const std::string& path) {
  uint64_t touched = 0;
  Hash prev = kGenesis;
  const int64_t rows = ForEachRow(path, kScanSql, [&](sqlite3_stmt* s) {
    const auto* body = static_cast<const char*>(sqlite3_column_blob(s, 2));
    const std::string_view bytes(body, static_cast<size_t>(sqlite3_column_bytes(s, 2)));
    const Hash h = ChainHash(prev, sqlite3_column_int64(s, 1), bytes);
    std::memcpy(prev.data(), sqlite3_column_blob(s, 3), prev.size());
    touched += h[0];
  });
  if (touched == 0) Die("empty scan");
  return rows;
}

void CleanSink::Add(const GameVerdict& game) {
  if (!game.findings.empty() || game.chain.status != ChainStatus::kOk) {
    Die("something to report in " + game.game);
  }
  events += game.events;
}

int64_t AuditDb(const std::string& path) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  CleanSink sink;
  store->InOneSnapshot(
      [&] { AuditSqliteGames(sink, *store, store->Games(), std::nullopt, std::nullopt); });
  return sink.events;
}

int64_t AuditDbParallel(const std::string& path, int jobs) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  CleanSink sink;
  const bool shared = InSharedSnapshot(*store, jobs, [&](const std::vector<SqliteReader*>& scanners) {
    AuditSqliteGames(sink, *store, store->Games(), std::nullopt, std::nullopt, scanners);
  });
  if (!shared) Die("the snapshot could not be shared");
  return sink.events;
}

int64_t AuditDbDetailed(const std::string& path) {
  std::unique_ptr<EventStore> store = OpenSqliteStore(path, OpenMode::kReadOnly);
  int64_t events = 0;
  for (const std::string& game : store->Games()) {
    CheckedGame checked = CheckStoredGame(*store->Read(game), std::nullopt);
    if (checked.chain.status != ChainStatus::kOk) Die("a broken chain in " + game);
    if (!AuditByPosition(checked.log.events, false).empty()) Die("a violation in " + game);
    events += static_cast<int64_t>(checked.log.events.size());
  }
  return events;
}

std::vector<RawRow> RowsOf(const GameLog& game) {
  std::vector<RawRow> rows;
  Hash prev = kGenesis;
  for (size_t i = 0; i < game.events.size(); ++i) {
    const Event& e = game.events[i];
    const EventColumns c = ColumnsOf(e);
    RawRow row{.seq = static_cast<int64_t>(i) + 1, .type = static_cast<int>(c.type),
               .seat = c.seat, .id = c.id, .cards = c.cards, .body = EncodeEvent(e),
               .details = *c.details};
    row.prev = prev;
    row.hash = ChainHash(prev, row.seq, row.body);
    prev = row.hash;
    rows.push_back(std::move(row));
  }
  return rows;
}

RawDb::RawDb(const std::string& path, bool pli_schema) {
  Check(db_, sqlite3_open_v2(path.c_str(), &db_, SQLITE_OPEN_READWRITE, nullptr), "open");
  sqlite3_busy_timeout(db_, 10000);
  Exec("PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; PRAGMA recursive_triggers = ON; "
       "PRAGMA foreign_keys = ON");
  if (pli_schema) {
    game_ = Prepare(db_,
                    "INSERT INTO games (game, ruleset, seats, created, head_seq, head_hash) "
                  "VALUES (?1, ?2, ?3, (SELECT coalesce(max(created), 0) + 1 FROM games), 0, "
                    "zeroblob(32))");
  }
  event_ = Prepare(db_,
                   "INSERT INTO events (game, seq, type, seat, id, cards, body, hash, prev, "
                   "declaration, recipient, at, seed) "
                   "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)");
}

RawDb::~RawDb() {
  sqlite3_finalize(game_);
  sqlite3_finalize(event_);
  sqlite3_close_v2(db_);
}

void RawDb::Exec(const char* sql) { Check(db_, sqlite3_exec(db_, sql, nullptr, nullptr, nullptr), sql); }

void RawDb::InsertGame(const std::string& game, const GameLog& log) {
  const auto& g = std::get<GameEvent>(log.events.front().body);
  std::string seats = "[";
  for (const std::string& name : g.seats) seats += (seats.size() > 1 ? ",\"" : "\"") + name + "\"";
  seats += "]";
  sqlite3_bind_text(game_, 1, game.data(), static_cast<int>(game.size()), SQLITE_STATIC);
  sqlite3_bind_text(game_, 2, g.ruleset.data(), static_cast<int>(g.ruleset.size()), SQLITE_STATIC);
  sqlite3_bind_text(game_, 3, seats.data(), static_cast<int>(seats.size()), SQLITE_STATIC);
  Check(db_, sqlite3_step(game_), "insert game");
  sqlite3_reset(game_);
}

void RawDb::InsertEvent(const std::string& game, const RawRow& row) {
  sqlite3_stmt* s = event_;
  sqlite3_bind_text(s, 1, game.data(), static_cast<int>(game.size()), SQLITE_STATIC);
  sqlite3_bind_int64(s, 2, row.seq);
  sqlite3_bind_int64(s, 3, row.type);
  if (row.seat >= 0) sqlite3_bind_int64(s, 4, row.seat); else sqlite3_bind_null(s, 4);
  if (row.id) sqlite3_bind_text(s, 5, row.id->data(), static_cast<int>(row.id->size()), SQLITE_STATIC);
  else sqlite3_bind_null(s, 5);
  sqlite3_bind_text(s, 6, row.cards.data(), static_cast<int>(row.cards.size()), SQLITE_STATIC);
  sqlite3_bind_blob(s, 7, row.body.data(), static_cast<int>(row.body.size()), SQLITE_STATIC);
  sqlite3_bind_blob(s, 8, row.hash.data(), 32, SQLITE_STATIC);
  sqlite3_bind_blob(s, 9, row.prev.data(), 32, SQLITE_STATIC);
  const EventDetails& d = row.details;
  if (d.declaration) {
    sqlite3_bind_text(s, 10, d.declaration->data(), static_cast<int>(d.declaration->size()),
                      SQLITE_STATIC);
  } else {
    sqlite3_bind_null(s, 10);
  }
  if (d.recipient >= 0) sqlite3_bind_int64(s, 11, d.recipient); else sqlite3_bind_null(s, 11);
  if (d.at) sqlite3_bind_text(s, 12, d.at->data(), static_cast<int>(d.at->size()), SQLITE_STATIC);
  else sqlite3_bind_null(s, 12);
  if (d.seed) sqlite3_bind_int64(s, 13, *d.seed); else sqlite3_bind_null(s, 13);
  Check(db_, sqlite3_step(s), "insert event");
  sqlite3_reset(s);
}

void RemoveDb(const std::string& path) {
  std::error_code ignored;
  for (const char* suffix : {"", "-wal", "-shm", "-journal"}) std::filesystem::remove(path + suffix, ignored);
}

}  // namespace pli::bench
