// postgres_store.cc: the event store on PostgreSQL (postgres_store.h). The
// schema is in postgres_schema.cc; this file holds the reads (one statement
// each, so one snapshot), the optimistic Write and its one-round-trip commit.
#include "referee/postgres_store.h"

#include <algorithm>
#include <map>
#include <set>
#include <utility>
#include <vector>

#include "referee/postgres_scan.h"
#include "referee/postgres_schema.h"

namespace pli {
namespace {

using pg::Conn;
using pg::Params;
using pg::Result;

struct Statement {
  const char* name;
  const char* sql;
};
constexpr Statement kGames{"games", "SELECT game FROM pli.games ORDER BY created"};
constexpr Statement kHead{"head", "SELECT head_seq, head_hash FROM pli.games WHERE game = $1"};
constexpr Statement kGameHeads{
    "game_heads", "SELECT game, created, head_seq, head_hash FROM pli.games ORDER BY created"};
// The games row and the rows in one statement: one snapshot. seat and
// recipient: -1 for NULL, as EventColumns has them.
constexpr Statement kRead{
    "read",
    "SELECT g.head_seq, g.head_hash, g.ruleset, g.seats, g.created, e.seq, e.type, "
    "coalesce(e.seat, -1), e.id, e.cards, e.body, e.hash, e.prev, e.declaration, "
    "coalesce(e.recipient, -1), e.at, e.seed "
    "FROM pli.games g LEFT JOIN pli.events e ON e.game = g.game WHERE g.game = $1 ORDER BY e.seq"};
constexpr Statement kFindId{"find_id", "SELECT seq FROM pli.events WHERE game = $1 AND id = $2"};
constexpr Statement kInsertGame{
    "insert_game",
    "INSERT INTO pli.games (game, ruleset, seats, created, head_seq, head_hash) "
    "VALUES ($1, $2, $3, 0, 0, '\\x0000000000000000000000000000000000000000000000000000000000000000')"};
constexpr Statement kInsertEvent{
    "insert_event",
    "INSERT INTO pli.events (game, seq, type, seat, id, cards, body, hash, prev, declaration, "
    "recipient, at, seed) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13)"};
// Event rows whose game has no games row (only a writer around the
// triggers makes them), in byte order.
constexpr Statement kStrayGames{
    "stray_games",
    "SELECT e.game, count(*) FROM pli.events e WHERE NOT EXISTS "
    "(SELECT 1 FROM pli.games g WHERE g.game = e.game) "
    "GROUP BY e.game ORDER BY e.game COLLATE \"C\""};
constexpr Statement kAll[] = {kGames,      kHead,        kGameHeads,   kRead,
                              kFindId,     kInsertGame,  kInsertEvent, kStrayGames};
// A commit of at least this many appends (an import) goes by binary COPY in
// one transaction; fewer (a live action, a new game) by one INSERT or a
// pipeline of them, in one round trip.
constexpr size_t kCopyFrom = 16;
constexpr const char* kCopyGames =
    "COPY pli.games (game, ruleset, seats, head_seq, head_hash) FROM STDIN (FORMAT binary)";
constexpr const char* kCopyEvents =
    "COPY pli.events (game, seq, type, seat, id, cards, body, hash, prev, declaration, recipient, "
    "at, seed) FROM STDIN (FORMAT binary)";

// Rows in PostgreSQL's binary COPY format: a header, then per row its
// number of fields and each field as a 4-byte length (-1: NULL) and its
// bytes, in the type's binary form; a trailer of -1.
class CopyRows {
 public:
  CopyRows() { out_.assign("PGCOPY\n\377\r\n\0\0\0\0\0\0\0\0\0", 19); }
  CopyRows& Row(int fields) { return Raw(Params::Be(static_cast<uint64_t>(fields), 2)); }
  CopyRows& Text(std::string_view v) { return Field(v); }
  CopyRows& Bytes(const Hash& h) {
    return Field(std::string_view(reinterpret_cast<const char*>(h.data()), h.size()));
  }
  CopyRows& Int8(int64_t v) { return Field(Params::Be(static_cast<uint64_t>(v), 8)); }
  CopyRows& Int2(int v) { return Field(Params::Be(static_cast<uint64_t>(v), 2)); }
  CopyRows& Null() { return Raw("\xff\xff\xff\xff"); }
  // Takes what is buffered (for PQputCopyData), leaving the buffer empty.
  std::string Take() { return std::exchange(out_, std::string()); }
  size_t size() const { return out_.size(); }
  static std::string Trailer() { return "\xff\xff"; }

