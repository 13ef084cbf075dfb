// audit_fast_test.cc: the one-pass paths over a SQLite store
// (replay/stored_scan.h) against the detailed path they stand in for
// (CheckStoredGame, AuditByPosition). A database of three games is tampered
// with behind pli's back, as tamper_test.cc does through the binary (an
// edited body, cards, seat, id, type or prev column, an edited or emptied
// declaration, recipient, at or seed column (schema 3), an undecodable body, a
// removed event, a reordered pair, a cut tail, every row gone, the games
// row's seats or ruleset edited, a renamed game, illegal events kept by an
// import with keep_illegal), and on each:
//  - the fast audit says "nothing to report" exactly when the detailed path
//    finds nothing (chain ok, no violation), with and without a witness;
//  - `pli audit --db` (AuditDbGames: fast path, detailed where needed)
//    prints, as text and as JSON, with and without --continue, byte for
//    byte what the detailed path alone prints;
//  - LoadDbGame (state, legal) gives the events and chain verdict
//    CheckStoredGame gives.
// In process: replay/audit.h judges, cli/audit.h prints; output captured from std::cout.
#include <sqlite3.h>

#include <catch2/catch.hpp>
#include <cstdint>
#include <filesystem>
#include <functional>
#include <iostream>
#include <map>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

#include "cli/audit.h"
#include "games/president/replay/source.h"
#include "engine/text.h"
#include "cli/error.h"
#include "games/president/rules/rules.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "referee/sqlite_store.h"
#include "games/president/replay/audit.h"
#include "games/president/replay/chain_check.h"
#include "games/president/replay/stored_scan.h"
#include "replay/stored_scan.h"
#include "games/president/wire/event_codec.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
using pli::test::TempDir;

// A game played by random legal actions, every event with `at` and every
// deal and action with an id, as `pli` writes them live; `illegal` adds an
// illegal pass (kept only by an import with keep_illegal) before event 12.
pli::GameLog RandomGame(const std::string& id, uint32_t seed, int events, bool illegal) {
  pli::GameLog log;
  log.game = id;
  pli::GameEvent g;
  g.game = id;
  g.options = *pli::Preset("super-president");
  g.seats = {"Ana", "Bo", "Cy", "Di", "Ed"};
  log.events.push_back(pli::Event{.body = g, .at = "2026-11-22T10:00:00Z"});
  pli::State state;
  pli::Step(state, log.events.back());
  uint32_t rng = seed;
  int n = 0;
  while (static_cast<int>(log.events.size()) < events && state.phase != pli::Phase::kGameOver) {
    pli::Event e;
    if (state.phase == pli::Phase::kMancheOver) {
      e.body = pli::DealEvent{pli::DealFromSeed(state.seats, rng), rng};
    } else {
      const std::vector<pli::LegalAction> actions = pli::LegalActions(state);
      REQUIRE(!actions.empty());
      e = pli::ToEvent(state, actions[(rng >> 8) % actions.size()]);
    }
    rng = rng * 1103515245u + 12345u;
    e.id = id + "-" + std::to_string(++n);
    e.at = "2026-11-22T10:00:" + std::to_string(10 + n % 50) + "Z";
    if (illegal && log.events.size() == 11) {
      // A pass by a seat whose turn it is not: illegal in play, or a pass
      // during the exchange; either way Step refuses it.
      pli::Event pass{.body = pli::PassEvent{(state.turn + 1) % state.seats}, .id = id + "-x"};
      if (pli::Decide(state, pass)) {
        log.events.push_back(pass);
        pli::Step(state, pass);
      }
    }
    REQUIRE(!pli::Step(state, e));
    log.events.push_back(e);
  }
  return log;
}

const std::vector<std::string> kGames = {"a1", "b2", "c3"};

