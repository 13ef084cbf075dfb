// stored_scan.h: the fast paths over a SQLite store (and over a game a
// PostgreSQL scan hands over whole). A game is checked row
// by row from views into SQLite's buffers (referee/sqlite_store.h
// ScanRows): each row's link to the previous hash, its body decoded, its
// columns compared with the body without building their text, the event
// folded; no StoredGame, no hex hashes, no message unless something is
// wrong. They answer only "nothing to report"; a game with anything to
// report (a violation, a chain or head problem, an undecodable body) gets
// nullopt, and the caller runs the detailed path (CheckStoredGame,
// AuditByPosition: replay/chain_check.h), whose findings and messages are
// the reference. So the fast paths never change what pli prints: a clean
// game is clean on both, and only the detailed path says why one is not.
#ifndef PLI_REPLAY_STORED_SCAN_H_
#define PLI_REPLAY_STORED_SCAN_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "schema/president/record.h"
#include "engine/president/event.h"
#include "engine/president/state.h"
#include "referee/postgres_store.h"
#include "games/game.h"
#include "referee/sqlite_store.h"
#include "games/president/log.h"

namespace pli {

// What a scan reuses from row to row and from game to game, so that
// auditing an archive allocates (almost) nothing per row: the event each
// row is decoded into (DecodeEventInto) and the state the game is folded
// into (reset between games, keeping its buffers' capacity). Holds nothing
// a caller should read.
struct ScanScratch {
  Event event;
  State state;
  std::unique_ptr<Match> match;  // a game other than Super Président's
};

// Audits a stored game in one pass: the checks of CheckStoredAnyGame
// (seqs contiguous from 1, hashes chained, bodies decode, columns agree,
// the head is the last row, `witness` a row of the log) and of the audit's
// judging (every event legal). Returns the number of events when every
// check passes; nullopt when one fails or there is no such game (then run
// the detailed path). A game of any game: its first row's body names it
// (GameOfBody); Super Président's rows are decoded and folded by its own
// types, any other game's through its Match (Match::StepRow).
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


// A stored game read for folding (state, legal): its events, each with its
// seq, when every check of CheckStoredGame passes (without witness);
// nullopt when one fails or there is no such game (then run
// CheckStoredGame). The log's `hashes` stay empty: folding needs none.
std::optional<GameLog> LoadStoredGameFast(SqliteReader& store, std::string_view game);

// Whether a row's cards column is the text ColumnsOf(event).cards would
// write for this body (referee/store.h), compared in place.
bool CardsColumnMatches(const EventBody& body, std::string_view column);

}  // namespace pli

#endif  // PLI_REPLAY_STORED_SCAN_H_
