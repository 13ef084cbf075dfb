// process.h: timing a whole command (fork, exec, wait4), and its peak
// memory.
#ifndef PLI_BENCH_PROCESS_H_
#define PLI_BENCH_PROCESS_H_

#include <cstdint>
#include <string>
#include <vector>

namespace pli::bench {

struct ProcessRun {
  int status = -1;         // exit status, or -1 if it did not exit normally
  double seconds = 0;      // wall time from fork to reaped
  int64_t max_rss_kb = 0;  // peak resident memory of the command; 0 if unknown
};

// Runs argv[0] with argv, stdout and stderr to /dev/null, and waits for it.
// With `rss`, through GNU time (/usr/bin/time -f %M), which reports the
// command's own peak: the ru_maxrss of a child forked from this program
// starts at this program's peak, since Linux carries the high-water mark of
// the memory image it had before exec; GNU time, forked from a small
// process, does not inherit one. Without /usr/bin/time, max_rss_kb is 0.
ProcessRun RunProcess(const std::vector<std::string>& argv, bool rss = false);

}  // namespace pli::bench

#endif  // PLI_BENCH_PROCESS_H_
