// referee_cache_test.cc: the Referee (referee/referee.h), which keeps each
// game's folded state between submits, against the one-shot Submit, which
// reads and folds the game every time. The two must give the same results
// and write the same rows, whatever happens between two submits: another
// writer appending to the game, a rejected action, a reused id, a stale
// --expect, a transaction rolled back by an exception or by an enclosing
// transaction. A store decorator counts the reads, to show which submits
// used the kept state and which folded the game again. tests/postgres/
// runs the Referee's store (NewTestStore) on PostgreSQL too, whose Write
// may run a transaction again on a head another connection moved.
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/president/bots/bot.h"
#include "games/president/rules/rules.h"
#include "referee/memory_store.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "referee/sqlite_store.h"
#include "tests/referee/store_fixture.h"
#include "tests/temp_dir.h"

namespace pli {
namespace {

// An EventStore that forwards to another and counts its game reads; it can
// make an append or a commit fail, and can join the caller's transaction
// (as `pli simulate --fast` groups a game's events).
class ProbeStore : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;

  std::optional<StoredGame> Read(std::string_view game) override {
    ++reads;
    return inner().Read(game);
  }
  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    inner().Append(game, seq, record, hash);
    if (fail_append) throw StoreError("injected: the append failed after writing");
  }
  bool Write(const std::function<bool()>& fn) override {
    if (joined) return fn();
    return inner().Write([&] {
      const bool commit = fn();
      if (commit && fail_commit) throw StoreError("injected: the commit failed");
      return commit;
    });
  }

  int reads = 0;
  bool fail_append = false;
  bool fail_commit = false;
  bool joined = false;  // Write runs inside the caller's transaction
};

// The tests' random choices: SplitMix64 (referee/shuffle.h) from a seed.
struct SplitMix64 {
  explicit SplitMix64(uint64_t seed) : state(seed) {}
  uint64_t Next() { return SplitMix64Next(state); }
  uint64_t state;
};

// The reads of a submit refused after reading the game (a duplicate, a key
// reused): on PostgreSQL, whose Write judges a refusal again on a fresh
// head when it was judged on a remembered one (postgres_store.h), two.
#ifdef PLI_TEST_POSTGRES
constexpr int kRefusalReads = 2;
#else
constexpr int kRefusalReads = 1;
#endif

void RequireSameResult(const SubmitResult& cached, const SubmitResult& plain) {
  INFO("cached: " << cached.message << "; plain: " << plain.message);
  REQUIRE(cached.outcome == plain.outcome);
  CHECK(cached.seq == plain.seq);
  CHECK(cached.hash == plain.hash);
  CHECK(cached.head_seq == plain.head_seq);
  CHECK(cached.violation == plain.violation);
  CHECK(cached.message == plain.message);
  CHECK(cached.state == plain.state);
}

void RequireSameStores(EventStore& a, EventStore& b) {
  REQUIRE(a.Games() == b.Games());
  for (const std::string& game : a.Games()) {
    INFO("game " << game);
    const std::optional<StoredGame> x = a.Read(game), y = b.Read(game);
    REQUIRE(x->head == y->head);
    REQUIRE(x->events.size() == y->events.size());
    for (size_t i = 0; i < x->events.size(); ++i) {
      CHECK(x->events[i].seq == y->events[i].seq);
      CHECK(x->events[i].body == y->events[i].body);
      CHECK(x->events[i].hash == y->events[i].hash);
      CHECK(x->events[i].columns == y->events[i].columns);
    }
  }
}

Event GameOf(const std::string& id, int seats, int manches) {
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  g.options.manches = manches;
  g.overrides = {{"manches", std::to_string(manches)}};
  for (int s = 0; s < seats; ++s) g.seats.push_back("seat-" + std::to_string(s));
  return Event{.body = g};
}

Event DealOf(int seats, int64_t seed) {
  return Event{.body = DealEvent{DealFromSeed(seats, seed), seed}};
}

// Two memory stores fed the same submissions: `cached` through one Referee
// remembering `games` games, `plain` through the one-shot Submit. Each
// submission is checked to give the same result on both.
struct Twins {
  explicit Twins(size_t games) : referee(probe, games) {}
  std::unique_ptr<EventStore> cached_store = test::NewTestStore();
  std::unique_ptr<EventStore> plain_store = NewMemoryStore();
  ProbeStore probe{*cached_store};
  Referee referee;

