// serve_crash_test.cc: the crash of ../shared/SERVE.md ("Crash: kill -9 the
// server mid-game, restart it, the clients resume, no acknowledged action
// is lost"). Two people play a Skull King table with two bots over the
// WebSocket; the server is killed with SIGKILL while they play; it is
// restarted on the same database; each client resumes from the last seq it
// saw (auth `since`, then `events?since=`), the game is played to its end,
// and every action a client was acknowledged is in the log at the seq of
// its ack, and every bot seat's action says who acted (`by`). The database
// then audits clean.
#include <atomic>

#include "serve_client.h"

namespace {

// One person at the table, played from its `legal` lists. Everything it
// learns is kept for the main thread to check (Catch2 is not thread-safe).
struct Client {
  Table* table = nullptr;
  int index = 0;  // which token
  int seat = -1;
  std::unique_ptr<Ws> ws;
  int64_t seq = 0;  // the last event seen, in order
  std::string gap;  // a message out of order, if any
  std::map<int64_t, bj::object> sent;                  // rid -> action
  std::vector<std::pair<int64_t, bj::object>> acked;   // seq -> action
  bool done = false;
  int rid = 0;
};

// Plays until the end, or until the server goes away. `last` is the
// message (welcome or event) whose view and legal the client acts on.
void Drive(Client& c, bj::object last, std::atomic<int>& acks) {
  int64_t tried = -1;
  size_t attempt = 0;
  auto act = [&] {
    const int64_t seq = last.at("seq").as_int64();
    if (seq != tried) attempt = 0;
    if (last.at("view").is_null()) return;
    const bj::array& legal = last.at("legal").as_array();
    if (legal.empty() || attempt >= legal.size()) return;
    std::optional<bj::object> action = GivenAction(last, attempt);
    if (!action) return;
    tried = seq;
    c.sent[++c.rid] = *action;
    c.ws->Send({{"t", "act"}, {"rid", c.rid}, {"action", *action}, {"expect", seq}});
  };
  act();
  for (;;) {
    bj::value v = c.ws->Next();
    if (!v.is_object()) return;  // closed: the server died
    const bj::object& m = v.as_object();
    const std::string t(m.at("t").as_string());
    if (t == "ack") {
      c.acked.emplace_back(m.at("seq").as_int64(), c.sent.at(m.at("rid").as_int64()));
      ++acks;
    } else if (t == "event") {
      const int64_t seq = m.at("seq").as_int64();
      if (seq != c.seq + 1 && c.gap.empty()) c.gap = "event " + std::to_string(seq) + " after " + std::to_string(c.seq);
      c.seq = seq;
      if (m.at("event").at("type") == "end") {
        c.done = true;
        return;
      }
      last = m;
      act();
    } else if (t == "rejected") {
      ++attempt;
      act();
    }
  }
}

// Everything the event at its seq says that the client asked for.
bool Matches(const bj::object& event, int seat, const bj::object& action) {
  if (event.at("seat") != seat || event.at("type") != action.at("type")) return false;
  for (const char* key : {"bid", "cards", "declare"})
    if (action.contains(key) && (!event.contains(key) || event.at(key) != action.at(key))) return false;
  return true;
}

}  // namespace

