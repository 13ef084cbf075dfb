// event.cc: event type tags and names (INTERFACE.md §1), and which seat acts.
#include "games/president/rules/event.h"

#include <array>
#include <type_traits>
#include <utility>

namespace pli {
namespace {

constexpr std::array<std::pair<EventType, std::string_view>, 7> kTypeNames = {{
    {EventType::kGame, "game"},
    {EventType::kDeal, "deal"},
    {EventType::kExchange, "exchange"},
    {EventType::kPlay, "play"},
    {EventType::kPass, "pass"},
    {EventType::kClose, "close"},
    {EventType::kEnd, "end"},
}};

// The variant's alternatives are in tag order, so the tag is index + 1.
template <EventType kType, typename T>
constexpr bool kTagged =
    std::is_same_v<std::variant_alternative_t<static_cast<int>(kType) - 1, EventBody>, T>;
static_assert(kTagged<EventType::kGame, GameEvent> && kTagged<EventType::kDeal, DealEvent> &&
              kTagged<EventType::kExchange, ExchangeEvent> &&
              kTagged<EventType::kPlay, PlayEvent> && kTagged<EventType::kPass, PassEvent> &&
              kTagged<EventType::kClose, CloseEvent> && kTagged<EventType::kEnd, EndEvent>);
// Plus MalformedEvent, last, which has no wire tag.
static_assert(std::variant_size_v<EventBody> == kTypeNames.size() + 1);
static_assert(std::is_same_v<std::variant_alternative_t<kTypeNames.size(), EventBody>,
                             MalformedEvent>);

}  // namespace

EventType TypeOf(const EventBody& body) {
  if (std::holds_alternative<MalformedEvent>(body)) return EventType::kMalformed;
  return static_cast<EventType>(body.index() + 1);
}

const char* TypeName(EventType type) {
  for (const auto& [t, name] : kTypeNames) {
    if (t == type) return name.data();  // the literals are NUL-terminated
  }
  if (type == EventType::kMalformed) return "malformed";
  return "unknown";  // not an EventType value
}

std::optional<std::string> WrittenType(const EventBody& body) {
  if (const auto* m = std::get_if<MalformedEvent>(&body)) return m->type;
  return std::string(TypeName(TypeOf(body)));
}

std::string MalformedEvent::Text() const {
  std::string out;
  if (line > 0) out = "line " + std::to_string(line);
  if (!field.empty()) out += (out.empty() ? "" : ", ") + std::string("field \"") + field + "\"";
  out += (out.empty() ? "" : ": ") + message;
  return out;
}

std::optional<EventType> ParseTypeName(std::string_view name) {
  for (const auto& [t, n] : kTypeNames) {
    if (n == name) return t;
  }
  return std::nullopt;
}

int ActingSeat(const EventBody& body) {
  return std::visit(
      [](const auto& e) -> int {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, ExchangeEvent>) {
          return e.from;
        } else if constexpr (std::is_same_v<T, MalformedEvent>) {
          return e.seat;
        } else if constexpr (std::is_same_v<T, PlayEvent> || std::is_same_v<T, PassEvent> ||
                             std::is_same_v<T, CloseEvent>) {
          return e.seat;
        } else {
          return -1;  // game, deal, end: nobody acts
        }
      },
      body);
}

}  // namespace pli
