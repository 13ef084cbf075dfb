// server.cc: see server.h.
#include "serve/server.h"

#include <sys/resource.h>

#include <boost/asio.hpp>
#include <boost/beast.hpp>
#include <boost/json.hpp>
#include <deque>
#include <iostream>

#include "referee/writer_claim.h"
#include "schema/strict_json.h"
#include "serve/french.h"
#include "serve/web.h"

namespace pli::serve {
namespace {

namespace beast = boost::beast;
namespace http = beast::http;
namespace websocket = beast::websocket;
namespace net = boost::asio;
namespace bj = boost::json;
using tcp = net::ip::tcp;
using Clock = std::chrono::steady_clock;

constexpr size_t kBodyLimit = 64 * 1024;
constexpr size_t kHeaderLimit = 8 * 1024;
constexpr size_t kFrameLimit = 16 * 1024;
constexpr size_t kQueueMessages = 1024;
constexpr size_t kQueueBytes = 4 << 20;
constexpr int kSendBuffer = 64 * 1024;
constexpr double kRate = 30, kBurst = 60;
constexpr auto kCloseWait = std::chrono::seconds(1);
constexpr const char* kTableCsp = "default-src 'self'; connect-src 'self'; img-src 'self' data:";
// The replay page carries its script, style and data inline and fetches
// nothing: it may run its own inline code and connect nowhere.
constexpr const char* kReplayCsp =
    "default-src 'none'; script-src 'unsafe-inline'; style-src 'unsafe-inline'; img-src data:; "
    "base-uri 'none'; form-action 'none'";

std::string Bearer(const http::request<http::string_body>& req) {
  auto it = req.find(http::field::authorization);
  if (it == req.end()) return "";
  std::string_view v = it->value();
  if (!v.starts_with("Bearer ")) return "";
  return std::string(v.substr(7));
}

// The Origin, when sent, names this host (SERVE.md: a wrong Origin).
bool OriginOk(const http::request<http::string_body>& req) {
  auto origin = req.find(http::field::origin);
  if (origin == req.end()) return true;
  auto host = req.find(http::field::host);
  if (host == req.end()) return false;
  const std::string o(origin->value());
  const std::string h(host->value());
  return o == "http://" + h || o == "https://" + h;
}

// A token bucket: messages per second per connection.
struct Bucket {
  double tokens = kBurst;
  Clock::time_point when = Clock::now();
  bool Take() {
    const auto now = Clock::now();
    tokens = std::min(kBurst, tokens + kRate * std::chrono::duration<double>(now - when).count());
    when = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  }
};

class WsSession : public Subscriber, public std::enable_shared_from_this<WsSession> {
 public:
  WsSession(tcp::socket socket, Hub& hub) : ws_(std::move(socket)), hub_(hub), auth_timer_(ws_.get_executor()) {}

  void Run(http::request<http::string_body> req) {
    // The kernel keeps at most kSendBuffer unsent for a client; beyond it
    // the queue below counts, and a client that does not read is cut off
    // (else a socket's send buffer, tuned up to megabytes, hides it).
    beast::error_code ignored;
    beast::get_lowest_layer(ws_).socket().set_option(net::socket_base::send_buffer_size(kSendBuffer), ignored);
    ws_.set_option(websocket::stream_base::timeout::suggested(beast::role_type::server));
    ws_.read_message_max(kFrameLimit);
    ws_.async_accept(req, [self = shared_from_this()](beast::error_code ec) {
      if (ec) return;
      // A close this server starts (auth-timeout, an error, superseded)
      // waits at most kCloseWait for the client's close frame, then the
      // socket is closed: an unauthenticated socket is gone ~5 s after it
      // opened, not 5 + Beast's suggested 30 (issue 30).
      auto timeouts = websocket::stream_base::timeout::suggested(beast::role_type::server);
      timeouts.handshake_timeout = kCloseWait;
      self->ws_.set_option(timeouts);
      self->auth_timer_.expires_after(std::chrono::seconds(5));
      self->auth_timer_.async_wait([w = std::weak_ptr<WsSession>(self)](beast::error_code ec) {
        if (auto s = w.lock(); s && !ec && !s->authed_)
          s->Close(R"({"t":"error","code":"auth-timeout","message":"authenticate within 5 s"})");
      });
      self->Read();
    });
  }