  // Through the Referee, or, when `other_writer`, by another writer of the
  // cached store (the one-shot Submit on it, bypassing the Referee).
  SubmitResult Both(const std::string& game, const Event& action, std::optional<int64_t> expect,
                    bool other_writer = false) {
    const SubmitResult cached = other_writer ? Submit(*cached_store, game, action, expect)
                                             : referee.Submit(game, action, expect);
    const SubmitResult plain = Submit(*plain_store, game, action, expect);
    RequireSameResult(cached, plain);
    return plain;
  }
};

// One game of a random session: its bots, its state and its log so far.
struct Table {
  std::string id;
  int seats = 4;
  std::vector<std::unique_ptr<Bot>> bots;
  std::vector<Bot*> seats_bots;
  State state;
  std::vector<Event> log;
  std::vector<Event> with_ids;  // accepted events that carry an id
};

// The next regular event of a table: a deal when no one must act, else the
// bots' choice.
Event NextOf(Table& t, SplitMix64& rng) {
  if (SeatToAct(t.state) < 0) return DealOf(t.seats, static_cast<int64_t>(rng.Next() >> 12));
  std::optional<Event> e = NextEvent(t.state, t.log, t.seats_bots);
  REQUIRE(e.has_value());
  return *e;
}

// An action that is most likely illegal now: a pass or a card of a seat
// picked at random.
Event Mischief(const Table& t, SplitMix64& rng) {
  const int seat = static_cast<int>(rng.Next() % static_cast<uint64_t>(t.seats));
  if (rng.Next() % 2 == 0 || t.state.hands[seat].empty()) return Event{.body = PassEvent{seat}};
  return Event{.body = PlayEvent{seat, {*t.state.hands[seat].begin()}}};
}

// A random session of three interleaved games played by bots, with every
// kind of trouble thrown in between the bots' actions, through a Referee
// that remembers `remembered` games (under three: they evict each other).
// Returns the submits of the bots' events and the Referee's reads.
std::pair<int, int> RandomSession(uint64_t seed, size_t remembered) {
  SplitMix64 rng(seed);
  Twins twins(remembered);
  std::vector<Table> tables(3);
  for (size_t g = 0; g < tables.size(); ++g) {
    Table& t = tables[g];
    t.id = "g" + std::to_string(g);
    t.seats = 4 + static_cast<int>(rng.Next() % 3);
    for (int s = 0; s < t.seats; ++s) {
      t.bots.push_back(MakeBot(static_cast<Level>((s + g) % 3), rng.Next()));
      t.seats_bots.push_back(t.bots.back().get());
    }
    const SubmitResult r = twins.Both("", GameOf(t.id, t.seats, 2), 0);
    REQUIRE(r.outcome == Outcome::kAccepted);
    t.state = r.state;
    t.log.push_back(GameOf(t.id, t.seats, 2));
  }
  int submits = 0, next_id = 0;
  for (;;) {
    std::vector<Table*> open;
    for (Table& t : tables) {
      if (t.state.phase != Phase::kGameOver) open.push_back(&t);
    }
    if (open.empty()) break;
    Table& t = *open[rng.Next() % open.size()];
    INFO("seed " << seed << ", game " << t.id << ", at seq " << t.state.seq);
    const int64_t head = t.state.seq;
    const uint64_t trouble = rng.Next() % 100;
    Event action = NextOf(t, rng);
    bool other_writer = false;
    std::optional<int64_t> expect = head;
    if (trouble < 6) {
      CHECK(twins.Both(t.id, action, head + (trouble % 2 == 0 ? -1 : 1)).outcome ==
            Outcome::kStale);
    } else if (trouble < 14) {
      const Event mischief = Mischief(t, rng);
      const SubmitResult r = twins.Both(t.id, mischief, head);  // most often rejected
      if (r.outcome == Outcome::kAccepted) {
        t.state = r.state;
        t.log.push_back(mischief);
        continue;  // the bots' event was for the state before it
      }
    } else if (trouble < 18 && !t.with_ids.empty()) {
      Event again = t.with_ids[rng.Next() % t.with_ids.size()];
      again.at = "2026-11-22T10:00:00Z";  // a retry, stamped again
      CHECK(twins.Both(t.id, again, head - 1).outcome == Outcome::kDuplicate);
    } else if (trouble < 21 && !t.with_ids.empty()) {
      Event reused = Mischief(t, rng);
      reused.id = t.with_ids[rng.Next() % t.with_ids.size()].id;
      twins.Both(t.id, reused, head);  // a duplicate or another action under the key
    } else if (trouble < 23) {
      CHECK(twins.Both("", GameOf(t.id, 4, 1), std::nullopt).outcome == Outcome::kRejected);
    } else if (trouble < 25) {
      CHECK(twins.Both("nowhere", action, std::nullopt).outcome == Outcome::kNoGame);
    } else if (trouble < 40) {
      other_writer = true;
    } else if (trouble < 50) {
      expect.reset();
    }
    if (rng.Next() % 2 == 0) action.id = "k" + std::to_string(next_id++);
    const SubmitResult r = twins.Both(t.id, action, expect, other_writer);
    ++submits;
    if (r.outcome != Outcome::kAccepted) continue;
    t.state = r.state;
    t.log.push_back(action);
    if (action.id) t.with_ids.push_back(action);
  }
  RequireSameStores(*twins.cached_store, *twins.plain_store);
  return {submits, twins.probe.reads};
}

