// load.cc: pli-load, the load program of `pli serve` (../shared/SERVE.md
// "How it is proved", docs/PERFORMANCE.md). Loopback only, bounded in count
// and time: it starts `pli serve` itself on 127.0.0.1 with a fresh database,
// opens N tables, plays, and stops the server by its pid. It prints accepted
// actions/s, commits and their mean batch (group commit), messages/s,
// p50/p99 from submit to ack and to the table's last recipient, rejections
// by code, leaks, gaps, and the server's CPU and peak RSS.
//
//   pli-load --pli build/pli --mode bots  --tables 50  --seconds 20
//   pli-load --pli build/pli --mode human --tables 200 --seconds 30
// bots: every seat a bot at zero delay, one spectator per table.
// human: every seat played by this program, the action the server gives with
// each `legal` entry (`actions`, no game knowledge here), one action per
// second per table, each table at its own phase within the second, plus a
// spectator (5 connections for 4 seats).
// fsync: no server; the floor of a durable commit on the disk of the
//   database: a bare append + fdatasync, and a one-row SQLite commit (WAL,
//   synchronous=FULL, as the store opens it), 500 of each, p50/p99.
// overhead: the same games as `bots` played in this process through
//   SubmitAny and the server's BatchStore (one transaction for every table
//   with an action ready, as the writer groups them), then over loopback
//   with `bots`, in one run: the ratio of the two actions/s.
// idle: --connections N (default 5000) authenticated WebSockets (4 seats
//   and a spectator per table, tables not started), held idle 5 s; the
//   server's RSS before and after.
// recovery: `human`, and after --kill-after S seconds the server is killed
//   (SIGKILL) and restarted on the same database and port; every client
//   reconnects with `since`; the time from the kill to the last client's
//   welcome, and every acknowledged action looked up in the log at its seq.
#include <fcntl.h>
#include <signal.h>
#include <sqlite3.h>
#include <sys/prctl.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <boost/json.hpp>
#include <chrono>
#include <cstdio>
#include <deque>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <map>
#include <set>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "games/game.h"
#include "referee/open_store.h"
#include "referee/referee.h"
#include "serve/batch_store.h"

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace bj = boost::json;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

namespace {

struct Config {
  std::string pli = "build/pli";
  std::string mode = "bots";
  int tables = 50;
  int seconds = 20;
  int seats = 4;
  int connections = 5000;
  int kill_after = 10;
  std::string attack;  // "", "spectators", "flood", "resync": issue 30's attacks beside `human`
  // nodes (issue 31): several pli serve on one PostgreSQL database.
  std::string db;       // its URI (a multi-host one for failover)
  int nodes = 3;
  std::string kill;     // "", "node" (node 0, kill -9) or "primary" (crash, then promote the standby)
  std::string primary_dir, standby_dir, script = "scripts/pg-test-server.sh";
};

unsigned short port_ = 0;
// nodes: each node's port, and the nodes killed; a connection that loses its
// node connects to the next live one (as a round-robin load balancer does).
std::vector<unsigned short> ports_;
std::vector<char> dead_;

double Ms(Clock::duration d) { return std::chrono::duration<double, std::milli>(d).count(); }

bj::value Call(http::verb verb, const std::string& target, const std::string& body = "", const std::string& token = "") {
  net::io_context io;
  beast::tcp_stream s(io);
  s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1");
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  req.body() = body;
  req.prepare_payload();
  http::write(s, req);
  beast::flat_buffer b;
  http::response<http::string_body> res;
  http::read(s, b, res);
  return bj::parse(res.body());
}


struct Stats {
  uint64_t messages = 0, acks = 0, gaps = 0, leaks = 0, ended = 0, welcomes = 0;
  std::map<std::string, uint64_t> rejected;
  std::vector<double> to_ack, to_last;  // ms
  // recovery
  bool measure = true;  // latencies (not across the crash)
  Clock::time_point killed{};
  uint64_t resumed = 0, behind = 0;
  double last_resume_ms = 0;
};

struct TableRun {
  std::string id, game;
  int connections = 0;
  // seq -> (submit time, recipients so far)
  std::map<int64_t, std::pair<Clock::time_point, int>> pending;
  Clock::time_point next_act = Clock::now();
  // acknowledged actions: seq -> (seat, action)
  std::map<int64_t, std::pair<int, bj::object>> acked;
  // nodes: the head its spectator had seen at the kill, and when it was
  // sent the first event after it, and the first a bot played after it.
  int64_t head = 0, head_at_kill = -1;
  Clock::time_point first_after{}, bot_after{};
};

class Conn : public std::enable_shared_from_this<Conn> {
 public:
  Conn(net::io_context& io, Stats& stats, TableRun& table, std::string token, bool plays, bool resume, int node = -1)
      : io_(io), timer_(io), stats_(stats), table_(table), token_(std::move(token)), plays_(plays), resume_(resume),
        node_(node) {}

