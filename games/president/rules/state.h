// state.h: the state of a game of Super Président, as folded from its events.
#ifndef PLI_ENGINE_STATE_H_
#define PLI_ENGINE_STATE_H_

#include <algorithm>
#include <array>
#include <cstddef>
#include <cstdint>
#include <iterator>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/president/rules/card.h"
#include "games/president/rules/options.h"

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
  // H-B1, H-W1: with wild cards in the game, the last play's effective
  // rank (the natural cards' rank; T of the order before it for wild cards
  // only); unused (k3) otherwise. Read it through LastPlayRank.
  Rank last_rank = Rank::k3;
  CardSet played;           // every card played in this pli (X5)
  SeatMask out = 0;         // P5: seats out of the pli
  SeatMask passed = 0;      // E3: seats that passed since the last play
  bool solo = false;        // R4: the last player goes on alone
  // House rules of the turn (HOUSE_RULES.md §6), 0 while their option is off:
  SeatMask acted = 0;       // H-T2 (single_round): seats that have had their chance
  SeatMask skipped = 0;     // H-T1 (equal_skips): seats the last equal play skipped
  SeatMask denied = 0;      // H-T2: the seat whose turn closed the last pli (this pli has no play yet)
  friend bool operator==(const Pli&, const Pli&) = default;
};

// A gift owed before play starts (K1).
// Which rule a gift comes from (the rule a wrong gift cites): K1 (and K3's
// `one`), H-K1 (a pattern or `scores`), or H-K2 (the merchants).
enum class GiftRule : uint8_t { kK1, kHouseK1, kMerchants };

struct Gift {
  int from = 0;
  int to = 0;
  int count = 0;
  bool best = false;   // gives the strongest cards (else the weakest)
  bool choice = false; // K3 option `choice`: any cards
  bool done = false;
  GiftRule rule = GiftRule::kK1;  // the rule that owes it (K1, H-K1, H-K2)
  friend bool operator==(const Gift&, const Gift&) = default;
};

// The idempotency keys seen in a game, in the order they came, with a hash
// index so that "is this id new?" does not search them all (a linear search
// made Decide, and so audit, quadratic in a game's length). The keys are
// kept back to back in one buffer of 8-byte words (each key zero-padded to
// whole words), not a std::string each, and the index stores half of each
// key's hash beside its position, so a lookup compares key bytes only on a
// hash match: adding a key reads it once, a word at a time, to hash and copy
// it, then probes; nothing is allocated once the buffers have grown.
// Iterating gives the keys in order as views into the list (valid until it
// changes). Compares equal when the keys and their order are equal.
class IdList {
 public:
  class Iterator {
   public:
    using iterator_category = std::forward_iterator_tag;
    using value_type = std::string_view;
    using difference_type = std::ptrdiff_t;
    using pointer = const std::string_view*;
    using reference = std::string_view;
    Iterator() = default;
    Iterator(const IdList* list, size_t i) : list_(list), i_(i) {}
    std::string_view operator*() const { return (*list_)[i_]; }
    Iterator& operator++() { ++i_; return *this; }
    Iterator operator++(int) { Iterator old = *this; ++i_; return old; }
    friend bool operator==(const Iterator& a, const Iterator& b) { return a.i_ == b.i_; }
   private:
    const IdList* list_ = nullptr;
    size_t i_ = 0;
  };

