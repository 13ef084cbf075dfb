// serve_failover_test.cc: `pli serve` on PostgreSQL when the connection to
// the database is lost and when the primary dies (issue 31, the client side
// of failover; ../shared/SERVE.md "Beyond one machine"; serve/README.md
// "Failover"). Servers of its own (scripts/pg-test-server.sh: unix sockets
// in private folders, stopped by pid), `pli serve` on 127.0.0.1.
//
// A commit whose answer is lost is made here on purpose, and always at the
// same place, by a loopback proxy between `pli serve` and PostgreSQL: it
// forwards the bytes that carry the append (the prepared statement
// "insert_event", referee/postgres_store.cc) to the server, drops the
// server's answer and closes the connection. The append is then committed,
// and `pli serve` does not know it.
#include <libpq-fe.h>
#include <netinet/in.h>
#include <poll.h>
#include <sys/socket.h>
#include <sys/un.h>
#include <unistd.h>

#include <atomic>
#include <condition_variable>
#include <mutex>
#include <set>

#include "tests/postgres/pg_server.h"
#include "tests/serve/serve_client.h"

namespace {

using pli::test::PgExec;
using pli::test::PgTestScript;
using pli::test::PgText;

// A PostgreSQL server in a folder of its own (durable unless `fast`), or a
// synchronous standby of one.
class PgServer : public pli::test::PgTestServer {
 public:
  explicit PgServer(bool fast, const std::string& name = "p") : PgTestServer("failover", name, fast) {}
  PgServer(const PgServer& primary, const std::string& name) : PgTestServer(primary, name) {}
};

int Run(const std::string& command) { return std::system((command + " > /dev/null 2>&1").c_str()); }

// A TCP proxy on 127.0.0.1 to a PostgreSQL unix socket. Cut(): the next
// client bytes naming "insert_event" are forwarded, the server's answer to
// them dropped, and that connection closed. Down(true): every connection
// is closed and new ones are closed at once (no primary reachable).
class Proxy {
 public:
  explicit Proxy(std::string socket) : socket_(std::move(socket)) {
    listen_ = ::socket(AF_INET, SOCK_STREAM, 0);
    REQUIRE(listen_ >= 0);
    sockaddr_in a{};
    a.sin_family = AF_INET;
    a.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
    REQUIRE(bind(listen_, reinterpret_cast<sockaddr*>(&a), sizeof a) == 0);
    socklen_t n = sizeof a;
    REQUIRE(getsockname(listen_, reinterpret_cast<sockaddr*>(&a), &n) == 0);
    port_ = ntohs(a.sin_port);
    REQUIRE(listen(listen_, 64) == 0);
    REQUIRE(pipe(wake_) == 0);
    thread_ = std::thread([this] { Loop(); });
  }
  ~Proxy() {
    stop_ = true;
    const char b = 0;
    if (write(wake_[1], &b, 1) < 0) {}
    thread_.join();
    for (auto& [c, s] : pairs_) {
      close(c);
      close(s);
    }
    close(listen_);
    close(wake_[0]);
    close(wake_[1]);
  }
  unsigned short port() const { return port_; }
  void Cut(bool then_down = false) {
    cut_down_ = then_down;
    armed_ = true;
  }
  void Down(bool down) {
    down_ = down;
    const char b = 0;
    if (write(wake_[1], &b, 1) < 0) {}
  }
  int cuts() const { return cuts_; }
  bool armed() const { return armed_; }

