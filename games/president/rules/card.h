// card.h: ranks, suits, cards and 64-bit card sets (RULES.md C1-C5).
//
// Card index layout: index = rank * 4 + suit, so one rank is a contiguous
// nibble of a CardSet and "all cards of rank r" is the mask 0xF << (4 * r).
//   rank 0..12 = 3 4 5 6 7 8 9 T J Q K A 2   (C2: normal order, weakest first)
//   suit 0..3  = c d h s                      (C4: suits never matter in play)
// H-C1: the jokers are rank 13 (X): X1 is index 52, X2 index 53; they are
// in a CardSet only in a game with option `jokers` (RankOrder::deck).
// Bits 54..63 of a CardSet are always zero.
#ifndef PLI_ENGINE_CARD_H_
#define PLI_ENGINE_CARD_H_

#include <array>
#include <bit>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>

namespace pli {

// Rank, numbered in normal order (C2). The numbering is part of the card
// index and of stored encodings: never renumber.
enum class Rank : uint8_t {
  k3 = 0, k4, k5, k6, k7, k8, k9, kT, kJ, kQ, kK, kA, k2,
  kX,  // H-C1: the jokers' rank (X1, X2), in the deck only with option `jokers`
};
inline constexpr int kRankCount = 13;  // the natural ranks (C2)
inline constexpr int kRankSlots = 14;  // the natural ranks and X (H-C1): arrays by rank

enum class Suit : uint8_t { kClubs = 0, kDiamonds, kHearts, kSpades };
inline constexpr int kSuitCount = 4;

// A card is its index 0..51 (see the layout above).
struct Card {
  uint8_t index = 0;

  constexpr Card() = default;
  constexpr explicit Card(uint8_t i) : index(i) {}
  constexpr Card(Rank r, Suit s)
      : index(static_cast<uint8_t>(static_cast<int>(r) * 4 + static_cast<int>(s))) {}
  constexpr Rank rank() const { return static_cast<Rank>(index / 4); }
  constexpr Suit suit() const { return static_cast<Suit>(index % 4); }
  friend constexpr bool operator==(Card, Card) = default;
  friend constexpr auto operator<=>(Card, Card) = default;
};
inline constexpr int kDeckSize = 52;  // C1: the natural cards, indices 0..51
// H-C1: X1 (the plain joker) and X2 (the coloured one), after every
// natural card, so a hand in index order lists them last, X1 first.
inline constexpr Card kJoker1{52};
inline constexpr Card kJoker2{53};
inline constexpr int kCardSlots = 54;  // card indices 0..53, jokers included

// The number of set bits. Built for plain x86-64 (no POPCNT instruction),
// std::popcount is a call to libgcc's __popcountdi2, a tenth of the time of
// random play (docs/PERFORMANCE.md); this is the same count inline.
constexpr int PopCount(uint64_t x) {
#if defined(__POPCNT__)
  return std::popcount(x);
#else
  x = x - ((x >> 1) & 0x5555555555555555ULL);
  x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);
  x = (x + (x >> 4)) & 0x0F0F0F0F0F0F0F0FULL;
  return static_cast<int>((x * 0x0101010101010101ULL) >> 56);
#endif
}

// A set of cards as 52 bits of a uint64_t.
class CardSet {
 public:
  constexpr CardSet() = default;
  constexpr explicit CardSet(uint64_t bits) : bits_(bits) {}
  static constexpr CardSet Deck() { return CardSet((uint64_t{1} << kDeckSize) - 1); }
  // All four cards of rank r.
  static constexpr CardSet OfRank(Rank r) {
    return CardSet(uint64_t{0xF} << (4 * static_cast<int>(r)));
  }