  bool empty() const { return keys_.empty(); }
  size_t size() const { return keys_.size(); }
  // The i-th key (i < size()).
  std::string_view operator[](size_t i) const {
    return {reinterpret_cast<const char*>(words_.data() + keys_[i].first_word), keys_[i].size};
  }
  std::string_view back() const { return (*this)[size() - 1]; }
  Iterator begin() const { return Iterator(this, 0); }
  Iterator end() const { return Iterator(this, size()); }
  bool contains(std::string_view id) const;
  // Adds a key at the end (it may already be in the list, or be a view of
  // one of its keys). A key is shorter than 4 GiB.
  void push_back(std::string_view id);
  // Makes the list the first k keys of `from` (k <= from.size()), keeping
  // its own buffers: the words and keys are copied, not hashed again, and
  // the index is copied (k = all) or rebuilt from the keys' tags.
  void AssignPrefix(const IdList& from, size_t k);
  // Empties the list, keeping its buffers.
  void clear() {
    words_.clear();
    keys_.clear();
    std::fill(slots_.begin(), slots_.end(), 0);
  }
  friend bool operator==(const IdList& a, const IdList& b) {
    return a.keys_ == b.keys_ && a.words_ == b.words_;
  }

 private:
  struct Key {
    uint32_t first_word = 0;  // where it starts in words_
    uint32_t size = 0;        // in bytes
    uint32_t tag = 0;         // the high half of its hash (a function of the key)
    friend bool operator==(const Key&, const Key&) = default;
  };
  void Index(uint64_t tag, uint32_t position);
  std::vector<uint64_t> words_;  // the keys, back to back, each padded with zeros
  std::vector<Key> keys_;
  // Open addressing over the keys: a slot is (the high 32 bits of the key's
  // hash << 32) | (position + 1), 0 when empty. Its size is a power of two
  // at least twice size() (or zero); a key's first slot is given by the high
  // bits of its hash, so the table grows without hashing the keys again:
  // it is rebuilt from the tags of keys_, in order.
  std::vector<uint64_t> slots_;
};

struct State {
  // From the game event.
  std::string game;
  Options options;
  RankOrder order;  // H-B2: the order in force, computed from `options` (OrderOf)
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
  // H-K4 (stale_falls only; empty and 0 otherwise): the ranking in force,
  // the last completed manche's places as H-K4 changed them, and the
  // unchanged manches in a row since the count last started.
  std::vector<int> standing;
  int unchanged = 0;
  // H-K3 (president_falls only): the Président's cards set aside this
  // manche, and his seat (-1 when he has not fallen).
  CardSet discarded;
  int fallen = -1;
  IdList ids;                               // idempotency keys seen in this game

  friend bool operator==(const State&, const State&) = default;
};

// H-B1: the effective rank of the pli's last play (the pli must have one):
// its cards' rank, or with option `wild` the rank H-W1 gave it.
inline Rank LastPlayRank(const State& s) {
  return s.order.wild.empty() ? s.pli.last_cards.first().rank() : s.pli.last_rank;
}

// Makes `state` equal to State{} but keeps the capacity of its strings and
// lists, so that a fold that goes on to another game (an audit of an
// archive, ApplyGame) does not free and reallocate them.
void ResetState(State& state);

// Places of F4 for a ranking of n seats: "president", "vice-president",
// "neutral", "vice-trouduc", "trouduc".
const char* PlaceName(int place_index, int seat_count);

// G1: the points of place k = place_index + 1 (1 the Président) among n =
// seat_count seats, with option scoring = place: (n+1)/2 - k when n is odd;
// when n is even, n/2 - k + 1 for the first n/2 places and n/2 - k for the
// others (four seats: 2, 1, -1, -2; five: 2, 1, 0, -1, -2).
int PlaceScore(int place_index, int seat_count);
// G1, H-G1: the points of place index `place_index` under `scoring`:
// `place` PlaceScore; `podium` 2, 1, 0 ...; `descending` n + 1 - k; `none` 0.
int ScoreOf(Scoring scoring, int place_index, int seat_count);

// H-G2: the seated players with the highest total, seat order, all of them
// when tied (with scoring; empty without).
std::vector<int> Winners(const State& state);

// Debug invariants (Stockfish's pos_is_ok): hands are disjoint, hands plus
// the cards played this manche are the deck, the turn is a seat with cards.
// Returns "" when all hold, else what is broken.
std::string CheckInvariants(const State& state);

}  // namespace pli

#endif  // PLI_ENGINE_STATE_H_
