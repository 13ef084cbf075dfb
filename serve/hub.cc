// hub.cc: see hub.h.
#include "serve/hub.h"

#include <sqlite3.h>

#include <boost/asio/post.hpp>
#include <boost/json.hpp>
#include <cstring>
#include <ctime>
#include <iostream>

#include "referee/chain.h"
#include "referee/open_store.h"
#include "schema/strict_json.h"
#include "serve/batch_store.h"
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

// The sentence the actor reads: the verdict's, without what is hidden from
// them (Verdict::hidden, which the full sentence adds at its end).
std::string ActorSentence(const Verdict& v) {
  if (v.hidden.empty()) return v.message;
  const std::string tail = " (hidden from the player: " + v.hidden + ")";
  if (v.message.size() >= tail.size() &&
      v.message.compare(v.message.size() - tail.size(), tail.size(), tail) == 0)
    return v.message.substr(0, v.message.size() - tail.size());
  return v.message;
}

void Exec(sqlite3* db, const std::string& sql) {
  char* err = nullptr;
  if (sqlite3_exec(db, sql.c_str(), nullptr, nullptr, &err) != SQLITE_OK) {
    std::string why = err ? err : "?";
    sqlite3_free(err);
    throw StoreError("serve tables: " + why);
  }
}

// One statement with text/int/blob parameters, run to completion; `row`
// gets each row.
struct Stmt {
  sqlite3_stmt* s = nullptr;
  Stmt(sqlite3* db, const char* sql) {
    if (sqlite3_prepare_v2(db, sql, -1, &s, nullptr) != SQLITE_OK)
      throw StoreError(std::string("serve tables: ") + sqlite3_errmsg(db));
  }
  ~Stmt() { sqlite3_finalize(s); }
  Stmt& Text(int i, const std::string& v) {
    sqlite3_bind_text(s, i, v.data(), static_cast<int>(v.size()), SQLITE_TRANSIENT);
    return *this;
  }
  Stmt& Int(int i, int64_t v) {
    sqlite3_bind_int64(s, i, v);
    return *this;
  }
  Stmt& Blob(int i, const std::optional<TokenHash>& h) {
    if (h) sqlite3_bind_blob(s, i, h->data(), 32, SQLITE_TRANSIENT);
    else sqlite3_bind_null(s, i);
    return *this;
  }
  bool Step() {
    const int rc = sqlite3_step(s);
    if (rc == SQLITE_ROW) return true;
    if (rc != SQLITE_DONE) throw StoreError("serve tables: step failed");
    return false;
  }
  std::string Col(int i) {
    const unsigned char* t = sqlite3_column_text(s, i);
    return t ? reinterpret_cast<const char*>(t) : "";
  }
  std::optional<TokenHash> Hash(int i) {
    if (sqlite3_column_bytes(s, i) != 32) return std::nullopt;
    TokenHash h;
    std::memcpy(h.data(), sqlite3_column_blob(s, i), 32);
    return h;
  }
};

}  // namespace

// Who acted for an event of a bot seat (the seat's kind, "bot:LEVEL"):
// its acting seat is `seat`, or `from` for a gift; "" for a person's seat
// and for the server's events (game, deal, end).
static std::string BotSeatBy(const Table& t, const bj::object& event) {
  for (const char* key : {"seat", "from"}) {
    const bj::value* v = event.if_contains(key);
    if (!v || !v->is_int64()) continue;
    const int64_t s = v->as_int64();
    if (s < 0 || s >= static_cast<int64_t>(t.seats.size())) return "";
    return t.seats[static_cast<size_t>(s)].kind.starts_with("bot:") ? t.seats[static_cast<size_t>(s)].kind : "";
  }
  return "";
}

// The game's `end` is in its log: from then on everyone may read it all.
bool Ended(const Table& t) { return !t.events.empty() && t.events.back().json.at("type") == "end"; }

