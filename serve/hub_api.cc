// hub_api.cc: the requests of INTERFACE.md §3 a Hub answers (hub.h).

#include <algorithm>
#include <boost/json.hpp>
#include <ctime>

#include "referee/clock.h"
#include "referee/open_store.h"
#include "replay/html.h"
#include "replay/source.h"
#include "serve/hub.h"
#include "schema/strict_json.h"
#include "serve/projection.h"

namespace pli::serve {
namespace {

namespace bj = boost::json;
using Clock = std::chrono::steady_clock;

Reply Json(int status, const bj::object& o) { return Reply{status, bj::serialize(o)}; }
Reply Error(int status, const std::string& error, const std::string& message) {
  return Json(status, {{"error", error}, {"message", message}});
}
Reply Malformed(const std::string& field, const std::string& message) {
  return Json(400, {{"error", "malformed"}, {"field", field}, {"message", message}});
}

// The body as one JSON object, read strictly (schema/strict_json.h): no
// duplicate key, every number a canonical integer (a client sends no other),
// depth at most 32, UTF-8.
std::optional<bj::object> ParseObject(std::string_view text, Reply* bad) {
  std::variant<bj::value, JsonError> v = ParseStrictJson(text);
  if (const JsonError* e = std::get_if<JsonError>(&v)) {
    *bad = Malformed(e->field, "the body: " + e->message);
    return std::nullopt;
  }
  if (!std::get<bj::value>(v).is_object()) {
    *bad = Malformed("", "the body is not a JSON object");
    return std::nullopt;
  }
  return std::move(std::get<bj::value>(v).as_object());
}

// A person's name as the table keeps it: trimmed of spaces at both ends;
// "" when it is not a name: empty once trimmed, over 40 characters (code
// points) or holding a control character (C0, DEL, C1, U+2028, U+2029).
// The body is valid UTF-8 already (ParseStrictJson).
std::string CleanName(const bj::value* v) {
  if (!v || !v->is_string()) return "";
  std::string_view s(v->as_string().data(), v->as_string().size());
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  size_t points = 0;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if ((c & 0xc0) != 0x80) ++points;
    if (c < 0x20 || c == 0x7f) return "";
    if (c == 0xc2 && i + 1 < s.size() && static_cast<unsigned char>(s[i + 1]) < 0xa0) return "";  // U+0080-U+009F
    if (c == 0xe2 && i + 2 < s.size() && static_cast<unsigned char>(s[i + 1]) == 0x80 &&
        (static_cast<unsigned char>(s[i + 2]) == 0xa8 || static_cast<unsigned char>(s[i + 2]) == 0xa9))
      return "";  // U+2028, U+2029
  }
  if (s.empty() || points > 40) return "";
  return std::string(s);
}

// A name as two names are compared: ASCII letters and the Latin-1 capitals
// (À-Þ but ×) folded to lower case, so "Ana", "ANA" and "ana" are one name.
std::string FoldedName(std::string_view s) {
  std::string out;
  for (size_t i = 0; i < s.size(); ++i) {
    const auto c = static_cast<unsigned char>(s[i]);
    if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c + 32);
    } else if (c == 0xc3 && i + 1 < s.size()) {
      const auto d = static_cast<unsigned char>(s[++i]);
      out += static_cast<char>(c);
      out += static_cast<char>(d >= 0x80 && d <= 0x9e && d != 0x97 ? d + 0x20 : d);
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

}  // namespace

void Hub::CreateTable(const std::string& body, const std::function<void(Reply)>& reply) {
  Reply bad;
  std::optional<bj::object> o = ParseObject(body, &bad);
  if (!o) return reply(bad);
  for (const auto& [key, value] : *o) {
    if (key != "ruleset" && key != "options" && key != "seats" && key != "bots")
      return reply(Malformed(key, "unknown field \"" + std::string(key) + "\""));
  }
  const bj::value* ruleset = o->if_contains("ruleset");
  if (!ruleset || !ruleset->is_string()) return reply(Malformed("ruleset", "a ruleset is a string"));
  const Game* kind = FindGame(ruleset->as_string());
  if (!kind) return reply(Malformed("ruleset", "no game answers to that ruleset"));
  // The seat range of the ruleset, from its game's facts (games/game.h);
  // the game's own range for a ruleset its facts do not list.
  const GameFacts facts = kind->Facts();
  int lo = facts.min_seats, hi = facts.max_seats;
  for (const RulesetFact& r : facts.rulesets)
    if (r.name == std::string(ruleset->as_string())) lo = r.min_seats, hi = r.max_seats;
  const bj::value* seats = o->if_contains("seats");
  if (!seats || !seats->is_int64() || seats->as_int64() < lo || seats->as_int64() > hi)
    return reply(Malformed("seats", "seats is an integer from " + std::to_string(lo) + " to " + std::to_string(hi)));
  const bj::value* bots = o->if_contains("bots");
  const std::string level = bots && bots->is_string() ? std::string(bots->as_string()) : "medium";
  if (!kind->MakeBot(level, 1)) return reply(Malformed("bots", "bots is easy, medium or hard"));
  bj::object options;
  if (const bj::value* opt = o->if_contains("options")) {
    if (!opt->is_object()) return reply(Malformed("options", "options is an object"));
    options = opt->as_object();
  }
  const int size = static_cast<int>(seats->as_int64());
  // The game event it will write, judged now with placeholder names.
  bj::object game{{"type", "game"}, {"game", "probe"}, {"ruleset", ruleset->as_string()}};
  if (!options.empty()) game["options"] = options;
  bj::array names;
  for (int s = 0; s < size; ++s) names.push_back(bj::string("Seat " + std::to_string(s + 1)));
  game["seats"] = names;
  const GameLine read = kind->ReadLine(bj::serialize(game), 0);
  if (!read.well_formed) return reply(Malformed(read.field, read.message));
  AnyEvent probe = read.event;
  probe.seq = 1;
  if (std::optional<Verdict> v = kind->NewMatch()->Decide(probe))
    return reply(Malformed("options", v->message));
  // A game the live table cannot referee without a leak (Game::LiveRefusal:
  // Skull King's sealed bids with the hook, SK-B4, docs/RULINGS.md).
  if (std::unique_ptr<Match> opened = kind->NewMatch(); !opened->Step(probe)) {
    if (std::optional<std::string> why = kind->LiveRefusal(*opened)) return reply(Malformed("options", *why));
  }

  auto t = std::make_unique<Table>();
  t->id = RandomHex(8);
  do t->code = NewCode(); while (codes_.contains(t->code));
  t->game = "live-" + t->id;
  t->ruleset = std::string(ruleset->as_string());
  t->level = level;
  t->options = options;
  t->kind = kind;
  t->size = size;
  t->seats.resize(static_cast<size_t>(size));
  const std::string host = NewToken();
  t->host = HashToken(host);
  t->bot_seed = RandomSeed();
  t->match = kind->NewMatch();
  t->match->KeepLog();
  t->timer = std::make_unique<boost::asio::steady_timer>(io_);
  Table& table = *t;
  codes_[t->code] = t->id;
  games_[t->game] = t->id;
  tables_[t->id] = std::move(t);
  Side(
      [row = SideTable{table.id, table.code, table.ruleset, bj::serialize(options), level, table.game,
                       size, table.host, table.bot_seed, false, {}}](SideStore& side) { side.AddTable(row); },
      [reply, id = table.id, code = table.code, host] {
        reply(Json(200, {{"table", id}, {"code", code}, {"host_token", host}}));
      });
}

void Hub::Join(const std::string& body, const std::string& address,
               const std::function<void(Reply)>& reply) {
  if (options_.join_rate > 0) {  // a token bucket per address: 10 at once, then join_rate/s
    auto [it, fresh] = joins_.try_emplace(address, 10.0, Clock::now());
    auto& [tokens, when] = it->second;
    const auto now = Clock::now();
    tokens = std::min(10.0, tokens + options_.join_rate * std::chrono::duration<double>(now - when).count());
    when = now;
    if (tokens < 1) return reply(Error(429, "rate-limited", "too many joins from this address: wait a little"));
    tokens -= 1;
  }
  Reply bad;
  std::optional<bj::object> o = ParseObject(body, &bad);
  if (!o) return reply(bad);
  for (const auto& [key, value] : *o)
    if (key != "code" && key != "name") return reply(Malformed(key, "unknown field \"" + std::string(key) + "\""));
  const bj::value* code = o->if_contains("code");
  if (!code || !code->is_string()) return reply(Malformed("code", "code is a string"));
  const std::string name = CleanName(o->if_contains("name"));
  if (name.empty())
    return reply(Malformed("name", "a name is 1 to 40 characters, no control characters"));
  Table* found = LookupCode(CanonicalCode(code->as_string()));
  if (!found) return reply(Error(404, "not-found", "no table has that code"));
  Table& t = *found;
  if (t.started) return reply(Error(409, "started", "the game at that table has started"));
  int seat = -1;
  for (size_t s = 0; s < t.seats.size() && seat < 0; ++s)
    if (t.seats[s].kind.empty()) seat = static_cast<int>(s);
  if (seat < 0) return reply(Error(409, "full", "every seat at that table is taken"));
  for (const Seat& other : t.seats)  // one name, one person: the table tells them apart by it
    if (other.kind == "human" && FoldedName(other.name) == FoldedName(name))
      return reply(Error(409, "name-taken", "someone at that table already has that name: choose another"));
  const std::string token = NewToken();
  Seat& s = t.seats[seat];
  s = Seat{name, "human", HashToken(token)};
  s.seen = Clock::now();
  Presence(t);
  // Several nodes: the others holding the table are told a seat was taken
  // (NOTIFY "0 GAME", Heard), so their pages show who sits where before the
  // start (issue 31: the two people on different nodes).
  Side([id = t.id, game = t.game, notify = nodes_, copy = SideSeat{seat, s.name, s.kind, s.token}](SideStore& side) {
         side.PutSeat(id, copy);
         if (notify) side.Notify({{game, 0}});
       },
       [reply, id = t.id, seat, token] { reply(Json(200, {{"table", id}, {"seat", seat}, {"token", token}})); });
}

void Hub::Start(const std::string& table, const std::string& token,
                const std::function<void(Reply)>& reply) {
  Table* t = Lookup(table, token);
  if (!t) return reply(Error(404, "not-found", "no such table"));
  if (token.empty()) return reply(Error(401, "unauthorized", "starting a table needs its host token"));
  if (!SameHash(HashToken(token), t->host)) return reply(Error(403, "forbidden", "that is not this table's host token"));
  if (t->started) return reply(Error(409, "started", "the game has already started"));
  // Several nodes: someone may have been seated on another node since this
  // one read the seats; an open seat here is not open in the database, and
  // a bot put there would take that person's seat (PutSeat overwrites it).
  if (nodes_) RereadSeats(*t);
  bj::array names;
  for (int s = 0; s < t->size; ++s) {
    Seat& seat = t->seats[s];
    if (seat.kind.empty()) seat = Seat{"Bot " + std::to_string(s + 1), "bot:" + t->level, std::nullopt};
    names.push_back(bj::string(seat.name));
    t->bots.push_back(t->kind->MakeBot(t->level, static_cast<uint64_t>(t->bot_seed + s)));
  }
  t->started = true;
  bj::object game{{"type", "game"}, {"game", t->game}, {"ruleset", t->ruleset}};
  if (!t->options.empty()) game["options"] = t->options;
  game["seats"] = names;
  std::vector<SideSeat> seats;
  for (int s = 0; s < t->size; ++s) seats.push_back(SideSeat{s, t->seats[s].name, t->seats[s].kind, t->seats[s].token});
  Side([id = t->id, seats](SideStore& side) {
    for (const SideSeat& s : seats) side.PutSeat(id, s);
    side.MarkStarted(id);
  }, [] {});
  Presence(*t);
  const std::string id = t->id;
  Submit(*t, Pending{-1, bj::serialize(game), {}, 0, "", [this, id, reply](const Reply& r) {
    Table* t = Find(id);
    if (r.status != 200 || !t) return reply(r);
    std::optional<std::string> deal = t->match->SeededDeal(RandomSeed());
    if (!deal) return reply(Json(200, {{"game", t->game}, {"seq", t->match->seq()}}));
    Submit(*t, Pending{-1, *deal, {}, t->match->seq(), "", [this, id, reply](const Reply& r) {
      Table* t = Find(id);
      // Several nodes: the table's driver on another node heard of the game
      // event and dealt first (its deal is the game's); the start stands.
      if (nodes_ && t && r.status == 409 && bj::parse(r.body).at("error") == "stale")
        return reply(Json(200, {{"game", t->game}, {"seq", bj::parse(r.body).at("seq")}}));
      if (r.status != 200 || !t) return reply(r);
      reply(Json(200, {{"game", t->game}, {"seq", bj::parse(r.body).at("seq")}}));
    }});
  }});
}

void Hub::End(const std::string& table, const std::string& token,
              const std::function<void(Reply)>& reply) {
  Table* t = Lookup(table, token);
  if (!t) return reply(Error(404, "not-found", "no such table"));
  if (token.empty()) return reply(Error(401, "unauthorized", "ending a game needs its host token"));
  if (!SameHash(HashToken(token), t->host)) return reply(Error(403, "forbidden", "that is not this table's host token"));
  if (!t->started) return reply(Error(409, "not-started", "the game has not started"));
  t->end_tried = true;
  Submit(*t, Pending{-1, R"({"type":"end"})", {}, {}, "", reply});
}

void Hub::Reissue(const std::string& table, const std::string& seat, const std::string& token,
                  const std::function<void(Reply)>& reply) {
  Table* t = Lookup(table, token);
  if (!t) return reply(Error(404, "not-found", "no such table"));
  if (token.empty()) return reply(Error(401, "unauthorized", "reissuing a token needs the host token"));
  if (!SameHash(HashToken(token), t->host)) return reply(Error(403, "forbidden", "that is not this table's host token"));
  int n = -1;
  if (!seat.empty() && seat.size() <= 2 && std::all_of(seat.begin(), seat.end(), [](char c) { return c >= '0' && c <= '9'; }))
    n = std::stoi(seat);
  if (n < 0 || n >= t->size) return reply(Error(404, "not-found", "no such seat at this table"));
  Seat& s = t->seats[static_cast<size_t>(n)];
  if (s.kind != "human") return reply(Error(409, "not-human", "only a person's seat has a token"));
  const std::string fresh = NewToken();
  s.token = HashToken(fresh);  // the old token is refused from here on
  const std::string revoked = R"({"t":"error","code":"revoked","message":"the host revoked this seat's token"})";
  for (Follower& f : t->followers)
    if (auto sub = f.sub.lock(); sub && f.seat == n) sub->Close(f.ws ? revoked : "");
  Side([id = t->id, copy = SideSeat{n, s.name, s.kind, s.token}](SideStore& side) { side.PutSeat(id, copy); },
       [reply, id = t->id, n, fresh] { reply(Json(200, {{"table", id}, {"seat", n}, {"token", fresh}})); });
}

void Hub::Act(const std::string& table, const std::string& token, const std::string& body,
              const std::function<void(Reply)>& reply) {
  Table* t = Lookup(table, token);
  if (!t) return reply(Error(404, "not-found", "no such table"));
  const int seat = SeatOf(*t, token);
  if (seat == kSpectator) return reply(Error(401, "unauthorized", "acting needs a seat token"));
  if (seat < 0) return reply(Error(403, "forbidden", "that token holds no seat at this table"));
  Reply bad;
  std::optional<bj::object> o = ParseObject(body, &bad);
  if (!o) return reply(bad);
  ActAs(*t, seat, *o, reply);
}

void Hub::ActAs(Table& t, int seat, const bj::object& body, const std::function<void(Reply)>& reply) {
  if (!t.started) return reply(Error(409, "not-started", "the game has not started"));
  for (const auto& [key, value] : body) {
    if (key == "seat") return reply(Malformed("seat", "the seat comes from the token, never from the message"));
    if (key != "action" && key != "expect" && key != "id" && key != "t" && key != "rid")
      return reply(Malformed(key, "unknown field \"" + std::string(key) + "\""));
  }
  const bj::value* action = body.if_contains("action");
  if (!action || !action->is_object()) return reply(Malformed("action", "action is an object: the event's fields without seat"));
  std::optional<int64_t> expect;
  if (const bj::value* e = body.if_contains("expect")) {
    if (!e->is_int64()) return reply(Malformed("expect", "expect is an integer (the last seq seen)"));
    expect = e->as_int64();
  }
  bj::object a = action->as_object();
  for (const char* key : {"seat", "from", "seq", "hash", "id", "at", "by"}) {
    if (a.contains(key)) {
      return reply(Malformed(key, std::string(key) == "seat" || std::string(key) == "from"
                                      ? "the seat comes from the token, never from the message"
                                      : std::string("\"") + key + "\" is the server's to write"));
    }
  }
  if (const bj::value* id = body.if_contains("id")) {
    if (!id->is_string() || id->as_string().empty()) return reply(Malformed("id", "id is a non-empty string"));
    a["id"] = *id;
  }
  a["at"] = NowUtc();
  a["seat"] = seat;
  std::string line = bj::serialize(a);
  // A gift names its giver `from` (RULES.md §11): the game's reader says so.
  const GameLine read = t.kind->ReadLine(line, static_cast<int>(t.seats.size()));
  if (!read.well_formed && read.field == "seat") {
    a.erase("seat");
    a["from"] = seat;
    line = bj::serialize(a);
  }
  t.seats[seat].seen = Clock::now();
  Submit(t, Pending{seat, line, {}, expect, t.seats[seat].kind == "human" ? "" : t.seats[seat].kind, reply});
}

// GET /api/games: every registered game's facts (games/game.h FactsJson),
// made once: they do not change while the server runs.
Reply Hub::GameList() const {
  static const std::string body = [] {
    bj::array games;
    for (const Game* g : Games()) games.push_back(FactsJson(g->Facts()));
    return bj::serialize(bj::object{{"games", std::move(games)}});
  }();
  return Reply{200, body};
}

Reply Hub::View(const std::string& table, const std::string& token) {
  Table* t = Lookup(table, token);
  if (!t) return Error(404, "not-found", "no such table");
  const int seat = SeatOf(*t, token);
  if (seat < kSpectator) return Error(403, "forbidden", "that token holds no seat at this table");
  bj::object w = Welcome(*t, seat);
  bj::object out{{"seq", w.at("seq")}, {"view", w.at("view")}, {"legal", w.at("legal")}, {"actions", w.at("actions")},
                 {"seat", w.at("seat")}, {"seats", w.at("seats")}, {"started", w.at("started")},
                 {"ruleset", w.at("ruleset")}, {"code", w.at("code")}, {"game", w.at("game")},
                 {"over", t->match->Over()}};
  return Json(200, out);
}

Reply Hub::Events(const std::string& table, const std::string& token, int64_t since) {
  Table* t = Lookup(table, token);
  if (!t) return Error(404, "not-found", "no such table");
  const int seat = SeatOf(*t, token);
  if (seat < kSpectator) return Error(403, "forbidden", "that token holds no seat at this table");
  std::string out;
  for (size_t i = static_cast<size_t>(std::max<int64_t>(since, 0)); i < t->events.size(); ++i)
    out += EventLine(*t, i, seat) + "\n";
  return Reply{200, out, "application/x-ndjson"};
}

bool Hub::Follow(const std::string& table, const std::string& token,
                 const std::shared_ptr<Subscriber>& sub) {
  Table* t = Lookup(table, token);
  if (!t || t->match->Over()) return false;
  t->followers.push_back(Follower{sub, SeatOf(*t, token), false});
  return true;
}

Reply Hub::Log(const std::string& game) {
  auto it = games_.find(game);
  if (it == games_.end()) return Error(404, "not-found", "no such game");
  Table& t = *tables_.at(it->second);
  if (!Ended(t)) return Error(403, "not-over", "the log is read once the game has ended");
  std::string out;
  for (const TableEvent& e : t.events) out += bj::serialize(e.json) + "\n";
  return Reply{200, out, "application/x-ndjson"};
}

Reply Hub::Replay(const std::string& game) {
  auto it = games_.find(game);
  if (it == games_.end()) return Error(404, "not-found", "no such game");
  Table& t = *tables_.at(it->second);
  if (!Ended(t)) return Error(403, "not-over", "a game's replay is shown once it has ended");
  auto page = replays_.find(game);
  if (page == replays_.end()) {
    // Read once from the database on this thread (a reader beside the
    // writer's connection), then kept: an ended game does not change.
    try {
      std::unique_ptr<EventStore> store = OpenStore(options_.db, OpenMode::kReadOnly);
      std::optional<AnyLoadedGame> loaded = LoadAnyStoredGame(*store, game);
      if (!loaded) return Error(500, "storage", "the game's log cannot be read");
      page = replays_.emplace(game, ReplayHtml(*loaded, "pli serve, table " + t.id)).first;
    } catch (const std::exception& e) {
      return Error(500, "storage", std::string("the game's log cannot be read: ") + e.what());
    }
  }
  return Reply{200, page->second, "text/html; charset=utf-8"};
}

// p50, p99 and max of durations, ms.
static bj::object SpreadJson(std::vector<float> ms) {
  if (ms.empty()) return {{"p50", 0}, {"p99", 0}, {"max", 0}, {"n", 0}};
  std::sort(ms.begin(), ms.end());
  auto at = [&](double p) { return static_cast<double>(ms[std::min(ms.size() - 1, static_cast<size_t>(p * static_cast<double>(ms.size())))]); };
  return {{"p50", at(0.5)}, {"p99", at(0.99)}, {"max", static_cast<double>(ms.back())}, {"n", ms.size()}};
}

Reply Hub::Stats() {
  size_t followers = 0;
  for (const auto& [id, t] : tables_) followers += t->followers.size();
  bj::object more;
  if (locks_) {  // several nodes: the tables this node drives (hub.cc "Other nodes")
    bj::array driving;
    for (const auto& [id, t] : tables_)
      if (t->driving) driving.push_back(bj::string(id));
    more["driving"] = std::move(driving);
    // Failover (hub.cc "Failover"): the writer's view of the primary, how
    // often it connected again, and how many groups whose commit's outcome
    // was unknown were found in the log (answered, not written again).
    more["store"] = store_ok_ ? "ok" : "reconnecting";
    more["reconnects"] = reconnects_.load();
    more["recovered"] = recovered_.load();
  }
  bj::object out{{"tables", tables_.size()},
                    {"followers", followers},
                    {"batches", stats_.batches},
                    {"actions", stats_.actions},
                    {"accepted", stats_.accepted},
                    {"rejected", stats_.rejected},
                    {"max_batch", stats_.max_batch},
                    {"side_commits", stats_.side_commits},
                    {"commit_ms", SpreadJson(stats_.commit.ms)},
                    {"ack_ms", SpreadJson(stats_.ack.ms)},
                    {"queued_ms", SpreadJson(stats_.queued.ms)},
                    {"posted_ms", SpreadJson(stats_.posted.ms)},
                    {"table_ms", SpreadJson(stats_.table.ms)},
                    // Issue 30's budgets (hub_limits.cc).
                    {"backlog_steps", stats_.backlog_steps},
                    {"backlog_step_max", stats_.backlog_step_max},
                    {"presence_sent", stats_.presence_sent},
                    {"refused_creates", stats_.refused_creates},
                    {"refused_actions", stats_.refused_actions},
                    {"paused", stats_.paused},
                    {"freed", stats_.freed}};
  for (auto& [k, v] : more) out[k] = v;
  return Json(200, out);
}

std::optional<std::string> Hub::Auth(const bj::object& msg, const std::shared_ptr<Subscriber>& sub,
                                     int* seat, std::string* table) {
  auto error = [](const char* code, const char* message) {
    return bj::serialize(bj::object{{"t", "error"}, {"code", code}, {"message", message}});
  };
  const bj::value* id = msg.if_contains("table");
  if (!id || !id->is_string()) return error("malformed", "auth names its table");
  const bj::value* given = msg.if_contains("token");
  Table* t = Lookup(std::string(id->as_string()), given && given->is_string() ? std::string(given->as_string()) : "");
  if (!t) return error("not-found", "no such table");
  std::string token;
  if (const bj::value* v = msg.if_contains("token")) {
    if (!v->is_string()) return error("malformed", "token is a string");
    token = v->as_string();
  }
  *seat = SeatOf(*t, token);
  if (*seat < kSpectator) return error("unauthorized", "that token holds no seat at this table");
  *table = t->id;
  if (*seat >= 0) {
    Seat& s = t->seats[*seat];
    if (auto old = s.ws.lock()) old->Close(R"({"t":"superseded"})");  // its Disconnected counts it
    s.ws = sub;
    ++s.connected;
    s.seen = Clock::now();
  }
  t->followers.push_back(Follower{sub, *seat, true});
  sub->Send(bj::serialize(Welcome(*t, *seat)));
  if (const bj::value* since = msg.if_contains("since"); since && since->is_int64())
    Resync(t->id, *seat, since->as_int64(), sub);
  Presence(*t);
  Advance(*t);
  return std::nullopt;
}

void Hub::WsAct(const std::string& table, int seat, const bj::object& msg,
                const std::shared_ptr<Subscriber>& sub) {
  Table* t = Find(table);
  if (!t) return;
  const bj::value rid = msg.contains("rid") ? msg.at("rid") : bj::value(nullptr);
  std::weak_ptr<Subscriber> weak = sub;
  const auto read = std::chrono::steady_clock::now();
  auto answer = [this, weak, rid, read](const Reply& r) {
    auto sub = weak.lock();
    if (!sub) return;
    bj::object body = bj::parse(r.body).as_object();
    bj::object m{{"rid", rid}};
    if (r.status == 200) {
      stats_.ack.Add(std::chrono::duration<float, std::milli>(std::chrono::steady_clock::now() - read).count());
      m["t"] = "ack";
      m["seq"] = body.at("seq");
    } else if (r.status == 409 && body.at("error") == "stale") {
      m["t"] = "stale";
      m["seq"] = body.at("seq");
    } else {
      m["t"] = "rejected";
      m["code"] = body.at("error") == "violation" ? body.at("code") : body.at("error");
      m["rule"] = body.contains("rule") ? body.at("rule") : bj::value("");
      m["message"] = body.at("message");
      if (body.contains("field")) m["field"] = body.at("field");
      m["legal"] = body.contains("legal") ? body.at("legal") : bj::value(bj::array{});
      m["actions"] = body.contains("actions") ? body.at("actions") : bj::value(bj::array{});
    }
    sub->Send(bj::serialize(m));
  };
  if (seat < 0) {
    answer(Error(403, "forbidden", "a spectator does not act"));
    return;
  }
  ActAs(*t, seat, msg, answer);
}

void Hub::Disconnected(const std::string& table, int seat, const Subscriber* who) {
  Table* t = Find(table);
  if (!t) return;
  if (seat >= 0 && t->seats[seat].connected > 0 && --t->seats[seat].connected == 0)
    t->seats[seat].seen = Clock::now();  // the grace period runs from the departure
  std::vector<Follower> kept;
  for (Follower& f : t->followers) {
    const std::shared_ptr<Subscriber> sub = f.sub.lock();
    if (sub && sub.get() != who) kept.push_back(f);
  }
  t->followers = std::move(kept);
  Presence(*t);
  Advance(*t);
}

}  // namespace pli::serve
