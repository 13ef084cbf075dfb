// sqlite_db.h: a thin RAII layer over the SQLite C API for the event store
// (private to referee/). A Db owns a connection and knows the file's name,
// so every error becomes a StoreError that names the file and carries
// sqlite3_errmsg; a Stmt owns a prepared statement and a Stmt::Use resets
// it when its scope ends, so a cached statement never stays mid-step.
#ifndef PLI_REFEREE_SQLITE_DB_H_
#define PLI_REFEREE_SQLITE_DB_H_

#include <sqlite3.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstdint>
#include <cstring>
#include <filesystem>
#include <system_error>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

#include "referee/store.h"

namespace pli::sqlite {

// An open connection; closes it on destruction. It knows whether it reads
// only (a reader is never told about writers it did not meet), and may
// carry two things of a read-only opening (sqlite_schema.cc, OpenReader):
// the file's identity when opened immutable, which CheckUnchanged compares
// after each read, and a private folder holding a copy, removed on close.
class Db {
 public:
  Db() = default;
  Db(sqlite3* db, std::string path, bool read_only = false)
      : db_(db), path_(std::move(path)), read_only_(read_only) {}
  Db(Db&& o) noexcept { Swap(o); }
  Db& operator=(Db&& o) noexcept {
    Swap(o);
    return *this;
  }
  ~Db() {
    sqlite3_close_v2(db_);
    if (!private_dir_.empty()) {
      std::error_code ignored;  // our own copy, in our own folder
      std::filesystem::remove_all(private_dir_, ignored);
    }
  }

  sqlite3* get() const { return db_; }
  const std::string& path() const { return path_; }
  bool read_only() const { return read_only_; }

  // Immutable openings: the file must stay as `st` says after each read.
  void Guard(const struct stat& st) { guard_ = st; }
  // A private copy: `dir` is removed when the connection closes.
  void OwnDir(std::string dir) { private_dir_ = std::move(dir); }

  // Throws when the file was opened immutable and has changed since: SQLite
  // then shares no lock with the writer, and what was read may mix states.
  void CheckUnchanged() const {
    if (!guard_) return;
    struct stat now {};
    bool same = ::stat(path_.c_str(), &now) == 0 && now.st_ino == guard_->st_ino &&
                now.st_dev == guard_->st_dev && now.st_size == guard_->st_size &&
                now.st_mtim.tv_sec == guard_->st_mtim.tv_sec &&
                now.st_mtim.tv_nsec == guard_->st_mtim.tv_nsec &&
                now.st_ctim.tv_sec == guard_->st_ctim.tv_sec &&
                now.st_ctim.tv_nsec == guard_->st_ctim.tv_nsec;
    if (!same) {
      throw StoreError(path_ +
                       " changed while pli was reading it: another process wrote to it, and "
                       "this user cannot create the -wal and -shm files beside it through which "
                       "readers and writers share a database; run the command again, or read "
                       "a copy made with pli backup");
    }
  }

  // A StoreError naming the file and saying in words what happened and what
  // to do (never pli's own SQL): for SQLITE_BUSY, that another writer holds
  // the database (or, to a reader, that it is busy); for SQLITE_NOTADB, that
  // the file is not SQLite; for I/O, a full disk, a read-only file, a damaged
  // file, the cause. Other errors (a trigger's RAISE) keep SQLite's message,
  // after `what` when given.
  [[noreturn]] void Fail(std::string_view what, int rc) const {
    throw StoreError(Describe(what, rc));
  }

  std::string Describe(std::string_view what, int rc) const {
    const std::string message = db_ != nullptr ? sqlite3_errmsg(db_) : sqlite3_errstr(rc);
    const int sys = db_ != nullptr ? sqlite3_system_errno(db_) : 0;
    const std::string cause = sys != 0 ? std::string(std::strerror(sys)) : message;
    switch (rc & 0xff) {
      case SQLITE_NOTADB:
        return path_ + " is not a SQLite database (" + message + ")";
      case SQLITE_BUSY:
      case SQLITE_LOCKED:
        if (read_only_) {
          return path_ + " is busy: another process has held it for too long (" + message +
                 "); try again";
        }
        return path_ + ": the database is locked by another writer (" + message + "); try again";
      case SQLITE_CANTOPEN:
        return "cannot open " + path_ + " (" + cause + "): check that the file and its folder " +
               (read_only_ ? "can be read" : "can be written");
      case SQLITE_READONLY:
        return path_ + " cannot be written (" + cause +
               "): it, its folder or its mount is read-only; the commands that only read "
               "(audit, state, legal, explain, replay, diff, export) work there";
      case SQLITE_FULL:
        return path_ + ": the disk is full: the write was undone; free some space and try again";
      case SQLITE_IOERR:
        if (sys == ENOSPC) {
          return path_ + ": the disk is full: the write was undone; free some space and try again";
        }
        return path_ + ": the system could not " + (read_only_ ? "read" : "read or write") +
               " the file (" + cause + "); check the disk, then run pli audit --db " + path_;
      case SQLITE_CORRUPT:
        return path_ + " is damaged (" + message + "): run pli audit --db " + path_ +
               ", and restore it from a backup";
      case SQLITE_NOMEM:
        return path_ + ": out of memory";
      case SQLITE_PERM:
      case SQLITE_AUTH:
        return path_ + ": permission denied (" + cause + ")";
      default:
        return path_ + ": " + (what.empty() ? message : std::string(what) + ": " + message);
    }
  }

  // Runs one or more statements that return no rows we need.
  void Exec(const char* sql) const {
    int rc = sqlite3_exec(db_, sql, nullptr, nullptr, nullptr);
    if (rc != SQLITE_OK) Fail("", rc);
  }

 private:
  void Swap(Db& o) noexcept {
    std::swap(db_, o.db_);
    std::swap(path_, o.path_);
    std::swap(read_only_, o.read_only_);
    std::swap(guard_, o.guard_);
    std::swap(private_dir_, o.private_dir_);
  }

  sqlite3* db_ = nullptr;
  std::string path_;
  bool read_only_ = false;
  std::optional<struct stat> guard_;
  std::string private_dir_;
};

// A prepared statement of a Db; finalized on destruction.
class Stmt {
 public:
  Stmt() = default;
  Stmt(const Db& db, const char* sql) : db_(&db) {
    int rc = sqlite3_prepare_v3(db.get(), sql, -1, SQLITE_PREPARE_PERSISTENT, &stmt_, nullptr);
    if (rc != SQLITE_OK) db.Fail("", rc);
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

  sqlite3_stmt* get() const { return stmt_; }
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
    if (rc != SQLITE_OK) db_->Fail("binding a value", rc);
  }

  const Db* db_ = nullptr;
  sqlite3_stmt* stmt_ = nullptr;
};

}  // namespace pli::sqlite

#endif  // PLI_REFEREE_SQLITE_DB_H_
