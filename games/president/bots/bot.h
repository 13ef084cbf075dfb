// bot.h: AI seats (seed 000 §2.4.2: "facile, moyen, difficile") behind one
// interface, and a driver that plays whole manches in memory.
//
// Information hiding is structural: a bot never sees a State. It gets a
// SeatView, built only by ViewFor, which holds what one seat may know: its
// own hand, every other seat's card count, the public table and the public
// history. Everything a bot computes (its legal actions, the hidden hands it
// samples) comes from the view.
//
// Like engine/, this library is pure: no I/O, no storage, no randomness
// other than the seeded generator each bot owns, so a seed replays a game.
#ifndef PLI_BOTS_BOT_H_
#define PLI_BOTS_BOT_H_

#include <array>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "games/president/rules/card.h"
#include "games/president/rules/event.h"
#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"

namespace pli {

// What one seat may know (one seat's view of the table).
struct SeatView {
  int seat = -1;
  CardSet hand;                         // this seat's hand now
  CardSet dealt;                        // this seat's hand as dealt this manche (K2)
  std::array<int, kMaxSeats> counts{};  // cards each seat holds (this one too)
  // The public table: the State with every other seat's hand and dealt hand
  // emptied (its pli, turn, finished, ranking, révolution, manche, options,
  // seat names, discards, gifts owed are all public). Not a state the engine
  // functions accept: use Determinize (below) for that.
  State table;
  // Cards held by other seats, taken together: the deck minus this hand
  // minus the cards played this manche.
  CardSet unknown;
  // Cards this seat knows another seat holds: what it gave that seat in this
  // manche's exchange (K1) and that has not been played since.
  std::array<CardSet, kMaxSeats> known{};
  // What this manche's forced passes (P4, U4, O2) and the gifts this seat
  // received (K2: nothing stronger, or weaker, than the gift as dealt)
  // revealed: seat s holds at most max_of_rank[s][r] cards of rank r (4 when
  // nothing is known).
  std::array<std::array<int8_t, kRankSlots>, kMaxSeats> max_of_rank{};
  // The public history of this manche: the log from its deal on (the whole
  // log before the first deal) with, in the deal, every other seat's hand
  // emptied and the seed dropped (it would give the hands away), and, in
  // gifts this seat is not part of, the cards replaced by as many copies of
  // card 0 (3c): only the count is public. Earlier manches live on in
  // table.ranking and table.scores.
  std::vector<Event> history;
  friend bool operator==(const SeatView&, const SeatView&) = default;
};

// The view of `seat` (0 <= seat < state.seats) of a game whose log is `log`
// and whose folded state is `state` (the fold of `log`).
SeatView ViewFor(const State& state, const std::vector<Event>& log, int seat);

// A full State consistent with the view, with `others[s]` as the hand of each
// other seat s (others[view.seat] is ignored). Precondition: the sets
// partition view.unknown with view.counts[s] cards each. Dealt hands of other
// seats are set to what they hold (only this seat's gifts read them).
State Determinize(const SeatView& view, const std::array<CardSet, kMaxSeats>& others);

// The legal actions of the view's seat now, as LegalActions of any
// determinization would list them for that seat: plays and pass on its turn,
// its gifts owed during the exchange, its closes (X1) in or out of turn. The
// same in every determinization, so they are legal in the real game.
std::vector<LegalAction> LegalFor(const SeatView& view);
// The concrete event of one of those actions (ToEvent on a determinization).
Event EventFor(const SeatView& view, const LegalAction& action);

enum class Level { kEasy, kMedium, kHard };
// "easy", "medium", "hard" (also "facile", "moyen", "difficile"), or nullopt.
std::optional<Level> ParseLevel(std::string_view name);
// "easy", "medium", "hard".
const char* LevelName(Level level);

// The hard bot's budget. Counted in samples, not time, so that a seed gives
// the same game on any machine.
struct BotBudget {
  int samples = 12;    // determinizations of the hidden hands per decision
  int candidates = 6;  // at most this many candidate actions searched (medium's order)
};

// One AI seat.
class Bot {
 public:
  virtual ~Bot() = default;
  // The action of the view's seat now, or nullopt. When the seat must act
  // (its turn to play or pass; a gift it owes during the exchange) it returns
  // one. Otherwise it may return an out-of-turn close (X1) or nullopt. The
  // event is always legal in the real game (it is one of LegalFor(view)).
  virtual std::optional<Event> Act(const SeatView& view) = 0;
  virtual Level level() const = 0;
};

// A bot of `level` whose choices are drawn from `seed` (SplitMix64-style
// generator of its own; same seed and same views give the same actions).
std::unique_ptr<Bot> MakeBot(Level level, uint64_t seed, const BotBudget& budget = {});

// --- Driver: playing in memory (tests, strength runs, `pli simulate`). ---

// The seat that must act now: the turn seat in play; during the exchange the
// giver of the first gift not yet made; -1 when no one must act (no manche
// on, manche or game over).
int SeatToAct(const State& state);

// Whether `seat` must act now: its turn in play, or during the exchange a
// gift it still owes. K3 records each gift as its own event and the rules
// fix no order between them (Match::ToAct lists every owing giver), so a
// bot asked for any giver with a gift owed answers with that gift, not only
// the giver SeatToAct names. `state` may be a seat's public table (the
// gifts owed are public).
bool MustAct(const State& state, int seat);

// The next event of a bot table, or nullopt when no one must act. `bots` has
// one entry per seat. If `closes`, every other seat that holds a legal close
// (in seat order after the seat to act) is asked first and may take it; then
// the seat to act is asked. Deals are not the bots' business: the caller
// appends them.
std::optional<Event> NextEvent(const State& state, const std::vector<Event>& log,
                               const std::vector<Bot*>& bots, bool closes = true);

// Appends a deal of `hands` to `log` and plays the manche out with `bots`,
// folding every event into `state` (which must be the fold of `log`, in
// phase kMancheOver, or kNone after the game event). Returns "" when the
// manche ended, else a sentence naming the first bot event the rules refused
// (a bug) or saying the manche did not end within `max_events` events.
std::string PlayManche(State& state, std::vector<Event>& log, const std::vector<CardList>& hands,
                       const std::vector<Bot*>& bots, int max_events = 5000);

}  // namespace pli

#endif  // PLI_BOTS_BOT_H_