TEST_CASE("serve crash: kill -9 mid-game with bots and clients playing, every client resumes, no acknowledged action is lost, the database audits clean") {
  const auto dir = std::filesystem::temp_directory_path() / ("pli-serve-crash-" + std::to_string(getpid()));
  std::filesystem::remove_all(dir);
  std::filesystem::create_directories(dir);
  const std::vector<std::string> args = {"--bot-delay-ms", "5", "--grace-ms", "600000"};
  Table t;
  std::vector<Client> clients(2);
  std::atomic<int> acks = 0;
  int64_t acked_before = 0, head_at_kill = 0;
  {
    auto a = std::make_unique<Server>(args, dir);
    t = MakeTable(a->port(), "skull-king", 4, 2);  // seats 2 and 3 are bots
    std::vector<bj::object> welcome;
    for (int i = 0; i < 2; ++i) {
      clients[i].table = &t;
      clients[i].index = i;
      clients[i].ws = std::make_unique<Ws>(a->port());
      clients[i].ws->Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[i]}});
      welcome.push_back(clients[i].ws->NextOf("welcome"));
      clients[i].seat = static_cast<int>(welcome[i].at("seat").as_int64());
    }
    REQUIRE(Post(a->port(), Api(t, "start"), "", t.host).status == 200);
    std::vector<std::thread> threads;
    for (int i = 0; i < 2; ++i) threads.emplace_back([&, i] { Drive(clients[i], welcome[i], acks); });
    // Mid-game: a few acknowledged actions, the game far from its end.
    for (int i = 0; i < 300 && acks < 6; ++i) std::this_thread::sleep_for(std::chrono::milliseconds(50));
    REQUIRE(acks >= 6);
    a->Kill9();
    for (auto& th : threads) th.join();
    acked_before = acks;
    for (const Client& c : clients) {
      INFO("seat " << c.seat);
      CHECK(c.gap.empty());
      CHECK(!c.done);
      for (const auto& [seq, action] : c.acked) head_at_kill = std::max(head_at_kill, seq);
    }
  }
  // Restarted on the same database: each client resumes from its last seq.
  Server b(args, dir);
  const unsigned short port = b.port();
  std::vector<bj::object> welcome;
  for (Client& c : clients) {
    INFO("seat " << c.seat << " resuming after seq " << c.seq);
    // One resumes a little behind what it saw (its last messages lost),
    // the other from the start (a page reloaded): both are brought up to date.
    const int64_t since = c.index == 0 ? std::max<int64_t>(0, c.seq - 3) : 0;
    c.ws = std::make_unique<Ws>(port);
    c.ws->Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[c.index]}, {"since", since}});
    welcome.push_back(c.ws->NextOf("welcome"));
    CHECK(welcome.back().at("seat") == c.seat);
    const int64_t head = welcome.back().at("seq").as_int64();
    CHECK(head >= c.seq);
    CHECK(head >= head_at_kill);  // nothing acknowledged was lost
    for (int64_t k = since + 1; k <= head; ++k) CHECK(c.ws->NextOf("event").at("seq") == k);
    c.seq = head;
    // The same over HTTP: the view, and the events since.
    const Response v = Get(port, Api(t, "view"), t.tokens[c.index]);
    REQUIRE(v.status == 200);
    CHECK(v.json().at("seat") == c.seat);
    CHECK(v.json().at("seq").as_int64() >= head);
    const Response ev = Get(port, Api(t, "events") + "?since=" + std::to_string(since), t.tokens[c.index]);
    REQUIRE(ev.status == 200);
    int64_t expect = since + 1;
    for (size_t at = 0, nl; (nl = ev.body.find('\n', at)) != std::string::npos; at = nl + 1)
      CHECK(bj::parse(ev.body.substr(at, nl - at)).at("seq") == expect++);
    CHECK(expect > head);
  }
  // They play on to the end.
  std::vector<std::thread> threads;
  for (int i = 0; i < 2; ++i) threads.emplace_back([&, i] { Drive(clients[i], welcome[i], acks); });
  for (auto& th : threads) th.join();
  for (const Client& c : clients) {
    INFO("seat " << c.seat);
    CHECK(c.gap.empty());
    CHECK(c.done);
  }
  CHECK(acks > acked_before);
  // Every acknowledged action, before and after the crash, is in the log at
  // the seq of its ack.
  const std::string game = std::string(Get(port, Api(t, "view")).json().at("game").as_string());
  const Response log = Get(port, "/api/games/" + game + "/log");
  REQUIRE(log.status == 200);
  std::map<int64_t, bj::object> events;
  for (size_t at = 0, nl; (nl = log.body.find('\n', at)) != std::string::npos; at = nl + 1) {
    bj::object e = bj::parse(log.body.substr(at, nl - at)).as_object();
    events[e.at("seq").as_int64()] = std::move(e);
  }
  size_t checked = 0;
  for (const Client& c : clients) {
    for (const auto& [seq, action] : c.acked) {
      INFO("seat " << c.seat << ", ack " << seq << ": " << bj::serialize(action));
      REQUIRE(events.contains(seq));
      CHECK(Matches(events.at(seq), c.seat, action));
      ++checked;
    }
  }
  CHECK(checked == static_cast<size_t>(acks.load()));
  // Who acted, before and after the crash: every action of a bot seat says
  // so (`by`), a person's does not.
  const Response all = Get(port, Api(t, "events") + "?since=0");
  REQUIRE(all.status == 200);
  size_t by_bots = 0;
  for (size_t at = 0, nl; (nl = all.body.find('\n', at)) != std::string::npos; at = nl + 1) {
    const bj::object e = bj::parse(all.body.substr(at, nl - at)).as_object();
    const bj::value* seat = e.if_contains("seat");
    if (!seat || !seat->is_int64()) continue;
    INFO("event " << bj::serialize(e));
    if (seat->as_int64() >= 2) {
      CHECK(e.if_contains("by") != nullptr);
      if (e.if_contains("by")) CHECK(e.at("by") == "bot:easy");
      ++by_bots;
    } else {
      CHECK(!e.contains("by"));
    }
  }
  CHECK(by_bots > 0);
  const std::string audit = std::string(PLI_EXE) + " audit --db " + (dir / "live.db").string() + " > /dev/null";
  CHECK(std::system(audit.c_str()) == 0);
  std::filesystem::remove_all(dir);
}
