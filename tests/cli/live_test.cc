// live_test.cc: refereeing a live game through the `pli` binary
// (INTERFACE.md §2: pli new, deal, exchange, play, pass, close, end with
// --db, --game, --expect): the acknowledgement in text and --json, the
// refusals (exit 1: a rule violation with its code and rule, or a stale
// --expect), exit 2 for bad usage, idempotency keys, and a whole manche
// played by a client that reads `pli legal`, then audited.
#include <algorithm>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <filesystem>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

namespace json = boost::json;
using pli::test::AuditDb;
using pli::test::Export;
using pli::test::Int;
using pli::test::Json;
using pli::test::LiveGame;
using pli::test::Pli;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::Str;
using pli::test::TempDir;

std::set<std::string> Keys(const json::value& v) {
  std::set<std::string> keys;
  for (const auto& kv : v.as_object()) keys.insert(std::string(kv.key()));
  return keys;
}

bool IsHex64(const std::string& s) {
  return s.size() == 64 && s.find_first_not_of("0123456789abcdef") == std::string::npos;
}

// A deal where seat s holds the cards of suit s, except: seat 0 holds 3s
// (for 4c, to seat 3) and seat 2 holds 3d (for 4h, to seat 1). Seat 2 holds
// Qh and leads (S3); it can lead the pair 3h 3d, and seat 0 then holds the
// remaining 3s (3c 3s, a pair): it can close out of turn (X1).
const std::vector<std::string> kCloseHands = {
    "3c 3s 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c",
    "4h 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d",
    "3h 3d 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h",
    "4c 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s",
};

std::vector<std::string> HandArgs(const std::vector<std::string>& hands) {
  std::vector<std::string> args;
  for (const std::string& h : hands) args.insert(args.end(), {"--hand", h});
  return args;
}

