// audit.cc: auditing the games of a SOURCE (audit.h).
#include "replay/audit.h"

#include <sched.h>

#include <algorithm>
#include <condition_variable>
#include <exception>
#include <functional>
#include <memory>
#include <mutex>
#include <stdexcept>
#include <string_view>
#include <thread>
#include <unordered_map>
#include <utility>
#include <variant>

#include "referee/open_store.h"
#include "replay/stored_scan.h"

namespace pli {

namespace {

// The verdict of stored game `id`, read whole (the detailed path). A game
// the games table lists but whose row its key no longer finds (a damaged
// row or index: issue 30 item 6) is a finding at its games row, not a read
// of nothing.
GameVerdict StoredVerdict(EventStore& store, const std::string& id,
                          const std::optional<Head>& witness, bool keep_going) {
  const std::optional<StoredGame> stored = store.Read(id);
  if (stored) return VerdictOf(CheckStoredAnyGame(*stored, witness), keep_going);
  GameVerdict v;
  v.game = id;
  v.chain.status = ChainStatus::kBroken;
  v.chain.problems.push_back(ChainProblem{
      1, "table games, game \"" + id +
             "\": the table lists this game but its key finds no row: the file is damaged "
             "(SQLite's integrity check says where); restore it from a backup"});
  return v;
}

// Judges a game's events in turn, of any game (the audit's
// PositionAuditor for a game behind the game interface).
class MatchAuditor {
 public:
  MatchAuditor(const Game& game, bool keep_going)
      : game_(game), match_(game.NewMatch()), keep_going_(keep_going) {}

  void Add(const AnyEvent& e) {
    const int64_t position = ++position_;
    if (stopped_) return;
    // Judged at its position: a stored row out of order (only a tampered
    // store has one) is judged as a copy with its position for seq.
    std::optional<Verdict> verdict;
    if (!e.seq || *e.seq == position) {
      verdict = match_->Step(e);
    } else {
      AnyEvent positional = e;
      positional.seq = position;
      verdict = match_->Step(positional);
    }
    if (!verdict) return;
    // Reported at the event's own seq (its position when it has none).
    findings_.push_back(AuditFinding{
        e.seq.value_or(position), e.seat,
        e.malformed ? e.malformed->type : std::optional<std::string>(game_.TypeName(e.type)),
        std::move(*verdict)});
    if (!keep_going_) stopped_ = true;
  }
  const Match& match() const { return *match_; }
  std::vector<AuditFinding> Take() { return std::move(findings_); }

