// sk_audit_bench.cc: measurement 9 (issue 14), the audit of an archive of
// Skull King games from SQLite against a bare scan of the same rows: the
// counterpart of measurement 3.
//
// The archive (build-bench/data/sk-events-1m.db, made once and reused) holds
// random legal games of the three presets, as a live table writes them:
// 2 to 8 seats (original 2 to 6), deals by Skull King's seeded shuffle
// (DealFromSeed of games/skull_king/bots), bids and plays picked uniformly among
// LegalActions, every event stamped with `at`, every deal, bid and play
// with a client `id`; half of the games are played to the end of their 10
// manches, the others closed by an `end` event after 1 to 9. They are
// written by pli::Import, which judges each game through the game
// interface first.
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "bench/harness.h"
#include "bench/process.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "bench/store_ops.h"
#include "games/skull_king/bots/bot.h"
#include "games/skull_king/rules/options.h"
#include "games/skull_king/rules/rules.h"
#include "games/game.h"
#include "referee/chain.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/audit.h"
#include "replay/chain_check.h"
#include "replay/stored_scan.h"
#include "games/skull_king/wire/event_codec.h"

namespace pli::bench {
namespace {

[[noreturn]] void Die(const std::string& what) {
  std::fprintf(stderr, "pli_bench: skull king audit: %s\n", what.c_str());
  std::abort();
}

constexpr const char* kRulesets[] = {"skull-king", "skull-king-official", "skull-king-original"};
constexpr const char* kNames[] = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hana"};

// A live table's clock: RFC 3339 times a few seconds apart.
std::string Tick(Rng& rng, int64_t& seconds) {
  seconds += 1 + rng.Below(20);
  const int s = static_cast<int>(seconds % (28 * 86400));
  char text[32];
  std::snprintf(text, sizeof text, "2026-11-%02dT%02d:%02d:%02dZ", 1 + s / 86400, s / 3600 % 24,
                s / 60 % 60, s % 60);
  return text;
}

int ActingSeat(const sk::Event& e) {
  if (const auto* b = std::get_if<sk::BidEvent>(&e)) return b->seat;
  if (const auto* p = std::get_if<sk::PlayEvent>(&e)) return p->seat;
  return -1;
}

// One random legal Skull King game with this id, as stored events.
AnyGameLog SkRandomGame(Rng& rng, const std::string& id) {
  const std::string ruleset = kRulesets[rng.Below(3)];
  const auto [lo, hi] = sk::SeatRange(ruleset);
  const int seats = lo + rng.Below(hi - lo + 1);
  const int manches = rng.Below(2) == 0 ? sk::kManches : 1 + rng.Below(sk::kManches - 1);
  AnyGameLog log;
  log.game = id;
  log.kind = FindGame(ruleset);
  sk::State state;
  int64_t clock = rng.Below(20 * 3600);
  const auto record = [&](sk::Event event) {
    sk::EventLine line{.event = std::move(event), .seq = std::nullopt, .id = std::nullopt,
                       .at = Tick(rng, clock)};
    if (!std::holds_alternative<sk::GameEvent>(line.event)) {
      char key[32];
      std::snprintf(key, sizeof key, "c%d-%05zu", ActingSeat(line.event) + 1, log.events.size());
      line.id = key;
    }
    if (sk::Decide(state, line.event)) Die("the generator made an illegal event");
    sk::ApplyInPlace(state, line.event);
    AnyEvent any;
    any.type = static_cast<uint8_t>(sk::TypeOf(line.event));
    any.seat = ActingSeat(line.event);
    any.id = line.id;
    any.body = sk::EncodeEvent(line);
    log.events.push_back(std::move(any));
  };
  sk::GameEvent g;
  g.game = id;
  g.ruleset = ruleset;
  for (int i = 0; i < seats; ++i) g.seats.push_back(kNames[i]);
  record(sk::Event{std::move(g)});
  std::vector<sk::LegalAction> listed;
  while (state.phase != sk::Phase::kGameOver) {
    if (state.phase == sk::Phase::kMancheOver || state.manche == 0) {
      if (state.manche == manches) {
        record(sk::Event{sk::EndEvent{}});
        break;
      }
      record(sk::Event{sk::DealFromSeed(state.options, state.seats, state.manche + 1, rng.Next())});
      continue;
    }
    sk::LegalActions(state, listed);
    if (listed.empty()) Die("nothing legal while a manche is on");
    record(sk::ToEvent(listed[rng.Below(static_cast<int>(listed.size()))]));
  }
  return log;
}

// Creates the archive of at least `events` events unless `path` exists
// (MakeArchive: written under a temporary name, renamed when complete).
void MakeSkDb(const std::string& path, int64_t events, uint64_t seed) {
  Rng rng(seed);
  MakeArchive(path, events, "Skull King events", [&](EventStore& store, int first) {
    std::vector<AnyGameLog> batch;
    for (int next = first; next < first + 200; ++next) {
      char id[16];
      std::snprintf(id, sizeof id, "k%06d", next);
      batch.push_back(SkRandomGame(rng, id));
    }
    ImportResult r = Import(store, batch, false);
    if (!r.ok) Die("import refused: " + r.message);
    return r.events;
  });
}

// What `pli audit --db` does, in process (AuditSqliteGames in one
// snapshot: one pass over every game's rows in key order, the detailed path
// for a game with anything to report), without SQLite's integrity_check
// and the database head, as 3a.
int64_t AuditSkDb(const std::string& path) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  CleanSink sink;
  store->InOneSnapshot(
      [&] { AuditSqliteGames(sink, *store, store->Games(), std::nullopt, std::nullopt); });
  return sink.events;
}

// The detailed path alone (Read, CheckStoredAnyGame, VerdictOf), which
// every Skull King game took before the one pass covered any game.
int64_t AuditSkDbDetailed(const std::string& path) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  CleanSink sink;
  for (const std::string& game : store->Games()) {
    sink.Add(VerdictOf(CheckStoredAnyGame(*store->Read(game), std::nullopt), false));
  }
  return sink.events;
}

