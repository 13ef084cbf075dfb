// hub.h: the live tables of `pli serve` (../shared/SERVE.md), without the
// network: tables folded in memory, the writer that commits the actions of
// many tables in one transaction (group commit), seats and tokens, bots,
// and what each recipient is sent (through projection.h only).
//
// Threads: every Table and every call of Hub runs on the network thread
// (the io_context); the writer thread owns the store and the side tables;
// bots think on a thread of their own with a copy of their seat's match.
// Replies come back on the network thread.
#ifndef PLI_SERVE_HUB_H_
#define PLI_SERVE_HUB_H_

#include <boost/asio/io_context.hpp>
#include <boost/asio/steady_timer.hpp>
#include <boost/asio/thread_pool.hpp>
#include <boost/json/object.hpp>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <deque>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <thread>
#include <vector>

#include "games/game.h"
#include "referee/referee.h"
#include "referee/store.h"
#include "serve/side_store.h"
#include "serve/tokens.h"

namespace pli::serve {

class BatchStore;

struct HubOptions {
  std::string db;
  std::chrono::milliseconds bot_delay{700};  // a bot's pause before acting
  std::chrono::milliseconds grace{20000};    // before a bot plays an absent person's turn
  double join_rate = 1.0;                    // joins per second per address (burst 10); 0: no limit
  size_t max_batch = 1024;                   // actions per group commit
  // Work bounded per request, per seat and per address (issue 30; serve/README.md "Limits").
  size_t backlog_chunk = 64;                 // events built per step of a resync or an events stream
  std::chrono::milliseconds presence_every{500};  // at most one presence message per table per this
  double action_rate = 30, action_burst = 60;     // HTTP actions per second per seat (as the WebSocket's)
  double create_rate = 1, create_burst = 20;    // tables created per second per address; 0: no limit
  size_t max_tables = 5000;                  // tables in memory in all (creation refused beyond; a restart reloads at most this many)
  std::chrono::milliseconds idle_pause{5 * 60 * 1000};   // nobody following, no action: bots stop
  std::chrono::milliseconds idle_close{60 * 60 * 1000};  // then the game is ended and the table freed
  // Several nodes on PostgreSQL (hub.cc "Failover"): how long the writer
  // keeps connecting again after a lost connection before it refuses
  // actions 503 "reconnecting" (one attempt per group from then on).
  std::chrono::milliseconds reconnect_wait{10000};
};

// An HTTP answer: status and body.
struct Reply {
  int status = 200;
  std::string body;
  std::string type = "application/json";
};

// A client that follows a table: a WebSocket (messages of INTERFACE.md §3)
// or an NDJSON stream (projected events only).
class Subscriber {
 public:
  virtual ~Subscriber() = default;
  virtual void Send(std::string text) = 0;
  virtual void Close(std::string text) = 0;  // sends text (if any) then closes
  // Calls `then` (on the network thread) once what was sent so far is
  // written to the socket: the back-pressure of a backlog sent in chunks.
  // Never called if the client is gone. This default calls it at once (a
  // subscriber with no socket behind it, e.g. a test's recorder).
  virtual void WhenDrained(std::function<void()> then) { then(); }
};

struct Follower {
  std::weak_ptr<Subscriber> sub;
  int seat = -1;
  bool ws = true;
  // Its chat's token bucket (serve/chat.cc): kChatBurst at once, then
  // kChatRate a second.
  double chat_tokens = 5;
  std::chrono::steady_clock::time_point chat_when = std::chrono::steady_clock::now();
  // The next event of its backlog still to send (events before the live
  // ones, sent a chunk at a time: Hub::Catchup), or npos when caught up.
  size_t backlog = std::string::npos;
  bool close_caught_up = false;  // an events stream without follow: ends once caught up
};

// One event as the table keeps it.
struct TableEvent {
  boost::json::object json;  // Game::EventJson (with hash), parsed
  bool sealed = false;
  std::string by;
};

struct Seat {
  std::string name;
  std::string kind;  // "" open, "human", "bot:LEVEL"
  std::optional<TokenHash> token;
  int connected = 0;
  std::chrono::steady_clock::time_point seen{};
  std::weak_ptr<Subscriber> ws;  // the seat's WebSocket, superseded by a newer one
};

struct Pending {
  int seat = -1;  // -1: the server (deals, end)
  std::string line;
  AnyEvent action;  // the line as its game read it
  std::optional<int64_t> expect;
  std::string by;
  std::function<void(Reply)> reply;
  std::chrono::steady_clock::time_point at = std::chrono::steady_clock::now();
};

struct Table {
  std::string id, code, game, ruleset, level;
  boost::json::object options;
  const Game* kind = nullptr;
  int size = 0;
  TokenHash host{};
  int64_t bot_seed = 0;
  std::vector<Seat> seats;
  bool started = false;
  bool end_tried = false;
  std::unique_ptr<Match> match;
  std::vector<TableEvent> events;
  std::vector<std::unique_ptr<BotSeat>> bots;
  std::deque<Pending> queue;
  bool busy = false;  // an action is with the writer
  std::vector<Follower> followers;
  std::unique_ptr<boost::asio::steady_timer> timer;
  int64_t timer_seq = -1;
  bool thinking = false;
  // Issue 30's budgets and the table's life (hub_limits.cc).
  std::unique_ptr<boost::asio::steady_timer> presence_timer;  // a coalesced presence is due
  std::chrono::steady_clock::time_point presence_sent{};
  bool presence_due = false;
  std::map<int, std::pair<double, std::chrono::steady_clock::time_point>> act_budget;  // HTTP actions per seat
  std::chrono::steady_clock::time_point active = std::chrono::steady_clock::now();  // last action or follower
  // Several nodes (PostgreSQL, hub.cc "Other nodes"): a read of the log
  // under way after another node's NOTIFY, one more asked meanwhile, and who
  // acted for events this node wrote but has not folded yet.
  bool refreshing = false, refresh_again = false;
  bool driving = false;  // this node holds the table's advisory lock: its bots and timers run here
  std::map<int64_t, std::string> by_of;
  bool paused = false;   // idle: its bots wait
  bool closing = false;  // idle for long: its end is written, then it is freed
};

// Whether the table's game has its `end` event (seeds, ids and hashes are
// sent from then on).
bool Ended(const Table& t);

struct HubStats {
  uint64_t batches = 0, actions = 0, accepted = 0, rejected = 0;
  uint64_t max_batch = 0;
  uint64_t side_commits = 0;  // transactions of the side tables (their own fsync)
  // Durations in ms, the last 65,536 of each, for /api/stats' p50/p99/max.
  struct Spread {
    std::vector<float> ms;
    size_t next = 0;
    void Add(float v) {
      if (ms.size() < 65536) ms.push_back(v);
      else ms[next++ % 65536] = v;
    }
  };
  Spread commit;  // each group's transaction: SubmitAny of every action, the commit
  Spread ack;     // a WebSocket `act` read -> its ack handed to the socket (in the server)
  Spread queued;  // an action handed to the writer -> its group begins
  Spread posted;  // the writer done with a group -> an action's result on the network thread
  Spread table;   // an action read -> handed to the writer (behind its table's previous one)
  // Issue 30: what one request may cost the network thread.
  uint64_t backlog_steps = 0, backlog_step_max = 0;  // steps of a backlog sent in chunks, most events in one
  uint64_t presence_sent = 0;                        // presence messages handed to sockets
  uint64_t refused_creates = 0, refused_actions = 0; // over a budget (429) or the cap (503)
  uint64_t paused = 0, freed = 0;                    // tables paused for idleness, freed
};

class Hub {
 public:
  Hub(boost::asio::io_context& io, HubOptions options);
  ~Hub();