  constexpr uint64_t bits() const { return bits_; }
  constexpr bool empty() const { return bits_ == 0; }
  constexpr int size() const { return PopCount(bits_); }
  constexpr bool contains(Card c) const { return (bits_ >> c.index) & 1; }
  constexpr bool contains(CardSet s) const { return (bits_ & s.bits_) == s.bits_; }
  // The cards of rank r held: one nibble, counted by a 16-entry table
  // packed in a constant (entry n, at bits 4n, is the popcount of n).
  constexpr int CountOf(Rank r) const {
    const uint64_t nibble = (bits_ >> (4 * static_cast<int>(r))) & 0xF;
    return static_cast<int>((0x4332322132212110ULL >> (4 * nibble)) & 0xF);
  }
  constexpr CardSet OnlyRank(Rank r) const { return *this & OfRank(r); }
  // The ranks of which the set holds at least n cards (1 to 4), all at
  // once: bit 3 of rank r's nibble is set when it does (X's too, H-C1). Iterate with
  //   for (uint64_t m = set.RanksWithAtLeast(n); m != 0; m &= m - 1)
  //     Rank r = RankOfBit(m);
  constexpr uint64_t RanksWithAtLeast(int n) const {
    uint64_t x = bits_ - ((bits_ >> 1) & 0x5555555555555555ULL);
    x = (x & 0x3333333333333333ULL) + ((x >> 2) & 0x3333333333333333ULL);  // nibble = its count
    // A count of 0..4 plus 8 - n stays within its nibble; bit 3 says count >= n.
    return (x + static_cast<uint64_t>(8 - n) * 0x11111111111111ULL) & 0x88888888888888ULL;
  }

  constexpr void insert(Card c) { bits_ |= uint64_t{1} << c.index; }
  constexpr void erase(Card c) { bits_ &= ~(uint64_t{1} << c.index); }
  // The lowest-index card; the set must not be empty.
  constexpr Card first() const { return Card(static_cast<uint8_t>(std::countr_zero(bits_))); }

  friend constexpr CardSet operator|(CardSet a, CardSet b) { return CardSet(a.bits_ | b.bits_); }
  friend constexpr CardSet operator&(CardSet a, CardSet b) { return CardSet(a.bits_ & b.bits_); }
  friend constexpr CardSet operator-(CardSet a, CardSet b) { return CardSet(a.bits_ & ~b.bits_); }
  constexpr CardSet& operator|=(CardSet o) { bits_ |= o.bits_; return *this; }
  constexpr CardSet& operator&=(CardSet o) { bits_ &= o.bits_; return *this; }
  constexpr CardSet& operator-=(CardSet o) { bits_ &= ~o.bits_; return *this; }
  friend constexpr bool operator==(CardSet, CardSet) = default;

  // Iteration in index order (rank, then suit), popping the lowest bit.
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = Card;
    using difference_type = std::ptrdiff_t;
    using pointer = const Card*;
    using reference = Card;
    constexpr Iterator() = default;
    constexpr explicit Iterator(uint64_t b) : b_(b) {}
    constexpr Iterator operator++(int) { Iterator old = *this; ++*this; return old; }
    constexpr Card operator*() const { return Card(static_cast<uint8_t>(std::countr_zero(b_))); }
    constexpr Iterator& operator++() { b_ &= b_ - 1; return *this; }
    friend constexpr bool operator==(Iterator, Iterator) = default;
   private:
    uint64_t b_ = 0;
  };
  constexpr Iterator begin() const { return Iterator(bits_); }
  constexpr Iterator end() const { return Iterator(0); }

 private:
  uint64_t bits_ = 0;
};

// The rank of the lowest set bit of a RanksWithAtLeast mask (not empty).
constexpr Rank RankOfBit(uint64_t rank_mask) {
  return static_cast<Rank>(std::countr_zero(rank_mask) / 4);
}

