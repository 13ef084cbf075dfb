// store_bench.cc: measurements 3 (audit from SQLite against a bare scan),
// 4 (a game's state at an event) and 6 (peak memory of `pli audit --db`).
#include <algorithm>
#include <cstdlib>
#include <memory>
#include <optional>

#include "bench/harness.h"
#include "bench/process.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "bench/store_ops.h"
#include "referee/sqlite_store.h"
#include "games/president/replay/chain_check.h"
#include "games/president/replay/stored_scan.h"
#include "replay/stored_scan.h"

namespace pli::bench {
namespace {

std::string SmallDb(const Config& c) {
  const std::string path = c.dir + "/events-1m.db";
  MakeDb(path, c.small_db, 1);
  return path;
}

std::string Mb(int64_t kb) { return Count(static_cast<double>(kb) / 1024) + " MB"; }

// What `pli state --db F --game G --at N` does once the store is open
// (games/president/replay/source.h LoadDbGame): the game read and checked in one pass over its
// rows, then folded.
int64_t StateAt(SqliteReader& store, const std::string& game, int64_t at) {
  std::optional<GameLog> log = LoadStoredGameFast(store, game);
  if (!log) std::abort();  // every game of the benchmark's database is sound
  const State state = FoldTo(log->events, at);
  return state.seq;
}

struct Query {
  std::string game;
  int64_t at = 0;
};

// Random (game, event) pairs, and the last event of the longest game.
std::vector<Query> Queries(const std::string& path, int n) {
  const auto games = GameHeads(path);
  Rng rng(11);
  std::vector<Query> qs;
  for (int i = 0; i < n; ++i) {
    const auto& [game, head] = games[rng.Below(static_cast<int>(games.size()))];
    qs.push_back({game, 1 + rng.Below(static_cast<int>(head))});
  }
  const auto longest = std::max_element(games.begin(), games.end(),
                                        [](const auto& a, const auto& b) { return a.second < b.second; });
  qs.push_back({longest->first, longest->second});
  return qs;
}

// The p-th fraction of the sorted times (0.9: the 90th percentile).
double Percentile(std::vector<double> t, double p) {
  std::sort(t.begin(), t.end());
  return t.empty() ? 0 : t[static_cast<size_t>(p * static_cast<double>(t.size() - 1))];
}

void StateInProcess(const Config& c, const std::string& path, const std::vector<Query>& qs,
                    Report& r) {
  std::unique_ptr<SqliteReader> store = OpenSqliteReader(path);
  std::vector<double> folded, read, opened, longest;
  for (const Query& q : qs) {
    folded.push_back(TimeOnce([&] { KeepAlive(StateAt(*store, q.game, q.at)); }));
    read.push_back(TimeOnce([&] { KeepAlive(store->Read(q.game)->events.size()); }));
    opened.push_back(TimeOnce([&] {
      std::unique_ptr<SqliteReader> s = OpenSqliteReader(path);
      KeepAlive(StateAt(*s, q.game, q.at));
    }));
  }
  const Query& worst = qs.back();  // the last event of the longest game
  for (int i = 0; i < (c.quick ? 5 : 21); ++i)
    longest.push_back(TimeOnce([&] { KeepAlive(StateAt(*store, worst.game, worst.at)); }));
  const double typical = Median(folded), slowest = Median(longest);
  r.Add({"4a", "state at an event, in process, store open (rows checked and decoded in one pass, FoldTo)",
         Duration(typical) + " median, " + Duration(Percentile(folded, 0.9)) + " p90; longest game: " +
             Duration(slowest),
         "Read of the game's rows alone: " + Duration(Median(read)) + " median",
         Ratio(typical / Median(read)), "< 1 ms", Verdict(typical < 1e-3 && slowest < 1e-3)});
  r.Add({"4b", "the same, opening the database first",
         Duration(Median(opened)) + " median, " + Duration(Percentile(opened, 0.9)) + " p90", "", "",
         "", ""});
}

void StateProcess(const Config& c, const std::string& path, const std::vector<Query>& qs,
                  Report& r) {
  std::vector<double> state, help;
  const int runs = c.quick ? 10 : 40;
  for (int i = 0; i < runs; ++i) {
    const Query& q = qs[static_cast<size_t>(i) % qs.size()];
    ProcessRun s = RunProcess({c.pli, "state", "--db", path, "--game", q.game, "--at",
                               std::to_string(q.at)});
    if (s.status != 0) r.Note("4: pli state exited with " + std::to_string(s.status));
    state.push_back(s.seconds);
    help.push_back(RunProcess({c.pli, "--help"}).seconds);
  }
  r.Add({"4c", "`pli state --db F --game G --at N`, the whole command",
         Duration(Median(state)) + " median, " + Duration(Percentile(state, 0.9)) + " p90",
         "`pli --help` (process start): " + Duration(Median(help)) + " median",
         Ratio(Median(state) / Median(help)), "< 20 ms", Verdict(Median(state) < 20e-3)});
}

}  // namespace

void MeasureAudit(const Config& c, Report& r) {
  const std::string path = SmallDb(c);
  const int reps = c.quick ? 1 : 5;
  int64_t audited = 0, scanned = 0, hashed = 0;
  const Paired t = TimePaired(
      reps, [&] { audited = AuditDb(path); }, [&] { scanned = BareScan(path, false); });
  const double hash_t = TimeMedian(reps, [&] { hashed = ScanAndHash(path); });
  const double audit_rate = static_cast<double>(audited) / t.subject;
  const double scan_rate = static_cast<double>(scanned) / t.reference;
  r.Add({"3a", "audit from SQLite, in process, as `pli audit --db` (one pass over the rows: chain check with SHA-256, decode, columns, Decide/Apply)",
         Count(audit_rate) + " events/s",
         "bare `SELECT game, seq, body, hash FROM events`: " + Count(scan_rate) + " rows/s",
         Ratio(1 / t.ratio) + " of the scan", "≥ 0.5× the scan and ≥ 1M events/s",
         Verdict(1 / t.ratio >= 0.5 && audit_rate >= 1e6)});
  r.Add({"3b", "the bare scan plus SHA-256 of each row (the floor of a chain check)",
         Count(static_cast<double>(hashed) / hash_t) + " rows/s", "the bare scan",
         Ratio(t.reference / hash_t) + " of the scan", "", ""});
  const Paired m = TimePaired(
      reps, [&] { KeepAlive(BareScan(path, true)); }, [&] { KeepAlive(BareScan(path, false)); });
  r.Add({"3c", "the bare scan on a connection opened with SQLITE_OPEN_NOMUTEX",
         Count(static_cast<double>(scanned) / m.subject) + " rows/s",
         "the bare scan (default, serialized): " +
             Count(static_cast<double>(scanned) / m.reference) + " rows/s",
         Ratio(1 / m.ratio), "", ""});
  // pli's read-only connections skip SQLite's mutex: the audit against a
  // bare scan that does too.
  const Paired n = TimePaired(
      reps, [&] { KeepAlive(AuditDb(path)); }, [&] { KeepAlive(BareScan(path, true)); });
  r.Add({"3e", "the audit of 3a against the bare scan on a SQLITE_OPEN_NOMUTEX connection",
         Count(static_cast<double>(audited) / n.subject) + " events/s",
         "bare scan, NOMUTEX: " + Count(static_cast<double>(scanned) / n.reference) + " rows/s",
         Ratio(1 / n.ratio) + " of the scan", "", ""});
  const Paired d = TimePaired(
      reps, [&] { KeepAlive(AuditDbDetailed(path)); }, [&] { KeepAlive(AuditDb(path)); });
  r.Add({"3f", "the detailed path (Read, CheckStoredGame, AuditByPosition), taken for a game with "
               "something to report",
         Count(static_cast<double>(audited) / d.subject) + " events/s",
         "the one-pass audit of 3a: " + Count(static_cast<double>(audited) / d.reference) +
             " events/s",
         Ratio(1 / d.ratio) + " of 3a", "", ""});
  // The columns the audit must read to compare them with the body cost
  // SQLite more than the four of the reference scan.
  const Paired w = TimePaired(
      reps, [&] { KeepAlive(WideScan(path)); }, [&] { KeepAlive(BareScan(path, false)); });
  r.Add({"3g", "a bare scan of every column the audit reads (`SELECT game, seq, type, seat, id, "
               "cards, body, hash`)",
         Count(static_cast<double>(scanned) / w.subject) + " rows/s",
         "the bare scan of 3a: " + Count(static_cast<double>(scanned) / w.reference) + " rows/s",
         Ratio(1 / w.ratio) + " of the scan", "", ""});
  // The same audit by two threads (`pli audit --jobs 2`): run pinned to
  // two cores (taskset -c 0,1) for it to mean anything.
  int64_t parallel = 0;
  const Paired j = TimePaired(
      reps, [&] { parallel = AuditDbParallel(path, 2); }, [&] { KeepAlive(BareScan(path, false)); });
  if (parallel != audited) std::abort();
  r.Add({"3h", "the audit of 3a by two threads (`pli audit --db --jobs 2`: each scans half the "
               "games on its own connection, one snapshot shared; needs two cores)",
         Count(static_cast<double>(parallel) / j.subject) + " events/s",
         "the one-thread bare scan of 3a: " + Count(static_cast<double>(scanned) / j.reference) +
             " rows/s",
         Ratio(1 / j.ratio) + " of the scan", "≥ 0.5× the scan", Verdict(1 / j.ratio >= 0.5)});
  const ProcessRun p = RunProcess({c.pli, "audit", "--db", path}, true);
  r.Add({"3d", "`pli audit --db` on the same database, the whole command",
         Count(static_cast<double>(audited) / p.seconds) + " events/s (" + Duration(p.seconds) +
             ", max RSS " + Mb(p.max_rss_kb) + ")",
         "", "", "", p.status == 0 ? "" : "exit " + std::to_string(p.status)});
  r.Note("3: " + Count(static_cast<double>(scanned)) + " events in " +
         std::to_string(GameHeads(path).size()) + " games; " + std::to_string(reps) +
         " repetition(s) each, alternating; the page cache is warm for both");
}

void MeasureStateAt(const Config& c, Report& r) {
  const std::string path = SmallDb(c);
  const std::vector<Query> qs = Queries(path, c.quick ? 30 : 200);
  StateInProcess(c, path, qs, r);
  StateProcess(c, path, qs, r);
  r.Note("4: " + std::to_string(qs.size()) + " random (game, event) pairs of the " +
         Count(static_cast<double>(c.small_db)) +
         "-event database, the last event of its longest game among them (" +
         std::to_string(qs.back().at) + " events, timed apart as \"longest game\", median of " +
         std::to_string(c.quick ? 5 : 21) + "); `p90`: the 90th percentile");
}

void MeasurePeakMemory(const Config& c, Report& r) {
  const std::string path = c.dir + "/events-10m.db";
  MakeDb(path, c.large_db, 2);
  const ProcessRun p = RunProcess({c.pli, "audit", "--db", path}, true);
  const ProcessRun help = RunProcess({c.pli, "--help"}, true);
  const bool known = p.max_rss_kb > 0;
  r.Add({"6", "peak memory of `pli audit --db` on " + Count(static_cast<double>(c.large_db)) +
                  " events",
         (known ? Mb(p.max_rss_kb) : std::string("unknown (no /usr/bin/time)")) + " (" +
             Duration(p.seconds) + ")",
         "`pli --help`: " + Mb(help.max_rss_kb), "", "< 50 MB",
         p.status != 0 ? "exit " + std::to_string(p.status)
                       : known ? Verdict(p.max_rss_kb < 50 * 1024) : ""});
  r.Note("6: peak resident memory as GNU time reports it (`/usr/bin/time -f %M`), the database "
         "generated once like the 1M one");
}

}  // namespace pli::bench
