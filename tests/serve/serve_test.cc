// serve_test.cc: `pli serve` from the outside (INTERFACE.md §3): each test
// starts the server on an ephemeral loopback port with a fresh database,
// speaks HTTP and WebSocket to it with a small Beast client, and stops it
// by its pid. Expected codes and rules come from INTERFACE.md, RULES.md and
// SKULL_KING.md.
#include "serve_client.h"

TEST_CASE("serve: the HTTP contract for Super Président (create, join, start, act, stale, violation, malformed, view, events, log, 401/403/404/409/429)") {
  Server server({"--bot-delay-ms", "60000", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  CHECK(Post(port, "/api/tables", R"({"ruleset":"tarot","seats":4,"bots":"easy"})").status == 400);
  Table t = MakeTable(port, "super-president", 4, 4);
  Table other = MakeTable(port, "super-president", 4, 1);
  // 404 for an unknown code; 401/403 for start without/with a wrong token.
  CHECK(Post(port, "/api/join", R"({"code":"ZZZ-ZZZ","name":"X"})").status == 404);
  CHECK(Post(port, Api(t, "start"), "").status == 401);
  CHECK(Post(port, Api(t, "start"), "", t.tokens[0]).status == 403);
  Response start = Post(port, Api(t, "start"), "", t.host);
  REQUIRE(start.status == 200);
  CHECK(start.json().at("game").is_string());
  CHECK(start.json().at("seq") == 2);  // the game event, then the first deal
  CHECK(Post(port, "/api/join", R"({"code":")" + t.code + R"(","name":"Late"})").status == 409);

  // view: the seat's hand, every count, no other hand; a spectator: no hand.
  Response v0 = Get(port, Api(t, "view"), t.tokens[0]);
  REQUIRE(v0.status == 200);
  CheckSecret(v0.body);
  const bj::value j0 = v0.json();
  const bj::object& view = j0.at("view").as_object();
  CHECK(view.at("seat") == 0);
  CHECK(view.at("hand").as_array().size() == 13);  // 52 cards, 4 seats (RULES.md)
  CHECK(view.at("counts") == bj::parse("[13,13,13,13]"));
  Response spect = Get(port, Api(t, "view"));
  REQUIRE(spect.status == 200);
  CHECK(!spect.json().at("view").as_object().contains("hand"));
  CHECK(spect.json().at("legal").as_array().empty());
  CHECK(Get(port, Api(t, "view"), other.tokens[0]).status == 403);  // another table's token
  CHECK(Get(port, "/api/tables/nope/view").status == 404);

  const int turn = static_cast<int>(view.at("turn").as_int64());
  const int idle = (turn + 1) % 4;
  const std::string turn_token = t.tokens[turn];
  Response vt = Get(port, Api(t, "view"), turn_token);
  const bj::array legal = vt.json().at("legal").as_array();
  REQUIRE(!legal.empty());
  for (const bj::value& a : legal) CHECK(a.at("seat") == turn);  // legal is the caller's only
  const std::string a_card = std::string(vt.json().at("view").at("hand").as_array()[0].as_string());

  // 401 without a token, 403 with another table's; a seat named: 400 malformed.
  CHECK(Post(port, Api(t, "actions"), R"({"action":{"type":"pass"}})").status == 401);
  CHECK(Post(port, Api(t, "actions"), R"({"action":{"type":"pass"}})", other.tokens[0]).status == 403);
  Response named = Post(port, Api(t, "actions"), R"({"action":{"type":"pass","seat":0}})", turn_token);
  CHECK(named.status == 400);
  CHECK(named.json().at("error") == "malformed");
  CHECK(named.json().at("field") == "seat");
  Response junk = Post(port, Api(t, "actions"), "{not json", turn_token);
  CHECK(junk.status == 400);
  CHECK(junk.json().at("error") == "malformed");
  Response deep = Post(port, Api(t, "actions"), std::string(100, '[') + std::string(100, ']'), turn_token);
  CHECK(deep.status == 400);
  Response badcard = Post(port, Api(t, "actions"), R"({"action":{"type":"play","cards":["1z"]}})", turn_token);
  CHECK(badcard.status == 400);
  CHECK(badcard.json().at("error") == "malformed");
  // Out of turn: P7 not-your-turn, with the sentence and the seat's legal list.
  const std::string idle_card = std::string(Get(port, Api(t, "view"), t.tokens[idle]).json().at("view").at("hand").as_array()[0].as_string());
  Response out = Post(port, Api(t, "actions"), R"({"action":{"type":"play","cards":[")" + idle_card + R"("]}})", t.tokens[idle]);
  CHECK(out.status == 422);
  CHECK(out.json().at("error") == "violation");
  CHECK(out.json().at("code") == "not-your-turn");
  CHECK(out.json().at("rule") == "P7");
  CHECK(!out.json().at("message").as_string().empty());
  CHECK(out.json().at("legal").is_array());
  // Stale: expect behind the head.
  Response stale = Post(port, Api(t, "actions"), R"({"action":{"type":"play","cards":[")" + a_card + R"("]},"expect":1})", turn_token);
  CHECK(stale.status == 409);
  CHECK(stale.json().at("error") == "stale");
  CHECK(stale.json().at("seq") == 2);
  // Accepted, and its idempotency key gives the same ack again.
  const std::string play = R"({"action":{"type":"play","cards":[")" + a_card + R"("]},"expect":2,"id":"k1"})";
  Response ok = Post(port, Api(t, "actions"), play, turn_token);
  REQUIRE(ok.status == 200);
  CHECK(ok.json().at("seq") == 3);
  Response again = Post(port, Api(t, "actions"), R"({"action":{"type":"play","cards":[")" + a_card + R"("]},"id":"k1"})", turn_token);
  CHECK(again.status == 200);
  CHECK(again.json().at("seq") == 3);

  // events since: projected NDJSON, no seed, id or hash before the end.
  Response ev = Get(port, Api(t, "events") + "?since=0", t.tokens[idle]);
  REQUIRE(ev.status == 200);
  int lines = 0;
  for (size_t at = 0, nl; (nl = ev.body.find('\n', at)) != std::string::npos; at = nl + 1, ++lines) {
    const std::string line = ev.body.substr(at, nl - at);
    CheckSecret(line);
    CHECK(bj::parse(line).at("seq") == lines + 1);
  }
  CHECK(lines == 3);
  const std::string game = std::string(start.json().at("game").as_string());
  CHECK(Get(port, "/api/games/" + game + "/log").status == 403);
  CHECK(Get(port, "/api/games/nope/log").status == 404);
  REQUIRE(Post(port, Api(t, "end"), "", t.host).status == 200);
  Response log = Get(port, "/api/games/" + game + "/log");
  REQUIRE(log.status == 200);
  CHECK(log.body.find("\"hash\":\"") != std::string::npos);
  CHECK(log.body.find("\"seed\":") != std::string::npos);
  CHECK(log.body.find("\"type\":\"end\"") != std::string::npos);
  // A wrong Origin is refused.
  CHECK(Request(port, http::verb::get, Api(t, "view"), "", "", "http://evil.example").status == 403);
  // 429: joining too fast from one address (a burst of 10).
  int refused = 0;
  for (int i = 0; i < 20; ++i)
    refused += Post(port, "/api/join", R"({"code":"AAA-AAA","name":"G"})").status == 429;
  CHECK(refused > 0);
}

TEST_CASE("serve: the WebSocket contract for Skull King (auth, welcome, act, ack, event, rejected, stale, superseded, errors)") {
  Server server({"--bot-delay-ms", "60000", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  Table t = MakeTable(port, "skull-king", 3, 3);
  REQUIRE(Post(port, Api(t, "start"), "", t.host).status == 200);
  // A wrong Origin: the handshake is refused.
  CHECK_THROWS(Ws(port, "http://evil.example"));
  // Not authenticated first: an error, then closed.
  {
    Ws ws(port);
    ws.Send({{"t", "act"}, {"rid", 1}, {"action", {{"type", "bid"}, {"bid", 0}}}});
    bj::object e = ws.NextOf("error");
    CHECK(e.at("code") == "unauthorized");
    CHECK(ws.Next().is_null());
  }
  {
    Ws ws(port);
    ws.Send({{"t", "auth"}, {"table", t.id}, {"token", "0123456789abcdef0123456789abcdef"}});
    CHECK(ws.NextOf("error").at("code") == "unauthorized");
  }
  std::vector<std::unique_ptr<Ws>> seats;
  std::vector<bj::object> welcome;
  for (int s = 0; s < 3; ++s) {
    seats.push_back(std::make_unique<Ws>(port));
    seats[s]->Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[s]}});
    welcome.push_back(seats[s]->NextOf("welcome"));
    CHECK(welcome[s].at("seat") == s);
    CHECK(welcome[s].at("seq") == 2);
    CHECK(welcome[s].at("view").at("hand").as_array().size() == 1);  // SK-D1: manche 1, one card
    CHECK(welcome[s].at("view").at("counts") == bj::parse("[1,1,1]"));
    CHECK(welcome[s].at("seats").as_array().size() == 3);
    CheckSecret(seats[s]->all.back());
  }
  // SK-B2 sequential bidding: the dealer's left bids first (seat 1; dealer 0).
  const int first = static_cast<int>(welcome[0].at("view").at("turn").as_int64());
  const int other = (first + 1) % 3;
  // Out of turn: not-your-turn citing SK-B2.
  seats[other]->Send({{"t", "act"}, {"rid", 7}, {"action", {{"type", "bid"}, {"bid", 0}}}});
  bj::object rej = seats[other]->NextOf("rejected");
  CHECK(rej.at("rid") == 7);
  CHECK(rej.at("code") == "not-your-turn");
  CHECK(rej.at("rule") == "SK-B2");
  CHECK(rej.at("legal").as_array().empty());
  // SK-B1: a bid above the hand size is bid-out-of-range.
  seats[first]->Send({{"t", "act"}, {"rid", 8}, {"action", {{"type", "bid"}, {"bid", 5}}}});
  rej = seats[first]->NextOf("rejected");
  CHECK(rej.at("code") == "bid-out-of-range");
  CHECK(rej.at("rule") == "SK-B1");
  CHECK(!rej.at("legal").as_array().empty());
  // A seat named in the action: malformed.
  seats[first]->Send({{"t", "act"}, {"rid", 9}, {"action", {{"type", "bid"}, {"bid", 0}, {"seat", first}}}});
  CHECK(seats[first]->NextOf("rejected").at("code") == "malformed");
  // Stale.
  seats[first]->Send({{"t", "act"}, {"rid", 10}, {"action", {{"type", "bid"}, {"bid", 0}}}, {"expect", 1}});
  bj::object st = seats[first]->NextOf("stale");
  CHECK(st.at("rid") == 10);
  CHECK(st.at("seq") == 2);
  // Accepted: the ack, and every seat gets the event, in seq order.
  seats[first]->Send({{"t", "act"}, {"rid", 11}, {"action", {{"type", "bid"}, {"bid", 1}}}, {"expect", 2}});
  bj::object ack = seats[first]->NextOf("ack");
  CHECK(ack.at("rid") == 11);
  CHECK(ack.at("seq") == 3);
  for (int s = 0; s < 3; ++s) {
    bj::object ev = seats[s]->NextOf("event");
    CHECK(ev.at("seq") == 3);
    CHECK(ev.at("event").at("type") == "bid");
    CHECK(ev.at("event").at("seat") == first);
    CHECK(ev.at("event").at("bid") == 1);  // sequential bidding: bids are public
    CHECK(ev.at("view").at("seat") == s);
  }
  // Two connections with one token: the older is superseded and closed.
  Ws again(port);
  again.Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[other]}, {"since", 2}});
  CHECK(again.NextOf("welcome").at("seat") == other);
  CHECK(again.NextOf("event").at("seq") == 3);  // resumed from since
  CHECK(seats[other]->NextOf("superseded").size() == 1);
  CHECK(seats[other]->Next().is_null());
  // Resync.
  again.Send({{"t", "resync"}, {"since", 1}});
  CHECK(again.NextOf("event").at("seq") == 2);
  // A binary frame is an error and closes.
  {
    Ws ws(port);
    ws.Send({{"t", "auth"}, {"table", t.id}});
    CHECK(ws.NextOf("welcome").at("seat").is_null());  // a spectator
  }
}

