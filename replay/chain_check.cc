// chain_check.cc: tamper evidence for stored and exported games (see
// chain_check.h; the chain itself: referee/chain.h).
#include "replay/chain_check.h"

#include <algorithm>
#include <utility>
#include <variant>

#include "schema/record.h"

namespace pli {
namespace {

std::string Seq(int64_t seq) { return "event " + std::to_string(seq); }

void Report(ChainCheck& check, int64_t seq, std::string message) {
  check.status = ChainStatus::kBroken;
  check.problems.push_back(ChainProblem{seq, std::move(message)});
}

// A text column's value in a sentence: quoted, or NULL.
std::string Shown(const std::optional<std::string>& v) {
  return v ? "\"" + *v + "\"" : std::string("NULL");
}
std::string Shown(const std::optional<int64_t>& v) {
  return v ? std::to_string(*v) : std::string("NULL");
}
std::string ShownSeat(int seat) { return seat >= 0 ? std::to_string(seat) : std::string("NULL"); }

// The columns of schema version 3 against the event's (EventDetails).
std::string DetailsProblem(const EventDetails& stored, const EventDetails& actual) {
  if (stored.declaration != actual.declaration) {
    return "the declaration column says " + Shown(stored.declaration) + ", the event's is " +
           Shown(actual.declaration);
  }
  if (stored.recipient != actual.recipient) {
    return "the recipient column says " + ShownSeat(stored.recipient) + ", the event's is " +
           ShownSeat(actual.recipient);
  }
  if (stored.at != actual.at) {
    return "the at column says " + Shown(stored.at) + ", the event's time is " + Shown(actual.at);
  }
  if (stored.seed != actual.seed) {
    return "the seed column says " + Shown(stored.seed) + ", the event's seed is " +
           Shown(actual.seed);
  }
  return "";
}

// The row's columns against the decoded event's (schema/STORE.md: the
// columns are copies kept for readers).
std::string ColumnsProblem(const Game& kind, const EventColumns& stored,
                           const EventColumns& actual) {
  if (stored.type != actual.type) {
    return "the type column says " + kind.TypeName(stored.type) + ", the event is a " +
           kind.TypeName(actual.type);
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
  // A file older than schema version 3 has no such columns (none stored).
  if (!stored.details || !actual.details) return "";
  return DetailsProblem(*stored.details, *actual.details);
}

}  // namespace

std::string GameRowProblem(std::string_view game, std::string_view ruleset,
                           std::string_view seats, const GameOpening& event) {
  if (event.game != game) {
    return "the game event is for game \"" + event.game + "\", but its rows are stored under \"" +
           std::string(game) + "\": the game was renamed";
  }
  if (event.ruleset != ruleset) {
    return "the games row's ruleset is \"" + std::string(ruleset) +
           "\", the game event's is \"" + event.ruleset + "\"";
  }
  if (SeatsJson(event.seats) != seats) {
    return "the games row's seats are " + std::string(seats) + ", the game event's are " +
           SeatsJson(event.seats);
  }
  return "";
}

namespace {

// Checks one row against the hash before it; adds its event to the log
// when it decodes.
void CheckRow(const StoredEvent& row, const Hash& prev, AnyCheckedGame& out) {
  if (ChainHash(prev, row.seq, row.body) != row.hash) {
    Report(out.chain, row.seq,
           Seq(row.seq) + " does not match its hash: it was edited, or moved from another seq");
  } else if (row.prev != prev) {
    // The link holds; only the copy of it the triggers read is wrong.
    Report(out.chain, row.seq,
           Seq(row.seq) + "'s prev column is not the hash it is chained to (" +
               (row.seq == 1 ? std::string("32 zero bytes") : "event " + std::to_string(row.seq - 1) + "'s") + ")");
  }
  const Game& kind = *out.log.kind;
  std::string error;
  std::optional<EventRecord> record = kind.RecordOf(row.body, &error);
  if (!record) {
    Report(out.chain, row.seq, Seq(row.seq) + " does not decode: " + error);
    return;
  }
  std::string columns = ColumnsProblem(kind, row.columns, record->columns);
  if (!columns.empty()) Report(out.chain, row.seq, Seq(row.seq) + ": " + columns);
  if (record->opening && row.seq == 1) {
    std::string copies = GameRowProblem(out.log.game, out.ruleset, out.seats, *record->opening);
    if (!copies.empty()) Report(out.chain, row.seq, Seq(row.seq) + ": " + copies);
  }
  AnyEvent event;
  event.seq = row.seq;
  event.type = record->columns.type;
  event.seat = record->columns.seat;
  event.id = std::move(record->columns.id);
  event.body = std::move(record->body);
  out.log.events.push_back(std::move(event));
  out.log.hashes.push_back(HashHex(row.hash));
}

void CheckHead(const StoredGame& stored, const std::optional<Head>& witness, ChainCheck& check) {
  const int64_t last = stored.events.empty() ? 0 : stored.events.back().seq;
  const Hash last_hash = stored.events.empty() ? kGenesis : stored.events.back().hash;
  if (stored.events.empty() && stored.head.seq == 0) {
    // A game is created with its game event, in one transaction: a games
    // row with no events was inserted (or emptied) behind pli's back.
    Report(check, 1,
           "the games row has no events: a game is created with its game event, so this row "
           "was inserted, or its events removed, behind pli's back");
  } else if (stored.head.seq > last) {
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

std::string UnknownGameText(std::string_view body) {
  static constexpr char kHex[] = "0123456789abcdef";
  const auto byte = static_cast<unsigned char>(body.empty() ? 0 : body.front());
  std::string text = "a game this pli does not know: its stored events begin with the byte 0x";
  text += kHex[byte >> 4];
  text += kHex[byte & 15];
  if (byte >= 0x21 && byte < 0x7f) text += std::string(" ('") + static_cast<char>(byte) + "')";
  text += ", which none of this pli's games writes (";
  bool first = true;
  for (const Game* game : Games()) {
    text += (first ? "" : ", ") + std::string(game->Name());
    first = false;
  }
  return text + "); a newer pli reads it";
}

namespace {

// Whether every row of `stored` is in seq order and chained to the one
// before by its hash (FORMAT.md §7): what can be checked of a game without
// knowing it.
bool ChainHolds(const StoredGame& stored) {
  Hash prev = kGenesis;
  int64_t seq = 0;
  for (const StoredEvent& row : stored.events) {
    if (row.seq != ++seq || row.hash != ChainHash(prev, seq, row.body)) return false;
    prev = row.hash;
  }
  return true;
}

}  // namespace

const Game& KindOfStored(const StoredGame& stored) {
  if (!stored.events.empty()) {
    if (const Game* kind = GameOfBody(stored.events.front().body)) return *kind;
  }
  if (const Game* kind = FindGame(stored.ruleset)) return *kind;
  return *FindGame("super-president");  // whose reader says what is wrong with the bytes
}

AnyCheckedGame CheckStoredAnyGame(const StoredGame& stored, const std::optional<Head>& witness) {
  AnyCheckedGame out;
  out.log.game = stored.game;
  out.log.kind = &KindOfStored(stored);
  out.ruleset = stored.ruleset;
  out.seats = stored.seats;
  out.chain.status = ChainStatus::kOk;
  // A game no game of this pli owns, its chain sound: written by a newer
  // pli, not tampered with. Its chain and head are checked; nothing else
  // can be. (A chain that does not hold is judged below as tampering.)
  if (!stored.events.empty() && GameOfBody(stored.events.front().body) == nullptr &&
      ChainHolds(stored)) {
    out.unknown = UnknownGameText(stored.events.front().body);
    out.rows = static_cast<int64_t>(stored.events.size());
    CheckHead(stored, witness, out.chain);
    return out;
  }
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

void FileChainChecker::Add(std::string&& body, const std::string& written) {
  const int64_t seq = ++seq_;
  if (!any_ && !written.empty()) {
    // The game has a chain: the events before without a hash are problems,
    // in seq order before this one's.
    any_ = true;
    check_.status = ChainStatus::kOk;
    for (const auto& [first, last] : unhashed_) {
      for (int64_t s = first; s <= last; ++s) {
        Report(check_, s, Seq(s) + " carries no hash, though others of its game do");
      }
    }
    unhashed_ = {};
  }
  const bool malformed = body.empty();
  if (!any_) {
    // No hash so far: nothing to check, only the chain to carry on.
    if (!malformed) {
      if (!unhashed_.empty() && unhashed_.back().second == seq - 1) {
        unhashed_.back().second = seq;
      } else {
        unhashed_.emplace_back(seq, seq);
      }
    }
    if (hashing_) return Link(malformed ? nullptr : &body, std::nullopt, seq);
    if (malformed) {
      deferred_.emplace_back();
    } else {
      deferred_.emplace_back(std::move(body));
    }
    if (deferred_.size() >= kDeferred) CatchUp();
    return;
  }
  CatchUp();
  const std::optional<pli::Hash> claimed = ParseHashHex(written);
  if (!claimed && !malformed) {
    Report(check_, seq, Seq(seq) + " carries no hash, though others of its game do");
  }
  Link(malformed ? nullptr : &body, claimed, seq);
}

// Carries the chain over one event (nullptr: a malformed one) and checks
// its claimed hash.
void FileChainChecker::Link(const std::string* body, const std::optional<pli::Hash>& claimed,
                            int64_t seq) {
  // A malformed event has no encoding to hash: it is reported as
  // `malformed` by audit, not as a chain problem; the chain goes on from
  // its hash as written. The hash the next event chains to is nullopt
  // after a malformed event without a readable hash, whose link cannot be
  // known.
  if (body == nullptr) {
    prev_ = claimed;
    return;
  }
  const pli::Hash actual = ChainHash(prev_.value_or(kGenesis), seq, *body);
  if (claimed && prev_ && *claimed != actual) {
    Report(check_, seq, Seq(seq) + " does not match its hash: it was edited, or moved");
  }
  // Go on from the hash as written, so one edit is reported once.
  prev_ = claimed.value_or(actual);
}

// Hashes the deferred events, and every event from then on.
void FileChainChecker::CatchUp() {
  if (hashing_) return;
  hashing_ = true;
  for (size_t i = 0; i < deferred_.size(); ++i) {  // events 1, 2, ...: deferred from the start
    Link(deferred_[i] ? &*deferred_[i] : nullptr, std::nullopt, static_cast<int64_t>(i) + 1);
  }
  deferred_ = {};
}

ChainCheck FileChainChecker::Finish() {
  if (!any_) return ChainCheck{};
  return std::move(check_);
}

void CheckFileWitness(int64_t events, const std::string& written, const Head& witness,
                      ChainCheck& check) {
  const std::string head = std::to_string(witness.seq) + ":" + HashHex(witness.hash);
  if (witness.seq > events) {
    return Report(check, witness.seq,
                  "the acknowledged head " + Seq(witness.seq) + " is not in the log (it has " +
                      std::to_string(events) + " events): it was cut");
  }
  const std::optional<Hash> hash = ParseHashHex(written);
  if (!hash) {
    return Report(check, witness.seq,
                  Seq(witness.seq) + " carries no hash: the log cannot be checked against " +
                      head + " (export it with pli export, which writes every hash)");
  }
  if (*hash != witness.hash) {
    Report(check, witness.seq,
           Seq(witness.seq) + "'s hash differs from the acknowledged head " +
               HashHex(witness.hash) + ": the log was rewritten");
  }
}

std::vector<DatabaseProblem> CheckDatabase(const std::vector<GameHead>& games,
                                           const std::optional<DatabaseHead>& witness) {
  std::vector<DatabaseProblem> problems;
  int64_t before = 0;  // the creation number of the game before
  std::string previous;
  for (const GameHead& g : games) {
    const std::string after = previous.empty() ? "" : " (after \"" + previous + "\")";
    if (g.created < 1) {
      problems.push_back({g.game, "game \"" + g.game + "\" has the creation number " +
                                      std::to_string(g.created) + "; they start at 1"});
    } else if (g.created == before) {
      problems.push_back({g.game, "game \"" + g.game + "\" has the creation number " +
                                      std::to_string(g.created) + " of game \"" + previous +
                                      "\" too: a games row was inserted or edited"});
    } else if (g.created != before + 1) {
      problems.push_back(
          {g.game, "game \"" + g.game + "\" is number " + std::to_string(g.created) +
                       " in creation order" + after + ": game" +
                       (g.created - before > 2 ? "s " + std::to_string(before + 1) + " to " +
                                                     std::to_string(g.created - 1) + " are"
                                               : " " + std::to_string(before + 1) + " is") +
                       " missing (removed with its events)"});
    }
    before = std::max(before, g.created);
    previous = g.game;
  }
  if (!witness) return problems;
  const std::string text = DatabaseHeadText(*witness);
  const auto n = static_cast<size_t>(witness->games);
  if (games.size() < n) {
    problems.push_back({"", "the database holds " + std::to_string(games.size()) +
                                " games, the witness " + text + " covers " +
                                std::to_string(witness->games) +
                                ": games were removed (games are never deleted)"});
  } else if (DatabaseHeadOf(std::vector<GameHead>(games.begin(), games.begin() + n)) != *witness) {
    problems.push_back(
        {"", "the first " + std::to_string(witness->games) +
                 " games (in creation order) do not hash to the witness " + text +
                 ": a game among them was removed, inserted, renamed, reordered, cut or "
                 "rewritten, or has had events appended since the witness was printed (a "
                 "database head holds while nothing is appended to those games)"});
  }
  return problems;
}

std::optional<std::vector<GameHead>> FileGameHeads(const std::vector<FileGameTail>& games,
                                                   std::string& why) {
  std::vector<GameHead> heads;
  for (const FileGameTail& g : games) {
    const std::optional<Hash> last = g.events > 0 ? ParseHashHex(g.last_hash) : std::nullopt;
    if (!last) {
      why = "game \"" + g.game + "\" carries no hash on its last event";
      return std::nullopt;
    }
    heads.push_back(GameHead{g.game, static_cast<int64_t>(heads.size()) + 1, Head{g.events, *last}});
  }
  return heads;
}

}  // namespace pli
