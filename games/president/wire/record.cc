// record.cc: Super Président's columns and records (record.h).
#include "games/president/wire/record.h"

#include <type_traits>
#include <utility>
#include <variant>

#include "games/president/wire/event_codec.h"

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

}  // namespace

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
  return EventColumns{.type = static_cast<uint8_t>(TypeOf(event.body)),
                      .seat = ActingSeat(event.body),
                      .id = event.id,
                      .cards = CardsOf(event.body),
                      .details = DetailsOf(event)};
}

EventRecord RecordOf(const Event& event) { return RecordOf(event, EncodeEvent(event)); }

EventRecord RecordOf(const Event& event, std::string body) {
  EventRecord r{.body = std::move(body), .columns = ColumnsOf(event), .opening = std::nullopt};
  if (const auto* g = std::get_if<GameEvent>(&event.body)) {
    r.opening = GameOpening{g->game, g->ruleset, g->seats};
  }
  return r;
}

}  // namespace pli