// A new game g1 on seats Ana, Bo, Cy, Di, dealt with --seed 42.
LiveGame Dealt(const TempDir& dir) {
  LiveGame g((dir.path / "g.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "42"});
  return g;
}

}  // namespace

TEST_CASE("live: pli new creates the database and acknowledges event 1 in text") {
  TempDir dir;
  const std::string db = (dir.path / "new.db").string();
  REQUIRE(!std::filesystem::exists(db));
  Result r = PliArgv({"new", "--db", db, "--game", "g1", "--seats", "Ana,Bo,Cy,Di"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(std::filesystem::exists(db));
  CHECK_THAT(r.out, Catch::StartsWith("recorded: event 1 of game \"g1\" (game)\nhash "));
  const std::string hash = r.out.substr(r.out.find("hash ") + 5, 64);
  CHECK(IsHex64(hash));
  CHECK_THAT(r.out, Catch::Contains("--head 1:" + hash));
  CHECK_THAT(r.out, Catch::Contains("next: deal the next manche"));
  CHECK(r.err.empty());

  Result deal = PliArgv({"deal", "--db", db, "--game", "g1", "--seed", "42", "--expect", "1"});
  REQUIRE(deal.status == 0);
  CHECK_THAT(deal.out, Catch::StartsWith("recorded: event 2 of game \"g1\" (deal)"));
  CHECK_THAT(deal.out, Catch::Contains("next: seat ") && Catch::Contains(" to act"));
  const json::value audit = AuditDb(db, 0);
  CHECK(Int(audit.at("games").at(0).at("events")) == 2);
  CHECK(audit.at("games").at(0).at("chain") == "ok");
}

TEST_CASE(
    "live --json: the acknowledgement carries result, game, seq, hash, head, message, "
    "event, phase, turn") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g1");
  const json::value created = g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  CHECK(Keys(created) == std::set<std::string>{"result", "game", "seq", "hash", "head", "message",
                                               "event", "phase", "turn", "database_head"});
  CHECK_THAT(Str(created.at("database_head")), Catch::StartsWith("db:1:"));
  CHECK(created.at("result") == "accepted");
  CHECK(created.at("game") == "g1");
  CHECK(Int(created.at("seq")) == 1);
  CHECK(Int(created.at("head")) == 0);  // the head the action was judged at
  CHECK(IsHex64(Str(created.at("hash"))));
  CHECK(created.at("event").at("type") == "game");
  CHECK(created.at("event").at("seats") == json::array{"Ana", "Bo", "Cy", "Di"});
  CHECK(created.at("turn").is_null());

  const json::value dealt = g.Act("deal", {"--seed", "42"});
  CHECK(Int(dealt.at("seq")) == 2);
  CHECK(Int(dealt.at("head")) == 1);
  CHECK(dealt.at("phase") == "play");
  CHECK(Int(dealt.at("event").at("seed")) == 42);
  REQUIRE(dealt.at("event").at("hands").as_array().size() == 4);
  const int64_t turn = Int(dealt.at("turn"));
  // S3: the holder of Qh leads manche 1.
  bool holds_qh = false;
  for (const json::value& c : dealt.at("event").at("hands").at(turn).as_array()) {
    holds_qh = holds_qh || c == "Qh";
  }
  CHECK(holds_qh);

  // The same seed deals the same hands (docs/REFEREE.md: a recorded shuffle).
  LiveGame again((dir.path / "again.db").string(), "g1");
  again.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  CHECK(again.Act("deal", {"--seed", "42"}).at("event").at("hands") ==
        dealt.at("event").at("hands"));
}

TEST_CASE("live: play and pass in turn follow the game, --time is recorded") {
  TempDir dir;
  LiveGame g = Dealt(dir);
  const pli::test::LegalLine lead = pli::test::ParseLegalLine(g.Legal().front());
  REQUIRE(lead.type == "play");
  std::vector<std::string> args = {"--seat", lead.seat, "--time", "2026-01-02T03:04:05Z"};
  args.insert(args.end(), lead.cards.begin(), lead.cards.end());
  const json::value played = g.Act("play", args);
  CHECK(played.at("event").at("type") == "play");
  CHECK(Int(played.at("event").at("seat")) == std::stoi(lead.seat));
  CHECK(played.at("event").at("at") == "2026-01-02T03:04:05Z");
  CHECK(Int(played.at("turn")) == (std::stoi(lead.seat) + 1) % 4);

  // Play the first legal action until a pass is legal (P4: only when no
  // play is), then pass.
  for (int i = 0; i < 60; ++i) {
    const std::vector<std::string> lines = g.Legal();
    const auto pass = std::find_if(lines.begin(), lines.end(),
                                   [](const std::string& l) { return l.starts_with("pass "); });
    if (pass == lines.end()) {
      g.TakeLegal(0);
      continue;
    }
    const std::string seat = pli::test::ParseLegalLine(*pass).seat;
    const json::value passed = g.Act("pass", {"--seat", seat});
    CHECK(passed.at("event") == json::object{{"type", "pass"}, {"seat", std::stoi(seat)}});
    CHECK(passed.at("result") == "accepted");
    return;
  }
  FAIL("no pass was ever legal");
}

TEST_CASE(
    "live: an action out of turn is refused with not-your-turn (P7), exit 1, nothing "
    "written") {
  TempDir dir;
  LiveGame g = Dealt(dir);
  const int64_t turn = Int(Json(PliArgv({"state", "--db", g.db(), "--json"})).at("turn"));
  const std::string other = std::to_string((turn + 1) % 4);
  const std::string before = Export(g.db());

  const json::value refused = g.Act("pass", {"--seat", other}, 1);
  CHECK(Keys(refused) ==
        std::set<std::string>{"result", "game", "head", "violation", "message", "event"});
  CHECK(refused.at("result") == "rejected");
  CHECK(Int(refused.at("head")) == 2);
  CHECK(Keys(refused.at("violation")) == std::set<std::string>{"code", "rule", "message"});
  CHECK(refused.at("violation").at("code") == "not-your-turn");
  CHECK(refused.at("violation").at("rule") == "P7");
  CHECK_THAT(Str(refused.at("violation").at("message")), Catch::Contains("turn"));

  // The text form: stderr says what and why, stdout nothing.
  Result text = PliArgv({"pass", "--db", g.db(), "--game", "g1", "--seat", other, "--expect", "2"});
  CHECK(text.status == 1);
  CHECK(text.out.empty());
  CHECK_THAT(text.err, Catch::StartsWith("pli: pass refused: not-your-turn (P7): ") &&
                           Catch::Contains("nothing was written; the log is at seq 2"));
  CHECK(Export(g.db()) == before);
}

TEST_CASE("live: a stale --expect is refused, exit 1: the log is at seq N, you expected M") {
  TempDir dir;
  LiveGame g = Dealt(dir);
  const std::string before = Export(g.db());
  const std::string turn =
      std::to_string(Int(Json(PliArgv({"state", "--db", g.db(), "--json"})).at("turn")));
  for (const char* expect : {"1", "3", "0"}) {
    Result r = PliArgv(
        {"pass", "--db", g.db(), "--game", "g1", "--seat", turn, "--expect", expect, "--json"});
    INFO("--expect " << expect << ": " << r.out << r.err);
    CHECK(r.status == 1);
    const json::value doc = Json(r);
    CHECK(doc.at("result") == "stale");
    CHECK(Int(doc.at("head")) == 2);
    CHECK_THAT(Str(doc.at("message")),
               Catch::Contains(std::string("the log is at seq 2, you expected ") + expect));
  }
  Result text = PliArgv({"pass", "--db", g.db(), "--game", "g1", "--seat", turn, "--expect", "1"});
  CHECK(text.status == 1);
  CHECK_THAT(text.err, Catch::Contains("the log is at seq 2, you expected 1"));
  CHECK(Export(g.db()) == before);
}

TEST_CASE("live: --id makes a retry idempotent, the same key for another action is refused") {
  TempDir dir;
  LiveGame g = Dealt(dir);
  const pli::test::LegalLine lead = pli::test::ParseLegalLine(g.Legal().front());
  std::vector<std::string> play = {"play",    "--db", g.db(), "--game", "g1",       "--seat",
                                   lead.seat, "--id", "k-1",  "--json", "--expect", "2"};
  play.insert(play.end(), lead.cards.begin(), lead.cards.end());
  Result first = PliArgv(play);
  REQUIRE(first.status == 0);
  const json::value ack = Json(first);
  CHECK(ack.at("result") == "accepted");
  CHECK(ack.at("event").at("id") == "k-1");
  const std::string after = Export(g.db());

  // The retry (its --expect now stale: the client never saw the answer).
  Result retry = PliArgv(play);
  CHECK(retry.status == 0);
  const json::value dup = Json(retry);
  CHECK(dup.at("result") == "duplicate");
  CHECK(dup.at("seq") == ack.at("seq"));
  CHECK(dup.at("hash") == ack.at("hash"));
  CHECK(Int(dup.at("head")) == 3);
  std::erase(play, std::string("--json"));  // the text says it too
  Result text = PliArgv(play);
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::StartsWith("already recorded: event 3 of game \"g1\" (play)"));
  CHECK(Export(g.db()) == after);

  // Another action under the same key.
  const std::string next = std::to_string((std::stoi(lead.seat) + 1) % 4);
  Result other =
      PliArgv({"pass", "--db", g.db(), "--game", "g1", "--seat", next, "--id", "k-1", "--json"});
  CHECK(other.status == 1);
  const json::value refused = Json(other);
  CHECK(refused.at("result") == "rejected");
  CHECK_THAT(Str(refused.at("message")), Catch::Contains("\"k-1\" was already used"));
  CHECK(Export(g.db()) == after);
}

TEST_CASE("live: a seat may be given by its name") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", HandArgs(kCloseHands));
  // Cy is seat 2, who holds Qh and leads.
  const json::value played = g.Act("play", {"--seat", "Cy", "3h", "3d"});
  CHECK(Int(played.at("event").at("seat")) == 2);
  CHECK(Int(played.at("turn")) == 3);
  const json::value refused = g.Act("pass", {"--seat", "Ana"}, 1);
  CHECK(refused.at("violation").at("code") == "not-your-turn");
  CHECK_THAT(Str(refused.at("violation").at("message")), Catch::Contains("Ana"));
}

