// serve_pg_test.cc: `pli serve --db postgresql://…` (issue 31; ../shared/
// SERVE.md "Beyond one machine", POSTGRES.md): the server's own data in the
// schema pli beside the log, readable by the role that writes only. Each
// test case starts a PostgreSQL server of its own (scripts/pg-test-server.sh:
// a unix socket in a private folder, no TCP port; stopped by its pid), so
// that the roles it makes are nobody else's, and `pli serve` on 127.0.0.1.
#include <libpq-fe.h>

#include "tests/postgres/pg_server.h"
#include "tests/serve/serve_client.h"

namespace {

using pli::test::PgExec;
using pli::test::PgText;

// A throwaway PostgreSQL server per test case (fast: a contract test, not a
// durability one).
class PgServer : public pli::test::PgTestServer {
 public:
  PgServer() : PgTestServer("serve-pg", std::to_string(counter_++), true) {}

 private:
  static inline int counter_ = 0;
};

// docs/POSTGRES.md's roles: an owner, pli_app (pli_writer), pli_audit (pli_reader).
void MakeRoles(const PgServer& pg) {
  const std::string admin = pg.Uri("postgres", "pli");
  for (const char* sql : {"CREATE ROLE pli_owner LOGIN", "CREATE DATABASE games OWNER pli_owner",
                          "CREATE ROLE pli_writer NOLOGIN", "CREATE ROLE pli_reader NOLOGIN",
                          "CREATE ROLE pli_app LOGIN IN ROLE pli_writer",
                          "CREATE ROLE pli_audit LOGIN IN ROLE pli_reader"})
    REQUIRE(PgExec(admin, sql) == "");
}

int Run(const std::string& command) { return std::system((command + " > /dev/null 2>&1").c_str()); }

}  // namespace

TEST_CASE("serve on PostgreSQL: tables, seats, token hashes and codes live in pli.serve_* beside the log, a restart reads them back, the writer role reads them and the audit role cannot") {
  PgServer pg;
  MakeRoles(pg);
  const std::string owner = pg.Uri("games", "pli_owner"), app = pg.Uri("games", "pli_app"),
                    audit = pg.Uri("games", "pli_audit");
  // The owner's first pli serve migrates the schema (version 3 makes the
  // serve tables); the role that writes serves from then on.
  { Server first({"--db", owner}); }
  REQUIRE(PgText(owner, "SELECT value FROM pli.meta WHERE key = 'schema_version'") == "3");
  const std::vector<std::string> flags = {"--db", app, "--bot-delay-ms", "60000", "--grace-ms", "600000"};
  Table t;
  int first = -1;
  {
    Server a(flags);
    t = MakeTable(a.port(), "skull-king", 3, 3);
    REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
    first = static_cast<int>(Get(a.port(), Api(t, "view"), t.tokens[0]).json().at("view").at("turn").as_int64());
    REQUIRE(Post(a.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":1},"expect":2})", t.tokens[first]).status == 200);
  }
  // In PostgreSQL, as the role that writes: the table, its code, its three
  // people, each seat's token as its SHA-256 only (serve/tokens.h).
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_tables WHERE id = '" + t.id + "' AND code = '" + t.code +
                        "' AND started") == "1");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE tbl = '" + t.id + "' AND kind = 'human'") == "3");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE token = sha256('" + t.tokens[first] + "')") == "1");
  CHECK(PgText(app, "SELECT count(*) FROM pli.serve_seats WHERE token = convert_to('" + t.tokens[first] + "', 'UTF8')") == "0");
  // A restart reads them back from there: tokens, code and seq carry on.
  {
    Server b(flags);
    Response v = Get(b.port(), Api(t, "view"), t.tokens[first]);
    REQUIRE(v.status == 200);
    CHECK(v.json().at("seq") == 3);
    const int next = static_cast<int>(v.json().at("view").at("turn").as_int64());
    Response ok = Post(b.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":0},"expect":3})", t.tokens[next]);
    CHECK(ok.status == 200);
    CHECK(ok.json().at("seq") == 4);
    CHECK(Post(b.port(), "/api/join", R"({"code":")" + t.code + R"(","name":"Late"})").status == 409);  // started
  }
  // The audit role reads the log (audit, export) and none of the server's data.
  for (const char* table : {"serve_tables", "serve_seats", "serve_by", "serve_closed"}) {
    INFO(table);
    CHECK(PgText(audit, std::string("SELECT count(*) FROM pli.") + table).starts_with("error: permission denied"));
    CHECK(PgText(app, std::string("SELECT count(*) FROM pli.") + table).find("error") == std::string::npos);
  }
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + audit + "'") == 0);
  CHECK(Run(std::string(PLI_EXE) + " export --db '" + audit + "'") == 0);
  // Nothing of the server's data is in the log's tables.
  CHECK(PgText(app, "SELECT count(*) FROM pli.events WHERE position(convert_to('" + t.tokens[first] + "', 'UTF8') in body) > 0") == "0");
}