TEST_CASE("Referee: the same results and rows as Submit over random bot games with trouble") {
  SECTION("remembering every game: it folds far less often than once per submit") {
    for (uint64_t seed : {1, 2, 3}) {
      const auto [submits, reads] = RandomSession(seed, 3);
      CHECK(reads < submits / 3);
    }
  }
  SECTION("remembering two of the three games, which evict each other") {
    for (uint64_t seed : {4, 5, 6}) RandomSession(seed, 2);
  }
}

// A store holding game g (4 seats, seed 7 dealt), its Referee, and a twin
// store fed by the one-shot Submit.
struct Dealt {
  std::unique_ptr<EventStore> store = test::NewTestStore();
  std::unique_ptr<EventStore> twin = NewMemoryStore();
  ProbeStore probe{*store};
  Referee referee{probe};

  Dealt() {
    for (const Event& e : {GameOf("g", 4, 0), DealOf(4, 7)}) {
      REQUIRE(referee.Submit("g", e, std::nullopt).outcome == Outcome::kAccepted);
      REQUIRE(Submit(*twin, "g", e, std::nullopt).outcome == Outcome::kAccepted);
    }
    probe.reads = 0;
  }
  // The first legal action now, with an id.
  Event Legal(const std::string& id) {
    const State state = *LoadState(*twin, "g");
    Event e = ToEvent(state, LegalActions(state).front());
    e.id = id;
    return e;
  }
  // Submits `action` through the Referee and to the twin; checks the two
  // results are the same and returns the number of reads the Referee made.
  int Check(const Event& action, std::optional<int64_t> expect) {
    const int before = probe.reads;
    RequireSameResult(referee.Submit("g", action, expect), Submit(*twin, "g", action, expect));
    return probe.reads - before;
  }
};

TEST_CASE("Referee: a submit at the head it folded to reads nothing from the store") {
  Dealt d;
  CHECK(d.Check(d.Legal("a"), 2) == 0);
  CHECK(d.Check(d.Legal("b"), 3) == 0);
  RequireSameStores(*d.store, *d.twin);
}

TEST_CASE("Referee: a rejected action, a stale --expect and a reused id leave its state as it was") {
  Dealt d;
  const Event first = d.Legal("a");
  CHECK(d.Check(first, 2) == 0);
  const State state = *LoadState(*d.twin, "g");
  const int other = (state.turn + 1) % 4;
  CHECK(d.Check(Event{.body = PassEvent{other}}, 3) == 0);  // P7: rejected
  CHECK(d.Check(d.Legal("b"), 1) == 0);                     // stale --expect
  Event retry = first;
  retry.at = "2026-11-22T10:00:05Z";
  CHECK(d.Check(retry, 3) == kRefusalReads);  // a duplicate: the original row is read
  Event reused = d.Legal("a");
  CHECK(d.Check(reused, 3) == kRefusalReads);  // the key of another action: refused
  CHECK(d.Check(d.Legal("c"), 3) == 0);  // then the kept state goes on
  RequireSameStores(*d.store, *d.twin);
}

TEST_CASE("Referee: after another writer appended to the game, it folds the game again") {
  Dealt d;
  CHECK(d.Check(d.Legal("a"), 2) == 0);
  const Event other = d.Legal("b");  // appended behind the Referee's back
  REQUIRE(Submit(*d.store, "g", other, 3).outcome == Outcome::kAccepted);
  REQUIRE(Submit(*d.twin, "g", other, 3).outcome == Outcome::kAccepted);
  CHECK(d.Check(d.Legal("c"), 3) == 1);  // stale --expect, judged in the new state
  CHECK(d.Check(d.Legal("c"), 4) == 0);
  RequireSameStores(*d.store, *d.twin);
}

