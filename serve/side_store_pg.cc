// side_store_pg.cc: the PostgreSQL side store (side_store.h): tables
// pli.serve_* beside the log, made by the schema's migration (referee/
// postgres_schema.cc, version 3: SELECT, INSERT and UPDATE for pli_writer,
// nothing for pli_reader), on a connection of their own. Parameters travel
// in binary (referee/postgres_conn.h).
#include <poll.h>
#include <unistd.h>

#include <algorithm>
#include <chrono>
#include <cerrno>
#include <iostream>
#include <thread>
#include <cstring>
#include <map>
#include <string>

#include "referee/postgres_conn.h"
#include "referee/postgres_schema.h"
#include "serve/side_store.h"

namespace pli::serve {
namespace {

std::optional<TokenHash> TokenAt(const pg::Result& r, int row, int col) {
  if (r.IsNull(row, col) || r.Bytes(row, col).size() != 32) return std::nullopt;
  TokenHash h;
  std::memcpy(h.data(), r.Bytes(row, col).data(), 32);
  return h;
}

pg::Params& Token(pg::Params& p, const std::optional<TokenHash>& h) {
  if (!h) return p.Null();
  return p.Bytes(std::string_view(reinterpret_cast<const char*>(h->data()), h->size()));
}

class PostgresSideStore : public SideStore {
 public:
  explicit PostgresSideStore(const std::string& uri) : c_(pg::Connect(uri, OpenMode::kCreate, {})) {
    c_->Prepare("side_table",
                "INSERT INTO pli.serve_tables (id, code, ruleset, options, size, level, host, bot_seed, game) "
                "VALUES ($1, $2, $3, $4, $5::int8, $6, $7, $8, $9)");
    c_->Prepare("side_seat",
                "INSERT INTO pli.serve_seats (tbl, seat, name, kind, token) VALUES ($1, $2::int8, $3, $4, $5) "
                "ON CONFLICT (tbl, seat) DO UPDATE SET name = EXCLUDED.name, kind = EXCLUDED.kind, "
                "token = EXCLUDED.token");
    c_->Prepare("side_started", "UPDATE pli.serve_tables SET started = true WHERE id = $1");
    c_->Prepare("side_by",
                "INSERT INTO pli.serve_by (game, seq, actor) VALUES ($1, $2, $3) "
                "ON CONFLICT (game, seq) DO UPDATE SET actor = EXCLUDED.actor");
    c_->Prepare("side_closed", "INSERT INTO pli.serve_closed (id) VALUES ($1) ON CONFLICT DO NOTHING");
    c_->Prepare("side_tables",
                "SELECT id, code, ruleset, options, size::int8, level, host, bot_seed, game, started::int::int2 "
                "FROM pli.serve_tables t WHERE NOT EXISTS (SELECT 1 FROM pli.serve_closed c WHERE c.id = t.id) "
                "ORDER BY made DESC LIMIT $1");
    c_->Prepare("side_seats", "SELECT tbl, seat::int8, name, kind, token FROM pli.serve_seats");
    c_->Prepare("side_find",
                "SELECT id, code, ruleset, options, size::int8, level, host, bot_seed, game, started::int::int2 "
                "FROM pli.serve_tables t WHERE (CASE WHEN $2::int8 = 1 THEN code ELSE id END) = $1 "
                "AND NOT EXISTS (SELECT 1 FROM pli.serve_closed c WHERE c.id = t.id)");
    c_->Prepare("side_seats_of", "SELECT tbl, seat::int8, name, kind, token FROM pli.serve_seats WHERE tbl = $1");
    c_->Prepare("side_notify", "SELECT pg_notify('pli_events', $1)");
    c_->Prepare("side_bys", "SELECT game, seq, actor FROM pli.serve_by");
  }