Hub::Hub(boost::asio::io_context& io, HubOptions options) : io_(io), options_(std::move(options)) {
  if (options_.db.starts_with("postgres"))
    throw StoreError("pli serve keeps its tables beside the log in a SQLite file; give --db FILE");
  inner_store_ = OpenStore(options_.db, OpenMode::kCreate);
  store_ = std::make_unique<BatchStore>(*inner_store_);
  if (sqlite3_open(options_.db.c_str(), &side_) != SQLITE_OK)
    throw StoreError("cannot open " + options_.db + " for the serve tables");
  sqlite3_busy_timeout(side_, 5000);
  Exec(side_,
       "CREATE TABLE IF NOT EXISTS serve_tables(id TEXT PRIMARY KEY, code TEXT UNIQUE, "
       "ruleset TEXT, options TEXT, size INT, level TEXT, host BLOB, bot_seed INT, game TEXT, "
       "started INT DEFAULT 0);"
       "CREATE TABLE IF NOT EXISTS serve_seats(tbl TEXT, seat INT, name TEXT, kind TEXT, "
       "token BLOB, PRIMARY KEY(tbl, seat));"
       "CREATE TABLE IF NOT EXISTS serve_by(game TEXT, seq INT, by TEXT, PRIMARY KEY(game, seq));"
       "CREATE TABLE IF NOT EXISTS serve_closed(id TEXT PRIMARY KEY);");
  Load();
  writer_ = std::thread([this] { WriterLoop(); });
  sweep_ = std::make_unique<boost::asio::steady_timer>(io_);
  boost::asio::post(io_, [this] { Sweep(); });
}

Hub::~Hub() {
  Shutdown();
  thinkers_.join();
  sqlite3_close(side_);
}

void Hub::Shutdown() {
  {
    std::lock_guard lock(mu_);
    stop_ = true;
  }
  cv_.notify_all();
  if (writer_.joinable()) writer_.join();
}

// Tables back from the side tables, each game folded from the log.
void Hub::Load() {
  std::map<std::string, std::map<int64_t, std::string>> by;
  {
    Stmt q(side_, "SELECT game, seq, by FROM serve_by");
    while (q.Step()) by[q.Col(0)][sqlite3_column_int64(q.s, 1)] = q.Col(2);
  }
  // What a restart reloads is bounded (issue 30): not the tables closed for
  // idleness (serve_closed), and at most HubOptions::max_tables, the newest.
  Stmt q(side_,
         "SELECT id, code, ruleset, options, size, level, host, bot_seed, game, started FROM serve_tables "
         "WHERE id NOT IN (SELECT id FROM serve_closed) ORDER BY rowid DESC LIMIT ?");
  q.Int(1, static_cast<int64_t>(std::min<size_t>(options_.max_tables, INT64_MAX)));
  while (q.Step()) {
    auto t = std::make_unique<Table>();
    t->id = q.Col(0);
    t->code = q.Col(1);
    t->ruleset = q.Col(2);
    if (auto o = ParseStrictJson(q.Col(3)); std::holds_alternative<bj::value>(o) && std::get<bj::value>(o).is_object())
      t->options = std::get<bj::value>(o).as_object();
    t->size = sqlite3_column_int(q.s, 4);
    t->level = q.Col(5);
    t->host = q.Hash(6).value_or(TokenHash{});
    t->bot_seed = sqlite3_column_int64(q.s, 7);
    t->game = q.Col(8);
    t->kind = FindGame(t->ruleset);
    if (!t->kind) continue;
    t->seats.resize(static_cast<size_t>(t->size));
    Stmt s(side_, "SELECT seat, name, kind, token FROM serve_seats WHERE tbl = ?");
    s.Text(1, t->id);
    while (s.Step()) {
      const int seat = sqlite3_column_int(s.s, 0);
      if (seat < 0 || seat >= t->size) continue;
      t->seats[seat] = Seat{s.Col(1), s.Col(2), s.Hash(3)};
      // A restart starts every person's grace period again: they were cut
      // off by the server, not gone, and a bot must not take their turn
      // before they could reconnect (a default `seen` is long past).
      t->seats[seat].seen = Clock::now();
    }
    t->match = t->kind->NewMatch();
    t->match->KeepLog();
    t->timer = std::make_unique<boost::asio::steady_timer>(io_);
    if (std::optional<StoredGame> g = store_->Read(t->game)) {
      t->started = true;
      for (int s = 0; s < t->size; ++s)
        t->bots.push_back(t->kind->MakeBot(t->level, static_cast<uint64_t>(t->bot_seed + s)));
      for (const StoredEvent& e : g->events) {
        Fold(*t, e.body, e.seq, e.hash, by[t->game][e.seq]);
        if (TableEvent& te = t->events.back(); te.by.empty()) te.by = BotSeatBy(*t, te.json);
        if (t->events.back().json.at("type") == "end") t->end_tried = true;
      }
    }
    codes_[t->code] = t->id;
    games_[t->game] = t->id;
    Table* raw = t.get();
    tables_[t->id] = std::move(t);
    boost::asio::post(io_, [this, raw] { Advance(*raw); });
  }
}

