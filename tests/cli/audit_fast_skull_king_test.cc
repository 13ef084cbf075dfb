// audit_fast_skull_king_test.cc: the one pass over a SQLite store
// (replay/stored_scan.h) for a game behind the game interface, Skull King,
// whose rows are checked and stepped through its Match (Match::StepRow),
// against the detailed path it stands in for (CheckStoredAnyGame, a Match
// judging each event: VerdictOf). As audit_fast_test.cc does for Super
// Président: a database of three Skull King games, played by bots, every
// event stamped with `at` and every deal, bid and play with an id, is
// tampered with behind pli's back (bodies, each column, the chain, the
// head, the games row), and on each:
//  - the fast audit says "nothing to report" exactly when the detailed path
//    finds nothing (chain ok, no violation), with and without a witness;
//  - `pli audit --db` (AuditDbGames) prints, as text and as JSON, with and
//    without --continue, byte for byte what the detailed path alone prints.
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/audit.h"
#include "games/game.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/audit.h"
#include "replay/chain_check.h"
#include "replay/source.h"
#include "replay/stored_scan.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using pli::test::TempDir;

const pli::Game& Kind() { return *pli::FindGame("skull-king"); }

// A line with an id and a time added.
std::string Stamped(const std::string& line, const std::string& id, int n) {
  boost::json::object o = boost::json::parse(line).as_object();
  if (!id.empty()) o["id"] = id;
  o["at"] = "2026-11-26T10:" + std::to_string(10 + n / 60 % 50) + ":" +
            std::to_string(10 + n % 50) + "Z";
  return boost::json::serialize(o);
}

// A game of 4 seats played by bots for `events` events (or to its end);
// `illegal` adds, as event 12, a bid by a seat whose turn it is not (kept
// only by an import with keep_illegal).
pli::AnyGameLog BotGame(const std::string& id, uint64_t seed, int events, bool illegal) {
  pli::AnyGameLog log;
  log.game = id;
  log.kind = &Kind();
  std::unique_ptr<pli::Match> match = Kind().NewMatch();
  std::vector<std::unique_ptr<pli::BotSeat>> bots;
  for (int s = 0; s < 4; ++s) bots.push_back(Kind().MakeBot("medium", seed + s));
  const auto add = [&](const std::string& line, bool legal) {
    const int n = static_cast<int>(log.events.size());
    const pli::GameLine read =
        Kind().ReadLine(Stamped(line, n == 0 ? "" : id + "-" + std::to_string(n), n), 4);
    REQUIRE(read.well_formed);
    CHECK(match->Step(read.event).has_value() == !legal);
    log.events.push_back(read.event);
  };
  add(R"({"type":"game","game":")" + id +
          R"(","ruleset":"skull-king","seats":["Ana","Bo","Cy","Di"]})",
      true);
  int64_t deal = static_cast<int64_t>(seed) * 100;
  while (static_cast<int>(log.events.size()) < events && !match->Over()) {
    const std::vector<int> to_act = match->ToAct();
    if (illegal && log.events.size() == 11 && !to_act.empty()) {
      add(R"({"type":"bid","seat":)" + std::to_string((to_act.front() + 1) % 4) + R"(,"bid":0})",
          false);
      continue;
    }
    add(to_act.empty() ? *match->SeededDeal(++deal)
                       : *bots[to_act.front()]->Act(*match, to_act.front()),
        true);
  }
  return log;
}

const std::vector<std::string> kGames = {"k1", "k2", "k3"};

std::string Original(bool illegal) {
  static TempDir dir;
  const std::string path = (dir.path / (illegal ? "illegal.db" : "clean.db")).string();
  if (fs::exists(path)) return path;
  std::vector<pli::AnyGameLog> logs;
  for (size_t i = 0; i < kGames.size(); ++i) {
    logs.push_back(BotGame(kGames[i], 7 + 31 * i, 60 + 20 * static_cast<int>(i),
                           illegal && i == 1));
  }
  const pli::ImportResult r =
      pli::Import(*pli::OpenSqliteStore(path, pli::OpenMode::kCreate), logs, illegal);
  INFO(r.message);
  REQUIRE(r.ok);
  REQUIRE(r.kept.size() == (illegal ? 1u : 0u));
  return path;
}

std::string Tampered(const TempDir& dir, const std::string& sql) {
  const std::string copy = (dir.path / "copy.db").string();
  fs::copy_file(Original(false), copy);
  sqlite3* db = nullptr;
  REQUIRE(sqlite3_open_v2(copy.c_str(), &db, SQLITE_OPEN_READWRITE, nullptr) == SQLITE_OK);
  const std::string all =
      "DROP TRIGGER events_no_update; DROP TRIGGER events_no_delete; "
      "DROP TRIGGER games_head_only; " +
      sql;
  char* error = nullptr;
  const int rc = sqlite3_exec(db, all.c_str(), nullptr, nullptr, &error);
  INFO(sql << ": " << (error ? error : ""));
  sqlite3_free(error);
  sqlite3_close_v2(db);
  REQUIRE(rc == SQLITE_OK);
  return copy;
}

