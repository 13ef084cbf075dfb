// stored_scan.cc: the fast paths over a SQLite store (see stored_scan.h).
// Every check here is one CheckStoredAnyGame or VerdictOf makes
// (replay/chain_check.cc, replay/audit.cc), made so that passing here
// implies passing there; where this file or a game's StepRow is stricter
// (a column compared as stored, before SQLite's value is narrowed as RowAt
// narrows it), a game only goes to the detailed path, which has the last
// word.
#include "replay/stored_scan.h"

#include <utility>

#include "replay/chain_check.h"

namespace pli {
namespace {

// The one-pass audit of a game's rows, row by row (AuditStoredGameFast,
// AuditScannedGameFast): Row for each row in order, then Finish. The game
// is the one the first row's body names (GameOfBody); each row is stepped
// by its Match (StepRow), which decodes it, compares its columns and
// judges it in its game's own types.
class RowAuditor {
 public:
  RowAuditor(const std::optional<Head>& witness, ScanScratch& scratch)
      : witness_(witness), scratch_(scratch) {
    witnessed_ = !witness.has_value();
  }

  // Checks the next row; false once one fails (the rest need not be seen).
  bool Row(const StoredRowView& row) {
    if (!RowLinked(row, last_ + 1, prev_)) return sound_ = false;
    if (row.seq == 1) {
      const Game* kind = GameOfBody(row.body);
      if (kind == nullptr) return sound_ = false;
      // The last game's match, when of the same game and it can start over.
      if (!scratch_.match || &scratch_.match->game() != kind || !scratch_.match->Reset()) {
        scratch_.match = kind->NewMatch();
      }
    }
    std::optional<GameOpening> opened;
    if (!scratch_.match->StepRow(row.seq, row.body, row, opened)) return sound_ = false;
    if (row.seq == 1) opening_ = std::move(opened);
    if (witness_ && row.seq == witness_->seq) witnessed_ = row.hash == witness_->hash;
    prev_ = row.hash;
    last_ = row.seq;
    return true;
  }

  // The number of events when every check passed, given the games row
  // (nullopt: no such game).
  std::optional<int64_t> Finish(std::string_view game, const std::optional<GameRow>& head) const {
    // The games row's copies of the game event (GameRowProblem).
    const bool copies =
        !opening_ || !head || GameRowProblem(game, head->ruleset, head->seats, *opening_).empty();
    if (!sound_ || !witnessed_ || !HeadSound(head, last_, prev_) || !copies) return std::nullopt;
    return last_;
  }

 private:
  const std::optional<Head>& witness_;
  ScanScratch& scratch_;
  int64_t last_ = 0;
  Hash prev_ = kGenesis;
  bool sound_ = true;
  bool witnessed_ = true;
  std::optional<GameOpening> opening_;  // row 1's game event
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

}  // namespace pli
