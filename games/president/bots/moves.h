// moves.h: a fast, string-free move generator for the bots' playouts and
// for reading forced passes. It mirrors the engine's checks (RankCheck and
// FittingRanks, the pass and close rules) and is tested against LegalActions
// (games/president/tests/bots/moves_test.cc); the engine stays the authority for every
// event a bot submits. Internal to bots/.
#ifndef PLI_BOTS_MOVES_H_
#define PLI_BOTS_MOVES_H_

#include <vector>

#include "games/president/rules/rules.h"
#include "games/president/rules/state.h"

namespace pli::bots {

// Whether a play of rank r with `declare` fits the pli on the table (the pli
// has a lead): U1-U2, V1-V3, O2, P3. Same answer as the engine's rank checks.
bool FitsPli(const State& s, Rank r, Declare declare);

// P4/U4/O2: whether `seat` may pass now (it is its turn, in play).
bool MayPass(const State& s, int seat);

// The seat that may close the pli out of turn now (X1-X2), or -1.
int CloserSeat(const State& s);

// The turn seat's plays and pass, and any seat's close, as LegalActions
// lists them (same actions, same order of plays: rank, then declare).
// Precondition: phase kPlay.
void PlayActions(const State& s, std::vector<LegalAction>& out);

// The event of a play, pass or close action on a full state (lowest-index
// cards of the rank, as ToEvent).
Event MakeEvent(const State& s, const LegalAction& a);

}  // namespace pli::bots

#endif  // PLI_BOTS_MOVES_H_
