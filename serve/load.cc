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
// human: every seat played by this program from its `legal`, one action per
// second per table, plus a spectator (5 connections for 4 seats).
#include <signal.h>
#include <sys/prctl.h>
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
#include <memory>
#include <string>
#include <vector>

#include "serve/client_action.h"

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
};

unsigned short port_ = 0;

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

using pli::serve::client::ActionOf;

struct Stats {
  uint64_t messages = 0, acks = 0, gaps = 0, leaks = 0, ended = 0;
  std::map<std::string, uint64_t> rejected;
  std::vector<double> to_ack, to_last;  // ms
};

struct TableRun {
  std::string id;
  int connections = 0;
  // seq -> (submit time, recipients so far)
  std::map<int64_t, std::pair<Clock::time_point, int>> pending;
  Clock::time_point next_act = Clock::now();
};

class Conn : public std::enable_shared_from_this<Conn> {
 public:
  Conn(net::io_context& io, Stats& stats, TableRun& table, std::string token, bool plays)
      : ws_(io), timer_(io), stats_(stats), table_(table), token_(std::move(token)), plays_(plays) {}

  void Start() {
    beast::get_lowest_layer(ws_).async_connect(
        tcp::endpoint(net::ip::make_address("127.0.0.1"), port_), [self = shared_from_this()](beast::error_code ec) {
          if (ec) return;
          self->ws_.async_handshake("127.0.0.1", "/ws", [self](beast::error_code ec) {
            if (ec) return;
            bj::object auth{{"t", "auth"}, {"table", self->table_.id}};
            if (!self->token_.empty()) auth["token"] = self->token_;
            self->Send(bj::serialize(auth));
            self->Read();
          });
        });
  }

