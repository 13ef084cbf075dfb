// stored_scan.h: the fast paths over a SQLite store (and over a game a
// PostgreSQL scan hands over whole). A game is checked row
// by row from views into SQLite's buffers (referee/sqlite_store.h
// ScanRows): each row's link to the previous hash, its body decoded, its
// columns compared with the body without building their text, the event
// folded; no StoredGame, no hex hashes, no message unless something is
// wrong. They answer only "nothing to report"; a game with anything to
// report (a violation, a chain or head problem, an undecodable body) gets
// nullopt, and the caller runs the detailed path (CheckStoredAnyGame,
// replay/chain_check.h, and VerdictOf, replay/audit.h), whose findings and
// messages are the reference. So the fast paths never change what pli prints: a clean
// game is clean on both, and only the detailed path says why one is not.
#ifndef PLI_REPLAY_STORED_SCAN_H_
#define PLI_REPLAY_STORED_SCAN_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "games/game.h"
#include "referee/postgres_store.h"
#include "referee/chain.h"
#include "referee/sqlite_store.h"

namespace pli {

// What a scan reuses from game to game, so that auditing an archive
// allocates (almost) nothing per row: the match each game is folded into,
// whose own buffers (the event a row is decoded into, the state) its game
// reuses from row to row. Holds nothing a caller should read.
struct ScanScratch {
  std::unique_ptr<Match> match;
};

// Audits a stored game in one pass: the checks of CheckStoredAnyGame
// (seqs contiguous from 1, hashes chained, bodies decode, columns agree,
// the head is the last row, `witness` a row of the log) and of the audit's
// judging (every event legal). Returns the number of events when every
// check passes; nullopt when one fails or there is no such game (then run
// the detailed path). A game of any game: its first row's body names it
// (GameOfBody), and each row is stepped by its game's Match
// (Match::StepRow: decoded once, its columns compared in place, judged).
std::optional<int64_t> AuditStoredGameFast(SqliteReader& store, std::string_view game,
                                           const std::optional<Head>& witness,
                                           ScanScratch& scratch);
// The same checks on a game a PostgreSQL scan handed over whole
// (PostgresReader::ScanGames): the number of events when every check
// passes; nullopt when one fails (then run the detailed path on
// StoredGameOf(game)).
std::optional<int64_t> AuditScannedGameFast(const ScannedGame& game,
                                            const std::optional<Head>& witness,
                                            ScanScratch& scratch);
// The same checks on every game of a SQLite store, in one pass over its
// rows in key order (SqliteReader::ScanGames: the ids' byte order, not
// creation order): `done` gets each game's id and what
// AuditStoredGameFast would return for it, as each game's rows end.
// `done` may read the store (the detailed path). With `from` and `to`,
// the games whose ids are in [from, to) only (ScanGames).
void AuditStoredGamesFast(
    SqliteReader& store, const std::optional<Head>& witness, ScanScratch& scratch,
    const std::function<void(std::string_view game, std::optional<int64_t> events)>& done,
    std::string_view from = {}, const std::optional<std::string>& to = std::nullopt);
// The same with buffers of its own, for a single game.
std::optional<int64_t> AuditStoredGameFast(SqliteReader& store, std::string_view game,
                                           const std::optional<Head>& witness);

// The link checks CheckStoredGame makes on a row, given the seq it should
// have and the hash before it: its seq, its prev column, its hash.
inline bool RowLinked(const StoredRowView& row, int64_t expected, const Hash& prev) {
  return row.seq == expected && row.prev == prev && ChainHash(prev, row.seq, row.body) == row.hash;
}

// The head check of CheckStoredGame for a log of rows 1..last whose last
// hash is `last_hash`: at least one row, and the head is the last.
inline bool HeadSound(const std::optional<GameRow>& row, int64_t last, const Hash& last_hash) {
  return row && last > 0 && row->head.seq == last && row->head.hash == last_hash;
}

}  // namespace pli

#endif  // PLI_REPLAY_STORED_SCAN_H_