 private:
  CopyRows& Field(std::string_view v) {
    Raw(Params::Be(v.size(), 4));
    return Raw(v);
  }
  CopyRows& Raw(std::string_view v) {
    out_.append(v);
    return *this;
  }
  std::string out_;
};

// How many times Write runs fn against writers that keep moving the game on.
constexpr int kMaxAttempts = 64;

// One buffered append.
struct Pending {
  std::string game;
  int64_t seq;
  EventRecord record;
  Hash hash;
  Hash prev;
};

// Thrown inside fn when the cache may be what refused an append: Write
// catches it and runs fn again with fresh heads.
struct StaleCache {};

// What a failed commit means.
enum class Refusal { kConflict, kIdUsed, kOther };

class PostgresStore : public PostgresReader {
 public:
  explicit PostgresStore(std::unique_ptr<Conn> conn) : c_(std::move(conn)) {
    for (const Statement& s : kAll) c_->Prepare(s.name, s.sql);
  }

  std::vector<std::string> Games() override {
    Params p;
    Result r = c_->Run(kGames.name, p, "listing the games");
    std::vector<std::string> out;
    out.reserve(static_cast<size_t>(r.Rows()));
    for (int i = 0; i < r.Rows(); ++i) out.push_back(r.Text(i, 0));
    for (const Pending& a : pending_) {
      if (a.seq == 1) out.push_back(a.game);
    }
    return out;
  }

  std::optional<StoredGame> Read(std::string_view game) override {
    Params p;
    p.Text(game);
    Result r = c_->Run(kRead.name, p, "reading game " + Quoted(game));
    std::optional<StoredGame> out;
    if (r.Rows() > 0) {
      out = StoredGame{.game = std::string(game),
                       .events = {},
                       .head = Head{r.Int(0, 0), r.HashAt(0, 1)},
                       .ruleset = r.Text(0, 2),
                       .seats = r.Text(0, 3),
                       .created = r.Int(0, 4)};
      if (!r.IsNull(0, 5)) {
        out->events.reserve(static_cast<size_t>(r.Rows()));
        for (int i = 0; i < r.Rows(); ++i) out->events.push_back(RowAt(r, i));
      }
      if (in_write_) Cache(game, out->head);
    }
    AddPending(game, out);
    return out;
  }

  std::optional<Head> HeadOf(std::string_view game) override {
    if (auto last = last_pending_.find(game); last != last_pending_.end()) {
      const Pending& a = pending_[last->second];
      return Head{a.seq, a.hash};
    }
    if (in_write_) {
      auto it = heads_.find(game);
      if (it != heads_.end()) {
        if (it->second.attempt != attempt_) used_cache_ = true;
        return it->second.head;
      }
    }
    // A game this run of fn found absent stays absent to it (an append that
    // another writer's creation then collides with is refused at commit,
    // and fn runs again).
    if (in_write_ && absent_.contains(game)) return std::nullopt;
    Params p;
    p.Text(game);
    Result r = c_->Run(kHead.name, p, "reading the head of game " + Quoted(game));
    if (r.Rows() == 0) {
      if (in_write_) absent_.emplace(game);
      return std::nullopt;
    }
    Head head{r.Int(0, 0), r.HashAt(0, 1)};
    Cache(game, head);
    return head;
  }

  std::vector<GameHead> GameHeads() override {
    if (!pending_.empty()) return EventStore::GameHeads();  // inside Write, with its appends
    Params p;
    Result r = c_->Run(kGameHeads.name, p, "reading the games' heads");
    std::vector<GameHead> out;
    out.reserve(static_cast<size_t>(r.Rows()));
    for (int i = 0; i < r.Rows(); ++i) {
      out.push_back(GameHead{r.Text(i, 0), r.Int(i, 1), Head{r.Int(i, 2), r.HashAt(i, 3)}});
    }
    return out;
  }

