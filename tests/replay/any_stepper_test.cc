// any_stepper_test.cc: the replay cursor of any game (replay/any_stepper.h)
// over Match::Progress (games/game.h).
// - Skull King: SKULL_KING.md's worked example C (two manches, three
//   seats), whose bounds are read off the rules, not off the stepper: a pli
//   closes once every seat has played (SK-P1), a manche of H(m) = m cards
//   (SK-D1) is played out after H plis (SK-P2), an illegal event changes
//   nothing (SKULL_KING.md "Violation codes").
// - Super Président: on every fixture, the bounds the game reports through
//   the interface are the typed stepper's (games/president/replay/stepper.h, RULES.md E1-E4,
//   R4, X5, F3).
#include "replay/any_stepper.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <sstream>
#include <string>
#include <variant>
#include <vector>

#include "games/log.h"
#include "games/president/log.h"
#include "games/president/replay/stepper.h"

namespace {

using pli::AnyStepper;
using Seqs = std::vector<int64_t>;

pli::AnyGameLog Read(const std::string& path) {
  auto read = pli::ReadAnyLogFile(path);
  REQUIRE(std::holds_alternative<std::vector<pli::AnyGameLog>>(read));
  auto& games = std::get<std::vector<pli::AnyGameLog>>(read);
  REQUIRE(games.size() == 1);
  return std::move(games.front());
}

AnyStepper ExampleC() {
  return AnyStepper(Read(std::string(PLI_SOURCE_DIR) + "/games/skull_king/tests/data/replay-two-manches.jsonl"));
}

}  // namespace

TEST_CASE("AnyStepper: Skull King's plis close after P plays, manches after H plis (SK-P1, SK-P2)") {
  const AnyStepper s = ExampleC();
  REQUIRE(s.size() == 20);
  // Manche 1 (H = 1): dealt at 2, its one pli closes at 8 with the third
  // card, which plays the manche out. Manche 2 (H = 2): dealt at 9; bids
  // 10, 11, 13 (12 is refused, SK-B4); plays 15, 16, 17 close pli 1 (14 is
  // refused, SK-P3), 18, 19, 20 close pli 2 and play the manche out.
  CHECK(s.manche_starts() == Seqs{2, 9});
  CHECK(s.pli_bounds() == Seqs{2, 8, 9, 17, 20});
  CHECK(s.manche_ends() == Seqs{8, 20});
  // The pli on the table: none before the deal; the first of each manche
  // from its deal; the second of manche 2 after 17; the last one once the
  // manche is played out.
  CHECK(s.frame(1).pli_number() == 0);
  for (int64_t seq = 2; seq <= 8; ++seq) CHECK(s.frame(seq).pli_number() == 1);
  for (int64_t seq = 9; seq <= 16; ++seq) CHECK(s.frame(seq).pli_number() == 1);
  for (int64_t seq = 17; seq <= 20; ++seq) CHECK(s.frame(seq).pli_number() == 2);
  CHECK(s.frame(20).progress.manche == 2);
  CHECK(s.frame(20).progress.manche_over);
}

TEST_CASE("AnyStepper: an illegal Skull King event is refused with its code and rule and changes nothing") {
  const AnyStepper s = ExampleC();
  REQUIRE(s.frame(12).verdict);
  CHECK(s.frame(12).verdict->code == "bid-equalizes");  // 2 - (0 + 0) = 2 is forbidden
  CHECK(s.frame(12).verdict->rule == "SK-B4");
  REQUIRE(s.frame(14).verdict);
  CHECK(s.frame(14).verdict->code == "declare-required");
  CHECK(s.frame(14).verdict->rule == "SK-P3");
  for (int64_t seq : {12, 14}) {
    CHECK_FALSE(s.frame(seq).pli_end);
    // The same state but for the count of events folded.
    boost::json::object after = s.frame(seq).match->StateJson();
    boost::json::object before = s.frame(seq - 1).match->StateJson();
    CHECK(after.at("seq") == seq);
    after.erase("seq");
    before.erase("seq");
    CHECK(after == before);
  }
  for (int64_t seq = 1; seq <= 20; ++seq) {
    if (seq != 12 && seq != 14) CHECK_FALSE(s.frame(seq).verdict);
  }
}