namespace {

// One seat played by the test over a WebSocket to one node, from the
// `actions` it is given (as serve_test.cc's Play); every message is kept.
struct Player {
  std::unique_ptr<Ws> ws;
  bool done = false;
};

void Play(Player& p, const std::string& table, const std::string& token) {
  p.ws->Send({{"t", "auth"}, {"table", table}, {"token", token}});
  int64_t tried_seq = -1;
  size_t attempt = 0;
  int rid = 0;
  bj::object last;
  for (;;) {
    bj::value v = p.ws->Next();
    if (!v.is_object()) return;
    const bj::object& m = v.as_object();
    const std::string t(m.at("t").as_string());
    if (t == "event" && m.at("event").at("type") == "end") {
      p.done = true;
      return;
    }
    // A stale answer: another node's event is on its way; act on it.
    if (t != "event" && t != "welcome" && t != "rejected") continue;
    if ((t == "welcome" || t == "event") && !m.at("view").is_null()) last = m;
    if (last.empty()) continue;
    const int64_t seq = last.at("seq").as_int64();
    if (seq != tried_seq) attempt = 0;
    if (t == "rejected") ++attempt;
    const bj::array& legal = last.at("legal").as_array();
    if (legal.empty() || attempt >= legal.size()) continue;
    std::optional<bj::object> action = GivenAction(last, attempt);
    if (!action) continue;
    tried_seq = seq;
    p.ws->Send({{"t", "act"}, {"rid", ++rid}, {"action", *action}, {"expect", seq}});
  }
}

// The seqs of the events a follower was sent, after its welcome's.
std::vector<int64_t> EventSeqs(const Ws& ws, int64_t* welcome) {
  std::vector<int64_t> out;
  for (const std::string& text : ws.all) {
    const bj::object m = bj::parse(text).as_object();
    if (m.at("t") == "welcome") *welcome = m.at("seq").as_int64();
    if (m.at("t") == "event") out.push_back(m.at("seq").as_int64());
  }
  return out;
}

}  // namespace

