// sim_print.h: what the printers of `pli simulate` and `pli prop` share,
// whichever game's loop or checks ran (cli/simulate.cc, games/<game>/cli/): the
// exit statuses, the progress bar, fixed-point numbers, the intervals and
// the closing members of a simulation's document. Header-only, cli only.
#ifndef PLI_CLI_SIM_PRINT_H_
#define PLI_CLI_SIM_PRINT_H_

#include <unistd.h>

#include <algorithm>
#include <boost/json.hpp>
#include <chrono>
#include <cstdint>
#include <iomanip>
#include <iostream>
#include <optional>
#include <sstream>
#include <string>

#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/progress.h"
#include "referee/open_store.h"
#include "sim/ci.h"

namespace pli::cli {

constexpr int kSimExitOk = 0;
constexpr int kSimExitFailed = 1;  // prop: a property broke
constexpr int kSimExitBug = 2;     // simulate: a refused bot action

inline std::string Bar(int done, int total, int width = 24) {
  const int filled = total > 0 ? done * width / total : 0;
  return "[" + std::string(filled, '#') + std::string(width - filled, '.') + "]";
}

inline std::string Fixed(double x, int digits) {
  std::ostringstream out;
  out << std::fixed << std::setprecision(digits) << x;
  return out.str();
}

inline boost::json::value IntervalJson(const std::optional<Interval>& i) {
  if (!i) return nullptr;
  return boost::json::array{i->low, i->high};
}

inline std::string IntervalText(const std::optional<Interval>& i, double scale, int digits) {
  if (!i) return "[  n/a  ]";
  return "[" + Fixed(i->low * scale, digits) + ", " + Fixed(i->high * scale, digits) + "]";
}

// The end of the first line of any game's `pli simulate` text and its
// second line: the seed, the store, what was refereed and how fast.
inline void PrintRefereed(std::ostream& out, int64_t seed, const std::string& db, int64_t manches,
                          int64_t events, double seconds) {
  out << ", seed " << seed << ", into " << StoreName(db) << "\n  "  // never a password (issue 29)
       << manches << " manches, " << events
      << " events refereed in " << Fixed(seconds, 1) << " s";
  if (seconds > 0) out << " (" << Fixed(static_cast<double>(events) / seconds, 0) << " events/s)";
  out << "\n\n";
}

// The closing members of any game's simulation document: the last game's
// head, and a bug (exit 2, INTERFACE.md §2).
template <typename Result>
void AddLastAndBug(boost::json::object& o, const Result& r) {
  if (!r.last_game.empty()) {
    o["last"] =
        boost::json::object{{"game", r.last_game}, {"seq", r.last_seq}, {"hash", r.last_hash}};
  }
  if (!r.bug.empty()) {
    o["bug"] = r.bug;
    o["error"] = ErrorMember("bug: " + r.bug);
  }
}

// One run of a simulation loop: progress on stderr, then the document or the
// table, and the exit status. `simulate(on_progress)` plays the games;
// each game's loop has its own config, result, JSON and text.
template <typename Simulate, typename Json, typename Text>
int RunWithProgress(const SimulateArgs& args, Simulate simulate, Json json, Text text) {
  using Clock = std::chrono::steady_clock;
  ProgressLine line(std::cerr, isatty(STDERR_FILENO) != 0);
  const Clock::time_point start = Clock::now();
  const auto result = simulate([&](const auto& p) {
    const double seconds = line.Seconds();
    line.Show(std::string("simulating ") + (line.tty() ? Bar(p.games_done, p.games) + " " : "") +
                  std::to_string(p.games_done) + "/" + std::to_string(p.games) + " games, " +
                  std::to_string(p.events) + " events" +
                  (seconds > 0 ? ", " + Fixed(static_cast<double>(p.events) / seconds, 0) +
                                     " events/s"
                               : ""),
              p.games_done == p.games);
  });
  line.Clear();
  const double seconds = std::chrono::duration<double>(Clock::now() - start).count();
  if (args.json) {
    std::cout << boost::json::serialize(json(result, seconds)) << "\n";
  } else {
    text(result, seconds);
  }
  if (!result.bug.empty()) {
    std::cerr << "pli simulate: bug: " << result.bug << "\n";
    return kSimExitBug;
  }
  return kSimExitOk;
}

// `pli prop`'s progress: runs done of `total`, then the shrinking steps.
inline void ShowPropProgress(ProgressLine& line, int runs, int shrinks, int total) {
  if (shrinks == 0) {
    line.Show("prop " + Bar(std::min(runs, total), total) + " " + std::to_string(runs) + "/" +
              std::to_string(total) + " runs");
  } else {
    line.Show("prop: a property failed; shrinking: " + std::to_string(shrinks) + " steps");
  }
}

}  // namespace pli::cli

#endif  // PLI_CLI_SIM_PRINT_H_