// The database every test copies: three games, the second with an illegal
// event kept when `illegal`.
std::string Original(bool illegal) {
  static TempDir dir;
  const std::string path = (dir.path / (illegal ? "illegal.db" : "clean.db")).string();
  if (fs::exists(path)) return path;
  std::vector<pli::GameLog> logs;
  for (size_t i = 0; i < kGames.size(); ++i) {
    logs.push_back(RandomGame(kGames[i], 7 + 31 * static_cast<uint32_t>(i),
                              60 + 20 * static_cast<int>(i), illegal && i == 1));
  }
  const pli::ImportResult r =
      pli::Import(*pli::OpenSqliteStore(path, pli::OpenMode::kCreate), logs, illegal);
  REQUIRE(r.ok);
  REQUIRE(r.kept.size() == (illegal ? 1u : 0u));
  return path;
}

// Runs SQL on a copy of the original database, its triggers dropped first.
std::string Tampered(const TempDir& dir, bool illegal, const std::string& sql) {
  const std::string copy = (dir.path / "copy.db").string();
  fs::copy_file(Original(illegal), copy);
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

// What stdout receives while fn runs.
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

// `pli audit --db` as it runs, and the detailed path alone, for every
// output form; and the fast verdict of each game against the detailed one.
void CheckAgreement(const std::string& db, const std::optional<std::string>& game = std::nullopt,
                    const std::optional<pli::Head>& witness = std::nullopt) {
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
        // The file's own check, as AuditDbGames runs it before the games.
        printer.SetDatabaseCheck(db, pli::OpenSqliteReader(db)->CheckFile());
        pli::ForEachDbGame(db, game, witness,
                                [&](pli::LoadedGame&& g, size_t, size_t) {
                                  printer.Add(pli::VerdictOf(g, keep_going));
                                });
        pli::AuditDatabase(printer, *pli::OpenSqliteReader(db), std::nullopt);
        detailed_status = printer.Finish(db);
      });
      CHECK(fast == detailed);
      CHECK(fast_status == detailed_status);
    }
  }
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  // The one pass over every game, which folds game after game into one
  // match (Match::Reset), says of each game what the pass over its rows
  // alone, with a new match, says.
  std::map<std::string, std::optional<int64_t>, std::less<>> scanned;
  pli::ScanScratch scratch;
  pli::AuditStoredGamesFast(*store, witness, scratch,
                            [&](std::string_view id, std::optional<int64_t> events) {
                              scanned.emplace(std::string(id), events);
                            });
  for (const std::string& id : store->Games()) {
    if (game && *game != id) continue;
    INFO("game " << id);
    const pli::CheckedGame checked = pli::CheckStoredGame(*store->Read(id), witness);
    const bool clean = checked.chain.status == pli::ChainStatus::kOk &&
                       pli::AuditByPosition(checked.log.events, false).empty();
    const std::optional<int64_t> fast = pli::AuditStoredGameFast(*store, id, witness);
    CHECK(fast.has_value() == clean);
    REQUIRE(scanned.count(id) == 1);
    CHECK(scanned.at(id) == fast);
    if (fast) CHECK(*fast == static_cast<int64_t>(checked.log.events.size()));
    // state and legal: the same events, the same verdict.
    const pli::CheckedGame plain = pli::CheckStoredGame(*store->Read(id), std::nullopt);
    const pli::LoadedGame loaded = pli::LoadDbGame(*store, db, id);
    CHECK(loaded.log.game == plain.log.game);
    CHECK(loaded.log.events == plain.log.events);
    CHECK(loaded.chain.status == plain.chain.status);
    CHECK(loaded.chain.problems.size() == plain.chain.problems.size());
  }
}

// A row's body, decoded.
pli::Event BodyAt(const std::string& db, const std::string& game, int64_t seq) {
  std::unique_ptr<pli::EventStore> store = pli::OpenSqliteStore(db, pli::OpenMode::kReadOnly);
  const pli::StoredGame stored = *store->Read(game);
  for (const pli::StoredEvent& row : stored.events) {
    if (row.seq != seq) continue;
    auto decoded = pli::DecodeEvent(row.body);
    REQUIRE(std::holds_alternative<pli::Event>(decoded));
    return std::get<pli::Event>(decoded);
  }
  FAIL("no event " << seq);
  return {};
}