  void Start() {
    ws_.emplace(io_);
    const uint64_t gen = ++gen_;
    out_.clear();
    beast::get_lowest_layer(*ws_).async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), node_ >= 0 ? ports_[static_cast<size_t>(node_)] : port_),
        [self = shared_from_this(), gen](beast::error_code ec) {
          if (gen != self->gen_) return;
          if (ec) return self->Retry();
          self->ws_->async_handshake("127.0.0.1", "/ws", [self, gen](beast::error_code ec) {
            if (gen != self->gen_) return;
            if (ec) return self->Retry();
            bj::object auth{{"t", "auth"}, {"table", self->table_.id}};
            if (!self->token_.empty()) auth["token"] = self->token_;
            if (self->lost_) auth["since"] = self->last_seq_;
            self->Send(bj::serialize(auth));
            self->Read(gen);
          });
        });
  }

 private:
  // The server went away: with `resume`, connect again until it is back.
  void Retry() {
    if (!resume_) return;
    lost_ = true;
    ++gen_;
    if (node_ >= 0) {  // the next live node
      for (size_t i = 1; i <= ports_.size(); ++i) {
        const size_t n = (static_cast<size_t>(node_) + i) % ports_.size();
        if (!dead_[n]) {
          node_ = static_cast<int>(n);
          break;
        }
      }
    }
    timer_.expires_after(std::chrono::milliseconds(20));
    timer_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (!ec) self->Start();
    });
  }
  void Send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) Write(gen_);
  }
  void Write(uint64_t gen) {
    ws_->async_write(net::buffer(out_.front()), [self = shared_from_this(), gen](beast::error_code ec, size_t) {
      if (ec || gen != self->gen_) return;
      self->out_.pop_front();
      if (!self->out_.empty()) self->Write(gen);
    });
  }
  void Read(uint64_t gen) {
    ws_->async_read(buf_, [self = shared_from_this(), gen](beast::error_code ec, size_t) {
      if (gen != self->gen_) return;
      if (ec) return self->Retry();
      const std::string text = beast::buffers_to_string(self->buf_.data());
      self->buf_.consume(self->buf_.size());
      self->On(text);
      self->Read(gen);
    });
  }
  void On(const std::string& text) {
    ++stats_.messages;
    bj::object m = bj::parse(text).as_object();
    const std::string t(m.at("t").as_string());
    if (t == "welcome") {
      ++stats_.welcomes;
      if (!m.at("seat").is_null()) seat_ = static_cast<int>(m.at("seat").as_int64());
      const int64_t head = m.at("seq").as_int64();
      if (lost_) {  // resumed: the events after last_seq_ follow
        lost_ = false;
        ++stats_.resumed;
        stats_.last_resume_ms = std::max(stats_.last_resume_ms, Ms(Clock::now() - stats_.killed));
        if (!table_.acked.empty() && head < table_.acked.rbegin()->first) ++stats_.behind;
        if (head == last_seq_ && !m.at("view").is_null()) Consider(m);  // no event follows
        return;
      }
      last_seq_ = head;
      if (!m.at("view").is_null()) Consider(m);
      return;
    }
    if (t == "ack") {
      ++stats_.acks;
      if (stats_.measure) stats_.to_ack.push_back(Ms(Clock::now() - submitted_));
      // The action of this ack's rid (its expect): another of this seat's
      // may have been sent since (an ack held up by a failover).
      bj::object action = sent_;
      if (const bj::value* rid = m.if_contains("rid"); rid && rid->is_int64())
        if (auto it = sent_by_rid_.find(rid->as_int64()); it != sent_by_rid_.end()) action = it->second;
      table_.acked[m.at("seq").as_int64()] = {seat_, action};
      return;
    }
    if (t == "rejected") {
      ++stats_.rejected[std::string(m.at("code").as_string())];
      // No primary for now (failover, serve/README.md): the same action, with
      // its expect, again shortly (written once at most).
      if (m.at("code") == "reconnecting" && !last_text_.empty()) {
        const int64_t at = last_seq_;
        timer_.expires_after(std::chrono::milliseconds(50));
        timer_.async_wait([self = shared_from_this(), at](beast::error_code ec) {
          if (!ec && self->last_seq_ == at && !self->lost_) self->Send(self->last_text_);
        });
      }
      return;
    }
    if (t == "stale") {
      ++stats_.rejected["stale"];
      return;
    }
    if (t != "event") return;
    const int64_t seq = m.at("seq").as_int64();
    if (seq != last_seq_ + 1) ++stats_.gaps;
    last_seq_ = seq;
    const bj::object& ev = m.at("event").as_object();
    if (token_.empty()) table_.head = seq;
    if (token_.empty() && table_.head_at_kill >= 0 && seq > table_.head_at_kill) {
      const auto now = Clock::now();
      if (table_.first_after == Clock::time_point{}) table_.first_after = now;
      const bj::value* by = ev.if_contains("by");
      if (table_.bot_after == Clock::time_point{} && by && by->is_string() && by->as_string().starts_with("bot"))
        table_.bot_after = now;
    }
    const bool end = ev.at("type") == "end";
    if (!end && (ev.contains("hands") || ev.contains("seed") || ev.contains("hash") ||
                 (token_.empty() && m.at("view").as_object().contains("hand"))))
      ++stats_.leaks;
    if (auto it = table_.pending.find(seq); it != table_.pending.end()) {
      if (++it->second.second == table_.connections) {
        if (stats_.measure) stats_.to_last.push_back(Ms(Clock::now() - it->second.first));
        table_.pending.erase(it);
      }
    }
    if (end) {
      if (token_.empty()) ++stats_.ended;
      return;
    }
    Consider(m);
  }
  // A seat with something to do acts, at one action per second per table.
  void Consider(const bj::object& m) {
    if (!plays_) return;
    // The server gives each legal entry's exact action (`actions`, aligned
    // with `legal`): the first that is not a close out of turn is sent.
    const bj::array& legal = m.at("legal").as_array();
    const bj::value* given = m.if_contains("actions");
    if (legal.empty() || !given || !given->is_array()) return;
    std::optional<bj::object> action;
    for (size_t i = 0; i < legal.size() && i < given->as_array().size(); ++i)
      if (legal[i].at("type") != "close") {
        action = given->as_array()[i].at("action").as_object();
        break;
      }
    if (!action) return;
    const int64_t seq = m.at("seq").as_int64();
    const std::string text = bj::serialize(bj::object{{"t", "act"}, {"rid", seq}, {"action", *action}, {"expect", seq}});
    const auto now = Clock::now();
    table_.next_act = std::max(table_.next_act + std::chrono::seconds(1), now);
    timer_.expires_at(table_.next_act);
    timer_.async_wait([self = shared_from_this(), text, seq, action = *action](beast::error_code ec) {
      if (ec || self->last_seq_ != seq || self->lost_) return;
      self->submitted_ = Clock::now();
      self->sent_ = action;
      self->sent_by_rid_[seq] = action;
      self->table_.pending[seq + 1] = {self->submitted_, 0};
      self->last_text_ = text;
      self->Send(text);
    });
  }

  net::io_context& io_;
  std::optional<websocket::stream<beast::tcp_stream>> ws_;
  net::steady_timer timer_;
  beast::flat_buffer buf_;
  std::deque<std::string> out_;
  Stats& stats_;
  TableRun& table_;
  std::string token_;
  bool plays_;
  bool resume_;
  bool lost_ = false;
  int node_ = -1;
  std::string last_text_;
  uint64_t gen_ = 0;
  int seat_ = -1;
  int64_t last_seq_ = 0;
  Clock::time_point submitted_;
  bj::object sent_;
  std::map<int64_t, bj::object> sent_by_rid_;  // rid (= expect) -> the action sent with it
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// utime + stime of a process, in seconds; its peak and current RSS in MiB.
double CpuSeconds(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/stat");
  std::string s((std::istreambuf_iterator<char>(f)), {});
  std::istringstream in(s.substr(s.rfind(')') + 2));
  std::string field;
  unsigned long long ut = 0, st = 0;
  for (int i = 3; i <= 15 && in >> field; ++i) {
    if (i == 14) ut = std::stoull(field);
    if (i == 15) st = std::stoull(field);
  }
  return static_cast<double>(ut + st) / static_cast<double>(sysconf(_SC_CLK_TCK));
}
double StatusMiB(pid_t pid, const std::string& key) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(f, line);)
    if (line.starts_with(key + ":")) return std::stod(line.substr(key.size() + 1)) / 1024.0;
  return 0;
}
double PeakRssMiB(pid_t pid) { return StatusMiB(pid, "VmHWM"); }

