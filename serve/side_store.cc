// side_store.cc: the SQLite side store (side_store.h): tables serve_* in
// the same file as the log, on a connection of their own; and OpenSideStore.
#include "serve/side_store.h"

#include <sqlite3.h>

#include <cstring>

#include "referee/store.h"

namespace pli::serve {

std::unique_ptr<SideStore> OpenPostgresSideStore(const std::string& uri);  // side_store_pg.cc
std::unique_ptr<EventListener> ListenPostgres(const std::string& uri,
                                              std::function<void(std::string, int64_t)> heard);

namespace {

// One statement with text/int/blob parameters.
struct Stmt {
  sqlite3_stmt* s = nullptr;
  Stmt(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
      throw StoreError(std::string("serve tables: ") + sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(s); }
  Stmt& Text(int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& Int(int i, int64_t v) {
    sqlite3_bind_int64(s, i, v);
    return *this;
  }
  Stmt& Blob(int i, const std::optional<TokenHash>& h) {
    if (h) sqlite3_bind_blob(s, i, h->data(), 32, SQLITE_TRANSIENT);
    else sqlite3_bind_null(s, i);
    return *this;
  }
  bool Step() {
    const int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw StoreError("serve tables: step failed");
    return false;
  }
  std::string Col(int i) {
    const unsigned char* t = sqlite3_column_text(s, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  int64_t Int(int i) { return sqlite3_column_int64(s, i); }
  std::optional<TokenHash> Hash(int i) {
    if (sqlite3_column_bytes(s, i) != 32) return std::nullopt;
    TokenHash h;
    std::memcpy(h.data(), sqlite3_column_blob(s, i), 32);
    return h;
  }
};

class SqliteSideStore : public SideStore {
 public:
  explicit SqliteSideStore(const std::string& path) {
    if (sqlite3_open(path.c_str(), &db_) != SQLITE_OK) {
      sqlite3_close(db_);
      throw StoreError("cannot open " + path + " for the serve tables");
    }
    sqlite3_busy_timeout(db_, 5000);
    Exec("CREATE TABLE IF NOT EXISTS serve_tables(id TEXT PRIMARY KEY, code TEXT UNIQUE, "
         "ruleset TEXT, options TEXT, size INT, level TEXT, host BLOB, bot_seed INT, game TEXT, "
         "started INT DEFAULT 0);"
         "CREATE TABLE IF NOT EXISTS serve_seats(tbl TEXT, seat INT, name TEXT, kind TEXT, "
         "token BLOB, PRIMARY KEY(tbl, seat));"
         "CREATE TABLE IF NOT EXISTS serve_by(game TEXT, seq INT, by TEXT, PRIMARY KEY(game, seq));"
         "CREATE TABLE IF NOT EXISTS serve_closed(id TEXT PRIMARY KEY);");
  }
  ~SqliteSideStore() override { sqlite3_close(db_); }

  void Begin() override { Exec("BEGIN IMMEDIATE"); }
  void Commit() override { Exec("COMMIT"); }
  void Rollback() noexcept override { sqlite3_exec(db_, "ROLLBACK", nullptr, nullptr, nullptr); }
  void AddTable(const SideTable& t) override {
    Stmt(db_, "INSERT INTO serve_tables VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 0)")
        .Text(1, t.id).Text(2, t.code).Text(3, t.ruleset).Text(4, t.options).Int(5, t.size)
        .Text(6, t.level).Blob(7, t.host).Int(8, t.bot_seed).Text(9, t.game).Step();
  }
  void PutSeat(const std::string& table, const SideSeat& s) override {
    Stmt(db_, "INSERT OR REPLACE INTO serve_seats VALUES (?, ?, ?, ?, ?)")
        .Text(1, table).Int(2, s.seat).Text(3, s.name).Text(4, s.kind).Blob(5, s.token).Step();
  }
  void MarkStarted(const std::string& table) override {
    Stmt(db_, "UPDATE serve_tables SET started = 1 WHERE id = ?").Text(1, table).Step();
  }
  void PutBy(const std::string& game, int64_t seq, const std::string& by) override {
    Stmt(db_, "INSERT OR REPLACE INTO serve_by VALUES (?, ?, ?)").Text(1, game).Int(2, seq).Text(3, by).Step();
  }
  void MarkClosed(const std::string& table) override {
    Stmt(db_, "INSERT OR IGNORE INTO serve_closed VALUES (?)").Text(1, table).Step();
  }
  std::vector<SideTable> Tables(size_t limit) override {
    std::vector<SideTable> out;
    Stmt q(db_,
           "SELECT id, code, ruleset, options, size, level, host, bot_seed, game, started FROM serve_tables "
           "WHERE id NOT IN (SELECT id FROM serve_closed) ORDER BY rowid DESC LIMIT ?");
    q.Int(1, static_cast<int64_t>(std::min<size_t>(limit, INT64_MAX)));
    while (q.Step()) {
      SideTable t{q.Col(0), q.Col(1), q.Col(2), q.Col(3), q.Col(5), q.Col(8),
                  static_cast<int>(q.Int(4)), q.Hash(6), q.Int(7), q.Int(9) != 0, {}};
      Stmt s(db_, "SELECT seat, name, kind, token FROM serve_seats WHERE tbl = ?");
      s.Text(1, t.id);
      while (s.Step()) t.seats.push_back(SideSeat{static_cast<int>(s.Int(0)), s.Col(1), s.Col(2), s.Hash(3)});
      out.push_back(std::move(t));
    }
    return out;
  }
  std::map<std::string, std::map<int64_t, std::string>> By() override {
    std::map<std::string, std::map<int64_t, std::string>> by;
    Stmt q(db_, "SELECT game, seq, by FROM serve_by");
    while (q.Step()) by[q.Col(0)][q.Int(1)] = q.Col(2);
    return by;
  }
  std::optional<SideTable> Find(const std::string& key, bool by_code) override {
    (void)key, (void)by_code;
    return std::nullopt;  // one node: every table is in memory from the start
  }

 private:
  void Exec(const char* sql) {
    char* err = nullptr;
    if (sqlite3_exec(db_, sql, nullptr, nullptr, &err) != SQLITE_OK) {
      std::string why = err ? err : "?";
      sqlite3_free(err);
      throw StoreError("serve tables: " + why);
    }
  }
  sqlite3* db_ = nullptr;
};

}  // namespace

std::unique_ptr<SideStore> OpenSideStore(const std::string& db) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return OpenPostgresSideStore(db);
  return std::make_unique<SqliteSideStore>(db);
}

std::unique_ptr<TableLocks> OpenPostgresTableLocks(const std::string& uri);  // side_store_pg.cc
std::unique_ptr<TableLocks> OpenTableLocks(const std::string& db) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return OpenPostgresTableLocks(db);
  return nullptr;
}

std::unique_ptr<EventListener> ListenForEvents(const std::string& db,
                                               std::function<void(std::string, int64_t)> heard) {
  if (db.starts_with("postgresql://") || db.starts_with("postgres://")) return ListenPostgres(db, std::move(heard));
  return nullptr;
}

}  // namespace pli::serve