// The seq of the first play at or after `from` in game b2.
int64_t PlayAt(const std::string& db, int64_t from) {
  std::unique_ptr<pli::EventStore> store = pli::OpenSqliteStore(db, pli::OpenMode::kReadOnly);
  const pli::StoredGame stored = *store->Read("b2");
  for (const pli::StoredEvent& row : stored.events) {
    if (row.seq >= from && row.columns.type == static_cast<uint8_t>(pli::EventType::kPlay)) return row.seq;
  }
  FAIL("no play");
  return 0;
}

std::string Hex(const std::string& bytes) {
  static constexpr char kDigits[] = "0123456789abcdef";
  std::string hex;
  for (unsigned char c : bytes) {
    hex += kDigits[c >> 4];
    hex += kDigits[c & 0xF];
  }
  return hex;
}

}  // namespace

TEST_CASE("fast audit: a clean archive is clean on both paths, printed the same") {
  const std::string db = Original(false);
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  for (const std::string& id : kGames) CHECK(pli::AuditStoredGameFast(*store, id, std::nullopt));
  CHECK(!pli::AuditStoredGameFast(*store, "nope", std::nullopt));
  CheckAgreement(db);
  CheckAgreement(db, "b2");
}

TEST_CASE("fast audit: illegal events kept by an import go to the detailed path") {
  const std::string db = Original(true);
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  CHECK(pli::AuditStoredGameFast(*store, "a1", std::nullopt));
  CHECK(!pli::AuditStoredGameFast(*store, "b2", std::nullopt));
  // Its chain is sound: state and legal read it on the fast path.
  CHECK(pli::LoadStoredGameFast(*store, "b2"));
  CheckAgreement(db);
}