// The open-file limit raised to its hard limit (the server inherits it):
// each connection is a descriptor on both sides.
void RaiseFdLimit() {
  rlimit r{};
  if (getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
}

// Starts `pli serve` on `db`, listening on `port` (0: any); sets port_.
pid_t StartServer(const Config& c, const std::string& db, bool bots, unsigned short port) {
  int out[2];
  if (pipe(out) != 0) return -1;
  const pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    dup2(out[1], 1);
    const std::string listen = "127.0.0.1:" + std::to_string(port);
    execl(c.pli.c_str(), c.pli.c_str(), "serve", "--db", db.c_str(), "--listen", listen.c_str(), "--bot-delay-ms",
          bots ? "0" : "700", "--grace-ms", "600000", "--join-rate", "0", "--create-rate", "0",
          static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  FILE* f = fdopen(out[0], "r");
  char line[128] = {};
  if (!fgets(line, sizeof line, f)) return -1;
  fclose(f);
  port_ = static_cast<unsigned short>(std::stoi(std::string(line).substr(std::string(line).rfind(':') + 1)));
  return pid;
}

// --- attacks (issue 30): one client against the server, beside `human` ------
// spectators: up to 2,000 spectators join one table, one after another, and
//   stay (each used to cost a presence message to every follower: N²).
// flood: a seat of a table of its own floods POST /actions on one
//   keep-alive connection (HTTP actions had no budget).
// resync: a spectator of a long table (played to its end first) asks
//   again and again for the whole log from seq 0 (`resync` since 0), reading
//   each answer to the last event before asking again: the most a client
//   that obeys the budgets can make the server build.
// The witness is `human`'s tables: compare their p99 with a run without
// --attack (docs/PERFORMANCE.md).
void ResyncLoop(Clock::time_point deadline, uint64_t& sent, uint64_t& refused) {
  // The long table: four people of this client play a game of two manches
  // from their `legal` lists over HTTP (the server's bots wait 700 ms).
  bj::value made = Call(http::verb::post, "/api/tables",
                        R"({"ruleset":"super-president","seats":4,"bots":"easy","options":{"manches":2}})");
  const std::string table(made.at("table").as_string());
  std::vector<std::string> tokens;
  for (int s = 0; s < 4; ++s)
    tokens.emplace_back(Call(http::verb::post, "/api/join",
                             R"({"code":")" + std::string(made.at("code").as_string()) + R"(","name":"R)" +
                                 std::to_string(s) + "\"}")
                            .at("token")
                            .as_string());
  Call(http::verb::post, "/api/tables/" + table + "/start", "", std::string(made.at("host_token").as_string()));
  int64_t head = 0;
  for (bool over = false; !over && Clock::now() < deadline;) {
    for (const std::string& token : tokens) {
      const bj::value v = Call(http::verb::get, "/api/tables/" + table + "/view", "", token);
      head = v.at("seq").as_int64();
      over = v.at("over").as_bool();
      if (over) break;
      const bj::value* actions = v.as_object().if_contains("actions");  // aligned with `legal`
      if (!actions || !actions->is_array() || actions->as_array().empty()) continue;
      Call(http::verb::post, "/api/tables/" + table + "/actions",
           bj::serialize(bj::object{{"action", actions->as_array().front().at("action")}, {"expect", head}}), token);
    }
  }
  std::fprintf(stderr, "resync: the long table has %lld events\n", static_cast<long long>(head));
  while (Clock::now() < deadline) {
    net::io_context io;
    websocket::stream<tcp::socket> ws(io);
    beast::error_code ec;
    ws.next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), ec);
    if (!ec) ws.handshake("127.0.0.1:" + std::to_string(port_), "/ws", ec);
    if (!ec) ws.write(net::buffer(bj::serialize(bj::object{{"t", "auth"}, {"table", table}})), ec);
    while (!ec && Clock::now() < deadline) {
      ++sent;
      ws.write(net::buffer(std::string_view(R"({"t":"resync","since":0})")), ec);
      int64_t seen = 0;
      while (!ec && seen < head) {  // read to the last event
        beast::flat_buffer b;
        ws.read(b, ec);
        if (ec) break;
        const bj::value m = bj::parse(beast::buffers_to_string(b.data()));
        const std::string_view t = m.at("t").as_string();
        if (t == "event") seen = m.at("seq").as_int64();
        if (t == "error") {  // rate-limited: cut off
          static bool said = false;
          if (!said) std::fprintf(stderr, "resync: %s\n", bj::serialize(m).c_str());
          said = true;
          ec = beast::error::timeout;
        }
      }
    }
    if (ec && Clock::now() < deadline) ++refused;  // cut off: connect again
  }
}

void Attack(const std::string& kind, Clock::time_point deadline, uint64_t& sent, uint64_t& refused) {
  if (kind == "resync") return ResyncLoop(deadline, sent, refused);
  bj::value made = Call(http::verb::post, "/api/tables", R"({"ruleset":"skull-king","seats":3,"bots":"easy"})");
  const std::string table(made.at("table").as_string());
  if (kind == "spectators") {
    net::io_context io;
    std::vector<std::unique_ptr<websocket::stream<tcp::socket>>> all;
    while (Clock::now() < deadline && all.size() < 2000) {
      auto ws = std::make_unique<websocket::stream<tcp::socket>>(io);
      beast::error_code ec;
      ws->next_layer().connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), ec);
      if (!ec) ws->handshake("127.0.0.1:" + std::to_string(port_), "/ws", ec);
      if (!ec) ws->write(net::buffer(bj::serialize(bj::object{{"t", "auth"}, {"table", table}})), ec);
      beast::flat_buffer b;
      if (!ec) ws->read(b, ec);  // its welcome
      ++sent;
      if (ec) {
        ++refused;
        continue;
      }
      all.push_back(std::move(ws));
    }
    while (Clock::now() < deadline) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    return;
  }
  bj::value joined = Call(http::verb::post, "/api/join", R"({"code":")" + std::string(made.at("code").as_string()) + R"(","name":"F"})");
  const std::string token(joined.at("token").as_string());
  net::io_context io;
  beast::tcp_stream s(io);
  s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_));
  beast::flat_buffer b;
  while (Clock::now() < deadline) {
    http::request<http::string_body> req{http::verb::post, "/api/tables/" + table + "/actions", 11};
    req.set(http::field::host, "127.0.0.1");
    req.set(http::field::authorization, "Bearer " + token);
    req.body() = R"({"action":{"type":"bid","bid":0},"expect":0})";
    req.prepare_payload();
    beast::error_code ec;
    http::write(s, req, ec);
    http::response<http::string_body> res;
    if (!ec) http::read(s, b, res, ec);
    ++sent;
    if (ec) {  // cut off: a new connection
      ++refused;
      s.socket().close();
      s.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), ec);
      if (ec) return;
      continue;
    }
    refused += res.result_int() == 429;
  }
}

