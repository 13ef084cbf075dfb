// referee.cc: Super Président's typed validate-then-append (see referee.h).
#include "games/president/referee/referee.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "games/president/rules/rules.h"
#include "games/president/log.h"
#include "games/president/wire/event_codec.h"
#include "games/president/wire/record.h"

namespace pli {
namespace {

// The event a stored row holds, or StoreError naming the game and seq.
Event DecodeStored(const std::string& game, const StoredEvent& row) {
  std::variant<Event, std::string> decoded = DecodeEvent(row.body);
  if (auto* error = std::get_if<std::string>(&decoded)) {
    throw StoreError("game \"" + game + "\", event " + std::to_string(row.seq) +
                     ": the stored event does not decode (" + *error + "); run pli audit");
  }
  Event event = std::move(std::get<Event>(decoded));
  event.seq = row.seq;
  return event;
}

// Two submissions are the same action when they differ at most in seq and
// the time stamp `at` (a retry is stamped again).
bool SameAction(Event a, Event b) {
  a.seq.reset();
  b.seq.reset();
  a.at.reset();
  b.at.reset();
  return a == b;
}

// A decoded event (no seq) against the event it was encoded from.
bool SameStored(Event decoded, const Event& original) {
  decoded.seq = original.seq;
  return decoded == original;
}

// INTERFACE.md §1: game ids, event ids, times and seat names hold no control
// character (and are UTF-8). The first that does, named for the refusal, or
// "" when all are clean. Checked before the action is judged, so that no
// client (the CLI today, a server later) stores a name that could steer the
// terminal of whoever reads the log.
std::string ControlCharacterIn(const std::string& game, const Event& action) {
  std::string problem = ControlProblem("the game id", game);
  if (problem.empty() && action.id) problem = ControlProblem("the id", *action.id);
  if (problem.empty() && action.at) problem = ControlProblem("the time", *action.at);
  if (const auto* g = std::get_if<GameEvent>(&action.body)) {
    if (problem.empty()) problem = ControlProblem("the game id", g->game);
    for (const std::string& name : g->seats) {
      if (problem.empty()) problem = ControlProblem("the seat name", name);
    }
  }
  return problem;
}

SubmitResult Result(Outcome outcome, int64_t head_seq, std::string message) {
  SubmitResult r;
  r.outcome = outcome;
  r.head_seq = head_seq;
  r.message = std::move(message);
  return r;
}

// The result of a resubmitted idempotency key: the original event's, or a
// refusal when the key named another action.
SubmitResult Resubmitted(EventStore& store, const std::string& game, const Event& action,
                         int64_t seq, int64_t head_seq) {
  std::optional<StoredGame> stored = store.Read(game);
  for (const StoredEvent& row : stored->events) {
    if (row.seq != seq) continue;
    if (!SameAction(DecodeStored(game, row), action)) {
      return Result(Outcome::kRejected, head_seq,
                    "id \"" + *action.id + "\" was already used for another action in this game");
    }
    SubmitResult r = Result(Outcome::kDuplicate, head_seq,
                            "already recorded as event " + std::to_string(seq) +
                                " (id \"" + *action.id + "\"); nothing written");
    r.seq = seq;
    r.hash = row.hash;
    return r;
  }
  throw StoreError("game \"" + game + "\": the id index names event " + std::to_string(seq) +
                   ", which is not stored; run pli audit");
}

// Folds stored rows into a state. Illegal events (kept by an import for
// audit) change nothing (RULES.md: an illegal event changes nothing).
State Fold(const StoredGame& stored) {
  State state;
  for (const StoredEvent& row : stored.events) Step(state, DecodeStored(stored.game, row));
  return state;
}

// Makes `memo` the fold of the game's log at `head`: as it is when it was
// folded there already, else read and folded from the store, and `head` the
// head read with those rows. Where the caller's write transaction holds the
// log still (SQLite) that is the same head; where it does not (PostgreSQL's
// optimistic Write), another writer may have appended since `head` was read,
// and the fold and the head must agree (issue 30 item 7: else a lost race is
// judged one seq behind and told `malformed` instead of `stale`). A failed
// read leaves it as it was.
void FoldTo(EventStore& store, const std::string& game, Head& head, FoldedLog& memo) {
  if (memo.head == head) return;
  const std::optional<StoredGame> stored = store.Read(game);
  memo.state = Fold(*stored);
  memo.head = stored->head;
  head = stored->head;
}

// The part of Submit that runs inside the write transaction; returns
// whether to commit. On acceptance, `appended` is the event written; `memo`
// is left the fold of the log as it was before it (the caller steps it once
// the store committed).
bool Judge(EventStore& store, const std::string& game, const Event& action,
           std::optional<int64_t> expect, FoldedLog& memo, SubmitResult& result,
           std::optional<Event>& appended) {
  const bool is_game = std::holds_alternative<GameEvent>(action.body);
  std::optional<Head> head = store.HeadOf(game);
  int64_t head_seq = head ? head->seq : 0;
  if (std::string problem = ControlCharacterIn(game, action); !problem.empty()) {
    result = Result(Outcome::kRejected, head_seq, problem);
    result.violation = Violation{Code::kMalformed, "", result.message};
    return false;
  }
  if (!head && !is_game) {
    result = Result(Outcome::kNoGame, 0, "there is no game \"" + game + "\" in the database");
    return false;
  }
  if (head && !is_game) {  // the fold first: every check below at the head it was read at
    FoldTo(store, game, *head, memo);
    head_seq = head->seq;
  }
  if (head && action.id) {
    if (std::optional<int64_t> seq = store.FindId(game, *action.id)) {
      result = Resubmitted(store, game, action, *seq, head_seq);
      return false;
    }
  }
  if (is_game && head) {
    result = Result(Outcome::kRejected, head_seq, "game \"" + game + "\" already exists");
    return false;
  }
  Event event = action;
  event.seq = head_seq + 1;
  const State none;
  const State& state = head ? memo.state : none;
  if (expect && *expect != head_seq) {
    result = Result(Outcome::kStale, head_seq,
                    "the log is at seq " + std::to_string(head_seq) + ", you expected " +
                        std::to_string(*expect) + ": look at the state again and resubmit");
    result.state = state;
    return false;
  }
  if (std::optional<Violation> v = Decide(state, event)) {
    result = Result(Outcome::kRejected, head_seq, v->message);
    result.violation = std::move(v);
    result.state = state;
    return false;
  }
  EventRecord record = RecordOf(event);
  const std::string& body = record.body;
  // What is written must read back as the same event (an --id over the
  // length limit of FORMAT.md encodes but does not decode): else refuse it
  // as malformed rather than store what replay would read differently.
  const std::variant<Event, std::string> read_back = DecodeEvent(body);
  const auto* problem = std::get_if<std::string>(&read_back);
  if (problem != nullptr || !SameStored(std::get<Event>(read_back), event)) {
    result = Result(Outcome::kRejected, head_seq,
                    "the action cannot be stored faithfully" +
                        (problem ? ": " + *problem : std::string()));
    result.violation = Violation{Code::kMalformed, "", result.message};
    return false;
  }
  result = Result(Outcome::kAccepted, head_seq, "recorded as event " + std::to_string(*event.seq));
  result.seq = *event.seq;
  result.hash = ChainHash(head ? head->hash : kGenesis, *event.seq, body);
  store.Append(game, *event.seq, record, result.hash);
  result.state = state;
  ApplyInPlace(result.state, event);
  appended = std::move(event);
  return true;
}

}  // namespace

SubmitResult Submit(EventStore& store, const std::string& game, const Event& action,
                    std::optional<int64_t> expect) {
  return Referee(store, 1).Submit(game, action, expect);
}

Referee::Referee(EventStore& store, size_t max_games)
    : store_(store), max_games_(std::max<size_t>(max_games, 1)) {}

SubmitResult Referee::Submit(const std::string& game, const Event& action,
                             std::optional<int64_t> expect) {
  const auto* g = std::get_if<GameEvent>(&action.body);
  const std::string id = g ? g->game : game;
  FoldedLog& memo = Remember(id);
  SubmitResult result;
  std::optional<Event> appended;
  if (store_.Write([&] { return Judge(store_, id, action, expect, memo, result, appended); })) {
    // Committed: the log's head is now the appended event.
    if (result.seq == 1) memo.state = State{};
    ApplyInPlace(memo.state, *appended);
    memo.head = Head{result.seq, result.hash};
  }
  Forget(id, !memo.head);
  return result;
}

FoldedLog& Referee::Remember(const std::string& game) {
  Entry& entry = games_[game];
  entry.used = ++clock_;
  return entry.fold;
}

void Referee::Forget(const std::string& game, bool nothing_folded) {
  if (nothing_folded) {
    games_.erase(game);  // no such game, say: keep the room for others
  } else if (games_.size() > max_games_) {
    games_.erase(std::min_element(games_.begin(), games_.end(), [](const auto& a, const auto& b) {
      return a.second.used < b.second.used;
    }));
  }
}

ImportResult Import(EventStore& store, const std::vector<GameLog>& games, bool keep_illegal,
                    const ImportLimits& limits) {
  std::vector<AnyGameLog> any;
  any.reserve(games.size());
  for (const GameLog& log : games) any.push_back(ToAnyGameLog(log));
  return Import(store, any, keep_illegal, limits);
}

std::optional<State> LoadState(EventStore& store, const std::string& game) {
  std::optional<StoredGame> stored = store.Read(game);
  if (!stored) return std::nullopt;
  return Fold(*stored);
}

}  // namespace pli
