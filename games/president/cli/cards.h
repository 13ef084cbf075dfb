// cards.h: Super Président's cards as `pli` shows them to people, in a
// style (cli/style.h): plain, two letters (RULES.md C1: "Qh", byte for byte
// what scripts and tests read); fancy, the rank and the suit's symbol in
// colour ("Q♥" in red, "T♠" bold). Header-only, cli only.
#ifndef PLI_CLI_PRESIDENT_CARDS_H_
#define PLI_CLI_PRESIDENT_CARDS_H_

#include <string>
#include <string_view>

#include "cli/style.h"
#include "games/president/rules/card.h"
#include "games/president/rules/event.h"

namespace pli::cli {

// "Qh", or "Q♥" in red.
inline std::string StyledCard(const Style& style, pli::Card c) {
  if (!style.fancy) return CardText(c);
  if (c.rank() == Rank::kX) return style.Paint(CardText(c), "1");  // H-C1: no suit, no colour
  static constexpr std::string_view kSymbols[] = {"♣", "♦", "♥", "♠"};
  const auto suit = static_cast<int>(c.suit());
  const std::string text = std::string(1, RankChar(c.rank())) + std::string(kSymbols[suit]);
  const bool red = c.suit() == Suit::kDiamonds || c.suit() == Suit::kHearts;
  return red ? style.Paint(text, "31") : style.Paint(text, "1");
}

// "7h 7s" (index order, as CardSetText), or the same with symbols.
inline std::string StyledCards(const Style& style, CardSet cards) {
  if (!style.fancy) return CardSetText(cards);
  std::string text;
  for (pli::Card c : cards) text += (text.empty() ? "" : " ") + StyledCard(style, c);
  return text;
}

// The cards as written, in their order.
inline std::string StyledCards(const Style& style, const CardList& cards) {
  std::string text;
  for (pli::Card c : cards) text += (text.empty() ? "" : " ") + StyledCard(style, c);
  return text;
}

}  // namespace pli::cli

#endif  // PLI_CLI_PRESIDENT_CARDS_H_