void Hub::Fold(Table& t, const std::string& body, int64_t seq, const Hash& hash,
               const std::string& by) {
  AnyEvent e;
  e.seq = seq;
  e.body = body;
  t.match->Step(e);
  TableEvent te;
  te.json = bj::parse(t.kind->EventJson(body, seq, HashHex(hash))).as_object();
  te.by = by;
  te.sealed = SealedEvent(*t.match, te.json);
  t.events.push_back(std::move(te));
}

// --- The writer ------------------------------------------------------------

void Hub::Enqueue(Job job) {
  {
    std::lock_guard lock(mu_);
    jobs_.push_back(std::move(job));
  }
  cv_.notify_one();
}

void Hub::Side(std::function<void(sqlite3*)> write, std::function<void()> done) {
  Job j;
  j.side = std::move(write);
  j.side_done = std::move(done);
  Enqueue(std::move(j));
}

void Hub::WriterLoop() {
  auto& store = static_cast<BatchStore&>(*store_);
  for (;;) {
    std::vector<Job> batch;
    {
      std::unique_lock lock(mu_);
      cv_.wait(lock, [&] { return stop_ || !jobs_.empty(); });
      if (jobs_.empty()) return;
      while (!jobs_.empty() && batch.size() < options_.max_batch) {
        batch.push_back(std::move(jobs_.front()));
        jobs_.pop_front();
      }
    }
    std::vector<std::shared_ptr<AnySubmitResult>> results;
    size_t actions = 0;
    for (Job& j : batch) actions += j.done ? 1 : 0;
    const auto began = Clock::now();
    float waited = 0;  // the longest an action of this group waited for it
    for (Job& j : batch)
      if (j.done) waited = std::max(waited, std::chrono::duration<float, std::milli>(began - j.enqueued).count());
    if (actions > 0) {
      try {
        store.Group([&] {
          results.clear();
          for (Job& j : batch) {
            if (!j.done) continue;
            auto r = std::make_shared<AnySubmitResult>(SubmitAny(store, j.game, *j.kind, j.action, j.expect));
            r->match.reset();
            results.push_back(std::move(r));
          }
        });
      } catch (const std::exception& e) {
        std::cerr << "pli serve: storage failure: " << e.what() << "\n";
        results.clear();
        for (Job& j : batch) {
          if (!j.done) continue;
          auto r = std::make_shared<AnySubmitResult>();
          r->outcome = Outcome::kRejected;
          r->violation = Verdict{"storage", "", std::string("storage failure: ") + e.what(), ""};
          r->message = r->violation->message;
          results.push_back(std::move(r));
        }
      }
    }
    const float took = std::chrono::duration<float, std::milli>(Clock::now() - began).count();
    bool side_ok = true;
    bool any = false;
    try {
      for (Job& j : batch) any |= static_cast<bool>(j.side);
      if (any) {
        Exec(side_, "BEGIN IMMEDIATE");
        for (Job& j : batch)
          if (j.side) j.side(side_);
        Exec(side_, "COMMIT");
      }
    } catch (const std::exception& e) {
      std::cerr << "pli serve: " << e.what() << "\n";
      sqlite3_exec(side_, "ROLLBACK", nullptr, nullptr, nullptr);
      side_ok = false;
    }
    (void)side_ok;
    size_t k = 0;
    const uint64_t n = actions;
    const auto finished = Clock::now();
    boost::asio::post(io_, [this, n, took, any, waited, finished] {
      stats_.side_commits += any ? 1 : 0;
      if (n == 0) return;
      stats_.queued.Add(waited);
      ++stats_.batches;
      stats_.actions += n;
      stats_.max_batch = std::max<uint64_t>(stats_.max_batch, n);
      stats_.commit.Add(took);
    });
    for (Job& j : batch) {
      if (j.done) {
        boost::asio::post(io_, [this, finished, done = std::move(j.done), r = results[k++]] {
          stats_.posted.Add(std::chrono::duration<float, std::milli>(Clock::now() - finished).count());
          done(*r);
        });
      } else if (j.side_done) {
        boost::asio::post(io_, std::move(j.side_done));
      }
    }
  }
}

