// random_games.cc: random legal games and the random-play loops (see
// random_games.h).
#include "bench/random_games.h"

#include <cstdio>
#include <cstdlib>
#include <utility>

#include "games/president/rules/rules.h"
#include "games/president/referee/shuffle.h"

namespace pli::bench {
namespace {

constexpr const char* kNames[kMaxSeats] = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hana"};

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "pli_bench: %s\n", what);
  std::abort();
}

// A live table's clock: RFC 3339 times a few seconds apart.
class TableClock {
 public:
  explicit TableClock(Rng& rng) : rng_(rng), seconds_(rng.Below(20 * 3600)) {}
  std::string Tick() {
    seconds_ += 1 + rng_.Below(20);
    const int s = static_cast<int>(seconds_ % (28 * 86400));
    char text[32];
    std::snprintf(text, sizeof text, "2026-11-%02dT%02d:%02d:%02dZ", 1 + s / 86400, s / 3600 % 24,
                  s / 60 % 60, s % 60);
    return text;
  }

 private:
  Rng& rng_;
  int64_t seconds_;
};

GameEvent NewGame(Rng& rng, const std::string& id, int seats, int manches, bool scored) {
  GameEvent g;
  g.game = id;
  for (int i = 0; i < seats; ++i) g.seats.push_back(kNames[i]);
  if (scored) {
    g.overrides = {{"scoring", "place"}, {"manches", std::to_string(manches)}};
    for (const auto& [name, value] : g.overrides)
      if (!SetOption(g.options, name, value).empty()) Die("bad override");
  }
  (void)rng;
  return g;
}

// Appends `event` to the log (stamped, with an id unless it is the game
// event) and folds it; it must be legal.
void Record(GameLog& log, State& state, Event event, TableClock& clock) {
  event.at = clock.Tick();
  if (!std::holds_alternative<GameEvent>(event.body)) {
    char id[32];
    std::snprintf(id, sizeof id, "c%d-%05zu", ActingSeat(event.body) + 1, log.events.size());
    event.id = id;
  }
  if (Decide(state, event)) Die("the generator made an illegal event");
  ApplyInPlace(state, event);
  log.events.push_back(std::move(event));
}

}  // namespace

uint64_t Rng::Next() { return SplitMix64Next(state_); }

GameLog RandomGame(Rng& rng, const std::string& id) {
  const int seats = 4 + rng.Below(5);
  const int manches = 1 + rng.Below(10);
  const bool scored = rng.Below(2) == 0;
  GameLog log;
  log.game = id;
  TableClock clock(rng);
  State state;
  Record(log, state, Event{NewGame(rng, id, seats, manches, scored)}, clock);
  for (int m = 0; m < manches; ++m) {
    const auto seed = static_cast<int64_t>(rng.Next() >> 1);
    Record(log, state, Event{DealEvent{DealFromSeed(seats, seed), seed}}, clock);
    while (state.phase == Phase::kPlay || state.phase == Phase::kExchange) {
      const std::vector<LegalAction> actions = LegalActions(state);
      if (actions.empty()) Die("nothing legal while a manche is on");
      const LegalAction& a = actions[rng.Below(static_cast<int>(actions.size()))];
      Record(log, state, ToEvent(state, a), clock);
    }
  }
  if (!scored) Record(log, state, Event{EndEvent{}}, clock);
  return log;
}

std::vector<GameLog> RandomGames(Rng& rng, const std::string& prefix, int count,
                                 int64_t* events) {
  std::vector<GameLog> games;
  *events = 0;
  for (int i = 1; i <= count; ++i) {
    char id[16];
    std::snprintf(id, sizeof id, "%06d", i);
    games.push_back(RandomGame(rng, prefix + id));
    *events += static_cast<int64_t>(games.back().events.size());
  }
  return games;
}

uint64_t RandomPlay(uint64_t seed, int64_t actions, bool validate) {
  Rng rng(seed);
  std::vector<Event> games;  // one game event per seat count
  for (int n = kMinSeats; n <= kMaxSeats; ++n) games.push_back(Event{NewGame(rng, "bench", n, 0, false)});
  State state;
  std::vector<LegalAction> listed;  // reused: LegalActions(state, listed)
  uint64_t checksum = 0;
  for (int64_t done = 0; done < actions;) {
    if (state.phase == Phase::kNone || (state.phase == Phase::kMancheOver && state.manche == 5)) {
      ApplyInPlace(state, games[rng.Below(kMaxSeats - kMinSeats + 1)]);
    }
    if (state.phase == Phase::kMancheOver) {
      const Event deal{DealEvent{DealFromSeed(state.seats, static_cast<int64_t>(rng.Next() >> 1)), {}}};
      if (validate && Decide(state, deal)) Die("an illegal deal");
      ApplyInPlace(state, deal);
      continue;
    }
    LegalActions(state, listed);
    const LegalAction& a = listed[rng.Below(static_cast<int>(listed.size()))];
    const Event event = ToEvent(state, a);
    if (validate && Decide(state, event)) Die("a listed action was refused");
    ApplyInPlace(state, event);
    checksum = checksum * 31 + static_cast<uint64_t>(state.turn + 1);
    ++done;
  }
  return checksum;
}

}  // namespace pli::bench
