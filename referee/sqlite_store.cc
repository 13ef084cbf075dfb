// sqlite_store.cc: the event store in a SQLite database (schema/STORE.md).
// The schema and the open-time checks are in sqlite_schema.cc; this file
// holds the store's statements (prepared once per connection), its write
// transaction, and the online backup.
#include "referee/sqlite_store.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <utility>

#include "games/game.h"
#include "referee/sqlite_db.h"
#include "referee/sqlite_schema.h"
#include "referee/writer_claim.h"

namespace pli {
namespace {

using sqlite::Db;
using sqlite::Stmt;

constexpr const char* kGamesSql = "SELECT game FROM games ORDER BY created";
constexpr const char* kHeadSql = "SELECT head_seq, head_hash FROM games WHERE game = ?1";
constexpr const char* kGameRowSql =
    "SELECT head_seq, head_hash, ruleset, seats, created FROM games WHERE game = ?1";
constexpr const char* kGameHeadsSql =
    "SELECT game, created, head_seq, head_hash FROM games ORDER BY created, game";
// The next game id, in byte order, that has event rows: one seek of the
// events' primary key per game (a scan of the distinct games).
constexpr const char* kNextEventGameSql =
    "SELECT game FROM events WHERE game > ?1 ORDER BY game LIMIT 1";
// seat and recipient: NULL for none, read as -1 (as EventColumns has them)
// by the reader, not by a coalesce SQLite would evaluate for every row. A
// file older than kDetailsVersion has no columns past prev: it is read
// without them.
constexpr const char* kRowsSql =
    "SELECT seq, type, seat, id, cards, body, hash, prev, "
    "declaration, recipient, at, seed FROM events WHERE game = ?1 ORDER BY seq";
// Every row and every games row, in key order (both tables are WITHOUT
// ROWID on the game id: a walk over each b-tree, no sort): ScanGames.
constexpr const char* kAllRowsSql =
    "SELECT game, seq, type, seat, id, cards, body, hash, prev, "
    "declaration, recipient, at, seed FROM events WHERE game >= ?1 ORDER BY game, seq";
constexpr const char* kAllRowsSqlBeforeDetails =
    "SELECT game, seq, type, seat, id, cards, body, hash, prev FROM events "
    "WHERE game >= ?1 ORDER BY game, seq";
constexpr const char* kAllGameRowsSql =
    "SELECT game, head_seq, head_hash, ruleset, seats, created FROM games "
    "WHERE game >= ?1 ORDER BY game";
constexpr const char* kRowsSqlBeforeDetails =
    "SELECT seq, type, seat, id, cards, body, hash, prev FROM events "
    "WHERE game = ?1 ORDER BY seq";

// The value of one column of the row a statement stands on, read through
// sqlite3_column_value once: the sqlite3_value_* readers below skip the
// statement-level checks each sqlite3_column_* call makes, which the audit
// paid twice (pointer and length) for a dozen columns a row.
class ColumnValue {
 public:
  ColumnValue(sqlite3_stmt* stmt, int col) : v_(sqlite3_column_value(stmt, col)) {}
  bool IsNull() const { return sqlite3_value_type(v_) == SQLITE_NULL; }
  int64_t Int() const { return sqlite3_value_int64(v_); }
  // An integer column that may be NULL: `none` for NULL.
  int64_t IntOr(int64_t none) const { return IsNull() ? none : Int(); }
  std::optional<std::string_view> OptionalText() const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_value_text(v_));
    if (p == nullptr) return std::nullopt;
    return std::string_view(p, static_cast<size_t>(sqlite3_value_bytes(v_)));
  }
  std::string_view Text() const { return OptionalText().value_or(std::string_view()); }
  std::string_view Blob() const {
    const auto* p = static_cast<const char*>(sqlite3_value_blob(v_));
    return p == nullptr ? std::string_view()
                        : std::string_view(p, static_cast<size_t>(sqlite3_value_bytes(v_)));
  }
  // As Stmt::HashAt: bytes past 32 dropped, missing ones zero.
  Hash ToHash() const {
    Hash h{};
    const std::string_view b = Blob();
    std::memcpy(h.data(), b.data(), std::min(b.size(), h.size()));
    return h;
  }