TEST_CASE("fast audit: every kind of tampering goes to the detailed path, printed the same") {
  const std::string db = Original(false);
  const int64_t k = PlayAt(db, 20);
  pli::Event edited = BodyAt(db, "b2", k);
  auto& play = std::get<pli::PlayEvent>(edited.body);
  play.cards.front() = pli::Card(static_cast<uint8_t>((play.cards.front().index + 1) % 52));
  const std::string k_s = std::to_string(k);
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"edited body",
       "UPDATE events SET body = x'" + Hex(pli::EncodeEvent(edited)) + "'" + Where("b2", k)},
      {"undecodable body", "UPDATE events SET body = x'0104ff'" + Where("b2", k)},
      {"edited cards column", "UPDATE events SET cards = '2s'" + Where("b2", k)},
      {"cards column with a space more", "UPDATE events SET cards = cards || ' '" + Where("b2", k)},
      {"deal's cards column",
       "UPDATE events SET cards = replace(cards, ' | ', ' ')" + Where("b2", 2)},
      {"edited seat column", "UPDATE events SET seat = (seat + 1) % 5" + Where("b2", k)},
      {"seat column NULL", "UPDATE events SET seat = NULL" + Where("b2", k)},
      {"edited id column", "UPDATE events SET id = 'other'" + Where("b2", k)},
      {"id column NULL", "UPDATE events SET id = NULL" + Where("b2", k)},
      {"edited type column", "UPDATE events SET type = 5" + Where("b2", k)},
      {"declaration column set",
       "UPDATE events SET declaration = CASE WHEN declaration IS NULL THEN 'suite' END" +
           Where("b2", k)},
      {"recipient column on a play", "UPDATE events SET recipient = 0" + Where("b2", k)},
      {"recipient column of a gift",
       "UPDATE events SET recipient = (recipient + 1) % 5 WHERE game = 'b2' AND seq = "
       "(SELECT min(seq) FROM events WHERE game = 'b2' AND type = 3)"},
      {"edited at column", "UPDATE events SET at = at || ' '" + Where("b2", k)},
      {"at column NULL", "UPDATE events SET at = NULL" + Where("b2", k)},
      {"edited seed column", "UPDATE events SET seed = seed + 1" + Where("b2", 2)},
      {"seed column NULL", "UPDATE events SET seed = NULL" + Where("b2", 2)},
      {"removed event", "DELETE FROM events" + Where("b2", k)},
      {"removed first event", "DELETE FROM events" + Where("b2", 1)},
      {"reordered pair", "UPDATE events SET seq = 1000000" + Where("b2", k) +
                             "; UPDATE events SET seq = " + k_s + Where("b2", k + 1) +
                             "; UPDATE events SET seq = " + std::to_string(k + 1) +
                             Where("b2", 1000000)},
      {"cut tail", "DELETE FROM events WHERE game = 'b2' AND seq > " + k_s},
      {"head moved back", "UPDATE games SET head_seq = head_seq - 1 WHERE game = 'b2'"},
      {"head hash edited", "UPDATE games SET head_hash = zeroblob(32) WHERE game = 'b2'"},
      {"every row gone", "DELETE FROM events WHERE game = 'b2'"},
      {"every row gone, head zero",
       "DELETE FROM events WHERE game = 'b2'; "
       "UPDATE games SET head_seq = 0, head_hash = zeroblob(32) WHERE game = 'b2'"},
      {"last game's tail cut", "DELETE FROM events WHERE game = 'c3' AND seq > 10"},
      {"edited prev column", "UPDATE events SET prev = zeroblob(32)" + Where("b2", k)},
      {"first prev column", "UPDATE events SET prev = randomblob(32)" + Where("b2", 1)},
      {"edited seats", "UPDATE games SET seats = '[\"Ana\"]' WHERE game = 'b2'"},
      {"edited ruleset", "UPDATE games SET ruleset = 'classic' WHERE game = 'b2'"},
      {"renamed game",
       "PRAGMA foreign_keys = OFF; UPDATE games SET game = 'b9' WHERE game = 'b2'; "
       "UPDATE events SET game = 'b9' WHERE game = 'b2'"},
  };
  for (const auto& [name, sql] : cases) {
    SECTION(name) {
      TempDir dir;
      const std::string copy = Tampered(dir, false, sql);
      std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(copy);
      CHECK(pli::AuditStoredGameFast(*store, "a1", std::nullopt));
      // Every case has something to report: a games row left with no
      // events too.
      const std::string id = name.starts_with("last") ? "c3" : name == "renamed game" ? "b9" : "b2";
      CHECK(!pli::AuditStoredGameFast(*store, id, std::nullopt).has_value());
      CheckAgreement(copy);
    }
  }
}

TEST_CASE("fast audit: a witness head is checked on the fast path as on the detailed one") {
  TempDir dir;
  // The tail cut with the head rewritten to match: consistent alone.
  const std::string db =
      Tampered(dir, false,
               "DELETE FROM events WHERE game = 'b2' AND seq > 30; "
               "UPDATE games SET head_seq = 30, head_hash = (SELECT hash FROM events" +
                   Where("b2", 30) + ") WHERE game = 'b2'");
  std::unique_ptr<pli::EventStore> original =
      pli::OpenSqliteStore(Original(false), pli::OpenMode::kReadOnly);
  const pli::StoredGame full = *original->Read("b2");
  const pli::Head at30{30, full.events[29].hash};
  const pli::Head at40{40, full.events[39].hash};
  pli::Head forged = at30;
  forged.hash[0] ^= 1;
  std::unique_ptr<pli::SqliteReader> store = pli::OpenSqliteReader(db);
  CHECK(pli::AuditStoredGameFast(*store, "b2", std::nullopt));
  CHECK(pli::AuditStoredGameFast(*store, "b2", at30));
  CHECK(pli::AuditStoredGameFast(*store, "b2", pli::Head{12, full.events[11].hash}));
  CHECK(!pli::AuditStoredGameFast(*store, "b2", at40));
  CHECK(!pli::AuditStoredGameFast(*store, "b2", forged));
  for (const pli::Head& witness : {at30, at40, forged}) CheckAgreement(db, "b2", witness);
}
