// appender_main.cc: pli_appender, the client the durability tests
// (crash_test.cc, concurrency_test.cc, tests/postgres/) run as a child
// process. It plays games into a store (a SQLite file, or PostgreSQL when DB
// is a postgresql:// URI) through Submit, as a table would, and reports
// every outcome on stdout, one line each:
//   ack GAME SEQ HASHHEX            Submit returned kAccepted: committed
//   refused GAME HEAD KIND MESSAGE  KIND: stale, rejected, duplicate, no-game
// A line is written with write(2) to fd 1 only after Submit has returned,
// so an ack on the pipe means the event was committed; a process killed
// between the commit and the write leaves an event stored but unacknowledged.
//
// usage: pli_appender DB GAME_BASE SEED MAX_EVENTS [MAX_MS [THINK_US [BUSY_MS]]]
// Plays games GAME_BASE-0, GAME_BASE-1, ... (4 seats, 2 manches) in turn,
// skipping those already over. Each action is chosen from a fresh
// LoadState and submitted with `expect` at that state's seq, after a
// pause of 0..THINK_US microseconds (a player thinking; 0 or absent: none);
// the pauses, the legal action and the deal seeds are drawn with SplitMix64
// from SEED, so two processes with different seeds play differently. A
// refused action is chosen again from the log as it now is. Stops after
// MAX_EVENTS accepted events (0: never) or MAX_MS milliseconds (0 or
// absent: no bound), or at SIGTERM. BUSY_MS: the connection's busy timeout (default pli's,
// 10 s): a submit that waits longer for the lock fails (exit status 2).
// At the end it says on stderr how many events it submitted and how long
// the slowest Submit took: "pli_appender: N accepted, slowest submit U us".
// Exit status: 0 when it stops, 2 on bad usage or a StoreError, 3 when the
// engine offers no legal action in a manche that is not over.
//
// usage: pli_appender --import DB GAME_BASE SEED GAMES
// Imports instead, until killed: plays GAMES whole games (named
// GAME_BASE-SEED-BATCH-I) in memory, then imports them into DB with Import,
// as `pli import` does, and reports each game of an import that returned
// ok as "ack GAME SEQ HASHHEX" (its last event); then the next batch.
#include <unistd.h>

#include <cerrno>
#include <csignal>
#include <chrono>
#include <cstdint>
#include <cstdlib>
#include <algorithm>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "games/president/rules/options.h"
#include "games/president/rules/rules.h"
#include "referee/memory_store.h"
#include "referee/open_store.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "referee/sqlite_schema.h"
#include "referee/sqlite_store.h"

namespace pli {
namespace {

// Set by SIGTERM: stop after the current submit, and report as at the end.
volatile std::sig_atomic_t g_stop = 0;

struct Args {
  std::string db;
  std::string base;
  uint64_t seed = 0;
  int64_t max_events = 0;
  int64_t max_ms = 0;
  int64_t think_us = 0;
  int64_t busy_ms = 0;  // 0: pli's default
};

// The engine offered nothing to do in a live manche (exit status 3).
struct NoLegalAction {
  std::string game;
  int64_t seq = 0;
};

// Writes all of `line` to fd 1 in as few write(2) calls as the pipe allows
// (one, for a line shorter than PIPE_BUF), retrying on EINTR.
void WriteLine(const std::string& line) {
  const char* p = line.data();
  size_t left = line.size();
  while (left > 0) {
    const ssize_t n = write(STDOUT_FILENO, p, left);
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) std::_Exit(2);  // the reader is gone: nothing to report to
    p += n;
    left -= static_cast<size_t>(n);
  }
}

const char* KindName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kAccepted:
      return "accepted";
    case Outcome::kDuplicate:
      return "duplicate";
    case Outcome::kRejected:
      return "rejected";
    case Outcome::kStale:
      return "stale";
    case Outcome::kNoGame:
      return "no-game";
  }
  return "?";
}