std::string Where(const std::string& game, int64_t seq) {
  return " WHERE game = '" + game + "' AND seq = " + std::to_string(seq);
}

template <typename Fn>
std::string Captured(Fn&& fn) {
  std::ostringstream out;
  std::streambuf* old = std::cout.rdbuf(out.rdbuf());
  try {
    fn();
  } catch (...) {
    std::cout.rdbuf(old);
    throw;
  }
  std::cout.rdbuf(old);
  return out.str();
}

// `pli audit --db` as it runs against the detailed path alone, for every
// output form; and each game's fast verdict against the detailed one.
void CheckAgreement(const std::string& db, const std::optional<pli::Head>& witness = std::nullopt,
                    const std::optional<std::string>& game = std::nullopt) {
  for (const bool json : {false, true}) {
    for (const bool keep_going : {false, true}) {
      INFO("json " << json << ", continue " << keep_going);
      int fast_status = -1, detailed_status = -1;
      const std::string fast = Captured([&] {
        pli::cli::AuditPrinter printer(json, keep_going);
        pli::AuditDbGames(printer, db, game, witness);
        fast_status = printer.Finish(db);
      });
      // The same by three threads, a game each (AuditSqliteGames' scanners
      // on one shared snapshot): byte for byte.
      const std::string parallel = Captured([&] {
        pli::cli::AuditPrinter printer(json, keep_going);
        pli::AuditDbGames(printer, db, game, witness, std::nullopt, 3);
        CHECK(printer.Finish(db) == fast_status);
      });
      CHECK(parallel == fast);
      const std::string detailed = Captured([&] {
        pli::cli::AuditPrinter printer(json, keep_going);
        std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
        printer.SetDatabaseCheck(db, store->CheckFile());
        for (const std::string& id : pli::DbGameIds(*store, db, game, witness.has_value())) {
          printer.Add(pli::VerdictOf(pli::CheckStoredAnyGame(*store->Read(id), witness),
                                     keep_going));
        }
        pli::AuditDatabase(printer, *store, std::nullopt);
        detailed_status = printer.Finish(db);
      });
      CHECK(fast == detailed);
      CHECK(fast_status == detailed_status);
    }
  }
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  for (const std::string& id : store->Games()) {
    if (game && *game != id) continue;
    INFO("game " << id);
    const pli::GameVerdict verdict =
        pli::VerdictOf(pli::CheckStoredAnyGame(*store->Read(id), witness), false);
    const bool clean = verdict.chain.status == pli::ChainStatus::kOk && verdict.findings.empty();
    const std::optional<int64_t> fast = pli::AuditStoredGameFast(*store, id, witness);
    CHECK(fast.has_value() == clean);
    if (fast) CHECK(*fast == verdict.events);
  }
}

// The seq of the first row of `type` at or after `from` in game k2.
int64_t RowOfType(const std::string& db, int64_t from, uint8_t type) {
  std::unique_ptr<pli::EventStore> store = pli::OpenSqliteStore(db, pli::OpenMode::kReadOnly);
  const pli::StoredGame stored = *store->Read("k2");
  for (const pli::StoredEvent& row : stored.events) {
    if (row.seq >= from && row.columns.type == type) return row.seq;
  }
  FAIL("no such row");
  return 0;
}

}  // namespace

TEST_CASE("fast audit of Skull King: a clean archive is clean on both paths, printed the same") {
  const std::string db = Original(false);
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  for (const std::string& id : kGames) CHECK(pli::AuditStoredGameFast(*store, id, std::nullopt));
  CheckAgreement(db);
  CheckAgreement(db, std::nullopt, "k2");
}

TEST_CASE("fast audit of Skull King: an illegal event kept by an import goes to the detailed path") {
  const std::string db = Original(true);
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  CHECK(pli::AuditStoredGameFast(*store, "k1", std::nullopt));
  CHECK(!pli::AuditStoredGameFast(*store, "k2", std::nullopt));
  CheckAgreement(db);
}

