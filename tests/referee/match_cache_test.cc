// match_cache_test.cc: SubmitAny's matches kept per store object
// (referee/match_cache.h). A Skull King game is played by bots through the
// game interface and submitted through two connections to one SQLite file
// (two referees, each keeping its own matches), taking turns; every submit
// is also made on a twin file through a store opened for that submit only
// (nothing kept: the game read and folded every time), and the two must
// give the same results: outcome, seq, hash, head, verdict, message, and
// the match they return. A decorator counts each connection's reads of the
// game, to show which submits reused the kept match and which folded again:
// a connection that alone writes to a game never reads it back; one whose
// head another connection moved reads it once, sees the other's events,
// and is told its --expect is stale.
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "games/game.h"
#include "referee/match_cache.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "tests/temp_dir.h"

namespace pli {
namespace {

// Forwards to a store, counting its game reads; a commit can be made to
// fail after the transaction's work is done.
class CountingStore : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  std::optional<StoredGame> Read(std::string_view game) override {
    ++reads;
    return inner().Read(game);
  }
  bool Write(const std::function<bool()>& fn) override {
    return inner().Write([&] {
      const bool commit = fn();
      if (commit && fail_commit) throw StoreError("injected: the commit failed");
      return commit;
    });
  }
  int reads = 0;
  bool fail_commit = false;
};

constexpr const char* kGame = "sk-1";

// One submission: through `via` (a connection of the shared file), and on
// the twin file through a store opened for it alone. Returns the result;
// requires the two to agree.
struct Files {
  test::TempDir dir;
  std::string shared = (dir.path / "shared.db").string();
  std::string twin = (dir.path / "twin.db").string();
  const Game& kind = *FindGame("skull-king");

  AnySubmitResult Both(EventStore& via, const std::string& line, int seats,
                       std::optional<int64_t> expect) {
    const GameLine read = kind.ReadLine(line, seats);
    REQUIRE(read.well_formed);
    AnySubmitResult kept = SubmitAny(via, kGame, kind, read.event, expect);
    std::unique_ptr<EventStore> once = OpenSqliteStore(twin, OpenMode::kCreate);
    const AnySubmitResult plain = SubmitAny(*once, kGame, kind, read.event, expect);
    INFO("kept: " << kept.message << "; plain: " << plain.message << "; line " << line);
    REQUIRE(kept.outcome == plain.outcome);
    CHECK(kept.seq == plain.seq);
    CHECK(kept.hash == plain.hash);
    CHECK(kept.head_seq == plain.head_seq);
    CHECK(kept.violation == plain.violation);
    CHECK(kept.message == plain.message);
    REQUIRE((kept.match == nullptr) == (plain.match == nullptr));
    if (kept.match) {
      CHECK(kept.match->seq() == plain.match->seq());
      CHECK(kept.match->StateJson() == plain.match->StateJson());
    }
    return kept;
  }
};

// The game's own match, stepped by every accepted event, and its bots.
struct Table {
  explicit Table(const Game& kind) : match(kind.NewMatch()) {
    for (int s = 0; s < 4; ++s) bots.push_back(kind.MakeBot("medium", 100 + s));
  }
  std::unique_ptr<Match> match;
  std::vector<std::unique_ptr<BotSeat>> bots;
  int manche_seed = 0;

