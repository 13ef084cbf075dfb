// skull_king_replay_test.cc: `pli replay` and `pli diff` on Skull King
// (issue 14), through the game interface (games/game.h: Match::Progress,
// Game::SameEvent). The log is SKULL_KING.md's worked example C
// (games/skull_king/tests/data/replay-two-manches.jsonl), and every expected
// value is worked out by hand from SKULL_KING.md:
//   manche 1 (SK-D1: H = 1), dealt at 2 by seat 0; bids 3-5; its one pli is
//   2g 3g 1g at 6-8: green led, no yellow (trump, turned 4y), 3g (seat 2)
//   wins (SK-W1 c), and the third card closes the pli (SK-P1) and plays the
//   manche out (SK-P2). Manche 2 (H = 2), dealt at 9 by seat 1 (SK-S2);
//   bids 10, 11, 13 (12 refused: bid-equalizes, SK-B4); pli 1 at 15-17
//   (14 refused: declare-required, SK-P3): the King wins over two
//   pirate-like cards, bonus 60 (SK-W1 a2, SK-N2); pli 2 at 18-20: 9y wins
//   (yellow led, no purple), bonus 20 for the black 14, which does not
//   count for seat 2, who bid 0 (SK-N3). Scores [30, 90, -20].
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <fstream>
#include <map>
#include <set>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Pli;
using pli::test::Quote;
using pli::test::Result;

const std::string kData = std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/";
const std::string kExampleC = kData + "replay-two-manches.jsonl";

boost::json::value Doc(const Result& r) {
  INFO(r.out << r.err);
  return boost::json::parse(r.out);
}

// The walk split into its paragraphs, by seq (each begins "pli replay  game").
std::map<int64_t, std::string> Paragraphs(const std::string& out) {
  std::map<int64_t, std::string> by_seq;
  const std::string head = "pli replay  game skc  seq ";
  size_t at = out.find(head);
  while (at != std::string::npos) {
    const size_t next = out.find(head, at + 1);
    const std::string text = out.substr(at, next == std::string::npos ? std::string::npos : next - at);
    by_seq[std::stoll(text.substr(head.size()))] = text;
    at = next;
  }
  return by_seq;
}

// The seqs whose paragraph holds `text`.
std::set<int64_t> SeqsWith(const std::map<int64_t, std::string>& walk, const std::string& text) {
  std::set<int64_t> seqs;
  for (const auto& [seq, paragraph] : walk) {
    if (paragraph.find(text) != std::string::npos) seqs.insert(seq);
  }
  return seqs;
}

bool Has(const std::string& s, const std::string& part) { return s.find(part) != std::string::npos; }

// Writes `lines` to `path`.
void Write(const std::filesystem::path& path, const std::vector<std::string>& lines) {
  std::ofstream out(path);
  for (const std::string& line : lines) out << line << "\n";
}

std::vector<std::string> ExampleLines() {
  std::ifstream in(kExampleC);
  std::vector<std::string> lines;
  for (std::string line; std::getline(in, line);) lines.push_back(line);
  REQUIRE(lines.size() == 20);
  return lines;
}

}  // namespace

TEST_CASE("Skull King replay | cat: the walk marks each deal, pli closed and manche played out (SK-P1, SK-P2)") {
  const Result r = Pli("replay " + Quote(kExampleC));
  INFO(r.out << r.err);
  REQUIRE(r.status == 0);
  CHECK(r.err.empty());
  const auto walk = Paragraphs(r.out);
  REQUIRE(walk.size() == 20);
  CHECK(SeqsWith(walk, "manche 1 dealt") == std::set<int64_t>{2});
  CHECK(SeqsWith(walk, "manche 2 dealt") == std::set<int64_t>{9});
  CHECK(SeqsWith(walk, " closed\n") == std::set<int64_t>{8, 17, 20});
  CHECK(SeqsWith(walk, "  pli 1 closed") == std::set<int64_t>{8, 17});
  CHECK(SeqsWith(walk, "  pli 2 closed") == std::set<int64_t>{20});
  CHECK(SeqsWith(walk, "played out") == std::set<int64_t>{8, 20});
  CHECK(SeqsWith(walk, "manche 1 played out") == std::set<int64_t>{8});
  // The head names the manche and the pli on the table.
  CHECK(Has(walk.at(1), "seq 1 of 20\n"));  // no manche before the first deal
  CHECK(Has(walk.at(8), "seq 8 of 20  manche 1  pli 1\n"));
  CHECK(Has(walk.at(9), "seq 9 of 20  manche 2  pli 1\n"));
  CHECK(Has(walk.at(17), "seq 17 of 20  manche 2  pli 2\n"));
  CHECK(Has(walk.at(20), "seq 20 of 20  manche 2  pli 2\n"));
}

