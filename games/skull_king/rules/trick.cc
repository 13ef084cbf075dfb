// trick.cc: the pure rules of a pli and of a manche's score: trump (SK-D4),
// lead suit (SK-P4), winner (SK-W1), bonus (SK-N2), scores (SK-N1-N4).
#include <array>
#include <cstdint>
#include <cstdlib>

#include "games/skull_king/rules/rules.h"

namespace pli::sk {

std::optional<Suit> TrumpOf(const Options& o, int manche, std::optional<Card> turned) {
  switch (o.trump) {
    case Trump::kBlack: return Suit::kBlack;
    case Trump::kNone: return std::nullopt;
    case Trump::kTurned:
      // SK-R3: a special turned card means no trump; manche 10 has none.
      if (manche >= kManches || !turned || !turned->numbered()) return std::nullopt;
      return turned->suit();
  }
  return std::nullopt;
}

std::optional<Suit> LeadSuit(const Options& o, std::span<const PliPlay> plays) {
  switch (o.lead) {
    case Lead::kFirstCard:  // SK-P4: the first card, if numbered
      if (!plays.empty() && plays[0].card.numbered()) return plays[0].card.suit();
      return std::nullopt;
    case Lead::kDeferEscapes:  // the first card that is not escape-like
      for (const PliPlay& p : plays) {
        if (EscapeLike(p)) continue;
        if (p.card.numbered()) return p.card.suit();
        return std::nullopt;  // a character: no lead suit
      }
      return std::nullopt;
    case Lead::kFirstNumber:  // the first numbered card, whatever came before
      for (const PliPlay& p : plays)
        if (p.card.numbered()) return p.card.suit();
      return std::nullopt;
  }
  return std::nullopt;
}

int WinningIndex(const Options& o, std::optional<Suit> trump, std::span<const PliPlay> plays) {
  if (plays.empty()) return -1;
  bool king_down = false;
  for (const PliPlay& p : plays) king_down = king_down || p.card == kKing;
  const std::optional<Suit> lead = LeadSuit(o, plays);
  int best = 0, best_strength = -1;
  for (size_t i = 0; i < plays.size(); ++i) {
    const int strength = Strength(o, trump, lead, king_down, plays[i]);
    if (strength > best_strength) best = static_cast<int>(i), best_strength = strength;
  }
  return best;
}

namespace {

// SK-N2: what a 14 adds to any pli, by card index (20 for the black 14, 10
// for another, 0 for every other card).
constexpr std::array<uint8_t, 256> kFourteenBonus = [] {
  std::array<uint8_t, 256> b{};
  for (int s = 0; s < kSuitCount; ++s)
    b[Numbered(static_cast<Suit>(s), kMaxValue).index] = s == 0 ? 20 : 10;
  return b;
}();

}  // namespace

// One pass counts what the bonuses look at, each card adding to every count
// (no branch on its kind, which changes from card to card at random).
int PliBonus(const Options& o, std::span<const PliPlay> plays, int winner) {
  int fourteens = 0;    // the 14s' bonus, whoever won
  int pirate_like = 0;  // pirates and a Tigress declared pirate (SK-P3)
  int pirate_cards = 0;  // pirates and the Tigress, whatever she declared
  int mermaids = 0;
  int kings = 0;
  for (const PliPlay& p : plays) {
    const Kind k = p.card.kind();
    const int tigress = k == Kind::kTigress;
    fourteens += kFourteenBonus[p.card.index];
    pirate_like += (k == Kind::kPirate) | (tigress & (p.declare == Declare::kPirate));
    pirate_cards += (k == Kind::kPirate) | tigress;
    mermaids += k == Kind::kMermaid;
    kings += k == Kind::kKing;
  }
  const PliPlay& w = plays[winner];
  const Kind won_by = w.card.kind();
  if (o.bonuses == Bonuses::kOriginal) {
    if (won_by == Kind::kKing) return 30 * pirate_cards;
    if (won_by == Kind::kMermaid && kings > 0) return 50;
    return 0;
  }
  int bonus = fourteens;
  if (won_by == Kind::kKing) bonus += 30 * pirate_like;
  else if (won_by == Kind::kMermaid) bonus += kings > 0 ? 40 : 0;
  else if (PirateLike(w)) bonus += 20 * mermaids;
  return bonus;
}

MancheScore ScoreSeat(const Options& o, int h, int manche, int bid, int won, int bonus,
                      std::optional<Cannon> cannon) {
  MancheScore s;
  s.bid = bid;
  s.won = won;
  s.cannon = cannon;
  const int diff = std::abs(bid - won);
  if (o.scoring == Scoring::kRascal) {  // SK-N4
    if (cannon == Cannon::kCannonball) {
      if (diff == 0) s.points = 15 * h, s.bonus = bonus;
    } else if (diff == 0) {
      s.points = 10 * h, s.bonus = bonus;
    } else if (diff == 1) {
      s.points = 5 * h, s.bonus = bonus / 2;
    }
  } else {  // SK-N1, SK-N3
    const int base = o.zero_base == ZeroBase::kRound ? manche : h;
    if (bid >= 1) s.points = diff == 0 ? 20 * bid : -10 * diff;
    else if (won == 0) s.points = 10 * base;
    else s.points = o.zero_miss == ZeroMiss::kPerTrick ? -10 * won : -10 * base;
    if (diff == 0 || o.bonus_on_miss) s.bonus = bonus;
  }
  s.total = s.points + s.bonus;
  return s;
}

}  // namespace pli::sk