  // HTTP API (INTERFACE.md §3); `reply` is called on the network thread.
  void CreateTable(const std::string& body, const std::function<void(Reply)>& reply);
  void Join(const std::string& body, const std::string& address,
            const std::function<void(Reply)>& reply);
  void Start(const std::string& table, const std::string& token,
             const std::function<void(Reply)>& reply);
  void End(const std::string& table, const std::string& token,
           const std::function<void(Reply)>& reply);
  void Act(const std::string& table, const std::string& token, const std::string& body,
           const std::function<void(Reply)>& reply);
  // Host: revokes seat `seat`'s token and issues a new one (SERVE.md: "revoke
  // and reissue a seat's token"). The old token is refused from this call on
  // and the seat's open connections are closed with an error "revoked"; the
  // reply {"table","seat","token"} comes once the new hash is stored.
  void Reissue(const std::string& table, const std::string& seat, const std::string& token,
               const std::function<void(Reply)>& reply);
  // The replay page (replay/html.h) of a game that has ended: 404 for an
  // unknown game, 403 before its end (no hidden card of a live game leaks).
  Reply Replay(const std::string& game);
  Reply View(const std::string& table, const std::string& token);
  // GET /api/games: {"games":[FactsJson of each registered game]}.
  Reply GameList() const;
  // NDJSON lines after `since`; `follow` registers `sub`.
  Reply Events(const std::string& table, const std::string& token, int64_t since);
  // GET .../events as a stream (hub_limits.cc): checks the token like
  // Events, then sends `sub` the projected events after `since` a chunk at
  // a time (HubOptions::backlog_chunk, each once the last is written), then
  // the live ones if `follow` and the game is not over; else `sub` is
  // closed once caught up. A status other than 200 registers nothing.
  Reply Stream(const std::string& table, const std::string& token, int64_t since, bool follow,
               const std::shared_ptr<Subscriber>& sub);
  // POST /api/tables within the budgets: per address and in all (429, 503).
  void CreateTableFrom(const std::string& body, const std::string& address,
                       const std::function<void(Reply)>& reply);
  // POST .../actions within the seat's budget (as the WebSocket's): 429.
  void ActLimited(const std::string& table, const std::string& token, const std::string& body,
                  const std::function<void(Reply)>& reply);
  bool Follow(const std::string& table, const std::string& token,
              const std::shared_ptr<Subscriber>& sub);
  Reply Log(const std::string& game);
  Reply Stats();