TEST_CASE("live: deal --hand x4, a close out of turn (X1), end (G1), then game-over") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  const json::value dealt = g.Act("deal", HandArgs(kCloseHands));
  CHECK(Int(dealt.at("turn")) == 2);  // S3: Cy holds Qh
  CHECK(!dealt.at("event").as_object().contains("seed"));
  CHECK(dealt.at("event").at("hands").at(0).at(1) == "3s");
  g.Act("play", {"--seat", "2", "3h,3d"});  // comma-separated cards work too
  // X1: Ana (seat 0, not in turn) holds the two remaining 3s.
  const json::value closed = g.Act("close", {"--seat", "0", "3c", "3s"});
  CHECK(closed.at("event").at("type") == "close");
  CHECK(Int(closed.at("turn")) == 0);  // X3: the closer leads
  const json::value ended = g.Act("end", {});
  CHECK(ended.at("phase") == "game-over");
  CHECK(ended.at("turn").is_null());
  const json::value after = g.Act("play", {"--seat", "0", "5c"}, 1);
  CHECK(after.at("violation").at("code") == "game-over");
  CHECK(after.at("violation").at("rule") == "G1");
  const json::value audit = AuditDb(g.db(), 0, {"--head", g.HeadArg()});
  CHECK(Int(audit.at("games").at(0).at("events")) == 5);
  CHECK(audit.at("games").at(0).at("chain") == "ok");
}