 private:
  sqlite3_value* v_;
};
constexpr const char* kFindIdSql = "SELECT seq FROM events WHERE game = ?1 AND id = ?2";
constexpr const char* kInsertGameSql =
    "INSERT INTO games (game, ruleset, seats, created, head_seq, head_hash) "
    "VALUES (?1, ?2, ?3, (SELECT coalesce(max(created), 0) + 1 FROM games), 0, zeroblob(32))";
constexpr const char* kInsertEventSql =
    "INSERT INTO events (game, seq, type, seat, id, cards, body, hash, prev, "
    "declaration, recipient, at, seed) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?13)";
// Only a test writes to a file older than kDetailsVersion (a pli writer
// migrates it first): as an older pli did.
constexpr const char* kInsertEventSqlBeforeDetails =
    "INSERT INTO events (game, seq, type, seat, id, cards, body, hash, prev) "
    "VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9)";

class SqliteStore : public SqliteReader {
 public:
  explicit SqliteStore(Db db)
      : db_(std::move(db)),
        details_(sqlite::SchemaVersionOf(db_) >= sqlite::kDetailsVersion),
        event_types_(sqlite::SchemaVersionOf(db_) >= sqlite::kEventTypesVersion),
        games_(db_, kGamesSql),
        head_(db_, kHeadSql),
        game_row_(db_, kGameRowSql),
        rows_(db_, details_ ? kRowsSql : kRowsSqlBeforeDetails),
        find_id_(db_, kFindIdSql),
        insert_game_(db_, kInsertGameSql),
        insert_event_(db_, details_ ? kInsertEventSql : kInsertEventSqlBeforeDetails),
        begin_(db_, "BEGIN IMMEDIATE"),
        begin_read_(db_, "BEGIN"),
        commit_(db_, "COMMIT"),
        rollback_(db_, "ROLLBACK") {}
  // The statements point at db_: the store stays where it was made.
  SqliteStore(const SqliteStore&) = delete;
  SqliteStore& operator=(const SqliteStore&) = delete;

  std::vector<std::string> Games() override {
    std::vector<std::string> out;
    Stmt::Use use(games_);
    while (games_.Step()) out.push_back(games_.Text(0));
    db_.CheckUnchanged();  // a file read without locks (immutable) stayed as it was
    return out;
  }

  std::optional<StoredGame> Read(std::string_view game) override {
    ReadTransaction txn(*this);  // the games row and the rows from one snapshot
    std::optional<GameRow> row = GameRowOf(game);
    if (!row.has_value()) return std::nullopt;
    StoredGame out{.game = std::string(game),
                   .events = {},
                   .head = row->head,
                   .ruleset = std::move(row->ruleset),
                   .seats = std::move(row->seats),
                   .created = row->created};
    // The head is the row count, unless tampered with: a hint, capped.
    out.events.reserve(static_cast<size_t>(std::clamp<int64_t>(out.head.seq, 0, 1 << 16)));
    Stmt::Use use(rows_);
    rows_.Bind(1, game);
    while (rows_.Step()) out.events.push_back(RowAt(rows_));
    db_.CheckUnchanged();
    return out;
  }

  std::optional<GameRow> ScanRows(std::string_view game,
                                  const std::function<bool(const StoredRowView&)>& row) override {
    ReadTransaction txn(*this);  // the games row and the rows from one snapshot, as Read
    std::optional<GameRow> head = GameRowOf(game);
    if (!head.has_value()) return std::nullopt;
    Stmt::Use use(rows_);
    rows_.Bind(1, game);
    StoredRowView view;
    sqlite3_stmt* s = rows_.get();
    while (rows_.Step()) {
      ViewAt(s, 0, view);
      if (!row(view)) break;
    }
    db_.CheckUnchanged();
    return head;
  }

  void InOneSnapshot(const std::function<void()>& fn) override {
    ReadTransaction txn(*this);
    fn();
  }

