// archive_test.cc: pli export, import and backup through the binary
// (INTERFACE.md §2: "a game exported and imported again is the same, event
// for event and hash for hash. Import refuses an illegal event unless told
// to keep it for audit"). Also: the seed fixtures import and audit clean,
// an import is all or nothing, and a backup taken while events are still
// in the -wal file holds them.
#include <sqlite3.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace fs = std::filesystem;
namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::Json;
using pli::test::LiveGame;
using pli::test::PliArgv;
using pli::test::ReadBytes;
using pli::test::Result;
using pli::test::Str;
using pli::test::Lines;
using pli::test::TempDir;

// Two games refereed through the binary in one database: "g1" (a seeded
// deal, then legal actions, some with an --id or a --time) and "g2".
struct TwoGames {
  LiveGame g1;
  LiveGame g2;
};

TwoGames Referee(const std::string& db) {
  TwoGames t{LiveGame(db, "g1"), LiveGame(db, "g2")};
  t.g1.Act("new", {"--seats", "Ana,Bo,Cy,Di", "--option", "manches=3"});
  t.g2.Act("new", {"--seats", "E,F,G,H,I", "--ruleset", "classic"});
  t.g1.Act("deal", {"--seed", "11", "--id", "deal-1", "--time", "2026-03-04T05:06:07Z"});
  t.g2.Act("deal", {"--seed", "-3"});
  for (unsigned i = 0; i < 14; ++i) t.g1.TakeLegal(i * 7);
  for (unsigned i = 0; i < 6; ++i) t.g2.TakeLegal(i);
  return t;
}

// The hashes of an export, in order.
std::vector<std::string> Hashes(const std::string& exported) {
  std::vector<std::string> hashes;
  for (const std::string& line : Lines(exported))
    hashes.push_back(Str(json::parse(line).at("hash")));
  return hashes;
}

// A log of one game "imp" whose event 3 is illegal: seat 0 plays while
// seat 2 (who holds Qh) is to lead (P7); then seat 2 leads.
const std::string kIllegalLog =
    R"({"type":"game","game":"imp","seats":["A","B","C","D"]})"
    "\n"
    R"({"type":"deal","hands":[)"
    R"(["3c","4c","5c","6c","7c","8c","9c","Tc","Jc","Qc","Kc","Ac","2c"],)"
    R"(["3d","4d","5d","6d","7d","8d","9d","Td","Jd","Qd","Kd","Ad","2d"],)"
    R"(["3h","4h","5h","6h","7h","8h","9h","Th","Jh","Qh","Kh","Ah","2h"],)"
    R"(["3s","4s","5s","6s","7s","8s","9s","Ts","Js","Qs","Ks","As","2s"]]})"
    "\n"
    R"({"type":"play","seat":0,"cards":["3c"]})"
    "\n"
    R"({"type":"play","seat":2,"cards":["3h"]})"
    "\n";

// A legal game "ok" (the same deal; seat 2 leads 3h).
std::string LegalLog(const std::string& id) {
  std::string log = kIllegalLog;
  log.replace(log.find("\"imp\""), 5, "\"" + id + "\"");
  const size_t bad = log.find(R"({"type":"play","seat":0)");
  log.erase(bad, log.find('\n', bad) + 1 - bad);
  return log;
}

// A database holding one small refereed game, to import into.
LiveGame Target(const TempDir& dir) {
  LiveGame t((dir.path / "target.db").string(), "there");
  t.Act("new", {"--seats", "W,X,Y,Z"});
  t.Act("deal", {"--seed", "1"});
  return t;
}

}  // namespace

