// audit.h: auditing the games of a SOURCE (a log file, standard input or a
// database): every event re-judged, every stored copy and the hash chain
// checked, each game's verdict handed to a sink as it is reached (pli
// audit, INTERFACE.md §2). The sink prints; this decides what is found.
#ifndef PLI_REPLAY_AUDIT_H_
#define PLI_REPLAY_AUDIT_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "games/game.h"
#include "referee/postgres_store.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/source.h"
#include "replay/stored_scan.h"

namespace pli {

// A violation the audit found, in any game: the event's seq, acting seat
// (-1 for none), `type` as written (nullopt for a malformed event without a
// string `type`) and the game's verdict.
struct AuditFinding {
  int64_t seq = 0;
  int seat = -1;
  std::optional<std::string> type;
  Verdict verdict;
};

// What the audit of a game keeps once its events are gone: all that is
// printed of it.
struct GameVerdict {
  std::string game;
  int64_t events = 0;
  std::vector<std::string> seats;  // the seat names of its game event
  ChainCheck chain;
  std::vector<AuditFinding> findings;
  bool malformed = false;  // it holds a malformed event
  std::string unknown;  // not judged: a game this pli does not know (AnyCheckedGame::unknown)
};

// The verdict of a stored game of any game, checked (CheckStoredAnyGame;
// the detailed path): each event judged by its game's Match, at its
// position, its chain as given. keep_going is audit --continue. (Super
// Président's own events read whole have theirs in
// games/president/replay/audit.h, the reference its tests hold this to.)
GameVerdict VerdictOf(const AnyCheckedGame& game, bool keep_going);

// What an audit reports to, in order: the database file's check and
// progress (databases only), each game's verdict in the source's order,
// then the database as a whole (a database, or a file checked against a
// database head). The cli's printer is one.
class AuditSink {
 public:
  virtual ~AuditSink() = default;
  // audit --continue: report an illegal event and go on.
  virtual bool keep_going() const = 0;
  // A game judged.
  virtual void Add(const GameVerdict& game) = 0;
  // A stored game the fast path found clean (stored_scan.h): what Add gets
  // for a game of `events` events, a sound chain and no violation.
  virtual void AddClean(const std::string& game, int64_t events) = 0;
  // SQLite's own check of the database file `db`: its problems (none: sound).
  virtual void SetDatabaseCheck(const std::string& db, std::vector<std::string> problems) = 0;
  // The database as a whole: its head and what CheckDatabase found.
  virtual void SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem> problems) = 0;
  // Game `index` of `total` is next (databases only).
  virtual void Progress(size_t index, size_t total) = 0;
};

// The database as a whole (schema/STORE.md §3): the event rows that belong
// to no game, the games' creation numbers and, when given, a database
// witness db:N:HASH; and the database head, handed to the sink.
void AuditDatabase(AuditSink& sink, SqliteReader& store,
                   const std::optional<DatabaseHead>& witness);

// Audits the games of any store (all, or the one named by `id`) in
// creation order as AuditDbGames does, one statement per game: each read
// whole (Read) and checked on the detailed path (CheckStoredAnyGame), then
// the games' heads. The reference the streamed audit of PostgreSQL
// (AuditScannedGames) is tested against.
void AuditStoreGames(AuditSink& sink, EventStore& store, const std::string& db,
                     const std::optional<std::string>& id, const std::optional<Head>& witness,
                     const std::optional<DatabaseHead>& db_witness);

// AuditDbGames on PostgreSQL: every game's rows in one streaming statement
// (PostgresReader::ScanGames), one game held at a time, each checked in one
// pass (AuditScannedGameFast) and, when it has anything to report, on the
// detailed path from the rows already read; the games listed, their rows
// and their heads from one snapshot. The sink gets what AuditStoreGames
// gives it. `observe` (tests) sees each game as the scan hands it over.
void AuditScannedGames(AuditSink& sink, PostgresReader& store, const std::string& db,
                       const std::optional<std::string>& id, const std::optional<Head>& witness,
                       const std::optional<DatabaseHead>& db_witness,
                       const std::function<void(const ScannedGame&)>& observe = {});

// Audits one game of a SQLite database as AuditDbGames does, handing it to
// the sink: one pass over its rows (AuditStoredGameFast) when it has
// nothing to report, else the detailed path (CheckStoredAnyGame, VerdictOf).
// `scratch` is reused from game to game.
void AuditDbGame(AuditSink& sink, SqliteReader& store, const std::string& game,
                 const std::optional<Head>& witness, ScanScratch& scratch);

// The games `ids` (creation order; DbGameIds) of a SQLite database audited
// as AuditDbGames audits them, handed to the sink in that order, without
// the database as a whole: with `id` (--game), that game's rows alone;
// else one pass over every game's rows in key order
// (AuditStoredGamesFast), the detailed path for a game with anything to
// report. With two or more `scanners` (readers on store's snapshot:
// InSharedSnapshot) and at least a game for each, each scans a range
// of the games in a thread of its own while this thread hands the results
// over in creation order and takes the detailed path on `store`: the sink
// gets exactly what one thread gives it. `before` runs once before the
// first game is handed over (while the scanners scan). Call it inside
// store.InOneSnapshot (or InSharedSnapshot) for one snapshot.
void AuditSqliteGames(AuditSink& sink, SqliteReader& store, const std::vector<std::string>& ids,
                      const std::optional<std::string>& id, const std::optional<Head>& witness,
                      const std::vector<SqliteReader*>& scanners = {},
                      const std::function<void()>& before = {});

// Audits the games of a database (all, or the one named by `id`) in
// creation order, each checked for tampering (chain, head, the games row's
// copies, and `witness` when given) and re-judged, then the database as a
// whole (AuditDatabase, with `db_witness` when given): one pass over
// SQLite's rows for a game with nothing to report (stored_scan.h), the
// detailed path, which says what and where, for one with anything; the
// sink gets the same either way. Memory holds one game at a time (and a
// number per game). A SQLite database of all its games is scanned by
// `jobs` threads, each with its own connection on one shared snapshot
// (AuditSqliteGames, InSharedSnapshot; one thread when jobs is 1 or the
// snapshot cannot be shared), SQLite's check of the file meanwhile: what
// the sink gets does not depend on `jobs`.
void AuditDbGames(AuditSink& sink, const std::string& db, const std::optional<std::string>& id,
                  const std::optional<Head>& witness,
                  const std::optional<DatabaseHead>& db_witness = std::nullopt, int jobs = 1);

// The threads AuditDbGames uses unless told (pli audit --jobs): the cores
// this process may run on (its CPU affinity, so taskset counts), at most 4.
int DefaultAuditJobs();

// Audits the games of a log file, or of standard input for "-", as its
// lines are read: each event is judged (rules, hash chain) as it comes and
// dropped, so memory holds the current game's state, the ids used in it and
// each game's verdict (GameVerdict), not the events: a log of any length,
// an endless pipe too, audits in bounded memory. Nothing is printed before
// the log's end, since a line that is not a JSON object anywhere makes the
// whole file unreadable (INTERFACE.md §2). `id` (--game) audits that game
// only; `witness` is --head: a game's head, checked against --game's (or
// the only) game, or a database head db:N:HASH, checked against every game
// of the file in its order (an export of a whole database). The output is
// that of auditing ReadSource's games one by one.
void AuditFileGames(AuditSink& sink, const std::string& source,
                    const std::optional<std::string>& id, const Witness& witness);

}  // namespace pli

#endif  // PLI_REPLAY_AUDIT_H_
