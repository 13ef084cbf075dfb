// serve_client.h: what the tests of `pli serve` share (serve_test.cc,
// serve_security_test.cc, serve_crash_test.cc): the server started on an
// ephemeral loopback port with a fresh database and stopped by its pid
// (SIGTERM, or SIGKILL for the crash), a small Beast client for HTTP and the
// WebSocket, tables made through the API, and the action a client makes of
// one of its `legal` entries.
#ifndef PLI_TESTS_SERVE_SERVE_CLIENT_H_
#define PLI_TESTS_SERVE_SERVE_CLIENT_H_

#include <fcntl.h>
#include <signal.h>
#include <sys/prctl.h>
#include <sys/socket.h>
#include <sys/time.h>
#include <sys/wait.h>
#include <unistd.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <random>
#include <map>
#include <optional>
#include <set>
#include <string>
#include <vector>
#include <thread>

namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace bj = boost::json;
using tcp = net::ip::tcp;

// The action the server gives for entry `i` of a message's `legal` (its
// `actions`, aligned with `legal`: issue 27), nullopt when there is none.
// The client knows no game: it submits what it is given.
inline std::optional<bj::object> GivenAction(const bj::object& m, size_t i) {
  const bj::value* actions = m.if_contains("actions");
  if (!actions || !actions->is_array() || i >= actions->as_array().size()) return std::nullopt;
  return actions->as_array()[i].at("action").as_object();
}

// `pli serve` on a temp database, stopped by its pid.
class Server {
 public:
  // `dir`: where its database is, kept (a restart); default: a fresh one.
  explicit Server(const std::vector<std::string>& extra = {}, std::filesystem::path dir = {}) {
    alarm(90);  // a hung test dies, and its server with it (PR_SET_PDEATHSIG)
    keep_ = !dir.empty();
    dir_ = keep_ ? dir : std::filesystem::temp_directory_path() / ("pli-serve-" + std::to_string(getpid()) + "-" + std::to_string(counter_++));
    std::filesystem::create_directories(dir_);
    int out[2];
    REQUIRE(pipe(out) == 0);
    // `extra` beginning with --db URI: that database (PostgreSQL: serve_pg_test.cc).
    const bool db_given = extra.size() >= 2 && extra[0] == "--db";
    std::vector<std::string> args = {PLI_EXE, "serve", "--listen", "127.0.0.1:0"};
    if (!db_given) args.insert(args.end(), {"--db", (dir_ / "live.db").string()});
    args.insert(args.end(), extra.begin(), extra.end());
    pid_ = fork();
    if (pid_ == 0) {
      prctl(PR_SET_PDEATHSIG, SIGKILL);  // never outlives the test
      dup2(out[1], 1);
      const int err = open((dir_ / "stderr").c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
      dup2(err, 2);
      close(out[0]);
      std::vector<char*> argv;
      for (auto& a : args) argv.push_back(a.data());
      argv.push_back(nullptr);
      execv(argv[0], argv.data());
      _exit(127);
    }
    close(out[1]);
    FILE* f = fdopen(out[0], "r");
    char line[256] = {};
    const bool said = fgets(line, sizeof line, f) != nullptr;
    fclose(f);
    INFO("pli serve's stderr: " << Stderr());
    REQUIRE(said);
    const std::string s = line;
    REQUIRE(s.starts_with("listening on 127.0.0.1:"));
    port_ = static_cast<unsigned short>(std::stoi(s.substr(s.rfind(':') + 1)));
  }
  ~Server() {
    alarm(0);
    if (pid_ > 0) {
      kill(pid_, SIGTERM);
      int status = 0;
      waitpid(pid_, &status, 0);
    }
    if (!keep_) std::filesystem::remove_all(dir_);
  }
  unsigned short port() const { return port_; }
  // kill -9, as a crash: nothing is flushed or closed by the server.
  void Kill9() {
    kill(pid_, SIGKILL);
    int status = 0;
    waitpid(pid_, &status, 0);
    pid_ = -1;
  }
  // Whether the process is still running (it has not died of what it was sent).
  bool Alive() const { return pid_ > 0 && waitpid(pid_, nullptr, WNOHANG) == 0; }
  std::filesystem::path db() const { return dir_ / "live.db"; }
  pid_t pid() const { return pid_; }
  std::string Stderr() const {
    std::ifstream in(dir_ / "stderr");
    return std::string(std::istreambuf_iterator<char>(in), {});
  }

 private:
  static inline int counter_ = 0;
  pid_t pid_ = -1;
  bool keep_ = false;
  unsigned short port_ = 0;
  std::filesystem::path dir_;
};

struct Response {
  int status = 0;
  std::string body;
  std::string type, csp;  // Content-Type, Content-Security-Policy
  bj::value json() const { return bj::parse(body); }
};

inline Response Request(unsigned short port, http::verb verb, const std::string& target, const std::string& body = "",
                 const std::string& token = "", const std::string& origin = "") {
  net::io_context io;
  beast::tcp_stream stream(io);
  stream.connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  if (!origin.empty()) req.set(http::field::origin, origin);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.prepare_payload();
  http::write(stream, req);
  beast::flat_buffer buffer;
  http::response<http::string_body> res;
  http::read(stream, buffer, res);
  return Response{static_cast<int>(res.result_int()), res.body()};
}
inline Response Post(unsigned short port, const std::string& target, const std::string& body, const std::string& token = "") {
  return Request(port, http::verb::post, target, body, token);
}
inline Response Get(unsigned short port, const std::string& target, const std::string& token = "") {
  return Request(port, http::verb::get, target, "", token);
}

class Ws {
 public:
  explicit Ws(unsigned short port, const std::string& origin = "") : ws_(io_) {
    beast::get_lowest_layer(ws_).connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port));
    if (!origin.empty()) {
      ws_.set_option(websocket::stream_base::decorator(
          [origin](websocket::request_type& r) { r.set(http::field::origin, origin); }));
    }
    ws_.handshake("127.0.0.1:" + std::to_string(port), "/ws");
  }
  void Send(const bj::object& m) { ws_.write(net::buffer(bj::serialize(m))); }
  // A frame as given: text (any bytes, valid UTF-8 or not) or binary.
  // Returns false when the server has already closed.
  bool SendRaw(const std::string& bytes, bool text = true) {
    beast::error_code ec;
    ws_.text(text);
    ws_.write(net::buffer(bytes), ec);
    ws_.text(true);
    return !ec;
  }
  // The next message, or null when the server closed.
  bj::value Next() {
    // Reads give up after 15 s: a stalled table fails the test instead of
    // hanging it.
    beast::flat_buffer b;
    beast::error_code ec = net::error::would_block;
    if (dead_) return nullptr;
    ws_.async_read(b, [&](beast::error_code e, size_t) { ec = e; });
    io_.restart();
    io_.run_for(std::chrono::seconds(15));
    if (ec == net::error::would_block) {
      beast::get_lowest_layer(ws_).socket().close();
      io_.restart();
      io_.run();
      dead_ = true;
      return nullptr;
    }
    if (ec) return nullptr;
    std::string text = beast::buffers_to_string(b.data());
    all.push_back(text);
    return bj::parse(text);
  }
  // The next message of type t (others kept in `all`).
  bj::object NextOf(const std::string& t) {
    for (;;) {
      bj::value v = Next();
      INFO("waiting for " << t);
      REQUIRE(v.is_object());
      if (v.at("t").as_string() == t) return v.as_object();
    }
  }
  std::vector<std::string> all;

 private:
  net::io_context io_;
  websocket::stream<beast::tcp_stream> ws_;
  bool dead_ = false;
};