TEST_CASE("Skull King replay: the screen shows dealer, trump, bids against plis, the winning card and the scores") {
  const auto walk = Paragraphs(Pli("replay " + Quote(kExampleC)).out);
  REQUIRE(walk.size() == 20);
  // Manche 2 is dealt by seat 1 (SK-S2), turned 1p: purple is trump (SK-D4).
  CHECK(Has(walk.at(9), "dealer seat 1 (B), 2 card(s) each, turned 1p, trump purple"));
  CHECK(Has(walk.at(9), "seat 0 (A): 14b pirate"));  // every hand, in canonical order (SK-C2)
  // After 16: the Tigress as pirate, then a pirate: the first pirate-like
  // card wins so far (SK-W1 a3).
  CHECK(Has(walk.at(16), "winning: seat 2 (C) with tigress as pirate"));
  // After 17: the King takes both, bonus 30 for each pirate-like card (SK-N2).
  CHECK(Has(walk.at(17), "won by seat 1 (B) with king (SK-W1), bonus 60"));
  CHECK(Has(walk.at(17), "seat 1 (B): bid 1, won 1"));
  // After 20: the score table and the totals of SKULL_KING.md's example C.
  CHECK(Has(walk.at(20), "won by seat 2 (C) with 9y (SK-W1), bonus 20"));
  CHECK(Has(walk.at(20), "manche 1: seat 0 (A) 0/0: 10 + 0, seat 1 (B) 0/0: 10 + 0, seat 2 (C) 0/1: -10 + 0"));
  CHECK(Has(walk.at(20), "manche 2: seat 0 (A) 0/0: 20 + 0, seat 1 (B) 1/1: 20 + 60, seat 2 (C) 0/1: -10 + 0"));
  CHECK(Has(walk.at(20), "scores: seat 0 (A) 30, seat 1 (B) 90, seat 2 (C) -20"));
}

TEST_CASE("Skull King replay: an illegal event is refused with its code and rule, and changes nothing") {
  const auto walk = Paragraphs(Pli("replay " + Quote(kExampleC)).out);
  REQUIRE(walk.size() == 20);
  CHECK(SeqsWith(walk, "ILLEGAL") == std::set<int64_t>{12, 14});
  CHECK(Has(walk.at(12), "ILLEGAL bid-equalizes (SK-B4)"));
  CHECK(Has(walk.at(14), "ILLEGAL declare-required (SK-P3)"));
  CHECK(Has(walk.at(14), "It changes nothing."));
  // --json: the state after 12 is the state after 11, after 14 that after 13.
  const boost::json::value steps = Doc(Pli("replay " + Quote(kExampleC) + " --json"));
  for (int64_t seq : {12, 14}) {
    boost::json::object after = steps.at(seq - 1).at("state").as_object();
    boost::json::object before = steps.at(seq - 2).at("state").as_object();
    CHECK(after.at("seq") == seq);  // the count of events folded moves on
    after.erase("seq");
    before.erase("seq");
    CHECK(after == before);
    CHECK(steps.at(seq - 1).at("legal") == false);
  }
  CHECK(steps.at(11).at("violation").at("code") == "bid-equalizes");
  CHECK(steps.at(11).at("violation").at("rule") == "SK-B4");
}

