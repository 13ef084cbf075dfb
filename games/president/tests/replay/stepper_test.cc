// stepper_test.cc: the replay cursor (games/president/replay/stepper.h) on the golden
// fixtures. The bounds expected here are read off RULES.md and the
// fixtures' notes (a pli ends at E1, E2, E3, E4 or R4; a manche at F3), not
// off the stepper's output.
#include "games/president/log.h"
#include "games/president/replay/stepper.h"

#include <catch2/catch.hpp>
#include <string>
#include <variant>
#include <vector>

#include "games/president/replay/fold.h"
#include "replay/scenario.h"

namespace {

using pli::PliEnd;
using pli::Stepper;
using Seqs = std::vector<int64_t>;
using Ends = std::vector<std::pair<int64_t, std::string>>;  // seq, rule

const std::string kFixtures = std::string(PLI_SOURCE_DIR) + "/games/president/fixtures";

pli::GameLog Fixture(const std::string& name) {
  auto read = pli::ReadLogFile(kFixtures + "/" + name + ".jsonl");
  REQUIRE(std::holds_alternative<std::vector<pli::GameLog>>(read));
  auto& games = std::get<std::vector<pli::GameLog>>(read);
  REQUIRE(games.size() == 1);
  return games.front();
}

// The seqs whose frame ended a pli, with the rule that ended it.
Ends PliEnds(const Stepper& s) {
  Ends ends;
  for (int64_t seq = 1; seq <= s.size(); ++seq) {
    if (s.frame(seq).pli_end != PliEnd::kNone)
      ends.emplace_back(seq, PliEndRule(s.frame(seq).pli_end));
  }
  return ends;
}

}  // namespace

TEST_CASE("Stepper: 5.1 la suite: the pli ends when the lone player stops (R4)") {
  Stepper s(Fixture("seed/5.1-suite"));
  REQUIRE(s.size() == 11);
  CHECK(s.seq() == 1);
  // U1/U2: the suite runs 5 6 7 8 9; after C's 9 everyone else is out and
  // C's pass at seq 11 closes the pli (R4, E3); the deal at 2 began it.
  CHECK(s.pli_bounds() == Seqs{2, 11});
  CHECK(PliEnds(s) == Ends{{11, "R4"}});
  CHECK(s.manche_starts() == Seqs{2});
  CHECK(s.manche_ends().empty());
  CHECK(s.frame(1).pli_number == 0);
  for (int64_t seq = 2; seq <= 10; ++seq) CHECK(s.frame(seq).pli_number == 1);
  CHECK(s.frame(11).pli_number == 2);
  CHECK(s.frame(11).state.pli.leader == 2);  // C leads the next pli
}

TEST_CASE("Stepper: moving by event stays within 1..size") {
  Stepper s(Fixture("seed/5.1-suite"));
  CHECK_FALSE(s.Prev());
  CHECK(s.seq() == 1);
  CHECK(s.Next());
  CHECK(s.seq() == 2);
  CHECK(s.Prev());
  CHECK(s.seq() == 1);
  CHECK(s.Last());
  CHECK(s.seq() == 11);
  CHECK_FALSE(s.Next());
  CHECK_FALSE(s.Last());
  CHECK(s.First());
  CHECK_FALSE(s.First());
  CHECK(s.Jump(5));
  CHECK(s.seq() == 5);
  CHECK(s.Jump(5));  // in range: fine, even where it already is
  CHECK_FALSE(s.Jump(0));
  CHECK_FALSE(s.Jump(12));
  CHECK_FALSE(s.Jump(-1));
  CHECK(s.seq() == 5);
}

TEST_CASE("Stepper: by pli: to where the pli ends, back to where it began") {
  Stepper s(Fixture("seed/5.1-suite"));
  CHECK(s.NextPli());  // from the game event: the deal begins the first pli
  CHECK(s.seq() == 2);
  CHECK(s.Next());
  CHECK(s.NextPli());
  CHECK(s.seq() == 11);
  CHECK_FALSE(s.NextPli());  // no pli ends after the last event
  CHECK(s.Jump(7));
  CHECK(s.PrevPli());  // back to where the pli on the table began
  CHECK(s.seq() == 2);
  CHECK(s.PrevPli());
  CHECK(s.seq() == 1);
  CHECK_FALSE(s.PrevPli());
  CHECK(s.Jump(11));
  CHECK(s.PrevPli());
  CHECK(s.seq() == 2);
}