// --- Tables ----------------------------------------------------------------

Table* Hub::Find(const std::string& id) {
  auto it = tables_.find(id);
  return it == tables_.end() ? nullptr : it->second.get();
}

int Hub::SeatOf(const Table& t, const std::string& token) const {
  if (token.empty()) return kSpectator;
  const TokenHash h = HashToken(token);
  int found = -2;
  for (size_t s = 0; s < t.seats.size(); ++s)  // every seat compared, in constant time each
    if (t.seats[s].token && SameHash(*t.seats[s].token, h)) found = static_cast<int>(s);
  return found;
}

void Hub::Submit(Table& t, Pending p) {
  t.queue.push_back(std::move(p));
  Pump(t);
}

void Hub::Pump(Table& t) {
  while (!t.busy && !t.queue.empty()) {
    Pending& p = t.queue.front();
    const GameLine read = t.kind->ReadLine(p.line, static_cast<int>(t.match->Seats().size()));
    if (!read.well_formed) {
      Pending done = std::move(p);
      t.queue.pop_front();
      done.reply(Malformed(read.field, read.message));
      continue;
    }
    p.action = read.event;
    t.busy = true;
    stats_.table.Add(std::chrono::duration<float, std::milli>(Clock::now() - p.at).count());
    Job j;
    j.game = t.game;
    j.kind = t.kind;
    j.action = read.event;
    j.expect = p.expect;
    const std::string id = t.id;
    j.done = [this, id](const AnySubmitResult& r) {
      Table* t = Find(id);
      if (!t) return;
      Pending p = std::move(t->queue.front());
      t->queue.pop_front();
      t->busy = false;
      Committed(*t, std::move(p), r);
      Pump(*t);
      if (r.violation && r.violation->code == "storage") {  // not again at once
        t->timer->expires_after(std::chrono::seconds(1));
        t->timer->async_wait([this, id](const boost::system::error_code& ec) {
          if (Table* t = Find(id); t && !ec) Advance(*t);
        });
        return;
      }
      Advance(*t);
    };
    Enqueue(std::move(j));
  }
}