  void ScanGames(GameRowsVisitor& visit, std::string_view from,
                 const std::optional<std::string>& to) override {
    ReadTransaction txn(*this);
    // A string, not the view: an empty view's null pointer would bind NULL,
    // and `game >= NULL` holds for no row.
    const std::string lowest(from);
    Stmt games(db_, kAllGameRowsSql);
    Stmt rows(db_, details_ ? kAllRowsSql : kAllRowsSqlBeforeDetails);
    games.Bind(1, lowest);
    rows.Bind(1, lowest);
    sqlite3_stmt* s = rows.get();
    StoredRowView view;
    bool more = rows.Step();
    while (games.Step()) {
      const std::string_view game = games.TextView(0);  // valid until games steps again
      if (to && game >= *to) break;
      visit.Start(game);
      bool wanted = true;
      for (; more; more = rows.Step()) {
        // Both ids are TEXT (STRICT tables) in SQLite's BINARY order, which
        // is memcmp's, as string_view's compare.
        const ColumnValue id(s, 0);
        const int order = id.Text().compare(game);
        if (order > 0) break;      // the next game's
        if (order < 0) continue;   // a row of no games row (StrayGames)
        if (!wanted) continue;
        ViewAt(s, 1, view);
        wanted = visit.Row(view);
      }
      visit.Finish(game, GameRow{.ruleset = games.Text(3),
                                 .seats = games.Text(4),
                                 .created = games.Int(5),
                                 .head = Head{games.Int(1), games.HashAt(2)}});
    }
    db_.CheckUnchanged();
  }

  // InSharedSnapshot: a read transaction begun and a row read (the
  // snapshot is taken at the first read), and ended.
  void BeginSnapshot() {
    Run(begin_read_);
    Stmt any(db_, "SELECT 1 FROM games LIMIT 1");
    any.Step();
  }
  void EndSnapshot() {
    Stmt::Use use(commit_);  // a read commits nothing: cannot fail
    commit_.TryStep();
  }
  const Db& db() const { return db_; }

  std::vector<std::string> CheckFile(int limit) override {
    std::vector<std::string> out;
    try {
      Stmt check(db_, ("PRAGMA integrity_check(" + std::to_string(std::max(limit, 1)) + ")").c_str());
      Stmt::Use use(check);
      while (check.Step()) {
        std::string line = check.Text(0);
        if (line != "ok") out.push_back(std::move(line));
      }
    } catch (const StoreError& e) {
      out.push_back(std::string("the check could not run: ") + e.what());
    }
    return out;
  }

  std::optional<Head> HeadOf(std::string_view game) override {
    // Inside a write transaction the head can change only by this
    // connection's own appends, so the last one read or appended is kept:
    // an import of n events asks for it n times.
    if (in_write_ && head_game_ && *head_game_ == game) return head_cache_;
    Stmt::Use use(head_);
    head_.Bind(1, game);
    std::optional<Head> head;
    if (head_.Step()) head = Head{head_.Int(0), head_.HashAt(1)};
    if (in_write_) Remember(game, head);
    return head;
  }

  std::vector<GameHead> GameHeads() override {
    Stmt s(db_, kGameHeadsSql);  // one statement: one snapshot
    std::vector<GameHead> out;
    while (s.Step()) out.push_back(GameHead{s.Text(0), s.Int(1), Head{s.Int(2), s.HashAt(3)}});
    return out;
  }

  DatabaseHead CurrentDatabaseHead() override {
    Stmt s(db_, kGameHeadsSql);  // one statement: one snapshot
    Sha256Stream sha;
    int64_t games = 0;
    while (s.Step()) {
      AddToDatabaseHead(sha, s.TextView(0), Head{s.Int(2), s.HashAt(3)});
      ++games;
    }
    return DatabaseHead{games, sha.Finish()};
  }

  std::vector<std::pair<std::string, int64_t>> StrayGames() override {
    ReadTransaction txn(*this);
    Stmt next(db_, kNextEventGameSql);
    Stmt count(db_, "SELECT count(*) FROM events WHERE game = ?1");
    std::vector<std::pair<std::string, int64_t>> out;
    std::string after;  // "" sorts before every id (ids are not empty)
    for (;;) {
      std::string game;
      {
        Stmt::Use use(next);
        next.Bind(1, after);
        if (!next.Step()) break;
        game = next.Text(0);
      }
      if (!GameRowOf(game)) {
        Stmt::Use use(count);
        count.Bind(1, game);
        count.Step();
        out.emplace_back(game, count.Int(0));
      }
      after = std::move(game);
    }
    return out;
  }

