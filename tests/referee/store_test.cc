// store_test.cc: the EventStore contract (referee/store.h), run against
// both implementations (memory and SQLite) with TEMPLATE_TEST_CASE, and the
// plain columns kept beside each event (ColumnsOf).
#include "games/president/wire/record.h"
#include "referee/store.h"

#include <catch2/catch.hpp>
#include <stdexcept>
#include <string>
#include <vector>

#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

// The columns of an event that names no declaration, recipient, time or seed.
EventColumns Plain(EventType type, int seat, std::optional<std::string> id, std::string cards) {
  return EventColumns{static_cast<uint8_t>(type), seat, std::move(id), std::move(cards),
                      EventDetails{}};
}

TEST_CASE("ColumnsOf: type, acting seat, id and the cards as canonical text") {
  std::vector<Event> events = SampleEvents("g");
  CHECK(ColumnsOf(events[0]) == Plain(EventType::kGame, -1, std::nullopt, ""));
  EventColumns deal = ColumnsOf(events[1]);
  CHECK(deal.type == static_cast<uint8_t>(EventType::kDeal));
  CHECK(deal.seat == -1);
  CHECK(deal.cards ==
        "3c 4c 5c 6c 7c 8c 9c Tc Jc Qc Kc Ac 2c | 3d 4d 5d 6d 7d 8d 9d Td Jd Qd Kd Ad 2d | "
        "3h 4h 5h 6h 7h 8h 9h Th Jh Qh Kh Ah 2h | 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As 2s");
  CHECK(deal.details == EventDetails{.seed = 42});
  EventColumns gift = Plain(EventType::kExchange, 1, std::nullopt, "2d");
  gift.details->recipient = 0;
  CHECK(ColumnsOf(events[2]) == gift);
  CHECK(ColumnsOf(events[3]) == Plain(EventType::kPlay, 0, "k-play", "3c"));
  CHECK(ColumnsOf(events[4]) == Plain(EventType::kPass, 1, std::nullopt, ""));
  CHECK(ColumnsOf(events[5]) == Plain(EventType::kClose, 2, "k-close", "4h"));
  CHECK(ColumnsOf(events[6]) == Plain(EventType::kEnd, -1, std::nullopt, ""));
}

TEST_CASE("ColumnsOf: the declaration, the recipient, the time and the seed (schema 3)") {
  Card tc(Rank::kT, Suit::kClubs), jc(Rank::kJ, Suit::kClubs);
  Event suite = Ev(PlayEvent{.seat = 2, .cards = {tc}, .declare = Declare::kSuite});
  suite.at = "2026-11-22T10:00:00Z";
  CHECK(DetailsOf(suite) == EventDetails{.declaration = "suite", .at = "2026-11-22T10:00:00Z"});
  CHECK(DetailsOf(Ev(PlayEvent{.seat = 2, .cards = {jc}, .declare = Declare::kReverse}))
            .declaration == "reverse");
  CHECK(DetailsOf(Ev(ExchangeEvent{.from = 3, .to = 1, .cards = {tc}})).recipient == 1);
  CHECK(DetailsOf(Ev(DealEvent{.hands = {{tc}, {jc}}, .seed = -5})).seed == -5);
  CHECK(DetailsOf(Ev(DealEvent{.hands = {{tc}, {jc}}, .seed = std::nullopt})) == EventDetails{});
  CHECK(ColumnsOf(suite).details == DetailsOf(suite));
}

TEST_CASE("ColumnsOf: cards in the order the event names them, a repeat kept") {
  Card qh(Rank::kQ, Suit::kHearts), tc(Rank::kT, Suit::kClubs);
  CHECK(ColumnsOf(Ev(PlayEvent{.seat = 3, .cards = {qh, tc, qh}})).cards == "Qh Tc Qh");
  DealEvent deal{.hands = {{tc}, {}, {qh}}, .seed = std::nullopt};
  CHECK(ColumnsOf(Ev(deal)).cards == "Tc |  | Qh");
}

TEMPLATE_TEST_CASE("Store contract: an empty store has no games", "[store]", PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  CHECK(store->Games().empty());
  CHECK_FALSE(store->Read("g").has_value());
  CHECK_FALSE(store->HeadOf("g").has_value());
  CHECK_FALSE(store->FindId("g", "k-play").has_value());
}

