// referee_test.cc: Submit and Import (referee/referee.h) against the
// in-memory store: validate-then-append, optimistic concurrency, idempotency,
// and that a refused action writes nothing. tests/postgres/ runs the cases
// on a store (NewTestStore) again on PostgreSQL.
#include "games/president/referee/referee.h"

#include <catch2/catch.hpp>

#include "games/president/rules/rules.h"
#include "referee/memory_store.h"
#include "games/president/referee/shuffle.h"
#include "games/president/wire/event_codec.h"
#include "tests/referee/store_fixture.h"

namespace pli {
namespace {

Event GameOf(const std::string& id) {
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  g.seats = {"Ana", "Bo", "Cy", "Di"};
  return Event{.body = g};
}

Event DealOf(int64_t seed) {
  return Event{.body = DealEvent{DealFromSeed(4, seed), seed}};
}

// A store holding game g1, dealt with seed 7 (two events).
std::unique_ptr<EventStore> DealtStore() {
  auto store = test::NewTestStore();
  REQUIRE(Submit(*store, "", GameOf("g1"), 0).outcome == Outcome::kAccepted);
  REQUIRE(Submit(*store, "g1", DealOf(7), 1).outcome == Outcome::kAccepted);
  return store;
}

// The first legal action of the game now, as an event.
Event FirstLegal(EventStore& store) {
  const State state = *LoadState(store, "g1");
  const std::vector<LegalAction> actions = LegalActions(state);
  REQUIRE_FALSE(actions.empty());
  return ToEvent(state, actions.front());
}

TEST_CASE("Submit appends a legal action as the next seq, chained to the head") {
  auto store = DealtStore();
  const Head before = *store->HeadOf("g1");
  Event play = FirstLegal(*store);
  const SubmitResult r = Submit(*store, "g1", play, 2);
  REQUIRE(r.outcome == Outcome::kAccepted);
  CHECK(r.seq == 3);
  CHECK(r.head_seq == 2);
  play.seq = 3;
  CHECK(r.hash == ChainHash(before.hash, 3, EncodeEvent(play)));
  CHECK(*store->HeadOf("g1") == Head{3, r.hash});
  CHECK(r.state.seq == 3);  // the state after the event
}

TEST_CASE("P7: an action out of turn is rejected with its code and nothing is written") {
  auto store = DealtStore();
  const State state = *LoadState(*store, "g1");
  const int other = (state.turn + 1) % 4;
  const Card card = *state.hands[other].begin();
  const SubmitResult r = Submit(*store, "g1", Event{.body = PlayEvent{other, {card}}}, 2);
  REQUIRE(r.outcome == Outcome::kRejected);
  REQUIRE(r.violation.has_value());
  CHECK(r.violation->code == Code::kNotYourTurn);
  CHECK(r.violation->rule == "P7");
  CHECK(store->HeadOf("g1")->seq == 2);
  CHECK(store->Read("g1")->events.size() == 2);
}

TEST_CASE("Expect: a stale expectation (--expect) is refused, naming the head") {
  auto store = DealtStore();
  const SubmitResult r = Submit(*store, "g1", FirstLegal(*store), 1);
  REQUIRE(r.outcome == Outcome::kStale);
  CHECK(r.message.find("the log is at seq 2, you expected 1") != std::string::npos);
  CHECK(store->HeadOf("g1")->seq == 2);
  // Without --expect the same action goes through.
  CHECK(Submit(*store, "g1", FirstLegal(*store), std::nullopt).outcome == Outcome::kAccepted);
}

TEST_CASE("An idempotency key resubmitted returns the original result and writes nothing") {
  auto store = DealtStore();
  Event play = FirstLegal(*store);
  play.id = "k1";
  play.at = "2026-11-22T10:00:00Z";
  const SubmitResult first = Submit(*store, "g1", play, 2);
  REQUIRE(first.outcome == Outcome::kAccepted);
  SECTION("the same action, stamped again, even with a stale --expect") {
    play.at = "2026-11-22T10:00:05Z";
    const SubmitResult again = Submit(*store, "g1", play, 2);
    CHECK(again.outcome == Outcome::kDuplicate);
    CHECK(again.seq == first.seq);
    CHECK(again.hash == first.hash);
  }
  SECTION("another action under the same key is refused") {
    const State state = *LoadState(*store, "g1");
    Event pass{.body = PassEvent{state.turn}, .id = std::string("k1")};
    const SubmitResult other = Submit(*store, "g1", pass, 3);
    CHECK(other.outcome == Outcome::kRejected);
    CHECK(other.message.find("already used for another action") != std::string::npos);
    // Issue 30 item 10: the key may have been another seat's: the refusal
    // says only that it was used, not where (no seq, no event).
    CHECK(other.message == "id \"k1\" was already used for another action in this game");
  }
  CHECK(store->HeadOf("g1")->seq == 3);
}

TEST_CASE("An action for an unknown game, or a second game event with the same id, is refused") {
  auto store = DealtStore();
  CHECK(Submit(*store, "nope", Event{.body = EndEvent{}}, std::nullopt).outcome ==
        Outcome::kNoGame);
  const SubmitResult again = Submit(*store, "", GameOf("g1"), std::nullopt);
  CHECK(again.outcome == Outcome::kRejected);
  CHECK(store->Games() == std::vector<std::string>{"g1"});
}

TEST_CASE("S2: a deal that is not a partition of the deck is rejected as bad-deal") {
  auto store = test::NewTestStore();
  REQUIRE(Submit(*store, "", GameOf("g1"), 0).outcome == Outcome::kAccepted);
  std::vector<CardList> hands = DealFromSeed(4, 1);
  hands[0].push_back(hands[1].front());  // a card dealt twice
  const SubmitResult r = Submit(*store, "g1", Event{.body = DealEvent{hands, {}}}, 1);
  REQUIRE(r.violation.has_value());
  CHECK(r.violation->code == Code::kBadDeal);
  CHECK(store->HeadOf("g1")->seq == 1);
}

// A game log as Import takes it: game, deal, then `extra`.
GameLog LogOf(const std::string& id, std::vector<Event> extra) {
  GameLog log;
  log.game = id;
  log.events = {GameOf(id), DealOf(7)};
  for (Event& e : extra) log.events.push_back(std::move(e));
  return log;
}

TEST_CASE("Import is all or nothing, and keeps illegal events only when asked") {
  auto source = DealtStore();
  const State state = *LoadState(*source, "g1");
  const int other = (state.turn + 1) % 4;
  const Event illegal{.body = PassEvent{other}};  // P7: not this seat's turn
  const std::vector<GameLog> games = {LogOf("a", {}), LogOf("b", {illegal})};
  auto store = test::NewTestStore();
  const ImportResult refused = Import(*store, games, false);
  CHECK_FALSE(refused.ok);
  CHECK(refused.game == "b");
  CHECK(refused.seq == 3);
  REQUIRE(refused.violation.has_value());
  CHECK(refused.violation->code == "not-your-turn");
  CHECK(store->Games().empty());  // game "a" was rolled back too

  const ImportResult kept = Import(*store, games, true);
  REQUIRE(kept.ok);
  CHECK(kept.events == 5);
  CHECK(kept.kept == std::vector<std::pair<std::string, int64_t>>{{"b", 3}});
  // RULES.md: an illegal event changes nothing, so b folds like a.
  State b = *LoadState(*store, "b");
  State a = *LoadState(*store, "a");
  CHECK(b.hands == a.hands);
  CHECK(b.turn == a.turn);
}

TEST_CASE("Import gives the hashes live refereeing gives, and refuses a hash that does not chain") {
  auto live = DealtStore();
  REQUIRE(Submit(*live, "g1", FirstLegal(*live), 2).outcome == Outcome::kAccepted);
  const StoredGame stored = *live->Read("g1");
  GameLog log = LogOf("g1", {});
  log.events.push_back(std::get<Event>(DecodeEvent(stored.events[2].body)));
  for (const StoredEvent& row : stored.events) log.hashes.push_back(HashHex(row.hash));

  auto copy = test::NewTestStore();
  REQUIRE(Import(*copy, {log}, false).ok);
  CHECK(copy->HeadOf("g1") == live->HeadOf("g1"));

  log.hashes[1][0] = log.hashes[1][0] == '0' ? '1' : '0';
  auto other = test::NewTestStore();
  const ImportResult refused = Import(*other, {log}, false);
  CHECK_FALSE(refused.ok);
  CHECK(refused.seq == 2);
  CHECK(other->Games().empty());
}

// Counts the write transactions an import makes and the games each holds;
// before the transaction numbered `race_at`, another writer creates
// `race_game` (as a live `pli new` between two of the import's chunks).
class CountingStore : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  bool Write(const std::function<bool()>& fn) override {
    if (writes == race_at) {
      REQUIRE(Submit(inner(), "", GameOf(race_game), 0).outcome == Outcome::kAccepted);
    }
    ++writes;
    const size_t before = inner().Games().size();
    const bool done = ForwardingStore::Write(fn);
    games_per_write.push_back(inner().Games().size() - before);
    return done;
  }
  int writes = 0;
  int race_at = -1;
  std::string race_game;
  std::vector<size_t> games_per_write;
};

std::vector<GameLog> ManyGames(int n) {
  std::vector<GameLog> games;
  for (int i = 0; i < n; ++i) games.push_back(LogOf("m" + std::to_string(i), {}));
  return games;
}

#ifndef PLI_TEST_POSTGRES  // chunks let SQLite's live writers in; PostgreSQL needs none
TEST_CASE("Import writes whole games in bounded transactions, in order") {
  auto memory = NewMemoryStore();
  CountingStore store(*memory);
  // Two events a game, chunks of at least 5 events: 3 games a transaction.
  const ImportResult r = Import(store, ManyGames(10), false, {.chunk_events = 5, .pause = {}});
  REQUIRE(r.ok);
  CHECK(r.games == 10);
  CHECK(r.events == 20);
  CHECK(store.games_per_write == std::vector<size_t>{3, 3, 3, 1});
  std::vector<std::string> order;
  for (int i = 0; i < 10; ++i) order.push_back("m" + std::to_string(i));
  CHECK(memory->Games() == order);
}
#endif

TEST_CASE("Import judges the whole log before writing: a late refusal writes nothing") {
  auto memory = test::NewTestStore();
  CountingStore store(*memory);
  std::vector<GameLog> games = ManyGames(10);
  games.push_back(LogOf("m3", {}));  // the same id twice
  const ImportResult twice = Import(store, games, false, {.chunk_events = 5, .pause = {}});
  CHECK_FALSE(twice.ok);
  CHECK(twice.game == "m3");
  CHECK(twice.message == "game \"m3\" appears twice in the log");
  CHECK(store.writes == 0);
  CHECK(memory->Games().empty());

  REQUIRE(Submit(*memory, "", GameOf("m9"), 0).outcome == Outcome::kAccepted);
  const ImportResult there = Import(store, ManyGames(10), false, {.chunk_events = 5, .pause = {}});
  CHECK_FALSE(there.ok);
  CHECK(there.message == "game \"m9\" is already in the database");
  CHECK(store.writes == 0);
  CHECK(memory->Games() == std::vector<std::string>{"m9"});
}

TEST_CASE("Import leaves out a game another writer created meanwhile, and writes the others") {
  auto memory = test::NewTestStore();
  CountingStore store(*memory);
#ifdef PLI_TEST_POSTGRES
  store.race_at = 0;  // before its write transaction
#else
  store.race_at = 1;  // after the first chunk (m0..m2), before the second
#endif
  store.race_game = "m4";
  const ImportResult r = Import(store, ManyGames(10), false, {.chunk_events = 5, .pause = {}});
  CHECK_FALSE(r.ok);
  CHECK(r.raced == std::vector<std::string>{"m4"});
  CHECK(r.games == 9);
  CHECK(r.events == 18);
  CHECK(r.message.find("created by another writer") != std::string::npos);
  CHECK(memory->HeadOf("m4")->seq == 1);  // theirs: the game event only
  for (int i = 0; i < 10; ++i) {
    if (i != 4) CHECK(memory->HeadOf("m" + std::to_string(i))->seq == 2);
  }
}

TEST_CASE("S2: a seeded deal partitions the 52 cards, sizes within one, the same for the same seed") {
  for (int seats = 4; seats <= 8; ++seats) {
    for (int64_t seed : {int64_t{0}, int64_t{1}, int64_t{-1}, int64_t{123456789}}) {
      const std::vector<CardList> hands = DealFromSeed(seats, seed);
      REQUIRE(static_cast<int>(hands.size()) == seats);
      CardSet all;
      size_t smallest = 52, largest = 0;
      for (const CardList& hand : hands) {
        for (Card c : hand) {
          CHECK_FALSE(all.contains(c));
          all.insert(c);
        }
        smallest = std::min(smallest, hand.size());
        largest = std::max(largest, hand.size());
      }
      CHECK(all == CardSet::Deck());
      CHECK(largest - smallest <= 1);
      CHECK(DealFromSeed(seats, seed) == hands);
    }
  }
  CHECK(DealFromSeed(4, 1) != DealFromSeed(4, 2));
}

// The hands of two seeds, as the first implementation dealt them: stored deal
// events carry their seed, so a change of the shuffle (however much faster)
// must keep these.
TEST_CASE("S2: a seeded deal gives the same hands as it always has") {
  auto text = [](const std::vector<CardList>& hands) {
    std::vector<std::string> out;
    for (const CardList& hand : hands) {
      std::string t;
      for (Card c : hand) t += (t.empty() ? "" : " ") + CardText(c);
      out.push_back(t);
    }
    return out;
  };
  CHECK(text(DealFromSeed(5, 2026)) == std::vector<std::string>{
                                           "3d 4h 5s 6h 7h 7s 9h Ts Jd Ad 2h",
                                           "4c 4s 5c 6s 9s Td Th Qh Kd Ac Ah",
                                           "4d 5d 7c 8c 8h 8s 9d Tc Js Qs",
                                           "3c 3s 5h 6c 6d 7d 9c Kc Ks 2c",
                                           "3h 8d Jc Jh Qc Qd Kh As 2d 2s",
                                       });
  CHECK(text(DealFromSeed(8, -7)) == std::vector<std::string>{
                                         "3h 6c 9h Tc Qd Kd Ah",
                                         "6d 7c 7d 7h Js 2c 2d",
                                         "3d 5d 6h Th Qc Kh Ac",
                                         "3c 4c 5h 8d 8s Td Qh",
                                         "5c 6s 8c 9d Kc As",
                                         "4h 4s 9s Jh 2h 2s",
                                         "3s 4d 8h 9c Jc Ad",
                                         "5s 7s Ts Jd Qs Ks",
                                     });
}

TEST_CASE("The shuffle's generator is SplitMix64 (reference outputs for seed 0)") {
  // The first outputs of SplitMix64 from state 0, as published with the
  // algorithm (Vigna's splitmix64.c): e220a8397b1dcdaf, 6e789e6aa1b965f4.
  uint64_t state = 0;
  CHECK(SplitMix64Next(state) == 0xE220A8397B1DCDAFULL);
  CHECK(SplitMix64Next(state) == 0x6E789E6AA1B965F4ULL);
}

}  // namespace
}  // namespace pli