  std::optional<int64_t> FindId(std::string_view game, std::string_view id) override {
    Stmt::Use use(find_id_);
    find_id_.Bind(1, game);
    find_id_.Bind(2, id);
    if (!find_id_.Step()) return std::nullopt;
    return find_id_.Int(0);
  }

  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    if (!in_write_) throw StoreError(db_.path() + ": Append outside Write");
    // SQLite ends a transaction itself on some errors (a full disk, I/O):
    // never let an append run outside one, where it would commit alone.
    if (sqlite3_get_autocommit(db_.get()) != 0) {
      throw StoreError(db_.path() + ": the write transaction was already rolled back");
    }
    std::optional<Head> head = HeadOf(game);
    try {
      CheckAppend(head, game, seq, record, hash);
    } catch (const StoreError& e) {
      throw StoreError(db_.path() + ": " + e.what());
    }
    if (seq != 1) {
      Forget();  // until the insert is known to have happened
      InsertEvent(game, seq, record, hash, head->hash);
      return Remember(game, Head{seq, hash});
    }
    // A new game: its row and its first event stand or fall together.
    Forget();
    db_.Exec("SAVEPOINT append_game");
    try {
      InsertGame(game, *record.opening);
      InsertEvent(game, seq, record, hash, kGenesis);
      // Its game's names in event_types, if this file has none yet.
      if (event_types_) {
        if (const Game* owner = GameOfBody(record.body)) sqlite::KnowEventTypes(db_, *owner);
      }
      db_.Exec("RELEASE append_game");
    } catch (...) {
      sqlite3_exec(db_.get(), "ROLLBACK TO append_game; RELEASE append_game", nullptr, nullptr,
                   nullptr);
      throw;
    }
    Remember(game, Head{seq, hash});
  }

  bool Write(const std::function<bool()>& fn) override {
    if (in_write_) throw StoreError(db_.path() + ": Write inside Write");
    Run(begin_);
    Forget();
    in_write_ = true;
    bool commit = false;
    try {
      // One writer per database (writer_claim.h, issue 30 item 5): inside
      // the transaction, so a server that claims the file meanwhile waits
      // for it to end before it reads its tables.
      if (claim_file_.empty()) claim_file_ = ClaimFileOf(db_.path());
      CheckNotClaimed(db_.path(), claim_file_);
      commit = fn();
      if (commit) Run(commit_);
    } catch (...) {
      Rollback();
      throw;
    }
    if (!commit) Rollback();
    in_write_ = false;
    Forget();
    return commit;
  }

 private:
  // Outside a Write, a read transaction around a multi-statement read, so
  // that a writer committing meanwhile cannot split it; inside, nothing.
  class ReadTransaction {
   public:
    explicit ReadTransaction(SqliteStore& s)
        : s_(sqlite3_get_autocommit(s.db_.get()) ? &s : nullptr) {
      if (s_ != nullptr) s_->Run(s_->begin_read_);
    }
    ~ReadTransaction() {
      if (s_ == nullptr) return;
      Stmt::Use use(s_->commit_);  // a read commits nothing: cannot fail
      s_->commit_.TryStep();
    }
    ReadTransaction(const ReadTransaction&) = delete;
    ReadTransaction& operator=(const ReadTransaction&) = delete;

   private:
    SqliteStore* s_;
  };

  // Reads a row's columns from column `first` on (seq first) into `view`:
  // views into the statement's buffers, valid until it steps again.
  void ViewAt(sqlite3_stmt* s, int first, StoredRowView& view) const {
    view.seq = ColumnValue(s, first).Int();
    view.type = ColumnValue(s, first + 1).Int();
    view.seat = static_cast<int>(ColumnValue(s, first + 2).IntOr(-1));
    view.id = ColumnValue(s, first + 3).OptionalText();
    view.cards = ColumnValue(s, first + 4).Text();
    view.body = ColumnValue(s, first + 5).Blob();
    view.hash = ColumnValue(s, first + 6).ToHash();
    view.prev = ColumnValue(s, first + 7).ToHash();
    view.details = details_;
    if (details_) {
      view.declaration = ColumnValue(s, first + 8).OptionalText();
      view.recipient = ColumnValue(s, first + 9).IntOr(-1);
      view.at = ColumnValue(s, first + 10).OptionalText();
      const ColumnValue seed(s, first + 11);
      view.seed = seed.IsNull() ? std::nullopt : std::optional<int64_t>(seed.Int());
    }
  }

  StoredEvent RowAt(const Stmt& row) const {
    StoredEvent e;
    e.seq = row.Int(0);
    e.columns.type = static_cast<uint8_t>(row.Int(1));
    e.columns.seat = row.IsNull(2) ? -1 : static_cast<int>(row.Int(2));
    if (!row.IsNull(3)) e.columns.id = row.Text(3);
    e.columns.cards = row.Text(4);
    e.body = row.Blob(5);
    e.hash = row.HashAt(6);
    e.prev = row.HashAt(7);
    if (details_) {
      EventDetails& d = e.columns.details.emplace();
      if (!row.IsNull(8)) d.declaration = row.Text(8);
      d.recipient = row.IsNull(9) ? -1 : static_cast<int>(row.Int(9));
      if (!row.IsNull(10)) d.at = row.Text(10);
      if (!row.IsNull(11)) d.seed = row.Int(11);
    }
    return e;
  }

  std::optional<GameRow> GameRowOf(std::string_view game) {
    Stmt::Use use(game_row_);
    game_row_.Bind(1, game);
    if (!game_row_.Step()) return std::nullopt;
    return GameRow{.ruleset = game_row_.Text(2),
                   .seats = game_row_.Text(3),
                   .created = game_row_.Int(4),
                   .head = Head{game_row_.Int(0), game_row_.HashAt(1)}};
  }

  void InsertGame(std::string_view game, const GameOpening& created) {
    std::string seats = SeatsJson(created.seats);
    Stmt::Use use(insert_game_);
    insert_game_.Bind(1, game);
    insert_game_.Bind(2, created.ruleset);
    insert_game_.Bind(3, seats);
    insert_game_.Step();
  }

  void InsertEvent(std::string_view game, int64_t seq, const EventRecord& record, const Hash& hash,
                   const Hash& prev) {
    const EventColumns& c = record.columns;
    const std::string& body = record.body;
    Stmt::Use use(insert_event_);
    Stmt& s = insert_event_;
    s.Bind(1, game);
    s.Bind(2, seq);
    s.Bind(3, static_cast<int64_t>(c.type));
    s.BindOptional(4, c.seat >= 0 ? std::optional<int64_t>(c.seat) : std::nullopt);
    s.BindOptional(5, c.id);
    s.Bind(6, c.cards);
    s.BindBlob(7, body.data(), body.size());
    s.BindBlob(8, hash.data(), hash.size());
    s.BindBlob(9, prev.data(), prev.size());
    if (details_) {
      const EventDetails& d = *c.details;
      s.BindOptional(10, d.declaration);
      s.BindOptional(11, d.recipient >= 0 ? std::optional<int64_t>(d.recipient) : std::nullopt);
      s.BindOptional(12, d.at);
      s.BindOptional(13, d.seed);
    }
    s.Step();
  }

  // Steps a statement that returns no rows.
  static void Run(Stmt& s) {
    Stmt::Use use(s);
    s.Step();
  }

  // The head cache of HeadOf (only within a write transaction).
  void Remember(std::string_view game, const std::optional<Head>& head) {
    if (!head_game_ || *head_game_ != game) head_game_.emplace(game);
    head_cache_ = head;
  }
  void Forget() { head_game_.reset(); }

  void Rollback() {
    in_write_ = false;
    Forget();
    // Fails only when SQLite already rolled back (e.g. disk full): fine.
    Stmt::Use use(rollback_);
    rollback_.TryStep();
  }

  Db db_;
  const bool details_;  // the file has the columns of kDetailsVersion
  const bool event_types_;  // the file has event_types (kEventTypesVersion)
  Stmt games_, head_, game_row_, rows_, find_id_, insert_game_, insert_event_;
  Stmt begin_, begin_read_, commit_, rollback_;
  bool in_write_ = false;
  std::string claim_file_;  // the side file of a server's claim (writer_claim.h), once asked
  std::optional<std::string> head_game_;  // the game whose head is cached
  std::optional<Head> head_cache_;
};