TEST_CASE("Skull King replay --json: one step per event with the bounds where the rules put them") {
  const Result r = Pli("replay " + Quote(kExampleC) + " --json");
  REQUIRE(r.status == 0);
  const boost::json::value doc = Doc(r);
  const boost::json::array& steps = doc.as_array();
  REQUIRE(steps.size() == 20);
  std::set<int64_t> pli_ends, starts, ends;
  for (const boost::json::value& step : steps) {
    const int64_t seq = step.at("seq").as_int64();
    if (step.at("pli_end").as_bool()) pli_ends.insert(seq);
    if (step.at("manche_start").as_bool()) starts.insert(seq);
    if (step.at("manche_end").as_bool()) ends.insert(seq);
  }
  CHECK(pli_ends == std::set<int64_t>{8, 17, 20});
  CHECK(starts == std::set<int64_t>{2, 9});
  CHECK(ends == std::set<int64_t>{8, 20});
  CHECK(steps.at(16).at("pli_number") == 2);  // after 17: pli 2 on the table
  CHECK(steps.at(16).at("manche") == 2);
  CHECK(steps.at(16).at("state").at("last_trick").at("bonus") == 60);
  CHECK(steps.at(19).at("state").at("scores") == boost::json::parse("[30,90,-20]"));
  CHECK(steps.at(1).at("event").at("turned") == "4y");
  // --at: the walk starts there.
  const boost::json::value at9 = Doc(Pli("replay " + Quote(kExampleC) + " --at 9 --json"));
  const boost::json::array& from = at9.as_array();
  REQUIRE(from.size() == 12);
  CHECK(from.front().at("seq") == 9);
}

TEST_CASE("Skull King replay: from a database and standard input, --seat and a bad --at are exit 2") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "sk.db").string());
  // Import keeps the illegal events only when told to (for audit).
  REQUIRE(Pli("import --db " + db + " " + Quote(kExampleC) + " --keep-illegal").status == 0);
  const Result stored = Pli("replay --db " + db + " --at 17");
  INFO(stored.err);
  CHECK(stored.status == 0);
  CHECK(Has(stored.out, "seq 17 of 20  manche 2  pli 2"));
  const Result piped = Pli("replay -", kExampleC);
  CHECK(piped.status == 0);
  CHECK(Paragraphs(piped.out).size() == 20);
  const Result seat = Pli("replay " + Quote(kExampleC) + " --seat 1");
  CHECK(seat.status == 2);
  CHECK(Has(seat.err, "--seat"));
  const Result past = Pli("replay " + Quote(kExampleC) + " --at 21");
  CHECK(past.status == 2);
  CHECK(Has(past.err, "--at 21"));
}

TEST_CASE("Skull King diff: the first event where two records part, both sides as canonical lines") {
  pli::test::TempDir tmp;
  std::vector<std::string> lines = ExampleLines();
  // B: at seq 13 seat 1 bids 0, not 1 (0 + 0 + 0 = 0 is not H = 2: legal,
  // SK-B4); everything before is the same.
  std::vector<std::string> changed = lines;
  changed[12] = R"({"type":"bid","seat":1,"bid":0})";
  const auto b = tmp.path / "b.jsonl";
  Write(b, changed);
  const Result text = Pli("diff " + Quote(kExampleC) + " " + Quote(b.string()));
  INFO(text.out << text.err);
  CHECK(text.status == 1);
  CHECK(Has(text.out, "the logs diverge at event 13 (12 events in common; A has 20, B has 20)"));
  CHECK(Has(text.out, R"(: {"type":"bid","seq":13,"seat":1,"bid":1})"));
  CHECK(Has(text.out, R"(: {"type":"bid","seq":13,"seat":1,"bid":0})"));
  CHECK(Has(text.out, "the table after event 12, the last they share"));
  const boost::json::value d = Doc(Pli("diff " + Quote(kExampleC) + " " + Quote(b.string()) + " --json"));
  CHECK(d.at("result") == "diverge");
  CHECK(d.at("seq") == 13);
  CHECK(d.at("common") == 12);
  CHECK(d.at("game_a") == "skc");
  CHECK(d.at("a").at("event").at("bid") == 1);
  CHECK(d.at("b").at("event").at("bid") == 0);
  CHECK(d.at("a").at("legal") == true);
  CHECK(d.at("b").at("legal") == true);
  // The table both were played into: after 12 (refused), as after 11.
  CHECK(d.at("state").at("to_bid") == boost::json::parse("[1]"));
  CHECK(d.at("state").at("bids") == boost::json::parse("[0,null,0]"));
  // A side whose event is refused says so, with its code and rule: seat 1's
  // 2 at seq 12 against its 1.
  std::vector<std::string> early = lines;
  early.erase(early.begin() + 11);  // B bids 1 at 12
  const auto c = tmp.path / "c.jsonl";
  Write(c, early);
  const boost::json::value e = Doc(Pli("diff " + Quote(kExampleC) + " " + Quote(c.string()) + " --json"));
  CHECK(e.at("seq") == 12);
  CHECK(e.at("a").at("legal") == false);
  CHECK(e.at("a").at("violation").at("code") == "bid-equalizes");
  CHECK(e.at("a").at("violation").at("rule") == "SK-B4");
  CHECK(e.at("b").at("legal") == true);
}

