// card.h: Skull King's cards and card multisets (SKULL_KING.md SK-C1-C3).
//
// Card index layout (SK-C2, the canonical order):
//   0..55   numbered cards: suit s (b=0 g=1 p=2 y=3), value v (1..14) at
//           14*s + v - 1, so one suit is a contiguous 14-bit field
//   56..60  the five escapes     61..65  the five pirates   66  the Tigress
//   67..68  the two mermaids     69      the Skull King
// A `Card` names a kind of card: a numbered card by its index, a special
// card by the first index of its block (kEscape = 56, kPirate = 61, ...),
// since copies are interchangeable (SK-C1).
//
// A `CardSet` is a multiset of the deck as 70 bits (lo_: bits 0..63,
// hi_: bits 64..69, bits 70..127 always zero). The copies of a special card
// fill its block from its lowest bit, so a set holding 2 escapes has bits 56
// and 57: the count of a kind is the popcount of its block, equal multisets
// have equal bits, and "holds a numbered card of suit s" is one AND.
#ifndef PLI_ENGINE_SKULL_KING_CARD_H_
#define PLI_ENGINE_SKULL_KING_CARD_H_

#include <algorithm>
#include <array>
#include <bit>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>

namespace pli::sk {

// The suit numbering is part of the card index: never renumber.
enum class Suit : uint8_t { kBlack = 0, kGreen, kPurple, kYellow };
inline constexpr int kSuitCount = 4;
inline constexpr int kMaxValue = 14;

// What a card is, for the rules.
enum class Kind : uint8_t { kNumbered, kEscape, kPirate, kTigress, kMermaid, kKing };

inline constexpr int kCardBits = 70;  // SK-C1: the full deck

// The kind of each card index (any byte: 69 and above read as the King),
// so Card::kind() is one load instead of a chain of compares whose outcome
// changes from card to card.
inline constexpr std::array<Kind, 256> kKindOfIndex = [] {
  std::array<Kind, 256> k{};
  for (int i = 0; i < 256; ++i)
    k[i] = i < 56    ? Kind::kNumbered
           : i < 61  ? Kind::kEscape
           : i < 66  ? Kind::kPirate
           : i == 66 ? Kind::kTigress
           : i < 69  ? Kind::kMermaid
                     : Kind::kKing;
  return k;
}();

struct Card {
  uint8_t index = 0;
  constexpr Card() = default;
  constexpr explicit Card(uint8_t i) : index(i) {}
  constexpr bool numbered() const { return index < 56; }
  // Only for a numbered card.
  constexpr Suit suit() const { return static_cast<Suit>(index / 14); }
  constexpr int value() const { return index % 14 + 1; }
  constexpr Kind kind() const { return kKindOfIndex[index]; }
  friend constexpr bool operator==(Card, Card) = default;
  friend constexpr auto operator<=>(Card, Card) = default;
};

constexpr Card Numbered(Suit s, int value) {
  return Card(static_cast<uint8_t>(14 * static_cast<int>(s) + value - 1));
}
inline constexpr Card kEscape{56};
inline constexpr Card kPirate{61};
inline constexpr Card kTigress{66};
inline constexpr Card kMermaid{67};
inline constexpr Card kKing{69};

// SK-C1: how many copies of this card the full deck holds (1 for a
// numbered card, the Tigress and the King; 5, 5, 2 for escapes, pirates,
// mermaids). `card` must be a kind's first index.
constexpr int Copies(Card card) {
  switch (card.kind()) {
    case Kind::kEscape:
    case Kind::kPirate: return 5;
    case Kind::kMermaid: return 2;
    default: return 1;
  }
}
// The Card naming the kind of bit `index` (its block's first index).
constexpr Card KindOf(int index) {
  if (index < 56) return Card(static_cast<uint8_t>(index));
  if (index < 61) return kEscape;
  if (index < 66) return kPirate;
  if (index == 66) return kTigress;
  if (index < 69) return kMermaid;
  return kKing;
}

// The bits set in x, by halving sums: std::popcount is a call into libgcc
// unless the build targets a CPU with POPCNT, which this one does not assume.
constexpr int PopCount(uint64_t x) {
  x -= (x >> 1) & 0x5555555555555555;
  x = (x & 0x3333333333333333) + ((x >> 2) & 0x3333333333333333);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0F;
  return static_cast<int>((x * 0x0101010101010101) >> 56);
}

// A card's block in a CardSet (layout above): the bits of its copies in
// the two words, and its first bit.
struct CardBlock {
  uint64_t lo = 0, hi = 0;
  uint64_t first_lo = 0, first_hi = 0;
};
// The block of each card index: from the index, as many bits as its kind
// has copies.
inline constexpr std::array<CardBlock, kCardBits> kCardBlocks = [] {
  std::array<CardBlock, kCardBits> blocks{};
  for (int i = 0; i < kCardBits; ++i) {
    CardBlock& b = blocks[i];
    const int copies = Copies(KindOf(i));
    for (int k = i; k < i + copies && k < kCardBits; ++k)
      (k < 64 ? b.lo : b.hi) |= uint64_t{1} << (k % 64);
    (i < 64 ? b.first_lo : b.first_hi) = uint64_t{1} << (i % 64);
  }
  return blocks;
}();

// A multiset of cards (layout above).
class CardSet {
 public:
  constexpr CardSet() = default;
  // SK-C1: the deck of `deck_size` cards: 70, or 66 without the four 14s.
  static constexpr CardSet Deck(int deck_size) {
    CardSet s;
    s.lo_ = ~uint64_t{0};
    s.hi_ = (uint64_t{1} << (kCardBits - 64)) - 1;
    if (deck_size == 66)
      for (int su = 0; su < kSuitCount; ++su) s.Clear(14 * su + 13);
    return s;
  }