namespace {

// One seat played by the test over a WebSocket from its `legal` lists; every
// message it receives is kept.
struct Player {
  std::unique_ptr<Ws> ws;
  int seat = -1;
  bool done = false;
};

void Play(Player& p, const std::string& table, const std::string& token) {
  p.ws->Send({{"t", "auth"}, {"table", table}, {"token", token}});
  int64_t tried_seq = -1;
  size_t attempt = 0;
  int rid = 0;
  for (;;) {
    bj::value v = p.ws->Next();
    if (!v.is_object()) return;
    const bj::object& m = v.as_object();
    const std::string t(m.at("t").as_string());
    if (t == "event" && m.at("event").at("type") == "end") {
      p.done = true;
      return;
    }
    if (t != "event" && t != "welcome" && t != "rejected" && t != "stale") continue;
    if (t == "welcome" || t == "event") {
      if (m.at("view").is_null()) continue;
      p.seat = static_cast<int>(m.at("view").at("seat").as_int64());
    }
    static thread_local bj::object last;
    if (t == "welcome" || t == "event") last = m;
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

// Every string in `v` that may be a card (a `declare` or an option is not: Skull King's
// "pirate" and "escape" are also cards' names).
void Strings(const bj::value& v, std::vector<std::string>& out) {
  if (v.is_string()) out.emplace_back(v.as_string());
  if (v.is_array())
    for (const auto& x : v.as_array()) Strings(x, out);
  if (v.is_object())
    for (const auto& [k, x] : v.as_object())
      if (k != "declare" && k != "options") Strings(x, out);
}

// Plays a whole game with `humans` seats played by the test and the others
// by bots, then checks every message each seat received against the log:
// no card of another seat's hand that the seat could not know yet.
void WholeGame(const std::string& ruleset, int size, int humans, const std::string& options) {
  Server server({"--bot-delay-ms", "0", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  Table t = MakeTable(port, ruleset, size, humans, options);
  std::vector<Player> players(static_cast<size_t>(humans));
  for (auto& p : players) p.ws = std::make_unique<Ws>(port);
  REQUIRE(Post(port, Api(t, "start"), "", t.host).status == 200);
  std::vector<std::thread> threads;
  for (int h = 0; h < humans; ++h) threads.emplace_back([&, h] { Play(players[h], t.id, t.tokens[h]); });
  for (auto& th : threads) th.join();
  bool done = true;  // a table that stalls still gets its messages checked
  for (auto& p : players) {
    INFO("seat " << p.seat << "'s last message: " << (p.ws->all.empty() ? "" : p.ws->all.back()));
    CHECK(p.done);
    done &= p.done;
  }
  const bj::object view = Get(port, Api(t, "view")).json().as_object();
  if (!done) REQUIRE(Post(port, Api(t, "end"), "", t.host).status == 200);  // to read the log
  Response log = Get(port, "/api/games/" + std::string(view.at("game").as_string()) + "/log");
  REQUIRE(log.status == 200);
  // What each seat may know after event k: its own cards (dealt, received)
  // and what was played or turned in the manche; hidden: the rest of the
  // other seats' hands dealt this manche.
  std::vector<bj::object> events;
  for (size_t at = 0, nl; (nl = log.body.find('\n', at)) != std::string::npos; at = nl + 1)
    events.push_back(bj::parse(log.body.substr(at, nl - at)).as_object());
  std::vector<std::vector<std::set<std::string>>> hidden(events.size() + 1, std::vector<std::set<std::string>>(size));
  std::vector<std::set<std::string>> dealt(size), known(size);
  for (size_t k = 0; k < events.size(); ++k) {
    const bj::object& e = events[k];
    if (e.at("type") == "deal") {
      for (int s = 0; s < size; ++s) {
        dealt[s].clear();
        for (const auto& c : e.at("hands").as_array()[s].as_array()) dealt[s].insert(std::string(c.as_string()));
        known[s] = dealt[s];
        if (e.contains("turned")) known[s].insert(std::string(e.at("turned").as_string()));
      }
    } else if (e.contains("cards") && e.at("type") != "exchange") {
      for (int s = 0; s < size; ++s)
        for (const auto& c : e.at("cards").as_array()) known[s].insert(std::string(c.as_string()));
    } else if (e.at("type") == "exchange") {
      for (const int s : {static_cast<int>(e.at("from").as_int64()), static_cast<int>(e.at("to").as_int64())})
        for (const auto& c : e.at("cards").as_array()) known[s].insert(std::string(c.as_string()));
    }
    for (int s = 0; s < size; ++s)
      for (int o = 0; o < size; ++o)
        if (o != s)
          for (const std::string& c : dealt[o])
            if (!known[s].contains(c)) hidden[k + 1][s].insert(c);
  }
  size_t checked = 0;
  for (const Player& p : players) {
    int64_t seq = 0;
    for (const std::string& text : p.ws->all) {
      const bj::object m = bj::parse(text).as_object();
      if (m.contains("seq") && (m.at("t") == "event" || m.at("t") == "welcome")) seq = m.at("seq").as_int64();
      if (m.at("t") == "event" && m.at("event").at("type") == "end") break;
      CheckSecret(text);
      std::vector<std::string> strings;
      Strings(m, strings);
      for (const std::string& s : strings) {
        INFO("seat " << p.seat << " at seq " << seq << ": " << text);
        CHECK(!hidden[static_cast<size_t>(seq)][p.seat].contains(s));
      }
      ++checked;
    }
  }
  CHECK(checked > 20);
  CHECK(done);  // every seat saw the game's end
}

}  // namespace

TEST_CASE("serve: whole games with bots, every message each seat receives holds no hidden card (Super Président)") {
  WholeGame("super-president", 4, 2, R"({"manches":2})");
}

TEST_CASE("serve: whole games with bots, every message each seat receives holds no hidden card (Skull King)") {
  WholeGame("skull-king-official", 4, 2, "");
}

TEST_CASE("serve: a restart folds the open tables back from the log, tokens, codes and the next seq carry on, the database audits clean") {
  const auto dir = std::filesystem::temp_directory_path() / ("pli-serve-restart-" + std::to_string(getpid()));
  std::filesystem::create_directories(dir);
  Table t;
  int first = -1;
  {
    Server a({"--bot-delay-ms", "60000", "--grace-ms", "600000"}, dir);
    t = MakeTable(a.port(), "skull-king", 3, 3);
    REQUIRE(Post(a.port(), Api(t, "start"), "", t.host).status == 200);
    first = static_cast<int>(Get(a.port(), Api(t, "view"), t.tokens[0]).json().at("view").at("turn").as_int64());
    REQUIRE(Post(a.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":1},"expect":2})", t.tokens[first]).status == 200);
  }
  Server b({"--bot-delay-ms", "60000", "--grace-ms", "600000"}, dir);
  Response v = Get(b.port(), Api(t, "view"), t.tokens[first]);
  REQUIRE(v.status == 200);
  CHECK(v.json().at("seq") == 3);
  CHECK(v.json().at("view").at("bids").as_array()[first] == 1);  // SK-B2 sequential: public
  CHECK(v.json().at("view").at("hand").as_array().size() == 1);
  const int next = static_cast<int>(v.json().at("view").at("turn").as_int64());
  CHECK(next == (first + 1) % 3);  // SK-B2: clockwise
  Response ok = Post(b.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":0},"expect":3})", t.tokens[next]);
  CHECK(ok.status == 200);
  CHECK(ok.json().at("seq") == 4);
  CHECK(Post(b.port(), Api(t, "start"), "", t.host).status == 409);
  CHECK(Post(b.port(), "/api/join", R"({"code":")" + t.code + R"(","name":"Late"})").status == 409);
  CHECK(Post(b.port(), Api(t, "actions"), R"({"action":{"type":"bid","bid":0}})", "0123456789abcdef0123456789abcdef").status == 403);
  const std::string audit = std::string(PLI_EXE) + " audit --db " + (dir / "live.db").string() + " > /dev/null";
  CHECK(std::system(audit.c_str()) == 0);
  std::filesystem::remove_all(dir);
}

namespace {

// The document a replay page carries (replay/html.h: the JSON in its
// <script type="application/json" id="pli-data">, every '<' escaped).
bj::value ReplayDocumentOf(const std::string& html) {
  const std::string open = R"(<script type="application/json" id="pli-data">)";
  const size_t at = html.find(open);
  REQUIRE(at != std::string::npos);
  const size_t end = html.find("</script>", at);
  REQUIRE(end != std::string::npos);
  return bj::parse(html.substr(at + open.size(), end - at - open.size()));
}

}  // namespace

TEST_CASE("serve: /replay/{game} is the replay page of pli replay --html once the game has ended, 404 for an unknown game, 403 before the end") {
  Server server({"--bot-delay-ms", "60000", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  Table t = MakeTable(port, "skull-king", 3, 3);
  const Response start = Post(port, Api(t, "start"), "", t.host);
  REQUIRE(start.status == 200);
  const std::string game(start.json().at("game").as_string());
  // Unknown: 404 with a JSON error.
  Response r = TimedRequest(port, http::verb::get, "/replay/nope");
  CHECK(r.status == 404);
  CHECK(r.type.starts_with("application/json"));
  CHECK(r.json().at("error") == "not-found");
  // Not over: 403, and nothing of the game in the answer (the deal is hidden).
  r = TimedRequest(port, http::verb::get, "/replay/" + game);
  CHECK(r.status == 403);
  CHECK(r.json().at("error") == "not-over");
  for (const std::string& token : t.tokens) {
    const std::string card(Get(port, Api(t, "view"), token).json().at("view").at("hand").as_array()[0].as_string());
    CHECK(r.body.find("\"" + card + "\"") == std::string::npos);
  }
  // One bid, then the host ends the game: the page, the same document as
  // pli replay --db --game --html writes (but for where it came from).
  const int turn = static_cast<int>(Get(port, Api(t, "view")).json().at("view").at("turn").as_int64());
  REQUIRE(Post(port, Api(t, "actions"), R"({"action":{"type":"bid","bid":1},"expect":2})", t.tokens[turn]).status == 200);
  REQUIRE(Post(port, Api(t, "end"), "", t.host).status == 200);
  r = TimedRequest(port, http::verb::get, "/replay/" + game);
  REQUIRE(r.status == 200);
  CHECK(r.type.starts_with("text/html"));
  CHECK(r.csp.find("default-src 'none'") != std::string::npos);  // it loads nothing
  CHECK(r.csp.find("connect-src") == std::string::npos);
  bj::object served = ReplayDocumentOf(r.body).as_object();
  const auto file = std::filesystem::temp_directory_path() / ("pli-serve-replay-" + std::to_string(getpid()) + ".html");
  const std::string cmd = std::string(PLI_EXE) + " replay --db " + server.db().string() + " --game " + game +
                          " --html " + file.string() + " > /dev/null";
  REQUIRE(std::system(cmd.c_str()) == 0);
  std::ifstream in(file);
  const std::string written((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  std::filesystem::remove(file);
  bj::object expected = ReplayDocumentOf(written).as_object();
  CHECK(served.at("steps").as_array().size() == 5);  // before the game event, game, deal, bid, end
  CHECK(served.at("game").as_string() == game);
  served.erase("source");
  expected.erase("source");
  CHECK(served == expected);
  // The same page again (kept), and the table page still at /t/{code}.
  CHECK(TimedRequest(port, http::verb::get, "/replay/" + game).body == r.body);
  const Response page = TimedRequest(port, http::verb::get, "/t/" + t.code);
  CHECK(page.status == 200);
  CHECK(page.body != r.body);
}

// A connection that goes away leaves its table's followers: /api/stats
// counts the open WebSockets, so a phone that dropped is not still fanned
// out to (it was kept, because the session was still alive while its own
// departure pruned the list).
TEST_CASE("serve: a WebSocket cut off is no longer a follower of its table") {
  Server server({"--bot-delay-ms", "60000", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  Table t = MakeTable(port, "skull-king", 2, 2);
  REQUIRE(Post(port, Api(t, "start"), "", t.host).status == 200);
  auto followers = [&] { return Get(port, "/api/stats").json().at("followers").as_int64(); };
  REQUIRE(followers() == 0);
  {
    Ws a(port), b(port);
    a.Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[0]}});
    b.Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[1]}});
    a.NextOf("welcome");
    b.NextOf("welcome");
    CHECK(followers() == 2);
  }  // both sockets closed
  // The server learns of it when its read fails: wait for that (bounded),
  // then the count must be 0.
  int64_t left = followers();
  for (int i = 0; i < 100 && left != 0; ++i) {
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
    left = followers();
  }
  CHECK(left == 0);
  // And one that comes back is one follower again, not two.
  Ws again(port);
  again.Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[0]}});
  again.NextOf("welcome");
  CHECK(followers() == 1);
}

// Issue 26: the server's sentences in two languages. Every refusal keeps
// its English `message` (INTERFACE.md §3) and carries `message_fr` when the
// sentence is the server's own (serve/french.h); a violation's rule
// sentence stays English only (serve/README.md "Languages").
TEST_CASE("serve: refusals carry message_fr beside message over HTTP and the WebSocket, rule sentences stay English") {
  Server server({"--bot-delay-ms", "60000", "--grace-ms", "600000"});
  const unsigned short port = server.port();
  Table t = MakeTable(port, "super-president", 4, 4);
  auto both = [](const bj::value& j) {
    INFO(bj::serialize(j));
    REQUIRE(j.at("message").is_string());
    REQUIRE(j.as_object().contains("message_fr"));
    CHECK(!j.at("message_fr").as_string().empty());
    CHECK(j.at("message_fr") != j.at("message"));
  };
  both(Post(port, "/api/tables", R"({"ruleset":"tarot","seats":4})").json());
  both(Post(port, "/api/tables", R"({"ruleset":"classic","seats":3})").json());  // S1: 4 to 8
  both(Post(port, "/api/tables", R"({"ruleset":"classic","seats":4,"colour":1})").json());
  CHECK(Post(port, "/api/tables", R"({"ruleset":"classic","seats":4,"colour":1})").json().at("message_fr") ==
        "champ inconnu \"colour\"");
  both(Post(port, "/api/join", R"({"code":"ZZZ-ZZZ","name":"X"})").json());
  both(Post(port, "/api/join", R"({"code":")" + t.code + R"(","name":"P1"})").json());  // full
  both(Post(port, Api(t, "start"), "").json());
  both(Post(port, Api(t, "start"), "", t.tokens[0]).json());
  both(Get(port, "/api/tables/nope/view").json());
  both(Get(port, "/api/nothing").json());
  both(Request(port, http::verb::get, Api(t, "view"), "", "", "http://evil.example").json());
  both(Post(port, Api(t, "actions"), R"({"action":{"type":"pass"}})", t.tokens[0]).json());  // not started
  REQUIRE(Post(port, Api(t, "start"), "", t.host).status == 200);
  both(Post(port, Api(t, "actions"), R"({"action":{"type":"pass","seat":0}})", t.tokens[0]).json());
  // A violation: its rule sentence (the game's rulebook) stays English only.
  const int turn = static_cast<int>(Get(port, Api(t, "view"), t.tokens[0]).json().at("view").at("turn").as_int64());
  const int idle = (turn + 1) % 4;
  const std::string card(Get(port, Api(t, "view"), t.tokens[idle]).json().at("view").at("hand").as_array()[0].as_string());
  Response out = Post(port, Api(t, "actions"), R"({"action":{"type":"play","cards":[")" + card + R"("]}})", t.tokens[idle]);
  REQUIRE(out.status == 422);
  CHECK(!out.json().at("message").as_string().empty());
  CHECK(!out.json().as_object().contains("message_fr"));

  // The WebSocket: an error, a rejection, a chat refusal.
  {
    Ws ws(port);
    ws.Send({{"t", "act"}, {"rid", 1}, {"action", {{"type", "pass"}}}});
    both(ws.NextOf("error"));
  }
  Ws spectator(port);
  spectator.Send({{"t", "auth"}, {"table", t.id}});
  spectator.NextOf("welcome");
  spectator.Send({{"t", "act"}, {"rid", 2}, {"action", {{"type", "pass"}}}});
  both(spectator.NextOf("rejected"));
  spectator.Send({{"t", "chat"}, {"rid", 3}, {"text", "hello"}});
  const bj::object refused = spectator.NextOf("chat-refused");
  CHECK(refused.at("code") == "spectator");
  CHECK(refused.at("rid") == 3);
  both(refused);
  // A seat's chat reaches the spectator over the wire, with the seat's name.
  Ws seat(port);
  seat.Send({{"t", "auth"}, {"table", t.id}, {"token", t.tokens[2]}});
  seat.NextOf("welcome");
  seat.Send({{"t", "chat"}, {"rid", 4}, {"text", "</script><b>hi</b>"}});
  const bj::object mine = seat.NextOf("chat");
  CHECK(mine.at("rid") == 4);
  const bj::object heard = spectator.NextOf("chat");
  CHECK(heard.at("seat") == 2);
  CHECK(heard.at("name") == "P2");
  CHECK(heard.at("text") == "</script><b>hi</b>");
}

// Issue 26 item 8: GET /api/games over HTTP, the shape the page builds its
// lobby from.
TEST_CASE("serve: GET /api/games lists both games with rulesets, seats, levels and options") {
  Server server({"--bot-delay-ms", "60000"});
  Response r = Get(server.port(), "/api/games");
  REQUIRE(r.status == 200);
  const bj::value body = r.json();
  const bj::array& games = body.at("games").as_array();
  REQUIRE(games.size() == 2);
  CHECK(games[0].at("game") == "president");
  CHECK(games[0].at("title") == "Super Président");
  CHECK(games[0].at("seats") == bj::parse(R"({"min":4,"max":8})"));  // S1
  CHECK(games[0].at("rulesets").at(0).at("name") == "super-president");
  CHECK(games[0].at("rulesets").at(1).at("name") == "classic");
  CHECK(games[1].at("game") == "skull-king");
  CHECK(games[1].at("seats") == bj::parse(R"({"min":2,"max":8})"));
  CHECK(games[1].at("rulesets").at(2).at("seats") == bj::parse(R"({"min":2,"max":6})"));  // original: 2 to 6
  for (const bj::value& g : games) {
    for (const bj::value& o : g.at("options").as_array()) {
      const std::string type(o.at("type").as_string());
      CHECK((type == "bool" || type == "int" || type == "enum"));
      CHECK(o.as_object().contains("default"));
      CHECK(o.at("label").as_object().contains("fr"));
      if (type == "enum") CHECK(o.at("values").as_array().size() >= 2);
    }
  }
}

TEST_CASE("serve: every combination /api/games says is refused is refused by POST /api/tables, under every ruleset, and changing one option of it is hosted") {
  // Issue 30: the lobby offered simultaneous bids with the hook, which the
  // server refuses (docs/RULINGS.md SK-10); the facts now say so, and this
  // proves they say what the server does. SKULL_KING.md SK-B5 (cannon load
  // needs rascal scoring) and SK-R5/SK-B4 with RULINGS SK-10.
  Server server({"--bot-delay-ms", "60000"});
  const bj::value body = Get(server.port(), "/api/games").json();
  int combos = 0;
  for (const bj::value& g : body.at("games").as_array()) {
    for (const bj::value& r : g.at("refused").as_array()) {
      const bj::object& options = r.at("options").as_object();
      CHECK(!r.at("rule").as_string().empty());
      CHECK(!r.at("message").at("fr").as_string().empty());
      for (const bj::value& rs : g.at("rulesets").as_array()) {
        const std::string ruleset(rs.at("name").as_string());
        const int seats = static_cast<int>(rs.at("seats").at("min").as_int64());
        const auto create = [&](const bj::object& o) {
          return Post(server.port(), "/api/tables",
                      bj::serialize(bj::object{{"ruleset", ruleset}, {"seats", seats}, {"bots", "easy"}, {"options", o}}));
        };
        INFO(ruleset << " " << bj::serialize(options));
        const Response refused = create(options);
        CHECK(refused.status == 400);
        CHECK(refused.json().at("field").as_string().starts_with("options"));
        ++combos;
        // One option of the combination given another value: hosted (the
        // combination, not either option alone, is what is refused).
        for (const bj::value& o : g.at("options").as_array()) {
          const std::string name(o.at("name").as_string());
          if (!options.contains(name)) continue;
          bj::object other = options;
          if (o.at("type") == "bool") other[name] = !options.at(name).as_bool();
          else
            for (const bj::value& v : o.at("values").as_array())
              if (v != options.at(name)) other[name] = v;
          INFO("changed " << name << ": " << bj::serialize(other));
          CHECK(create(other).status == 200);
        }
      }
    }
  }
  CHECK(combos >= 6);  // Skull King: 2 combinations x 3 rulesets
}
