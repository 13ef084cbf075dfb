// store.cc: what every event store shares: the checks made before an
// append and the database head.
#include "referee/store.h"
#include "engine/text.h"
#include "referee/match_cache.h"


namespace pli {
namespace {

std::string Quoted(std::string_view s) { return "\"" + EscapeForTerminal(s) + "\""; }

[[noreturn]] void Refuse(int64_t seq, std::string_view game, const std::string& why) {
  throw StoreError("cannot append event " + std::to_string(seq) + " to game " + Quoted(game) +
                   ": " + why);
}

}  // namespace

EventStore::EventStore() = default;
EventStore::~EventStore() = default;

MatchCache& EventStore::Matches() {
  if (!matches_) matches_ = std::make_unique<MatchCache>();
  return *matches_;
}

std::string SeatsJson(const std::vector<std::string>& seats) {
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out = "[";
  for (size_t i = 0; i < seats.size(); ++i) {
    if (i > 0) out += ',';
    out += '"';
    for (unsigned char c : seats[i]) {
      if (c == '"' || c == '\\') {
        out += '\\';
        out += static_cast<char>(c);
      } else if (c < 0x20) {
        out += "\\u00";
        out += kHex[c >> 4];
        out += kHex[c & 0xf];
      } else {
        out += static_cast<char>(c);
      }
    }
    out += '"';
  }
  return out + "]";
}

void AddToDatabaseHead(Sha256Stream& sha, std::string_view game, const Head& head) {
  sha.AddBe64(game.size());
  sha.Add(game);
  sha.AddBe64(static_cast<uint64_t>(head.seq));
  sha.Add(std::string_view(reinterpret_cast<const char*>(head.hash.data()), head.hash.size()));
}

DatabaseHead DatabaseHeadOf(const std::vector<GameHead>& games) {
  Sha256Stream sha;
  for (const GameHead& g : games) AddToDatabaseHead(sha, g.game, g.head);
  return DatabaseHead{static_cast<int64_t>(games.size()), sha.Finish()};
}

std::string DatabaseHeadText(const DatabaseHead& head) {
  return "db:" + std::to_string(head.games) + ":" + HashHex(head.hash);
}

std::vector<GameHead> EventStore::GameHeads() {
  std::vector<GameHead> out;
  int64_t created = 0;
  for (std::string& game : Games()) {
    std::optional<Head> head = HeadOf(game);
    if (!head) continue;
    out.push_back(GameHead{std::move(game), ++created, *head});
  }
  return out;
}

void CheckAppend(const std::optional<Head>& head, std::string_view game, int64_t seq,
                 const EventRecord& record, const Hash& hash) {
  // Each sentence is built only for a refusal: most appends pass.
  const std::optional<GameOpening>& created = record.opening;
  if (record.body.empty()) Refuse(seq, game, "an event without a stored encoding is never stored");
  if (seq == 1 && !created) {
    Refuse(seq, game,
           "event 1 of a game must be its game event, not an event of type tag " +
               std::to_string(record.columns.type));
  }
  if (seq != 1 && created) Refuse(seq, game, "a game event belongs at seq 1 only");
  if (seq == 1 && created->game != game) {
    Refuse(seq, game, "its game event is for game " + Quoted(created->game));
  }
  if (seq == 1 && head.has_value()) {
    Refuse(seq, game, "the game already exists (its head is at " + std::to_string(head->seq) + ")");
  }
  if (seq != 1 && !head.has_value()) Refuse(seq, game, "there is no such game");
  const Head at = head.value_or(Head{});
  if (seq != at.seq + 1) {
    Refuse(seq, game,
           "the log's head is at " + std::to_string(at.seq) +
               "; events are appended at head + 1 only");
  }
  if (hash != ChainHash(at.hash, seq, record.body)) {
    Refuse(seq, game, "its hash does not chain to the head's hash " + HashHex(at.hash));
  }
}

}  // namespace pli