// Touches a row's columns and, with `chain`, checks its link as the audit
// checks it (seq, prev, and the SHA-256 of ChainHash against its hash
// column): what a chain check alone must add.
class FloorRows {
 public:
  explicit FloorRows(bool chain) : chain_(chain) {}
  void Start() {
    last_ = 0;
    prev_ = kGenesis;
  }
  bool Row(const StoredRowView& row) {
    ++rows;
    touched += static_cast<uint64_t>(row.seq + row.type + row.seat) + row.body.size() +
               row.cards.size() + (row.id ? row.id->size() : 0) + (row.at ? row.at->size() : 0) +
               row.hash[0];
    if (chain_) {
      sound = sound && row.seq == last_ + 1 && row.prev == prev_ &&
              ChainHash(prev_, row.seq, row.body) == row.hash;
      prev_ = row.hash;
      last_ = row.seq;
    }
    return true;
  }
  int64_t rows = 0;
  uint64_t touched = 0;
  bool sound = true;

 private:
  bool chain_;
  int64_t last_ = 0;
  Hash prev_ = kGenesis;
};

// The floor of any audit of these rows as `pli audit --db` reads them: the
// audit's own scan (SqliteReader::ScanGames: every game's rows in key order,
// the twelve columns of each row the audit compares, and the games rows),
// each row's view touched and nothing checked; with `chain`, each row's
// link checked too.
int64_t ScanSkDb(const std::string& path, bool chain) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  struct Visitor final : GameRowsVisitor {
    explicit Visitor(bool chain) : floor(chain) {}
    void Start(std::string_view) override { floor.Start(); }
    bool Row(const StoredRowView& row) override { return floor.Row(row); }
    void Finish(std::string_view game, const GameRow&) override {
      if (!floor.sound) Die("a broken chain in " + std::string(game));
    }
    FloorRows floor;
  } visit(chain);
  store->ScanGames(visit);
  KeepAlive(visit.floor.touched);
  return visit.floor.rows;
}

// The scan the audit made before, per game (SqliteReader::ScanRows: a read
// transaction, the games row and an index seek per game, then the twelve
// columns of each row), nothing checked.
int64_t ScanSkDbPerGame(const std::string& path) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  FloorRows floor(false);
  for (const std::string& game : store->Games()) {
    floor.Start();
    store->ScanRows(game, [&](const StoredRowView& row) { return floor.Row(row); });
  }
  KeepAlive(floor.touched);
  return floor.rows;
}

}  // namespace

