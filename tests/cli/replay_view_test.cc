// replay_view_test.cc: `pli replay` without a terminal (cli/replay_view.cc):
// standard output is a pipe here, so it prints the walk (or, with --json,
// the array of steps) instead of the screen. The screen itself is tested
// under tmux by replay_tmux_test.sh.
#include <catch2/catch.hpp>
#include <sstream>
#include <string>
#include <vector>

#include "tests/cli/run.h"

namespace {

using pli::test::Int;
using pli::test::Json;
using pli::test::PliArgv;
using pli::test::Result;
using pli::test::Str;

std::string Fixture(const std::string& name) {
  return std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/" + name + ".jsonl";
}

// The blocks of a walk: one per event, separated by blank lines.
std::vector<std::string> Blocks(const std::string& out) {
  std::vector<std::string> blocks;
  std::istringstream in(out);
  std::string block;
  for (std::string line; std::getline(in, line);) {
    if (line.empty()) {
      if (!block.empty()) blocks.push_back(block);
      block.clear();
    } else {
      block += line + "\n";
    }
  }
  if (!block.empty()) blocks.push_back(block);
  return blocks;
}

bool Has(const std::string& text, const std::string& part) {
  return text.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("replay | cat: every event and the state after it, as plain text") {
  const Result r = PliArgv({"replay", Fixture("seed/5.1-suite")});
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  CHECK_FALSE(Has(r.out, "\x1b"));  // no escape sequence when stdout is not a terminal
  const std::vector<std::string> blocks = Blocks(r.out);
  REQUIRE(blocks.size() == 11);
  for (size_t i = 0; i < blocks.size(); ++i) {
    CHECK(Has(blocks[i], "seq " + std::to_string(i + 1) + " of 11"));
  }
  CHECK(Has(blocks[0], "hands: none dealt yet"));
  CHECK(Has(blocks[1], "deal of manche 1: hands of 13 13 13 13 cards"));
  CHECK(Has(blocks[1], "> seat 0 (A)  13 cards  to play     3d 4d 5c 5h"));  // S3: Qh leads
  CHECK(Has(blocks[3], "event 4: play: seat 1 (B) 6c, declaring suite"));
  CHECK(Has(blocks[3], "in force: count 1, mode suite, ou-rien no, révolution no"));
  CHECK(Has(blocks[4], "plays: A 5c, B 6c suite, C 7c\n"));
  CHECK(Has(blocks[9], "turn: seat 2 (C), who goes on alone or passes (R4)"));
  CHECK(Has(blocks[9], "seat 3 (D)  13 cards  out of pli"));
  CHECK(Has(blocks[10], "pli 1 ended (R4)"));
  CHECK(Has(blocks[10], "pli 2: led by seat 2 (C), no play yet"));
}

TEST_CASE("replay --at SEQ: the walk starts there") {
  const Result r = PliArgv({"replay", Fixture("seed/5.1-suite"), "--at", "9"});
  REQUIRE(r.status == 0);
  const std::vector<std::string> blocks = Blocks(r.out);
  REQUIRE(blocks.size() == 3);
  CHECK(Has(blocks[0], "seq 9 of 11"));
}

TEST_CASE("replay: an illegal event is marked with its code and rule, and changes nothing") {
  const Result r = PliArgv({"replay", Fixture("rules/P3-too-weak-illegal"), "--at", "3"});
  REQUIRE(r.status == 0);  // replaying is not auditing
  const std::vector<std::string> blocks = Blocks(r.out);
  REQUIRE(blocks.size() == 3);
  CHECK(Has(blocks[0], "  legal\n"));
  CHECK(Has(blocks[1], "ILLEGAL too-weak (P3): "));
  CHECK(Has(blocks[1], "It changes nothing."));
  // Everything below the verdict is as it was after event 3.
  auto after_verdict = [](const std::string& b) { return b.substr(b.find("\nphase")); };
  CHECK(after_verdict(blocks[1]) == after_verdict(blocks[0]));
}

TEST_CASE("replay: a manche ends at F3 with its ranking, and the next deal shows the gifts") {
  const Result r = PliArgv({"replay", Fixture("rules/K1-exchange-legal"), "--at", "20"});
  REQUIRE(r.status == 0);
  const std::vector<std::string> blocks = Blocks(r.out);
  REQUIRE(blocks.size() == 7);
  CHECK(Has(blocks[0], "manche 1 is over (F3)"));
  CHECK(Has(blocks[0], "pli 12 ended (F3)"));
  CHECK(Has(blocks[0],
            "last ranking: 1. Président seat 0 (A), 2. Vice-Président seat 1 (B), "
            "3. Vice-Trouduc seat 2 (C), 4. Trouduc seat 3 (D)"));
  CHECK(Has(blocks[1], "seq 21 of 26  manche 2  pli 1"));
  CHECK(Has(blocks[1], "turn: none, gifts are owed (K3)"));
  CHECK(Has(blocks[1], "seat 0 (A) owes seat 3 (D) 2 card(s): the weakest"));
}

TEST_CASE("replay --seat: the other hands are counts") {
  for (const char* seat : {"1", "B"}) {
    const Result r = PliArgv({"replay", Fixture("seed/5.1-suite"), "--at", "2", "--seat", seat});
    REQUIRE(r.status == 0);
    const std::string block = Blocks(r.out).front();
    CHECK(Has(block, "seen by seat 1 (B)"));
    CHECK(Has(block, "  seat 1 (B)  13 cards              3h 4h 5s"));
    CHECK(Has(block, "  seat 2 (C)  13 cards\n"));
    CHECK_FALSE(Has(block, "3s 4s"));  // C's cards
  }
}

TEST_CASE("replay --json: one array of steps") {
  const Result r = PliArgv({"replay", Fixture("seed/5.1-suite"), "--json"});
  REQUIRE(r.status == 0);
  const boost::json::array steps = Json(r).as_array();
  REQUIRE(steps.size() == 11);
  for (size_t i = 0; i < steps.size(); ++i) {
    CHECK(Int(steps[i].at("seq")) == static_cast<int64_t>(i) + 1);
    CHECK(Int(steps[i].at("state").at("seq")) == static_cast<int64_t>(i) + 1);
  }
  CHECK(Str(steps[3].at("event").at("declare")) == "suite");
  CHECK(Str(steps[3].at("state").at("pli").at("mode")) == "suite");
  CHECK(steps[1].at("manche_start").as_bool());
  CHECK(steps[10].at("pli_end").at("rule") == "R4");
  CHECK(steps[9].at("pli_end").is_null());
  CHECK(Int(steps[10].at("pli_number")) == 2);
  CHECK(steps[4].at("pli_events") == boost::json::array{3, 4, 5});
  CHECK(steps[4].at("hand_sizes") == boost::json::array{12, 12, 12, 13});
}

TEST_CASE("replay --json: illegal steps, and --seat hides the other hands") {
  const Result bad = PliArgv({"replay", Fixture("rules/P3-too-weak-illegal"), "--json"});
  REQUIRE(bad.status == 0);
  const boost::json::array steps = Json(bad).as_array();
  REQUIRE(steps.size() == 5);
  CHECK_FALSE(steps[3].at("legal").as_bool());
  CHECK(steps[3].at("violation").at("code") == "too-weak");
  CHECK(steps[3].at("violation").at("rule") == "P3");
  CHECK(steps[4].at("legal").as_bool());

  const Result seat = PliArgv({"replay", Fixture("seed/5.1-suite"), "--json", "--seat", "2"});
  REQUIRE(seat.status == 0);
  const boost::json::value deal = Json(seat).as_array()[1];
  CHECK(deal.at("event").at("hands").as_array()[0].is_null());
  CHECK(deal.at("event").at("hands").as_array()[2].as_array().size() == 13);
  CHECK(deal.at("state").at("hands").as_array()[1].is_null());
  CHECK(deal.at("state").at("hands").as_array()[2].as_array().size() == 13);
  CHECK(deal.at("hand_sizes") == boost::json::array{13, 13, 13, 13});
}

TEST_CASE("replay: from standard input and from a database") {
  const Result piped = PliArgv({"replay", "-"}, Fixture("seed/5.6-close"));
  REQUIRE(piped.status == 0);
  CHECK(Blocks(piped.out).size() == 6);
  CHECK(Has(piped.out, "pli 1 ended (E4)"));

  pli::test::TempDir dir;
  const std::string db = (dir.path / "games.db").string();
  REQUIRE(PliArgv({"import", "--db", db, Fixture("seed/5.6-close")}).status == 0);
  const Result r = PliArgv({"replay", "--db", db, "--game", "5.6-close", "--at", "6"});
  INFO(r.err);
  REQUIRE(r.status == 0);
  CHECK(Has(r.out, "seq 6 of 6"));
  CHECK(Has(r.out, "close: seat 3 (D) 6s, out of turn"));
}

TEST_CASE("replay: bad usage is exit 2 with a message") {
  const std::string file = Fixture("seed/5.1-suite");
  const Result past = PliArgv({"replay", file, "--at", "12"});
  CHECK(past.status == 2);
  CHECK(Has(past.err, "--at 12 is past the end"));
  const Result zero = PliArgv({"replay", file, "--at", "0"});
  CHECK(zero.status == 2);
  const Result seat = PliArgv({"replay", file, "--seat", "4"});
  CHECK(seat.status == 2);
  CHECK(Has(seat.err, "--seat 4"));
  CHECK(Has(seat.err, "0 (A), 1 (B), 2 (C), 3 (D)"));
  const Result none = PliArgv({"replay"});
  CHECK(none.status == 2);
  const Result missing = PliArgv({"replay", "/nonexistent/game.jsonl"});
  CHECK(missing.status == 2);

  pli::test::TempDir dir;
  const std::string two = dir.Write(
      "two.jsonl", pli::test::ReadBytes(file) + pli::test::ReadBytes(Fixture("seed/5.6-close")));
  const Result several = PliArgv({"replay", two});
  CHECK(several.status == 2);
  CHECK(Has(several.err, "choose one with --game ID"));
  CHECK(PliArgv({"replay", two, "--game", "5.6-close"}).status == 0);
}

TEST_CASE("replay --help teaches the keys") {
  const Result r = PliArgv({"replay", "--help"});
  REQUIRE(r.status == 0);
  for (const char* key : {"Right, l", "Left, h", "n, Down", "p, Up", "N, PageDown", "P, PageUp",
                          "g SEQ Enter", "0, Home", "$, End", "q, Esc"}) {
    CHECK(Has(r.out, key));
  }
  CHECK(Has(r.out, "--seat"));
  CHECK(Has(r.out, "NO_COLOR"));
}

namespace {
// The walk's lines up to the next event's: what is shown at one seq.
std::string At(const std::string& out, int next_seq) {
  return out.substr(0, out.find("event " + std::to_string(next_seq) + ":"));
}
}  // namespace

// Issue 11 item 5: --seat promises to hide the other hands, so a verdict is
// the one that seat may read: the player's own sentence for the seat that
// acted, the table's for any other; without --seat the adjudicator's, with
// what was hidden from the player marked.
TEST_CASE("replay --seat: a verdict names no card hidden from that seat (X1, P4)") {
  // seq 5: D (seat 3) closes with 6s while C (seat 2) still holds 6h.
  const std::string log = Fixture("rules/X1-close-not-all-cards-illegal");
  const Result full = PliArgv({"replay", log, "--at", "5"});
  REQUIRE(full.status == 0);
  CHECK_THAT(At(full.out, 6), Catch::Contains("D (seat 3) does not hold every remaining 6: one more is in another hand "
                                              "(hidden from the player: 6h is with C (seat 2))"));
  const Result actor = PliArgv({"replay", log, "--at", "5", "--seat", "3"});
  REQUIRE(actor.status == 0);
  CHECK_THAT(At(actor.out, 6), Catch::Contains("D (seat 3) does not hold every remaining 6: one more is in another hand."));
  CHECK_THAT(At(actor.out, 6), !Catch::Contains("6h") && !Catch::Contains("hidden"));
  const Result other = PliArgv({"replay", log, "--at", "5", "--seat", "A"});
  REQUIRE(other.status == 0);
  CHECK_THAT(At(other.out, 6), Catch::Contains("D (seat 3) may close only with every remaining 6"));
  CHECK_THAT(At(other.out, 6), !Catch::Contains("6h"));

  const Result json_full = PliArgv({"replay", log, "--json"});
  const boost::json::value v = Json(json_full).as_array()[4].at("violation");
  CHECK(v.at("hidden") == "6h is with C (seat 2)");
  const Result json_seat = PliArgv({"replay", log, "--json", "--seat", "3"});
  const boost::json::value w = Json(json_seat).as_array()[4].at("violation");
  CHECK(!w.as_object().contains("hidden"));
  CHECK(Str(w.at("message")) == "D (seat 3) does not hold every remaining 6: one more is in another hand");

  // P4, seq 5: C (seat 2) passes holding Kh on A's Kc; seat 0 is not shown it.
  const std::string p4 = Fixture("rules/P4-must-play-illegal");
  const Result c = PliArgv({"replay", p4, "--at", "5", "--seat", "2"});
  CHECK_THAT(At(c.out, 6), Catch::Contains("C (seat 2) can play (singles from Kh)"));
  const Result a = PliArgv({"replay", p4, "--at", "5", "--seat", "0"});
  CHECK_THAT(At(a.out, 6), Catch::Contains("C (seat 2) can play, and may pass only when no legal play exists."));
  CHECK_THAT(At(a.out, 6), !Catch::Contains("Kh"));
}
