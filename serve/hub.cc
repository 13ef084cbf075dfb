// hub.cc: see hub.h.
#include "serve/hub.h"

#include <boost/asio/post.hpp>
#include <boost/json.hpp>
#include <cstring>
#include <ctime>
#include <iostream>

#include "referee/chain.h"
#include "referee/open_store.h"
#include "referee/postgres_store.h"
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
  inner_store_ = OpenStore(options_.db, OpenMode::kCreate);
  store_ = std::make_unique<BatchStore>(*inner_store_);
  side_ = OpenSideStore(options_.db);
  nodes_ = IsPostgresUri(options_.db);
  if (nodes_) {
    // Listening before the tables are read: an event appended meanwhile is
    // heard, and found already folded or read then.
    static_cast<BatchStore&>(*store_).FreshReads();
    locks_ = OpenTableLocks(options_.db);
    listener_ = ListenForEvents(options_.db, [this](std::string game, int64_t seq) {
      boost::asio::post(io_, [this, game = std::move(game), seq] { Heard(game, seq); });
    });
  }
  Load();
  writer_ = std::thread([this] { WriterLoop(); });
  sweep_ = std::make_unique<boost::asio::steady_timer>(io_);
  boost::asio::post(io_, [this] { Sweep(); });
  if (nodes_) {
    drive_timer_ = std::make_unique<boost::asio::steady_timer>(io_);
    boost::asio::post(io_, [this] { DriveScan(); });
  }
}

Hub::~Hub() {
  listener_.reset();
  if (drive_timer_) drive_timer_->cancel();
  Shutdown();
  thinkers_.join();
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
  const std::map<std::string, std::map<int64_t, std::string>> by = side_->By();
  // What a restart reloads is bounded (issue 30): not the tables closed for
  // idleness (serve_closed), and at most HubOptions::max_tables, the newest.
  static const std::map<int64_t, std::string> none;
  for (const SideTable& row : side_->Tables(options_.max_tables)) {
    auto it = by.find(row.game);
    if (Table* t = Adopt(row, it == by.end() ? none : it->second, *store_))
      boost::asio::post(io_, [this, t] { Advance(*t); });
  }
}

// A table from its side rows, its game folded from the log.
Table* Hub::Adopt(const SideTable& row, const std::map<int64_t, std::string>& by, EventStore& store) {
  auto t = std::make_unique<Table>();
  t->id = row.id;
  t->code = row.code;
  t->ruleset = row.ruleset;
  if (auto o = ParseStrictJson(row.options); std::holds_alternative<bj::value>(o) && std::get<bj::value>(o).is_object())
    t->options = std::get<bj::value>(o).as_object();
  t->size = row.size;
  t->level = row.level;
  t->host = row.host.value_or(TokenHash{});
  t->bot_seed = row.bot_seed;
  t->game = row.game;
  t->kind = FindGame(t->ruleset);
  if (!t->kind || t->size <= 0) return nullptr;
  t->seats.resize(static_cast<size_t>(t->size));
  ReloadSeats(*t, row);
  t->match = t->kind->NewMatch();
  t->match->KeepLog();
  t->timer = std::make_unique<boost::asio::steady_timer>(io_);
  if (std::optional<StoredGame> g = store.Read(t->game)) {
    t->started = true;
    for (int s = 0; s < t->size; ++s)
      t->bots.push_back(t->kind->MakeBot(t->level, static_cast<uint64_t>(t->bot_seed + s)));
    for (const StoredEvent& e : g->events) {
      auto who = by.find(e.seq);
      Fold(*t, e.body, e.seq, e.hash, who == by.end() ? "" : who->second);
      if (TableEvent& te = t->events.back(); te.by.empty()) te.by = BotSeatBy(*t, te.json);
      if (t->events.back().json.at("type") == "end") t->end_tried = true;
    }
  }
  codes_[t->code] = t->id;
  games_[t->game] = t->id;
  Table* raw = t.get();
  tables_[t->id] = std::move(t);
  return raw;
}

void Hub::ReloadSeats(Table& t, const SideTable& row) {
  for (const SideSeat& s : row.seats) {
    if (s.seat < 0 || s.seat >= t.size) continue;
    Seat& seat = t.seats[static_cast<size_t>(s.seat)];
    seat.name = s.name;
    seat.kind = s.kind;
    seat.token = s.token;
    // A restart starts every person's grace period again: they were cut
    // off by the server, not gone, and a bot must not take their turn
    // before they could reconnect (a default `seen` is long past).
    if (seat.connected == 0) seat.seen = Clock::now();
  }
}

