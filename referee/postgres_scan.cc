// postgres_scan.cc: every game's rows in one streaming statement
// (postgres_scan.h).
//
// PostgreSQL's binary COPY format: a header (the 11-byte signature, a
// 4-byte flags field, a 4-byte header extension length and the
// extension), then per row a 2-byte field count and each field as a 4-byte
// length (-1: NULL) and its bytes in the type's binary form, then a
// trailer, a field count of -1. The server sends each row as one CopyData
// message, the header in front of the first one, and libpq's
// PQgetCopyData returns one message per call.
//
// The statement orders the games, not the rows: each game's rows arrive
// together, and are put in seq order here, one game in memory.
#include "referee/postgres_scan.h"

#include <algorithm>
#include <array>
#include <cstdint>
#include <cstring>
#include <memory>
#include <string_view>
#include <utility>
#include <vector>

namespace pli::pg {
namespace {

// The columns of the scan, in order.
enum Column {
  kGame, kCreated, kHeadSeq, kHeadHash, kRuleset, kSeats,  // the games row
  kSeq, kType, kSeat, kId, kCards, kBody, kHash, kPrev,    // the event row (NULL: none)
  kDeclaration, kRecipient, kAt, kSeed,
  kColumns
};

std::string ScanSql(Conn& c, const std::optional<std::string>& game) {
  std::string sql =
      "COPY (SELECT g.game, g.created, g.head_seq, g.head_hash, g.ruleset, g.seats, e.seq, "
      "e.type, e.seat, e.id, e.cards, e.body, e.hash, e.prev, e.declaration, e.recipient, e.at, "
      "e.seed FROM pli.games g LEFT JOIN pli.events e ON e.game = g.game";
  if (game) {
    char* literal = PQescapeLiteral(c.get(), game->data(), game->size());
    if (literal == nullptr) c.Fail(Result(), "quoting the game id " + *game);
    sql += " WHERE g.game = ";
    sql += literal;
    PQfreemem(literal);
  }
  // Each game's rows together, games in creation order (game after
  // created: a games row whose created was made equal to another's behind
  // pli's back must not interleave their rows). Not e.seq: the server then
  // sorts every row (Incremental Sort, 0.6x the rows per second here)
  // where ordering the games rows alone lets it stream each game's rows
  // from an index; HeldGame puts them in seq order.
  return sql + " ORDER BY g.created, g.game) TO STDOUT (FORMAT binary)";
}

// A row's fields: views into its message; nullopt for NULL.
using Fields = std::array<std::optional<std::string_view>, kColumns>;

// Reads one row (after the header, if any); false when `data` is not one.
bool ParseRow(std::string_view data, Fields& fields) {
  if (data.size() < 2 || BinaryInt(data.substr(0, 2)) != kColumns) return false;
  data.remove_prefix(2);
  for (auto& f : fields) {
    if (data.size() < 4) return false;
    const int64_t n = BinaryInt(data.substr(0, 4));
    data.remove_prefix(4);
    if (n < 0) {
      f.reset();
      continue;
    }
    if (data.size() < static_cast<size_t>(n)) return false;
    f = data.substr(0, static_cast<size_t>(n));
    data.remove_prefix(static_cast<size_t>(n));
  }
  return data.empty();
}

// Skips the header in front of the first row; false when there is none.
bool SkipHeader(std::string_view& data) {
  static constexpr std::string_view kSignature("PGCOPY\n\377\r\n\0", 11);
  if (data.size() < 19 || data.substr(0, 11) != kSignature) return false;
  const int64_t extension = BinaryInt(data.substr(15, 4));
  if (extension < 0 || data.size() < 19 + static_cast<size_t>(extension)) return false;
  data.remove_prefix(19 + static_cast<size_t>(extension));
  return true;
}

bool IsTrailer(std::string_view data) { return data == std::string_view("\xff\xff", 2); }

std::string_view Text(const std::optional<std::string_view>& f) { return f.value_or(""); }
int64_t IntOr(const std::optional<std::string_view>& f, int64_t null) {
  return f ? BinaryInt(*f) : null;
}

// An event row's columns as StoreRowView has them (as PostgresStore's
// Read makes a StoredEvent: seat and recipient -1 for NULL).
StoredRowView ViewOf(const Fields& f) {
  StoredRowView v;
  v.seq = BinaryInt(*f[kSeq]);
  v.type = IntOr(f[kType], 0);
  v.seat = static_cast<int>(IntOr(f[kSeat], -1));
  v.id = f[kId];
  v.cards = Text(f[kCards]);
  v.body = Text(f[kBody]);
  v.hash = BinaryHash(Text(f[kHash]));
  v.prev = BinaryHash(Text(f[kPrev]));
  v.details = true;
  v.declaration = f[kDeclaration];
  v.recipient = IntOr(f[kRecipient], -1);
  v.at = f[kAt];
  if (f[kSeed]) v.seed = BinaryInt(*f[kSeed]);
  return v;
}

GameRow GameRowOf(const Fields& f) {
  return GameRow{std::string(Text(f[kRuleset])), std::string(Text(f[kSeats])),
                 IntOr(f[kCreated], 0), Head{IntOr(f[kHeadSeq], 0), BinaryHash(Text(f[kHeadHash]))}};
}

struct FreeCopyData {
  void operator()(char* p) const { PQfreemem(p); }
};
using Message = std::unique_ptr<char, FreeCopyData>;

// The game being read: its rows' messages (which its views point into).
class HeldGame {
 public:
  bool open() const { return open_; }
  std::string_view game() const { return game_; }

