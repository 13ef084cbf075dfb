// columns.cc: a stored row's columns checked against Super Président's
// event in place (columns.h).
#include "games/president/columns.h"

#include <array>
#include <cassert>
#include <cstdint>
#include <optional>
#include <string>
#include <type_traits>
#include <variant>

#include "games/president/rules/rules.h"
#include "games/president/wire/record.h"

namespace pli {
namespace {

// The text of each card (CardText), made once: two characters, rank and suit.
using CardChars = std::array<char, 2>;
const std::array<CardChars, kCardSlots>& CardTexts() {  // X1, X2 too (H-C1)
  static const std::array<CardChars, kCardSlots> texts = [] {
    std::array<CardChars, kCardSlots> t;
    for (int i = 0; i < kCardSlots; ++i) {
      const std::string text = CardText(Card(static_cast<uint8_t>(i)));
      assert(text.size() == 2);
      t[i] = {text[0], text[1]};
    }
    return t;
  }();
  return texts;
}

// Reads a column from the front, piece by piece.
class ColumnCursor {
 public:
  explicit ColumnCursor(std::string_view column) : rest_(column) {}
  bool Take(std::string_view piece) {
    if (!rest_.starts_with(piece)) return false;
    rest_.remove_prefix(piece.size());
    return true;
  }
  // The cards' texts, one space between two: 3n - 1 characters for n cards.
  bool TakeCards(const CardList& cards) {
    const size_t n = cards.size();
    if (n == 0) return true;
    if (rest_.size() < 3 * n - 1) return false;
    const auto& texts = CardTexts();
    const char* p = rest_.data();
    for (size_t i = 0; i < n; ++i, p += 2) {
      if (i > 0 && *p++ != ' ') return false;
      const CardChars& text = texts[cards[i].index];
      if (p[0] != text[0] || p[1] != text[1]) return false;
    }
    rest_.remove_prefix(3 * n - 1);
    return true;
  }
  bool AtEnd() const { return rest_.empty(); }

 private:
  std::string_view rest_;
};

// The columns of schema version 3 (DetailsProblem), compared in place; a
// file older than that has none to compare.
bool DetailsAgree(const ColumnsView& row, const Event& event) {
  if (!row.details) return true;
  if (row.at.has_value() != event.at.has_value() || (row.at && *row.at != *event.at)) return false;
  std::optional<std::string_view> declaration;
  int64_t recipient = -1;
  std::optional<int64_t> seed;
  if (const auto* play = std::get_if<PlayEvent>(&event.body)) {
    declaration = DeclarationText(play->declare);
  } else if (const auto* gift = std::get_if<ExchangeEvent>(&event.body)) {
    recipient = gift->to;
  } else if (const auto* deal = std::get_if<DealEvent>(&event.body)) {
    seed = deal->seed;
  }
  return row.declaration == declaration && row.recipient == recipient && row.seed == seed;
}

}  // namespace

bool CardsColumnMatches(const EventBody& body, std::string_view column) {
  ColumnCursor cursor(column);
  const bool taken = std::visit(
      [&cursor](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, DealEvent>) {
          for (size_t i = 0; i < e.hands.size(); ++i) {
            if (i > 0 && !cursor.Take(" | ")) return false;
            if (!cursor.TakeCards(e.hands[i])) return false;
          }
          return true;
        } else if constexpr (std::is_same_v<T, ExchangeEvent> || std::is_same_v<T, PlayEvent> ||
                             std::is_same_v<T, CloseEvent>) {
          return cursor.TakeCards(e.cards);
        } else {
          return true;
        }
      },
      body);
  return taken && cursor.AtEnd();
}

// The columns CheckRow compares (ColumnsProblem), compared in place.
bool ColumnsAgree(const ColumnsView& row, const Event& event) {
  if (row.type != static_cast<int64_t>(TypeOf(event.body))) return false;
  if (row.seat != ActingSeat(event.body)) return false;
  if (row.id.has_value() != event.id.has_value()) return false;
  if (row.id && *row.id != *event.id) return false;
  return CardsColumnMatches(event.body, row.cards) && DetailsAgree(row, event);
}

}  // namespace pli
