// state.h: the state of a game of Skull King as folded from its events
// (SKULL_KING.md "The state").
#ifndef PLI_ENGINE_SKULL_KING_STATE_H_
#define PLI_ENGINE_SKULL_KING_STATE_H_

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "games/skull_king/rules/card.h"
#include "games/skull_king/rules/event.h"
#include "games/skull_king/rules/options.h"

namespace pli::sk {

inline constexpr int kManches = 10;  // SK-D1, SK-G1

// kNone: no game event yet. kMancheOver also covers "before the first deal"
// (SK-R14).
enum class Phase : uint8_t { kNone, kBidding, kPlay, kMancheOver, kGameOver };

// One card of a pli.
struct PliPlay {
  int seat = 0;
  Card card;
  Declare declare = Declare::kNone;  // the Tigress's (SK-P3), else kNone
  friend bool operator==(const PliPlay&, const PliPlay&) = default;
};

// The open pli (`trick`).
struct Trick {
  int number = 1;                 // 1..H
  int leader = 0;
  std::vector<PliPlay> plays;
  std::optional<Suit> lead_suit;  // SK-P4 over the plays so far
  int winning = -1;               // SK-W1 if the pli stopped here; -1 before its first card
  friend bool operator==(const Trick&, const Trick&) = default;
};

// The last pli closed in this manche (`last_trick`).
struct ClosedTrick {
  int number = 0;
  int leader = 0;
  std::vector<PliPlay> plays;
  int winner = 0;
  int bonus = 0;  // SK-N2, before SK-N3
  friend bool operator==(const ClosedTrick&, const ClosedTrick&) = default;
};

// One seat's line of a completed manche (`history`).
struct MancheScore {
  int bid = 0;
  int won = 0;
  int points = 0;  // SK-N1 or SK-N4 without B
  int bonus = 0;   // the part of B that counts (SK-N3, SK-N4)
  int total = 0;   // points + bonus
  std::optional<Cannon> cannon;  // with `cannonball: true`
  friend bool operator==(const MancheScore&, const MancheScore&) = default;
};

struct State {
  // From the game event.
  std::string game;
  std::string ruleset;
  Options options;
  std::vector<std::string> seat_names;
  int seats = 0;  // P

  int64_t seq = 0;  // events folded so far, legal or not
  int manche = 0;   // the last deal accepted; 0 before the first
  Phase phase = Phase::kNone;
  int dealer = -1;                 // current or last manche; -1 before the first deal
  int hand_size = 0;               // H; 0 before the first deal
  std::optional<Card> turned;
  std::optional<Suit> trump;
  int turn = -1;                   // the seat to act, -1 for none
  std::vector<int> to_bid;         // bids owed, in bidding order from the dealer's left
  std::vector<std::optional<int>> bids;
  std::vector<std::optional<Cannon>> cannon;
  std::vector<int> won;
  std::vector<CardSet> hands;
  std::optional<Trick> trick;      // during play (kept by an end)
  std::optional<ClosedTrick> last_trick;
  std::vector<int> bonus;          // pli bonuses this manche, before SK-N3
  std::vector<int> scores;         // totals over completed manches
  std::vector<std::vector<MancheScore>> history;
  std::optional<std::vector<int>> winners;  // SK-G2, once the game is over
  bool ended = false;              // an end event was accepted

  // For CheckInvariants: this manche's cards played and the cards not dealt.
  CardSet played;
  CardSet undealt;

  friend bool operator==(const State&, const State&) = default;
};

// SK-D3: whether manche m turns up a card.
bool TurnsCard(const Options& options, int manche);
// SK-D1: H(m) = min(m, floor((D - t(m)) / P)).
int HandSize(const Options& options, int seats, int manche);
// SK-S2: the dealer of manche m.
int DealerOf(const Options& options, int seats, int manche);

// Debug invariants: for every card, hands + played this manche + turned +
// undealt = the deck; the open pli is consistent with the turn. Returns ""
// when all hold, else what is broken.
std::string CheckInvariants(const State& state);

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_STATE_H_