// --- fsync: the floor of a durable commit on this disk ----------------------

void PrintSpread(const char* what, std::vector<double> v) {
  double sum = 0;
  for (double x : v) sum += x;
  std::printf("%-34s p50 %.2f ms, p99 %.2f ms, mean %.2f ms, max %.2f ms (%zu)\n", what, Percentile(v, 0.5),
              Percentile(v, 0.99), v.empty() ? 0 : sum / static_cast<double>(v.size()),
              v.empty() ? 0 : *std::max_element(v.begin(), v.end()), v.size());
}

int Fsync(const std::filesystem::path& dir) {
  const int n = 500;
  std::vector<double> bare, commit;
  {
    const std::string path = (dir / "append.bin").string();
    const int fd = open(path.c_str(), O_WRONLY | O_CREAT | O_APPEND, 0600);
    if (fd < 0) return 2;
    const std::string row(200, 'x');
    for (int i = 0; i < n; ++i) {
      const auto t = Clock::now();
      if (write(fd, row.data(), row.size()) != static_cast<ssize_t>(row.size()) || fdatasync(fd) != 0) return 2;
      bare.push_back(Ms(Clock::now() - t));
    }
    close(fd);
  }
  {
    sqlite3* db = nullptr;
    if (sqlite3_open((dir / "commit.db").string().c_str(), &db) != SQLITE_OK) return 2;
    sqlite3_exec(db, "PRAGMA journal_mode = WAL; PRAGMA synchronous = FULL; CREATE TABLE t(x BLOB)", nullptr, nullptr,
                 nullptr);
    sqlite3_stmt* s = nullptr;
    sqlite3_prepare_v2(db, "INSERT INTO t VALUES (zeroblob(200))", -1, &s, nullptr);
    for (int i = 0; i < n; ++i) {
      const auto t = Clock::now();
      sqlite3_exec(db, "BEGIN IMMEDIATE", nullptr, nullptr, nullptr);
      sqlite3_step(s);
      sqlite3_reset(s);
      if (sqlite3_exec(db, "COMMIT", nullptr, nullptr, nullptr) != SQLITE_OK) return 2;
      commit.push_back(Ms(Clock::now() - t));
    }
    sqlite3_finalize(s);
    sqlite3_close(db);
  }
  std::printf("mode fsync: %s\n", dir.string().c_str());
  PrintSpread("append 200 B + fdatasync", bare);
  PrintSpread("SQLite commit (WAL, FULL), 1 row", commit);
  // An action that arrives while a commit is under way waits for it, then
  // for its own: the floor of submit -> ack is the rest of one commit plus
  // one commit. Its spread, drawn from the commits measured above.
  std::vector<double> two;
  uint64_t x = 88172645463325252ull;
  auto next = [&] {
    x ^= x << 13, x ^= x >> 7, x ^= x << 17;
    return x;
  };
  for (int i = 0; i < 20000; ++i) {
    const double busy = commit[next() % commit.size()];
    const double rest = busy * static_cast<double>(next() % 1000) / 1000.0;
    two.push_back(rest + commit[next() % commit.size()]);
  }
  PrintSpread("floor: rest of a commit + a commit", two);
  return 0;
}

// --- overhead: the same play in this process, no network ------------------

struct InProcess {
  double seconds = 0, cpu = 0;  // wall and this process's CPU seconds
  uint64_t accepted = 0, rejected = 0, commits = 0, ended = 0;
};

InProcess PlayInProcess(const std::filesystem::path& dir, int tables, int seconds) {
  using namespace pli;
  std::unique_ptr<EventStore> inner = OpenStore((dir / "inprocess.db").string(), OpenMode::kCreate);
  serve::BatchStore store(*inner);
  const Game* kind = FindGame("super-president");
  struct T {
    std::string game;
    std::unique_ptr<Match> match;
    std::vector<std::unique_ptr<BotSeat>> bots;
    bool started = false, end_tried = false, ended = false;
  };
  std::vector<T> ts(static_cast<size_t>(tables));
  for (int i = 0; i < tables; ++i) {
    ts[i].game = "inprocess-" + std::to_string(i);
    ts[i].match = kind->NewMatch();
    ts[i].match->KeepLog();
    for (int s = 0; s < 4; ++s) ts[i].bots.push_back(kind->MakeBot("easy", static_cast<uint64_t>(1000 * i + s)));
  }
  int64_t seed = 1;
  InProcess r;
  // What a table does next, as the server's Advance and bots do.
  auto next = [&](T& t) -> std::optional<std::string> {
    if (!t.started) {
      t.started = true;
      return R"({"type":"game","game":")" + t.game +
             R"(","ruleset":"super-president","options":{"manches":3},"seats":["B1","B2","B3","B4"]})";
    }
    if (t.match->Over()) {
      if (t.end_tried) return std::nullopt;
      t.end_tried = true;
      return R"({"type":"end"})";
    }
    const std::vector<int> to_act = t.match->ToAct();
    if (to_act.empty()) return t.match->SeededDeal(seed++);
    return t.bots[to_act[0]]->Act(*t.match, to_act[0]);
  };
  auto cpu_now = [] {
    timespec ts{};
    clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &ts);
    return static_cast<double>(ts.tv_sec) + static_cast<double>(ts.tv_nsec) / 1e9;
  };
  const double cpu0 = cpu_now();
  const auto t0 = Clock::now();
  const auto deadline = t0 + std::chrono::seconds(seconds);
  while (Clock::now() < deadline) {
    std::vector<std::pair<T*, AnyEvent>> batch;
    for (T& t : ts) {
      if (t.ended) continue;
      std::optional<std::string> line = next(t);
      if (!line) continue;
      const GameLine read = kind->ReadLine(*line, static_cast<int>(t.match->Seats().size()));
      if (!read.well_formed) {
        ++r.rejected;
        continue;
      }
      batch.emplace_back(&t, read.event);
    }
    if (batch.empty()) break;
    std::vector<AnySubmitResult> results;
    store.Group([&] {
      results.clear();
      for (auto& [t, e] : batch) results.push_back(SubmitAny(store, t->game, *kind, e, t->match->seq()));
    });
    ++r.commits;
    for (size_t i = 0; i < batch.size(); ++i) {
      T& t = *batch[i].first;
      if (results[i].outcome != Outcome::kAccepted) {
        ++r.rejected;
        continue;
      }
      ++r.accepted;
      AnyEvent e;
      e.seq = results[i].seq;
      e.body = batch[i].second.body;
      t.match->Step(e);
      if (t.end_tried && t.match->Over()) {
        t.ended = true;
        ++r.ended;
      }
    }
  }
  r.seconds = std::chrono::duration<double>(Clock::now() - t0).count();
  r.cpu = cpu_now() - cpu0;
  return r;
}