 private:
  const Game& game_;
  std::unique_ptr<Match> match_;
  bool keep_going_;
  bool stopped_ = false;  // at the first violation, without keep_going
  int64_t position_ = 0;
  std::vector<AuditFinding> findings_;
};

}  // namespace

GameVerdict VerdictOf(const AnyCheckedGame& game, bool keep_going) {
  if (!game.unknown.empty()) {
    GameVerdict v{game.log.game, game.rows, {}, game.chain, {}, false};
    v.unknown = game.unknown;
    return v;
  }
  MatchAuditor auditor(*game.log.kind, keep_going);
  bool malformed = false;
  for (const AnyEvent& e : game.log.events) {
    auditor.Add(e);
    malformed = malformed || e.malformed.has_value();
  }
  return GameVerdict{game.log.game, static_cast<int64_t>(game.log.events.size()),
                     auditor.match().Seats(), game.chain, auditor.Take(), malformed};
}

namespace {

// The database's problems: its heads against the witness, and the event
// rows that belong to no game.
std::vector<DatabaseProblem> DatabaseProblems(EventStore& store, const std::vector<GameHead>& heads,
                                              const std::optional<DatabaseHead>& witness) {
  std::vector<DatabaseProblem> problems = CheckDatabase(heads, witness);
  for (const auto& [game, rows] : store.StrayGames()) {
    problems.push_back({game, std::to_string(rows) + " event row(s) are stored under game \"" +
                                  game +
                                  "\", which has no games row: the game was renamed, "
                                  "or its rows inserted or its games row removed, behind pli's "
                                  "back"});
  }
  return problems;
}

}  // namespace

void AuditDatabase(AuditSink& sink, SqliteReader& store,
                   const std::optional<DatabaseHead>& witness) {
  const std::vector<GameHead> heads = store.GameHeads();
  sink.SetDatabase(DatabaseHeadOf(heads), DatabaseProblems(store, heads, witness));
}

void AuditStoreGames(AuditSink& sink, EventStore& store, const std::string& db,
                     const std::optional<std::string>& id, const std::optional<Head>& witness,
                     const std::optional<DatabaseHead>& db_witness) {
  const std::vector<std::string> ids = DbGameIds(store, db, id, witness.has_value());
  for (size_t i = 0; i < ids.size(); ++i) {
    sink.Progress(i, ids.size());
    sink.Add(StoredVerdict(store, ids[i], witness, sink.keep_going()));
  }
  const std::vector<GameHead> heads = store.GameHeads();
  sink.SetDatabase(DatabaseHeadOf(heads), DatabaseProblems(store, heads, db_witness));
}

void AuditScannedGames(AuditSink& sink, PostgresReader& store, const std::string& db,
                       const std::optional<std::string>& id, const std::optional<Head>& witness,
                       const std::optional<DatabaseHead>& db_witness,
                       const std::function<void(const ScannedGame&)>& observe) {
  store.InOneSnapshot([&] {
    const size_t total = DbGameIds(store, db, id, witness.has_value()).size();
    ScanScratch scratch;  // one event and one state, reused from game to game
    size_t index = 0;
    store.ScanGames(id, [&](const ScannedGame& game) {
      if (observe) observe(game);
      sink.Progress(index++, total);
      if (const std::optional<int64_t> events = AuditScannedGameFast(game, witness, scratch)) {
        sink.AddClean(std::string(game.game), *events);
        return;
      }
      sink.Add(VerdictOf(CheckStoredAnyGame(StoredGameOf(game), witness), sink.keep_going()));
    });
    const std::vector<GameHead> heads = store.GameHeads();
    sink.SetDatabase(DatabaseHeadOf(heads), DatabaseProblems(store, heads, db_witness));
  });
}

void AuditDbGames(AuditSink& sink, const std::string& db, const std::optional<std::string>& id,
                  const std::optional<Head>& witness,
                  const std::optional<DatabaseHead>& db_witness, int jobs) {
  if (IsPostgresUri(db)) {
    return AuditScannedGames(sink, *OpenPostgresReader(db), db, id, witness, db_witness);
  }
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(db);
  // One snapshot for the whole audit, on every connection: the games
  // listed, the file's check, every game's rows and the database's heads,
  // whatever a writer commits meanwhile.
  const auto audit = [&](const std::vector<SqliteReader*>& scanners) {
    const std::vector<std::string> ids = DbGameIds(*store, db, id, witness.has_value());
    // SQLite's own check first: a damaged page may also hide rows from the
    // games' checks, and a damaged index may answer lookups wrongly. With
    // scanners, it runs while they scan (the sink still gets it first).
    AuditSqliteGames(sink, *store, ids, id, witness, scanners,
                     [&] { sink.SetDatabaseCheck(db, store->CheckFile()); });
    AuditDatabase(sink, *store, db_witness);
  };
  if (jobs > 1 && !id && InSharedSnapshot(*store, jobs, audit)) return;
  store->InOneSnapshot([&] { audit({}); });
}

void AuditSqliteGames(AuditSink& sink, SqliteReader& store, const std::vector<std::string>& ids,
                      const std::optional<std::string>& id, const std::optional<Head>& witness,
                      const std::vector<SqliteReader*>& scanners,
                      const std::function<void()>& before) {
  ScanScratch scratch;  // one event and one state, reused from game to game
  // Scanners share the games, one at least each; else one thread.
  const bool parallel = !id && scanners.size() >= 2 && ids.size() >= scanners.size();
  if (!parallel && before) before();
  if (id) {  // one game (--game): its rows alone, by their key
    for (size_t i = 0; i < ids.size(); ++i) {
      sink.Progress(i, ids.size());
      AuditDbGame(sink, store, ids[i], witness, scratch);
    }
    return;
  }
  // Every game: one pass over the tables in key order (ScanGames), each
  // game's result kept until those created before it are handed over, so
  // the sink gets them in creation order as before; a game with anything
  // to report goes to the detailed path when its turn comes.
  constexpr int64_t kPending = -1, kDetailed = -2;
  std::unordered_map<std::string_view, size_t> index;
  index.reserve(ids.size());
  for (size_t i = 0; i < ids.size(); ++i) index.emplace(ids[i], i);
  std::vector<int64_t> results(ids.size(), kPending);
  size_t next = 0;  // the first game not handed over yet
  const auto hand_over = [&](size_t i) {
    sink.Progress(i, ids.size());
    if (results[i] >= 0) return sink.AddClean(ids[i], results[i]);
    if (results[i] == kPending) return AuditDbGame(sink, store, ids[i], witness, scratch);
    sink.Add(StoredVerdict(store, ids[i], witness, sink.keep_going()));
  };
  if (!parallel) {
    AuditStoredGamesFast(store, witness, scratch,
                         [&](std::string_view game, std::optional<int64_t> events) {
                           const auto it = index.find(game);
                           if (it == index.end()) return;  // listed in another snapshot
                           results[it->second] = events ? *events : kDetailed;
                           for (; next < ids.size() && results[next] != kPending; ++next) {
                             hand_over(next);
                           }
                         });
    // A game listed that the scan did not see (only when the list came
    // from another snapshot): on its own.
    for (; next < ids.size(); ++next) hand_over(next);
    return;
  }
  // Several scanners, one thread each, on ranges of about as many games
  // in key order; this thread hands the results over in creation order as
  // they come, and takes the detailed path on `store` (the same snapshot).
  std::vector<std::string_view> sorted(ids.begin(), ids.end());
  std::sort(sorted.begin(), sorted.end());
  const size_t jobs = scanners.size();
  std::mutex mutex;
  std::condition_variable changed;
  size_t running = jobs;
  std::exception_ptr failed;
  std::vector<std::thread> threads;
  for (size_t k = 0; k < jobs; ++k) {
    std::string from = k == 0 ? std::string() : std::string(sorted[k * ids.size() / jobs]);
    std::optional<std::string> to;
    if (k + 1 < jobs) to = std::string(sorted[(k + 1) * ids.size() / jobs]);
    threads.emplace_back([&, k, from = std::move(from), to = std::move(to)] {
      try {
        ScanScratch own;
        AuditStoredGamesFast(
            *scanners[k], witness, own,
            [&](std::string_view game, std::optional<int64_t> events) {
              const auto it = index.find(game);
              if (it == index.end()) return;
              {
                const std::lock_guard<std::mutex> lock(mutex);
                results[it->second] = events ? *events : kDetailed;
              }
              changed.notify_one();
            },
            from, to);
      } catch (...) {
        const std::lock_guard<std::mutex> lock(mutex);
        if (!failed) failed = std::current_exception();
      }
      {
        const std::lock_guard<std::mutex> lock(mutex);
        --running;
      }
      changed.notify_one();
    });
  }
  std::exception_ptr error;
  try {
    if (before) before();
    for (; next < ids.size(); ++next) {
      {
        std::unique_lock<std::mutex> lock(mutex);
        changed.wait(lock, [&] { return results[next] != kPending || running == 0 || failed; });
        if (failed) break;
      }
      hand_over(next);  // its result is final once seen under the lock
    }
  } catch (...) {
    error = std::current_exception();
  }
  for (std::thread& t : threads) t.join();
  if (error) std::rethrow_exception(error);
  if (failed) std::rethrow_exception(failed);
}

int DefaultAuditJobs() {
  cpu_set_t cpus;
  CPU_ZERO(&cpus);
  if (sched_getaffinity(0, sizeof cpus, &cpus) != 0) return 1;
  return std::clamp(CPU_COUNT(&cpus), 1, 4);
}

void AuditDbGame(AuditSink& sink, SqliteReader& store, const std::string& game,
                 const std::optional<Head>& witness, ScanScratch& scratch) {
  if (const std::optional<int64_t> events = AuditStoredGameFast(store, game, witness, scratch)) {
    sink.AddClean(game, *events);
    return;
  }
  sink.Add(StoredVerdict(store, game, witness, sink.keep_going()));
}

namespace {

// The game of a log being audited as it is read (AuditFileGames), of any
// game.
class FileGameAuditor {
 public:
  FileGameAuditor(std::string game, const Game& kind, bool judged, bool keep_going,
                  int64_t witness_seq)
      : judged_(judged), witness_seq_(witness_seq), auditor_(kind, keep_going) {
    verdict_.game = std::move(game);
  }