TEST_CASE("Skull King diff: card order and ids aside the records are the same, a prefix, one side from --db") {
  pli::test::TempDir tmp;
  std::vector<std::string> lines = ExampleLines();
  // The same deal with seat 0's cards written the other way round, and an id.
  std::vector<std::string> same = lines;
  same[8] = R"({"type":"deal","hands":[["14b","pirate"],["5y","king"],["9y","tigress"]],"turned":"1p"})";
  same[9] = R"({"type":"bid","seat":2,"bid":0,"id":"k1"})";
  const auto b = tmp.path / "same.jsonl";
  Write(b, same);
  const Result identical = Pli("diff " + Quote(kExampleC) + " " + Quote(b.string()));
  INFO(identical.out << identical.err);
  CHECK(identical.status == 0);
  CHECK(Has(identical.out, "identical (20 events)"));
  // --strict compares ids too: they part at 10.
  const boost::json::value strict = Doc(Pli("diff " + Quote(kExampleC) + " " + Quote(b.string()) + " --strict --json"));
  CHECK(strict.at("result") == "diverge");
  CHECK(strict.at("seq") == 10);
  // The log cut after pli 1 of manche 2: a prefix, the longer side goes on at 18.
  const auto cut = tmp.path / "cut.jsonl";
  Write(cut, std::vector<std::string>(lines.begin(), lines.begin() + 17));
  const boost::json::value prefix = Doc(Pli("diff " + Quote(cut.string()) + " " + Quote(kExampleC) + " --json"));
  CHECK(prefix.at("result") == "prefix");
  CHECK(prefix.at("seq") == 18);
  CHECK(prefix.at("a").is_null());
  CHECK(prefix.at("b").at("event").at("cards") == boost::json::parse(R"(["5y"])"));
  // One side from a database.
  const std::string db = Quote((tmp.path / "sk.db").string());
  REQUIRE(Pli("import --db " + db + " " + Quote(kExampleC) + " --keep-illegal").status == 0);
  const Result stored = Pli("diff --db-a " + db + " " + Quote(kExampleC));
  INFO(stored.err);
  CHECK(stored.status == 0);
  // Two different games are bad usage.
  const Result mixed = Pli("diff " + Quote(kExampleC) + " " +
                           Quote(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/seed/5.1-suite.jsonl"));
  CHECK(mixed.status == 2);
  CHECK(Has(mixed.err, "same game"));
}

TEST_CASE("Skull King: backup copies the database, and the copy audits, replays and exports the same") {
  pli::test::TempDir tmp;
  const std::string db = Quote((tmp.path / "sk.db").string());
  const std::string copy = Quote((tmp.path / "copy.db").string());
  REQUIRE(Pli("import --db " + db + " " + Quote(kExampleC) + " --keep-illegal").status == 0);
  const Result backup = Pli("backup --db " + db + " " + copy + " --json");
  INFO(backup.out << backup.err);
  REQUIRE(backup.status == 0);
  CHECK(Doc(backup).at("result") == "ok");
  // The copy holds the same game, hash for hash; the refused events are
  // reported by audit (SK-B4, SK-P3), exit 1.
  const boost::json::value audit = Doc(Pli("audit --db " + copy + " --continue --json"));
  const boost::json::array& v = audit.at("games").at(0).at("violations").as_array();
  REQUIRE(v.size() == 2);
  CHECK(v[0].at("seq") == 12);
  CHECK(v[1].at("seq") == 14);
  CHECK(Pli("export --db " + db).out == Pli("export --db " + copy).out);
  const Result replayed = Pli("replay --db " + copy + " --at 20");
  CHECK(replayed.status == 0);
  CHECK(Has(replayed.out, "manche 2 played out"));
  // The export imports again (with its hashes) into a third database and
  // exports the same bytes.
  const auto exported = tmp.path / "sk.jsonl";
  REQUIRE(Pli("export --db " + copy + " --output " + Quote(exported.string())).status == 0);
  const std::string again = Quote((tmp.path / "again.db").string());
  REQUIRE(Pli("import --db " + again + " " + Quote(exported.string()) + " --keep-illegal").status == 0);
  CHECK(Pli("export --db " + again).out == Pli("export --db " + db).out);
  CHECK(Pli("diff --db-a " + again + " " + Quote(kExampleC) + " --strict").status == 0);
}
