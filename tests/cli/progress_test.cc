// progress_test.cc: the progress line of the long commands (cli/progress.h),
// on a clock of the test's own (no timed assertion): without a terminal a
// plain line every ProgressLine::kEvery once the run has lasted that long,
// nothing before; on a terminal a line redrawn in place (issue 11 item 7:
// `simulate` printed nothing for minutes without a terminal).
#include "cli/progress.h"

#include <catch2/catch.hpp>
#include <chrono>
#include <sstream>

namespace {

using pli::cli::ProgressLine;
using Clock = ProgressLine::Clock;

}  // namespace

TEST_CASE("progress: without a terminal, a line every few seconds of a long run, none before") {
  Clock::time_point now{};
  std::ostringstream out;
  {
    ProgressLine line(out, false, [&] { return now; });
    line.Show("1/9 games");
    now += std::chrono::seconds(1);
    line.Show("2/9 games", true);  // forced: still nothing, the run is short so far
    CHECK(out.str().empty());
    now += ProgressLine::kEvery;
    line.Show("3/9 games");
    CHECK(out.str() == "3/9 games\n");
    now += std::chrono::seconds(1);
    line.Show("4/9 games");  // too soon after the last line
    CHECK(out.str() == "3/9 games\n");
    now += ProgressLine::kEvery;
    line.Show("5/9 games");
    CHECK(out.str() == "3/9 games\n5/9 games\n");
    CHECK(line.Seconds() > 10);
  }
  CHECK(out.str() == "3/9 games\n5/9 games\n");  // the lines stay; no escape sequence
}

TEST_CASE("progress: on a terminal, one line redrawn in place and cleared at the end") {
  Clock::time_point now{};
  std::ostringstream out;
  {
    ProgressLine line(out, true, [&] { return now; });
    line.Show("1/9");
    now += std::chrono::milliseconds(10);
    line.Show("2/9");  // within 100 ms: skipped
    line.Show("3/9", true);
  }
  CHECK(out.str() == "\r1/9\033[K\r3/9\033[K\r\033[K");
}
