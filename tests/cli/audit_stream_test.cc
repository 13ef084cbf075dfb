// audit_stream_test.cc: `pli audit -` of a long pipe of valid events holds
// what it must remember (each game's verdict, the current game's state),
// not the events (issue 12 item 5): its peak memory, read from the child's
// rusage, stays far below what holding the events takes, and its summary
// counts every event.
#include <fcntl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <csignal>
#include <cstdint>
#include <regex>
#include <string>
#include <vector>

#include "tests/cli/run.h"
#include "tests/temp_dir.h"

namespace {

using pli::test::Lines;
using pli::test::PliArgv;
using pli::test::TempDir;

// One whole game played by the bots, as `pli export` writes it, without its
// hashes (copies under other ids would break them): its lines, game event
// first.
std::vector<std::string> TemplateGame(const TempDir& tmp) {
  const std::string db = (tmp.path / "sim.db").string();
  const auto sim = PliArgv({"simulate", "--db", db, "--games", "1", "--fast", "--seed", "5"});
  INFO(sim.err);
  REQUIRE(sim.status == 0);
  std::vector<std::string> lines = Lines(pli::test::Export(db));
  const std::regex hash(R"(,"hash":"[0-9a-f]*")");
  for (std::string& line : lines) line = std::regex_replace(line, hash, "");
  REQUIRE(lines.size() > 50);
  REQUIRE(lines.front().find(R"("type":"game")") != std::string::npos);
  return lines;
}

// What a run of `pli audit - --json` fed through a pipe did.
struct PipeRun {
  int status = -1;
  int64_t max_rss_kib = 0;  // the child's peak resident memory
  std::string out;
};

// Runs `pli audit - --json`, writing `games` copies of `game` (each under
// its own id, "s1", "s2", ...) into its standard input as it reads them.
PipeRun AuditPipe(const TempDir& tmp, const std::vector<std::string>& game, int games) {
  const std::string out_path = (tmp.path / "out.json").string();
  int fds[2];
  REQUIRE(pipe(fds) == 0);
  const pid_t pid = fork();
  REQUIRE(pid >= 0);
  if (pid == 0) {
    dup2(fds[0], STDIN_FILENO);
    close(fds[0]);
    close(fds[1]);
    const int out = open(out_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
    dup2(out, STDOUT_FILENO);
    const int err = open("/dev/null", O_WRONLY);
    dup2(err, STDERR_FILENO);
    execl(PLI_EXE, PLI_EXE, "audit", "-", "--json", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(fds[0]);
  // A pli that stops reading must fail the test, not kill it.
  void (*old)(int) = std::signal(SIGPIPE, SIG_IGN);
  const std::regex id(R"("game":"[^"]*")");
  std::string rest;
  for (const std::string& line : game) rest += line + "\n";
  rest.erase(0, game.front().size() + 1);
  bool written = true;
  for (int k = 1; k <= games && written; ++k) {
    const std::string text =
        std::regex_replace(game.front(), id, "\"game\":\"s" + std::to_string(k) + "\"",
                           std::regex_constants::format_first_only) +
        "\n" + rest;
    for (size_t done = 0; done < text.size() && written;) {
      const ssize_t n = write(fds[1], text.data() + done, text.size() - done);
      written = n > 0;
      if (written) done += static_cast<size_t>(n);
    }
  }
  close(fds[1]);
  std::signal(SIGPIPE, old);
  PipeRun run;
  int raw = 0;
  struct rusage usage {};
  REQUIRE(wait4(pid, &raw, 0, &usage) == pid);
  run.status = WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  run.max_rss_kib = usage.ru_maxrss;
  run.out = pli::test::ReadBytes(out_path);
  CHECK(written);
  return run;
}

}  // namespace

TEST_CASE("issue 12 item 5: audit of a long pipe holds the verdicts, not the events") {
  TempDir tmp;
  const std::vector<std::string> game = TemplateGame(tmp);
  // ~300000 events (a game of 3 manches is ~170): held as events, they
  // take well over 100 MiB (~340 bytes each in pli before the stream);
  // streamed, what stays is one small verdict per game.
  const int games = static_cast<int>(300000 / game.size()) + 1;
  const int64_t events = static_cast<int64_t>(games) * static_cast<int64_t>(game.size());
  const PipeRun run = AuditPipe(tmp, game, games);
  INFO("peak memory " << run.max_rss_kib << " KiB for " << events << " events");
  REQUIRE(run.status == 0);
  const boost::json::value doc = boost::json::parse(run.out);
  CHECK(doc.at("games").as_array().size() == static_cast<size_t>(games));
  CHECK(doc.at("summary").at("events").to_number<int64_t>() == events);
  CHECK(doc.at("summary").at("clean").to_number<int64_t>() == games);
  CHECK(run.max_rss_kib < 48 * 1024);
}