// Creates `target` empty, failing if it exists (so a backup never
// overwrites), and opens it with SQLite.
Db CreateTarget(const std::string& target) {
  std::FILE* f = std::fopen(target.c_str(), "wx");  // x: O_EXCL
  if (f == nullptr) {
    std::error_code ec;
    if (std::filesystem::exists(target, ec)) {
      throw StoreError(target + " exists; a backup never overwrites a file");
    }
    throw StoreError("cannot create " + target + ": " + std::strerror(errno));
  }
  std::fclose(f);
  sqlite3* raw = nullptr;
  int rc =
      sqlite3_open_v2(target.c_str(), &raw, SQLITE_OPEN_READWRITE | SQLITE_OPEN_EXRESCODE, nullptr);
  if (raw == nullptr) throw StoreError(target + ": cannot open: out of memory");
  Db db(raw, target);
  if (rc != SQLITE_OK) db.Fail("cannot open", rc);
  return db;
}

// Copies every page of `from` into `to` in one step (one read snapshot of
// the source, WAL included), waiting while either side is busy.
void CopyPages(const Db& from, const Db& to) {
  sqlite3_backup* b = sqlite3_backup_init(to.get(), "main", from.get(), "main");
  if (b == nullptr) to.Fail("starting the backup", sqlite3_errcode(to.get()));
  int rc = SQLITE_OK;
  for (int waited = 0; waited <= sqlite::kBusyTimeoutMs; waited += 50) {
    rc = sqlite3_backup_step(b, -1);
    if (rc != SQLITE_BUSY && rc != SQLITE_LOCKED) break;
    sqlite3_sleep(50);
  }
  sqlite3_backup_finish(b);  // its result repeats the step's error, if any
  if (rc != SQLITE_DONE) to.Fail("copying from " + from.path(), rc);
}

}  // namespace