TEST_CASE(
    "archive: export, import into a fresh database, export again: byte for byte, hash "
    "for hash, and the hashes are the acknowledged ones") {
  TempDir dir;
  const std::string db = (dir.path / "live.db").string();
  TwoGames t = Referee(db);
  const std::string first = Export(db);
  const std::vector<std::string> lines = Lines(first);
  REQUIRE(lines.size() == static_cast<size_t>(t.g1.head() + t.g2.head()));

  // The hashes are those acknowledged when each event was recorded.
  std::vector<std::string> acks = t.g1.acks();
  acks.insert(acks.end(), t.g2.acks().begin(), t.g2.acks().end());
  CHECK(Hashes(first) == acks);
  // Each line carries its seq, and --id and --time survive.
  CHECK(Int(json::parse(lines[1]).at("seq")) == 2);
  CHECK(json::parse(lines[1]).at("id") == "deal-1");
  CHECK(json::parse(lines[1]).at("at") == "2026-03-04T05:06:07Z");

  const std::string file = dir.Write("first.jsonl", first);
  const std::string copy = (dir.path / "copy.db").string();
  Result imported = PliArgv({"import", "--db", copy, file, "--json"});
  INFO(imported.err);
  REQUIRE(imported.status == 0);
  const json::value doc = Json(imported);
  CHECK(doc.at("result") == "imported");
  CHECK(Int(doc.at("games")) == 2);
  CHECK(Int(doc.at("events")) == static_cast<int64_t>(lines.size()));
  CHECK(doc.at("kept_illegal").as_array().empty());

  const std::string second = Export(copy);
  CHECK(second == first);
  CHECK(Hashes(second) == acks);
  // The imported game answers to the heads acknowledged live.
  for (const LiveGame* g : {&t.g1, &t.g2}) {
    const json::value audit = AuditDb(copy, 0, {"--game", g->game(), "--head", g->HeadArg()});
    CHECK(audit.at("games").at(0).at("chain") == "ok");
    CHECK(audit.at("games").at(0).at("violations").as_array().empty());
  }
  // One game alone, to a file.
  const std::string one = (dir.path / "g2.jsonl").string();
  CHECK(PliArgv({"export", "--db", copy, "--game", "g2", "--output", one}).status == 0);
  CHECK(ReadBytes(one) == first.substr(first.find("{\"type\":\"game\",\"seq\":1,", 1)));
  // --output never overwrites.
  Result again = PliArgv({"export", "--db", copy, "--output", one});
  CHECK(again.status == 2);
  CHECK_THAT(again.err, Catch::Contains("already exists"));
  // The exported file audits clean, with its chain checked.
  Result audit = PliArgv({"audit", file, "--json"});
  CHECK(audit.status == 0);
  const json::value audited = Json(audit);
  for (const json::value& g : audited.at("games").as_array()) CHECK(g.at("chain") == "ok");
}

TEST_CASE("archive: the seed fixtures import and audit clean, their export re-imports the same") {
  TempDir dir;
  const std::string db = (dir.path / "seed.db").string();
  int games = 0;
  for (const auto& entry : fs::directory_iterator(fs::path(PLI_SOURCE_DIR) / "games/president/fixtures/seed")) {
    if (entry.path().extension() != ".jsonl") continue;
    INFO(entry.path());
    Result r = PliArgv({"import", "--db", db, entry.path().string()});
    CHECK(r.status == 0);
    CHECK_THAT(r.out, Catch::StartsWith("imported 1 game(s), "));
    ++games;
  }
  REQUIRE(games >= 7);
  const json::value audit = AuditDb(db, 0);
  REQUIRE(audit.at("games").as_array().size() == static_cast<size_t>(games));
  for (const json::value& g : audit.at("games").as_array()) {
    INFO(g.at("game"));
    CHECK(g.at("chain") == "ok");
    CHECK(g.at("violations").as_array().empty());
    CHECK(Int(g.at("events")) >= 6);
  }
  const std::string exported = Export(db);
  const std::string copy = (dir.path / "copy.db").string();
  REQUIRE(PliArgv({"import", "--db", copy, dir.Write("seed.jsonl", exported)}).status == 0);
  CHECK(Export(copy) == exported);
}

