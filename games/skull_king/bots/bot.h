// bot.h: Skull King's AI seats (easy, medium, hard) behind one interface,
// and a driver that plays whole games in memory.
//
// Information hiding is structural, as for Super Président: a bot never
// sees a State, only a SeatView built by ViewFor, which holds its own hand
// and what is public at the table (README.md lists it, with what SK-B2 makes
// public when). Everything a bot computes comes from the view.
//
// Pure like engine/: no I/O, no randomness other than each bot's seeded
// generator, so a seed replays a game.
#ifndef PLI_BOTS_SKULL_KING_BOT_H_
#define PLI_BOTS_SKULL_KING_BOT_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "bots/rng.h"
#include "games/skull_king/rules/rules.h"

namespace pli::sk {

namespace bots {
using ::pli::bots::Rng;  // bots/rng.h: the generator every game's bots share
}  // namespace bots

// What one seat may know.
struct SeatView {
  int seat = -1;
  CardSet hand;             // this seat's hand now
  std::vector<int> counts;  // cards each seat holds now (this one too)
  // The public table: the State with every other seat's hand emptied, the
  // undealt cards emptied (their complement would give the hands away), and,
  // under simultaneous bidding while bids are still owed, every other seat's
  // bid (and cannon load) emptied: SK-B2 reveals the bids together, once all
  // P are in. Who has already bid (to_bid) is public. Everything else (the
  // turned card, trump, bids once public, plis won, the open and last pli,
  // the cards played this manche, bonuses, scores, history, options) is the
  // table's. Not a state to pass to the engine: Determinize makes one.
  State table;
  // The cards this seat cannot see: the deck minus its hand, minus the cards
  // played this manche, minus the turned card. The other hands and the
  // undealt cards share them.
  CardSet unknown;
  // SK-B4: the bid the referee forbids this seat, when the hook is on and it
  // is the last seat to owe a bid (under simultaneous bidding the referee
  // has to say so, since the other bids are not yet shown); else nullopt.
  std::optional<int> forbidden_bid;
  friend bool operator==(const SeatView&, const SeatView&) = default;
};

// The view of `seat` (0 <= seat < state.seats).
SeatView ViewFor(const State& state, int seat);

// The seat asked to act now: the turn seat in sequential bidding and in
// play; under simultaneous bidding the first seat of to_bid (bidding order
// from the dealer's left); -1 when no one acts.
int SeatToAct(const State& state);

// The legal actions of the view's seat now: its bids when it owes one and
// may bid now, its plays on its turn. They depend only on its hand, the open
// pli and the bidding state, so they are the entries of LegalActions(state)
// for that seat, in the same order.
std::vector<LegalAction> LegalFor(const SeatView& view);

// A full State consistent with the view, with `others[s]` as the hand of
// each other seat s (others[view.seat] is ignored; the sets take
// view.counts[s] cards each out of view.unknown). A bid the view hides
// (simultaneous bidding) is filled in with medium's bid for that hand.
State Determinize(const SeatView& view, const std::vector<CardSet>& others);

enum class Level { kEasy, kMedium, kHard };
std::optional<Level> ParseLevel(std::string_view name);  // also facile/moyen/difficile
const char* LevelName(Level level);

// The hard bot's budget, in samples (not time), so a seed gives the same
// game on any machine.
struct BotBudget {
  int samples = 10;    // guesses of the hidden hands per decision
  int candidates = 4;  // at most this many actions searched (medium's order)
};

class Bot {
 public:
  virtual ~Bot() = default;
  // The action of the view's seat now, one of LegalFor(view); nullopt when
  // that list is empty.
  virtual std::optional<Event> Act(const SeatView& view) = 0;
  virtual Level level() const = 0;
};

std::unique_ptr<Bot> MakeBot(Level level, uint64_t seed, const BotBudget& budget = {});

// --- Driver ---------------------------------------------------------------

// The deal of manche `manche` (1..10) from `seed`: the deck in canonical
// order (SK-C2, copies repeated; without the 14s when deck is 66) shuffled
// by Fisher-Yates (i from the top down, j = Below(i + 1)) with SplitMix64
// seeded `seed`; seat 0 takes the first H cards, seat 1 the next H, ...;
// then the turned card when SK-D3 asks for one.
DealEvent DealFromSeed(const Options& options, int seats, int manche, uint64_t seed);

// Steps `deal` and plays the manche out with `bots` (one per seat), every
// action through Decide. "" when the manche ended, else what went wrong
// (an action the rules refused names the seat, its level and the code).
// `log`, when given, receives every accepted event.
std::string PlayManche(State& state, const DealEvent& deal, const std::vector<Bot*>& bots,
                       std::vector<Event>* log = nullptr, int max_events = 1000);

// Plays every manche left (up to 10) of a game whose game event is folded
// into `state`, dealing manche m from DealFromSeed(seed * 1000 + m).
std::string PlayGame(State& state, const std::vector<Bot*>& bots, uint64_t seed,
                     std::vector<Event>* log = nullptr);

}  // namespace pli::sk

#endif  // PLI_BOTS_SKULL_KING_BOT_H_