void Hub::Committed(Table& t, Pending p, const AnySubmitResult& r) {
  switch (r.outcome) {
    case Outcome::kAccepted: {
      ++stats_.accepted;
      Fold(t, p.action.body, r.seq, r.hash, p.by);
      // Who acted is stored only when a bot played a person's seat (the
      // grace period): a bot seat's actions are its kind's, which
      // serve_seats keeps (Load derives them), so that bots at zero delay
      // cost no side commit, no second fsync, per group.
      if (!p.by.empty() && p.seat >= 0 && t.seats[p.seat].kind == "human") {
        Side([game = t.game, seq = r.seq, by = p.by](sqlite3* db) {
          Stmt(db, "INSERT OR REPLACE INTO serve_by VALUES (?, ?, ?)").Text(1, game).Int(2, seq).Text(3, by).Step();
        }, [] {});
      }
      p.reply(Json(200, {{"seq", r.seq}}));  // the actor hears its ack first
      Broadcast(t, t.events.size() - 1);
      return;
    }
    case Outcome::kDuplicate:
      p.reply(Json(200, {{"seq", r.seq}}));
      return;
    case Outcome::kStale:
      p.reply(Json(409, {{"error", "stale"}, {"seq", r.head_seq}, {"message", r.message}}));
      return;
    case Outcome::kNoGame:
      p.reply(Error(409, "no-game", r.message));
      return;
    case Outcome::kRejected: break;
  }
  ++stats_.rejected;
  const Verdict v = r.violation.value_or(Verdict{"malformed", "", r.message, ""});
  if (v.code == "malformed") {
    p.reply(Malformed("", v.message));
    return;
  }
  if (v.code == "storage") {
    p.reply(Error(503, "storage", v.message));
    return;
  }
  const bj::array legal = t.match->LegalJson();
  p.reply(Json(422, {{"error", "violation"},
                     {"code", v.code},
                     {"rule", v.rule},
                     {"message", ActorSentence(v)},
                     {"legal", ProjectLegal(legal, p.seat)},
                     {"actions", ProjectActions(legal, t.match->LegalActionsJson(), p.seat)}}));
}

// What happens next at a table once nothing is in flight: the server deals
// and ends; bots act after their delay; an absent person's turn is played
// by a bot after the grace period.
void Hub::Advance(Table& t) {
  if (!t.started || t.busy || !t.queue.empty() || t.thinking || t.paused) return;
  auto quiet = [](const Reply&) {};
  if (t.match->Over()) {
    if (!t.end_tried) {
      t.end_tried = true;
      Submit(t, Pending{-1, R"({"type":"end"})", {}, {}, "", quiet});
    }
    return;
  }
  const std::vector<int> to_act = t.match->ToAct();
  if (to_act.empty()) {
    if (std::optional<std::string> deal = t.match->SeededDeal(RandomSeed()))
      Submit(t, Pending{-1, *deal, {}, t.match->seq(), "", quiet});
    return;
  }
  const auto now = Clock::now();
  std::optional<std::pair<Clock::duration, int>> next;
  for (int seat : to_act) {
    const Seat& s = t.seats[seat];
    Clock::duration due;
    if (s.kind != "human") {
      due = options_.bot_delay;
    } else if (s.connected > 0) {
      continue;
    } else {
      due = std::max<Clock::duration>(s.seen + options_.grace - now, options_.bot_delay);
    }
    if (!next || due < next->first) next = {due, seat};
  }
  if (!next) {
    // Nothing is due: a grace timer armed while a person was away goes (they
    // are back), so no bot plays a connected person's turn.
    t.timer->cancel();
    return;
  }
  const int seat = next->second;
  const std::string by = "bot:" + t.level;
  const int64_t seq = t.match->seq();
  const std::string id = t.id;
  if (next->first <= Clock::duration::zero()) {
    BotTurn(t, seat, seq, by);
    return;
  }
  t.timer->expires_after(next->first);
  t.timer->async_wait([this, id, seat, seq, by](const boost::system::error_code& ec) {
    if (ec) return;
    Table* t = Find(id);
    if (!t || t->busy || !t->queue.empty()) return;
    // Asked again, not trusted: the person may have come back (or acted)
    // since the timer was armed.
    if (t->match->seq() != seq || !MayBotPlay(*t, seat)) return Advance(*t);
    BotTurn(*t, seat, seq, by);
  });
}

// A bot may act for `seat`: a bot's seat, or a person's seat whose person
// is not connected (their grace period is what Advance waited for).
bool Hub::MayBotPlay(const Table& t, int seat) {
  const Seat& s = t.seats[static_cast<size_t>(seat)];
  return s.kind != "human" || s.connected == 0;
}

bool Hub::Idle(const std::string& table) const {
  auto it = tables_.find(table);
  if (it == tables_.end()) return true;
  const Table& t = *it->second;
  return !t.busy && t.queue.empty() && !t.thinking;
}