  constexpr bool empty() const { return lo_ == 0 && hi_ == 0; }
  constexpr int size() const { return PopCount(lo_) + PopCount(hi_); }
  // The copies of `card` held: a numbered card's bit, or the run of ones
  // from a special card's first bit, no longer than its block (copies fill
  // a block from its lowest bit; a full block's run goes on into the next).
  constexpr int Count(Card card) const {
    const int i = card.index;
    if (i < 56) return static_cast<int>((lo_ >> i) & 1);
    return std::min(std::countr_one(From(i)), Copies(card));
  }
  constexpr bool Contains(Card card) const { return Test(card.index); }
  // SK-P5: holds a numbered card of suit s.
  constexpr bool HasSuit(Suit s) const {
    return (lo_ >> (14 * static_cast<int>(s))) & 0x3FFF;
  }
  // Adds one copy; false (and no change) when every copy is already in.
  // A special card's copies fill its block from the lowest bit: the next
  // copy goes to the bit after the ones held. Numbered and special cards
  // take the same steps (the block of a numbered card is its one bit), so
  // the kind of card added costs no guess.
  constexpr bool Add(Card card) {
    const CardBlock b = BlockOf(card);
    const uint64_t held_lo = lo_ & b.lo, held_hi = hi_ & b.hi;
    if (held_lo == b.lo && held_hi == b.hi) return false;
    // The held bits shifted up one (across the words: the pirates' block
    // straddles them), and the block's first bit.
    lo_ |= ((held_lo << 1) | b.first_lo) & b.lo;
    hi_ |= ((held_hi << 1) | (held_lo >> 63) | b.first_hi) & b.hi;
    return true;
  }
  // Removes one copy (the block's highest bit held); false (and no change)
  // when none is held. The held bits shifted down one within the block.
  constexpr bool Remove(Card card) {
    const CardBlock b = BlockOf(card);
    const uint64_t held_lo = lo_ & b.lo, held_hi = hi_ & b.hi;
    if ((held_lo | held_hi) == 0) return false;
    lo_ = (lo_ & ~b.lo) | (((held_lo >> 1) | (held_hi << 63)) & b.lo);
    hi_ = (hi_ & ~b.hi) | ((held_hi >> 1) & b.hi);
    return true;
  }
  // Calls f(card, count) for each distinct card held, in canonical order.
  // Visits only the set bits: a kind is held exactly when its first bit is
  // set (copies fill a block from its lowest bit), so each other bit of a
  // special block is skipped.
  template <typename F>
  constexpr void ForEachKind(F&& f) const {
    for (uint64_t bits = lo_; bits != 0; bits &= bits - 1) {
      const int i = std::countr_zero(bits);
      const Card c = KindOf(i);
      if (c.index == i) f(c, Count(c));
    }
    for (uint64_t bits = hi_; bits != 0; bits &= bits - 1) {
      const int i = 64 + std::countr_zero(bits);
      const Card c = KindOf(i);
      if (c.index == i) f(c, Count(c));
    }
  }
  constexpr uint64_t lo() const { return lo_; }
  constexpr uint64_t hi() const { return hi_; }
  friend constexpr bool operator==(const CardSet&, const CardSet&) = default;

 private:
  // The bits from index i (56 or more) on, bit i as bit 0: a special
  // card's block may straddle the two words (the pirates, 61..65).
  constexpr uint64_t From(int i) const {
    return i < 64 ? (lo_ >> i) | (hi_ << (64 - i)) : hi_ >> (i - 64);
  }
  constexpr bool Test(int i) const {
    return i < 64 ? (lo_ >> i) & 1 : (hi_ >> (i - 64)) & 1;
  }
  constexpr void Set(int i) {
    if (i < 64) lo_ |= uint64_t{1} << i; else hi_ |= uint64_t{1} << (i - 64);
  }
  constexpr void Clear(int i) {
    if (i < 64) lo_ &= ~(uint64_t{1} << i); else hi_ &= ~(uint64_t{1} << (i - 64));
  }
  static constexpr CardBlock BlockOf(Card card) {
    return card.index < kCardBits ? kCardBlocks[card.index] : CardBlock{};
  }
  uint64_t lo_ = 0;
  uint64_t hi_ = 0;
};

// SK-C1: a card from any accepted text form, in any letter case ("14b",
// "14B", "BLACK_14", "PIRATE_3", "fuite", "Sirène", "skull-king" ...);
// nullopt for anything else.
std::optional<Card> ParseCard(std::string_view text);
// SK-C1: the canonical text ("14b", "escape", "pirate", "tigress",
// "mermaid", "king").
std::string CardText(Card card);
// "b", "g", "p", "y".
char SuitLetter(Suit s);
// "black", "green", "purple", "yellow".
const char* SuitName(Suit s);
// The cards of a set, canonical order, copies repeated, space-separated.
std::string CardSetText(const CardSet& set);

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_CARD_H_
