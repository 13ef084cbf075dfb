// stored_scan.cc: the fast paths over a SQLite store (see stored_scan.h).
// Every check here is one CheckStoredGame or AuditByPosition makes
// (replay/chain_check.cc), made so that passing here implies passing there;
// where this file is stricter (a column compared as stored, before SQLite's
// value is narrowed as RowAt narrows it), a game only goes to the detailed
// path, which has the last word.
#include "replay/stored_scan.h"

#include <array>
#include <cassert>
#include <string>
#include <type_traits>
#include <utility>
#include <variant>

#include "engine/president/rules.h"
#include "games/president/module.h"
#include "replay/president/chain_check.h"
#include "schema/president/event_codec.h"
#include "schema/president/record.h"

namespace pli {
namespace {

// The text of each card (CardText), made once: two characters, rank and suit.
using CardChars = std::array<char, 2>;
const std::array<CardChars, kDeckSize>& CardTexts() {
  static const std::array<CardChars, kDeckSize> texts = [] {
    std::array<CardChars, kDeckSize> t;
    for (int i = 0; i < kDeckSize; ++i) {
      const std::string text = CardText(Card(static_cast<uint8_t>(i)));
      assert(text.size() == 2);
      t[i] = {text[0], text[1]};
    }
    return t;
  }();
  return texts;
}

// Reads a column from the front, piece by piece.
class ColumnCursor {
 public:
  explicit ColumnCursor(std::string_view column) : rest_(column) {}
  bool Take(std::string_view piece) {
    if (!rest_.starts_with(piece)) return false;
    rest_.remove_prefix(piece.size());
    return true;
  }
  // The cards' texts, one space between two: 3n - 1 characters for n cards.
  bool TakeCards(const CardList& cards) {
    const size_t n = cards.size();
    if (n == 0) return true;
    if (rest_.size() < 3 * n - 1) return false;
    const auto& texts = CardTexts();
    const char* p = rest_.data();
    for (size_t i = 0; i < n; ++i, p += 2) {
      if (i > 0 && *p++ != ' ') return false;
      const CardChars& text = texts[cards[i].index];
      if (p[0] != text[0] || p[1] != text[1]) return false;
    }
    rest_.remove_prefix(3 * n - 1);
    return true;
  }
  bool AtEnd() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

// The columns of schema version 3 (DetailsProblem), compared in place; a
// file older than that has none to compare.
bool DetailsAgree(const StoredRowView& row, const Event& event) {
  if (!row.details) return true;
  if (row.at.has_value() != event.at.has_value() || (row.at && *row.at != *event.at)) return false;
  std::optional<std::string_view> declaration;
  int64_t recipient = -1;
  std::optional<int64_t> seed;
  if (const auto* play = std::get_if<PlayEvent>(&event.body)) {
    declaration = DeclarationText(play->declare);
  } else if (const auto* gift = std::get_if<ExchangeEvent>(&event.body)) {
    recipient = gift->to;
  } else if (const auto* deal = std::get_if<DealEvent>(&event.body)) {
    seed = deal->seed;
  }
  return row.declaration == declaration && row.recipient == recipient && row.seed == seed;
}

// The columns CheckRow compares (ColumnsProblem), compared in place.
bool ColumnsAgree(const StoredRowView& row, const Event& event) {
  if (row.type != static_cast<int64_t>(TypeOf(event.body))) return false;
  if (row.seat != ActingSeat(event.body)) return false;
  if (row.id.has_value() != event.id.has_value()) return false;
  if (row.id && *row.id != *event.id) return false;
  return CardsColumnMatches(event.body, row.cards) && DetailsAgree(row, event);
}

// The link checks CheckStoredGame makes on a row, given the seq it should
// have and the hash before it: its seq, its prev column, its hash.
bool Linked(const StoredRowView& row, int64_t expected, const Hash& prev) {
  return row.seq == expected && row.prev == prev && ChainHash(prev, row.seq, row.body) == row.hash;
}

// Keeps event 1's game event, whose copies the games row holds.
void KeepOpening(const StoredRowView& row, const Event& event, std::optional<GameEvent>& opening) {
  if (row.seq != 1) return;
  if (const auto* created = std::get_if<GameEvent>(&event.body)) opening = *created;
}

// The games row's copies of the game event (GameRowProblem), given the
// game event of row 1, if any, and the games row.
bool CopiesAgree(std::string_view game, const std::optional<GameRow>& stored,
                 const std::optional<GameEvent>& opening) {
  return !opening || !stored ||
         GameRowProblem(game, stored->ruleset, stored->seats, *opening).empty();
}

// The rest of CheckRow, on a row whose body decoded to `event`: gives the
// event its seq; whether the columns agree.
bool Agrees(const StoredRowView& row, Event& event) {
  event.seq = row.seq;
  return ColumnsAgree(row, event);
}

// The head check of CheckStoredGame for a log of rows 1..last whose last
// hash is `last_hash`: at least one row, and the head is the last.
bool HeadSound(const std::optional<GameRow>& row, int64_t last, const Hash& last_hash) {
  return row && last > 0 && row->head.seq == last && row->head.hash == last_hash;
}

}  // namespace

bool CardsColumnMatches(const EventBody& body, std::string_view column) {
  ColumnCursor cursor(column);
  const bool taken = std::visit(
      [&cursor](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, DealEvent>) {
          for (size_t i = 0; i < e.hands.size(); ++i) {
            if (i > 0 && !cursor.Take(" | ")) return false;
            if (!cursor.TakeCards(e.hands[i])) return false;
          }
          return true;
        } else if constexpr (std::is_same_v<T, ExchangeEvent> || std::is_same_v<T, PlayEvent> ||
                             std::is_same_v<T, CloseEvent>) {
          return cursor.TakeCards(e.cards);
        } else {
          return true;
        }
      },
      body);
  return taken && cursor.AtEnd();
}

namespace {

// The one-pass audit of a game's rows, row by row (AuditStoredGameFast,
// AuditScannedGameFast): Row for each row in order, then Finish. The game
// is the one the first row's body names (KindOfStored): Super Président's
// rows are decoded into the reused Event and folded into the reused State
// (AuditByPosition); any other game's are stepped by its Match (StepRow).
class RowAuditor {
 public:
  RowAuditor(const std::optional<Head>& witness, ScanScratch& scratch)
      : witness_(witness), scratch_(scratch) {
    witnessed_ = !witness.has_value();
  }