void Hub::BotTurn(Table& t, int seat, int64_t seq, const std::string& by) {
  if (t.thinking) return;
  t.thinking = true;
  std::shared_ptr<Match> copy = t.match->Clone();
  BotSeat* bot = t.bots[seat].get();
  const std::string id = t.id;
  boost::asio::post(thinkers_, [this, copy, bot, seat, seq, by, id] {
    std::optional<std::string> line = bot->Act(*copy, seat);
    boost::asio::post(io_, [this, line, seat, seq, by, id] {
      Table* t = Find(id);
      if (!t) return;
      t->thinking = false;
      if (!line || t->match->seq() != seq || !MayBotPlay(*t, seat)) {
        Advance(*t);
        return;
      }
      Submit(*t, Pending{seat, *line, {}, seq, t->seats[seat].kind == "human" ? by : t->seats[seat].kind,
                         [](const Reply& r) {
                           if (r.status != 200) std::cerr << "pli serve: a bot's action: " << r.body << "\n";
                         }});
    });
  });
}

// --- What recipients receive (projection.h only) ---------------------------

std::string Hub::EventLine(const Table& t, size_t index, int seat) const {
  const TableEvent& e = t.events[index];
  return bj::serialize(ProjectEvent(*t.kind, e.json, seat, e.sealed, Ended(t), e.by));
}

std::string Hub::EventMessage(const Table& t, size_t index, int seat) const {
  const TableEvent& e = t.events[index];
  const bj::array legal = t.match->LegalJson();
  bj::object m{{"t", "event"},
               {"seq", static_cast<int64_t>(index + 1)},
               {"event", ProjectEvent(*t.kind, e.json, seat, e.sealed, Ended(t), e.by)},
               {"view", ProjectState(*t.match, seat)},
               {"legal", ProjectLegal(legal, seat)},
               {"actions", ProjectActions(legal, t.match->LegalActionsJson(), seat)}};
  return bj::serialize(m);
}

void Hub::Broadcast(Table& t, size_t index) {
  std::map<std::pair<int, bool>, std::string> made;
  const bool end = t.events[index].json.at("type") == "end";
  std::vector<Follower> kept;
  for (Follower& f : t.followers) {
    std::shared_ptr<Subscriber> sub = f.sub.lock();
    if (!sub) continue;
    if (f.backlog != std::string::npos) {  // catching up: its backlog reaches this event (Catchup)
      kept.push_back(f);
      continue;
    }
    std::string& text = made[{f.seat, f.ws}];
    if (text.empty()) text = f.ws ? EventMessage(t, index, f.seat) : EventLine(t, index, f.seat) + "\n";
    sub->Send(text);
    if (end && !f.ws) {
      sub->Close("");
      continue;
    }
    kept.push_back(f);
  }
  t.followers = std::move(kept);
}

bj::object Hub::SeatsJson(const Table& t) const {
  bj::array seats;
  for (const Seat& s : t.seats) {
    seats.push_back(bj::object{{"name", s.name},
                               {"kind", s.kind.empty() ? "open" : s.kind},
                               {"connected", s.kind != "human" ? s.kind.starts_with("bot") : s.connected > 0}});
  }
  return {{"seats", std::move(seats)}};
}

bj::object Hub::Welcome(Table& t, int seat) {
  bj::object m{{"t", "welcome"},
               {"seat", seat >= 0 ? bj::value(seat) : bj::value(nullptr)},
               {"seq", t.match->seq()},
               {"table", t.id},
               {"code", t.code},
               {"started", t.started},
               {"ruleset", t.ruleset},
               {"game", t.started ? bj::value(t.game) : bj::value(nullptr)}};
  m["view"] = t.started ? bj::value(ProjectState(*t.match, seat)) : bj::value(nullptr);
  const bj::array legal = t.match->LegalJson();
  m["legal"] = ProjectLegal(legal, seat);
  m["actions"] = ProjectActions(legal, t.match->LegalActionsJson(), seat);
  m["seats"] = SeatsJson(t).at("seats");
  return m;
}

}  // namespace pli::serve
