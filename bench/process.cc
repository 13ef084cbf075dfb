// process.cc: fork, exec and wait4 for a whole-command timing (process.h).
#include "bench/process.h"

#include <fcntl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>

#include "bench/harness.h"

namespace pli::bench {
namespace {

constexpr const char* kGnuTime = "/usr/bin/time";

// Forks, runs `argv` with its output to /dev/null, waits; returns the
// status (-1: not a normal exit) and sets *seconds.
int ForkExec(const std::vector<std::string>& argv, double* seconds) {
  std::vector<char*> args;
  for (const std::string& a : argv) args.push_back(const_cast<char*>(a.c_str()));
  args.push_back(nullptr);
  const Clock::time_point start = Clock::now();
  const pid_t pid = fork();
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    dup2(null, STDOUT_FILENO);
    dup2(null, STDERR_FILENO);
    execv(args[0], args.data());
    _exit(127);
  }
  if (pid < 0) return -1;
  int status = 0;
  if (waitpid(pid, &status, 0) != pid) return -1;
  *seconds = SecondsBetween(start, Clock::now());
  return WIFEXITED(status) ? WEXITSTATUS(status) : -1;
}

}  // namespace

ProcessRun RunProcess(const std::vector<std::string>& argv, bool rss) {
  ProcessRun run;
  if (!rss || access(kGnuTime, X_OK) != 0) {
    run.status = ForkExec(argv, &run.seconds);
    return run;
  }
  char path[] = "/tmp/pli_bench_rss_XXXXXX";
  const int fd = mkstemp(path);
  if (fd >= 0) close(fd);
  std::vector<std::string> timed = {kGnuTime, "-f", "%M", "-o", path};
  timed.insert(timed.end(), argv.begin(), argv.end());
  run.status = ForkExec(timed, &run.seconds);
  std::ifstream in(path);
  in >> run.max_rss_kb;
  std::remove(path);
  return run;
}

}  // namespace pli::bench