  // Checks the next row; false once one fails (the rest need not be seen).
  bool Row(const StoredRowView& row) {
    if (!Linked(row, last_ + 1, prev_)) return sound_ = false;
    if (row.seq == 1) {
      kind_ = GameOfBody(row.body);
      if (kind_ == nullptr) return sound_ = false;
      if (kind_ == &PresidentGame()) {
        ResetState(scratch_.state);
      } else {
        scratch_.match = kind_->NewMatch();
      }
    }
    if (kind_ == &PresidentGame()) {
      if (!PresidentRow(row)) return sound_ = false;
    } else {
      std::optional<GameOpening> opened;
      if (!scratch_.match->StepRow(row.seq, row.body, row, opened)) return sound_ = false;
      if (row.seq == 1) any_opening_ = std::move(opened);
    }
    if (witness_ && row.seq == witness_->seq) witnessed_ = row.hash == witness_->hash;
    prev_ = row.hash;
    last_ = row.seq;
    return true;
  }

  // The number of events when every check passed, given the games row
  // (nullopt: no such game).
  std::optional<int64_t> Finish(std::string_view game, const std::optional<GameRow>& head) const {
    const bool copies =
        kind_ == &PresidentGame()
            ? CopiesAgree(game, head, opening_)
            : !any_opening_ || !head ||
                  GameRowProblem(game, head->ruleset, head->seats, *any_opening_).empty();
    if (!sound_ || !witnessed_ || !HeadSound(head, last_, prev_) || !copies) return std::nullopt;
    return last_;
  }