  // WebSocket: the first message. Returns the welcome (and later events to
  // `sub`), or an error message for the caller to send before closing.
  std::optional<std::string> Auth(const boost::json::object& msg,
                                  const std::shared_ptr<Subscriber>& sub, int* seat,
                                  std::string* table);
  void WsAct(const std::string& table, int seat, const boost::json::object& msg,
             const std::shared_ptr<Subscriber>& sub);
  void Resync(const std::string& table, int seat, int64_t since,
              const std::shared_ptr<Subscriber>& sub);
  // `{"t":"chat","rid"?,"text"}` from `sub` (serve/chat.cc, serve/README.md
  // "Chat"): sent to every WebSocket follower of the table as
  // {"t":"chat","seat","name","text"} (the sender's copy with its rid), or
  // refused to `sub` alone as {"t":"chat-refused","rid","code","message"}.
  // Never an event, never stored.
  void Chat(const std::string& table, int seat, const boost::json::object& msg,
            const std::shared_ptr<Subscriber>& sub);
  // `who` is the departing connection: still alive while it reports its
  // own departure, so it is dropped from the followers by identity.
  void Disconnected(const std::string& table, int seat, const Subscriber* who);

  // Nothing in flight at the table (no action with the writer or queued,
  // no bot thinking); true for an unknown table. Tests wait on it.
  bool Idle(const std::string& table) const;

  // Stops the writer (pending work is answered first).
  void Shutdown();

 private:
  struct Job {
    // an action of a table
    std::string game;
    const Game* kind = nullptr;
    AnyEvent action;
    std::optional<int64_t> expect;
    std::function<void(const AnySubmitResult&)> done;
    std::chrono::steady_clock::time_point enqueued = std::chrono::steady_clock::now();
    // or side data
    std::function<void(SideStore&)> side;
    std::function<void()> side_done;
    // or a read on the writer's store (side_done then called)
    std::function<void(BatchStore&)> task;
  };

  void Load();
  void Enqueue(Job job);
  void WriterLoop();
  // The writer's failover (hub.cc "Failover").
  void GroupActions(std::vector<Job>& batch, size_t actions,
                    std::vector<std::shared_ptr<AnySubmitResult>>& results);
  bool GroupCommitted(const std::vector<Job>& batch,
                      const std::vector<std::shared_ptr<AnySubmitResult>>& results);
  bool Reconnect();
  // On the network thread: the writer lost (false) or has again (true) a
  // primary; every WebSocket is told {"t":"store","state"}.
  void StoreState(bool ok);
  void Side(std::function<void(SideStore&)> write, std::function<void()> done);