// --- idle: many authenticated connections that do nothing -----------------

int Idle(const Config& c, const std::filesystem::path& dir) {
  const pid_t pid = StartServer(c, (dir / "load.db").string(), false, 0);
  if (pid < 0) return 2;
  const int n = std::min(c.connections, 10000);
  net::io_context io;
  Stats stats;
  std::vector<std::unique_ptr<TableRun>> tables;
  const double rss0 = StatusMiB(pid, "VmRSS");
  std::vector<std::shared_ptr<Conn>> conns;
  for (int made = 0; made < n;) {
    bj::value t = Call(http::verb::post, "/api/tables", R"({"ruleset":"super-president","seats":4,"bots":"easy"})");
    auto run = std::make_unique<TableRun>();
    run->id = std::string(t.at("table").as_string());
    for (int s = 0; s < 5 && made < n; ++s, ++made) {
      std::string token;
      if (s < 4) {
        bj::value j = Call(http::verb::post, "/api/join",
                           R"({"code":")" + std::string(t.at("code").as_string()) + R"(","name":"I)" + std::to_string(s) + "\"}");
        token = std::string(j.at("token").as_string());
      }
      conns.push_back(std::make_shared<Conn>(io, stats, *run, token, false, false));
    }
    tables.push_back(std::move(run));
  }
  const double rss1 = StatusMiB(pid, "VmRSS");
  const auto t0 = Clock::now();
  for (auto& conn : conns) conn->Start();
  while (stats.welcomes < static_cast<uint64_t>(n) && Clock::now() < t0 + std::chrono::seconds(60))
    io.run_for(std::chrono::milliseconds(100));
  const double connect_s = std::chrono::duration<double>(Clock::now() - t0).count();
  io.run_for(std::chrono::seconds(5));  // idle
  const double rss2 = StatusMiB(pid, "VmRSS"), peak = PeakRssMiB(pid);
  size_t fds = 0;
  for (auto it = std::filesystem::directory_iterator("/proc/" + std::to_string(pid) + "/fd");
       it != std::filesystem::directory_iterator(); ++it)
    ++fds;
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  std::printf("mode idle: %d connections asked, %zu tables, %llu authenticated (welcome) in %.1f s, server fds %zu\n", n,
              tables.size(), static_cast<unsigned long long>(stats.welcomes), connect_s, fds);
  std::printf("server RSS              %.1f MiB at start, %.1f MiB with the tables and seats, %.1f MiB with every "
              "connection idle 5 s (peak %.1f MiB); %.1f KiB a connection\n",
              rss0, rss1, rss2, peak, n > 0 ? (rss2 - rss1) * 1024 / n : 0.0);
  return stats.welcomes == static_cast<uint64_t>(n) ? 0 : 1;
}

// Every acknowledged action in the log at the seq of its ack: how many are
// there, how many are not.
std::pair<uint64_t, uint64_t> CheckAcked(const std::string& db, const std::vector<std::unique_ptr<TableRun>>& tables) {
  using namespace pli;
  std::unique_ptr<EventStore> store = OpenStore(db, OpenMode::kReadOnly);
  const Game* kind = FindGame("super-president");
  uint64_t found = 0, lost = 0;
  for (const auto& t : tables) {
    std::optional<StoredGame> g = store->Read(t->game);
    for (const auto& [seq, acked] : t->acked) {
      const auto& [seat, action] = acked;
      bool ok = false;
      if (g && seq >= 1 && static_cast<size_t>(seq) <= g->events.size()) {
        const StoredEvent& e = g->events[static_cast<size_t>(seq - 1)];
        const bj::object ev = bj::parse(kind->EventJson(e.body, e.seq, "")).as_object();
        ok = e.seq == seq && ev.contains("seat") && ev.at("seat") == seat;
        for (const auto& [key, value] : action)
          ok = ok && ev.contains(key) && ev.at(key) == value;
      }
      if (!ok) {
        std::string there = "nothing";
        if (g && seq >= 1 && static_cast<size_t>(seq) <= g->events.size())
          there = kind->EventJson(g->events[static_cast<size_t>(seq - 1)].body, seq, "");
        std::fprintf(stderr, "pli-load: lost? game %s seq %lld (head %lld): acked seat %d %s; the log has %s\n",
                     t->game.c_str(), static_cast<long long>(seq), static_cast<long long>(g ? g->head.seq : -1), seat,
                     bj::serialize(action).c_str(), there.c_str());
      }
      ++(ok ? found : lost);
    }
  }
  return {found, lost};
}

