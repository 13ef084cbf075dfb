// postgres_conn.h: a thin owner of a libpq connection and its results, for
// the PostgreSQL store (postgres_store.cc, postgres_schema.cc). Parameters
// and results travel in binary; errors keep their SQLSTATE and constraint
// name so that the store decides without parsing messages.
#ifndef PLI_REFEREE_POSTGRES_CONN_H_
#define PLI_REFEREE_POSTGRES_CONN_H_

#include <libpq-fe.h>

#include <cstdint>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "referee/chain.h"
#include "referee/store.h"

namespace pli::pg {

// A binary int2, int4 or int8 (by its length), as results and binary COPY
// carry them: big-endian, two's complement.
inline int64_t BinaryInt(std::string_view b) {
  uint64_t v = 0;
  for (unsigned char c : b) v = (v << 8) | c;
  if (b.size() < 8 && !b.empty() && (static_cast<unsigned char>(b[0]) & 0x80)) {
    v |= ~uint64_t{0} << (8 * b.size());  // sign-extend
  }
  return static_cast<int64_t>(v);
}

// A 32-byte bytea as a Hash; a hash of another length reads as 32 0xff
// bytes, which never chains (audit reports it as a broken chain).
inline Hash BinaryHash(std::string_view b) {
  Hash h;
  if (b.size() != h.size()) {
    h.fill(0xff);
    return h;
  }
  std::memcpy(h.data(), b.data(), h.size());
  return h;
}

// One result; PQclear on destruction.
class Result {
 public:
  Result() = default;
  explicit Result(PGresult* r) : r_(r) {}
  ~Result() { PQclear(r_); }
  Result(Result&& o) noexcept : r_(std::exchange(o.r_, nullptr)) {}
  Result& operator=(Result&& o) noexcept {
    std::swap(r_, o.r_);
    return *this;
  }
  PGresult* get() const { return r_; }
  ExecStatusType Status() const { return PQresultStatus(r_); }
  bool Ok() const {
    ExecStatusType s = Status();
    return s == PGRES_COMMAND_OK || s == PGRES_TUPLES_OK || s == PGRES_COPY_IN;
  }
  std::string SqlState() const { return Field(PG_DIAG_SQLSTATE); }
  std::string Constraint() const { return Field(PG_DIAG_CONSTRAINT_NAME); }
  std::string Message() const {
    std::string m = Field(PG_DIAG_MESSAGE_PRIMARY);
    if (m.empty() && r_ != nullptr) m = PQresultErrorMessage(r_);
    while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
    return m.empty() ? "no answer from the server" : m;
  }

  int Rows() const { return PQntuples(r_); }
  bool IsNull(int row, int col) const { return PQgetisnull(r_, row, col) != 0; }
  std::string_view Bytes(int row, int col) const {
    return {PQgetvalue(r_, row, col), static_cast<size_t>(PQgetlength(r_, row, col))};
  }
  std::string Text(int row, int col) const { return std::string(Bytes(row, col)); }
  std::optional<std::string> OptionalText(int row, int col) const {
    if (IsNull(row, col)) return std::nullopt;
    return Text(row, col);
  }
  // A binary int2, int4 or int8 (by its length).
  int64_t Int(int row, int col) const { return BinaryInt(Bytes(row, col)); }
  // A 32-byte bytea (BinaryHash).
  Hash HashAt(int row, int col) const { return BinaryHash(Bytes(row, col)); }

