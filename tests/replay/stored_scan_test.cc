// stored_scan_test.cc: the parts of the audit's one pass
// (replay/stored_scan.h) that stand alone: Super Président's cards column
// compared in place (games/president/columns.h, its Match::StepRow). The
// fast paths themselves are tested against the detailed path on real and
// tampered databases in tests/cli/audit_fast_test.cc (they feed `pli audit
// --db`, whose output must not change).
#include "games/president/columns.h"
#include "games/president/wire/record.h"

#include <catch2/catch.hpp>
#include <filesystem>
#include <fstream>
#include <string>
#include <variant>
#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/referee/shuffle.h"
#include "referee/store.h"
#include "games/president/wire/event_json.h"

namespace pli {
namespace {

CardList Cards(std::vector<int> indexes) {
  CardList out;
  for (int i : indexes) out.push_back(Card(static_cast<uint8_t>(i)));
  return out;
}

TEST_CASE("CardsColumnMatches accepts exactly the cards column ColumnsOf writes") {
  GameEvent game;
  game.game = "g";
  game.seats = {"A", "B", "C", "D"};
  const std::vector<Event> events = {
      Event{.body = game},
      Event{.body = DealEvent{DealFromSeed(4, 12), 12}},
      Event{.body = DealEvent{{Cards({0}), {}, Cards({1, 51}), {}}, std::nullopt}},  // empty hands
      Event{.body = ExchangeEvent{.from = 0, .to = 3, .cards = Cards({50, 51})}},
      Event{.body = PlayEvent{.seat = 1, .cards = Cards({4, 5, 6}), .declare = Declare::kSuite}},
      Event{.body = PlayEvent{.seat = 1, .cards = Cards({9, 9}), .declare = Declare::kNone}},
      Event{.body = PassEvent{.seat = 2}},
      Event{.body = CloseEvent{.seat = 3, .cards = Cards({20})}},
      Event{.body = EndEvent{}},
  };
  for (const Event& e : events) {
    const std::string cards = ColumnsOf(e).cards;
    INFO("cards column \"" << cards << "\"");
    CHECK(CardsColumnMatches(e.body, cards));
    CHECK(!CardsColumnMatches(e.body, cards + " "));
    CHECK(!CardsColumnMatches(e.body, " " + cards));
    CHECK(!CardsColumnMatches(e.body, cards + "x"));
    if (cards.empty()) continue;
    CHECK(!CardsColumnMatches(e.body, cards.substr(0, cards.size() - 1)));
    CHECK(!CardsColumnMatches(e.body, ""));
    std::string other = cards;
    other[0] = other[0] == '3' ? '4' : '3';
    CHECK(!CardsColumnMatches(e.body, other));
  }
  // A deal's hands are joined by " | ": with plain spaces instead, the
  // column disagrees.
  std::string spaced = ColumnsOf(events[2]).cards;
  for (size_t at; (at = spaced.find(" | ")) != std::string::npos;) spaced.replace(at, 3, " ");
  CHECK(spaced != ColumnsOf(events[2]).cards);
  CHECK(!CardsColumnMatches(events[2].body, spaced));
}

// The events of each fixture log (rules and seed), one log per file.
std::vector<std::vector<Event>> FixtureLogs() {
  std::vector<std::vector<Event>> logs;
  for (const char* dir : {"/games/president/fixtures/rules", "/games/president/fixtures/seed"}) {
    for (const auto& entry : std::filesystem::directory_iterator(std::string(PLI_SOURCE_DIR) + dir)) {
      if (entry.path().extension() != ".jsonl") continue;
      std::ifstream in(entry.path());
      std::vector<Event>& log = logs.emplace_back();
      for (std::string line; std::getline(in, line);) {
        auto parsed = ParseEventLine(line);
        if (auto* e = std::get_if<Event>(&parsed)) log.push_back(std::move(*e));
      }
    }
  }
  return logs;
}

TEST_CASE("ResetState gives State{}, and the next game folds into it as into a new state") {
  const std::vector<std::vector<Event>> logs = FixtureLogs();
  REQUIRE(logs.size() > 20);
  State reused;
  for (const std::vector<Event>& log : logs) {
    ResetState(reused);
    REQUIRE(reused == State{});
    State fresh;
    for (const Event& e : log) {
      CHECK(Step(reused, e) == Step(fresh, e));
      REQUIRE(reused == fresh);
    }
  }
  ResetState(reused);
  CHECK(reused == State{});
}

}  // namespace
}  // namespace pli