 private:
  void Loop() {
    for (;;) {
      std::vector<pollfd> fds = {{listen_, POLLIN, 0}, {wake_[0], POLLIN, 0}};
      for (auto& [c, s] : pairs_) {
        fds.push_back({c, POLLIN, 0});
        fds.push_back({s, POLLIN, 0});
      }
      if (poll(fds.data(), fds.size(), -1) < 0) continue;
      if (stop_) return;
      if (fds[1].revents) {
        char b[16];
        if (read(wake_[0], b, sizeof b) < 0) {}
      }
      if (down_) CloseAll();
      if (fds[0].revents & POLLIN) Accept();
      for (size_t i = 2; i < fds.size(); ++i) {
        if (!fds[i].revents) continue;
        const bool from_client = i % 2 == 0;
        const int fd = fds[i].fd;
        auto it = std::find_if(pairs_.begin(), pairs_.end(),
                               [&](auto& p) { return (from_client ? p.first : p.second) == fd; });
        if (it == pairs_.end()) continue;
        char buf[65536];
        const ssize_t got = read(fd, buf, sizeof buf);
        if (got <= 0) {
          Drop(it);
          continue;
        }
        const std::string_view bytes(buf, static_cast<size_t>(got));
        const int to = from_client ? it->second : it->first;
        if (from_client && armed_ && bytes.find("insert_event") != std::string_view::npos) {
          // The append reaches the server; its answer never reaches pli serve.
          WriteAll(to, bytes);
          pollfd answer{to, POLLIN, 0};
          poll(&answer, 1, -1);
          char sink[65536];
          if (read(to, sink, sizeof sink) < 0) {}
          ++cuts_;
          if (cut_down_) down_ = true;
          armed_ = false;
          Drop(it);
          if (down_) CloseAll();
          break;  // fds changed
        }
        WriteAll(to, bytes);
      }
    }
  }
  void Accept() {
    const int c = accept(listen_, nullptr, nullptr);
    if (c < 0) return;
    if (down_) {
      close(c);
      return;
    }
    const int s = ::socket(AF_UNIX, SOCK_STREAM, 0);
    sockaddr_un a{};
    a.sun_family = AF_UNIX;
    std::strncpy(a.sun_path, socket_.c_str(), sizeof a.sun_path - 1);
    if (connect(s, reinterpret_cast<sockaddr*>(&a), sizeof a) != 0) {
      close(s);
      close(c);
      return;
    }
    pairs_.emplace_back(c, s);
  }
  static void WriteAll(int fd, std::string_view b) {
    while (!b.empty()) {
      const ssize_t n = write(fd, b.data(), b.size());
      if (n <= 0) return;
      b.remove_prefix(static_cast<size_t>(n));
    }
  }
  void Drop(std::vector<std::pair<int, int>>::iterator it) {
    close(it->first);
    close(it->second);
    pairs_.erase(it);
  }
  void CloseAll() {
    while (!pairs_.empty()) Drop(pairs_.begin());
  }

  std::string socket_;
  int listen_ = -1;
  int wake_[2] = {-1, -1};
  unsigned short port_ = 0;
  std::vector<std::pair<int, int>> pairs_;
  std::atomic<bool> armed_{false}, cut_down_{false}, down_{false}, stop_{false};
  std::atomic<int> cuts_{0};
  std::thread thread_;
};

// A person's action at `seq` (the first the view gives), as a body.
std::string ActionBody(unsigned short port, const Table& t, int seat, int64_t seq, const std::string& id = "") {
  const bj::object mine = Get(port, Api(t, "view"), t.tokens[seat]).json().as_object();
  REQUIRE(mine.at("seq") == seq);
  bj::object body{{"action", *GivenAction(mine, 0)}, {"expect", seq}};
  if (!id.empty()) body["id"] = id;
  return bj::serialize(body);
}

int Turn(unsigned short port, const Table& t) {
  return static_cast<int>(Get(port, Api(t, "view"), t.tokens[0]).json().at("view").at("turn").as_int64());
}

}  // namespace

