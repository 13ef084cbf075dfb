// event_test.cc: event type tags and names (INTERFACE.md §1) and the acting
// seat of each event.
#include "games/president/rules/event.h"

#include <catch2/catch.hpp>
#include <string>

namespace pli {
namespace {

TEST_CASE("Events: wire tags are fixed and never renumbered") {
  CHECK(static_cast<int>(EventType::kGame) == 1);
  CHECK(static_cast<int>(EventType::kDeal) == 2);
  CHECK(static_cast<int>(EventType::kExchange) == 3);
  CHECK(static_cast<int>(EventType::kPlay) == 4);
  CHECK(static_cast<int>(EventType::kPass) == 5);
  CHECK(static_cast<int>(EventType::kClose) == 6);
  CHECK(static_cast<int>(EventType::kEnd) == 7);
}

TEST_CASE("Events: TypeOf gives each body its type") {
  CHECK(TypeOf(GameEvent{}) == EventType::kGame);
  CHECK(TypeOf(DealEvent{}) == EventType::kDeal);
  CHECK(TypeOf(ExchangeEvent{}) == EventType::kExchange);
  CHECK(TypeOf(PlayEvent{}) == EventType::kPlay);
  CHECK(TypeOf(PassEvent{}) == EventType::kPass);
  CHECK(TypeOf(CloseEvent{}) == EventType::kClose);
  CHECK(TypeOf(EndEvent{}) == EventType::kEnd);
}

TEST_CASE("Events: type names are INTERFACE.md's and parse back") {
  const std::pair<EventType, std::string> names[] = {
      {EventType::kGame, "game"}, {EventType::kDeal, "deal"}, {EventType::kExchange, "exchange"},
      {EventType::kPlay, "play"}, {EventType::kPass, "pass"}, {EventType::kClose, "close"},
      {EventType::kEnd, "end"},
  };
  for (const auto& [type, name] : names) {
    CHECK(std::string(TypeName(type)) == name);
    CHECK(ParseTypeName(name) == type);
  }
  for (const char* bad : {"", "Game", "PLAY", "plays", "revolution", "exchange ", "1"}) {
    INFO("type \"" << bad << "\"");
    CHECK_FALSE(ParseTypeName(bad).has_value());
  }
}

TEST_CASE("Events: the acting seat is the player's, the giver's, or none") {
  CHECK(ActingSeat(GameEvent{}) == -1);
  CHECK(ActingSeat(DealEvent{}) == -1);
  CHECK(ActingSeat(EndEvent{}) == -1);
  CHECK(ActingSeat(ExchangeEvent{.from = 3, .to = 1, .cards = {}}) == 3);
  CHECK(ActingSeat(PlayEvent{.seat = 2, .cards = {}, .declare = Declare::kSuite}) == 2);
  CHECK(ActingSeat(PassEvent{.seat = 5}) == 5);
  CHECK(ActingSeat(CloseEvent{.seat = 7, .cards = {}}) == 7);
}

TEST_CASE("Events: plain values compared field by field, a card named twice stays twice") {
  const Card seven_h(Rank::k7, Suit::kHearts);
  Event a{.body = PlayEvent{.seat = 1, .cards = {seven_h, seven_h}, .declare = Declare::kNone},
          .seq = 4,
          .id = "c-1",
          .at = std::nullopt};
  Event b = a;
  CHECK(a == b);
  CHECK(std::get<PlayEvent>(a.body).cards.size() == 2);
  b.seq = 5;
  CHECK_FALSE(a == b);
  b = a;
  std::get<PlayEvent>(b.body).declare = Declare::kReverse;
  CHECK_FALSE(a == b);
  const Event pass{.body = PassEvent{.seat = 1}};
  const Event close{.body = CloseEvent{.seat = 1}};
  CHECK_FALSE(pass == close);
}

}  // namespace
}  // namespace pli