  void Begin() override { c_->Exec("BEGIN", "starting a transaction of the serve tables"); }
  void Commit() override { c_->Exec("COMMIT", "committing the serve tables"); }
  void Rollback() noexcept override { PQclear(PQexec(c_->get(), "ROLLBACK")); }
  void AddTable(const SideTable& t) override {
    pg::Params p;
    p.Text(t.id).Text(t.code).Text(t.ruleset).Text(t.options).Int8(t.size).Text(t.level);
    Token(p, t.host).Int8(t.bot_seed).Text(t.game);
    c_->Run("side_table", p, "writing table " + t.id);
  }
  void PutSeat(const std::string& table, const SideSeat& s) override {
    pg::Params p;
    p.Text(table).Int8(s.seat).Text(s.name).Text(s.kind);
    Token(p, s.token);
    c_->Run("side_seat", p, "writing a seat of table " + table);
  }
  void MarkStarted(const std::string& table) override {
    pg::Params p;
    p.Text(table);
    c_->Run("side_started", p, "marking table " + table + " started");
  }
  void PutBy(const std::string& game, int64_t seq, const std::string& by) override {
    pg::Params p;
    p.Text(game).Int8(seq).Text(by);
    c_->Run("side_by", p, "writing who acted in game " + game);
  }
  void MarkClosed(const std::string& table) override {
    pg::Params p;
    p.Text(table);
    c_->Run("side_closed", p, "marking table " + table + " closed");
  }
  std::vector<SideTable> Tables(size_t limit) override {
    pg::Params p;
    p.Int8(static_cast<int64_t>(std::min<size_t>(limit, INT64_MAX)));
    const pg::Result r = c_->Run("side_tables", p, "reading the serve tables");
    std::vector<SideTable> out;
    std::map<std::string, size_t> at;
    for (int i = 0; i < r.Rows(); ++i) {
      out.push_back(SideTable{r.Text(i, 0), r.Text(i, 1), r.Text(i, 2), r.Text(i, 3), r.Text(i, 5),
                              r.Text(i, 8), static_cast<int>(r.Int(i, 4)), TokenAt(r, i, 6), r.Int(i, 7),
                              r.Int(i, 9) != 0, {}});
      at[out.back().id] = out.size() - 1;
    }
    pg::Params none;
    const pg::Result s = c_->Run("side_seats", none, "reading the serve seats");
    for (int i = 0; i < s.Rows(); ++i) {
      auto it = at.find(s.Text(i, 0));
      if (it == at.end()) continue;
      out[it->second].seats.push_back(
          SideSeat{static_cast<int>(s.Int(i, 1)), s.Text(i, 2), s.Text(i, 3), TokenAt(s, i, 4)});
    }
    return out;
  }
  std::optional<SideTable> Find(const std::string& key, bool by_code) override {
    pg::Params p;
    p.Text(key).Int8(by_code ? 1 : 0);
    const pg::Result r = c_->Run("side_find", p, "looking up a table");
    if (r.Rows() == 0) return std::nullopt;
    SideTable t{r.Text(0, 0), r.Text(0, 1), r.Text(0, 2), r.Text(0, 3), r.Text(0, 5), r.Text(0, 8),
                static_cast<int>(r.Int(0, 4)), TokenAt(r, 0, 6), r.Int(0, 7), r.Int(0, 9) != 0, {}};
    pg::Params q;
    q.Text(t.id);
    const pg::Result s = c_->Run("side_seats_of", q, "reading the seats of table " + t.id);
    for (int i = 0; i < s.Rows(); ++i)
      t.seats.push_back(SideSeat{static_cast<int>(s.Int(i, 1)), s.Text(i, 2), s.Text(i, 3), TokenAt(s, i, 4)});
    return t;
  }
  void Notify(const std::vector<std::pair<std::string, int64_t>>& heads) override {
    for (const auto& [game, seq] : heads) {
      pg::Params p;
      p.Text(std::to_string(seq) + " " + game);
      c_->Run("side_notify", p, "telling the other nodes of game " + game);
    }
  }
  std::map<std::string, std::map<int64_t, std::string>> By() override {
    pg::Params none;
    const pg::Result r = c_->Run("side_bys", none, "reading who acted");
    std::map<std::string, std::map<int64_t, std::string>> by;
    for (int i = 0; i < r.Rows(); ++i) by[r.Text(i, 0)][r.Int(i, 1)] = r.Text(i, 2);
    return by;
  }

 private:
  std::unique_ptr<pg::Conn> c_;
};

// LISTEN pli_events on a connection of its own; a thread waits on its
// socket and on a pipe that the destructor writes to stop it. A lost
// connection is made again (side_store.h).
class PgListener : public EventListener {
 public:
  PgListener(const std::string& uri, std::function<void(std::string, int64_t)> heard)
      : uri_(uri), heard_(std::move(heard)) {
    Listen();
    if (pipe(wake_) != 0) throw StoreError("pli serve: cannot make a pipe");
    thread_ = std::thread([this] { Loop(); });
  }
  ~PgListener() override {
    const char b = 0;
    if (write(wake_[1], &b, 1) < 0) {}
    thread_.join();
    close(wake_[0]);
    close(wake_[1]);
  }