  void Send(std::string text) override {
    if (closing_) return;
    text = WithFrench(std::move(text));  // a refusal gains message_fr (serve/french.h)
    if (queue_.size() >= kQueueMessages || queued_bytes_ + text.size() > kQueueBytes) {
      // A client that does not read is cut off; its table plays on.
      closing_ = true;
      beast::get_lowest_layer(ws_).socket().close();
      return;
    }
    queued_bytes_ += text.size();
    queue_.push_back(std::move(text));
    if (queue_.size() == 1) Write();
  }

  void Close(std::string text) override {
    if (closing_) return;
    if (!text.empty()) Send(std::move(text));
    closing_ = true;
    if (queue_.empty()) DoClose();
  }

  void WhenDrained(std::function<void()> then) override {
    if (closing_ || gone_) return;
    drained_ = std::move(then);
    if (queue_.empty()) net::post(ws_.get_executor(), std::exchange(drained_, nullptr));
  }

 private:
  void DoClose() {
    ws_.async_close(websocket::close_code::normal, [self = shared_from_this()](beast::error_code) {});
  }

  void Write() {
    ws_.text(true);
    ws_.async_write(net::buffer(queue_.front()), [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) return;
      self->queued_bytes_ -= self->queue_.front().size();
      self->queue_.pop_front();
      if (!self->queue_.empty()) self->Write();
      else if (self->closing_) self->DoClose();
      else if (self->drained_) std::exchange(self->drained_, nullptr)();
    });
  }

  void Error(const char* code, const std::string& message) {
    Close(bj::serialize(bj::object{{"t", "error"}, {"code", code}, {"message", message}}));
  }

  void Read() {
    ws_.async_read(buffer_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        self->Gone();
        return;
      }
      self->OnMessage();
      if (!self->closing_) self->Read();
      else self->Gone();
    });
  }

  void Gone() {
    if (gone_) return;
    gone_ = true;
    auth_timer_.cancel();
    if (authed_) hub_.Disconnected(table_, seat_, this);
  }

  void OnMessage() {
    if (closing_) return;  // superseded, revoked or in error: nothing more is read
    if (!ws_.got_text()) return Error("malformed", "messages are text frames");
    const std::string text = beast::buffers_to_string(buffer_.data());
    buffer_.consume(buffer_.size());
    if (!bucket_.Take()) return Error("rate-limited", "too many messages");
    // Read strictly (schema/strict_json.h): no duplicate key, integers only,
    // depth at most 32.
    const std::variant<bj::value, JsonError> v = ParseStrictJson(text);
    if (const JsonError* e = std::get_if<JsonError>(&v)) return Error("malformed", "a message is one JSON object: " + e->message);
    if (!std::get<bj::value>(v).is_object()) return Error("malformed", "a message is one JSON object");
    const bj::object& m = std::get<bj::value>(v).as_object();
    const bj::value* t = m.if_contains("t");
    if (!t || !t->is_string()) return Error("malformed", "a message names its type in \"t\"");
    if (!authed_) {
      if (t->as_string() != "auth") return Error("unauthorized", "the first message is auth");
      auto self = shared_from_this();
      if (std::optional<std::string> err = hub_.Auth(m, self, &seat_, &table_)) return Close(*err);
      authed_ = true;
      auth_timer_.cancel();
      return;
    }
    if (t->as_string() == "act") return hub_.WsAct(table_, seat_, m, shared_from_this());
    if (t->as_string() == "chat") return hub_.Chat(table_, seat_, m, shared_from_this());
    if (t->as_string() == "resync") {
      const bj::value* since = m.if_contains("since");
      if (!since || !since->is_int64()) return Error("malformed", "resync names since, an integer");
      return hub_.Resync(table_, seat_, since->as_int64(), shared_from_this());
    }
    Error("malformed", "unknown message type");
  }

  websocket::stream<beast::tcp_stream> ws_;
  Hub& hub_;
  net::steady_timer auth_timer_;
  beast::flat_buffer buffer_;
  std::deque<std::string> queue_;
  size_t queued_bytes_ = 0;
  bool closing_ = false, authed_ = false, gone_ = false;
  std::function<void()> drained_;  // the next chunk of a backlog (Hub::Catchup)
  int seat_ = -1;
  std::string table_;
  Bucket bucket_;
};