namespace sqlite {
std::unique_ptr<EventStore> NewSqliteStore(Db db) {
  return std::make_unique<SqliteStore>(std::move(db));
}
}  // namespace sqlite

std::unique_ptr<EventStore> OpenSqliteStore(const std::string& path, OpenMode mode) {
  return sqlite::NewSqliteStore(sqlite::OpenDb(path, mode));
}

std::unique_ptr<SqliteReader> OpenSqliteReader(const std::string& path) {
  return std::make_unique<SqliteStore>(sqlite::OpenDb(path, OpenMode::kReadOnly));
}

bool InSharedSnapshot(SqliteReader& store, int count,
                      const std::function<void(const std::vector<SqliteReader*>&)>& fn) {
  auto* first = dynamic_cast<SqliteStore*>(&store);
  // A connection opened read-write by OpenReader reads a private copy.
  if (first == nullptr || sqlite3_db_readonly(first->db().get(), "main") != 1) return false;
  if (sqlite3_get_autocommit(first->db().get()) == 0) {
    throw StoreError(first->db().path() + ": InSharedSnapshot inside a transaction");
  }
  const std::string& path = first->db().path();
  std::vector<std::unique_ptr<SqliteStore>> readers;
  std::vector<SqliteStore*> all{first};
  std::vector<SqliteReader*> others;
  for (int i = 0; i < count; ++i) {
    readers.push_back(std::make_unique<SqliteStore>(sqlite::OpenDb(path, OpenMode::kReadOnly)));
    all.push_back(readers.back().get());
    others.push_back(readers.back().get());
  }
  const Db probe = sqlite::OpenDb(path, OpenMode::kReadOnly);
  const auto data_version = [&probe] {
    Stmt version(probe, "PRAGMA data_version");
    version.Step();
    return version.Int(0);
  };
  for (int attempt = 0; attempt < 5; ++attempt) {
    const int64_t before = data_version();
    size_t begun = 0;
    struct End {
      std::vector<SqliteStore*>& all;
      size_t& begun;
      ~End() {
        for (size_t i = 0; i < begun; ++i) all[i]->EndSnapshot();
      }
    } end{all, begun};
    for (; begun < all.size(); ++begun) all[begun]->BeginSnapshot();
    if (data_version() != before) continue;  // a commit came between: again
    fn(others);
    return true;
  }
  return false;
}

void BackupSqliteStore(const std::string& path, const std::string& target) {
  Db from = sqlite::OpenPliFile(path);
  Db to = CreateTarget(target);
  try {
    CopyPages(from, to);
    to.Exec("PRAGMA journal_mode = WAL");  // as pli would have made it
  } catch (...) {
    to = Db();  // close before removing
    std::error_code ec;
    for (const char* suffix : {"", "-journal", "-wal", "-shm"}) {
      std::filesystem::remove(target + suffix, ec);
    }
    throw;
  }
}

int SqliteSchemaVersion() { return static_cast<int>(sqlite::Migrations().size()); }

}  // namespace pli