TEST_CASE("failover: a person's action whose commit's answer was lost is found in the log and acknowledged with its seq, written once") {
  PgServer pg(true);
  REQUIRE(PgExec(pg.Uri("postgres"), "CREATE DATABASE games") == "");
  const std::string direct = pg.Uri("games");
  Proxy proxy(pg.Socket());
  const std::string uri = "postgresql://pli@127.0.0.1:" + std::to_string(proxy.port()) +
                          "/games?sslmode=disable&gssencmode=disable";
  Server a({"--db", uri, "--bot-delay-ms", "60000", "--grace-ms", "600000"});
  Table t = MakeTable(a.port(), "skull-king", 3, 3);
  REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
  const std::string game = "live-" + t.id;
  // SK-B2: round 1's bids, one seat after another; no id, only expect: the
  // answer comes from the log (the event at seq 3 with the hash pli serve
  // computed), not from submitting again, which would be stale.
  const int seat = Turn(a.port(), t);
  const std::string body = ActionBody(a.port(), t, seat, 2);
  proxy.Cut();
  const Response r = Post(a.port(), Api(t, "actions"), body, t.tokens[seat]);
  INFO("pli serve's stderr: " << a.Stderr());
  CHECK(proxy.cuts() == 1);
  CHECK(r.status == 200);
  CHECK(r.body == R"({"seq":3})");
  CHECK(PgText(direct, "SELECT head_seq FROM pli.games WHERE game = '" + game + "'") == "3");
  const bj::value stats = Get(a.port(), "/api/stats").json();
  CHECK(stats.at("recovered") == 1);
  CHECK(stats.at("store") == "ok");
  // Play goes on, on the new connection.
  const int next = Turn(a.port(), t);
  const Response r2 = Post(a.port(), Api(t, "actions"), ActionBody(a.port(), t, next, 3), t.tokens[next]);
  CHECK(r2.body == R"({"seq":4})");
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + direct + "'") == 0);
}

TEST_CASE("failover: while no primary answers, an action is refused 503 reconnecting and the table is told, and sent again with its id once back it is acknowledged with its original seq, written once") {
  PgServer pg(true);
  REQUIRE(PgExec(pg.Uri("postgres"), "CREATE DATABASE games") == "");
  const std::string direct = pg.Uri("games");
  Proxy proxy(pg.Socket());
  const std::string uri = "postgresql://pli@127.0.0.1:" + std::to_string(proxy.port()) +
                          "/games?sslmode=disable&gssencmode=disable";
  Server a({"--db", uri, "--bot-delay-ms", "60000", "--grace-ms", "600000", "--reconnect-ms", "200"});
  Table t = MakeTable(a.port(), "skull-king", 3, 3);
  REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
  const std::string game = "live-" + t.id;
  Ws watch(a.port());
  watch.Send({{"t", "auth"}, {"table", t.id}});
  REQUIRE(watch.NextOf("welcome").at("seq") == 2);
  const int seat = Turn(a.port(), t);
  const std::string body = ActionBody(a.port(), t, seat, 2, "bid-1");
  // The append is committed, its answer lost, and the database then
  // unreachable: pli serve cannot know, and says so.
  proxy.Cut(true);
  const Response lost = Post(a.port(), Api(t, "actions"), body, t.tokens[seat]);
  INFO("pli serve's stderr: " << a.Stderr());
  REQUIRE(proxy.cuts() == 1);
  CHECK(lost.status == 503);
  CHECK(lost.json().at("error") == "reconnecting");
  CHECK(watch.NextOf("store").at("state") == "reconnecting");
  CHECK(Get(a.port(), "/api/stats").json().at("store") == "reconnecting");
  CHECK(PgText(direct, "SELECT seq FROM pli.events WHERE game = '" + game + "' AND id = 'bid-1'") == "3");
  // Still down: refused again, nothing written.
  CHECK(Post(a.port(), Api(t, "actions"), body, t.tokens[seat]).status == 503);
  // Back: the same action, same id, is the event already written.
  proxy.Down(false);
  const Response again = Post(a.port(), Api(t, "actions"), body, t.tokens[seat]);
  CHECK(again.status == 200);
  CHECK(again.body == R"({"seq":3})");
  CHECK(watch.NextOf("store").at("state") == "ok");
  CHECK(PgText(direct, "SELECT head_seq FROM pli.games WHERE game = '" + game + "'") == "3");
  CHECK(PgText(direct, "SELECT count(*) FROM pli.events WHERE game = '" + game + "' AND id = 'bid-1'") == "1");
  // The follower was sent event 3 once (read from the log after the loss).
  const bj::object e = watch.NextOf("event");
  CHECK(e.at("seq") == 3);
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + direct + "'") == 0);
}