// An NDJSON stream of a table's events (GET .../events), chunked: its
// backlog a chunk at a time (Hub::Catchup), then, with `follow=1`, the live
// events until `end`. Nothing is written before the response's header
// (Start); once finished, `done` is called (the connection reads its next
// request, or is shut down).
class FollowStream : public Subscriber, public std::enable_shared_from_this<FollowStream> {
 public:
  FollowStream(beast::tcp_stream& stream, std::shared_ptr<void> owner, std::function<void(bool)> done)
      : stream_(stream), owner_(std::move(owner)), done_(std::move(done)), keep_(stream.get_executor()) {}

  void Start() {
    started_ = true;
    if (!queue_.empty()) Write();
    else if (closing_) Finish();
    else if (drained_) net::post(keep_.get_executor(), std::exchange(drained_, nullptr));
    if (!closing_) KeepAlive();
  }
  void Send(std::string text) override {
    if (closing_ || text.empty()) return;
    if (queue_.size() >= kQueueMessages) {
      closing_ = true;
      keep_.cancel();
      stream_.socket().close();
      return;
    }
    queue_.push_back(std::move(text));
    if (started_ && queue_.size() == 1) Write();
  }
  void Close(std::string) override {
    if (closing_) return;
    closing_ = true;
    keep_.cancel();
    if (started_ && queue_.empty()) Finish();
  }
  void WhenDrained(std::function<void()> then) override {
    if (closing_) return;
    drained_ = std::move(then);
    if (started_ && queue_.empty()) net::post(keep_.get_executor(), std::exchange(drained_, nullptr));
  }

 private:
  void KeepAlive() {
    // The timer holds the stream (and its connection) while it follows:
    // nothing else does between events (the Hub keeps a weak pointer).
    keep_.expires_after(std::chrono::seconds(10));
    keep_.async_wait([self = shared_from_this()](beast::error_code ec) {
      if (ec || self->closing_) return;
      self->Send("\n");
      self->KeepAlive();
    });
  }
  void Write() {
    stream_.expires_never();
    net::async_write(stream_, http::make_chunk(net::buffer(queue_.front())),
                     [self = shared_from_this()](beast::error_code ec, size_t) {
                       if (ec) {
                         self->closing_ = true;
                         self->keep_.cancel();
                         return;
                       }
                       self->queue_.pop_front();
                       if (!self->queue_.empty()) self->Write();
                       else if (self->closing_) self->Finish();
                       else if (self->drained_) std::exchange(self->drained_, nullptr)();
                     });
  }
  void Finish() {
    net::async_write(stream_, http::make_chunk_last(), [self = shared_from_this()](beast::error_code ec, size_t) {
      self->done_(!ec);
    });
  }

  beast::tcp_stream& stream_;
  std::shared_ptr<void> owner_;
  std::function<void(bool)> done_;
  net::steady_timer keep_;
  std::deque<std::string> queue_;
  std::function<void()> drained_;
  bool closing_ = false, started_ = false;
};

class HttpSession : public std::enable_shared_from_this<HttpSession> {
 public:
  HttpSession(tcp::socket socket, Hub& hub) : stream_(std::move(socket)), hub_(hub) {}

  void Read() {
    parser_.emplace();
    parser_->body_limit(kBodyLimit);
    parser_->header_limit(kHeaderLimit);
    stream_.expires_after(std::chrono::seconds(10));  // slowloris: the whole request within 10 s
    http::async_read(stream_, buffer_, *parser_, [self = shared_from_this()](beast::error_code ec, size_t) {
      if (ec) {
        if (ec == http::error::body_limit) self->Send(413, R"({"error":"too-large","message":"the body is over 64 KiB"})");
        else if (ec != http::error::end_of_stream) self->stream_.socket().close();
        return;
      }
      self->Handle(self->parser_->release());
    });
  }

 private:
  void Send(int status, std::string body, std::string type = "application/json", bool keep = true,
            const char* csp = kTableCsp) {
    auto res = std::make_shared<http::response<http::string_body>>(static_cast<http::status>(status), 11);
    res->set(http::field::content_type, type);
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    if (type.starts_with("text/html"))
      res->set("Content-Security-Policy", csp);
    keep = keep && keep_alive_;  // a request's `Connection: close` is honoured
    res->keep_alive(keep);
    if (status >= 400 && type == "application/json") body = WithFrench(std::move(body));  // serve/french.h
    res->body() = std::move(body);
    res->prepare_payload();
    http::async_write(stream_, *res, [self = shared_from_this(), res, keep](beast::error_code ec, size_t) {
      if (ec || !keep) {
        self->stream_.socket().shutdown(tcp::socket::shutdown_send, ec);
        return;
      }
      self->Read();
    });
  }
  void SendReply(const Reply& r) { Send(r.status, r.body, r.type); }