TEST_CASE("live: deal --hand that is not a partition of the deck is bad-deal (S2), exit 1") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  const std::string before = Export(g.db());
  std::vector<std::string> twice = kCloseHands;  // 4d in seat 0 and seat 1, no 2c
  twice[0] = "3c 3s 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 4d";
  std::vector<std::string> uneven = kCloseHands;  // 14, 13, 13, 12 cards
  uneven[0] += " 4s";
  uneven[3] = "4c 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s";
  for (const auto& hands : {twice, uneven}) {
    const json::value refused = g.Act("deal", HandArgs(hands), 1);
    CHECK(refused.at("result") == "rejected");
    CHECK(refused.at("violation").at("code") == "bad-deal");
    CHECK(refused.at("violation").at("rule") == "S2");
  }
  Result text = PliArgv({"deal", "--db", g.db(), "--game", "g1", "--hand", twice[0], "--hand",
                         twice[1], "--hand", twice[2], "--hand", twice[3]});
  CHECK(text.status == 1);
  CHECK_THAT(text.err, Catch::StartsWith("pli: deal refused: bad-deal (S2): "));
  CHECK(Export(g.db()) == before);
  // Three hands for four seats: not a deal of this game at all.
  Result three = PliArgv({"deal", "--db", g.db(), "--game", "g1", "--hand", kCloseHands[0],
                          "--hand", kCloseHands[1], "--hand", kCloseHands[2]});
  CHECK((three.status == 1 || three.status == 2));
  CHECK_THAT(three.err, Catch::Contains("3 hands"));
  CHECK(Export(g.db()) == before);
}

TEST_CASE("live: bad usage of the live commands exits 2 and writes nothing") {
  TempDir dir;
  LiveGame g = Dealt(dir);
  const std::string before = Export(g.db());
  const std::string db = g.db();
  for (const std::vector<std::string>& args : std::vector<std::vector<std::string>>{
           {"play", "--db", db, "--game", "g1", "--seat", "0"},  // no cards
           {"play", "--db", db, "--seat", "0", "3c"},            // no --game
           {"play", "--game", "g1", "--seat", "0", "3c"},        // no --db
           {"pass", "--db", db, "--game", "g1"},                 // no --seat
           {"play", "--db", db, "--game", "g1", "--seat", "0", "--declare", "up", "3c"},
           {"play", "--db", db, "--game", "g1", "--seat", "0", "--expect", "x", "3c"},
           {"deal", "--db", db, "--game", "g1", "--seed", "1", "--hand", "3c"},
           {"exchange", "--db", db, "--game", "g1", "--from", "0", "3c"},  // no --to
       }) {
    Result r = PliArgv(args);
    INFO("pli " << args[0] << " ... stderr: " << r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pli: "));
    CHECK(r.out.empty());
  }
  CHECK(Export(g.db()) == before);
}

TEST_CASE(
    "live: a client reading pli legal plays a whole manche, deals the next, makes the "
    "gifts and ends, audit is clean") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "demo");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", {"--seed", "2026"});
  uint32_t rng = 7;
  g.PlayManche(rng);
  REQUIRE(g.phase() == "manche-over");
  const int64_t manche_one = g.head();
  CHECK(manche_one > 20);
  const json::value state = Json(PliArgv({"state", "--db", g.db(), "--json"}));
  CHECK(state.at("phase") == "manche-over");
  CHECK(state.at("ranking").as_array().size() == 4);

  // Manche 2 opens with the exchange (RULES.md §11): four gifts, then play.
  CHECK(g.Act("deal", {"--seed", "7"}).at("phase") == "exchange");
  int gifts = 0;
  while (g.phase() == "exchange") {
    const std::vector<std::string> lines = g.Legal();
    REQUIRE(!lines.empty());
    CHECK_THAT(lines.front(), Catch::StartsWith("exchange  seat "));
    g.TakeLegal(0);
    ++gifts;
    REQUIRE(gifts <= 4);
  }
  CHECK(gifts == 4);
  CHECK(g.phase() == "play");
  for (int i = 0; i < 5; ++i) g.TakeLegal(static_cast<unsigned>(i));
  CHECK(g.Act("end", {}).at("phase") == "game-over");

  const json::value audit = AuditDb(g.db(), 0, {"--head", g.HeadArg()});
  const json::value& game = audit.at("games").at(0);
  CHECK(game.at("game") == "demo");
  CHECK(Int(game.at("events")) == g.head());
  CHECK(game.at("chain") == "ok");
  CHECK(game.at("violations").as_array().empty());
  CHECK(game.at("chain_problems").as_array().empty());
  // Every acknowledged head, not only the last, is still in the log.
  CHECK(AuditDb(g.db(), 0, {"--head", std::to_string(manche_one) + ":" + g.acks()[manche_one - 1]})
            .at("games")
            .at(0)
            .at("chain") == "ok");
  Result text = PliArgv({"audit", "--db", g.db()});
  CHECK(text.status == 0);
  CHECK_THAT(text.out, Catch::StartsWith("game demo: " + std::to_string(g.head()) +
                                         " events, hash chain ok, clean\ndatabase head db:1:"));
}