  std::optional<int64_t> FindId(std::string_view game, std::string_view id) override {
    if (auto it = pending_ids_.find(IdKey(game, id)); it != pending_ids_.end()) return it->second;
    // A game this Write creates has no rows on the server (if another
    // writer created it meanwhile, the commit is refused and fn runs again).
    if (created_.contains(game)) return std::nullopt;
    Params p;
    p.Text(game).Text(id);
    Result r = c_->Run(kFindId.name, p, "looking up an id in game " + Quoted(game));
    if (r.Rows() > 0) return r.Int(0, 0);
    if (in_write_) unused_id_ = UnusedId{std::string(game), std::string(id), attempt_};
    return std::nullopt;
  }

  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    if (!in_write_) throw StoreError(c_->name() + ": Append outside Write");
    const bool had_cache = used_cache_;
    used_cache_ = false;
    std::optional<Head> head = HeadOf(game);
    const bool cached = used_cache_;
    used_cache_ = had_cache || cached;
    try {
      CheckAppend(head, game, seq, record, hash);
    } catch (const StoreError& e) {
      if (cached) throw StaleCache{};  // judged on a head that may be old: again, fresh
      throw StoreError(c_->name() + ": " + e.what());
    }
    // An id already used: the Referee asked FindId just before (its answer
    // is kept), anyone else costs one lookup.
    if (const std::optional<std::string>& id = record.columns.id) {
      const bool known_new = unused_id_ && unused_id_->attempt == attempt_ &&
                             unused_id_->game == game && unused_id_->id == *id;
      if (!known_new && FindId(game, *id)) {
        throw StoreError(c_->name() + ": " + IdUsed(game, seq, *id));
      }
    }
    pending_.push_back(Pending{std::string(game), seq, record, hash, head ? head->hash : kGenesis});
    last_pending_[pending_.back().game] = pending_.size() - 1;
    if (seq == 1) created_.insert(pending_.back().game);
    if (record.columns.id) pending_ids_.emplace(IdKey(game, *record.columns.id), seq);
  }

  bool ImportsInOneTransaction() const override { return true; }

  void ScanGames(const std::optional<std::string>& game,
                 const std::function<void(const ScannedGame&)>& visit) override {
    pg::ScanGames(*c_, game, visit);
  }

  void InOneSnapshot(const std::function<void()>& fn) override {
    if (in_write_) throw StoreError(c_->name() + ": InOneSnapshot inside Write");
    c_->Exec("BEGIN ISOLATION LEVEL REPEATABLE READ, READ ONLY", "starting a read snapshot");
    try {
      fn();
    } catch (...) {
      PQclear(PQexec(c_->get(), "ROLLBACK"));
      throw;
    }
    c_->Exec("COMMIT", "ending a read snapshot");
  }

  std::vector<std::pair<std::string, int64_t>> StrayGames() override {
    Params p;
    Result r = c_->Run(kStrayGames.name, p, "looking for event rows without a game");
    std::vector<std::pair<std::string, int64_t>> out;
    for (int i = 0; i < r.Rows(); ++i) out.emplace_back(r.Text(i, 0), r.Int(i, 1));
    return out;
  }

  bool Write(const std::function<bool()>& fn) override {
    if (in_write_) throw StoreError(c_->name() + ": Write inside Write");
    for (int attempt = 0; attempt < kMaxAttempts; ++attempt) {
      if (attempt > 0) heads_.clear();  // every head read afresh
      ++attempt_;
      ClearPending();
      used_cache_ = false;
      in_write_ = true;
      bool commit = false;
      try {
        commit = fn();
      } catch (const StaleCache&) {
        End();
        continue;
      } catch (...) {
        End();
        throw;
      }
      in_write_ = false;
      if (!commit) {
        const bool again = used_cache_;  // a refusal judged on cached heads: judge it afresh
        End();
        if (again) continue;
        return false;
      }
      if (pending_.empty()) return true;
      std::optional<Refusal> refused;
      try {
        refused = Commit(attempt > 0);
      } catch (...) {
        End();
        throw;
      }
      if (!refused) {
        for (const Pending& a : pending_) Cache(a.game, Head{a.seq, a.hash});
        End();
        return true;
      }
      for (const Pending& a : pending_) heads_.erase(a.game);
      End();
    }
    heads_.clear();
    throw StoreError(c_->name() + ": other writers kept moving the game on: gave up after " +
                     std::to_string(kMaxAttempts) + " attempts");
  }

 private:
  struct CachedHead {
    Head head;
    uint64_t attempt;  // the attempt that read or wrote it
  };

  static std::string Quoted(std::string_view game) { return "\"" + std::string(game) + "\""; }
  static std::string IdUsed(std::string_view game, int64_t seq, std::string_view id) {
    return "cannot append event " + std::to_string(seq) + " to game " + Quoted(game) +
           ": its id \"" + std::string(id) + "\" is already used in this game";
  }

