// serve_claim_test.cc: one writer per database (issue 30 item 5;
// referee/writer_claim.h, docs/REFEREE.md "One writer per database"): while
// `pli serve` runs on a file, a second server on it refuses to start with a
// sentence naming the first, and a `pli` command that writes is refused
// (exit 2, nothing written) with a sentence pointing at the server, while
// the commands that read work; a server killed with kill -9 leaves no claim
// behind. Each server is started on an ephemeral loopback port and stopped
// by its pid; the tests wait for its "listening on" line, never a delay.
#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cstdio>
#include <string>
#include <vector>

#include "tests/cli/run.h"

namespace pli::test {
namespace {

// `pli serve --db DB --listen 127.0.0.1:0`, its stdout's first line read:
// "listening on ADDR:PORT" when it started, "" when it exited first.
class ServeProcess {
 public:
  ServeProcess(const std::string& db, const std::string& err_path) {
    int out[2];
    REQUIRE(pipe(out) == 0);
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives the test
      dup2(out[1], 1);
      const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(err, 2);
      close(out[0]);
      execl(PLI_EXE, PLI_EXE, "serve", "--db", db.c_str(), "--listen", "127.0.0.1:0",
            static_cast<char*>(nullptr));
      _exit(127);
    }
    close(out[1]);
    FILE* f = fdopen(out[0], "r");
    char line[256] = {};
    if (fgets(line, sizeof line, f) != nullptr) first_line_ = line;
    fclose(f);
    while (!first_line_.empty() && first_line_.back() == '\n') first_line_.pop_back();
    if (!first_line_.empty()) return;
    status_ = Wait();  // it exited without listening
  }
  ~ServeProcess() { Stop(SIGTERM); }
  ServeProcess(const ServeProcess&) = delete;
  ServeProcess& operator=(const ServeProcess&) = delete;

  bool listening() const { return first_line_.starts_with("listening on 127.0.0.1:"); }
  std::string port() const { return first_line_.substr(first_line_.rfind(':') + 1); }
  pid_t pid() const { return pid_; }
  int status() const { return status_; }
  // Sends `signal` and waits for the process to end.
  void Stop(int signal) {
    if (pid_ <= 0 || status_ != -2) return;
    kill(pid_, signal);
    status_ = Wait();
  }

 private:
  int Wait() {
    int raw = 0;
    waitpid(pid_, &raw, 0);
    return WIFEXITED(raw) ? WEXITSTATUS(raw) : -1;
  }
  pid_t pid_ = -1;
  int status_ = -2;  // -2 running, -1 killed by a signal, else the exit status
  std::string first_line_;
};

std::string ReadText(const std::string& path) { return ReadBytes(path); }

TEST_CASE("one writer per database: a second pli serve on the same file refuses, naming the first") {
  TempDir dir;
  const std::string db = (dir.path / "live.db").string();
  ServeProcess first(db, (dir.path / "first.err").string());
  REQUIRE(first.listening());
  ServeProcess second(db, (dir.path / "second.err").string());
  INFO("the second server's first line: " << (second.listening() ? "listening" : "none"));
  CHECK_FALSE(second.listening());
  CHECK(second.status() == 2);
  const std::string err = ReadText((dir.path / "second.err").string());
  CHECK_THAT(err, Catch::Contains(db + " is already served by pli serve (pid " +
                                  std::to_string(first.pid()) + " on host "));
  CHECK_THAT(err, Catch::Contains("listening on 127.0.0.1:" + first.port() + ", since "));
  CHECK_THAT(err, Catch::Contains("one server per database"));
}

TEST_CASE("one writer per database: a pli command writing to a served file is refused, exit 2") {
  TempDir dir;
  const std::string db = (dir.path / "live.db").string();
  REQUIRE(PliArgv({"new", "--db", db, "--game", "g1", "--seats", "Ana,Bo,Cy,Di"}).status == 0);
  const std::string log = Export(db);
  const std::string other = (dir.path / "other.db").string();
  REQUIRE(PliArgv({"new", "--db", other, "--game", "h", "--seats", "Ana,Bo,Cy,Di"}).status == 0);
  const std::string h = dir.Write("h.jsonl", Export(other));
  {
    ServeProcess server(db, (dir.path / "serve.err").string());
    REQUIRE(server.listening());
    const std::string pointing = db + " is refereed by pli serve (pid " +
                                 std::to_string(server.pid()) + " on host ";
    for (const std::vector<std::string>& write :
         {std::vector<std::string>{"deal", "--db", db, "--game", "g1", "--seed", "42"},
          {"new", "--db", db, "--game", "g2", "--seats", "Ana,Bo,Cy,Di"},
          {"end", "--db", db, "--game", "g1"}}) {
      const Result r = PliArgv(write);
      INFO("pli " << write[0] << ": " << r.err);
      CHECK(r.status == 2);
      CHECK_THAT(r.err, Catch::Contains(pointing));
      CHECK_THAT(r.err, Catch::Contains("http://127.0.0.1:" + server.port() + "/"));
      CHECK_THAT(r.err, Catch::Contains("nothing was written"));
    }
    const Result import = PliArgv({"import", "--db", db, h});
    INFO(import.err);
    CHECK(import.status == 2);
    CHECK_THAT(import.err, Catch::Contains(pointing));
    // The commands that read go on.
    CHECK(PliArgv({"state", "--db", db, "--game", "g1"}).status == 0);
    CHECK(Export(db) == log);  // nothing was written
  }
  // The server stopped: the file is anyone's again.
  const Result deal = PliArgv({"deal", "--db", db, "--game", "g1", "--seed", "42", "--expect", "1"});
  INFO(deal.err);
  CHECK(deal.status == 0);
}

TEST_CASE("one writer per database: a server killed with kill -9 leaves no claim behind") {
  TempDir dir;
  const std::string db = (dir.path / "live.db").string();
  ServeProcess killed(db, (dir.path / "killed.err").string());
  REQUIRE(killed.listening());
  killed.Stop(SIGKILL);
  // Its note is still beside the file, but no lock stands over it.
  const Result r = PliArgv({"new", "--db", db, "--game", "g1", "--seats", "Ana,Bo,Cy,Di"});
  INFO(r.err);
  CHECK(r.status == 0);
  ServeProcess next(db, (dir.path / "next.err").string());
  INFO(ReadText((dir.path / "next.err").string()));
  CHECK(next.listening());
}

}  // namespace
}  // namespace pli::test
