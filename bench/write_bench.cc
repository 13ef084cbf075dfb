// write_bench.cc: measurement 5, durable writes. A single-event submit
// (through a Referee, which keeps the game's state from one submit to the
// next, as a long-running referee does) against a raw BEGIN IMMEDIATE,
// INSERT, COMMIT of the same row with the same pragmas (synchronous=FULL,
// WAL), and a batched Import against a raw batched INSERT of the same
// games' rows.
#include <memory>

#include "bench/harness.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "bench/store_ops.h"
#include "games/president/referee/referee.h"
#include "referee/sqlite_store.h"

namespace pli::bench {
namespace {

constexpr size_t kPrefix = 200;  // events of the game already stored

// A game of at least `events` events.
GameLog LongGame(Rng& rng, size_t events) {
  for (;;) {
    GameLog g = RandomGame(rng, "live");
    if (g.events.size() >= events) return g;
  }
}

// A pli database holding the first kPrefix events of `game`.
void MakePrefixDb(const std::string& path, const GameLog& game) {
  RemoveDb(path);
  GameLog prefix = game;
  prefix.events.resize(kPrefix);
  std::unique_ptr<EventStore> store = OpenSqliteStore(path, OpenMode::kCreate);
  if (!Import(*store, {prefix}, false).ok) std::abort();
}

// The same rows in a table of pli's columns with no trigger and no games table.
void MakePlainDb(const std::string& path, const std::vector<RawRow>& rows, const std::string& game) {
  RemoveDb(path);
  sqlite3* db = nullptr;
  sqlite3_open(path.c_str(), &db);
  sqlite3_exec(db,
               "CREATE TABLE events (game TEXT NOT NULL, seq INTEGER NOT NULL, type INTEGER NOT "
               "NULL, seat INTEGER, id TEXT, cards TEXT NOT NULL, body BLOB NOT NULL, hash BLOB "
               "NOT NULL, prev BLOB NOT NULL, declaration TEXT, recipient INTEGER, at TEXT, "
               "seed INTEGER, "
               "PRIMARY KEY (game, seq), UNIQUE (game, id)) STRICT, "
               "WITHOUT ROWID",
               nullptr, nullptr, nullptr);
  sqlite3_close(db);
  RawDb raw(path, false);
  raw.Exec("BEGIN");
  for (size_t i = 0; i < kPrefix; ++i) raw.InsertEvent(game, rows[i]);
  raw.Exec("COMMIT");
}

// Median of the per-event ratios a[i] / b[i].
double PairedRatio(const std::vector<double>& a, const std::vector<double>& b) {
  std::vector<double> q;
  for (size_t i = 0; i < a.size() && i < b.size(); ++i) q.push_back(a[i] / b[i]);
  return Median(q);
}

void MeasureSubmit(const Config& c, Report& r) {
  Rng rng(5);
  const int n = c.quick ? 30 : 120;
  const GameLog game = LongGame(rng, kPrefix + static_cast<size_t>(n));
  const std::vector<RawRow> rows = RowsOf(game);
  const std::string a = c.dir + "/submit.db", o = c.dir + "/submit-once.db";
  const std::string b = c.dir + "/raw.db", p = c.dir + "/plain.db";
  MakePrefixDb(a, game);
  MakePrefixDb(o, game);
  MakePrefixDb(b, game);
  MakePlainDb(p, rows, game.game);
  std::unique_ptr<EventStore> store = OpenSqliteStore(a, OpenMode::kReadWrite);
  std::unique_ptr<EventStore> once = OpenSqliteStore(o, OpenMode::kReadWrite);
  Referee referee(*store);  // as a long-running referee (pli simulate) submits
  RawDb raw(b, true), plain(p, false);
  std::vector<double> submit, folded, insert, bare;
  for (int i = 0; i < n; ++i) {
    const size_t k = kPrefix + static_cast<size_t>(i);
    const RawRow& row = rows[k];
    const auto expect = static_cast<int64_t>(k);
    auto one = [&](RawDb& db) {
      return TimeOnce([&] {
        db.Exec("BEGIN IMMEDIATE");
        db.InsertEvent(game.game, row);
        db.Exec("COMMIT");
      });
    };
    auto submit_one = [&](auto&& submit_fn) {
      return TimeOnce([&] {
        SubmitResult s = submit_fn();
        if (s.outcome != Outcome::kAccepted || s.hash != row.hash) std::abort();
      });
    };
    auto cached = [&] { return referee.Submit(game.game, game.events[k], expect); };
    auto one_shot = [&] { return Submit(*once, game.game, game.events[k], expect); };
    // The four in turn, each first as often as the others.
    for (int j = 0; j < 4; ++j) {
      switch ((i + j) % 4) {
        case 0: submit.push_back(submit_one(cached)); break;
        case 1: folded.push_back(submit_one(one_shot)); break;
        case 2: insert.push_back(one(raw)); break;
        default: bare.push_back(one(plain)); break;
      }
    }
  }
  const double ratio = PairedRatio(submit, insert);
  r.Add({"5a", "durable single-event Submit (synchronous=FULL, WAL), long-running Referee",
         Duration(Median(submit)),
         "raw BEGIN IMMEDIATE, INSERT, COMMIT of the same row into pli's schema: " +
             Duration(Median(insert)),
         Ratio(ratio), "≤ 1.1×", Verdict(ratio <= 1.1)});
  r.Add({"5b", "the same raw INSERT into a table of pli's columns with no triggers",
         Duration(Median(bare)), "the raw INSERT into pli's schema",
         Ratio(PairedRatio(bare, insert)), "", ""});
  r.Add({"5d", "one-shot Submit, reading and folding the game in the transaction (as pli play)",
         Duration(Median(folded)), "the raw INSERT into pli's schema",
         Ratio(PairedRatio(folded, insert)), "", ""});
  r.Note("5: " + std::to_string(n) + " events submitted one by one to a game already " +
         std::to_string(kPrefix) +
         " events long, each submit next to the raw inserts, in rotating order; ratios: median "
         "of the per-event ratios");
}

void MeasureImport(const Config& c, Report& r) {
  Rng rng(6);
  int64_t events = 0;
  const std::vector<GameLog> games = RandomGames(rng, "i", c.quick ? 30 : 150, &events);
  std::vector<std::vector<RawRow>> rows;
  for (const GameLog& g : games) rows.push_back(RowsOf(g));
  const std::string a = c.dir + "/import.db", b = c.dir + "/import-raw.db";
  std::vector<double> imported, inserted, q;
  for (int rep = 0; rep < (c.quick ? 2 : 5); ++rep) {
    RemoveDb(a);
    RemoveDb(b);
    OpenSqliteStore(b, OpenMode::kCreate);  // pli's schema, then closed
    std::unique_ptr<EventStore> store = OpenSqliteStore(a, OpenMode::kCreate);
    RawDb raw(b, true);
    imported.push_back(TimeOnce([&] {
      if (!Import(*store, games, false).ok) std::abort();
    }));
    inserted.push_back(TimeOnce([&] {
      raw.Exec("BEGIN IMMEDIATE");
      for (size_t i = 0; i < games.size(); ++i) {
        raw.InsertGame(games[i].game, games[i]);
        for (const RawRow& row : rows[i]) raw.InsertEvent(games[i].game, row);
      }
      raw.Exec("COMMIT");
    }));
    q.push_back(inserted.back() / imported.back());
  }
  const double e = static_cast<double>(events);
  r.Add({"5c", "batched Import (validate, encode, chain, insert; one transaction)",
         Count(e / Median(imported)) + " events/s",
         "raw batched INSERT of the same rows: " + Count(e / Median(inserted)) + " events/s",
         Ratio(Median(q)), "≥ 0.8×", Verdict(Median(q) >= 0.8)});
  r.Note("5: Import of " + std::to_string(games.size()) + " games, " + Count(e) +
         " events, into a new database, " + std::to_string(imported.size()) +
         " repetitions; the raw rows (encoding, hashes, columns) computed ahead");
}

}  // namespace

void MeasureWrites(const Config& c, Report& r) {
  MeasureSubmit(c, r);
  MeasureImport(c, r);
}

}  // namespace pli::bench