TEST_CASE("Stepper: by manche in a one-manche game: the last event, then back to the deal") {
  Stepper s(Fixture("seed/5.1-suite"));
  CHECK(s.Jump(3));
  CHECK(s.NextManche());  // no further deal
  CHECK(s.seq() == 11);
  CHECK_FALSE(s.NextManche());
  CHECK(s.PrevManche());
  CHECK(s.seq() == 2);
  CHECK(s.PrevManche());
  CHECK(s.seq() == 1);
  CHECK_FALSE(s.PrevManche());
}

TEST_CASE("Stepper: 5.5: E3, E1, E2 end plis, and F3 ends the manche with its last pli") {
  Stepper s(Fixture("seed/5.5-finish-on-2"));
  REQUIRE(s.size() == 26);
  // Three triples nobody answers (E3 after three passes), a pair of 2s
  // (E1), 8 Q K A then A's 2 (E1), B's and C's carrés (E2), and C's last
  // carré leaves only D with cards (F3).
  CHECK(PliEnds(s) == Ends{{6, "E3"},
                           {10, "E3"},
                           {14, "E3"},
                           {15, "E1"},
                           {20, "E1"},
                           {21, "E2"},
                           {22, "E2"},
                           {23, "E2"},
                           {24, "E2"},
                           {25, "E2"},
                           {26, "F3"}});
  CHECK(s.pli_bounds() == Seqs{2, 6, 10, 14, 15, 20, 21, 22, 23, 24, 25, 26});
  CHECK(s.manche_starts() == Seqs{2});
  CHECK(s.manche_ends() == Seqs{26});
  CHECK(s.frame(26).manche_end);
  CHECK(s.frame(25).pli_number == 11);
  CHECK(s.frame(26).pli_number == 11);  // the manche ends with its eleventh pli
  // F3: the last pli stays on the table, with its last play.
  CHECK(s.frame(26).state.pli.last_seat == 2);
  CHECK(s.PliEvents(26) == Seqs{26});
  CHECK(s.PliEvents(20) == Seqs{16, 17, 18, 19, 20});
  CHECK(s.PliEvents(18) == Seqs{16, 17, 18});
  CHECK(s.PliEvents(15) == Seqs{15});
  CHECK(s.PliEvents(2).empty());
  CHECK(s.PliEvents(1).empty());
}

TEST_CASE("Stepper: K1: two manches, N and P move from deal to deal") {
  Stepper s(Fixture("rules/K1-exchange-legal"));
  REQUIRE(s.size() == 26);
  // Manche 1 (fixture notes): KKK and AAA (E3), 222 (E1), QQQQ (E2, révolution),
  // B's 3 (E1: the top rank under révolution), 4444 5555 6666 (E2), C's 2
  // (E1: normal order again), 7777 8888 (E2), 9999 leaves D alone (F3).
  CHECK(PliEnds(s) == Ends{{6, "E3"},
                           {10, "E3"},
                           {11, "E1"},
                           {12, "E2"},
                           {13, "E1"},
                           {14, "E2"},
                           {15, "E2"},
                           {16, "E2"},
                           {17, "E1"},
                           {18, "E2"},
                           {19, "E2"},
                           {20, "F3"}});
  CHECK(s.manche_starts() == Seqs{2, 21});
  CHECK(s.manche_ends() == Seqs{20});
  // Manche 2: the gifts (22-25) are no plis; D's lead is the first pli.
  CHECK(s.frame(21).pli_number == 1);
  CHECK(s.frame(26).pli_number == 1);
  CHECK(s.PliEvents(26) == Seqs{26});
  CHECK(s.PliEvents(25).empty());

  CHECK(s.Jump(5));
  CHECK(s.NextManche());
  CHECK(s.seq() == 21);
  CHECK(s.frame().state.manche == 2);
  CHECK(s.NextManche());
  CHECK(s.seq() == 26);  // no third deal: the last event
  CHECK(s.PrevManche());
  CHECK(s.seq() == 21);
  CHECK(s.PrevManche());
  CHECK(s.seq() == 2);
  CHECK(s.Jump(20));
  CHECK(s.NextPli());
  CHECK(s.seq() == 21);  // F3 at 20, then the deal of manche 2
  CHECK(s.NextPli());
  CHECK(s.seq() == 26);
}

