// pg_race_submit_test.cc: two writers racing through the referee on
// PostgreSQL, thousands of times (issue 30 item 7). Each writer has its own
// connection (so its own heads and kept matches, as two `pli` processes or
// two servers would), reads the head, and submits the game's next event with
// --expect at that head; the one that loses a race must be told `stale`
// (docs/REFEREE.md, "Outcomes and exit status": exit 1), never `malformed`
// ("seq N is not the event's position, N+1": the loser judged one seq behind
// because its fold read rows newer than the head it had read before, with no
// lock between the two reads in PostgreSQL's optimistic Write).
//
// The games are played by `pli simulate` into a SQLite file (President and
// Skull King), then raced event by event into PostgreSQL; the count is
// bounded (PLI_PG_SUBMIT_RACES to change it).
#include <catch2/catch.hpp>

#include <cstdlib>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "games/president/rules/event.h"
#include "games/game.h"
#include "referee/open_store.h"
#include "referee/postgres_store.h"
#include "games/president/referee/referee.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "games/president/wire/event_codec.h"
#include "tests/postgres/pg_server.h"
#include "tests/temp_dir.h"

namespace pli::test {
namespace {

// The games of a simulated SQLite database: each game's stored rows.
std::vector<StoredGame> Simulated(const TempDir& dir, const std::string& name,
                                  const std::string& args) {
  const std::string db = (dir.path / name).string();
  const std::string cmd = std::string(PLI_EXE) + " simulate --db " + db + " " + args + " >/dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  auto store = OpenSqliteStore(db, OpenMode::kReadOnly);
  std::vector<StoredGame> games;
  for (const std::string& g : store->Games()) games.push_back(*store->Read(g));
  return games;
}

AnyEvent AnyOf(const StoredEvent& row) {
  AnyEvent e;
  e.seq = row.seq;
  e.body = row.body;
  e.type = row.columns.type;
  e.seat = row.columns.seat;
  e.id = row.columns.id;
  return e;
}

struct Tally {
  int accepted = 0, stale = 0;
  std::vector<std::string> other;  // anything else: what it was told
};

// Races two writers over every event of `game` after its game event, each
// submitting through `submit(store, expect, next)`, which returns the outcome
// and message. Returns both tallies.
template <typename SubmitFn>
void Race(const std::string& uri, const StoredGame& game, SubmitFn submit, Tally tally[2]) {
  const int64_t last = static_cast<int64_t>(game.events.size());
  auto writer = [&](Tally& t) {
    // The head a client read (its --expect), on a connection of its own.
    auto reader = OpenPostgresStore(uri, OpenMode::kReadOnly);
    while (true) {
      const int64_t head = reader->HeadOf(game.game)->seq;
      if (head >= last) return;
      // A store of its own for each submit, as each `pli` command opens
      // one: no head or match kept from before, so the head is read from
      // the server inside the write, and the game folded from its rows.
      auto store = OpenPostgresStore(uri, OpenMode::kReadWrite);
      const auto [outcome, message] = submit(*store, head, game.events[static_cast<size_t>(head)]);
      if (outcome == Outcome::kAccepted) {
        ++t.accepted;
      } else if (outcome == Outcome::kStale) {
        ++t.stale;
      } else {
        t.other.push_back(message);
      }
    }
  };
  std::thread a(writer, std::ref(tally[0])), b(writer, std::ref(tally[1]));
  a.join();
  b.join();
}

TEST_CASE("PostgreSQL: two writers racing through the referee: every loser is told stale") {
  TempDir dir;
  // Bounded: one game of each (about 450 events, each raced by two writers
  // through each path) unless PLI_PG_SUBMIT_RACES asks for more.
  const char* asked = std::getenv("PLI_PG_SUBMIT_RACES");
  const int games = asked != nullptr && *asked != '\0' ? std::atoi(asked) : 1;
  std::vector<StoredGame> logs =
      Simulated(dir, "p.db", "--games " + std::to_string(games) + " --manches 3 --fast --seed 5");
  for (const StoredGame& g : Simulated(dir, "k.db", "--ruleset skull-king --games " +
                                                         std::to_string(games) + " --fast --seed 6")) {
    logs.push_back(g);
  }
  const std::string uri = FreshPgDatabase();
  auto creator = OpenPostgresStore(uri, OpenMode::kCreate);
  int64_t events = 0;
  Tally any[2], typed[2];
  for (const StoredGame& g : logs) {
    const Game* kind = GameOfBody(g.events.front().body);
    REQUIRE(kind != nullptr);
    // Through SubmitAny (the referee of any game: pli's live commands of
    // any game, pli serve).
    const std::string id = g.game;
    REQUIRE(SubmitAny(*creator, id, *kind, AnyOf(g.events.front()), 0).outcome ==
            Outcome::kAccepted);
    Race(uri, g,
         [&](EventStore& store, int64_t expect, const StoredEvent& next) {
           const AnySubmitResult r = SubmitAny(store, id, *kind, AnyOf(next), expect);
           return std::pair{r.outcome, r.message};
         },
         any);
    events += static_cast<int64_t>(g.events.size());
    CHECK(creator->Read(id)->events.size() == g.events.size());
    // Through the typed President Submit (pli's President commands), on a
    // copy of the game under another id.
    if (kind != GameOfBody(logs.front().events.front().body)) continue;
    StoredGame copy = g;
    copy.game = g.game + "-typed";
    const auto typed_event = [&](const StoredEvent& row) {
      Event e = std::get<Event>(DecodeEvent(row.body));
      if (auto* game_event = std::get_if<GameEvent>(&e.body)) game_event->game = copy.game;
      e.seq = row.seq;
      return e;
    };
    REQUIRE(Submit(*creator, copy.game, typed_event(copy.events.front()), 0).outcome ==
            Outcome::kAccepted);
    Race(uri, copy,
         [&](EventStore& store, int64_t expect, const StoredEvent& next) {
           const SubmitResult r = Submit(store, copy.game, typed_event(next), expect);
           return std::pair{r.outcome, r.message};
         },
         typed);
    CHECK(creator->Read(copy.game)->events.size() == g.events.size());
  }
  for (const Tally* t : {any, typed}) {
    INFO("accepted " << t[0].accepted + t[1].accepted << ", stale " << t[0].stale + t[1].stale);
    for (int w = 0; w < 2; ++w) {
      for (const std::string& m : t[w].other) FAIL_CHECK("a loser was told: " << m);
    }
  }
  WARN("raced " << events << " events twice (SubmitAny and President's Submit): stale told "
                << any[0].stale + any[1].stale << " and " << typed[0].stale + typed[1].stale
                << " times");
  CHECK(any[0].accepted + any[1].accepted + static_cast<int64_t>(logs.size()) == events);
}

}  // namespace
}  // namespace pli::test
