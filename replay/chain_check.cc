// chain_check.cc: tamper evidence for stored and exported games (see
// chain_check.h; the chain itself: referee/chain.h).
#include "replay/chain_check.h"

#include <utility>
#include <variant>

#include "schema/event_codec.h"

namespace pli {
namespace {

std::string Seq(int64_t seq) { return "event " + std::to_string(seq); }

void Report(ChainCheck& check, int64_t seq, std::string message) {
  check.status = ChainStatus::kBroken;
  check.problems.push_back(ChainProblem{seq, std::move(message)});
}

// The row's columns against the decoded event's (schema/STORE.md: the
// columns are copies kept for readers).
std::string ColumnsProblem(const EventColumns& stored, const EventColumns& actual) {
  if (stored.type != actual.type) {
    return std::string("the type column says ") + TypeName(stored.type) + ", the event is a " +
           TypeName(actual.type);
  }
  if (stored.seat != actual.seat) {
    return "the seat column says " + std::to_string(stored.seat) + ", the event's seat is " +
           std::to_string(actual.seat);
  }
  if (stored.id != actual.id) return "the id column disagrees with the event's id";
  if (stored.cards != actual.cards) {
    return "the cards column says \"" + stored.cards + "\", the event's cards are \"" +
           actual.cards + "\"";
  }
  return "";
}

// Checks one row against the hash before it; adds its event to the log
// when it decodes.
void CheckRow(const StoredEvent& row, const Hash& prev, CheckedGame& out) {
  if (ChainHash(prev, row.seq, row.body) != row.hash) {
    Report(out.chain, row.seq,
           Seq(row.seq) + " does not match its hash: it was edited, or moved from another seq");
  }
  std::variant<Event, std::string> decoded = DecodeEvent(row.body);
  if (auto* error = std::get_if<std::string>(&decoded)) {
    Report(out.chain, row.seq, Seq(row.seq) + " does not decode: " + *error);
    return;
  }
  Event event = std::move(std::get<Event>(decoded));
  event.seq = row.seq;
  std::string columns = ColumnsProblem(row.columns, ColumnsOf(event));
  if (!columns.empty()) Report(out.chain, row.seq, Seq(row.seq) + ": " + columns);
  out.log.events.push_back(std::move(event));
  out.log.hashes.push_back(HashHex(row.hash));
}

void CheckHead(const StoredGame& stored, const std::optional<Head>& witness, ChainCheck& check) {
  const int64_t last = stored.events.empty() ? 0 : stored.events.back().seq;
  const Hash last_hash = stored.events.empty() ? kGenesis : stored.events.back().hash;
  if (stored.head.seq > last) {
    Report(check, last + 1,
           "the log is cut: the head records " + Seq(stored.head.seq) + " but the last stored is " +
               std::to_string(last) + " (events " + std::to_string(last + 1) + " to " +
               std::to_string(stored.head.seq) + " are missing)");
  } else if (stored.head.seq < last || stored.head.hash != last_hash) {
    Report(check, stored.head.seq,
           "the recorded head (" + Seq(stored.head.seq) + ", " + HashHex(stored.head.hash) +
               ") is not the last stored event (" + std::to_string(last) + ")");
  }
  if (!witness) return;
  for (const StoredEvent& row : stored.events) {
    if (row.seq != witness->seq) continue;
    if (row.hash != witness->hash) {
      Report(check, row.seq, Seq(row.seq) + "'s hash differs from the acknowledged head " +
                                 HashHex(witness->hash) + ": the log was rewritten");
    }
    return;
  }
  Report(check, witness->seq,
         "the acknowledged head " + Seq(witness->seq) + " is not in the log: it was cut");
}

}  // namespace

const char* ChainStatusName(ChainStatus status) {
  switch (status) {
    case ChainStatus::kNone: return "none";
    case ChainStatus::kOk: return "ok";
    case ChainStatus::kBroken: return "broken";
  }
  return "broken";
}

CheckedGame CheckStoredGame(const StoredGame& stored, const std::optional<Head>& witness) {
  CheckedGame out;
  out.log.game = stored.game;
  out.chain.status = ChainStatus::kOk;
  out.log.events.reserve(stored.events.size());
  out.log.hashes.reserve(stored.events.size());
  int64_t expected = 1;
  Hash prev = kGenesis;
  for (const StoredEvent& row : stored.events) {
    if (row.seq != expected) {
      Report(out.chain, expected,
             row.seq > expected ? "events " + std::to_string(expected) + " to " +
                                      std::to_string(row.seq - 1) + " are missing"
                                : Seq(row.seq) + " is out of order");
    }
    CheckRow(row, prev, out);
    prev = row.hash;
    expected = row.seq + 1;
  }
  CheckHead(stored, witness, out.chain);
  return out;
}

ChainCheck CheckFileChain(const GameLog& game) {
  ChainCheck check;
  bool any = false;
  for (const std::string& h : game.hashes) any = any || !h.empty();
  if (!any) return check;
  check.status = ChainStatus::kOk;
  // The hash the next event chains to; nullopt after a malformed event
  // without a readable hash, whose link cannot be known.
  std::optional<Hash> prev = kGenesis;
  for (size_t i = 0; i < game.events.size(); ++i) {
    const int64_t seq = static_cast<int64_t>(i) + 1;
    const std::string& written = i < game.hashes.size() ? game.hashes[i] : std::string();
    const std::optional<Hash> claimed = ParseHashHex(written);
    // A malformed event has no encoding to hash: it is reported as
    // `malformed` by audit, not as a chain problem; the chain goes on from
    // its hash as written.
    if (std::holds_alternative<MalformedEvent>(game.events[i].body)) {
      prev = claimed;
      continue;
    }
    const Hash actual = ChainHash(prev.value_or(kGenesis), seq, EncodeEvent(game.events[i]));
    if (!claimed) {
      Report(check, seq, Seq(seq) + " carries no hash, though others of its game do");
    } else if (prev && *claimed != actual) {
      Report(check, seq, Seq(seq) + " does not match its hash: it was edited, or moved");
    }
    // Go on from the hash as written, so one edit is reported once.
    prev = claimed.value_or(actual);
  }
  return check;
}

std::vector<Finding> AuditByPosition(const std::vector<Event>& events, bool keep_going) {
  // AuditGame over the events with their seq cleared, without copying the
  // log: an event whose seq is the position Decide expects (1 for the game
  // event of a state with none, else state.seq + 1: engine/decide.cc) is
  // judged as it is, since then its seq changes nothing; any other (only a
  // tampered store has one) as a copy without its seq.
  std::vector<Finding> findings;
  State state;
  for (size_t i = 0; i < events.size(); ++i) {
    const Event& e = events[i];
    const bool opens = std::holds_alternative<GameEvent>(e.body) && state.phase == Phase::kNone;
    const int64_t expected = opens ? 1 : state.seq + 1;
    std::optional<Violation> violation;
    if (!e.seq || *e.seq == expected) {
      violation = Step(state, e);
    } else {
      Event positional = e;
      positional.seq.reset();
      violation = Step(state, positional);
    }
    if (!violation) continue;
    // Reported at the event's own seq (its position when it has none).
    findings.push_back(Finding{e.seq.value_or(static_cast<int64_t>(i) + 1), ActingSeat(e.body),
                               TypeOf(e.body), std::move(*violation), WrittenType(e.body)});
    if (!keep_going) break;
  }
  return findings;
}

}  // namespace pli