// The line reporting a Submit's result for `game`.
std::string ReportLine(const std::string& game, const SubmitResult& r) {
  if (r.outcome == Outcome::kAccepted) {
    return "ack " + game + " " + std::to_string(r.seq) + " " + HashHex(r.hash) + "\n";
  }
  std::string message = r.message;
  for (char& c : message) {
    if (c == '\n' || c == '\r') c = ' ';  // one line per report
  }
  return "refused " + game + " " + std::to_string(r.head_seq) + " " + KindName(r.outcome) + " " +
         message + "\n";
}

// A new game of four seats and two manches (G1), so that it ends by itself.
Event NewGame(const std::string& id) {
  GameEvent g;
  g.game = id;
  g.options = *Preset("super-president");
  const std::string problem = SetOption(g.options, "manches", "2");
  if (!problem.empty()) throw StoreError("option manches=2: " + problem);
  g.overrides = {{"manches", "2"}};
  g.seats = {"Ana", "Bo", "Cy", "Di"};
  return Event{.body = std::move(g)};
}

// The next action in `game`, whose state is `state` (nullopt: no such game
// yet); nullopt when the game is over.
std::optional<Event> NextAction(const std::optional<State>& state, const std::string& game,
                                uint64_t& rng) {
  if (!state) return NewGame(game);
  if (state->phase == Phase::kGameOver) return std::nullopt;
  if (state->phase == Phase::kMancheOver) {
    const auto seed = static_cast<int64_t>(SplitMix64Next(rng));
    return Event{.body = DealEvent{DealFromSeed(state->seats, seed), seed}};
  }
  const std::vector<LegalAction> actions = LegalActions(*state);
  if (actions.empty()) throw NoLegalAction{game, state->seq};
  return ToEvent(*state, actions[SplitMix64Next(rng) % actions.size()]);
}

int Run(const Args& args) {
  int64_t accepted_count = 0;
  std::unique_ptr<EventStore> store =
      args.busy_ms > 0 ? sqlite::NewSqliteStore(sqlite::OpenDb(args.db, OpenMode::kCreate,
                                                               sqlite::Migrations(),
                                                               static_cast<int>(args.busy_ms)))
                       : OpenStore(args.db, OpenMode::kCreate);
  int64_t slowest_us = 0;
  const auto report_slowest = [&] {
    std::cerr << "pli_appender: " << accepted_count << " accepted, slowest submit " << slowest_us
              << " us\n";
  };
  const auto start = std::chrono::steady_clock::now();
  const auto over_time = [&] {
    const auto elapsed = std::chrono::steady_clock::now() - start;
    return args.max_ms > 0 && elapsed >= std::chrono::milliseconds(args.max_ms);
  };
  uint64_t rng = args.seed;
  int64_t game_index = 0;
  int64_t accepted = 0;
  while ((args.max_events == 0 || accepted < args.max_events) && !over_time() && g_stop == 0) {
    const std::string game = args.base + "-" + std::to_string(game_index);
    const std::optional<State> state = LoadState(*store, game);
    const std::optional<Event> action = NextAction(state, game, rng);
    if (!action) {
      ++game_index;
      continue;
    }
    if (args.think_us > 0) {
      usleep(static_cast<useconds_t>(SplitMix64Next(rng) % (args.think_us + 1)));
    }
    const auto before = std::chrono::steady_clock::now();
    std::optional<SubmitResult> result;
    try {
      result = Submit(*store, game, *action, state ? state->seq : 0);
    } catch (const StoreError&) {
      report_slowest();
      throw;
    }
    slowest_us = std::max<int64_t>(
        slowest_us, std::chrono::duration_cast<std::chrono::microseconds>(
                        std::chrono::steady_clock::now() - before)
                        .count());
    WriteLine(ReportLine(game, *result));  // after Submit returned: after COMMIT
    if (result->outcome == Outcome::kAccepted) ++accepted;
    accepted_count = accepted;
  }
  report_slowest();
  return 0;
}