TEMPLATE_TEST_CASE("Store contract: appended events read back exactly, games in creation order",
                   "[store]", PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  std::vector<Row> zeta = SampleRows("zeta"), alpha = SampleRows("alpha");
  AppendAll(*store, "zeta", zeta);
  AppendAll(*store, "alpha", {alpha[0], alpha[1]});
  AppendAll(*store, "alpha", {alpha.begin() + 2, alpha.end()});

  CHECK(store->Games() == std::vector<std::string>{"zeta", "alpha"});
  RequireSame(store->Read("zeta"), Expected("zeta", zeta));
  RequireSame(store->Read("alpha"), Expected("alpha", alpha));
  CHECK(store->HeadOf("alpha") == Head{7, alpha[6].hash});
  CHECK(store->FindId("alpha", "k-play") == 4);
  CHECK(store->FindId("alpha", "k-close") == 6);
  CHECK_FALSE(store->FindId("alpha", "k-other").has_value());
  CHECK_FALSE(store->FindId("beta", "k-play").has_value());
}

TEMPLATE_TEST_CASE("Store contract: inside Write, reads see the appends made so far", "[store]",
                   PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  std::vector<Row> rows = SampleRows("g");
  store->Write([&] {
    Append(*store, "g", rows[0]);
    CHECK(store->HeadOf("g") == Head{1, rows[0].hash});
    Append(*store, "g", rows[1]);
    RequireSame(store->Read("g"), Expected("g", {rows[0], rows[1]}));
    return true;
  });
}

TEMPLATE_TEST_CASE("Store contract: Write rolls back when fn returns false or throws", "[store]",
                   PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  std::vector<Row> rows = SampleRows("g"), other = SampleRows("h");
  AppendAll(*store, "g", {rows[0], rows[1]});
  StoredGame before = Expected("g", {rows[0], rows[1]});
  auto append_more = [&] {
    Append(*store, "g", rows[2]);
    Append(*store, "g", rows[3]);
    for (const Row& row : other) Append(*store, "h", row);
  };
  SECTION("false") {
    CHECK_FALSE(store->Write([&] {
      append_more();
      return false;
    }));
  }
  SECTION("an exception, which propagates") {
    CHECK_THROWS_WITH(store->Write([&]() -> bool {
      append_more();
      throw std::runtime_error("boom");
    }),
                      "boom");
  }
  RequireSame(store->Read("g"), before);
  CHECK(store->Games() == std::vector<std::string>{"g"});
  CHECK_FALSE(store->HeadOf("h").has_value());
  CHECK_FALSE(store->FindId("g", "k-play").has_value());
  // And the log goes on from where it was.
  AppendAll(*store, "g", {rows.begin() + 2, rows.end()});
  RequireSame(store->Read("g"), Expected("g", rows));
}

TEMPLATE_TEST_CASE("Store contract: Append only inside Write, Write not inside Write", "[store]",
                   PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  std::vector<Row> rows = SampleRows("g");
  CHECK_THROWS_AS(Append(*store, "g", rows[0]), StoreError);
  CHECK_FALSE(store->HeadOf("g").has_value());
  CHECK_THROWS_AS(store->Write([&] { return store->Write([] { return true; }); }), StoreError);
  AppendAll(*store, "g", rows);  // the store is still usable
  CHECK(store->HeadOf("g") == Head{7, rows[6].hash});
}

TEMPLATE_TEST_CASE("Store contract: refuses an append that would break the log", "[store]",
                   PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*store, "g", {rows[0], rows[1], rows[2], rows[3]});
  StoredGame before = Expected("g", {rows[0], rows[1], rows[2], rows[3]});
  Row bad = rows[4];
  std::string game = "g";
  std::string says;
  SECTION("a gap: seq head + 2") {
    bad = rows[5];
    says = "head";
  }
  SECTION("a repeat: seq head") {
    bad = rows[3];
    says = "head";
  }
  SECTION("a hash that does not chain to the head") {
    bad.hash = ChainHash(rows[2].hash, 5, bad.body);
    says = "hash";
  }
  SECTION("a body that is not the one hashed") {
    bad.body = rows[5].body;
    says = "hash";
  }
  SECTION("an id already used in the game") {
    bad = Chain({Ev(PassEvent{.seat = 1}, "k-play")}, 5, rows[3].hash)[0];
    says = "id";
  }
  SECTION("event 1 that is not a game event") {
    game = "h";
    bad = Chain({rows[1].event})[0];
    says = "game event";
  }
  SECTION("event 1 naming another game") {
    game = "h";
    bad = SampleRows("h2")[0];
    says = "game";
  }
  SECTION("event 1 of a game that exists") {
    bad = rows[0];
    says = "exists";
  }
  SECTION("an event of an unknown game") {
    game = "h";
    bad = Chain({rows[1].event}, 2, rows[0].hash)[0];
    says = "no such game";
  }
  // The refusal is an exception inside Write; fn may even catch it and
  // commit: the refused append leaves nothing.
  std::string message;
  CHECK(store->Write([&] {
    try {
      Append(*store, game, bad);
    } catch (const StoreError& e) {
      message = e.what();
    }
    return true;
  }));
  INFO(message);
  CHECK_THAT(message, Catch::Contains(says));
  RequireSame(store->Read("g"), before);
  CHECK(store->Games() == std::vector<std::string>{"g"});
  CHECK_FALSE(store->HeadOf("h").has_value());
}

}  // namespace
}  // namespace pli::test