void MeasureSkullKingAudit(const Config& c, Report& r) {
  const std::string path = c.dir + "/sk-events-1m.db";
  MakeSkDb(path, c.small_db, 9);
  const int reps = c.quick ? 1 : 5;
  int64_t audited = 0, scanned = 0;
  const Paired t = TimePaired(
      reps, [&] { audited = AuditSkDb(path); }, [&] { scanned = BareScan(path, false); });
  if (audited != scanned) Die("the audit and the scan saw different rows");
  const double audit_rate = static_cast<double>(audited) / t.subject;
  r.Add({"9a", "Skull King: audit from SQLite, in process, as `pli audit --db` (chain check "
               "with SHA-256, decode, columns, Match steps)",
         Count(audit_rate) + " events/s",
         "bare `SELECT game, seq, body, hash FROM events`: " +
             Count(static_cast<double>(scanned) / t.reference) + " rows/s",
         Ratio(1 / t.ratio) + " of the scan", "≥ 0.5× the scan",
         Verdict(1 / t.ratio >= 0.5)});
  const Paired d = TimePaired(
      reps, [&] { KeepAlive(AuditSkDbDetailed(path)); }, [&] { KeepAlive(AuditSkDb(path)); });
  r.Add({"9b", "Skull King: the detailed path (Read, CheckStoredAnyGame, a Match per game), "
               "taken for a game with something to report",
         Count(static_cast<double>(audited) / d.subject) + " events/s",
         "the audit of 9a: " + Count(static_cast<double>(audited) / d.reference) + " events/s",
         Ratio(1 / d.ratio) + " of 9a", "", ""});
  // The floor: what the audit must read (9d) and hash (9e) before it
  // decodes or judges anything, against the same bare scan.
  int64_t floor_rows = 0;
  const Paired f = TimePaired(
      reps, [&] { floor_rows = ScanSkDb(path, false); }, [&] { KeepAlive(BareScan(path, false)); });
  if (floor_rows != scanned) {
    Die("the audit's scan and the bare scan saw different rows: " + std::to_string(floor_rows) +
        " and " + std::to_string(scanned));
  }
  r.Add({"9d", "Skull King: the audit's own scan alone (ScanGames: every game's rows in key "
               "order, the twelve columns of every row the audit compares, and the games rows), "
               "nothing checked",
         Count(static_cast<double>(scanned) / f.subject) + " rows/s",
         "the bare scan of 9a: " + Count(static_cast<double>(scanned) / f.reference) + " rows/s",
         Ratio(1 / f.ratio) + " of the scan", "", ""});
  const Paired h = TimePaired(
      reps, [&] { KeepAlive(ScanSkDb(path, true)); }, [&] { KeepAlive(BareScan(path, false)); });
  r.Add({"9e", "Skull King: 9d and the chain check of each row (seq, prev, SHA-256 against the "
               "hash column): the floor of any audit of these rows",
         Count(static_cast<double>(scanned) / h.subject) + " rows/s",
         "the bare scan of 9a: " + Count(static_cast<double>(scanned) / h.reference) + " rows/s",
         Ratio(1 / h.ratio) + " of the scan", "", ""});
  // The same audit by two threads (`pli audit --jobs 2`): run pinned to
  // two cores (taskset -c 0,1) for it to mean anything; the reference is
  // the same one-thread bare scan.
  int64_t parallel = 0;
  const Paired j = TimePaired(
      reps, [&] { parallel = AuditDbParallel(path, 2); }, [&] { KeepAlive(BareScan(path, false)); });
  if (parallel != scanned) Die("the parallel audit and the scan saw different rows");
  r.Add({"9g", "Skull King: the audit of 9a by two threads (`pli audit --db --jobs 2`: each scans "
               "half the games on its own connection, one snapshot shared; needs two cores)",
         Count(static_cast<double>(parallel) / j.subject) + " events/s",
         "the one-thread bare scan of 9a: " + Count(static_cast<double>(scanned) / j.reference) +
             " rows/s",
         Ratio(1 / j.ratio) + " of the scan", "≥ 0.5× the scan", Verdict(1 / j.ratio >= 0.5)});
  const Paired g = TimePaired(
      reps, [&] { KeepAlive(ScanSkDbPerGame(path)); }, [&] { KeepAlive(BareScan(path, false)); });
  r.Add({"9f", "Skull King: the audit's scan before (ScanRows per game: a read transaction, the "
               "games row and a seek per game, then the twelve columns), nothing checked",
         Count(static_cast<double>(scanned) / g.subject) + " rows/s",
         "the bare scan of 9a: " + Count(static_cast<double>(scanned) / g.reference) + " rows/s",
         Ratio(1 / g.ratio) + " of the scan", "", ""});
  const ProcessRun p = RunProcess({c.pli, "audit", "--db", path}, true);
  r.Add({"9c", "Skull King: `pli audit --db` on the same database, the whole command",
         Count(static_cast<double>(audited) / p.seconds) + " events/s (" + Duration(p.seconds) +
             ")",
         "", "", "", p.status == 0 ? "" : "exit " + std::to_string(p.status)});
  r.Note("9: " + Count(static_cast<double>(scanned)) + " Skull King events in " +
         std::to_string(GameHeads(path).size()) +
         " random legal games (the three presets, 2 to 8 seats, half played to the end, half "
         "closed by an end event; every event with `at`, every action and deal with an `id`); " +
         std::to_string(reps) + " repetition(s) each, alternating; the page cache is warm");
}

}  // namespace pli::bench
