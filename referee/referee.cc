// referee.cc: validate-then-append (see referee.h).
#include "referee/referee.h"

#include <algorithm>
#include <boost/json/parse.hpp>
#include <limits>
#include <set>
#include <string_view>
#include <thread>
#include <utility>
#include <variant>

#include "engine/text.h"
#include "referee/match_cache.h"

namespace pli {

std::string ControlProblem(const std::string& what, const std::string& text) {
  return HasControlOrBadUtf8(text) ? what + " \"" + EscapeForTerminal(text) +
                                         "\" holds a control character or is not UTF-8"
                                   : std::string();
}

namespace {

// Judges one game of an import without writing, of any game (its Match):
// its hashes, when given, chain, and its events are legal (or kept, with
// keep_illegal). Each event is judged at its position. Sets `result` and
// returns false when the import must be refused. Adds the game's event
// count to result.events.
bool JudgeImportGame(const AnyGameLog& log, bool keep_illegal, ImportResult& result) {
  result.game = log.game;
  result.seq = 0;
  std::unique_ptr<Match> match = log.kind->NewMatch();
  Hash prev = kGenesis;
  std::optional<AnyEvent> moved;
  for (size_t i = 0; i < log.events.size(); ++i) {
    const int64_t seq = static_cast<int64_t>(i) + 1;
    // The event at its position: as read when its seq says so (no copy of
    // its body), else a copy with its seq set.
    const AnyEvent* at = &log.events[i];
    if (at->seq != seq) {
      moved = *at;
      moved->seq = seq;
      at = &*moved;
    }
    const AnyEvent& event = *at;
    result.seq = seq;
    // A malformed event (INTERFACE.md §2) is refused even with keep_illegal:
    // it has no stored form.
    if (event.malformed) {
      result.message = "event " + std::to_string(seq) + " is malformed: " + event.malformed->Text();
      return false;
    }
    if (!log.hashes.empty()) {  // the chain is needed only to check given hashes
      prev = ChainHash(prev, seq, event.body);
      if (i < log.hashes.size() && !log.hashes[i].empty() && log.hashes[i] != HashHex(prev)) {
        result.message = "the hash of event " + std::to_string(seq) +
                         " does not match: the log was edited (pli audit shows where)";
        return false;
      }
    }
    if (std::optional<Verdict> v = match->Step(event)) {
      if (!keep_illegal) {
        result.message = v->message;  // import: the archivist's view
        result.violation = std::move(v);
        return false;
      }
      result.kept.emplace_back(log.game, seq);
    }
  }
  result.events += static_cast<int64_t>(log.events.size());
  return true;
}

// Appends one judged game inside the caller's write transaction.
void AppendImportGame(EventStore& store, const AnyGameLog& log) {
  Hash prev = kGenesis;
  for (size_t i = 0; i < log.events.size(); ++i) {
    const int64_t seq = static_cast<int64_t>(i) + 1;
    std::string why;
    std::optional<EventRecord> record = log.kind->RecordOf(log.events[i].body, &why);
    if (!record) throw StoreError("game \"" + log.game + "\", event " + std::to_string(seq) + ": " + why);
    const Hash hash = ChainHash(prev, seq, record->body);
    store.Append(log.game, seq, *record, hash);
    prev = hash;
  }
}

}  // namespace

ImportResult Import(EventStore& store, const std::vector<AnyGameLog>& games, bool keep_illegal,
                    const ImportLimits& limits) {
  ImportResult result;
  // 1. Judge the whole file, writing nothing: a refusal refuses it whole.
  std::set<std::string_view> seen;
  for (const AnyGameLog& log : games) {
    const bool refused = [&] {
      if (!seen.insert(log.game).second) {
        result.game = log.game;
        result.seq = 0;
        result.message = "game \"" + log.game + "\" appears twice in the log";
        return true;
      }
      if (store.HeadOf(log.game)) {
        result.game = log.game;
        result.seq = 0;
        result.message = "game \"" + log.game + "\" is already in the database";
        return true;
      }
      return !JudgeImportGame(log, keep_illegal, result);
    }();
    if (refused) {
      result.events = 0;
      result.kept.clear();
      return result;
    }
  }
  result.ok = true;
  result.game.clear();
  result.seq = 0;
  result.events = 0;  // from here: the events written
  // 2. Write in chunks of whole games, each chunk one transaction, so that
  // live writers get the lock between two chunks. A game created meanwhile
  // by another writer is left out (theirs stays), the others go on.
  // Where live writers are not locked out meanwhile, the whole import is
  // one transaction: all or nothing.
  const int64_t chunk_limit = store.ImportsInOneTransaction()
                                  ? std::numeric_limits<int64_t>::max()
                                  : limits.chunk_events;
  size_t next = 0;
  while (next < games.size()) {
    if (next > 0) std::this_thread::sleep_for(limits.pause);
    size_t end = next;
    int64_t chunk_games = 0;
    int64_t chunk_events = 0;
    std::vector<std::string> chunk_raced;
    store.Write([&] {
      chunk_games = 0;
      chunk_events = 0;
      chunk_raced.clear();
      end = next;
      while (end < games.size() && (end == next || chunk_events < chunk_limit)) {
        const AnyGameLog& log = games[end++];
        if (store.HeadOf(log.game)) {
          chunk_raced.push_back(log.game);
          continue;
        }
        AppendImportGame(store, log);
        ++chunk_games;
        chunk_events += static_cast<int64_t>(log.events.size());
      }
      return true;
    });
    result.games += chunk_games;
    result.events += chunk_events;
    for (std::string& g : chunk_raced) result.raced.push_back(std::move(g));
    next = end;
  }
  if (!result.raced.empty()) {
    result.ok = false;
    result.game = result.raced.front();
    result.message = std::to_string(result.raced.size()) +
                     " game(s) were created by another writer during the import and were not "
                     "imported (the database keeps theirs); " +
                     std::to_string(result.games) + " game(s) were imported";
    std::erase_if(result.kept, [&](const auto& k) {
      return std::find(result.raced.begin(), result.raced.end(), k.first) != result.raced.end();
    });
  }
  return result;
}

namespace {

AnySubmitResult AnyResult(Outcome outcome, int64_t head_seq, std::string message) {
  AnySubmitResult r;
  r.outcome = outcome;
  r.head_seq = head_seq;
  r.message = std::move(message);
  return r;
}

// An event's canonical JSON object without its seq, hash and time stamp:
// what two submissions of the same action share.
boost::json::value ActionOf(const Game& kind, std::string_view body) {
  boost::json::value v = boost::json::parse(kind.EventJson(body, 0));
  v.as_object().erase("seq");
  v.as_object().erase("at");
  return v;
}

// The first name of the record that holds a control character or is not
// UTF-8 (INTERFACE.md §1), or "".
std::string ControlCharacterIn(const std::string& game, const EventRecord& record) {
  std::string problem = ControlProblem("the game id", game);
  if (problem.empty() && record.columns.id) problem = ControlProblem("the id", *record.columns.id);
  if (problem.empty() && record.columns.details && record.columns.details->at) {
    problem = ControlProblem("the time", *record.columns.details->at);
  }
  if (record.opening) {
    if (problem.empty()) problem = ControlProblem("the game id", record.opening->game);
    for (const std::string& name : record.opening->seats) {
      if (problem.empty()) problem = ControlProblem("the seat name", name);
    }
  }
  return problem;
}

// The result of a resubmitted idempotency key of any game: the original
// event's, or a refusal when the key named another action.
AnySubmitResult Resubmitted(EventStore& store, const std::string& id, const Game& kind,
                            const EventRecord& record, int64_t seq, int64_t head_seq) {
  const std::optional<StoredGame> stored = store.Read(id);
  if (stored) {
    for (const StoredEvent& row : stored->events) {
      if (row.seq != seq) continue;
      const Game* owner = GameOfBody(row.body);
      if (owner != &kind || ActionOf(kind, row.body) != ActionOf(kind, record.body)) {
        return AnyResult(Outcome::kRejected, head_seq,
                         "id \"" + *record.columns.id +
                             "\" was already used for another action in this game");
      }
      AnySubmitResult result = AnyResult(Outcome::kDuplicate, head_seq,
                                         "already recorded as event " + std::to_string(seq) +
                                             " (id \"" + *record.columns.id +
                                             "\"); nothing written");
      result.seq = seq;
      result.hash = row.hash;
      return result;
    }
  }
  throw StoreError("game \"" + id + "\": the id index names event " + std::to_string(seq) +
                   ", which is not stored; run pli audit");
}

// The match of a stored game of `kind`, folded from the store (illegal
// events, kept by an import for audit, change nothing), and the head it was
// folded to: the head read with the rows, in the same snapshot. Throws
// StoreError for a stored event of another game.
std::unique_ptr<Match> FoldStored(EventStore& store, const std::string& id, const Game& kind,
                                  Head& head) {
  std::unique_ptr<Match> match = kind.NewMatch();
  const std::optional<StoredGame> stored = store.Read(id);
  if (!stored) return match;
  head = stored->head;
  AnyEvent e;
  for (const StoredEvent& row : stored->events) {
    if (!kind.Owns(row.body)) {
      throw StoreError("game \"" + id + "\", event " + std::to_string(row.seq) +
                       ": the stored event is not an event of " + std::string(kind.Name()) +
                       "; run pli audit");
    }
    e.seq = row.seq;
    e.body = row.body;
    match->Step(e);
  }
  return match;
}

}  // namespace

AnySubmitResult SubmitAny(EventStore& store, const std::string& game, const Game& kind,
                          const AnyEvent& action, std::optional<int64_t> expect) {
  AnySubmitResult result;
  if (action.malformed) {
    const std::optional<Head> head = store.HeadOf(game);
    result = AnyResult(Outcome::kRejected, head ? head->seq : 0, action.malformed->Text());
    result.violation = Verdict{"malformed", "", result.message, ""};
    return result;
  }
  std::string why;
  std::optional<EventRecord> record = kind.RecordOf(action.body, &why);
  if (!record) {
    result = AnyResult(Outcome::kRejected, 0, "the action cannot be stored faithfully: " + why);
    result.violation = Verdict{"malformed", "", result.message, ""};
    return result;
  }
  const std::string id = record->opening ? record->opening->game : game;
  MatchCache& cache = store.Matches();
  std::optional<AnyEvent> appended;  // the event written, once accepted
  Head judged_at;                    // the head it was judged at
  const bool committed = store.Write([&] {
    appended.reset();
    std::optional<Head> head = store.HeadOf(id);
    int64_t head_seq = head ? head->seq : 0;
    if (std::string problem = ControlCharacterIn(id, *record); !problem.empty()) {
      result = AnyResult(Outcome::kRejected, head_seq, problem);
      result.violation = Verdict{"malformed", "", result.message, ""};
      return false;
    }
    if (!head && !record->opening) {
      result = AnyResult(Outcome::kNoGame, 0, "there is no game \"" + id + "\" in the database");
      return false;
    }
    if (head && record->opening) {
      result = AnyResult(Outcome::kRejected, head_seq, "game \"" + id + "\" already exists");
      return false;
    }
    // The match at the head: kept from an earlier submit on this store, or
    // read and folded now (and kept).
    std::unique_ptr<Match> none;
    const Match* folded = nullptr;
    if (head) {
      folded = cache.At(id, *head, kind);
      if (folded == nullptr) {
        // The head is the one the rows were read with: where a Write holds
        // no lock between two reads (PostgreSQL's optimistic Write), another
        // writer may have appended since HeadOf, and a match folded past the
        // head judged everything one seq behind (issue 30 item 7: a lost
        // race told `malformed`, "seq N is not the event's position, N+1",
        // instead of `stale`).
        Head at = *head;
        std::unique_ptr<Match> match = FoldStored(store, id, kind, at);
        head = at;
        head_seq = at.seq;
        folded = &cache.Put(id, at, std::move(match));
      }
    } else {
      none = kind.NewMatch();
      folded = none.get();
    }
    if (head && record->columns.id) {
      if (std::optional<int64_t> seq = store.FindId(id, *record->columns.id)) {
        result = Resubmitted(store, id, kind, *record, *seq, head_seq);
        return false;
      }
    }
    if (expect && *expect != head_seq) {
      result = AnyResult(Outcome::kStale, head_seq,
                         "the log is at seq " + std::to_string(head_seq) + ", you expected " +
                             std::to_string(*expect) + ": look at the state again and resubmit");
      result.match = folded->Clone();
      return false;
    }
    AnyEvent event = action;
    event.seq = head_seq + 1;
    if (std::optional<Verdict> v = folded->Decide(event)) {
      result = AnyResult(Outcome::kRejected, head_seq, v->message);
      result.violation = std::move(v);
      result.match = folded->Clone();
      return false;
    }
    result = AnyResult(Outcome::kAccepted, head_seq,
                       "recorded as event " + std::to_string(*event.seq));
    result.seq = *event.seq;
    result.hash = ChainHash(head ? head->hash : kGenesis, *event.seq, record->body);
    store.Append(id, *event.seq, *record, result.hash);
    result.match = folded->Clone();
    result.match->Step(event);
    judged_at = head.value_or(Head{0, kGenesis});
    appended = std::move(event);
    return true;
  });
  // Committed (or joined to an enclosing transaction, which may still roll
  // it back: then the head moves back and the next submit folds again).
  if (committed && appended) {
    const Head after{result.seq, result.hash};
    if (result.seq == 1) {
      cache.Put(id, after, result.match->Clone());
    } else {
      cache.Advance(id, judged_at, *appended, after);
    }
  }
  return result;
}

}  // namespace pli
