// card.cc: the text forms of ranks, cards and card sets (RULES.md C1).
// Output is always canonical ("Qh", "Ts", "2c"); input is forgiving only in
// the ways C1 lists: "10" for T, either case, and the suit symbols ♣♦♥♠.
#include "games/president/rules/card.h"

#include <array>
#include <cstddef>

namespace pli {
namespace {

// C1: rank characters in rank order (index = Rank value).
constexpr std::array<char, kRankSlots> kRankChars = {'3', '4', '5', '6', '7', '8', '9',
                                                     'T', 'J', 'Q', 'K', 'A', '2', 'X'};
// C1: suit letters in suit order (index = Suit value).
constexpr std::array<char, kSuitCount> kSuitChars = {'c', 'd', 'h', 's'};
// C1: the suit symbols in UTF-8, in suit order: ♣ U+2663, ♦ U+2666,
// ♥ U+2665, ♠ U+2660.
constexpr std::array<std::string_view, kSuitCount> kSuitSymbols = {"\xE2\x99\xA3", "\xE2\x99\xA6",
                                                                   "\xE2\x99\xA5", "\xE2\x99\xA0"};

constexpr char ToUpper(char c) {
  return (c >= 'a' && c <= 'z') ? static_cast<char>(c - 'a' + 'A') : c;
}
constexpr char ToLower(char c) {
  return (c >= 'A' && c <= 'Z') ? static_cast<char>(c - 'A' + 'a') : c;
}

// A suit written as one letter (either case) or one symbol, else nullopt.
std::optional<Suit> ParseSuit(std::string_view text) {
  if (text.size() == 1) {
    const char c = ToLower(text[0]);
    for (int s = 0; s < kSuitCount; ++s) {
      if (kSuitChars[s] == c) return static_cast<Suit>(s);
    }
    return std::nullopt;
  }
  for (int s = 0; s < kSuitCount; ++s) {
    if (kSuitSymbols[s] == text) return static_cast<Suit>(s);
  }
  return std::nullopt;
}

}  // namespace

char RankChar(Rank r) { return kRankChars[static_cast<int>(r)]; }

std::optional<Rank> ParseRank(std::string_view text) {
  if (text == "10") return Rank::kT;
  if (text.size() != 1) return std::nullopt;
  const char c = ToUpper(text[0]);
  for (int r = 0; r < kRankCount; ++r) {
    if (kRankChars[r] == c) return static_cast<Rank>(r);
  }
  return std::nullopt;
}

std::string CardText(Card c) {
  if (c.rank() == Rank::kX) return c == kJoker1 ? "X1" : "X2";  // H-C1
  return std::string{RankChar(c.rank()), kSuitChars[static_cast<int>(c.suit())]};
}

std::optional<Card> ParseCard(std::string_view text) {
  // H-C1: the jokers, X1 and X2 in either case, and nothing else with X.
  if (text == "X1" || text == "x1") return kJoker1;
  if (text == "X2" || text == "x2") return kJoker2;
  // The rank is "10" or one character; the suit is all that follows.
  const std::size_t rank_length = text.starts_with("10") ? 2 : 1;
  if (text.size() <= rank_length) return std::nullopt;
  const std::optional<Rank> rank = ParseRank(text.substr(0, rank_length));
  if (!rank || *rank == Rank::kX) return std::nullopt;
  const std::optional<Suit> suit = ParseSuit(text.substr(rank_length));
  if (!suit) return std::nullopt;
  return Card(*rank, *suit);
}

std::string CardSetText(CardSet s) {
  std::string text;
  for (Card c : s) {
    if (!text.empty()) text += ' ';
    text += CardText(c);
  }
  return text;
}

}  // namespace pli