// --- Other nodes (several pli serve on one PostgreSQL database) ------------
// ../shared/SERVE.md "Beyond one machine": any node serves any table; the
// store decides every race (each node's writer submits with the log's
// guards, reading each game afresh: BatchStore::FreshReads); after a commit
// a node NOTIFYs "SEQ GAME"; a node that holds the table reads the rows it
// lacks (all of the game, in order: no gap) and sends each follower its
// projection. The network thread reads a table another node made from the
// database when a request names it (Lookup: a blocking read, once per
// table and node).

Table* Hub::Lookup(const std::string& id, const std::string& token) {
  Table* t = Find(id);
  if (!nodes_) return t;
  try {
    if (!lookup_side_) {
      lookup_side_ = OpenSideStore(options_.db);
      lookup_store_ = OpenStore(options_.db, OpenMode::kReadWrite);
    }
    if (!t) {
      std::optional<SideTable> row = lookup_side_->Find(id, false);
      if (!row) return nullptr;
      const auto by = lookup_side_->By();
      static const std::map<int64_t, std::string> none;
      auto it = by.find(row->game);
      t = Adopt(*row, it == by.end() ? none : it->second, *lookup_store_);
      if (t) boost::asio::post(io_, [this, id] { if (Table* t = Find(id)) Advance(*t); });
      return t;
    }
    // A token this node does not know: a person may have joined, or had
    // their token reissued, on another node.
    if (!token.empty() && SeatOf(*t, token) == -2 && !SameHash(HashToken(token), t->host)) {
      if (std::optional<SideTable> row = lookup_side_->Find(id, false)) ReloadSeats(*t, *row);
    }
  } catch (const std::exception& e) {
    std::cerr << "pli serve: reading table " << id << " from the database: " << e.what() << "\n";
    lookup_side_.reset();  // made again on the next request (failover)
    lookup_store_.reset();
  }
  return t;
}

Table* Hub::LookupCode(const std::string& code) {
  if (auto it = codes_.find(code); it != codes_.end()) {
    Table* t = nodes_ ? Lookup(it->second, "") : Find(it->second);
    // A join: the seats as the database has them (another node may have
    // seated someone since). Two nodes seating at once is not decided by
    // the store yet (serve/README.md "Several nodes").
    if (t && nodes_ && lookup_side_) {
      try {
        if (std::optional<SideTable> row = lookup_side_->Find(t->id, false)) ReloadSeats(*t, *row);
      } catch (const std::exception& e) {
        std::cerr << "pli serve: reading table " << t->id << " from the database: " << e.what() << "\n";
        lookup_side_.reset();
        lookup_store_.reset();
      }
    }
    return t;
  }
  if (!nodes_) return nullptr;
  try {
    if (!lookup_side_) {
      lookup_side_ = OpenSideStore(options_.db);
      lookup_store_ = OpenStore(options_.db, OpenMode::kReadWrite);
    }
    if (std::optional<SideTable> row = lookup_side_->Find(code, true)) return Lookup(row->id, "");
  } catch (const std::exception& e) {
    std::cerr << "pli serve: reading a table from the database: " << e.what() << "\n";
    lookup_side_.reset();
    lookup_store_.reset();
  }
  return nullptr;
}

// The seats as the database has them (several nodes: another node may have
// seated someone). A blocking read on the network thread, as Lookup's.
void Hub::RereadSeats(Table& t) {
  try {
    if (!lookup_side_) {
      lookup_side_ = OpenSideStore(options_.db);
      lookup_store_ = OpenStore(options_.db, OpenMode::kReadWrite);
    }
    if (std::optional<SideTable> row = lookup_side_->Find(t.id, false)) ReloadSeats(t, *row);
  } catch (const std::exception& e) {
    std::cerr << "pli serve: reading table " << t.id << " from the database: " << e.what() << "\n";
    lookup_side_.reset();  // made again on the next request (failover)
    lookup_store_.reset();
  }
}

void Hub::Heard(const std::string& game, int64_t seq) {
  if (game.empty()) {  // the listener connected again: what it missed is read
    for (auto& [id, t] : tables_)
      if (t->started) Refresh(*t);
    return;
  }
  auto it = games_.find(game);
  if (it == games_.end()) return;  // not held here: read when a request names it
  Table* t = Find(it->second);
  if (seq == 0) {  // "0 GAME": a seat was taken on another node (Join)
    if (t && !t->started) {
      RereadSeats(*t);
      Presence(*t);
    }
    return;
  }
  if (t && seq > static_cast<int64_t>(t->events.size())) Refresh(*t);
}