TEST_CASE("failover: kill -9 of the primary and promotion of its synchronous standby: play goes on through the multi-host URI, every acknowledged action is in the new primary's log once, and it audits clean") {
  PgServer primary(false, "p");  // durable: this is a durability test
  REQUIRE(PgExec(primary.Uri("postgres"), "CREATE DATABASE games") == "");
  PgServer standby(primary, "s");
  // libpq tries the hosts in order and keeps the one that takes writes.
  const std::string uri = "postgresql:///games?host=" + primary.dir() + "," + standby.dir() +
                          "&port=54329,54329&user=pli&target_session_attrs=read-write";
  Server a({"--db", uri, "--bot-delay-ms", "0", "--grace-ms", "600000", "--reconnect-ms", "100"});
  Table t = MakeTable(a.port(), "skull-king", 3, 1);  // one person (seat 0), two bots
  Ws watch(a.port());
  watch.Send({{"t", "auth"}, {"table", t.id}});
  REQUIRE(watch.NextOf("welcome").at("seq") == 0);
  REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
  const std::string game = "live-" + t.id;

  // The person acts whenever the view gives them an action, each with an
  // id and expect; an action refused 503 (no primary yet) is sent again as
  // it was, until answered.
  std::mutex mu;
  std::condition_variable cv;
  std::vector<std::pair<std::string, int64_t>> acked;  // id, seq
  int refused = 0;
  std::thread person([&] {
    for (;;) {
      const bj::object v = Get(a.port(), Api(t, "view"), t.tokens[0]).json().as_object();
      if (v.at("over").as_bool()) return;
      if (v.at("actions").as_array().empty()) continue;  // a bot's turn: look again
      const int64_t seq = v.at("seq").as_int64();
      const std::string id = "p-" + std::to_string(seq);
      const std::string body = bj::serialize(bj::object{{"action", *GivenAction(v, 0)}, {"expect", seq}, {"id", id}});
      Response r;
      for (r = Post(a.port(), Api(t, "actions"), body, t.tokens[0]); r.status == 503;
           r = Post(a.port(), Api(t, "actions"), body, t.tokens[0])) {
        std::lock_guard lock(mu);
        ++refused;
      }
      if (r.status == 200) {
        std::lock_guard lock(mu);
        acked.emplace_back(id, r.json().at("seq").as_int64());
        cv.notify_all();
      }
    }
  });
  size_t before = 0;
  {
    std::unique_lock lock(mu);
    cv.wait(lock, [&] { return acked.size() >= 4; });
    before = acked.size();
  }
  PgTestScript("crash " + primary.dir());   // kill -9 of every process of the primary
  PgTestScript("promote " + standby.dir());  // pg_ctl promote -w
  // Play goes on: the driver's bots and the person, to the game's end.
  for (bool end = false; !end;) end = watch.NextOf("event").at("event").at("type") == "end";
  person.join();
  INFO("pli serve's stderr: " << a.Stderr());
  const std::string now = standby.Uri("games");
  CHECK(PgText(now, "SELECT pg_is_in_recovery()") == "f");
  CHECK(acked.size() > before);
  for (const auto& [id, seq] : acked) {
    INFO("acknowledged " << id << " as event " << seq);
    CHECK(PgText(now, "SELECT seq FROM pli.events WHERE game = '" + game + "' AND id = '" + id + "'") == std::to_string(seq));
  }
  // Nothing doubled: the person's events are the acknowledged ones.
  CHECK(PgText(now, "SELECT count(*) FROM pli.events WHERE game = '" + game + "' AND id IS NOT NULL") ==
        std::to_string(acked.size()));
  CHECK(Get(a.port(), "/api/stats").json().at("reconnects").as_int64() >= 1);
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + now + "'") == 0);
  // The log's commands take the multi-host URI too (libpq skips the dead host).
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + uri + "'") == 0);
}