// C2/C3: strength of a rank under the order in force; higher is stronger.
constexpr int Strength(Rank r, bool revolution) {
  return revolution ? 12 - static_cast<int>(r) : static_cast<int>(r);
}
// The rank with strength s (0..12) under the order in force.
constexpr Rank RankOfStrength(int s, bool revolution) {
  return static_cast<Rank>(revolution ? 12 - s : s);
}
// C4: the top rank (2 normally, 3 under révolution).
constexpr Rank TopRank(bool revolution) { return revolution ? Rank::k3 : Rank::k2; }
// V3: the weakest rank of the order in force.
constexpr Rank BottomRank(bool revolution) { return revolution ? Rank::k2 : Rank::k3; }
// C5: the rank one step up (consecutive) / down (inversely consecutive) in
// the order in force, or nullopt past the end of the order.
constexpr std::optional<Rank> StepUp(Rank r, bool revolution) {
  int s = Strength(r, revolution) + 1;
  if (s > 12) return std::nullopt;
  return RankOfStrength(s, revolution);
}
constexpr std::optional<Rank> StepDown(Rank r, bool revolution) {
  int s = Strength(r, revolution) - 1;
  if (s < 0) return std::nullopt;
  return RankOfStrength(s, revolution);
}

// H-B2: the order in force as data. The ranks of the game's deck, weakest
// first, computed once from the options at the game event (RankOrder::Of,
// kept in State::order); every rule that compares, steps or names the top
// rank asks it, so an option that changes the order (H-R1 `ranks`) changes
// only this data. A rank keeps its number (the card index) whatever its
// place. The default is C2's order, which the free functions above give.
struct RankOrder {
  // Normal-order strength (0 = weakest) of each rank; -1 when the order
  // lacks it (a rank the deck lacks, H-R1; X without jokers, H-C1).
  std::array<int8_t, kRankSlots> strength{0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, -1};
  // The ranks, weakest first (size() of them).
  std::array<Rank, kRankSlots> by_strength{Rank::k3, Rank::k4, Rank::k5, Rank::k6, Rank::k7,
                                           Rank::k8, Rank::k9, Rank::kT, Rank::kJ, Rank::kQ,
                                           Rank::kK, Rank::kA, Rank::k2, Rank::k2};
  int8_t count = 13;  // ranks in the order
  // at_least[k]: the ranks of normal strength k or more, as bit 4r + 3 per
  // rank r (the form of CardSet::RanksWithAtLeast); at_least[count..] = 0.
  std::array<uint64_t, kRankSlots + 1> at_least = Masks(by_strength, 13);
  // The same under révolution: the ranks of reversed strength k or more.
  std::array<uint64_t, kRankSlots + 1> at_least_reversed = ReversedMasks(by_strength, 13);
  // C4: T without and with révolution (by_strength's last and first).
  std::array<Rank, 2> top{Rank::k2, Rank::k3};
  CardSet deck = CardSet::Deck();  // every card of the deck (C1, H-R1, H-C1's jokers)
  // H-W1: the wild cards of the deck (option `wild`), empty by default. A
  // wild 2 or 3 has left the order (strength -1); a wild joker keeps X in
  // the order when `joker_rank` is `top` (X is T, H-B2).
  CardSet wild;

  // H-R1: the order of option `ranks` (names, weakest first, as in
  // HOUSE_RULES.md); nullopt for an unknown one.
  static constexpr RankOrder FromRanks(const Rank* ranks, int n) {
    RankOrder o;
    o.strength.fill(-1);
    o.count = static_cast<int8_t>(n);
    o.deck = CardSet();
    for (int i = 0; i < n; ++i) {
      o.by_strength[i] = ranks[i];
      o.strength[static_cast<int>(ranks[i])] = static_cast<int8_t>(i);
      if (ranks[i] != Rank::kX) o.deck |= CardSet::OfRank(ranks[i]);  // X's cards: H-C1's count
    }
    for (int i = n; i < kRankSlots; ++i) o.by_strength[i] = ranks[n - 1];  // never read
    o.at_least = Masks(o.by_strength, n);
    o.at_least_reversed = ReversedMasks(o.by_strength, n);
    o.top = {ranks[n - 1], ranks[0]};
    return o;
  }
  static constexpr std::array<uint64_t, kRankSlots + 1> Masks(const std::array<Rank, kRankSlots>& by,
                                                              int n) {
    std::array<uint64_t, kRankSlots + 1> m{};
    for (int k = n - 1; k >= 0; --k)
      m[k] = m[k + 1] | (uint64_t{8} << (4 * static_cast<int>(by[k])));
    return m;
  }