TEST_CASE("AnyStepper: stepping by pli and manche, forwards and backwards, lands on the bounds") {
  AnyStepper s = ExampleC();
  // Forwards by pli from the game event: each bound, then the last event.
  for (int64_t want : {2, 8, 9, 17, 20}) {
    CHECK(s.NextPli());
    CHECK(s.seq() == want);
  }
  CHECK_FALSE(s.NextPli());  // at the last event: it stays
  CHECK(s.seq() == 20);
  // Backwards: to where the pli on the table began.
  for (int64_t want : {17, 9, 8, 2, 1}) {
    CHECK(s.PrevPli());
    CHECK(s.seq() == want);
  }
  CHECK_FALSE(s.PrevPli());
  // From inside pli 2 of manche 2 (after 18): back to 17, where it began.
  REQUIRE(s.Jump(18));
  CHECK(s.PrevPli());
  CHECK(s.seq() == 17);
  // By manche: the deals, then the last event; back to this manche's deal,
  // then the one before, then the game event.
  REQUIRE(s.First());
  CHECK(s.NextManche());
  CHECK(s.seq() == 2);
  CHECK(s.NextManche());
  CHECK(s.seq() == 9);
  CHECK(s.NextManche());
  CHECK(s.seq() == 20);
  CHECK_FALSE(s.NextManche());
  CHECK(s.PrevManche());
  CHECK(s.seq() == 9);
  CHECK(s.PrevManche());
  CHECK(s.seq() == 2);
  CHECK(s.PrevManche());
  CHECK(s.seq() == 1);
  CHECK_FALSE(s.PrevManche());
  // Event by event.
  REQUIRE(s.Jump(11));
  CHECK(s.Next());
  CHECK(s.seq() == 12);
  CHECK(s.Prev());
  CHECK(s.Prev());
  CHECK(s.seq() == 10);
  CHECK_FALSE(s.Jump(21));
  CHECK(s.seq() == 10);
}

TEST_CASE("AnyStepper: an end abandons the manche: no pli closed, the manche not played out (SK-G1)") {
  // Two seats (SKULL_KING.md example D's deal): seat 1 leads 12g, then the
  // game ends with pli 1 open.
  std::istringstream in(
      R"({"type":"game","game":"e","ruleset":"skull-king","seats":["A","B"]})" "\n"
      R"({"type":"deal","hands":[["10g"],["12g"]],"turned":"king"})" "\n"
      R"({"type":"bid","seat":1,"bid":1})" "\n"
      R"({"type":"bid","seat":0,"bid":1})" "\n"
      R"({"type":"play","seat":1,"cards":["12g"]})" "\n"
      R"({"type":"end"})" "\n");
  auto read = pli::ReadAnyLog(in);
  REQUIRE(std::holds_alternative<std::vector<pli::AnyGameLog>>(read));
  const AnyStepper s(std::move(std::get<std::vector<pli::AnyGameLog>>(read).front()));
  REQUIRE(s.size() == 6);
  CHECK_FALSE(s.frame(6).verdict);
  CHECK(s.pli_bounds() == Seqs{2});
  CHECK(s.manche_ends().empty());
  CHECK(s.frame(6).pli_number() == 1);
}

TEST_CASE("AnyStepper: Super Président reports through the interface the bounds its typed stepper finds") {
  int checked = 0;
  for (const char* dir : {"seed", "rules"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PLI_SOURCE_DIR) + "/games/president/fixtures/" + dir)) {
      if (entry.path().extension() != ".jsonl") continue;
      auto typed = pli::ReadLogFile(entry.path().string());
      auto any = pli::ReadAnyLogFile(entry.path().string());
      if (!std::holds_alternative<std::vector<pli::GameLog>>(typed)) continue;  // an unreadable fixture
      REQUIRE(std::holds_alternative<std::vector<pli::AnyGameLog>>(any));
      auto& typed_games = std::get<std::vector<pli::GameLog>>(typed);
      auto& any_games = std::get<std::vector<pli::AnyGameLog>>(any);
      REQUIRE(typed_games.size() == any_games.size());
      for (size_t g = 0; g < typed_games.size(); ++g) {
        if (typed_games[g].events.empty()) continue;
        INFO(entry.path().string() << " game " << typed_games[g].game);
        const pli::Stepper t(typed_games[g]);
        const AnyStepper a(any_games[g]);
        REQUIRE(a.size() == t.size());
        CHECK(a.pli_bounds() == t.pli_bounds());
        CHECK(a.manche_starts() == t.manche_starts());
        CHECK(a.manche_ends() == t.manche_ends());
        for (int64_t seq = 1; seq <= t.size(); ++seq) {
          INFO("seq " << seq);
          CHECK(a.frame(seq).pli_number() == t.frame(seq).pli_number);
        }
        ++checked;
      }
    }
  }
  CHECK(checked > 50);
}