  // The next event's line: a deal when nobody must act, else a bot's action.
  std::string Next() {
    const std::vector<int> to_act = match->ToAct();
    if (to_act.empty()) return *match->SeededDeal(++manche_seed);
    return *bots[to_act.front()]->Act(*match, to_act.front());
  }
};

constexpr const char* kGameLine =
    R"({"type":"game","game":"sk-1","ruleset":"skull-king","seats":["Ann","Bob","Cyd","Dee"]})";

TEST_CASE("SubmitAny: two referees on one file take turns on one game and both stay correct") {
  Files files;
  std::unique_ptr<EventStore> a_conn = OpenSqliteStore(files.shared, OpenMode::kCreate);
  std::unique_ptr<EventStore> b_conn = OpenSqliteStore(files.shared, OpenMode::kCreate);
  CountingStore a(*a_conn), b(*b_conn);
  Table table(files.kind);
  const auto accept = [&](CountingStore& via, const std::string& line) {
    const AnySubmitResult r = files.Both(via, line, 4, table.match->seq());
    REQUIRE(r.outcome == Outcome::kAccepted);
    REQUIRE(!table.match->Step(files.kind.ReadLine(line, 4).event));
    REQUIRE(r.seq == table.match->seq());
  };
  accept(a, kGameLine);
  // Runs of 1 to 5 submits, alternating between the two connections. After
  // most runs the other connection, still at an earlier head, submits with
  // the --expect it last saw and is told it is stale; after every third
  // run it does not, and its next submit is the first to meet the moved
  // head. Either way it reads and folds the game once, then goes on from
  // its kept match.
  int turn = 0, run = 0, expected_reads = 0;
  while (!table.match->Over()) {
    CountingStore& via = turn % 2 == 0 ? a : b;
    CountingStore& other = turn % 2 == 0 ? b : a;
    const int before = via.reads;
    const int64_t seen = table.match->seq();
    const bool moved = run == 0 && turn > 0 && turn % 3 == 0;  // no stale answer before
    accept(via, table.Next());
    CHECK(via.reads == before + (moved ? 1 : 0));
    expected_reads += moved ? 1 : 0;
    if (table.match->Over()) break;
    if (++run <= turn % 5) continue;
    if ((turn + 1) % 3 != 0) {
      // The other connection is stale: told so, with the match at the head,
      // the events it did not write folded in.
      const int other_before = other.reads;
      const AnySubmitResult stale = files.Both(other, table.Next(), 4, seen);
      CHECK(stale.outcome == Outcome::kStale);
      REQUIRE(stale.match);
      CHECK(stale.match->seq() == table.match->seq());
      CHECK(stale.match->StateJson() == table.match->StateJson());
      CHECK(other.reads == other_before + 1);
      ++expected_reads;
    }
    ++turn;
    run = 0;
  }
  CHECK(table.match->seq() > 200);
  CHECK(turn > 20);
  CHECK(a.reads + b.reads == expected_reads);
}

TEST_CASE("SubmitAny: one writer's long game is never read back and a failed commit changes nothing") {
  Files files;
  std::unique_ptr<EventStore> conn = OpenSqliteStore(files.shared, OpenMode::kCreate);
  CountingStore store(*conn);
  Table table(files.kind);
  std::string line = kGameLine;
  int failed = 0;
  while (!table.match->Over()) {
    // Every 25th submit's commit fails after its work is done: nothing is
    // written, and the match kept stays at the head before it.
    store.fail_commit = table.match->seq() % 25 == 24 && failed < 8;
    if (store.fail_commit) {
      const GameLine read = files.kind.ReadLine(line, 4);
      CHECK_THROWS_AS(SubmitAny(store, kGame, files.kind, read.event, table.match->seq()),
                      StoreError);
      store.fail_commit = false;
      ++failed;
    }
    const AnySubmitResult r = files.Both(store, line, 4, table.match->seq());
    REQUIRE(r.outcome == Outcome::kAccepted);
    REQUIRE(!table.match->Step(files.kind.ReadLine(line, 4).event));
    if (!table.match->Over()) line = table.Next();
  }
  CHECK(failed == 8);
  CHECK(table.match->seq() > 200);
  CHECK(store.reads == 0);  // O(1) folds: the game is never read and folded again
  CHECK(store.Matches().size() == 1);
  // A refused action (a bid: the game is over) is judged in the kept match.
  const AnySubmitResult late =
      files.Both(store, R"({"type":"bid","seat":0,"bid":0})", 4, std::nullopt);
  CHECK(late.outcome == Outcome::kRejected);
  CHECK(store.reads == 0);
}

TEST_CASE("MatchCache: keeps at most its capacity and drops the least recently used") {
  const Game& kind = *FindGame("skull-king");
  MatchCache cache(2);
  const Head h1{1, kGenesis};
  cache.Put("a", h1, kind.NewMatch());
  cache.Put("b", h1, kind.NewMatch());
  CHECK(cache.At("a", h1, kind) != nullptr);  // a is now the most recent
  cache.Put("c", h1, kind.NewMatch());        // drops b
  CHECK(cache.size() == 2);
  CHECK(cache.At("b", h1, kind) == nullptr);
  CHECK(cache.At("a", h1, kind) != nullptr);
  CHECK(cache.At("c", h1, kind) != nullptr);
  // Another head, or another game's kind: not the kept match.
  CHECK(cache.At("a", Head{2, kGenesis}, kind) == nullptr);
  CHECK(cache.At("a", h1, *FindGame("super-president")) == nullptr);
  // Advance from a head it does not hold drops it.
  AnyEvent e;
  cache.Advance("a", Head{5, kGenesis}, e, Head{6, kGenesis});
  CHECK(cache.At("a", h1, kind) == nullptr);
}

}  // namespace
}  // namespace pli