  void Cache(std::string_view game, const Head& head) {
    auto it = heads_.find(game);
    if (it == heads_.end()) {
      heads_.emplace(std::string(game), CachedHead{head, attempt_});
    } else {
      it->second = CachedHead{head, attempt_};
    }
  }

  void End() {
    in_write_ = false;
    ClearPending();
  }

  void ClearPending() {
    absent_.clear();
    pending_.clear();
    last_pending_.clear();
    created_.clear();
    pending_ids_.clear();
  }

  static std::string IdKey(std::string_view game, std::string_view id) {
    std::string key(game);
    key += '\0';  // in neither (INTERFACE.md §1: no control characters)
    key += id;
    return key;
  }

  StoredEvent RowAt(const Result& r, int i) const {
    StoredEvent e;
    e.seq = r.Int(i, 5);
    e.columns.type = static_cast<uint8_t>(r.Int(i, 6));
    e.columns.seat = static_cast<int>(r.Int(i, 7));
    e.columns.id = r.OptionalText(i, 8);
    e.columns.cards = r.Text(i, 9);
    e.body = r.Text(i, 10);
    e.hash = r.HashAt(i, 11);
    e.prev = r.HashAt(i, 12);
    EventDetails& d = e.columns.details.emplace();
    d.declaration = r.OptionalText(i, 13);
    d.recipient = static_cast<int>(r.Int(i, 14));
    d.at = r.OptionalText(i, 15);
    if (!r.IsNull(i, 16)) d.seed = r.Int(i, 16);
    return e;
  }

  // Adds this Write's buffered appends of `game` to what was read.
  void AddPending(std::string_view game, std::optional<StoredGame>& out) const {
    for (const Pending& a : pending_) {
      if (a.game != game) continue;
      if (a.seq == 1) {
        out = StoredGame{.game = a.game, .events = {}, .head = {},
                         .ruleset = a.record.opening->ruleset,
                         .seats = SeatsJson(a.record.opening->seats), .created = 0};
      }
      out->events.push_back(StoredEvent{a.seq, a.record.body, a.hash, a.record.columns, a.prev});
      out->head = Head{a.seq, a.hash};
    }
  }

  static Params GameParams(const Pending& a) {
    Params p;
    p.Text(a.game).Text(a.record.opening->ruleset).Text(SeatsJson(a.record.opening->seats));
    return p;
  }

  static Params EventParams(const Pending& a) {
    const EventColumns& c = a.record.columns;
    const EventDetails d = c.details.value_or(EventDetails{});
    Params p;
    p.Text(a.game).Int8(a.seq).Int2(c.type);
    if (c.seat >= 0) p.Int2(c.seat); else p.Null();
    if (c.id) p.Text(*c.id); else p.Null();
    p.Text(c.cards).Bytes(a.record.body).Bytes(a.hash).Bytes(a.prev);
    if (d.declaration) p.Text(*d.declaration); else p.Null();
    if (d.recipient >= 0) p.Int2(d.recipient); else p.Null();
    if (d.at) p.Text(*d.at); else p.Null();
    if (d.seed) p.Int8(*d.seed); else p.Null();
    return p;
  }

  // Commits the buffered appends in one round trip: one INSERT, or a
  // pipeline of them (each new game's row before its first event) in the
  // implicit transaction that its one Sync commits. nullopt when committed;
  // a conflict to run fn again for; throws StoreError for anything else.
  std::optional<Refusal> Commit(bool fresh) {
    Result failed;
    if (pending_.size() >= kCopyFrom) {
      failed = Copy();
      if (failed.get() == nullptr) return std::nullopt;
    } else if (pending_.size() == 1 && pending_[0].seq != 1) {
      Params p = EventParams(pending_[0]);
      Result r = c_->Try(kInsertEvent.name, p);
      if (r.Ok()) return std::nullopt;
      failed = std::move(r);
    } else {
      failed = Pipeline();
      if (failed.get() == nullptr) return std::nullopt;
    }
    const std::string state = failed.SqlState();
    const std::string constraint = failed.Constraint();
    if (state == pg::kNotAtHead || state == "40001" || state == "40P01") return Refusal::kConflict;
    if (state == "23505") {
      const bool id = constraint.find("id") != std::string::npos &&
                      constraint.find("pkey") == std::string::npos;
      if (!id || !fresh) return Refusal::kConflict;  // a game or seq taken, or a cache to refresh
      for (const Pending& a : pending_) {  // fresh, and still taken: say which
        if (a.record.columns.id && FindIdInDb(a.game, *a.record.columns.id)) {
          throw StoreError(c_->name() + ": " + IdUsed(a.game, a.seq, *a.record.columns.id));
        }
      }
      return Refusal::kConflict;
    }
    c_->Fail(failed, "appending to game " + Quoted(pending_.front().game) +
                         (PQstatus(c_->get()) == CONNECTION_BAD
                              ? " (whether the append was committed is not known: read the game)"
                              : ""));
  }