  // Starts a game at a row whose message the next Hold keeps.
  void Open(const Fields& f) {
    open_ = true;
    game_ = *f[kGame];
    row_ = GameRowOf(f);
  }
  void Hold(Message message, const Fields& f) {
    if (f[kSeq]) views_.push_back(ViewOf(f));
    messages_.push_back(std::move(message));
  }
  // Hands the game to visit, its rows in seq order, then frees them.
  void Close(int64_t rows_read, const std::function<void(const ScannedGame&)>& visit) {
    visit(ScannedGame{game_, row_, InSeqOrder(), rows_read});
    views_.clear();
    messages_.clear();
    open_ = false;
  }

 private:
  // views_ in seq order (as Read's ORDER BY e.seq; ties, which only a
  // table without its primary key can hold, in the order they came).
  std::span<const StoredRowView> InSeqOrder() {
    const auto by_seq = [](const StoredRowView& a, const StoredRowView& b) { return a.seq < b.seq; };
    if (std::is_sorted(views_.begin(), views_.end(), by_seq)) return views_;
    order_.resize(views_.size());
    for (uint32_t i = 0; i < order_.size(); ++i) order_[i] = i;
    std::stable_sort(order_.begin(), order_.end(),
                     [&](uint32_t a, uint32_t b) { return views_[a].seq < views_[b].seq; });
    sorted_.clear();
    for (uint32_t i : order_) sorted_.push_back(views_[i]);
    return sorted_;
  }

  bool open_ = false;
  std::string_view game_;  // into messages_.front()
  GameRow row_;
  std::vector<StoredRowView> views_;  // as the rows came
  std::vector<Message> messages_;
  std::vector<uint32_t> order_;       // InSeqOrder's buffers, kept from game to game
  std::vector<StoredRowView> sorted_;
};

// After a visit threw in the middle of the COPY: cancels the statement and
// reads what is left, so that the connection takes statements again.
void Abandon(Conn& c) {
  if (PGcancel* cancel = PQgetCancel(c.get())) {
    char error[256];
    PQcancel(cancel, error, sizeof error);
    PQfreeCancel(cancel);
  }
  char* rest = nullptr;
  while (PQgetCopyData(c.get(), &rest, 0) > 0) PQfreemem(rest);
  while (PGresult* r = PQgetResult(c.get())) PQclear(r);
}

void ReadRows(Conn& c, const std::function<void(const ScannedGame&)>& visit) {
  const std::string doing = "reading every game's rows";
  HeldGame held;
  Fields fields;
  int64_t rows_read = 0;
  bool first = true;
  for (;;) {
    char* data = nullptr;
    const int n = PQgetCopyData(c.get(), &data, 0);
    if (n == -1) break;  // the COPY is over; its result follows
    if (n < 0) c.Fail(Result(), doing);
    Message message(data);
    std::string_view row(data, static_cast<size_t>(n));
    if (first && !SkipHeader(row)) c.Fail(Result(), doing + ": no binary COPY header");
    first = false;
    if (IsTrailer(row)) continue;
    if (!ParseRow(row, fields) || !fields[kGame]) c.Fail(Result(), doing + ": a malformed row");
    if (fields[kSeq]) ++rows_read;
    if (held.open() && held.game() != *fields[kGame]) held.Close(rows_read, visit);
    if (!held.open()) held.Open(fields);
    held.Hold(std::move(message), fields);
  }
  if (held.open()) held.Close(rows_read, visit);
}

}  // namespace

}  // namespace pli::pg

namespace pli {

StoredGame StoredGameOf(const ScannedGame& game) {
  StoredGame out{.game = std::string(game.game), .events = {}, .head = game.row.head,
                 .ruleset = game.row.ruleset, .seats = game.row.seats,
                 .created = game.row.created};
  out.events.reserve(game.rows.size());
  for (const StoredRowView& v : game.rows) {
    StoredEvent& e = out.events.emplace_back();
    e.seq = v.seq;
    e.columns.type = static_cast<uint8_t>(v.type);
    e.columns.seat = v.seat;
    if (v.id) e.columns.id = std::string(*v.id);
    e.columns.cards = std::string(v.cards);
    e.body = std::string(v.body);
    e.hash = v.hash;
    e.prev = v.prev;
    EventDetails& d = e.columns.details.emplace();
    if (v.declaration) d.declaration = std::string(*v.declaration);
    d.recipient = static_cast<int>(v.recipient);
    if (v.at) d.at = std::string(*v.at);
    d.seed = v.seed;
  }
  return out;
}

}  // namespace pli

namespace pli::pg {

void ScanGames(Conn& c, const std::optional<std::string>& game,
               const std::function<void(const ScannedGame&)>& visit) {
  const std::string doing = "reading every game's rows";
  Result start(PQexec(c.get(), ScanSql(c, game).c_str()));
  if (start.Status() != PGRES_COPY_OUT) c.Fail(start, doing);
  try {
    ReadRows(c, visit);
  } catch (...) {
    Abandon(c);
    throw;
  }
  Result end(PQgetResult(c.get()));
  while (PGresult* more = PQgetResult(c.get())) PQclear(more);
  if (end.Status() != PGRES_COMMAND_OK) c.Fail(end, doing);
}

}  // namespace pli::pg