 private:
  void Listen() {
    c_ = pg::Connect(uri_, OpenMode::kReadWrite, {});
    c_->Exec("LISTEN pli_events", "listening for the other nodes' events");
  }
  // Waits `ms` on the pipe: false when told to stop.
  bool Pause(int ms) {
    pollfd fd{wake_[0], POLLIN, 0};
    return poll(&fd, 1, ms) == 0;
  }
  void Loop() {
    int backoff = 20;
    for (;;) {
      if (!c_) {
        if (!Pause(backoff)) return;
        try {
          Listen();
          std::cerr << "pli serve: listening for other nodes' events again\n";
          backoff = 20;
          heard_("", 0);  // what was announced meanwhile: read every table held
        } catch (const std::exception&) {
          c_.reset();
          backoff = std::min(backoff * 2, 1000);
          continue;
        }
      }
      pollfd fds[2] = {{PQsocket(c_->get()), POLLIN, 0}, {wake_[0], POLLIN, 0}};
      if (poll(fds, 2, -1) < 0) {
        if (errno == EINTR) continue;
        return;
      }
      if (fds[1].revents != 0) return;
      if (PQconsumeInput(c_->get()) == 0 || PQstatus(c_->get()) == CONNECTION_BAD) {
        std::cerr << "pli serve: the connection that listens for other nodes' events was lost: "
                  << PQerrorMessage(c_->get());
        c_.reset();
        continue;
      }
      while (PGnotify* n = PQnotifies(c_->get())) {
        const std::string payload = n->extra;
        PQfreemem(n);
        const size_t space = payload.find(' ');
        if (space == std::string::npos || space == 0) continue;
        int64_t seq = 0;
        try {
          seq = std::stoll(payload.substr(0, space));
        } catch (...) {
          continue;
        }
        heard_(payload.substr(space + 1), seq);
      }
    }
  }
  std::string uri_;
  std::unique_ptr<pg::Conn> c_;
  std::function<void(std::string, int64_t)> heard_;
  int wake_[2] = {-1, -1};
  std::thread thread_;
};

class PgTableLocks : public TableLocks {
 public:
  explicit PgTableLocks(const std::string& uri) : uri_(uri) { Open(); }
  bool TryLock(const std::string& table) override {
    Ready();
    pg::Params p;
    p.Text(table);
    return Guard([&] { return c_->Run("lock", p, "trying to drive table " + table).Int(0, 0) != 0; });
  }
  void Unlock(const std::string& table) override {
    Ready();
    pg::Params p;
    p.Text(table);
    Guard([&] { return c_->Run("unlock", p, "handing table " + table + " over").Int(0, 0) != 0; });
  }
  void Check() override {
    Ready();
    pg::Params none;
    Guard([&] { return c_->Run("ping", none, "asking the lock connection").Rows() > 0; });
  }
  uint64_t Epoch() const override { return epoch_; }

 private:
  void Open() {
    c_ = pg::Connect(uri_, OpenMode::kReadWrite, {});
    // 1347176754 is "PLI2": the migrations' lock is the one-key 1347176753.
    c_->Prepare("lock", "SELECT pg_try_advisory_lock(1347176754, hashtext($1))::int::int2");
    c_->Prepare("unlock", "SELECT pg_advisory_unlock(1347176754, hashtext($1))::int::int2");
    c_->Prepare("ping", "SELECT 1::int2");
  }
  // Connected, or connects again once its backoff has passed (throws meanwhile).
  void Ready() {
    if (c_) return;
    const auto now = std::chrono::steady_clock::now();
    if (now < retry_at_) throw StoreError("the lock connection is being made again");
    try {
      Open();
      ++epoch_;  // the locks of the lost connection are gone
      backoff_ = std::chrono::milliseconds(20);
      std::cerr << "pli serve: the lock connection is made again\n";
    } catch (...) {
      c_.reset();
      retry_at_ = now + backoff_;
      backoff_ = std::min<std::chrono::milliseconds>(backoff_ * 2, std::chrono::milliseconds(1000));
      throw;
    }
  }
  // Runs fn; a lost connection is dropped (made again by the next Ready).
  template <typename F>
  bool Guard(F fn) {
    try {
      return fn();
    } catch (...) {
      if (PQstatus(c_->get()) == CONNECTION_BAD) {
        c_.reset();
        ++epoch_;  // lost: whatever it held is freed now
        retry_at_ = {};
      }
      throw;
    }
  }
  std::string uri_;
  std::unique_ptr<pg::Conn> c_;
  uint64_t epoch_ = 0;
  std::chrono::steady_clock::time_point retry_at_{};
  std::chrono::milliseconds backoff_{20};
};

}  // namespace

std::unique_ptr<TableLocks> OpenPostgresTableLocks(const std::string& uri) {
  return std::make_unique<PgTableLocks>(uri);
}

std::unique_ptr<EventListener> ListenPostgres(const std::string& uri,
                                              std::function<void(std::string, int64_t)> heard) {
  return std::make_unique<PgListener>(uri, std::move(heard));
}

std::unique_ptr<SideStore> OpenPostgresSideStore(const std::string& uri) {
  return std::make_unique<PostgresSideStore>(uri);
}

}  // namespace pli::serve