TEST_CASE("serve on PostgreSQL, two nodes: people on different nodes play a whole game with a bot, every follower is sent every event once, in seq order, with no gap") {
  PgServer pg;
  REQUIRE(PgExec(pg.Uri("postgres", "pli"), "CREATE DATABASE games") == "");
  const std::string uri = pg.Uri("games", "pli");
  const std::vector<std::string> flags = {"--db", uri, "--bot-delay-ms", "0", "--grace-ms", "600000"};
  Server a(flags), b(flags);
  // Made, joined and started on node A; seat 1 and a spectator follow on
  // node B, which has never heard of the table (read from the database).
  Table t = MakeTable(a.port(), "skull-king", 3, 2);
  REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
  std::vector<Player> players(2);
  players[0].ws = std::make_unique<Ws>(a.port());
  players[1].ws = std::make_unique<Ws>(b.port());
  Ws spectator(b.port());
  spectator.Send({{"t", "auth"}, {"table", t.id}});
  REQUIRE(spectator.NextOf("welcome").at("seq").as_int64() >= 2);
  std::vector<std::thread> threads;
  for (int h = 0; h < 2; ++h) threads.emplace_back([&, h] { Play(players[h], t.id, t.tokens[h]); });
  for (auto& th : threads) th.join();
  INFO("node A's stderr: " << a.Stderr() << "\nnode B's stderr: " << b.Stderr());
  for (auto& p : players) {
    std::string seen;
    for (const std::string& text : p.ws->all) {
      const bj::object m = bj::parse(text).as_object();
      seen += std::string(m.at("t").as_string()) + (m.contains("seq") ? ":" + bj::serialize(m.at("seq")) : "") + " ";
    }
    INFO("messages: " << seen);
    CHECK(p.done);
  }
  const std::string game = "live-" + t.id;
  const int64_t last = std::stoll(PgText(uri, "SELECT head_seq FROM pli.games WHERE game = '" + game + "'"));
  REQUIRE(last > 100);  // ten rounds of Skull King
  // Every follower on either node: each event once, in order, up to the end.
  for (bool more = true; more;) {  // the spectator reads up to the end
    bj::value v = spectator.Next();
    REQUIRE(v.is_object());
    more = !(v.at("t") == "event" && v.at("seq").as_int64() == last);
  }
  std::vector<const Ws*> followers = {players[0].ws.get(), players[1].ws.get(), &spectator};
  for (size_t f = 0; f < followers.size(); ++f) {
    INFO("follower " << f << " (0 on node A, 1 and 2 on node B)");
    int64_t welcome = -1;
    const std::vector<int64_t> seqs = EventSeqs(*followers[f], &welcome);
    REQUIRE(welcome >= 2);
    REQUIRE(!seqs.empty());
    CHECK(seqs.front() == welcome + 1);
    CHECK(seqs.back() == last);
    for (size_t i = 1; i < seqs.size(); ++i) {
      INFO("event " << i);
      REQUIRE(seqs[i] == seqs[i - 1] + 1);
    }
  }
  // Both nodes tell the same log, and it audits clean.
  CHECK(Get(a.port(), "/api/games/" + game + "/log").body == Get(b.port(), "/api/games/" + game + "/log").body);
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + uri + "'") == 0);
}

TEST_CASE("serve on PostgreSQL, two nodes: one seat's two actions for the same turn sent to two nodes at once give exactly one event") {
  PgServer pg;
  REQUIRE(PgExec(pg.Uri("postgres", "pli"), "CREATE DATABASE games") == "");
  const std::string uri = pg.Uri("games", "pli");
  const std::vector<std::string> flags = {"--db", uri, "--bot-delay-ms", "60000", "--grace-ms", "600000"};
  Server a(flags), b(flags);
  Table t = MakeTable(a.port(), "skull-king", 3, 3);
  REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
  const std::string game = "live-" + t.id;
  for (int64_t seq = 2; seq < 5; ++seq) {  // SK-B2: round 1's three bids, one seat after another
    INFO("seq " << seq);
    const bj::value view = Get(a.port(), Api(t, "view"), t.tokens[0]).json();
    REQUIRE(view.at("seq") == seq);
    const int turn = static_cast<int>(view.at("view").at("turn").as_int64());
    // Two of the actions the seat is given (the same twice if only one):
    // SK-B4 may leave the last bidder one.
    const bj::object mine = Get(a.port(), Api(t, "view"), t.tokens[turn]).json().as_object();
    const size_t n = mine.at("actions").as_array().size();
    REQUIRE(n >= 1);
    auto body = [&](size_t i) {
      return bj::serialize(bj::object{{"action", *GivenAction(mine, i)}, {"expect", seq}});
    };
    Response ra, rb;
    std::thread ta([&] { ra = Post(a.port(), Api(t, "actions"), body(0), t.tokens[turn]); });
    std::thread tb([&] { rb = Post(b.port(), Api(t, "actions"), body(n > 1 ? 1 : 0), t.tokens[turn]); });
    ta.join();
    tb.join();
    INFO("node A: " << ra.status << " " << ra.body << "; node B: " << rb.status << " " << rb.body);
    CHECK(((ra.status == 200 && rb.status == 409) || (ra.status == 409 && rb.status == 200)));
    CHECK(PgText(uri, "SELECT head_seq FROM pli.games WHERE game = '" + game + "'") == std::to_string(seq + 1));
    CHECK(PgText(uri, "SELECT count(*) FROM pli.events WHERE game = '" + game + "' AND seq = " + std::to_string(seq + 1)) == "1");
    // Node A's next view waits for nothing: A wrote it, or heard of it.
    for (int64_t at = 0; at != seq + 1;) at = Get(a.port(), Api(t, "view"), t.tokens[0]).json().at("seq").as_int64();
  }
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + uri + "'") == 0);
}