TEST_CASE("fast audit of Skull King: every kind of tampering goes to the detailed path") {
  const std::string db = Original(false);
  const uint8_t kDeal = 2, kPlay = 4;  // Skull King's wire tags (FORMAT.md §8)
  const int64_t k = RowOfType(db, 20, kPlay);
  const int64_t d = RowOfType(db, 10, kDeal);  // a later deal: more than one card a hand
  const std::string k_s = std::to_string(k);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"body of the next row",
       "UPDATE events SET body = (SELECT body FROM events" + Where("k2", k + 1) + ")" +
           Where("k2", k)},
      {"undecodable body", "UPDATE events SET body = x'4bff'" + Where("k2", k)},
      {"edited cards column", "UPDATE events SET cards = 'king'" + Where("k2", k)},
      {"cards column with a space more", "UPDATE events SET cards = cards || ' '" + Where("k2", k)},
      {"deal's cards column",
       "UPDATE events SET cards = replace(cards, ' | ', ' ')" + Where("k2", d)},
      {"deal's hand cards", "UPDATE events SET cards = replace(cards, ' ', '  ')" + Where("k2", d)},
      {"deal's turned card",
       "UPDATE events SET cards = replace(cards, ' | turned ', ' | ')" + Where("k2", d)},
      {"edited seat column", "UPDATE events SET seat = (seat + 1) % 4" + Where("k2", k)},
      {"seat column NULL", "UPDATE events SET seat = NULL" + Where("k2", k)},
      {"edited id column", "UPDATE events SET id = 'other'" + Where("k2", k)},
      {"id column NULL", "UPDATE events SET id = NULL" + Where("k2", k)},
      {"edited type column", "UPDATE events SET type = 3" + Where("k2", k)},
      {"declaration column set", "UPDATE events SET declaration = 'suite'" + Where("k2", k)},
      {"recipient column set", "UPDATE events SET recipient = 0" + Where("k2", k)},
      {"edited at column", "UPDATE events SET at = at || ' '" + Where("k2", k)},
      {"at column NULL", "UPDATE events SET at = NULL" + Where("k2", k)},
      {"edited seed column", "UPDATE events SET seed = seed + 1" + Where("k2", d)},
      {"seed column NULL", "UPDATE events SET seed = NULL" + Where("k2", d)},
      {"seed column on a play", "UPDATE events SET seed = 5" + Where("k2", k)},
      {"removed event", "DELETE FROM events" + Where("k2", k)},
      {"removed first event", "DELETE FROM events" + Where("k2", 1)},
      {"reordered pair", "UPDATE events SET seq = 1000000" + Where("k2", k) +
                             "; UPDATE events SET seq = " + k_s + Where("k2", k + 1) +
                             "; UPDATE events SET seq = " + std::to_string(k + 1) +
                             Where("k2", 1000000)},
      {"cut tail", "DELETE FROM events WHERE game = 'k2' AND seq > " + k_s},
      {"head moved back", "UPDATE games SET head_seq = head_seq - 1 WHERE game = 'k2'"},
      {"head hash edited", "UPDATE games SET head_hash = zeroblob(32) WHERE game = 'k2'"},
      {"every row gone", "DELETE FROM events WHERE game = 'k2'"},
      {"edited prev column", "UPDATE events SET prev = zeroblob(32)" + Where("k2", k)},
      {"first prev column", "UPDATE events SET prev = randomblob(32)" + Where("k2", 1)},
      {"edited seats", "UPDATE games SET seats = '[\"Ana\"]' WHERE game = 'k2'"},
      {"edited ruleset", "UPDATE games SET ruleset = 'skull-king-original' WHERE game = 'k2'"},
      {"renamed game",
       "PRAGMA foreign_keys = OFF; UPDATE games SET game = 'k9' WHERE game = 'k2'; "
       "UPDATE events SET game = 'k9' WHERE game = 'k2'"},
  };
  for (const auto& [name, sql] : cases) {
    SECTION(name) {
      TempDir dir;
      const std::string copy = Tampered(dir, sql);
      std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(copy);
      CHECK(pli::AuditStoredGameFast(*store, "k1", std::nullopt));
      const std::string id = name == "renamed game" ? "k9" : "k2";
      CHECK(!pli::AuditStoredGameFast(*store, id, std::nullopt).has_value());
      CheckAgreement(copy);
    }
  }
}

TEST_CASE("fast audit of Skull King: a witness head is checked on the fast path as on the detailed one") {
  std::unique_ptr<pli::EventStore> original =
      pli::OpenSqliteStore(Original(false), pli::OpenMode::kReadOnly);
  const pli::StoredGame full = *original->Read("k2");
  const pli::Head at30{30, full.events[29].hash};
  pli::Head forged = at30;
  forged.hash[0] ^= 1;
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(Original(false));
  CHECK(pli::AuditStoredGameFast(*store, "k2", at30));
  CHECK(!pli::AuditStoredGameFast(*store, "k2", forged));
  CHECK(!pli::AuditStoredGameFast(*store, "k2", pli::Head{100000, at30.hash}));
  for (const pli::Head& witness : {at30, forged}) CheckAgreement(Original(false), witness, "k2");
}
