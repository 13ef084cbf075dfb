// policy.h: the medium bot's heuristics as pure functions of a state, so the
// hard bot's playouts can run them for every seat. They read only the
// acting seat's hand and public fields. Internal to bots/.
#ifndef PLI_BOTS_POLICY_H_
#define PLI_BOTS_POLICY_H_

#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"

namespace pli::bots {

// The weights of medium's costs (lower cost is better). The defaults are
// the medium bot; tuning experiments may try others.
struct MediumParams {
  int finish = -2000;         // a normal finish (F1): nothing is better
  int close = -1000;          // X1: shed cards and take the lead
  int finish_on_top = 5000;   // F2: the bottom place
  int only_top_left = 3000;   // left with top-rank cards only: F2 later
  int break_group = 8;        // playing part of a pair or brelan
  int break_carre = 40;       // ... of a carré, on top of that
  int keep_top = 200;         // a top-rank card spent early
  int top_to_finish = -100;   // a top-rank card that leaves few groups ...
  int top_groups = 3;         // ... this many or fewer (not of the top rank)
  int declare = 3;            // a suite or reverse restricts the others
  int pass = 105;             // pass rather than spend an ace or a 2 early
  int pass_small_hand = 400;  // with 3 cards or fewer, play what you can
  int solo_pass = 95;         // R4: stop, and lead the next pli
  int carre_good = -50;       // lead a carré whose révolution helps the hand
  int carre_bad = 150;        // ... or keep it
};
inline constexpr MediumParams kMedium{};

// Medium's cost of one action of `seat` (lower is better).
int MediumCost(const State& s, int seat, const LegalAction& a, const MediumParams& k = kMedium);

// The index of medium's choice among `actions` (non-empty): the first of
// lowest cost.
int MediumPick(const State& s, int seat, const std::vector<LegalAction>& actions,
               const MediumParams& k = kMedium);

// The indices of `actions` from medium's favourite down (stable on ties).
std::vector<int> MediumOrder(const State& s, int seat, const std::vector<LegalAction>& actions,
                             const MediumParams& k = kMedium);

// K3 `choice` gift: `gift` with its cards narrowed to the ones medium gives
// (the weakest, keeping pairs and better together). Other gifts: unchanged.
LegalAction MediumGift(const State& s, const LegalAction& gift);

// Whether `a` is a play or close that empties the seat's hand, and whether
// that finish puts it at the bottom (F2: a last play of the top rank).
bool Finishes(const State& s, const LegalAction& a);
bool FinishesOnTop(const State& s, const LegalAction& a);

}  // namespace pli::bots

#endif  // PLI_BOTS_POLICY_H_