  static constexpr std::array<uint64_t, kRankSlots + 1> ReversedMasks(
      const std::array<Rank, kRankSlots>& by, int n) {
    std::array<uint64_t, kRankSlots + 1> m{};
    for (int k = n - 1; k >= 0; --k)  // reversed strength k is by[n - 1 - k]
      m[k] = m[k + 1] | (uint64_t{8} << (4 * static_cast<int>(by[n - 1 - k])));
    return m;
  }

  constexpr int size() const { return count; }
  // H-B1, H-W1: the effective rank of a set: its natural cards' rank (those
  // not in `wild`), T for wild cards only; nullopt when the natural cards
  // are of several ranks.
  constexpr std::optional<Rank> EffectiveRank(CardSet cards, bool revolution) const {
    const CardSet natural = cards - wild;
    if (natural.empty()) return TopRank(revolution);
    const Rank r = natural.first().rank();
    if (natural != natural.OnlyRank(r)) return std::nullopt;
    return r;
  }
  constexpr bool Has(Rank r) const { return strength[static_cast<int>(r)] >= 0; }
  // C2/C3: strength under the order in force, 0 .. size()-1; higher is stronger.
  constexpr int Strength(Rank r, bool revolution) const {
    const int s = strength[static_cast<int>(r)];
    return revolution ? count - 1 - s : s;
  }
  constexpr Rank RankOfStrength(int s, bool revolution) const {
    return by_strength[revolution ? count - 1 - s : s];
  }
  // C4: T, the strongest rank of the order in force; V3: the weakest.
  constexpr Rank TopRank(bool revolution) const { return top[revolution]; }
  constexpr Rank BottomRank(bool revolution) const { return RankOfStrength(0, revolution); }
  // C5: one step up / down the order in force, nullopt past its end.
  constexpr std::optional<Rank> StepUp(Rank r, bool revolution) const {
    const int s = Strength(r, revolution) + 1;
    if (s >= count) return std::nullopt;
    return RankOfStrength(s, revolution);
  }
  constexpr std::optional<Rank> StepDown(Rank r, bool revolution) const {
    const int s = Strength(r, revolution) - 1;
    if (s < 0) return std::nullopt;
    return RankOfStrength(s, revolution);
  }
  // The ranks of strength `need` or more under the order in force (need
  // may be 0 .. size()), as bits 4r + 3.
  constexpr uint64_t AtLeast(int need, bool revolution) const {
    return revolution ? at_least_reversed[need] : at_least[need];
  }
  friend constexpr bool operator==(const RankOrder&, const RankOrder&) = default;
};

// C1 text forms. RankChar: "3".."9","T","J","Q","K","A","2"; "X" (H-C1).
char RankChar(Rank r);
std::optional<Rank> ParseRank(std::string_view text);  // also "10", lower case
// Canonical two-letter form, e.g. "Qh", "Ts", "2c"; the jokers "X1", "X2" (H-C1).
std::string CardText(Card c);
// Accepts "Qh", "qh", "10h", "QH" and suit symbols ♣♦♥♠; "X1", "x1", "X2",
// "x2" (H-C1: whether the game's deck has that joker is the referee's
// question); nullopt otherwise.
std::optional<Card> ParseCard(std::string_view text);
// "7h 7s" in index order.
std::string CardSetText(CardSet s);

}  // namespace pli

#endif  // PLI_ENGINE_CARD_H_