  // Sends the buffered appends by binary COPY, the new games' rows first,
  // in one transaction; returns the first failed result (the transaction
  // rolled back), or a null result when committed.
  Result Copy() {
    Result r = Exec("BEGIN");
    if (!r.Ok()) return r;
    const auto fail = [&](Result failed) {
      Exec("ROLLBACK");
      return failed;
    };
    if (!created_.empty()) {
      CopyRows games;
      for (const Pending& a : pending_) {
        if (a.seq != 1) continue;
        games.Row(5).Text(a.game).Text(a.record.opening->ruleset)
            .Text(SeatsJson(a.record.opening->seats)).Int8(0).Bytes(kGenesis);
      }
      Result g = CopyIn(kCopyGames, games);
      if (g.get() != nullptr) return fail(std::move(g));
    }
    CopyRows events;
    for (const Pending& a : pending_) {
      const EventColumns& c = a.record.columns;
      const EventDetails d = c.details.value_or(EventDetails{});
      events.Row(13).Text(a.game).Int8(a.seq).Int2(c.type);
      if (c.seat >= 0) events.Int2(c.seat); else events.Null();
      if (c.id) events.Text(*c.id); else events.Null();
      events.Text(c.cards).Text(a.record.body).Bytes(a.hash).Bytes(a.prev);
      if (d.declaration) events.Text(*d.declaration); else events.Null();
      if (d.recipient >= 0) events.Int2(d.recipient); else events.Null();
      if (d.at) events.Text(*d.at); else events.Null();
      if (d.seed) events.Int8(*d.seed); else events.Null();
    }
    Result e = CopyIn(kCopyEvents, events);
    if (e.get() != nullptr) return fail(std::move(e));
    Result commit = Exec("COMMIT");
    if (!commit.Ok()) return commit;  // the server rolled back
    return Result();
  }

  Result Exec(const char* sql) {
    Result r(PQexec(c_->get(), sql));
    if (PQstatus(c_->get()) == CONNECTION_BAD) Lost();
    return r;
  }

  // One COPY ... FROM STDIN of `rows`: a null result when the server took
  // them, else its error.
  Result CopyIn(const char* sql, CopyRows& rows) {
    Result start(PQexec(c_->get(), sql));
    if (start.Status() != PGRES_COPY_IN) {
      if (PQstatus(c_->get()) == CONNECTION_BAD) Lost();
      return start;
    }
    std::string data = rows.Take() + CopyRows::Trailer();
    constexpr size_t kPiece = 1 << 20;
    for (size_t at = 0; at < data.size(); at += kPiece) {
      const size_t n = std::min(kPiece, data.size() - at);
      if (PQputCopyData(c_->get(), data.data() + at, static_cast<int>(n)) != 1) Lost();
    }
    if (PQputCopyEnd(c_->get(), nullptr) != 1) Lost();
    Result end(PQgetResult(c_->get()));
    while (PGresult* more = PQgetResult(c_->get())) PQclear(more);
    if (end.get() == nullptr || PQstatus(c_->get()) == CONNECTION_BAD) Lost();
    if (end.Status() == PGRES_COMMAND_OK) return Result();
    return end;
  }

  [[noreturn]] void Lost() {
    Result lost(PQmakeEmptyPGresult(c_->get(), PGRES_FATAL_ERROR));
    c_->Fail(lost, "appending to game " + Quoted(pending_.front().game) +
                       " (whether the append was committed is not known: read the game)");
  }

  bool FindIdInDb(const std::string& game, const std::string& id) {
    Params p;
    p.Text(game).Text(id);
    return c_->Run(kFindId.name, p, "looking up an id").Rows() > 0;
  }

