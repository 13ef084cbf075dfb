// referee_input_test.cc: the referee refuses control characters in game ids,
// seat names, event ids and times as malformed (INTERFACE.md §1, issue 12
// item 3), for any client: the CLI checks them too, a server would not have
// to remember to.
#include <catch2/catch.hpp>
#include <string>

#include "games/president/rules/rules.h"
#include "referee/memory_store.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"

namespace pli {
namespace {

Event GameNamed(const std::string& id, const std::string& seat0) {
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  g.seats = {seat0, "Bo", "Cy", "Di"};
  return Event{.body = g};
}

// The same game with `name` for its last seat: every seat is checked.
Event LastSeatNamed(const std::string& name) {
  Event e = GameNamed("g", "Ana");
  std::get<GameEvent>(e.body).seats.back() = name;
  return e;
}

// Refused as malformed, the refusal naming what holds the control
// character (`what`: "the game id", "the seat name", "the id", "the time"),
// not some later check that happens to refuse it too.
void CheckMalformed(const SubmitResult& r, const std::string& what) {
  INFO(r.message);
  CHECK(r.outcome == Outcome::kRejected);
  CHECK(r.message.starts_with(what + " \""));
  REQUIRE(r.violation.has_value());
  CHECK(r.violation->code == Code::kMalformed);
  // The sentence quotes the name escaped: no control byte in it.
  for (char c : r.message) CHECK(static_cast<unsigned char>(c) >= 0x20);
}

const char* const kBad[] = {"\x1b]0;pwned\x07", "\x1b[2J", "a\rb", "a\nb", "nul",
                            "x\x7f", "\xc2\x9b" "31m", "\x9b" "31m", "tab\t"};

TEST_CASE("Submit refuses a game event whose game id or seat name holds a control character",
          "[referee][tty]") {
  for (std::string bad : kBad) {
    if (bad == "nul") bad = std::string("a\0b", 3);
    INFO("bad name of " << bad.size() << " bytes");
    auto store = NewMemoryStore();
    CheckMalformed(Submit(*store, "", GameNamed("g" + bad, "Ana"), 0), "the game id");
    CheckMalformed(Submit(*store, "", GameNamed("g", "Ana" + bad), 0), "the seat name");
    CheckMalformed(Submit(*store, "", LastSeatNamed("Di" + bad), 0), "the seat name");
    CHECK(store->Games().empty());  // nothing written
  }
  // Names outside ASCII are fine: only controls are refused.
  auto store = NewMemoryStore();
  CHECK(Submit(*store, "", GameNamed("partie-é", "Zoë ♥"), 0).outcome == Outcome::kAccepted);
}

TEST_CASE("Submit and a Referee refuse an event whose id or time holds a control character",
          "[referee][tty]") {
  auto store = NewMemoryStore();
  REQUIRE(Submit(*store, "", GameNamed("g", "Ana"), 0).outcome == Outcome::kAccepted);
  Referee referee(*store);
  for (std::string bad : kBad) {
    if (bad == "nul") bad = std::string("a\0b", 3);
    Event deal{.body = DealEvent{DealFromSeed(4, 1), 1}};
    deal.id = "k" + bad;
    CheckMalformed(Submit(*store, "g", deal, 1), "the id");
    CheckMalformed(referee.Submit("g", deal, 1), "the id");
    deal.id.reset();
    deal.at = "2026-11-24T08:00:00Z" + bad;
    CheckMalformed(Submit(*store, "g", deal, 1), "the time");
    CHECK(store->HeadOf("g")->seq == 1);  // nothing written
    // An action for a game whose id holds one is refused the same way.
    deal.at.reset();
    CheckMalformed(Submit(*store, "g" + bad, deal, 1), "the game id");
  }
}

}  // namespace
}  // namespace pli