// The live commands refuse strings that the stored encoding could not read
// back (FORMAT.md: a game id is not empty; strings are valid UTF-8): stored,
// they would make the game read as tampered ("event 1 does not decode")
// and stop it for good. Malformed input: exit 2, nothing written.
TEST_CASE("live: a game id, seat name, --id or --time the store cannot read back is refused") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g0");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  const std::string before = Export(g.db());
  const std::string bad = "\xff";
  struct Bad {
    std::vector<std::string> args;
    std::string message;
  };
  for (const Bad& c : std::vector<Bad>{
           {{"--game", "", "--seats", "A,B,C,D"}, "game id"},
           {{"--game", bad, "--seats", "A,B,C,D"}, "game id"},
           {{"--game", "g1", "--seats", bad + ",B,C,D"}, "seat name"},
           {{"--game", "g2", "--seats", "A,B,C,D", "--id", bad}, "id"},
           {{"--game", "g3", "--seats", "A,B,C,D", "--time", bad}, "RFC 3339"},
       }) {
    std::vector<std::string> argv = {"new", "--db", g.db()};
    argv.insert(argv.end(), c.args.begin(), c.args.end());
    Result r = PliArgv(argv);
    INFO(c.args[0] << " " << c.args[1] << ": " << r.out << r.err);
    CHECK(r.status == 2);
    CHECK_THAT(r.err, Catch::StartsWith("pli: ") && Catch::Contains(c.message));
    CHECK(Export(g.db()) == before);
  }
  AuditDb(g.db(), 0);
}

// Issue 11 item 5: the refusal of a live action is read by the player who
// acted, so it names no card hidden from them: not who holds the rest of
// the rank a close lacks (X1), nor who holds a card they do not (P1).
TEST_CASE("live: a refused close or play names no card hidden from the player (X1, P1)") {
  TempDir dir;
  LiveGame g((dir.path / "g.db").string(), "g1");
  g.Act("new", {"--seats", "Ana,Bo,Cy,Di"});
  g.Act("deal", HandArgs(kCloseHands));
  g.Act("play", {"--seat", "Cy", "5h"});  // the other 5s: 5c Ana, 5d Bo, 5s Di
  const json::value refused = g.Act("close", {"--seat", "Ana", "5c"}, 1);
  CHECK(refused.at("violation").at("code") == "close-not-allowed");
  CHECK(refused.at("violation").at("rule") == "X1");
  CHECK(!refused.at("violation").as_object().contains("hidden"));
  for (const json::value* m : {&refused.at("message"), &refused.at("violation").at("message")}) {
    const std::string message = Str(*m);
    INFO(message);
    CHECK(message == "Ana (seat 0) does not hold every remaining 5: 2 more are in other hands");
  }
  // The same refusal in text, on stderr.
  Result text = PliArgv({"close", "--db", g.db(), "--game", "g1", "--seat", "Ana", "5c"});
  INFO(text.err);
  CHECK(text.status == 1);
  CHECK_THAT(text.err, Catch::Contains("2 more are in other hands"));
  for (const char* hidden : {"5d", "5s", "Bo", "Di"}) CHECK_THAT(text.err, !Catch::Contains(hidden));
  // P1: Di (seat 3, next to play) names Bo's 6d: not told it is Bo's.
  const json::value stolen = g.Act("play", {"--seat", "Di", "6d"}, 1);
  CHECK(stolen.at("violation").at("code") == "card-not-in-hand");
  CHECK(Str(stolen.at("message")) == "Di (seat 3) does not hold 6d");
}