  // Sends every buffered append in pipeline mode and one Sync; returns the
  // first failed result, or a null result when all committed.
  Result Pipeline() {
    PGconn* c = c_->get();
    if (PQenterPipelineMode(c) != 1) c_->Fail(Result(), "entering pipeline mode");
    int sent = 0;
    bool ok = true;
    for (const Pending& a : pending_) {
      if (a.seq == 1) {
        Params g = GameParams(a);
        ok = ok && Send(kInsertGame.name, g);
        ++sent;
      }
      Params e = EventParams(a);
      ok = ok && Send(kInsertEvent.name, e);
      ++sent;
    }
    ok = ok && PQpipelineSync(c) == 1;
    Result first_failure;
    // Every result, then the Sync's: the implicit transaction ends there.
    for (int i = 0; ok && i < sent; ++i) {
      Result r(PQgetResult(c));
      if (r.get() == nullptr) { ok = false; break; }
      if (!r.Ok() && first_failure.get() == nullptr && r.Status() != PGRES_PIPELINE_ABORTED) {
        first_failure = std::move(r);
      }
      PQclear(PQgetResult(c));  // the NULL that ends each query's results
    }
    if (ok) {
      Result sync(PQgetResult(c));
      if (sync.Status() != PGRES_PIPELINE_SYNC) {
        if (first_failure.get() == nullptr) first_failure = std::move(sync);
      }
    }
    if (!ok || PQexitPipelineMode(c) != 1) {
      Result lost(PQmakeEmptyPGresult(c, PGRES_FATAL_ERROR));
      c_->Fail(lost, "appending to game " + Quoted(pending_.front().game) +
                         " (whether the append was committed is not known: read the game)");
    }
    return first_failure;
  }

  bool Send(const char* statement, Params& p) {
    p.Finish();
    return PQsendQueryPrepared(c_->get(), statement, p.Count(), p.Values(), p.Lengths(),
                               p.Formats(), 1) == 1;
  }

  // The last id FindId found unused inside this run of fn.
  struct UnusedId {
    std::string game, id;
    uint64_t attempt;
  };
  std::optional<UnusedId> unused_id_;

  std::unique_ptr<Conn> c_;
  std::map<std::string, CachedHead, std::less<>> heads_;  // heads this store wrote or read
  uint64_t attempt_ = 0;      // counts fn's runs, to tell a head read in this one
  bool used_cache_ = false;   // this run of fn was told a head read before it
  bool in_write_ = false;
  std::vector<Pending> pending_;
  // Indexes of pending_: each game's last append, the games it creates,
  // and each (game, id) key's seq.
  std::map<std::string, size_t, std::less<>> last_pending_;
  std::set<std::string, std::less<>> created_;
  std::map<std::string, int64_t, std::less<>> pending_ids_;
  std::set<std::string, std::less<>> absent_;  // games this run of fn found absent
};

}  // namespace

bool IsPostgresUri(std::string_view db) {
  return db.starts_with("postgresql://") || db.starts_with("postgres://");
}

std::string RedactedUri(std::string_view uri) {
  // The one place a URI's password is masked (issue 29): every message,
  // acknowledgement, --json document and log line that names a database
  // goes through here (StoreName). A libpq URI holds a password in two
  // places: scheme://user:PASSWORD@host... (between the first ':' after the
  // scheme and the '@' of the authority), and a query parameter
  // ...?password=PASSWORD&... (up to the next '&' or '#').
  std::string out(uri);
  const size_t start = out.find("://");
  if (start == std::string::npos) return out;
  const size_t auth_end = out.find_first_of("/?#", start + 3);
  const size_t at = out.substr(0, auth_end).rfind('@');
  if (at != std::string::npos && at > start) {
    const size_t colon = out.substr(0, at).find(':', start + 3);
    if (colon != std::string::npos) out.replace(colon + 1, at - colon - 1, "***");
  }
  const size_t query = out.find('?', start + 3);
  if (query == std::string::npos) return out;
  for (size_t key = query + 1; key < out.size();) {
    size_t end = out.find_first_of("&#", key);
    if (end == std::string::npos) end = out.size();
    if (out.compare(key, 9, "password=") == 0 && end > key + 9) {
      out.replace(key + 9, end - key - 9, "***");
      end = key + 12;
    }
    if (end >= out.size() || out[end] == '#') break;
    key = end + 1;
  }
  return out;
}

std::unique_ptr<EventStore> OpenPostgresStore(const std::string& uri, OpenMode mode,
                                              const PostgresOptions& options) {
  return std::make_unique<PostgresStore>(pg::Connect(uri, mode, options));
}

std::unique_ptr<PostgresReader> OpenPostgresReader(const std::string& uri) {
  return std::make_unique<PostgresStore>(pg::Connect(uri, OpenMode::kReadOnly, {}));
}

int PostgresSchemaVersion() { return pg::SchemaVersion(); }

}  // namespace pli