// --- nodes (issue 31): several pli serve on one PostgreSQL database --------
// ../shared/SERVE.md "Beyond one machine". --nodes N servers on --db (a
// multi-host URI for failover); tables of 4 seats, 3 people and a bot
// (700 ms), made on node t % N; a table's spectator on that node and its
// people on the next ones, so that an action taken on one node reaches
// recipients on others. --kill node: kill -9 of node 0 after --kill-after
// seconds (its clients connect to the next live node, with `since`);
// --kill primary: the script's `crash` of --primary-dir, then `promote` of
// --standby-dir. Reported: p50/p99 submit -> ack and -> last recipient
// before the kill; after it, the clients resumed and the last one's delay,
// every table's first event and first bot event after the kill (the
// driver again), every acknowledged action looked up in the log, and
// `pli audit` of the database.
int Nodes(const Config& c) {
  if (c.db.empty()) {
    std::cerr << "pli-load: --mode nodes needs --db postgresql://...\n";
    return 2;
  }
  std::vector<pid_t> pids;
  for (int n = 0; n < c.nodes; ++n) {  // one after another: the first migrates the schema
    const pid_t pid = StartServer(c, c.db, false, 0);
    if (pid < 0) return 2;
    pids.push_back(pid);
    ports_.push_back(port_);
  }
  dead_.assign(ports_.size(), 0);
  const int nodes = c.nodes;
  net::io_context io;
  Stats stats;
  std::vector<std::unique_ptr<TableRun>> tables;
  std::vector<std::string> hosts;
  std::vector<std::shared_ptr<Conn>> conns;
  std::vector<int> conn_node;
  for (int t = 0; t < c.tables; ++t) {
    port_ = ports_[static_cast<size_t>(t % nodes)];
    bj::value made = Call(http::verb::post, "/api/tables",
                          R"({"ruleset":"super-president","seats":4,"bots":"easy","options":{"manches":1}})");
    if (!made.as_object().contains("table")) {
      std::cerr << "pli-load: a table on node " << t % nodes << " was refused: " << bj::serialize(made) << "\n";
      return 2;
    }
    auto run = std::make_unique<TableRun>();
    run->id = std::string(made.at("table").as_string());
    hosts.emplace_back(made.at("host_token").as_string());
    conns.push_back(std::make_shared<Conn>(io, stats, *run, "", false, true, t % nodes));
    conn_node.push_back(t % nodes);
    run->connections = 1;
    for (int s = 0; s < 3; ++s) {
      const int node = (t + 1 + s) % nodes;
      port_ = ports_[static_cast<size_t>(node)];
      bj::value j = Call(http::verb::post, "/api/join",
                         R"({"code":")" + std::string(made.at("code").as_string()) + R"(","name":"N)" + std::to_string(s) + "\"}");
      if (!j.as_object().contains("token")) {
        std::cerr << "pli-load: a join on node " << node << " was refused: " << bj::serialize(j) << "\n";
        return 2;
      }
      conns.push_back(std::make_shared<Conn>(io, stats, *run, std::string(j.at("token").as_string()), true, true, node));
      conn_node.push_back(node);
      ++run->connections;
    }
    tables.push_back(std::move(run));
  }
  for (auto& conn : conns) conn->Start();
  io.run_for(std::chrono::milliseconds(500));  // every connection authenticated
  const auto t0 = Clock::now();
  for (int t = 0; t < c.tables; ++t) {
    port_ = ports_[static_cast<size_t>(t % nodes)];
    tables[t]->next_act = Clock::now() + std::chrono::milliseconds((t * 7919) % 1000) - std::chrono::seconds(1);
    bj::value started = Call(http::verb::post, "/api/tables/" + tables[t]->id + "/start", "", hosts[t]);
    if (!started.as_object().contains("game")) {
      std::cerr << "pli-load: a start on node " << t % nodes << " was refused: " << bj::serialize(started) << "\n";
      return 2;
    }
    tables[t]->game = std::string(started.at("game").as_string());
  }
  const auto deadline = t0 + std::chrono::seconds(c.seconds);
  Clock::time_point promoted{};
  uint64_t acks_before = 0, moved = 0;
  if (!c.kill.empty()) {
    while (Clock::now() < t0 + std::chrono::seconds(c.kill_after)) io.run_for(std::chrono::milliseconds(50));
    acks_before = stats.acks;
    stats.measure = false;
    for (auto& t : tables) t->head_at_kill = t->head;
    stats.killed = Clock::now();
    if (c.kill == "node") {
      dead_[0] = 1;
      kill(pids[0], SIGKILL);
      waitpid(pids[0], nullptr, 0);
      for (int n : conn_node) moved += n == 0 ? 1 : 0;
    } else {
      if (std::system(("bash " + c.script + " crash " + c.primary_dir).c_str()) != 0 ||
          std::system(("bash " + c.script + " promote " + c.standby_dir).c_str()) != 0) {
        std::cerr << "pli-load: could not crash the primary or promote the standby\n";
        return 2;
      }
      promoted = Clock::now();
    }
    for (auto& t : tables) t->pending.clear();
  }
  // After the kill: when every table has a driver again (the union of the
  // live nodes' `driving`, asked every 100 ms).
  double driven_ms = -1;
  while (Clock::now() < deadline && stats.ended < static_cast<uint64_t>(c.tables)) {
    io.run_for(std::chrono::milliseconds(100));
    if (c.kill.empty() || driven_ms >= 0) continue;
    std::set<std::string> driven;
    for (size_t n = 0; n < ports_.size(); ++n) {
      if (dead_[n]) continue;
      port_ = ports_[n];
      try {
        const bj::value stats_now = Call(http::verb::get, "/api/stats");  // kept: the loop reads into it
        for (const bj::value& id : stats_now.at("driving").as_array()) driven.insert(std::string(id.as_string()));
      } catch (const std::exception&) {
      }
    }
    size_t all = 0;
    for (const auto& t : tables) all += driven.contains(t->id) ? 1 : 0;
    if (all == tables.size()) driven_ms = Ms(Clock::now() - stats.killed);
  }
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  double accepted = 0, batches = 0, actions = 0, reconnects = 0, recovered = 0;
  for (size_t n = 0; n < ports_.size(); ++n) {
    if (dead_[n]) continue;
    port_ = ports_[n];
    const bj::value s1 = Call(http::verb::get, "/api/stats");
    accepted += s1.at("accepted").to_number<double>();
    batches += s1.at("batches").to_number<double>();
    actions += s1.at("actions").to_number<double>();
    reconnects += s1.at("reconnects").to_number<double>();
    recovered += s1.at("recovered").to_number<double>();
  }
  for (size_t n = 0; n < pids.size(); ++n) {
    if (dead_[n]) continue;
    kill(pids[n], SIGTERM);
    waitpid(pids[n], nullptr, 0);
  }
  std::printf("mode nodes: %d nodes, %d tables, %d connections, %.1f s (%llu games ended)%s\n", nodes, c.tables,
              c.tables * 4, wall, static_cast<unsigned long long>(stats.ended),
              c.kill.empty() ? "" : (c.kill == "node" ? ", kill -9 of node 0" : ", kill -9 of the primary, standby promoted"));
  std::printf("accepted actions/s      %.0f (live nodes' counts; %.0f commits, mean %.1f actions each)\n", accepted / wall,
              batches, batches > 0 ? actions / batches : 0.0);
  std::printf("submit -> ack           p50 %.2f ms, p99 %.2f ms (%zu acks%s)\n", Percentile(stats.to_ack, 0.5),
              Percentile(stats.to_ack, 0.99), stats.to_ack.size(), c.kill.empty() ? "" : ", before the kill");
  std::printf("submit -> last recipient p50 %.2f ms, p99 %.2f ms (recipients on 1 to %d nodes)\n",
              Percentile(stats.to_last, 0.5), Percentile(stats.to_last, 0.99), std::min(nodes, 4));
  std::printf("rejections             ");
  for (const auto& [code, n] : stats.rejected) std::printf(" %s:%llu", code.c_str(), static_cast<unsigned long long>(n));
  std::printf("\nleaks %llu, gaps %llu\n", static_cast<unsigned long long>(stats.leaks),
              static_cast<unsigned long long>(stats.gaps));
  bool ok = stats.leaks == 0 && stats.gaps == 0;
  if (!c.kill.empty()) {
    double first = 0, bot = 0;
    size_t played = 0, botted = 0, open = 0;
    for (const auto& t : tables) {
      if (t->first_after != Clock::time_point{}) {
        ++played;
        first = std::max(first, Ms(t->first_after - stats.killed));
      }
      if (t->bot_after != Clock::time_point{}) {
        ++botted;
        bot = std::max(bot, Ms(t->bot_after - stats.killed));
      }
      if (t->first_after == Clock::time_point{} && t->head_at_kill >= 0) ++open;
    }
    std::printf("after the kill          %llu acks before it; %llu of %llu clients of the killed node resumed on another, "
                "the last %.0f ms after the kill\n",
                static_cast<unsigned long long>(acks_before), static_cast<unsigned long long>(stats.resumed),
                static_cast<unsigned long long>(moved), stats.last_resume_ms);
    if (promoted != Clock::time_point{})
      std::printf("primary                 crashed and standby promoted in %.0f ms; the writers connected again %.0f "
                  "times; %.0f groups whose commit's answer was lost found in the log\n",
                  Ms(promoted - stats.killed), reconnects, recovered);
    std::printf("tables going on         %zu of %d sent an event after the kill, the last %.0f ms after it%s; "
                "%zu a bot's event, the last %.0f ms after it\n",
                played, c.tables, first,
                promoted != Clock::time_point{} ? (" (" + std::to_string(static_cast<long long>(first - Ms(promoted - stats.killed))) + " ms after the promotion)").c_str() : "",
                botted, bot);
    if (driven_ms >= 0)
      std::printf("drivers                 every table driven again (union of the live nodes' driving) %.0f ms after "
                  "the kill (asked every 100 ms)\n", driven_ms);
    else
      std::printf("drivers                 NOT every table driven again before the end of the run\n");
    ok = ok && stats.resumed == moved && played == static_cast<size_t>(c.tables) && driven_ms >= 0;
  }
  const auto [found, lost] = CheckAcked(c.db, tables);
  std::printf("acknowledged actions    %llu in the log at their seq, %llu lost\n", static_cast<unsigned long long>(found),
              static_cast<unsigned long long>(lost));
  const int audit = std::system((c.pli + " audit --db '" + c.db + "' > /dev/null 2>&1").c_str());
  std::printf("pli audit               %s\n", audit == 0 ? "clean" : "NOT clean");
  return ok && lost == 0 && audit == 0 ? 0 : 1;
}

}  // namespace