TEST_CASE(
    "archive: import refuses an illegal event (exit 1) and writes nothing, "
    "--keep-illegal imports it and audit --continue reports it at its seq") {
  TempDir dir;
  LiveGame target = Target(dir);
  const std::string before = Export(target.db());
  const std::string bytes = ReadBytes(target.db());
  const std::string log = dir.Write("illegal.jsonl", kIllegalLog);

  Result refused = PliArgv({"import", "--db", target.db(), log});
  CHECK(refused.status == 1);
  CHECK(refused.out.empty());
  CHECK_THAT(
      refused.err,
      Catch::StartsWith("pli: import refused: game \"imp\", event 3: not-your-turn (P7): ") &&
          Catch::Contains("nothing was written") && Catch::Contains("--keep-illegal"));
  Result json_refused = PliArgv({"import", "--db", target.db(), log, "--json"});
  CHECK(json_refused.status == 1);
  const json::value doc = Json(json_refused);
  CHECK(doc.at("result") == "refused");
  CHECK(doc.at("game") == "imp");
  CHECK(Int(doc.at("seq")) == 3);
  CHECK(doc.at("violation").at("code") == "not-your-turn");
  CHECK(doc.at("violation").at("rule") == "P7");
  CHECK(Int(doc.at("events")) == 0);
  CHECK(Export(target.db()) == before);
  CHECK(ReadBytes(target.db()) == bytes);

  // All or nothing: a legal game before the illegal one is not written either.
  const std::string both = dir.Write("both.jsonl", LegalLog("ok") + kIllegalLog);
  CHECK(PliArgv({"import", "--db", target.db(), both}).status == 1);
  CHECK(Export(target.db()) == before);
  // Nor is a new file left behind.
  const std::string fresh = (dir.path / "fresh.db").string();
  CHECK(PliArgv({"import", "--db", fresh, log}).status == 1);
  CHECK(!fs::exists(fresh));

  Result kept = PliArgv({"import", "--db", target.db(), log, "--keep-illegal"});
  CHECK(kept.status == 0);
  CHECK_THAT(kept.out, Catch::Contains("imported 1 game(s), 4 event(s)") &&
                           Catch::Contains("kept for audit: game \"imp\" event 3 is illegal"));
  for (const bool keep_going : {false, true}) {
    std::vector<std::string> extra = {"--game", "imp"};
    if (keep_going) extra.push_back("--continue");
    const json::value audit = AuditDb(target.db(), 1, extra);
    const json::value& game = audit.at("games").at(0);
    CHECK(game.at("chain") == "ok");
    CHECK(Int(game.at("events")) == 4);
    const json::array& violations = game.at("violations").as_array();
    REQUIRE(violations.size() == 1);  // seq 4 is legal: seq 3 changed nothing
    CHECK(Int(violations[0].at("seq")) == 3);
    CHECK(Int(violations[0].at("seat")) == 0);
    CHECK(violations[0].at("code") == "not-your-turn");
    CHECK(violations[0].at("rule") == "P7");
  }
  // The game already there is untouched.
  CHECK(AuditDb(target.db(), 0, {"--game", "there", "--head", target.HeadArg()})
            .at("games")
            .at(0)
            .at("chain") == "ok");
  // The illegal event exports as stored and imports again only when kept.
  const std::string exported = dir.Write("kept.jsonl", Export(target.db()));
  const std::string copy = (dir.path / "copy.db").string();
  CHECK(PliArgv({"import", "--db", copy, exported}).status == 1);
  CHECK(PliArgv({"import", "--db", copy, exported, "--keep-illegal"}).status == 0);
  CHECK(Export(copy) == Export(target.db()));
}

TEST_CASE(
    "archive: importing a game whose id is already there is refused (exit 1) and "
    "writes nothing") {
  TempDir dir;
  LiveGame target = Target(dir);
  const std::string before = Export(target.db());
  const std::string bytes = ReadBytes(target.db());
  // The database's own game, exported and imported back into it.
  const std::string same = dir.Write("same.jsonl", before);
  // A new game first, then one named like the game already there.
  const std::string mixed = dir.Write("mixed.jsonl", LegalLog("new-one") + LegalLog("there"));
  for (const std::string& log : {same, mixed}) {
    INFO(log);
    Result r = PliArgv({"import", "--db", target.db(), log});
    CHECK(r.status == 1);
    CHECK_THAT(r.err, Catch::Contains("game \"there\" is already in the database") &&
                          Catch::Contains("nothing was written"));
    CHECK(Export(target.db()) == before);
    CHECK(ReadBytes(target.db()) == bytes);
  }
}

