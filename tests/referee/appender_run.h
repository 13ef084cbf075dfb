// appender_run.h: what the durability tests (crash_test.cc,
// concurrency_test.cc) share: running pli_appender (appender_main.cc) as a
// child process with POSIX fork and execv, its stdout on a pipe; reading
// its reports; and reading a database back whole and checking it.
#ifndef PLI_TESTS_REFEREE_APPENDER_RUN_H_
#define PLI_TESTS_REFEREE_APPENDER_RUN_H_

#include <fcntl.h>
#include <poll.h>
#include <signal.h>
#include <sys/wait.h>
#include <unistd.h>

#include <catch2/catch.hpp>
#include <cerrno>
#include <chrono>
#include <cstdint>
#include <map>
#include <optional>
#include <set>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "referee/chain.h"
#include "referee/open_store.h"
#include "referee/sqlite_store.h"
#include "referee/store.h"
#include "games/president/replay/chain_check.h"
#include "tests/referee/store_fixture.h"

namespace pli::test {

using Clock = std::chrono::steady_clock;

// "ack GAME SEQ HASHHEX": Submit accepted and committed the event.
struct Ack {
  std::string game;
  int64_t seq = 0;
  Hash hash{};
};

// "refused GAME HEAD KIND MESSAGE".
struct Refusal {
  std::string game;
  int64_t head = 0;
  std::string kind;     // stale, rejected, duplicate, no-game
  std::string message;  // the rest of the line
};

// What an appender reported. Text after the last newline (a line cut off
// by a kill) is kept apart in `partial` and is not a report.
struct Reports {
  std::vector<Ack> acks;
  std::vector<Refusal> refusals;
  std::vector<std::string> bad_lines;  // complete lines that do not parse
  std::string partial;
};

// Parses one complete line into `out`; false when it is neither report.
inline bool ParseLine(const std::string& line, Reports& out) {
  std::istringstream in(line);
  std::string word, game, hex;
  int64_t number = 0;
  if (!(in >> word >> game >> number)) return false;
  if (word == "ack") {
    std::string rest;
    if (!(in >> hex) || (in >> rest)) return false;
    std::optional<Hash> hash = ParseHashHex(hex);
    if (!hash) return false;
    out.acks.push_back(Ack{game, number, *hash});
    return true;
  }
  Refusal r{game, number, "", ""};
  if (word != "refused" || !(in >> r.kind)) return false;
  std::getline(in >> std::ws, r.message);
  out.refusals.push_back(std::move(r));
  return true;
}

inline Reports ParseReports(const std::string& text) {
  Reports out;
  size_t start = 0;
  for (size_t nl = text.find('\n'); nl != std::string::npos; nl = text.find('\n', start)) {
    std::string line = text.substr(start, nl - start);
    if (!ParseLine(line, out)) out.bad_lines.push_back(std::move(line));
    start = nl + 1;
  }
  out.partial = text.substr(start);
  return out;
}

// A running pli_appender. The destructor kills and reaps it if the test
// did not (a failed REQUIRE must not leave it running).
class Appender {
 public:
  // Starts PLI_APPENDER with `args`, its stdout on a pipe and its stderr
  // appended to `err_path`.
  Appender(const std::vector<std::string>& args, const std::string& err_path)
      : err_path_(err_path) {
    std::vector<std::string> all = {PLI_APPENDER};
    all.insert(all.end(), args.begin(), args.end());
    std::vector<char*> argv;  // made before fork: the child only execs
    for (std::string& a : all) argv.push_back(a.data());
    argv.push_back(nullptr);
    int fds[2];
    REQUIRE(pipe2(fds, O_CLOEXEC) == 0);  // a second child must not inherit it
    pid_ = fork();
    REQUIRE(pid_ >= 0);
    if (pid_ == 0) {
      const int err = open(err_path.c_str(), O_WRONLY | O_CREAT | O_APPEND | O_CLOEXEC, 0644);
      if (dup2(fds[1], STDOUT_FILENO) < 0 || err < 0 || dup2(err, STDERR_FILENO) < 0) _exit(126);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(fds[1]);
    fd_ = fds[0];
  }
  ~Appender() {
    if (pid_ > 0) {
      kill(pid_, SIGKILL);
      waitpid(pid_, nullptr, 0);
    }
    if (fd_ >= 0) close(fd_);
  }
  Appender(const Appender&) = delete;
  Appender& operator=(const Appender&) = delete;

  // Reads what the child writes until `deadline` or the end of its output.
  // Returns false at the end of its output (the child closed stdout).
  bool ReadUntil(Clock::time_point deadline) {
    while (fd_ >= 0) {
      const auto left =
          std::chrono::duration_cast<std::chrono::milliseconds>(deadline - Clock::now());
      if (left.count() <= 0) return true;
      pollfd p{fd_, POLLIN, 0};
      const int n = poll(&p, 1, static_cast<int>(left.count()));
      if (n < 0 && errno == EINTR) continue;
      REQUIRE(n >= 0);
      if (n > 0) ReadSome();
    }
    return false;
  }

  void Kill() const { REQUIRE(kill(pid_, SIGKILL) == 0); }

  // Reads the rest of the output (up to `limit`; then the child is killed)
  // and reaps the child. Returns its wait status.
  int Finish(Clock::duration limit = std::chrono::seconds(60)) {
    if (ReadUntil(Clock::now() + limit)) kill(pid_, SIGKILL);
    int status = 0;
    while (waitpid(pid_, &status, 0) < 0) REQUIRE(errno == EINTR);
    pid_ = -1;
    return status;
  }

  const std::string& out() const { return out_; }
  std::string Stderr() const { return FileBytes(err_path_); }

 private:
  void ReadSome() {
    char buf[4096];
    const ssize_t n = read(fd_, buf, sizeof buf);
    if (n < 0 && errno == EINTR) return;
    REQUIRE(n >= 0);
    if (n == 0) {
      close(fd_);
      fd_ = -1;
      return;
    }
    out_.append(buf, static_cast<size_t>(n));
  }

  std::string err_path_;
  pid_t pid_ = -1;
  int fd_ = -1;
  std::string out_;
};

// Reads the output of every appender until each has closed its stdout
// (polling them in turn, so none stalls on a full pipe) or `limit` passes.
inline void ReadAll(const std::vector<Appender*>& appenders,
                    Clock::duration limit = std::chrono::seconds(60)) {
  const Clock::time_point end = Clock::now() + limit;
  bool open = true;
  while (open && Clock::now() < end) {
    open = false;
    for (Appender* a : appenders) {
      open = a->ReadUntil(Clock::now() + std::chrono::milliseconds(10)) || open;
    }
  }
}

// A wait status as a person would say it.
inline std::string DescribeStatus(int status) {
  if (WIFEXITED(status)) return "exited with status " + std::to_string(WEXITSTATUS(status));
  if (WIFSIGNALED(status)) return "killed by signal " + std::to_string(WTERMSIG(status));
  return "wait status " + std::to_string(status);
}

// Every acknowledged event: (game, seq) -> hash.
using AckMap = std::map<std::pair<std::string, int64_t>, Hash>;

// Every game of the database at `path` (a SQLite file or a PostgreSQL URI)
// as stored, read through a fresh connection opened as a next command would
// open it (kCreate: the file may be missing or empty if the writer was
// killed while creating it).
inline std::vector<StoredGame> ReadAllGames(const std::string& path) {
  std::unique_ptr<EventStore> store = OpenStore(path, OpenMode::kCreate);
  std::vector<StoredGame> games;
  for (const std::string& game : store->Games()) {
    std::optional<StoredGame> stored = store->Read(game);
    REQUIRE(stored.has_value());
    games.push_back(std::move(*stored));
  }
  return games;
}

// PRAGMA integrity_check of the file, from a plain sqlite3 connection.
inline std::string IntegrityCheck(const std::string& path) {
  RawDb raw(path);
  return raw.Text("PRAGMA integrity_check");
}

// A chain's problems, "seq N: message; " each, for a failure report.
inline std::string Problems(const ChainCheck& chain) {
  std::string out;
  for (const ChainProblem& p : chain.problems) {
    out += "seq " + std::to_string(p.seq) + ": " + p.message + "; ";
  }
  return out;
}

// Reads the database at `path` back and checks what holds whoever wrote
// it, however they died: each game's rows are seqs 1..n with the head at n
// and its chain checks, with the last event `acked` in that game as the
// witness; a SQLite file passes PRAGMA integrity_check. Returns every
// stored event as (game, seq) -> hash.
inline AckMap CheckDatabase(const std::string& path, const AckMap& acked) {
  std::map<std::string, Head> witness;  // AckMap is ordered: the last ack wins
  for (const auto& [key, hash] : acked) witness[key.first] = Head{key.second, hash};
  AckMap stored;
  for (const StoredGame& game : ReadAllGames(path)) {
    INFO("game " << game.game);
    for (size_t i = 0; i < game.events.size(); ++i) {
      CHECK(game.events[i].seq == static_cast<int64_t>(i) + 1);
      stored[{game.game, game.events[i].seq}] = game.events[i].hash;
    }
    CHECK(game.head.seq == static_cast<int64_t>(game.events.size()));
    std::optional<Head> seen;
    if (auto it = witness.find(game.game); it != witness.end()) seen = it->second;
    const CheckedGame checked = CheckStoredGame(game, seen);
    INFO("chain problems: " << Problems(checked.chain));
    CHECK(checked.chain.status == ChainStatus::kOk);
  }
  if (!IsPostgresUri(path)) CHECK(IntegrityCheck(path) == "ok");
  return stored;
}

// What the crash tests (crash_test.cc, tests/postgres/) count.
struct Totals {
  int rounds = 0;
  int64_t acks = 0;
  int64_t events = 0;  // stored at the end
  int64_t games = 0;   // stored at the end
};

// Runs one appender on `db` and kills it after `delay`; returns what it
// acknowledged before dying.
// Reads `appender`'s output until it holds an acknowledgement (or the
// appender's output ends). A condition, not a delay: a round that must
// prove something (an ack that survives the kill) waits for its first ack
// however slow a loaded machine is; it gives up only after `give_up`.
inline void ReadUntilFirstAck(Appender& appender,
                              Clock::duration give_up = std::chrono::minutes(5)) {
  const Clock::time_point end = Clock::now() + give_up;
  while (ParseReports(appender.out()).acks.empty() && Clock::now() < end) {
    if (!appender.ReadUntil(Clock::now() + std::chrono::milliseconds(100))) return;
  }
}

// `after_first_ack`: the delay counts from the appender's first
// acknowledgement (ReadUntilFirstAck), so the round has one to check
// whatever the machine's load; else from its start (a kill at any moment,
// before the first ack included).
inline Reports RunAndKill(const std::string& db, const std::string& err, uint64_t seed,
                          std::chrono::milliseconds delay, bool after_first_ack = false) {
  Appender appender({db, "crash", std::to_string(static_cast<int64_t>(seed)), "0"}, err);
  if (after_first_ack) ReadUntilFirstAck(appender);
  appender.ReadUntil(Clock::now() + delay);
  appender.Kill();
  const int status = appender.Finish();
  INFO("pli_appender stderr: " << appender.Stderr());
  CHECK(DescribeStatus(status) == "killed by signal 9");  // it runs until killed
  return ParseReports(appender.out());
}

// The checks after a kill: those of CheckDatabase, and every acknowledged
// event is stored with the hash it was acknowledged with. Sets the stored
// totals.
inline void CheckAfterKill(const std::string& db, const AckMap& acked, Totals& totals) {
  const AckMap stored = CheckDatabase(db, acked);
  for (const auto& [key, hash] : acked) {
    INFO("acknowledged: game " << key.first << ", seq " << key.second);
    auto it = stored.find(key);
    REQUIRE(it != stored.end());  // an acknowledged event was lost
    CHECK(HashHex(it->second) == HashHex(hash));
  }
  totals.events = static_cast<int64_t>(stored.size());
  std::set<std::string> games;
  for (const auto& entry : stored) games.insert(entry.first.first);
  totals.games = static_cast<int64_t>(games.size());
}

}  // namespace pli::test

#endif  // PLI_TESTS_REFEREE_APPENDER_RUN_H_