  Table* Find(const std::string& id);
  // Other nodes (PostgreSQL; hub.cc "Other nodes"). Lookup is Find for a
  // request naming a table: a table another node made is read from the
  // database (and its seats again when `token` is no seat's); LookupCode
  // the same by invitation code.
  Table* Lookup(const std::string& id, const std::string& token = "");
  Table* LookupCode(const std::string& code);
  Table* Adopt(const SideTable& row, const std::map<int64_t, std::string>& by, EventStore& store);
  void ReloadSeats(Table& t, const SideTable& row);
  void Heard(const std::string& game, int64_t seq);
  void RereadSeats(Table& t);
  void Refresh(Table& t);
  void CaughtUp(Table& t, const StoredGame& g);
  // Whether this node drives `t` (always, on one node); tries the lock once
  // when it does not. DriveScan: tables nobody drives are tried again (a
  // driver that died), every second.
  bool Drive(Table& t);
  void DriveScan();
  // The seat of a token at this table: a seat, kSpectator for none, -2 for
  // a token that is no seat's.
  int SeatOf(const Table& t, const std::string& token) const;
  void Submit(Table& t, Pending p);
  void Pump(Table& t);
  void Committed(Table& t, Pending p, const AnySubmitResult& r);
  void Advance(Table& t);
  void BotTurn(Table& t, int seat, int64_t seq, const std::string& by);
  static bool MayBotPlay(const Table& t, int seat);
  void Broadcast(Table& t, size_t index);
  void Presence(Table& t);
  // hub_limits.cc.
  void PresenceNow(Table& t);
  void Catchup(Table& t, const Subscriber* who);
  bool Budget(std::pair<double, std::chrono::steady_clock::time_point>& b, double rate, double burst);
  void Sweep();
  void Free(const std::string& id);
  boost::json::object Welcome(Table& t, int seat);
  boost::json::object SeatsJson(const Table& t) const;
  std::string EventLine(const Table& t, size_t index, int seat) const;
  std::string EventMessage(const Table& t, size_t index, int seat) const;
  void StartGame(Table& t, const std::function<void(Reply)>& reply);
  void Fold(Table& t, const std::string& body, int64_t seq, const Hash& hash,
            const std::string& by);
  void ActAs(Table& t, int seat, const boost::json::object& body,
             const std::function<void(Reply)>& reply);

  boost::asio::io_context& io_;
  HubOptions options_;
  std::map<std::string, std::unique_ptr<Table>> tables_;
  std::map<std::string, std::string> codes_;  // code -> table
  std::map<std::string, std::string> games_;  // game -> table
  std::map<std::string, std::pair<double, std::chrono::steady_clock::time_point>> joins_;
  std::map<std::string, std::string> replays_;  // game -> its replay page, once ended
  std::map<std::string, std::pair<double, std::chrono::steady_clock::time_point>> creates_;  // per address
  std::unique_ptr<boost::asio::steady_timer> sweep_;  // idle tables paused, then closed
  boost::asio::thread_pool thinkers_{1};
  HubStats stats_;

  // The writer's.
  std::unique_ptr<EventStore> inner_store_;
  std::unique_ptr<EventStore> store_;
  std::unique_ptr<SideStore> side_;  // serve/side_store.h: SQLite or PostgreSQL

  // Several nodes on one PostgreSQL database: the network thread's own
  // connections for tables another node made, and the ear for its events.
  bool nodes_ = false;
  std::unique_ptr<SideStore> lookup_side_;
  std::unique_ptr<EventStore> lookup_store_;
  std::unique_ptr<EventListener> listener_;
  std::unique_ptr<TableLocks> locks_;
  std::unique_ptr<boost::asio::steady_timer> drive_timer_;
  uint64_t lock_epoch_ = 0;  // TableLocks::Epoch when `driving` was last trusted
  bool store_ok_ = true;     // the network thread's view of the writer's connection
  // The writer's failover state (hub.cc "Failover"); counters read by Stats.
  bool down_ = false;
  std::chrono::steady_clock::time_point down_since_{};
  std::atomic<uint64_t> reconnects_{0}, recovered_{0};
  std::mutex mu_;
  std::condition_variable cv_;
  std::deque<Job> jobs_;
  bool stop_ = false;
  std::thread writer_;
};

}  // namespace pli::serve

#endif  // PLI_SERVE_HUB_H_