int main(int argc, char** argv) {
  Config c;
  for (int i = 1; i + 1 < argc; i += 2) {
    const std::string k = argv[i], v = argv[i + 1];
    if (k == "--pli") c.pli = v;
    else if (k == "--mode") c.mode = v;
    else if (k == "--tables") c.tables = std::min(std::stoi(v), 1000);
    else if (k == "--seconds") c.seconds = std::min(std::stoi(v), 300);
    else if (k == "--connections") c.connections = std::min(std::stoi(v), 10000);
    else if (k == "--kill-after") c.kill_after = std::min(std::stoi(v), 300);
    else if (k == "--attack" && (v == "spectators" || v == "flood" || v == "resync")) c.attack = v;
    else if (k == "--db") c.db = v;
    else if (k == "--nodes") c.nodes = std::max(1, std::min(std::stoi(v), 16));
    else if (k == "--kill" && (v == "node" || v == "primary" || v == "none")) c.kill = v == "none" ? "" : v;
    else if (k == "--primary-dir") c.primary_dir = v;
    else if (k == "--standby-dir") c.standby_dir = v;
    else if (k == "--script") c.script = v;
    else {
      std::cerr << "usage: pli-load --pli PATH --mode bots|human|fsync|overhead|idle|recovery|nodes --tables N --seconds S"
                   " [--connections N] [--kill-after S] [--attack spectators|flood|resync]\n"
                   "       bots: [--db POSTGRESQL-URI] (default: a fresh SQLite file)\n"
                   "       nodes: --db POSTGRESQL-URI [--nodes N] [--kill none|node|primary --kill-after S"
                   " [--primary-dir DIR --standby-dir DIR --script scripts/pg-test-server.sh]]\n";
      return 2;
    }
  }
  RaiseFdLimit();
  const auto dir = std::filesystem::temp_directory_path() / ("pli-load-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  struct Cleanup {
    std::filesystem::path dir;
    ~Cleanup() { std::filesystem::remove_all(dir); }
  } cleanup{dir};
  if (c.mode == "nodes") return Nodes(c);
  if (c.mode == "fsync") return Fsync(dir);
  if (c.mode == "idle") return Idle(c, dir);
  std::optional<InProcess> local;
  if (c.mode == "overhead") local = PlayInProcess(dir, c.tables, c.seconds);
  const bool bots = c.mode == "bots" || c.mode == "overhead";
  const bool recovery = c.mode == "recovery";
  // --db postgresql://… in bots mode: the same games on PostgreSQL
  // (scripts/load-pg-sqlite.sh, SERVE.md's ratio goal); else a fresh file.
  const std::string db = c.mode == "bots" && !c.db.empty() ? c.db : (dir / "load.db").string();
  pid_t pid = StartServer(c, db, bots, 0);
  if (pid < 0) return 2;

  net::io_context io;
  Stats stats;
  std::vector<std::unique_ptr<TableRun>> tables;
  std::vector<std::string> hosts;
  const std::string options = bots ? R"({"manches":3})" : R"({"manches":1})";
  for (int t = 0; t < c.tables; ++t) {
    bj::value made = Call(http::verb::post, "/api/tables",
                          R"({"ruleset":"super-president","seats":4,"bots":"easy","options":)" + options + "}");
    auto run = std::make_unique<TableRun>();
    run->id = std::string(made.at("table").as_string());
    hosts.emplace_back(made.at("host_token").as_string());
    run->connections = 1;
    std::make_shared<Conn>(io, stats, *run, "", false, recovery)->Start();
    if (!bots) {
      for (int s = 0; s < c.seats; ++s) {
        bj::value j = Call(http::verb::post, "/api/join",
                           R"({"code":")" + std::string(made.at("code").as_string()) + R"(","name":"L)" + std::to_string(s) + "\"}");
        std::make_shared<Conn>(io, stats, *run, std::string(j.at("token").as_string()), true, recovery)->Start();
        ++run->connections;
      }
    }
    tables.push_back(std::move(run));
  }
  io.run_for(std::chrono::milliseconds(500));  // every connection authenticated
  double cpu0 = CpuSeconds(pid);
  const bj::value s0 = Call(http::verb::get, "/api/stats");
  const auto t0 = Clock::now();
  // Each table at its own phase within the second (people are not in step):
  // its first action 0-999 ms after the start, then one a second.
  for (int t = 0; t < c.tables; ++t) {
    tables[t]->next_act = Clock::now() + std::chrono::milliseconds((t * 7919) % 1000) - std::chrono::seconds(1);
    bj::value started = Call(http::verb::post, "/api/tables/" + tables[t]->id + "/start", "", hosts[t]);
    tables[t]->game = std::string(started.at("game").as_string());
  }
  const auto deadline = t0 + std::chrono::seconds(c.seconds);
  std::thread attacker;
  uint64_t attack_sent = 0, attack_refused = 0;
  if (!c.attack.empty()) attacker = std::thread([&] { Attack(c.attack, deadline, attack_sent, attack_refused); });
  double cpu_before_kill = 0, rss_before_kill = 0, restart_ms = 0;
  uint64_t acks_before_kill = 0;
  if (recovery) {
    while (Clock::now() < t0 + std::chrono::seconds(c.kill_after)) io.run_for(std::chrono::milliseconds(100));
    cpu_before_kill = CpuSeconds(pid) - cpu0;
    rss_before_kill = PeakRssMiB(pid);
    acks_before_kill = stats.acks;
    stats.measure = false;
    stats.killed = Clock::now();
    kill(pid, SIGKILL);
    waitpid(pid, nullptr, 0);
    for (auto& t : tables) t->pending.clear();
    pid = StartServer(c, db, bots, port_);
    if (pid < 0) return 2;
    restart_ms = Ms(Clock::now() - stats.killed);
    cpu0 = CpuSeconds(pid);
    const uint64_t clients = static_cast<uint64_t>(c.tables) * static_cast<uint64_t>(c.seats + 1);
    while (stats.resumed < clients && Clock::now() < stats.killed + std::chrono::seconds(30))
      io.run_for(std::chrono::milliseconds(10));
  }
  while (Clock::now() < deadline && stats.ended < static_cast<uint64_t>(c.tables))
    io.run_for(std::chrono::milliseconds(100));
  if (attacker.joinable()) attacker.join();
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = CpuSeconds(pid) - cpu0 + cpu_before_kill;
  const bj::value s1 = Call(http::verb::get, "/api/stats");
  const double rss = std::max(PeakRssMiB(pid), rss_before_kill);
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);

  auto count = [&](const char* key) {
    const uint64_t before = recovery ? 0 : s0.at(key).to_number<uint64_t>();
    return static_cast<double>(s1.at(key).to_number<uint64_t>() - before);
  };
  const double accepted = count("accepted"), batches = count("batches"), actions = count("actions");
  std::printf("mode %s: %d tables, %d connections, %.1f s (%llu games ended)\n", c.mode.c_str(), c.tables,
              bots ? c.tables : c.tables * (c.seats + 1), wall, static_cast<unsigned long long>(stats.ended));
  if (recovery) {
    std::printf("(the server's counts below are the restarted server's only)\n");
  }
  std::printf("accepted actions/s      %.0f\n", accepted / wall);
  std::printf("commits (group)         %.0f, mean %.1f actions each, max %llu\n", batches, batches > 0 ? actions / batches : 0.0,
              static_cast<unsigned long long>(s1.at("max_batch").to_number<uint64_t>()));
  const bj::object& spread = s1.at("commit_ms").as_object();
  std::printf("writer transactions     p50 %.2f ms, p99 %.2f ms, max %.2f ms (%llu; side-table commits %llu)\n",
              spread.at("p50").to_number<double>(), spread.at("p99").to_number<double>(),
              spread.at("max").to_number<double>(), static_cast<unsigned long long>(spread.at("n").to_number<uint64_t>()),
              static_cast<unsigned long long>(count("side_commits")));
  if (!bots) {
    for (const auto& [key, what] : {std::pair{"ack_ms", "in the server: act read -> ack sent"},
                                    std::pair{"table_ms", "in the server: behind the table's last"},
                                    std::pair{"queued_ms", "in the server: wait for the writer"},
                                    std::pair{"posted_ms", "in the server: writer -> network thread"}}) {
      const bj::object& s = s1.at(key).as_object();
      std::printf("%-40s p50 %.2f ms, p99 %.2f ms, max %.2f ms\n", what, s.at("p50").to_number<double>(),
                  s.at("p99").to_number<double>(), s.at("max").to_number<double>());
    }
  }
  std::printf("messages received/s     %.0f\n", static_cast<double>(stats.messages) / wall);
  if (!bots) {
    std::printf("submit -> ack           p50 %.2f ms, p99 %.2f ms (%zu acks)\n", Percentile(stats.to_ack, 0.5),
                Percentile(stats.to_ack, 0.99), stats.to_ack.size());
    std::printf("submit -> last recipient p50 %.2f ms, p99 %.2f ms\n", Percentile(stats.to_last, 0.5),
                Percentile(stats.to_last, 0.99));
  }
  if (!c.attack.empty())
    std::printf("attack %-16s %llu sent, %llu refused (429) or cut off, beside the tables above\n", c.attack.c_str(),
                static_cast<unsigned long long>(attack_sent), static_cast<unsigned long long>(attack_refused));
  std::printf("rejections             ");
  for (const auto& [code, n] : stats.rejected) std::printf(" %s:%llu", code.c_str(), static_cast<unsigned long long>(n));
  std::printf("\nleaks %llu, gaps %llu\n", static_cast<unsigned long long>(stats.leaks),
              static_cast<unsigned long long>(stats.gaps));
  std::printf("server CPU              %.2f s over %.1f s (%.0f%% of one core), peak RSS %.1f MiB\n", cpu, wall,
              100 * cpu / wall, rss);
  bool ok = stats.leaks == 0 && stats.gaps == 0;
  if (local) {
    const double in = static_cast<double>(local->accepted) / local->seconds;
    std::printf("in process (SubmitAny, BatchStore, same games): %.0f accepted actions/s, %llu commits (mean %.1f "
                "actions each), %llu games ended in %.1f s, %llu rejected\n",
                in, static_cast<unsigned long long>(local->commits),
                local->commits ? static_cast<double>(local->accepted) / static_cast<double>(local->commits) : 0.0,
                static_cast<unsigned long long>(local->ended), local->seconds,
                static_cast<unsigned long long>(local->rejected));
    std::printf("network overhead        loopback / in process = %.2f; CPU a accepted action: server %.0f us, in "
                "process %.0f us\n",
                accepted / wall / in, accepted > 0 ? 1e6 * cpu / accepted : 0.0,
                local->accepted ? 1e6 * local->cpu / static_cast<double>(local->accepted) : 0.0);
  }
  if (recovery) {
    const auto [found, lost] = CheckAcked(db, tables);
    const uint64_t clients = static_cast<uint64_t>(c.tables) * static_cast<uint64_t>(c.seats + 1);
    std::printf("recovery                killed after %d s (%llu acks before); restarted and listening %.0f ms after the "
                "kill; %llu of %llu clients resumed, the last %.0f ms after the kill; %llu welcomes behind an ack\n",
                c.kill_after, static_cast<unsigned long long>(acks_before_kill), restart_ms,
                static_cast<unsigned long long>(stats.resumed), static_cast<unsigned long long>(clients),
                stats.last_resume_ms, static_cast<unsigned long long>(stats.behind));
    std::printf("acknowledged actions    %llu in the log at their seq, %llu lost\n", static_cast<unsigned long long>(found),
                static_cast<unsigned long long>(lost));
    ok = ok && lost == 0 && stats.behind == 0 && stats.resumed == clients;
  }
  return ok ? 0 : 1;
}
