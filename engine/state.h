// state.h: the state of a game of Super Président, as folded from its events.
#ifndef PLI_ENGINE_STATE_H_
#define PLI_ENGINE_STATE_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "engine/card.h"
#include "engine/options.h"

namespace pli {

inline constexpr int kMinSeats = 4;  // S1
inline constexpr int kMaxSeats = 8;

// Where the game stands. kNone: no game event yet. kMancheOver also covers
// "waiting for the first deal" (manche 0).
enum class Phase : uint8_t { kNone, kExchange, kPlay, kMancheOver, kGameOver };
// What is in force in the pli (U2, V3); free otherwise.
enum class Mode : uint8_t { kFree, kSuite, kReverse };

// A bit per seat.
using SeatMask = uint32_t;
constexpr SeatMask SeatBit(int seat) { return SeatMask{1} << seat; }

// The pli on the table.
struct Pli {
  int leader = -1;          // the seat that leads (or led) it
  int count = 0;            // P2: cards per play, 0 before the lead
  int plays = 0;            // plays made in this pli (U1/V1: the second play)
  Mode mode = Mode::kFree;
  bool ou_rien = false;     // O1-O3
  int last_seat = -1;       // the last player to play, -1 before the lead
  CardSet last_cards;       // the last play
  CardSet played;           // every card played in this pli (X5)
  SeatMask out = 0;         // P5: seats out of the pli
  SeatMask passed = 0;      // E3: seats that passed since the last play
  bool solo = false;        // R4: the last player goes on alone
  friend bool operator==(const Pli&, const Pli&) = default;
};

// A gift owed before play starts (K1).
struct Gift {
  int from = 0;
  int to = 0;
  int count = 0;
  bool best = false;   // gives the strongest cards (else the weakest)
  bool choice = false; // K3 option `choice`: any cards
  bool done = false;
  friend bool operator==(const Gift&, const Gift&) = default;
};

// The idempotency keys seen in a game, in the order they came, with a hash
// index so that "is this id new?" does not search them all (a linear search
// made Decide, and so audit, quadratic in a game's length). Compares equal
// when the keys and their order are equal.
class IdList {
 public:
  bool empty() const { return ids_.empty(); }
  size_t size() const { return ids_.size(); }
  const std::string& back() const { return ids_.back(); }
  std::vector<std::string>::const_iterator begin() const { return ids_.begin(); }
  std::vector<std::string>::const_iterator end() const { return ids_.end(); }
  bool contains(std::string_view id) const;
  // Adds a key at the end.
  void push_back(std::string id);
  void clear() {
    ids_.clear();
    slots_.clear();
  }
  friend bool operator==(const IdList& a, const IdList& b) { return a.ids_ == b.ids_; }

 private:
  void Index(uint32_t position);
  std::vector<std::string> ids_;
  // Open addressing over ids_: slot = position + 1, 0 when empty; its size
  // is a power of two at least twice ids_.size() (or zero).
  std::vector<uint32_t> slots_;
};

struct State {
  // From the game event.
  std::string game;
  Options options;
  std::vector<std::string> seat_names;
  int seats = 0;

  int64_t seq = 0;          // events folded so far, legal or not
  Phase phase = Phase::kNone;
  bool ended = false;       // an end event was accepted
  int manche = 0;           // 1-based; 0 before the first deal
  bool revolution = false;  // Q1
  int turn = -1;            // the seat to act, -1 for none
  std::array<CardSet, kMaxSeats> hands{};
  std::array<CardSet, kMaxSeats> dealt{};  // K2: the hands as dealt
  CardSet discards;                        // cards played this manche
  std::vector<Gift> gifts;                 // K1: this manche's gifts
  Pli pli;
  std::vector<int> finished;       // F1: seats in the order they went out
  std::vector<int> top_finishers;  // F2: of those, who went out on the top rank, in order
  std::optional<std::vector<int>> ranking;  // F4: last completed manche, best first
  std::vector<int> scores;                  // G1 with scoring = place
  IdList ids;                               // idempotency keys seen in this game

  friend bool operator==(const State&, const State&) = default;
};

// Places of F4 for a ranking of n seats: "president", "vice-president",
// "neutral", "vice-trouduc", "trouduc".
const char* PlaceName(int place_index, int seat_count);

// Debug invariants (Stockfish's pos_is_ok): hands are disjoint, hands plus
// the cards played this manche are the deck, the turn is a seat with cards.
// Returns "" when all hold, else what is broken.
std::string CheckInvariants(const State& state);

}  // namespace pli

#endif  // PLI_ENGINE_STATE_H_