 private:
  void Send(std::string text) {
    out_.push_back(std::move(text));
    if (out_.size() == 1) Write();
  }
  void Write() {
    ws_.async_write(net::buffer(out_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->out_.pop_front();
      if (!self->out_.empty()) self->Write();
    });
  }
  void Read() {
    ws_.async_read(buf_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      const std::string text = beast::buffers_to_string(self->buf_.data());
      self->buf_.consume(self->buf_.size());
      self->On(text);
      self->Read();
    });
  }
  void On(const std::string& text) {
    ++stats_.messages;
    bj::object m = bj::parse(text).as_object();
    const std::string t(m.at("t").as_string());
    if (t == "welcome") {
      last_seq_ = m.at("seq").as_int64();
      if (!m.at("view").is_null()) Consider(m);
      return;
    }
    if (t == "ack") {
      ++stats_.acks;
      stats_.to_ack.push_back(std::chrono::duration<double, std::milli>(Clock::now() - submitted_).count());
      return;
    }
    if (t == "rejected") {
      ++stats_.rejected[std::string(m.at("code").as_string())];
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
    const bool end = ev.at("type") == "end";
    if (!end && (ev.contains("hands") || ev.contains("seed") || ev.contains("hash") ||
                 (token_.empty() && m.at("view").as_object().contains("hand"))))
      ++stats_.leaks;
    if (auto it = table_.pending.find(seq); it != table_.pending.end()) {
      if (++it->second.second == table_.connections) {
        stats_.to_last.push_back(std::chrono::duration<double, std::milli>(Clock::now() - it->second.first).count());
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
    const bj::array& legal = m.at("legal").as_array();
    if (legal.empty()) return;
    bj::object first;
    for (const bj::value& a : legal)
      if (a.at("type") != "close") {
        first = a.as_object();
        break;
      }
    if (first.empty()) return;
    std::optional<bj::object> action = ActionOf(first, m.at("view").at("hand").as_array());
    if (!action) return;
    const int64_t seq = m.at("seq").as_int64();
    const std::string text = bj::serialize(bj::object{{"t", "act"}, {"rid", seq}, {"action", *action}, {"expect", seq}});
    const auto now = Clock::now();
    table_.next_act = std::max(table_.next_act + std::chrono::seconds(1), now);
    timer_.expires_at(table_.next_act);
    timer_.async_wait([self = shared_from_this(), text, seq](beast::error_code ec) {
      if (ec || self->last_seq_ != seq) return;
      self->submitted_ = Clock::now();
      self->table_.pending[seq + 1] = {self->submitted_, 0};
      self->Send(text);
    });
  }

  websocket::stream<beast::tcp_stream> ws_;
  net::steady_timer timer_;
  beast::flat_buffer buf_;
  std::deque<std::string> out_;
  Stats& stats_;
  TableRun& table_;
  std::string token_;
  bool plays_;
  int64_t last_seq_ = 0;
  Clock::time_point submitted_;
};

double Percentile(std::vector<double> v, double p) {
  if (v.empty()) return 0;
  std::sort(v.begin(), v.end());
  return v[std::min(v.size() - 1, static_cast<size_t>(p * static_cast<double>(v.size())))];
}

// utime + stime of a process, in seconds; its peak RSS in MiB.
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
double PeakRssMiB(pid_t pid) {
  std::ifstream f("/proc/" + std::to_string(pid) + "/status");
  for (std::string line; std::getline(f, line);)
    if (line.starts_with("VmHWM:")) return std::stod(line.substr(6)) / 1024.0;
  return 0;
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
    else {
      std::cerr << "usage: pli-load --pli PATH --mode bots|human --tables N --seconds S\n";
      return 2;
    }
  }
  const bool bots = c.mode == "bots";
  const auto dir = std::filesystem::temp_directory_path() / ("pli-load-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  int out[2];
  if (pipe(out) != 0) return 2;
  const pid_t pid = fork();
  if (pid == 0) {
    prctl(PR_SET_PDEATHSIG, SIGKILL);
    dup2(out[1], 1);
    const std::string db = (dir / "load.db").string();
    execl(c.pli.c_str(), c.pli.c_str(), "serve", "--db", db.c_str(), "--listen", "127.0.0.1:0", "--bot-delay-ms",
          bots ? "0" : "700", "--grace-ms", "600000", "--join-rate", "0", static_cast<char*>(nullptr));
    _exit(127);
  }
  close(out[1]);
  FILE* f = fdopen(out[0], "r");
  char line[128] = {};
  if (!fgets(line, sizeof line, f)) return 2;
  port_ = static_cast<unsigned short>(std::stoi(std::string(line).substr(std::string(line).rfind(':') + 1)));

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
    std::make_shared<Conn>(io, stats, *run, "", false)->Start();
    if (!bots) {
      for (int s = 0; s < c.seats; ++s) {
        bj::value j = Call(http::verb::post, "/api/join",
                           R"({"code":")" + std::string(made.at("code").as_string()) + R"(","name":"L)" + std::to_string(s) + "\"}");
        std::make_shared<Conn>(io, stats, *run, std::string(j.at("token").as_string()), true)->Start();
        ++run->connections;
      }
    }
    tables.push_back(std::move(run));
  }
  io.run_for(std::chrono::milliseconds(500));  // every connection authenticated
  const double cpu0 = CpuSeconds(pid);
  const bj::value s0 = Call(http::verb::get, "/api/stats");
  const auto t0 = Clock::now();
  for (int t = 0; t < c.tables; ++t) Call(http::verb::post, "/api/tables/" + tables[t]->id + "/start", "", hosts[t]);
  const auto deadline = t0 + std::chrono::seconds(c.seconds);
  while (Clock::now() < deadline && stats.ended < static_cast<uint64_t>(c.tables))
    io.run_for(std::chrono::milliseconds(100));
  const double wall = std::chrono::duration<double>(Clock::now() - t0).count();
  const double cpu = CpuSeconds(pid) - cpu0;
  const bj::value s1 = Call(http::verb::get, "/api/stats");
  const double rss = PeakRssMiB(pid);
  kill(pid, SIGTERM);
  waitpid(pid, nullptr, 0);
  std::filesystem::remove_all(dir);

  const double accepted = static_cast<double>(s1.at("accepted").to_number<uint64_t>() - s0.at("accepted").to_number<uint64_t>());
  const double batches = static_cast<double>(s1.at("batches").to_number<uint64_t>() - s0.at("batches").to_number<uint64_t>());
  const double actions = static_cast<double>(s1.at("actions").to_number<uint64_t>() - s0.at("actions").to_number<uint64_t>());
  std::printf("mode %s: %d tables, %d connections, %.1f s (%llu games ended)\n", c.mode.c_str(), c.tables,
              bots ? c.tables : c.tables * (c.seats + 1), wall, static_cast<unsigned long long>(stats.ended));
  std::printf("accepted actions/s      %.0f\n", accepted / wall);
  std::printf("commits (group)         %.0f, mean %.1f actions each, max %llu\n", batches, batches > 0 ? actions / batches : 0.0,
              static_cast<unsigned long long>(s1.at("max_batch").to_number<uint64_t>()));
  std::printf("messages received/s     %.0f\n", static_cast<double>(stats.messages) / wall);
  if (!bots) {
    std::printf("submit -> ack           p50 %.2f ms, p99 %.2f ms (%zu acks)\n", Percentile(stats.to_ack, 0.5),
                Percentile(stats.to_ack, 0.99), stats.to_ack.size());
    std::printf("submit -> last recipient p50 %.2f ms, p99 %.2f ms\n", Percentile(stats.to_last, 0.5),
                Percentile(stats.to_last, 0.99));
  }
  std::printf("rejections             ");
  for (const auto& [code, n] : stats.rejected) std::printf(" %s:%llu", code.c_str(), static_cast<unsigned long long>(n));
  std::printf("\nleaks %llu, gaps %llu\n", static_cast<unsigned long long>(stats.leaks),
              static_cast<unsigned long long>(stats.gaps));
  std::printf("server CPU              %.2f s over %.1f s (%.0f%% of one core), peak RSS %.1f MiB\n", cpu, wall,
              100 * cpu / wall, rss);
  return stats.leaks == 0 && stats.gaps == 0 ? 0 : 1;
}
