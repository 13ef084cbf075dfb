// trick.cc: the pure rules of a pli and of a manche's score: trump (SK-D4),
// lead suit (SK-P4), winner (SK-W1), bonus (SK-N2), scores (SK-N1-N4).
#include <cstdlib>

#include "engine/skull_king/rules.h"

namespace pli::sk {
namespace {

int FirstOf(std::span<const PliPlay> plays, Kind kind) {
  for (size_t i = 0; i < plays.size(); ++i)
    if (plays[i].card.kind() == kind) return static_cast<int>(i);
  return -1;
}

}  // namespace

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

int PliBonus(const Options& o, std::span<const PliPlay> plays, int winner) {
  const PliPlay& w = plays[winner];
  const bool king_in = FirstOf(plays, Kind::kKing) >= 0;
  int bonus = 0;
  if (o.bonuses == Bonuses::kOriginal) {
    if (w.card.kind() == Kind::kKing) {
      for (const PliPlay& p : plays)  // the Tigress counts whatever she declared
        if (p.card.kind() == Kind::kPirate || p.card.kind() == Kind::kTigress) bonus += 30;
    } else if (w.card.kind() == Kind::kMermaid && king_in) {
      bonus += 50;
    }
    return bonus;
  }
  for (const PliPlay& p : plays)  // the 14s, whoever won
    if (p.card.numbered() && p.card.value() == 14)
      bonus += p.card.suit() == Suit::kBlack ? 20 : 10;
  if (w.card.kind() == Kind::kKing) {
    for (const PliPlay& p : plays)
      if (PirateLike(p)) bonus += 30;
  } else if (w.card.kind() == Kind::kMermaid) {
    if (king_in) bonus += 40;
  } else if (PirateLike(w)) {
    for (const PliPlay& p : plays)
      if (p.card.kind() == Kind::kMermaid) bonus += 20;
  }
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