  void Handle(http::request<http::string_body> req) {
    keep_alive_ = req.keep_alive();
    const std::string target(req.target());
    const std::string path = target.substr(0, target.find('?'));
    const std::string query = target.find('?') == std::string::npos ? "" : target.substr(target.find('?') + 1);
    if (websocket::is_upgrade(req)) {
      if (path != "/ws") return Send(404, R"({"error":"not-found","message":"the WebSocket is /ws"})", "application/json", false);
      if (!OriginOk(req)) return Send(403, R"({"error":"origin","message":"wrong Origin"})", "application/json", false);
      stream_.expires_never();
      std::make_shared<WsSession>(stream_.release_socket(), hub_)->Run(std::move(req));
      return;
    }
    if (!OriginOk(req)) return Send(403, R"({"error":"origin","message":"wrong Origin"})");
    const std::string token = Bearer(req);
    auto self = shared_from_this();
    auto reply = [self](Reply r) { self->SendReply(r); };
    const bool post = req.method() == http::verb::post, get = req.method() == http::verb::get;
    auto parts = Split(path);
    if (get && (path == "/" || (parts.size() == 2 && parts[0] == "t")))
      return Send(200, std::string(TablePage()), "text/html; charset=utf-8");
    if (get && path == "/table.js") return Send(200, std::string(TableScript()), "text/javascript; charset=utf-8");
    if (get && path == "/table.css") return Send(200, std::string(TableStyle()), "text/css; charset=utf-8");
    if (get && parts.size() == 2 && parts[0] == "replay") {
      // The page of `pli replay --html` (replay/html.h): one self-contained
      // file that loads nothing, its inline script and style allowed.
      Reply r = hub_.Replay(parts[1]);
      return Send(r.status, std::move(r.body), r.type, true, kReplayCsp);
    }
    if (post && path == "/api/tables")
      return hub_.CreateTableFrom(req.body(), stream_.socket().remote_endpoint().address().to_string(), reply);
    if (post && path == "/api/join")
      return hub_.Join(req.body(), stream_.socket().remote_endpoint().address().to_string(), reply);
    if (get && path == "/api/stats") return SendReply(hub_.Stats());
    if (get && path == "/api/games") return SendReply(hub_.GameList());
    if (parts.size() == 4 && parts[0] == "api" && parts[1] == "games" && parts[3] == "log" && get)
      return SendReply(hub_.Log(parts[2]));
    if (post && parts.size() == 6 && parts[0] == "api" && parts[1] == "tables" && parts[3] == "seats" &&
        parts[5] == "token")
      return hub_.Reissue(parts[2], parts[4], token, reply);
    if (parts.size() == 4 && parts[0] == "api" && parts[1] == "tables") {
      const std::string& t = parts[2];
      if (post && parts[3] == "start") return hub_.Start(t, token, reply);
      if (post && parts[3] == "end") return hub_.End(t, token, reply);
      if (post && parts[3] == "actions") return hub_.ActLimited(t, token, req.body(), reply);
      if (get && parts[3] == "view") return SendReply(hub_.View(t, token));
      if (get && parts[3] == "events") return Events(t, token, query);
    }
    Send(404, R"({"error":"not-found","message":"no such resource"})");
  }

