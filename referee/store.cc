// store.cc: what every event store shares: the plain columns kept beside an
// event's body (ColumnsOf) and the checks made before an append.
#include "referee/store.h"
#include "engine/text.h"

#include <type_traits>
#include <variant>

namespace pli {
namespace {

void AppendCards(const CardList& cards, std::string& out) {
  for (size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out += ' ';
    out += CardText(cards[i]);
  }
}

// The cards an event names, in the order it names them.
std::string CardsOf(const EventBody& body) {
  std::string out;
  std::visit(
      [&out](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, DealEvent>) {
          for (size_t i = 0; i < e.hands.size(); ++i) {
            if (i > 0) out += " | ";
            AppendCards(e.hands[i], out);
          }
        } else if constexpr (std::is_same_v<T, ExchangeEvent> || std::is_same_v<T, PlayEvent> ||
                             std::is_same_v<T, CloseEvent>) {
          AppendCards(e.cards, out);
        }
      },
      body);
  return out;
}

std::string Quoted(std::string_view s) { return "\"" + EscapeForTerminal(s) + "\""; }

[[noreturn]] void Refuse(int64_t seq, std::string_view game, const std::string& why) {
  throw StoreError("cannot append event " + std::to_string(seq) + " to game " + Quoted(game) +
                   ": " + why);
}

}  // namespace

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

std::optional<std::string_view> DeclarationText(Declare declare) {
  switch (declare) {
    case Declare::kNone: return std::nullopt;
    case Declare::kSuite: return "suite";
    case Declare::kReverse: return "reverse";
  }
  return std::nullopt;
}

EventDetails DetailsOf(const Event& event) {
  EventDetails d;
  d.at = event.at;
  if (const auto* play = std::get_if<PlayEvent>(&event.body)) {
    if (std::optional<std::string_view> text = DeclarationText(play->declare)) {
      d.declaration = *text;
    }
  } else if (const auto* gift = std::get_if<ExchangeEvent>(&event.body)) {
    d.recipient = gift->to;
  } else if (const auto* deal = std::get_if<DealEvent>(&event.body)) {
    d.seed = deal->seed;
  }
  return d;
}

EventColumns ColumnsOf(const Event& event) {
  return EventColumns{.type = TypeOf(event.body),
                      .seat = ActingSeat(event.body),
                      .id = event.id,
                      .cards = CardsOf(event.body),
                      .details = DetailsOf(event)};
}

void CheckAppend(const std::optional<Head>& head, std::string_view game, int64_t seq,
                 const Event& event, std::string_view body, const Hash& hash) {
  // Each sentence is built only for a refusal: most appends pass.
  const auto* created = std::get_if<GameEvent>(&event.body);
  if (std::holds_alternative<MalformedEvent>(event.body)) {
    Refuse(seq, game, "a malformed event is never stored");
  }
  if (seq == 1 && created == nullptr) {
    Refuse(seq, game,
           std::string("event 1 of a game must be its game event, not ") +
               TypeName(TypeOf(event.body)));
  }
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
  if (hash != ChainHash(at.hash, seq, body)) {
    Refuse(seq, game, "its hash does not chain to the head's hash " + HashHex(at.hash));
  }
}

}  // namespace pli