struct Table {
  std::string id, code, host;
  std::vector<std::string> tokens;
};

Table MakeTable(unsigned short port, const std::string& ruleset, int seats, int humans,
                const std::string& options = "") {
  std::string body = R"({"ruleset":")" + ruleset + R"(","seats":)" + std::to_string(seats) + R"(,"bots":"easy")" +
                     (options.empty() ? "" : R"(,"options":)" + options) + "}";
  Response c = Post(port, "/api/tables", body);
  REQUIRE(c.status == 200);
  Table t{std::string(c.json().at("table").as_string()), std::string(c.json().at("code").as_string()),
          std::string(c.json().at("host_token").as_string()), {}};
  for (int h = 0; h < humans; ++h) {
    Response j = Post(port, "/api/join", R"({"code":")" + t.code + R"(","name":"P)" + std::to_string(h) + "\"}");
    REQUIRE(j.status == 200);
    REQUIRE(j.json().at("seat") == h);
    REQUIRE(j.json().at("token").as_string().size() == 32);  // 128 bits in hex
    t.tokens.emplace_back(j.json().at("token").as_string());
  }
  return t;
}

// An HTTP request that gives up after `timeout` (status 0 then, or when
// the server closed without answering), sent from `from` (a loopback
// address: 127.0.0.2 is another client than 127.0.0.1).
inline Response TimedRequest(unsigned short port, http::verb verb, const std::string& target, const std::string& body = "",
                      const std::string& token = "", std::chrono::seconds timeout = std::chrono::seconds(5),
                      const std::string& from = "") {
  net::io_context io;
  tcp::socket socket(io);
  socket.open(tcp::v4());
  if (!from.empty()) socket.bind(tcp::endpoint(net::ip::make_address(from), 0));
  beast::tcp_stream stream(std::move(socket));
  http::request<http::string_body> req{verb, target, 11};
  req.set(http::field::host, "127.0.0.1:" + std::to_string(port));
  if (!token.empty()) req.set(http::field::authorization, "Bearer " + token);
  if (!body.empty()) {
    req.set(http::field::content_type, "application/json");
    req.body() = body;
  }
  req.prepare_payload();
  beast::flat_buffer buffer;
  http::response_parser<http::string_body> res;
  res.body_limit(64 << 20);
  Response out;
  stream.expires_after(timeout);
  stream.async_connect(tcp::endpoint(net::ip::make_address("127.0.0.1"), port), [&](beast::error_code ec) {
    if (ec) return;
    http::async_write(stream, req, [&](beast::error_code ec, size_t) {
      if (ec) return;
      http::async_read(stream, buffer, res, [&](beast::error_code ec, size_t) {
        if (ec) return;
        out.status = static_cast<int>(res.get().result_int());
        out.body = res.get().body();
        out.type = std::string(res.get()[http::field::content_type]);
        out.csp = std::string(res.get()["Content-Security-Policy"]);
      });
    });
  });
  io.run();
  return out;
}

inline std::string Api(const Table& t, const std::string& what) { return "/api/tables/" + t.id + "/" + what; }

// Nothing a seat may not know: no seed, id, hash or other seats' hands.
inline void CheckSecret(const std::string& text) {
  const bj::value v = bj::parse(text);
  std::function<void(const bj::value&)> walk = [&](const bj::value& x) {
    if (x.is_object()) {
      for (const auto& [k, y] : x.as_object()) {
        INFO(text);
        CHECK(k != "hands");
        CHECK(k != "seed");
        CHECK(k != "hash");
        CHECK(k != "id");
        walk(y);
      }
    } else if (x.is_array()) {
      for (const auto& y : x.as_array()) walk(y);
    }
  };
  walk(v);
}

}  // namespace

#endif  // PLI_TESTS_SERVE_SERVE_CLIENT_H_