// The --import mode (see the top of the file); runs until killed.
int RunImport(const Args& args) {
  std::unique_ptr<EventStore> store = OpenStore(args.db, OpenMode::kCreate);
  uint64_t rng = args.seed;
  for (int64_t batch = 0;; ++batch) {
    std::unique_ptr<EventStore> memory = NewMemoryStore();
    std::vector<GameLog> logs;
    for (int64_t i = 0; i < args.max_events; ++i) {
      GameLog log;
      log.game = args.base + "-" + std::to_string(args.seed) + "-" + std::to_string(batch) + "-" +
                 std::to_string(i);
      for (;;) {
        const std::optional<State> state = LoadState(*memory, log.game);
        const std::optional<Event> action = NextAction(state, log.game, rng);
        if (!action) break;
        const SubmitResult r = Submit(*memory, log.game, *action, state ? state->seq : 0);
        if (r.outcome != Outcome::kAccepted) throw StoreError("in memory: " + r.message);
        log.events.push_back(*action);
      }
      logs.push_back(std::move(log));
    }
    const ImportResult result = Import(*store, logs, false);
    if (!result.ok) throw StoreError("import refused: " + result.message);
    std::string lines;  // after Import returned: after COMMIT
    for (const GameLog& log : logs) {
      const Head head = *memory->HeadOf(log.game);
      lines += "ack " + log.game + " " + std::to_string(head.seq) + " " + HashHex(head.hash) + "\n";
    }
    WriteLine(lines);
  }
}

// Parses a whole decimal argument into `out`; false if it is not one.
bool ParseInt(const char* text, int64_t& out) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text, &end, 10);
  if (errno != 0 || end == text || *end != '\0') return false;
  out = v;
  return true;
}

std::optional<Args> ParseArgs(int argc, char** argv) {
  if (argc < 5 || argc > 8) return std::nullopt;
  Args args{.db = argv[1], .base = argv[2]};
  int64_t seed = 0;
  if (!ParseInt(argv[3], seed) || !ParseInt(argv[4], args.max_events)) return std::nullopt;
  if (argc >= 6 && !ParseInt(argv[5], args.max_ms)) return std::nullopt;
  if (argc >= 7 && !ParseInt(argv[6], args.think_us)) return std::nullopt;
  if (argc >= 8 && !ParseInt(argv[7], args.busy_ms)) return std::nullopt;
  if (args.max_events < 0 || args.max_ms < 0 || args.think_us < 0 || args.busy_ms < 0) {
    return std::nullopt;
  }
  if (args.base.empty() || args.base.find(' ') != std::string::npos) return std::nullopt;
  args.seed = static_cast<uint64_t>(seed);
  return args;
}

}  // namespace
}  // namespace pli

int main(int argc, char** argv) {
  const bool import = argc == 6 && std::string(argv[1]) == "--import";
  const std::optional<pli::Args> args =
      import ? pli::ParseArgs(argc - 1, argv + 1) : pli::ParseArgs(argc, argv);
  if (!args) {
    std::cerr << "usage: pli_appender DB GAME_BASE SEED MAX_EVENTS [MAX_MS [THINK_US [BUSY_MS]]]\n"
                 "       pli_appender --import DB GAME_BASE SEED GAMES\n";
    return 2;
  }
  std::signal(SIGTERM, [](int) { pli::g_stop = 1; });
  try {
    return import ? pli::RunImport(*args) : pli::Run(*args);
  } catch (const pli::StoreError& e) {
    std::cerr << "pli_appender: " << e.what() << "\n";
    return 2;
  } catch (const pli::NoLegalAction& e) {
    std::cerr << "pli_appender: no legal action in game " << e.game << " at seq " << e.seq << "\n";
    return 3;
  }
}