namespace {

// Whether `table` is among the tables node `port` says it drives (GET /api/stats).
bool Drives(unsigned short port, const std::string& table) {
  const bj::value stats = Get(port, "/api/stats").json();
  for (const bj::value& id : stats.at("driving").as_array())
    if (id == table.c_str()) return true;
  return false;
}

}  // namespace

TEST_CASE("serve on PostgreSQL, two nodes: one node drives a table's bots (its advisory lock), and after kill -9 of that node the other takes the table over and its bots play on to the end, no event lost or doubled") {
  PgServer pg;
  REQUIRE(PgExec(pg.Uri("postgres", "pli"), "CREATE DATABASE games") == "");
  const std::string uri = pg.Uri("games", "pli");
  const std::vector<std::string> flags = {"--db", uri, "--bot-delay-ms", "20", "--grace-ms", "600000"};
  std::vector<std::unique_ptr<Server>> nodes;
  nodes.push_back(std::make_unique<Server>(flags));
  nodes.push_back(std::make_unique<Server>(flags));
  Table t = MakeTable(nodes[0]->port(), "skull-king", 3, 0);  // three bots
  std::vector<std::unique_ptr<Ws>> watch;
  for (auto& n : nodes) {
    watch.push_back(std::make_unique<Ws>(n->port()));
    watch.back()->Send({{"t", "auth"}, {"table", t.id}});
    REQUIRE(watch.back()->NextOf("welcome").at("seq") == 0);
  }
  REQUIRE(Post(nodes[0]->port(), Api(t, "start"), "", t.host).status == 200);
  // Both nodes send the game as it goes; one of them drives it.
  int64_t seen[2] = {0, 0};
  for (int n = 0; n < 2; ++n)
    while (seen[n] < 10) seen[n] = watch[n]->NextOf("event").at("seq").as_int64();
  const bool a = Drives(nodes[0]->port(), t.id), b = Drives(nodes[1]->port(), t.id);
  REQUIRE(a != b);
  const int driver = a ? 0 : 1, other = 1 - driver;
  nodes[driver]->Kill9();  // its connection closes: PostgreSQL frees the lock
  // The other node's follower: every event once, in order, to the end.
  for (bool end = false; !end;) {
    const bj::object m = watch[other]->NextOf("event");
    INFO("after " << seen[other]);
    REQUIRE(m.at("seq").as_int64() == seen[other] + 1);
    seen[other] = m.at("seq").as_int64();
    end = m.at("event").at("type") == "end";
  }
  CHECK(Drives(nodes[other]->port(), t.id));
  CHECK(PgText(uri, "SELECT head_seq FROM pli.games WHERE game = 'live-" + t.id + "'") == std::to_string(seen[other]));
  CHECK(Run(std::string(PLI_EXE) + " audit --db '" + uri + "'") == 0);
}