namespace pli::test {
namespace {

// schema/STORE.md §3's worked example. The hashes were computed outside pli:
//   { printf '\x00\x00\x00\x00\x00\x00\x00\x01g\x00\x00\x00\x00\x00\x00\x00\x02'
//     printf 53ec21bd49839a5725ff98a5a9a8bfa4913c8371ae530baab42f4a1eeda65da6 | xxd -r -p
//     printf '\x00\x00\x00\x00\x00\x00\x00\x01h\x00\x00\x00\x00\x00\x00\x00\x01'
//     printf f0a12d1bad0e7387503525c38ed594810a32e0244bab8937a3c106ba14fb657a | xxd -r -p
//   } | sha256sum
// (and sha256sum of nothing for no game).
TEST_CASE("DatabaseHeadOf: each game's framed id, head seq and head hash, in order") {
  const Hash g2 = *ParseHashHex("53ec21bd49839a5725ff98a5a9a8bfa4913c8371ae530baab42f4a1eeda65da6");
  const Hash h1 = *ParseHashHex("f0a12d1bad0e7387503525c38ed594810a32e0244bab8937a3c106ba14fb657a");
  const DatabaseHead two = DatabaseHeadOf({GameHead{"g", 1, Head{2, g2}}, GameHead{"h", 2, Head{1, h1}}});
  CHECK(two.games == 2);
  CHECK(DatabaseHeadText(two) ==
        "db:2:590c1b0d2fa2bb2ccb4482b05b210f5d60b67d7a9e01687eec7ec6bbc2413cc6");
  CHECK(DatabaseHeadText(DatabaseHeadOf({})) ==
        "db:0:e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855");
  // The order is part of it, and the framing keeps ids and seqs apart.
  CHECK(DatabaseHeadOf({GameHead{"h", 1, Head{1, h1}}, GameHead{"g", 2, Head{2, g2}}}) != two);
  CHECK(DatabaseHeadOf({GameHead{"ab", 1, Head{1, h1}}}) !=
        DatabaseHeadOf({GameHead{"a", 1, Head{1, h1}}}));
}

TEMPLATE_TEST_CASE("Store contract: GameHeads lists every game in creation order with its head",
                   "[store]", PLI_STORE_FACTORIES) {
  TestType factory;
  auto store = factory.Make();
  CHECK(store->GameHeads().empty());
  std::vector<Row> zeta = SampleRows("zeta"), alpha = SampleRows("alpha");
  AppendAll(*store, "zeta", {zeta[0], zeta[1]});
  AppendAll(*store, "alpha", alpha);
  AppendAll(*store, "zeta", {zeta[2]});
  const std::vector<GameHead> heads = store->GameHeads();
  REQUIRE(heads.size() == 2);
  CHECK(heads[0].game == "zeta");
  CHECK(heads[0].created == 1);
  CHECK(heads[0].head == Head{3, zeta[2].hash});
  CHECK(heads[1].game == "alpha");
  CHECK(heads[1].created == 2);
  CHECK(heads[1].head == Head{7, alpha[6].hash});
  // The games row's copies of the game event read back.
  const std::optional<StoredGame> read = store->Read("alpha");
  REQUIRE(read.has_value());
  CHECK(read->ruleset == "super-president");
  CHECK(read->seats == SeatsJson(std::get<GameEvent>(alpha[0].event.body).seats));
  CHECK(read->created == 2);
  CHECK(SeatsJson({"A\"b", "c\\d", "e\x01"}) == R"(["A\"b","c\\d","e\u0001"])");
}

}  // namespace
}  // namespace pli::test