 private:
  std::string Field(int code) const {
    const char* f = r_ == nullptr ? nullptr : PQresultErrorField(r_, code);
    return f == nullptr ? "" : f;
  }
  PGresult* r_ = nullptr;
};

// Binary parameters of one statement. Values are copied in.
class Params {
 public:
  Params& Text(std::string_view s) { return Add(s, 0); }
  Params& Bytes(std::string_view s) { return Add(s, 1); }
  Params& Bytes(const Hash& h) {
    return Add(std::string_view(reinterpret_cast<const char*>(h.data()), h.size()), 1);
  }
  Params& Int8(int64_t v) { return Add(Be(static_cast<uint64_t>(v), 8), 1); }
  Params& Int2(int v) { return Add(Be(static_cast<uint64_t>(v), 2), 1); }
  Params& Null() {
    values_.emplace_back();
    null_.push_back(true);
    formats_.push_back(1);
    return *this;
  }
  template <typename T, typename F>
  Params& Optional(const std::optional<T>& v, F add) {
    return v.has_value() ? add(*this, *v) : Null();
  }

  int Count() const { return static_cast<int>(values_.size()); }
  // Makes the arrays PQexecPrepared takes (Values, Lengths, Formats);
  // they are valid until the next Add.
  void Finish() {
    pointers_.clear();
    lengths_.clear();
    for (size_t i = 0; i < values_.size(); ++i) {
      pointers_.push_back(null_[i] ? nullptr : values_[i].data());
      lengths_.push_back(static_cast<int>(values_[i].size()));
    }
  }
  const char* const* Values() const { return pointers_.data(); }
  const int* Lengths() const { return lengths_.data(); }
  const int* Formats() const { return formats_.data(); }

  static std::string Be(uint64_t v, int bytes) {
    std::string out(static_cast<size_t>(bytes), '\0');
    for (int i = bytes - 1; i >= 0; --i, v >>= 8) out[static_cast<size_t>(i)] = static_cast<char>(v & 0xff);
    return out;
  }

 private:
  Params& Add(std::string_view s, int format) {
    values_.emplace_back(s);
    null_.push_back(false);
    formats_.push_back(format);
    return *this;
  }
  std::vector<std::string> values_;
  std::vector<bool> null_;
  std::vector<int> formats_;
  std::vector<const char*> pointers_;
  std::vector<int> lengths_;
};

// A connection; PQfinish on destruction. `name` (the redacted URI) begins
// every error message.
class Conn {
 public:
  Conn(PGconn* c, std::string name) : c_(c), name_(std::move(name)) {}
  ~Conn() { PQfinish(c_); }
  Conn(const Conn&) = delete;
  Conn& operator=(const Conn&) = delete;

  PGconn* get() const { return c_; }
  const std::string& name() const { return name_; }

  // Runs SQL text without parameters (one or more statements); throws
  // StoreError unless it succeeds.
  Result Exec(const std::string& sql, const std::string& doing) {
    Result r(PQexec(c_, sql.c_str()));
    if (!r.Ok()) Fail(r, doing);
    return r;
  }
  // Runs a prepared statement (binary results), returning its result
  // whatever it is: the caller judges it.
  Result Try(const char* statement, Params& p) {
    p.Finish();
    return Result(PQexecPrepared(c_, statement, p.Count(), p.Values(), p.Lengths(), p.Formats(), 1));
  }
  Result Run(const char* statement, Params& p, const std::string& doing) {
    Result r = Try(statement, p);
    if (!r.Ok()) Fail(r, doing);
    return r;
  }
  void Prepare(const char* statement, const char* sql) {
    Result r(PQprepare(c_, statement, sql, 0, nullptr));
    if (!r.Ok()) Fail(r, std::string("preparing ") + statement);
  }

  [[noreturn]] void Fail(const Result& r, const std::string& doing) const {
    throw StoreError(name_ + ": " + doing + ": " + ErrorText(r));
  }
  std::string ErrorText(const Result& r) const {
    if (PQstatus(c_) == CONNECTION_BAD) {
      std::string m = PQerrorMessage(c_);
      while (!m.empty() && (m.back() == '\n' || m.back() == ' ')) m.pop_back();
      return "the connection to the server was lost (" + m + ")";
    }
    return r.Message();
  }

 private:
  PGconn* c_;
  std::string name_;
};

}  // namespace pli::pg

#endif  // PLI_REFEREE_POSTGRES_CONN_H_