TEST_CASE("Referee: a transaction rolled back by an exception leaves its state as it was") {
  Dealt d;
  const Event play = d.Legal("a");
  SECTION("the append fails after writing its row") { d.probe.fail_append = true; }
  SECTION("the commit fails") { d.probe.fail_commit = true; }
  CHECK_THROWS_AS(d.referee.Submit("g", play, 2), StoreError);
  CHECK(d.store->HeadOf("g")->seq == 2);  // rolled back
  d.probe.fail_append = d.probe.fail_commit = false;
  CHECK(d.Check(play, 2) == 0);  // its state is still the fold at seq 2
  RequireSameStores(*d.store, *d.twin);
}

TEST_CASE("Referee: an enclosing transaction rolled back, then another event at the same seq") {
  Dealt d;
  d.probe.joined = true;  // the Referee's writes join the transaction below
  const Event play = d.Legal("a");
  REQUIRE_FALSE(d.store->Write([&] {
    REQUIRE(d.referee.Submit("g", play, 2).outcome == Outcome::kAccepted);
    return false;  // the enclosing transaction rolls the play back
  }));
  d.probe.joined = false;
  // Another writer appends a different action as event 3: the head's seq
  // is the one the Referee stepped to, its chain hash is not.
  const State state = *LoadState(*d.twin, "g");
  Event other = ToEvent(state, LegalActions(state).back());
  REQUIRE_FALSE(other == ToEvent(state, LegalActions(state).front()));
  REQUIRE(Submit(*d.store, "g", other, 2).outcome == Outcome::kAccepted);
  REQUIRE(Submit(*d.twin, "g", other, 2).outcome == Outcome::kAccepted);
  CHECK(d.Check(d.Legal("b"), 3) == 1);
  RequireSameStores(*d.store, *d.twin);
}

TEST_CASE("Referee: it remembers at most max_games games, the most recently used") {
  auto store = test::NewTestStore();
  ProbeStore probe(*store);
  Referee referee(probe, 1);
  for (const char* id : {"a", "b"}) {
    REQUIRE(referee.Submit("", GameOf(id, 4, 0), 0).outcome == Outcome::kAccepted);
  }
  REQUIRE(probe.reads == 0);
  REQUIRE(referee.Submit("b", DealOf(4, 1), 1).outcome == Outcome::kAccepted);
  CHECK(probe.reads == 0);  // b is the one remembered
  // A submit to no game folds nothing and drops nothing.
  CHECK(referee.Submit("nowhere", DealOf(4, 2), 0).outcome == Outcome::kNoGame);
  const State b = *LoadState(*store, "b");
  REQUIRE(referee.Submit("b", ToEvent(b, LegalActions(b).front()), 2).outcome ==
          Outcome::kAccepted);
  CHECK(probe.reads == 0);
  REQUIRE(referee.Submit("a", DealOf(4, 3), 1).outcome == Outcome::kAccepted);
  CHECK(probe.reads == 1);  // a was dropped: folded again, and now remembered in b's place
  const State b3 = *LoadState(*store, "b");
  REQUIRE(referee.Submit("b", ToEvent(b3, LegalActions(b3).front()), 3).outcome ==
          Outcome::kAccepted);
  CHECK(probe.reads == 2);
}

TEST_CASE("Referee: two connections to one database, each appending in turn") {
  test::SharedTestDatabase db;  // a SQLite file; on PostgreSQL, a database
  std::unique_ptr<EventStore> mine = db.Open(OpenMode::kCreate);
  std::unique_ptr<EventStore> theirs = db.Open(OpenMode::kReadWrite);
  std::unique_ptr<EventStore> twin = NewMemoryStore();
  ProbeStore probe(*mine);
  Referee referee(probe);
  SplitMix64 rng(9);
  for (const Event& e : {GameOf("g", 5, 1), DealOf(5, 11)}) {
    REQUIRE(referee.Submit("g", e, std::nullopt).outcome == Outcome::kAccepted);
    REQUIRE(Submit(*twin, "g", e, std::nullopt).outcome == Outcome::kAccepted);
  }
  bool theirs_appended = false;
  for (;;) {
    const State state = *LoadState(*twin, "g");
    const std::vector<LegalAction> actions = LegalActions(state);
    if (actions.empty()) break;
    const Event e = ToEvent(state, actions[rng.Next() % actions.size()]);
    const bool other = rng.Next() % 4 == 0;
    const int before = probe.reads;
    const SubmitResult got = other ? Submit(*theirs, "g", e, state.seq)
                                   : referee.Submit("g", e, state.seq);
    RequireSameResult(got, Submit(*twin, "g", e, state.seq));
    // It folds the game again exactly when the other connection appended.
    if (!other) CHECK(probe.reads - before == (theirs_appended ? 1 : 0));
    theirs_appended = other;
  }
  RequireSameStores(*mine, *twin);
}

}  // namespace
}  // namespace pli