  void Events(const std::string& table, const std::string& token, const std::string& query) {
    int64_t since = 0;
    bool follow = false;
    for (const std::string& kv : Split(query, '&')) {
      if (kv.starts_with("since=")) {
        try {
          since = std::stoll(kv.substr(6));
        } catch (...) {
          return Send(400, R"({"error":"malformed","field":"since","message":"since is an integer"})");
        }
      }
      if (kv == "follow=1") follow = true;
    }
    // Sent a chunk at a time (Hub::Stream): the network thread never
    // builds a whole backlog for one request (issue 30).
    auto self = shared_from_this();
    auto stream = std::make_shared<FollowStream>(stream_, self, [self](bool ok) {
      beast::error_code ignored;
      if (ok && self->keep_alive_) self->Read();
      else self->stream_.socket().shutdown(tcp::socket::shutdown_send, ignored);
    });
    Reply r = hub_.Stream(table, token, since, follow, stream);
    if (r.status != 200) return SendReply(r);
    auto res = std::make_shared<http::response<http::empty_body>>(http::status::ok, 11);
    res->set(http::field::content_type, "application/x-ndjson");
    res->set(http::field::cache_control, "no-store");
    res->set("X-Content-Type-Options", "nosniff");
    res->keep_alive(keep_alive_);
    res->chunked(true);
    auto sr = std::make_shared<http::response_serializer<http::empty_body>>(*res);
    stream_.expires_never();
    http::async_write_header(stream_, *sr, [stream, res, sr](beast::error_code ec, size_t) {
      if (!ec) stream->Start();
    });
  }

  static std::vector<std::string> Split(const std::string& s, char sep = '/') {
    std::vector<std::string> out;
    std::string cur;
    for (char c : s) {
      if (c == sep) {
        if (!cur.empty()) out.push_back(cur);
        cur.clear();
      } else {
        cur += c;
      }
    }
    if (!cur.empty()) out.push_back(cur);
    return out;
  }

  beast::tcp_stream stream_;
  beast::flat_buffer buffer_;
  std::optional<http::request_parser<http::string_body>> parser_;
  Hub& hub_;
  bool keep_alive_ = true;
};

void Accept(tcp::acceptor& acceptor, Hub& hub) {
  acceptor.async_accept([&acceptor, &hub](beast::error_code ec, tcp::socket socket) {
    if (!ec) std::make_shared<HttpSession>(std::move(socket), hub)->Read();
    if (acceptor.is_open()) Accept(acceptor, hub);
  });
}

}  // namespace

bool IsAddress(const std::string& text) {
  beast::error_code ec;
  net::ip::make_address(text, ec);
  return !ec;
}

int RunServe(const ServeOptions& options) {
  // Every connection is a descriptor: the open-file limit up to its hard
  // limit (SERVE.md's 5,000 idle phones need more than the usual 1,024).
  if (rlimit r{}; getrlimit(RLIMIT_NOFILE, &r) == 0 && r.rlim_cur < r.rlim_max) {
    r.rlim_cur = r.rlim_max;
    setrlimit(RLIMIT_NOFILE, &r);
  }
  // One writer per database (issue 30 item 5, referee/writer_claim.h): a
  // second server, or a pli command writing, is refused while this one runs.
  const std::unique_ptr<WriterClaim> claim = ClaimDatabase(options.hub.db, "pli serve");
  net::io_context io{1};
  // Listening first, with error codes (no exception whose text names
  // Boost's source files), then the database.
  tcp::acceptor acceptor(io);
  const std::string shown = options.address.find(':') == std::string::npos
                                ? options.address + ":" + std::to_string(options.port)
                                : "[" + options.address + "]:" + std::to_string(options.port);
  {
    beast::error_code ec;
    const net::ip::address address = net::ip::make_address(options.address, ec);
    const tcp::endpoint where(address, options.port);
    if (!ec) acceptor.open(where.protocol(), ec);
    if (!ec) acceptor.set_option(net::socket_base::reuse_address(true), ec);
    if (!ec) acceptor.bind(where, ec);
    if (!ec) acceptor.listen(net::socket_base::max_listen_connections, ec);
    if (ec == net::error::address_in_use) {
      std::cerr << "pli: " << shown << " is already in use (another pli serve?)\n";
      return 1;
    }
    if (ec) {
      std::cerr << "pli: cannot listen on " << shown << ": " << ec.message() << "\n";
      return 1;
    }
  }
  Hub hub(io, options.hub);
  if (claim) claim->SetAddress(options.address + ":" + std::to_string(acceptor.local_endpoint().port()));
  std::cout << "listening on " << options.address << ":" << acceptor.local_endpoint().port() << std::endl;
  Accept(acceptor, hub);
  net::signal_set signals(io, SIGINT, SIGTERM);
  signals.async_wait([&](beast::error_code, int) {
    acceptor.close();
    io.stop();
  });
  io.run();
  hub.Shutdown();
  return 0;
}

}  // namespace pli::serve