  // Judges the next event of the game; its body and hash are moved out.
  void Add(AnyLogItem& item) {
    ++verdict_.events;
    if (judged_) {
      verdict_.malformed = verdict_.malformed || item.event.malformed.has_value();
      auditor_.Add(item.event);
      if (verdict_.events == 1) verdict_.seats = auditor_.match().Seats();
      chain_.Add(std::move(item.event.body), item.hash);
    }
    if (witness_seq_ == verdict_.events) witness_hash_ = item.hash;
    last_hash_ = std::move(item.hash);
  }

  bool judged() const { return judged_; }
  const std::string& game() const { return verdict_.game; }
  // The hash written on its event --head's seq ("" when none).
  const std::string& witness_hash() const { return witness_hash_; }
  FileGameTail Tail() const { return FileGameTail{verdict_.game, verdict_.events, last_hash_}; }
  GameVerdict Finish() {
    verdict_.chain = chain_.Finish();
    verdict_.findings = auditor_.Take();
    return std::move(verdict_);
  }

 private:
  bool judged_;
  int64_t witness_seq_;
  GameVerdict verdict_;
  FileChainChecker chain_;
  MatchAuditor auditor_;
  std::string witness_hash_;
  std::string last_hash_;
};

}  // namespace

void AuditFileGames(AuditSink& sink, const std::string& source,
                    const std::optional<std::string>& id, const Witness& witness) {
  std::vector<GameVerdict> verdicts;  // of the games judged, in file order
  std::vector<std::string> ids;       // of every game, for --game's messages
  std::vector<FileGameTail> tails;    // of every game, for a database head
  std::optional<FileGameAuditor> current;
  std::vector<std::string> witness_hashes;  // of the games judged, for a game head
  const auto close = [&] {
    if (!current) return;
    if (witness.database) tails.push_back(current->Tail());
    if (current->judged()) {
      witness_hashes.push_back(current->witness_hash());
      verdicts.push_back(current->Finish());
    }
    current.reset();
  };
  const int64_t witness_seq = witness.game ? witness.game->seq : 0;
  ReadAnySourceEvents(source, [&](AnyLogItem& item) {
    if (item.opens) {
      close();
      ids.push_back(item.game);
      current.emplace(item.game, *item.kind, !id || *id == item.game, sink.keep_going(),
                      witness_seq);
    }
    current->Add(item);
  });
  close();
  if (witness.database) {  // over every game of the file, in its order
    std::string why;
    const auto heads = FileGameHeads(tails, why);
    if (!heads) {
      throw std::runtime_error(SourceLabel(source) + ": " + why +
                               ": a database head is checked against an export with hashes "
                               "(pli export)");
    }
    sink.SetDatabase(DatabaseHeadOf(*heads), CheckDatabase(*heads, witness.database));
  }
  if (id || witness.game) {  // keep --game's (or the only game), which must be there
    if (!id && ids.size() > 1) {
      throw std::runtime_error("--head SEQ:HASH belongs to one game, and " + SourceLabel(source) +
                               " holds " + std::to_string(ids.size()) +
                               " games: choose it with --game ID");
    }
    SelectGameIndex(ids, id, source);
  }
  for (size_t i = 0; i < verdicts.size(); ++i) {
    if (witness.game) {
      CheckFileWitness(verdicts[i].events, witness_hashes[i], *witness.game, verdicts[i].chain);
    }
    sink.Add(verdicts[i]);
  }
}

}  // namespace pli