// The writer reads the game afresh; the events this node lacks are folded
// and sent, in seq order.
void Hub::Refresh(Table& t) {
  if (t.refreshing) {
    t.refresh_again = true;
    return;
  }
  t.refreshing = true;
  auto got = std::make_shared<std::optional<StoredGame>>();
  Job j;
  j.task = [game = t.game, got](BatchStore& store) { *got = store.Read(game); };
  j.side_done = [this, id = t.id, got] {
    Table* t = Find(id);
    if (!t) return;
    t->refreshing = false;
    if (*got) CaughtUp(*t, **got);
    if (t->refresh_again) {
      t->refresh_again = false;
      Refresh(*t);
    }
  };
  Enqueue(std::move(j));
}

bool Hub::Drive(Table& t) {
  if (!locks_) return true;
  // The lock connection was made again: every lock it held was freed with
  // the old one (another node may drive those tables now).
  if (const uint64_t epoch = locks_->Epoch(); epoch != lock_epoch_) {
    lock_epoch_ = epoch;
    for (auto& [id, other] : tables_) other->driving = false;
  }
  if (t.driving) return true;
  try {
    t.driving = locks_->TryLock(t.id);
  } catch (const std::exception& e) {
    std::cerr << "pli serve: " << e.what() << "\n";
  }
  if (t.driving) {
    // Taken over: a driver that died between a commit and its NOTIFY left
    // the other nodes behind, with nothing to wake them (a person's turn on
    // a node that does not know it is theirs stalls the table). So every
    // node holding the table reads it (Heard: a seq past any head), this
    // one too.
    Refresh(t);
    Side([game = t.game](SideStore& side) { side.Notify({{game, INT64_MAX}}); }, [] {});
  }
  return t.driving;
}

void Hub::DriveScan() {
  try {
    locks_->Check();  // a lost lock connection is noticed (and made again) here
  } catch (const std::exception& e) {
    std::cerr << "pli serve: " << e.what() << "\n";
  }
  for (auto& [id, t] : tables_)
    if (t->started && !t->driving && !Ended(*t)) Advance(*t);
  drive_timer_->expires_after(std::chrono::seconds(1));
  drive_timer_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) DriveScan();
  });
}

