// sqlite_db.h: a thin RAII layer over the SQLite C API for the event store
// (private to referee/). A Db owns a connection and knows the file's name,
// so every error becomes a StoreError that names the file and carries
// sqlite3_errmsg; a Stmt owns a prepared statement and a Stmt::Use resets
// it when its scope ends, so a cached statement never stays mid-step.
#ifndef PLI_REFEREE_SQLITE_DB_H_
#define PLI_REFEREE_SQLITE_DB_H_

#include <sqlite3.h>

#include <algorithm>
#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "referee/store.h"

namespace pli::sqlite {

// An open connection; closes it on destruction.
class Db {
 public:
  Db() = default;
  Db(sqlite3* db, std::string path) : db_(db), path_(std::move(path)) {}
  Db(Db&& o) noexcept : db_(std::exchange(o.db_, nullptr)), path_(std::move(o.path_)) {}
  Db& operator=(Db&& o) noexcept {
    std::swap(db_, o.db_);
    std::swap(path_, o.path_);
    return *this;
  }
  ~Db() { sqlite3_close_v2(db_); }

  sqlite3* get() const { return db_; }
  const std::string& path() const { return path_; }

  // A StoreError "PATH: WHAT: <sqlite3_errmsg>" ("PATH: <sqlite3_errmsg>"
  // when `what` is empty); for SQLITE_BUSY, one saying another writer holds
  // the database; for SQLITE_NOTADB, one saying the file is not SQLite.
  [[noreturn]] void Fail(std::string_view what, int rc) const {
    std::string detail = what.empty() ? std::string(sqlite3_errmsg(db_))
                                      : std::string(what) + ": " + sqlite3_errmsg(db_);
    if ((rc & 0xff) == SQLITE_NOTADB) {
      throw StoreError(path_ + " is not a SQLite database (" + sqlite3_errmsg(db_) + ")");
    }
    if ((rc & 0xff) == SQLITE_BUSY) {
      throw StoreError(path_ + ": the database is locked by another writer (" + detail +
                       "); try again");
    }
    throw StoreError(path_ + ": " + detail);
  }

  // Runs one or more statements that return no rows we need.
  void Exec(const char* sql) const {
    int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) Fail(sql, rc);
  }

 private:
  sqlite3* db_ = nullptr;
  std::string path_;
};

// A prepared statement of a Db; finalized on destruction.
class Stmt {
 public:
  Stmt() = default;
  Stmt(const Db& db, const char* sql) : db_(&db) {
    int rc = sqlite3_prepare_v3(db.get(), sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
    if (rc != SQLITE_OK) db.Fail(std::string("preparing ") + sql, rc);
  }
  Stmt(Stmt&& o) noexcept : db_(o.db_), stmt_(std::exchange(o.stmt_, nullptr)) {}
  Stmt& operator=(Stmt&& o) noexcept {
    db_ = o.db_;
    std::swap(stmt_, o.stmt_);
    return *this;
  }
  ~Stmt() { sqlite3_finalize(stmt_); }

  // Resets the statement and clears its bindings at the end of a scope.
  class Use {
   public:
    explicit Use(Stmt& s) : s_(s) {}
    ~Use() {
      sqlite3_reset(s_.stmt_);
      sqlite3_clear_bindings(s_.stmt_);
    }
    Use(const Use&) = delete;
    Use& operator=(const Use&) = delete;

   private:
    Stmt& s_;
  };

  // Binders, 1-based as in SQL (?1, ?2 ...). Text and blobs are copied
  // only by reference (SQLITE_STATIC): they must outlive the step.
  void Bind(int i, int64_t v) { Check(sqlite3_bind_int64(stmt_, i, v)); }
  void BindNull(int i) { Check(sqlite3_bind_null(stmt_, i)); }
  void Bind(int i, std::string_view text) {
    Check(sqlite3_bind_text(stmt_, i, text.data(), static_cast<int>(text.size()), SQLITE_STATIC));
  }
  void BindBlob(int i, const void* data, size_t n) {
    Check(sqlite3_bind_blob(stmt_, i, data, static_cast<int>(n), SQLITE_STATIC));
  }

  // Binds the value, or NULL when there is none.
  template <typename T>
  void BindOptional(int i, const std::optional<T>& v) {
    if (v.has_value()) {
      Bind(i, *v);
    } else {
      BindNull(i);
    }
  }

  // Steps once: true for a row, false when done; throws on error (with
  // SQLite's message alone: a trigger's RAISE message says it all).
  bool Step() {
    int rc = sqlite3_step(stmt_);
    if (rc == SQLITE_ROW) return true;
    if (rc == SQLITE_DONE) return false;
    db_->Fail("", rc);
  }

  // Steps once and returns SQLite's result code, never throwing (for
  // ROLLBACK and the end of a read, whose failure leaves nothing to undo).
  int TryStep() { return sqlite3_step(stmt_); }

  bool IsNull(int col) const { return sqlite3_column_type(stmt_, col) == SQLITE_NULL; }
  int64_t Int(int col) const { return sqlite3_column_int64(stmt_, col); }
  // Text and blob columns, copied once into the string.
  std::string Text(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p == nullptr ? std::string() : std::string(p, sqlite3_column_bytes(stmt_, col));
  }
  std::string Blob(int col) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p == nullptr ? std::string() : std::string(p, sqlite3_column_bytes(stmt_, col));
  }
  // Text and blob columns as views into SQLite's buffer, valid until the
  // statement steps, resets or reads the column as another type.
  std::string_view TextView(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    return p == nullptr ? std::string_view()
                        : std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
  }
  // A text column that may be NULL: nullopt for NULL (and for a value
  // SQLite ran out of memory converting to text, which it gives as NULL too).
  std::optional<std::string_view> OptionalTextView(int col) const {
    const auto* p = reinterpret_cast<const char*>(sqlite3_column_text(stmt_, col));
    if (p == nullptr) return std::nullopt;
    return std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
  }
  std::string_view BlobView(int col) const {
    const auto* p = static_cast<const char*>(sqlite3_column_blob(stmt_, col));
    return p == nullptr ? std::string_view()
                        : std::string_view(p, static_cast<size_t>(sqlite3_column_bytes(stmt_, col)));
  }
  // A blob column into a Hash; bytes past 32 are dropped, missing ones zero
  // (the schema's CHECK keeps every stored hash at exactly 32 bytes).
  Hash HashAt(int col) const {
    Hash h{};
    const auto* p = static_cast<const uint8_t*>(sqlite3_column_blob(stmt_, col));
    int n = sqlite3_column_bytes(stmt_, col);
    if (p == nullptr) return h;
    std::memcpy(h.data(), p, static_cast<size_t>(std::clamp(n, 0, static_cast<int>(h.size()))));
    return h;
  }

 private:
  void Check(int rc) const {
    if (rc != SQLITE_OK) db_->Fail(std::string("binding ") + sqlite3_sql(stmt_), rc);
  }

  const Db* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace pli::sqlite

#endif  // PLI_REFEREE_SQLITE_DB_H_
