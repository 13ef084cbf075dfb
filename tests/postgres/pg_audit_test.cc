// pg_audit_test.cc: `pli audit --db URI` streams every game's rows in one
// statement (PostgresReader::ScanGames, AuditScannedGames); here it is held
// to the per-game audit it replaced (AuditStoreGames: a Read a game, the
// detailed path), printed by cli/audit.h as text and as JSON, with and
// without --continue, byte for byte, on a database of several games of
// both rulesets with an illegal event kept by an import (keep_illegal), and
// on copies of it tampered with through the superuser's connection (a
// changed body, a removed row, a reordered pair, a cut tail, a game left
// without rows, the games row's copies, rows of no game); with --game and a
// witness head too. And the scan holds one game at a time: each game is
// handed over once the first row of the next one is read, before any other.
#include <catch2/catch.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <sstream>
#include <string>
#include <vector>

#include "cli/audit.h"
#include "games/president/rules/rules.h"
#include "referee/postgres_store.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "replay/audit.h"
#include "replay/source.h"
#include "tests/postgres/pg_server.h"

namespace pli::test {
namespace {

// A Super Président game played by random legal actions, with ids and
// times as pli writes them live; `illegal` adds a pass out of turn (kept
// only by an import with keep_illegal) before event 12.
GameLog RandomPresidentGame(const std::string& id, uint32_t seed, int events, bool illegal) {
  GameLog log;
  log.game = id;
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  g.seats = {"Ana", "Bo", "Cy", "Di", "Ed"};
  log.events.push_back(Event{.body = g, .at = "2026-11-22T10:00:00Z"});
  State state;
  Step(state, log.events.back());
  uint32_t rng = seed;
  int n = 0;
  while (static_cast<int>(log.events.size()) < events && state.phase != Phase::kGameOver) {
    Event e;
    if (state.phase == Phase::kMancheOver) {
      e.body = DealEvent{DealFromSeed(state.seats, rng), rng};
    } else {
      const std::vector<LegalAction> actions = LegalActions(state);
      REQUIRE(!actions.empty());
      e = ToEvent(state, actions[(rng >> 8) % actions.size()]);
    }
    rng = rng * 1103515245u + 12345u;
    e.id = id + "-" + std::to_string(++n);
    e.at = "2026-11-22T10:00:" + std::to_string(10 + n % 50) + "Z";
    if (illegal && log.events.size() == 11) {
      Event pass{.body = PassEvent{(state.turn + 1) % state.seats}, .id = id + "-x"};
      if (Decide(state, pass)) {
        log.events.push_back(pass);
        Step(state, pass);
      }
    }
    REQUIRE(!Step(state, e));
    log.events.push_back(e);
  }
  return log;
}

// The database every test copies (CREATE DATABASE ... TEMPLATE): a1, b2
// (an illegal event kept), a Skull King game, c3, d4, in that creation
// order; its name.
const std::string& Original() {
  static const std::string name = [] {
    const std::string name = "pg_audit_" + std::to_string(getpid());
    REQUIRE(PgExec(PgServerUri(), "CREATE DATABASE " + name) == "");
    auto store = OpenPostgresStore(PgDatabaseUri(name), OpenMode::kCreate);
    const auto president = [&](std::vector<GameLog> logs, bool illegal) {
      const ImportResult r = Import(*store, logs, illegal);
      REQUIRE(r.ok);
      REQUIRE(r.kept.size() == (illegal ? 1u : 0u));
    };
    president({RandomPresidentGame("a1", 7, 60, false)}, false);
    president({RandomPresidentGame("b2", 38, 80, true)}, true);
    std::vector<AnyGameLog> sk = ReadAnySource(
        PLI_SOURCE_DIR "/games/skull_king/fixtures/examples/F-03-king-pirate-tigress-seed.jsonl");
    REQUIRE(sk.size() == 1);
    REQUIRE(Import(*store, sk, false).ok);
    president({RandomPresidentGame("c3", 69, 100, false), RandomPresidentGame("d4", 100, 70, false)},
              false);
    store.reset();  // a template database has no other session
    return name;
  }();
  return name;
}

// A copy of the original database with `sql` run on it by the superuser,
// its triggers off for that session; its URI.
std::string Tampered(const std::string& sql) {
  static int made = 0;
  const std::string name = Original() + "_c" + std::to_string(made++);
  REQUIRE(PgExec(PgServerUri(), "CREATE DATABASE " + name + " TEMPLATE " + Original()) == "");
  const std::string uri = PgDatabaseUri(name);
  if (!sql.empty()) {
    INFO(sql);
    REQUIRE(PgExec(uri, "SET session_replication_role = replica; " + sql) == "");
  }
  return uri;
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

// `pli audit --db URI` as it runs (AuditDbGames: the streamed audit) and
// the per-game audit, printed, for every output form: the same bytes and
// exit status. The streamed audit hands over every game once, whole, in
// creation order, having read at most one row past it.
// `status` is the exit status both must give.
void CheckAgreement(const std::string& uri, int status,
                    const std::optional<std::string>& game = std::nullopt,
                    const std::optional<Head>& witness = std::nullopt) {
  for (const bool json : {false, true}) {
    for (const bool keep_going : {false, true}) {
      INFO("json " << json << ", continue " << keep_going);
      int streamed_status = -1, per_game_status = -1;
      const std::string streamed = Captured([&] {
        cli::AuditPrinter printer(json, keep_going);
        AuditDbGames(printer, uri, game, witness);
        streamed_status = printer.Finish(uri);
      });
      const std::string per_game = Captured([&] {
        cli::AuditPrinter printer(json, keep_going);
        AuditStoreGames(printer, *OpenPostgresStore(uri, OpenMode::kReadOnly), uri, game, witness,
                        std::nullopt);
        per_game_status = printer.Finish(uri);
      });
      CHECK(streamed == per_game);
      CHECK(streamed_status == per_game_status);
      CHECK(per_game_status == status);
    }
  }
  // One game at a time: game k is handed over with the rows of games 1..k
  // read, and at most the first row of game k + 1.
  std::unique_ptr<EventStore> store = OpenPostgresStore(uri, OpenMode::kReadOnly);
  std::vector<std::string> ids = store->Games();
  if (game) ids = {*game};
  std::vector<std::string> seen;
  int64_t before = 0;
  cli::AuditPrinter quiet(true, true);
  Captured([&] {
    AuditScannedGames(quiet, *OpenPostgresReader(uri), uri, game, witness, std::nullopt,
                      [&](const ScannedGame& g) {
                        seen.emplace_back(g.game);
                        const StoredGame read = *store->Read(g.game);
                        CHECK(g.rows.size() == read.events.size());
                        before += static_cast<int64_t>(g.rows.size());
                        CHECK(g.rows_read >= before);
                        CHECK(g.rows_read <= before + 1);
                      });
  });
  CHECK(seen == ids);
}

std::string Where(const std::string& game, int64_t seq) {
  return " WHERE game = '" + game + "' AND seq = " + std::to_string(seq);
}

}  // namespace

TEST_CASE("PostgreSQL audit: streamed equals per game, on several games and an illegal event") {
  const std::string uri = Tampered("");
  CHECK(PgText(uri, "SELECT count(*) FROM pli.games") == "5");
  CheckAgreement(uri, 1);  // b2's illegal event
  CheckAgreement(uri, 1, "b2");
  CheckAgreement(uri, 0, "skf");
  CheckAgreement(uri, 0, "c3");
}

TEST_CASE("PostgreSQL audit: streamed equals per game on tampered copies") {
  // A body changed: b2's event 20 gets event 21's body (a legal event's
  // bytes, so it decodes and breaks the chain where it stands).
  const std::vector<std::pair<std::string, std::string>> cases = {
      {"changed body",
       "UPDATE pli.events SET body = (SELECT body FROM pli.events" + Where("b2", 21) + ")" +
           Where("b2", 20)},
      {"undecodable body", "UPDATE pli.events SET body = '\\x0104ff'" + Where("c3", 30)},
      {"edited cards column", "UPDATE pli.events SET cards = '2s'" + Where("a1", 25)},
      {"removed event", "DELETE FROM pli.events" + Where("c3", 40)},
      {"reordered pair",
       "UPDATE pli.events SET seq = 1000000" + Where("c3", 40) +
           "; UPDATE pli.events SET seq = 40" + Where("c3", 41) +
           "; UPDATE pli.events SET seq = 41" + Where("c3", 1000000)},
      {"cut tail of the last game", "DELETE FROM pli.events WHERE game = 'd4' AND seq > 10"},
      {"every row of the first game gone", "DELETE FROM pli.events WHERE game = 'a1'"},
      {"every row of a middle game gone", "DELETE FROM pli.events WHERE game = 'c3'"},
      {"head moved back", "UPDATE pli.games SET head_seq = head_seq - 1 WHERE game = 'd4'"},
      {"edited seats", "UPDATE pli.games SET seats = '[\"Ana\"]' WHERE game = 'b2'"},
      {"rows of no game",
       "INSERT INTO pli.events (game, seq, type, cards, body, hash, prev) VALUES "
       "('ghost', 1, 1, '', '\\x01', sha256('x'), sha256('y'))"},
      {"a game renamed in its events only", "UPDATE pli.events SET game = 'c9' WHERE game = 'c3'"},
  };
  for (const auto& [name, sql] : cases) {
    SECTION(name) { CheckAgreement(Tampered(sql), 1); }
  }
}

TEST_CASE("PostgreSQL audit: a witness head, streamed as per game") {
  const std::string uri = Tampered("");
  const StoredGame c3 = *OpenPostgresStore(uri, OpenMode::kReadOnly)->Read("c3");
  const Head at30{30, c3.events[29].hash};
  CheckAgreement(uri, 0, "c3", at30);
  Head forged = at30;
  forged.hash[0] ^= 1;
  CheckAgreement(uri, 1, "c3", forged);
  CheckAgreement(uri, 1, "c3", Head{500, at30.hash});  // beyond the log
}

}  // namespace pli::test
