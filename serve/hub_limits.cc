// hub_limits.cc: what one client may cost a live table (issue 30, "The live
// table under attack"; SERVE.md "What it must withstand"), and a table's
// life. Work is bounded per request, per seat and per address, never by
// what a client asks:
// - a backlog (a WebSocket `resync` or `auth` with `since`, GET .../events)
//   is sent HubOptions::backlog_chunk events at a time, the next chunk only
//   once the last is written to the socket (Subscriber::WhenDrained): the
//   network thread never builds more than one chunk for one request, and a
//   client that does not read gets nothing more built for it;
// - presence is coalesced: at most one message per table per
//   HubOptions::presence_every, spectators counted, not announced one by one;
// - HTTP actions have a budget per seat (as the WebSocket's per connection),
//   table creation one per address and a cap in all;
// - a table nobody follows and nobody acts at is paused (its bots wait),
//   then ended and freed from memory (its log stays in the database).

#include <boost/asio/post.hpp>
#include <boost/json.hpp>

#include "serve/hub.h"
#include "serve/projection.h"

namespace pli::serve {
namespace {

namespace bj = boost::json;
using Clock = std::chrono::steady_clock;

Reply Refused(int status, const std::string& error, const std::string& message) {
  return Reply{status, bj::serialize(bj::object{{"error", error}, {"message", message}})};
}

}  // namespace

bool Hub::Budget(std::pair<double, Clock::time_point>& b, double rate, double burst) {
  const auto now = Clock::now();
  b.first = std::min(burst, b.first + rate * std::chrono::duration<double>(now - b.second).count());
  b.second = now;
  if (b.first < 1) return false;
  b.first -= 1;
  return true;
}

// --- Backlogs in chunks ------------------------------------------------------

void Hub::Catchup(Table& t, const Subscriber* who) {
  Follower* f = nullptr;
  std::shared_ptr<Subscriber> sub;
  for (Follower& x : t.followers) {
    if (auto s = x.sub.lock(); s && s.get() == who) {
      f = &x;
      sub = std::move(s);
      break;
    }
  }
  if (!f || f->backlog == std::string::npos) return;
  const size_t end = std::min(t.events.size(), f->backlog + std::max<size_t>(options_.backlog_chunk, 1));
  // One view and one legal list for the chunk: every event message of a
  // backlog carries the table's present view (as a live one does).
  bj::value view, legal, actions;
  if (f->ws && f->backlog < end) {
    view = ProjectState(*t.match, f->seat);
    const bj::array all = t.match->LegalJson();
    legal = ProjectLegal(all, f->seat);
    actions = ProjectActions(all, t.match->LegalActionsJson(), f->seat);
  }
  const bool ended = Ended(t);
  for (size_t i = f->backlog; i < end; ++i) {
    const TableEvent& e = t.events[i];
    if (f->ws) {
      sub->Send(bj::serialize(bj::object{{"t", "event"},
                                         {"seq", static_cast<int64_t>(i + 1)},
                                         {"event", ProjectEvent(*t.kind, e.json, f->seat, e.sealed, ended, e.by)},
                                         {"view", view},
                                         {"legal", legal},
                                         {"actions", actions}}));
    } else {
      sub->Send(bj::serialize(ProjectEvent(*t.kind, e.json, f->seat, e.sealed, ended, e.by)) + "\n");
    }
  }
  ++stats_.backlog_steps;
  stats_.backlog_step_max = std::max<uint64_t>(stats_.backlog_step_max, end - f->backlog);
  f->backlog = end;
  if (end < t.events.size()) {
    sub->WhenDrained([this, id = t.id, w = std::weak_ptr<Subscriber>(sub)] {
      Table* t = Find(id);
      if (auto s = w.lock(); t && s) Catchup(*t, s.get());
    });
    return;
  }
  f->backlog = std::string::npos;  // caught up: live events from here on (Broadcast)
  if (!f->ws && (f->close_caught_up || ended)) {
    const Subscriber* gone = sub.get();
    std::erase_if(t.followers, [gone](const Follower& x) {
      auto s = x.sub.lock();
      return !s || s.get() == gone;
    });
    sub->Close("");
  }
}

void Hub::Resync(const std::string& table, int seat, int64_t since,
                 const std::shared_ptr<Subscriber>& sub) {
  (void)seat;
  Table* t = Find(table);
  if (!t) return;
  const size_t from = static_cast<size_t>(std::max<int64_t>(since, 0));
  for (Follower& f : t->followers) {
    if (f.sub.lock() != sub) continue;
    f.backlog = f.backlog == std::string::npos ? from : std::min(f.backlog, from);
    if (f.backlog >= t->events.size()) f.backlog = std::string::npos;
    break;
  }
  Catchup(*t, sub.get());
}

Reply Hub::Stream(const std::string& table, const std::string& token, int64_t since, bool follow,
                  const std::shared_ptr<Subscriber>& sub) {
  Table* t = Lookup(table, token);
  if (!t) return Refused(404, "not-found", "no such table");
  const int seat = SeatOf(*t, token);
  if (seat < kSpectator) return Refused(403, "forbidden", "that token holds no seat at this table");
  Follower f{sub, seat, false};
  f.backlog = static_cast<size_t>(std::max<int64_t>(since, 0));
  f.close_caught_up = !follow || Ended(*t);
  if (f.backlog >= t->events.size() && !f.close_caught_up) f.backlog = std::string::npos;
  else f.backlog = std::min(f.backlog, t->events.size());
  t->followers.push_back(f);
  if (follow) {
    t->active = Clock::now();
    t->paused = false;
  }
  if (t->followers.back().backlog != std::string::npos) Catchup(*t, sub.get());
  if (follow) Advance(*t);  // a paused table wakes for its follower
  return Reply{200, "", "application/x-ndjson"};
}

// --- Presence, coalesced -----------------------------------------------------

void Hub::Presence(Table& t) {
  t.active = Clock::now();  // someone came or went: the table is not idle
  if (t.paused && !t.followers.empty()) t.paused = false;  // the caller's Advance wakes the bots
  if (options_.presence_every.count() <= 0) return PresenceNow(t);
  if (t.presence_due) return;  // one is already due: it will say the latest
  const auto next = t.presence_sent + options_.presence_every;
  if (Clock::now() >= next) return PresenceNow(t);
  t.presence_due = true;
  if (!t.presence_timer) t.presence_timer = std::make_unique<boost::asio::steady_timer>(io_);
  t.presence_timer->expires_at(next);
  t.presence_timer->async_wait([this, id = t.id](const boost::system::error_code& ec) {
    Table* t = Find(id);
    if (ec || !t || !t->presence_due) return;
    t->presence_due = false;
    PresenceNow(*t);
  });
}

void Hub::PresenceNow(Table& t) {
  t.presence_sent = Clock::now();
  t.presence_due = false;
  int64_t spectators = 0;
  for (const Follower& f : t.followers)
    if (f.ws && f.seat == kSpectator && !f.sub.expired()) ++spectators;
  bj::object m = SeatsJson(t);
  m["t"] = "presence";
  m["spectators"] = spectators;
  const std::string text = bj::serialize(m);
  for (Follower& f : t.followers) {
    if (auto sub = f.sub.lock(); sub && f.ws) {
      sub->Send(text);
      ++stats_.presence_sent;
    }
  }
}

// --- Budgets -------------------------------------------------------------------

void Hub::CreateTableFrom(const std::string& body, const std::string& address,
                          const std::function<void(Reply)>& reply) {
  if (tables_.size() >= options_.max_tables) {
    ++stats_.refused_creates;
    return reply(Refused(503, "too-many-tables",
                         "this server holds as many tables as it may (" + std::to_string(options_.max_tables) +
                             "): try again once idle tables are closed"));
  }
  if (options_.create_rate > 0) {
    auto [it, fresh] = creates_.try_emplace(address, options_.create_burst, Clock::now());
    if (!Budget(it->second, options_.create_rate, options_.create_burst)) {
      ++stats_.refused_creates;
      return reply(Refused(429, "rate-limited", "too many tables created from this address: wait a little"));
    }
  }
  CreateTable(body, reply);
}

void Hub::ActLimited(const std::string& table, const std::string& token, const std::string& body,
                     const std::function<void(Reply)>& reply) {
  if (Table* t = Lookup(table, token)) {
    const int seat = SeatOf(*t, token);
    if (seat >= 0 && options_.action_rate > 0) {
      auto [it, fresh] = t->act_budget.try_emplace(seat, options_.action_burst, Clock::now());
      if (!Budget(it->second, options_.action_rate, options_.action_burst)) {
        ++stats_.refused_actions;
        return reply(Refused(429, "rate-limited", "too many actions from this seat: wait a little"));
      }
    }
    if (seat >= 0) {  // a person acts: the table is awake
      t->active = Clock::now();
      t->paused = false;
    }
  }
  Act(table, token, body, reply);
}

// --- A table's life ------------------------------------------------------------

void Hub::Sweep() {
  const auto now = Clock::now();
  std::vector<std::string> close;
  for (auto& [id, tp] : tables_) {
    Table& t = *tp;
    if (std::any_of(t.followers.begin(), t.followers.end(), [](const Follower& f) { return !f.sub.expired(); })) {
      t.active = now;
      continue;
    }
    auto last = t.active;
    for (const Seat& s : t.seats)
      if (s.kind == "human") last = std::max(last, s.seen);
    if (now - last >= options_.idle_close) close.push_back(id);
    else if (now - last >= options_.idle_pause && !t.paused && t.started && !t.match->Over()) {
      t.paused = true;  // Advance does nothing; a timer already set finds the table paused
      t.timer->cancel();
      ++stats_.paused;
    }
  }
  for (const std::string& id : close) {
    Table* t = Find(id);
    if (!t || t->closing) continue;
    if (t->busy || !t->queue.empty() || t->thinking) continue;  // the next sweep
    t->closing = true;
    if (t->started && !Ended(*t)) {
      // Closed with an `end` (RULES.md: the game is abandoned), then freed.
      t->paused = true;
      t->end_tried = true;
      Submit(*t, Pending{-1, R"({"type":"end"})", {}, {}, "", [this, id](const Reply&) {
        boost::asio::post(io_, [this, id] { Free(id); });  // once the end is folded and sent
      }});
    } else {
      Free(id);
    }
  }
  // Budgets of addresses seen long ago are full again: forget them.
  std::erase_if(creates_, [&](const auto& kv) {
    return now - kv.second.second > std::chrono::duration<double>(options_.create_burst / std::max(options_.create_rate, 1e-9));
  });
  const auto every = std::clamp<Clock::duration>(std::min(options_.idle_pause, options_.idle_close) / 4,
                                                 std::chrono::milliseconds(10), std::chrono::seconds(30));
  sweep_->expires_after(every);
  sweep_->async_wait([this](const boost::system::error_code& ec) {
    if (!ec) Sweep();
  });
}

void Hub::Free(const std::string& id) {
  auto it = tables_.find(id);
  if (it == tables_.end()) return;
  Table& t = *it->second;
  for (Follower& f : t.followers)
    if (auto sub = f.sub.lock()) sub->Close(f.ws ? R"({"t":"error","code":"closed","message":"the table was closed for idleness"})" : "");
  if (locks_ && t.driving) {
    try {
      locks_->Unlock(t.id);
    } catch (const std::exception&) {
    }
  }
  codes_.erase(t.code);
  games_.erase(t.game);
  replays_.erase(t.game);
  // Remembered as closed: a restart does not load it again (its log stays).
  Side([id](SideStore& side) { side.MarkClosed(id); }, [] {});
  ++stats_.freed;
  tables_.erase(it);
}

}  // namespace pli::serve