TEST_CASE("archive: an exported log with an edited event does not import") {
  TempDir dir;
  LiveGame target = Target(dir);
  std::string text = Export(target.db());
  // Rename the game: every hash of the exported log then fails.
  for (size_t at = text.find("\"there\""); at != std::string::npos; at = text.find("\"there\"")) {
    text.replace(at, 7, "\"elsewhere\"");
  }
  const std::string copy = (dir.path / "copy.db").string();
  Result r = PliArgv({"import", "--db", copy, dir.Write("edited.jsonl", text)});
  CHECK(r.status == 2);
  CHECK_THAT(r.err, Catch::Contains("event 1") && Catch::Contains("does not match"));
  CHECK(!fs::exists(copy));
}

TEST_CASE(
    "archive: pli backup includes the events still in the -wal file, it never "
    "overwrites") {
  TempDir dir;
  const std::string db = (dir.path / "busy.db").string();
  LiveGame g(db, "w1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  // A reader that stays open: pli's writers then cannot checkpoint when
  // they close, so what they write stays in busy.db-wal.
  sqlite3* reader = nullptr;
  REQUIRE(sqlite3_open_v2(db.c_str(), &reader, SQLITE_OPEN_READONLY, nullptr) == SQLITE_OK);
  REQUIRE(sqlite3_exec(reader, "SELECT count(*) FROM events", nullptr, nullptr, nullptr) ==
          SQLITE_OK);
  g.Act("deal", {"--seed", "8"});
  for (unsigned i = 0; i < 8; ++i) g.TakeLegal(i);
  REQUIRE(fs::exists(db + "-wal"));
  CHECK(fs::file_size(db + "-wal") > 0);
  const std::string exported = Export(db);

  // A plain copy of the .db file alone misses what is in the WAL.
  const std::string plain = (dir.path / "plain.db").string();
  fs::copy_file(db, plain);
  Result plain_export = PliArgv({"export", "--db", plain});
  CHECK((plain_export.status != 0 || plain_export.out != exported));

  const std::string backup = (dir.path / "backup.db").string();
  Result r = PliArgv({"backup", "--db", db, backup, "--json"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(Json(r).at("result") == "ok");
  sqlite3_close(reader);
  const json::value audit = AuditDb(backup, 0, {"--head", g.HeadArg()});
  CHECK(audit.at("games").at(0).at("chain") == "ok");
  CHECK(Int(audit.at("games").at(0).at("events")) == g.head());
  CHECK(Export(backup) == exported);
  // The backup is a pli database like any other: its game can go on there.
  const json::value state = Json(PliArgv({"state", "--db", backup, "--json"}));
  CHECK(Int(state.at("seq")) == g.head());
  const pli::test::LegalLine next = pli::test::ParseLegalLine(LiveGame(backup, "w1").Legal()[0]);
  std::vector<std::string> play = {"--db",   backup,    "--game",   "w1",
                                   "--seat", next.seat, "--expect", std::to_string(g.head())};
  play.insert(play.begin(), next.type);
  play.insert(play.end(), next.cards.begin(), next.cards.end());
  CHECK(PliArgv(play).status == 0);
  CHECK(Export(db) == exported);  // the original did not move

  // A target that exists is refused, and left alone.
  const std::string existing = dir.Write("existing.db", "keep me\n");
  for (const std::string& target : {existing, backup}) {
    const std::string bytes = ReadBytes(target);
    Result refused = PliArgv({"backup", "--db", db, target});
    CHECK(refused.status == 2);
    CHECK_THAT(refused.err, Catch::Contains(target) && Catch::Contains("exists"));
    CHECK(ReadBytes(target) == bytes);
  }
}
