// card.cc: card texts (SK-C1) and their canonical forms (SK-C2).
#include "games/skull_king/rules/card.h"

namespace pli::sk {
namespace {

// ASCII lower case; the two precomposed È/è of "sirène" become è (U+00E8).
std::string Lower(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    const unsigned char c = static_cast<unsigned char>(text[i]);
    if (c == 0xC3 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) == 0x88) {
      out += "\xC3\xA8";
      ++i;
    } else if (c >= 'A' && c <= 'Z') {
      out += static_cast<char>(c - 'A' + 'a');
    } else {
      out += static_cast<char>(c);
    }
  }
  return out;
}

// A decimal number from `lo` to `hi` with no leading zero, else -1.
int Number(std::string_view s, int lo, int hi) {
  if (s.empty() || s.size() > 2 || s[0] == '0') return -1;
  int n = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return -1;
    n = n * 10 + (c - '0');
  }
  return n >= lo && n <= hi ? n : -1;
}

std::optional<Suit> SuitOfLetter(char c) {
  switch (c) {
    case 'b': return Suit::kBlack;
    case 'g': return Suit::kGreen;
    case 'p': return Suit::kPurple;
    case 'y': return Suit::kYellow;
    default: return std::nullopt;
  }
}

}  // namespace

std::optional<Card> ParseCard(std::string_view text) {
  const std::string t = Lower(text);
  struct Word { const char* text; Card card; };
  static constexpr Word kWords[] = {
      {"escape", kEscape},   {"fuite", kEscape},      {"pirate", kPirate},
      {"tigress", kTigress}, {"tigresse", kTigress},  {"mermaid", kMermaid},
      {"sirene", kMermaid},  {"sir\xC3\xA8ne", kMermaid}, {"king", kKing},
      {"skullking", kKing},  {"skull-king", kKing},   {"skull_king", kKing},
  };
  for (const Word& w : kWords)
    if (t == w.text) return w.card;
  // "14b": a value and a suit letter.
  if (t.size() >= 2) {
    if (auto s = SuitOfLetter(t.back())) {
      const int v = Number(std::string_view(t).substr(0, t.size() - 1), 1, kMaxValue);
      if (v > 0) return Numbered(*s, v);
    }
  }
  // 004's ids: BLACK_v ..., PIRATE_n, MERMAID_n, ESCAPE_n.
  const size_t bar = t.find('_');
  if (bar == std::string::npos) return std::nullopt;
  const std::string_view head = std::string_view(t).substr(0, bar);
  const std::string_view tail = std::string_view(t).substr(bar + 1);
  static constexpr const char* kSuitIds[] = {"black", "green", "purple", "yellow"};
  for (int s = 0; s < kSuitCount; ++s)
    if (head == kSuitIds[s]) {
      const int v = Number(tail, 1, kMaxValue);
      if (v < 0) return std::nullopt;
      return Numbered(static_cast<Suit>(s), v);
    }
  struct Id { const char* head; Card card; };
  static constexpr Id kIds[] = {{"pirate", kPirate}, {"mermaid", kMermaid}, {"escape", kEscape}};
  for (const Id& id : kIds)
    if (head == id.head) {
      if (Number(tail, 1, Copies(id.card)) < 0) return std::nullopt;
      return id.card;
    }
  return std::nullopt;
}

char SuitLetter(Suit s) { return "bgpy"[static_cast<int>(s)]; }

const char* SuitName(Suit s) {
  static constexpr const char* kNames[] = {"black", "green", "purple", "yellow"};
  return kNames[static_cast<int>(s)];
}

std::string CardText(Card card) {
  switch (card.kind()) {
    case Kind::kNumbered: return std::to_string(card.value()) + SuitLetter(card.suit());
    case Kind::kEscape: return "escape";
    case Kind::kPirate: return "pirate";
    case Kind::kTigress: return "tigress";
    case Kind::kMermaid: return "mermaid";
    case Kind::kKing: return "king";
  }
  return "?";
}

std::string CardSetText(const CardSet& set) {
  std::string out;
  set.ForEachKind([&](Card c, int n) {
    for (int i = 0; i < n; ++i) {
      if (!out.empty()) out += ' ';
      out += CardText(c);
    }
  });
  return out;
}

}  // namespace pli::sk