TEST_CASE("Stepper: 5.6: an out-of-turn close ends the pli (E4)") {
  Stepper s(Fixture("seed/5.6-close"));
  CHECK(PliEnds(s) == Ends{{6, "E4"}});
  CHECK(s.frame(6).state.pli.leader == 3);  // X3: the closer leads
  CHECK(s.PliEvents(6) == Seqs{3, 4, 5, 6});
}

TEST_CASE("Stepper: 5.3: the pass that ends ou-rien does not end the pli (O3)") {
  Stepper s(Fixture("seed/5.3-ou-rien"));
  CHECK(PliEnds(s) == Ends{{11, "E3"}});
  CHECK(s.frame(5).state.pli.ou_rien);
  CHECK_FALSE(s.frame(6).state.pli.ou_rien);
  CHECK(s.PliEvents(11) == Seqs{3, 4, 5, 6, 7, 8, 9, 10, 11});
}

TEST_CASE("Stepper: an illegal event is a step that changes nothing") {
  Stepper s(Fixture("rules/P3-too-weak-illegal"));
  REQUIRE(s.size() == 5);
  const pli::Frame& bad = s.frame(4);
  REQUIRE(bad.violation.has_value());
  CHECK(bad.violation->code == pli::Code::kTooWeak);
  CHECK(bad.violation->rule == "P3");
  pli::State before = s.frame(3).state;
  before.seq = 4;  // only the position moves
  CHECK(bad.state == before);
  CHECK(bad.pli_end == PliEnd::kNone);
  CHECK_FALSE(s.frame(5).violation.has_value());
  CHECK(s.PliEvents(5) == Seqs{3, 5});  // the illegal 6d was never on the table
}

TEST_CASE("Stepper: on every fixture, each frame is the fold to its seq and bounds agree") {
  for (const std::string& path : pli::FindScenarios(kFixtures)) {
    auto read = pli::ReadLogFile(path);
    if (!std::holds_alternative<std::vector<pli::GameLog>>(read)) continue;  // malformed cases
    for (const pli::GameLog& game : std::get<std::vector<pli::GameLog>>(read)) {
      DYNAMIC_SECTION(path << " " << game.game) {
        Stepper s(game);
        REQUIRE(s.size() == static_cast<int64_t>(game.events.size()));
        for (int64_t seq = 1; seq <= s.size(); ++seq) {
          INFO("seq " << seq);
          const pli::Frame& f = s.frame(seq);
          pli::State folded = pli::FoldTo(game.events, seq);
          folded.ids.clear();
          CHECK(f.state == folded);
          CHECK(f.seq == seq);
          // A bound leaves a pli with no play on the table, but F3 leaves the last one.
          if (f.pli_end != PliEnd::kNone && !f.manche_end) CHECK(f.state.pli.plays == 0);
          if (f.manche_end) CHECK(f.state.ranking.has_value());
          // The plays listed for an open pli are the plays the state counts.
          if (f.pli_end == PliEnd::kNone && f.state.phase == pli::Phase::kPlay) {
            int plays = 0;
            for (int64_t e : s.PliEvents(seq)) {
              plays += std::holds_alternative<pli::PlayEvent>(s.event(e).body) ? 1 : 0;
            }
            CHECK(plays == f.state.pli.plays);
          }
        }
      }
    }
  }
}

TEST_CASE("Stepper: HOUSE_RULES.md H-T2: a pli closed by single_round ends by H-T2, not E3") {
  // X-T3: D's 9c 9d at seq 6; the turn would go to A, who has had his chance.
  CHECK(PliEnds(Stepper(Fixture("house/H-T2-X-T3-single-round"))) == Ends{{6, "H-T2"}});
  // 003's example: E's 99 at seq 7.
  CHECK(PliEnds(Stepper(Fixture("house/H-T2-003-example"))) == Ends{{7, "H-T2"}});
  // H-T1 without single_round: the pli of X-T2 (k = 1) closes by E3 at C's pass.
  CHECK(PliEnds(Stepper(Fixture("house/H-T1-turn-comes-back"))) == Ends{{9, "E3"}});
}