 private:
  bool PresidentRow(const StoredRowView& row) {
    Event& event = scratch_.event;
    State& state = scratch_.state;
    if (DecodeEventInto(row.body, event) || !Agrees(row, event)) return false;
    KeepOpening(row, event, opening_);
    // AuditByPosition: an event whose seq is not the position Decide
    // expects is judged without its seq.
    const bool opens = std::holds_alternative<GameEvent>(event.body) && state.phase == Phase::kNone;
    if (row.seq != (opens ? 1 : state.seq + 1)) event.seq.reset();
    return !Step(state, event);
  }

  const std::optional<Head>& witness_;
  ScanScratch& scratch_;
  const Game* kind_ = nullptr;             // named by row 1's body
  int64_t last_ = 0;
  Hash prev_ = kGenesis;
  bool sound_ = true;
  bool witnessed_ = true;
  std::optional<GameEvent> opening_;        // Super Président's game event
  std::optional<GameOpening> any_opening_;  // any other game's
};

}  // namespace

std::optional<int64_t> AuditStoredGameFast(SqliteReader& store, std::string_view game,
                                           const std::optional<Head>& witness,
                                           ScanScratch& scratch) {
  RowAuditor auditor(witness, scratch);
  const std::optional<GameRow> head =
      store.ScanRows(game, [&](const StoredRowView& row) { return auditor.Row(row); });
  return auditor.Finish(game, head);
}

namespace {

// AuditStoredGamesFast's visitor: a RowAuditor per game.
class GamesAuditor final : public GameRowsVisitor {
 public:
  GamesAuditor(const std::optional<Head>& witness, ScanScratch& scratch,
               const std::function<void(std::string_view, std::optional<int64_t>)>& done)
      : witness_(witness), scratch_(scratch), done_(done) {}
  void Start(std::string_view) override { auditor_.emplace(witness_, scratch_); }
  bool Row(const StoredRowView& row) override { return auditor_->Row(row); }
  void Finish(std::string_view game, const GameRow& row) override {
    done_(game, auditor_->Finish(game, row));
  }

 private:
  const std::optional<Head>& witness_;
  ScanScratch& scratch_;
  const std::function<void(std::string_view, std::optional<int64_t>)>& done_;
  std::optional<RowAuditor> auditor_;
};

}  // namespace

void AuditStoredGamesFast(
    SqliteReader& store, const std::optional<Head>& witness, ScanScratch& scratch,
    const std::function<void(std::string_view game, std::optional<int64_t> events)>& done,
    std::string_view from, const std::optional<std::string>& to) {
  GamesAuditor auditor(witness, scratch, done);
  store.ScanGames(auditor, from, to);
}

std::optional<int64_t> AuditScannedGameFast(const ScannedGame& game,
                                            const std::optional<Head>& witness,
                                            ScanScratch& scratch) {
  RowAuditor auditor(witness, scratch);
  for (const StoredRowView& row : game.rows) {
    if (!auditor.Row(row)) break;
  }
  return auditor.Finish(game.game, game.row);
}

std::optional<int64_t> AuditStoredGameFast(SqliteReader& store, std::string_view game,
                                           const std::optional<Head>& witness) {
  ScanScratch scratch;
  return AuditStoredGameFast(store, game, witness, scratch);
}

std::optional<GameLog> LoadStoredGameFast(SqliteReader& store, std::string_view game) {
  GameLog log;
  log.game = std::string(game);
  std::optional<GameEvent> opening;
  int64_t last = 0;
  Hash prev = kGenesis;
  bool sound = true;
  const std::optional<GameRow> head = store.ScanRows(game, [&](const StoredRowView& row) {
    if (!Linked(row, last + 1, prev)) return sound = false;
    Event& event = log.events.emplace_back();
    if (DecodeEventInto(row.body, event) || !Agrees(row, event)) return sound = false;
    KeepOpening(row, event, opening);
    prev = row.hash;
    last = row.seq;
    return true;
  });
  if (!sound || !HeadSound(head, last, prev) || !CopiesAgree(game, head, opening)) {
    return std::nullopt;
  }
  return log;
}

}  // namespace pli