void Hub::CaughtUp(Table& t, const StoredGame& g) {
  const size_t before = t.events.size();
  for (const StoredEvent& e : g.events) {
    if (e.seq <= static_cast<int64_t>(t.events.size())) continue;
    if (e.seq != static_cast<int64_t>(t.events.size()) + 1) break;  // rows are contiguous: never
    if (!t.started) {  // started on another node: its seats (bots named) are stored
      RereadSeats(t);
      t.started = true;
      for (int s = 0; s < t.size; ++s)
        t.bots.push_back(t.kind->MakeBot(t.level, static_cast<uint64_t>(t.bot_seed + s)));
      // This node's followers are told the seats (the bots now named), as
      // the starting node's are: else its pages kept the bots' seats open
      // (issue 31; tests/web/nodes.test.mjs waits for them).
      Presence(t);
    }
    std::string by;
    if (auto it = t.by_of.find(e.seq); it != t.by_of.end()) {
      by = it->second;
      t.by_of.erase(it);
    }
    Fold(t, e.body, e.seq, e.hash, by);
    if (TableEvent& te = t.events.back(); te.by.empty()) te.by = BotSeatBy(t, te.json);
    if (t.events.back().json.at("type") == "end") t.end_tried = true;
    Broadcast(t, t.events.size() - 1);
  }
  if (t.events.size() != before) Advance(t);
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

void Hub::Side(std::function<void(SideStore&)> write, std::function<void()> done) {
  Job j;
  j.side = std::move(write);
  j.side_done = std::move(done);
  Enqueue(std::move(j));
}

// --- Failover (several nodes on PostgreSQL; serve/README.md "Failover") -----
// ../shared/SERVE.md "Beyond one machine": the database's primary may die
// and a standby be promoted; nodes connect with a multi-host URI and
// target_session_attrs=read-write (libpq picks the host that takes writes).
// When a group's commit fails because the connection was lost, whether it
// was committed is not known: the writer connects again (backoff, up to
// HubOptions::reconnect_wait from the loss), then asks the log. A group is
// one transaction (BatchStore::Group), so one of its appended events tells
// for all of them: the event at its seq with the very hash the writer
// computed (the hash covers prev, seq and body: that event and no other)
// means the group was committed, and its results are the answer, nothing
// written again; else the group is submitted again, each action judged
// afresh, and an action carrying an idempotency key ("id") that another
// writer recorded meanwhile is answered with its original seq (the log's
// UNIQUE (game, id), referee.cc Resubmitted). While no primary answers, each
// action is refused 503 "reconnecting" and every WebSocket of every table is
// told {"t":"store","state":"reconnecting"} (then "ok").

bool Hub::Reconnect() {
  using namespace std::chrono_literals;
  const auto now = Clock::now();
  if (!down_) {
    down_ = true;
    down_since_ = now;
    boost::asio::post(io_, [this] { StoreState(false); });
  }
  auto backoff = std::chrono::milliseconds(20);
  for (;;) {
    try {
      std::unique_ptr<EventStore> inner = OpenStore(options_.db, OpenMode::kReadWrite);
      auto batch = std::make_unique<BatchStore>(*inner);
      batch->FreshReads();
      std::unique_ptr<SideStore> side = OpenSideStore(options_.db);
      store_ = std::move(batch);  // before the store it forwards to goes
      inner_store_ = std::move(inner);
      side_ = std::move(side);
      ++reconnects_;
      down_ = false;
      boost::asio::post(io_, [this] { StoreState(true); });
      std::cerr << "pli serve: connected to the database again\n";
      return true;
    } catch (const std::exception& e) {
      if (Clock::now() + backoff > down_since_ + options_.reconnect_wait) {
        std::cerr << "pli serve: no primary reachable: " << e.what() << "\n";
        return false;
      }
    }
    std::unique_lock lock(mu_);
    if (cv_.wait_for(lock, backoff, [&] { return stop_; })) return false;
    backoff = std::min<std::chrono::milliseconds>(backoff * 2, 1000ms);
  }
}

void Hub::StoreState(bool ok) {
  if (ok == store_ok_) return;
  store_ok_ = ok;
  if (ok)  // what was committed while the answer was lost is read from the log
    for (auto& [id, t] : tables_)
      if (t->started) Refresh(*t);
  const std::string text = bj::serialize(bj::object{{"t", "store"}, {"state", ok ? "ok" : "reconnecting"}});
  for (auto& [id, t] : tables_)
    for (Follower& f : t->followers)
      if (f.ws)
        if (std::shared_ptr<Subscriber> sub = f.sub.lock()) sub->Send(text);
}

// Whether the group that gave `results` is in the log (see above).
bool Hub::GroupCommitted(const std::vector<Job>& batch,
                         const std::vector<std::shared_ptr<AnySubmitResult>>& results) {
  size_t i = 0;
  for (const Job& j : batch) {
    if (!j.done) continue;
    const AnySubmitResult& r = *results[i++];
    if (r.outcome != Outcome::kAccepted) continue;
    std::optional<StoredGame> g = store_->Read(j.game);
    if (!g || r.seq < 1 || r.seq > static_cast<int64_t>(g->events.size())) return false;
    const StoredEvent& e = g->events[static_cast<size_t>(r.seq - 1)];
    return e.seq == r.seq && e.hash == r.hash;
  }
  return false;  // nothing appended: nothing was committed
}

void Hub::GroupActions(std::vector<Job>& batch, size_t actions,
                       std::vector<std::shared_ptr<AnySubmitResult>>& results) {
  const auto refuse = [&](const std::string& code, const std::string& message) {
    results.clear();
    for (Job& j : batch) {
      if (!j.done) continue;
      auto r = std::make_shared<AnySubmitResult>();
      r->outcome = Outcome::kRejected;
      r->violation = Verdict{code, "", message, ""};
      r->message = message;
      results.push_back(std::move(r));
    }
  };
  for (int round = 0;; ++round) {
    auto& store = static_cast<BatchStore&>(*store_);
    try {
      if (down_) throw StoreError("no primary reachable");  // one attempt to connect, below
      store.Group([&] {
        results.clear();
        for (Job& j : batch) {
          if (!j.done) continue;
          auto r = std::make_shared<AnySubmitResult>(SubmitAny(store, j.game, *j.kind, j.action, j.expect));
          r->match.reset();
          results.push_back(std::move(r));
        }
      });
      return;
    } catch (const std::exception& e) {
      if (!down_) std::cerr << "pli serve: storage failure: " << e.what() << "\n";
      if (!nodes_ || round >= 3) {
        refuse("storage", std::string("storage failure: ") + e.what());
        return;
      }
      // The outcome is unknown: the results of this run, complete, are kept
      // to be checked against the log once connected again.
      std::vector<std::shared_ptr<AnySubmitResult>> prior;
      if (!down_ && results.size() == actions) prior = results;
      if (!Reconnect()) {
        refuse("reconnecting",
               "the database has no primary reachable now (pli serve is reconnecting): "
               "this action may not be written; send it again (with the same id, or the same expect)");
        return;
      }
      if (prior.empty()) continue;
      // Asked until the log answers (a read may meet the next failure).
      std::optional<bool> committed;
      for (int ask = 0; !committed && ask < 3; ++ask) {
        try {
          committed = GroupCommitted(batch, prior);
        } catch (const std::exception& e) {
          std::cerr << "pli serve: reading the log after a lost commit: " << e.what() << "\n";
          if (!Reconnect()) break;
        }
      }
      if (!committed) {
        refuse("reconnecting",
               "the database has no primary reachable now (pli serve is reconnecting): "
               "this action may not be written; send it again (with the same id, or the same expect)");
        return;
      }
      if (*committed) {
        ++recovered_;
        results = std::move(prior);
        return;
      }
    }
  }
}

void Hub::WriterLoop() {
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
    if (actions > 0) GroupActions(batch, actions, results);
    const float took = std::chrono::duration<float, std::milli>(Clock::now() - began).count();
    bool any = false;
    for (Job& j : batch) any |= static_cast<bool>(j.side);
    for (int round = 0; any; ++round) {
      try {
        side_->Begin();
        for (Job& j : batch)
          if (j.side) j.side(*side_);
        side_->Commit();
        break;
      } catch (const std::exception& e) {
        std::cerr << "pli serve: " << e.what() << "\n";
        side_->Rollback();
        // Several nodes: a lost connection is made again and the group's
        // side writes tried once more (Reconnect; README "Failover").
        if (!nodes_ || round > 0 || !Reconnect()) break;
      }
    }
    // Other nodes hear of what this group appended, once it is committed.
    if (nodes_ && actions > 0) {
      std::map<std::string, int64_t> heads;
      size_t i = 0;
      for (Job& j : batch) {
        if (!j.done) continue;
        const AnySubmitResult& r = *results[i++];
        if (r.outcome == Outcome::kAccepted) heads[j.game] = std::max(heads[j.game], r.seq);
      }
      try {
        if (!heads.empty()) side_->Notify({heads.begin(), heads.end()});
      } catch (const std::exception& e) {
        std::cerr << "pli serve: " << e.what() << "\n";
      }
    }
    for (Job& j : batch) {
      if (!j.task) continue;
      try {
        j.task(static_cast<BatchStore&>(*store_));
      } catch (const std::exception& e) {
        std::cerr << "pli serve: " << e.what() << "\n";
      }
    }
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
      } else if (j.side_done && !j.task) {
        boost::asio::post(io_, std::move(j.side_done));
      }
    }
    // Reads of the log (Refresh) after every action's answer: an actor hears
    // its ack before its event, even when a read of its table (after another
    // node's NOTIFY, or a reconnection) shared its group.
    for (Job& j : batch)
      if (j.task && j.side_done) boost::asio::post(io_, std::move(j.side_done));
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
      if (r.violation && (r.violation->code == "storage" || r.violation->code == "reconnecting")) {  // not again at once
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
      // Who acted is stored only when a bot played a person's seat (the
      // grace period): a bot seat's actions are its kind's, which
      // serve_seats keeps (Load derives them), so that bots at zero delay
      // cost no side commit, no second fsync, per group.
      if (!p.by.empty() && p.seat >= 0 && t.seats[p.seat].kind == "human") {
        Side([game = t.game, seq = r.seq, by = p.by](SideStore& side) { side.PutBy(game, seq, by); }, [] {});
      }
      if (r.seq != static_cast<int64_t>(t.events.size()) + 1) {
        // Another node appended before this event (hub.cc "Other nodes"):
        // the rows are read and folded in order, this one with them.
        t.by_of[r.seq] = p.by;
        p.reply(Json(200, {{"seq", r.seq}}));
        Refresh(t);
        return;
      }
      Fold(t, p.action.body, r.seq, r.hash, p.by);
      p.reply(Json(200, {{"seq", r.seq}}));  // the actor hears its ack first
      Broadcast(t, t.events.size() - 1);
      return;
    }
    case Outcome::kDuplicate:
      // Its event may be one this node has not folded (a commit whose answer
      // was lost, hub.cc "Failover"; or another node's): read from the log.
      if (nodes_ && r.head_seq > static_cast<int64_t>(t.events.size())) Refresh(t);
      p.reply(Json(200, {{"seq", r.seq}}));
      return;
    case Outcome::kStale:
      if (nodes_ && r.head_seq > static_cast<int64_t>(t.events.size())) Refresh(t);  // another node's events
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
  if (v.code == "storage" || v.code == "reconnecting") {
    p.reply(Error(503, v.code, v.message));
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
  if (!Drive(t)) return;  // another node runs its bots, timers, deals and end
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
