// shuffle.h: Super Président's seeded deal behind `pli deal --seed N`
// (RULES.md S2).
//
// The deal event records every hand, so replay never shuffles (STYLE.md);
// the seed only lets a table re-create a deal. The algorithm is fixed here,
// not left to std::shuffle (whose results differ between standard
// libraries), so a seed gives the same hands everywhere:
//   SplitMix64 (referee/shuffle.h) seeded with the seed (as an unsigned
//   64-bit value) draws numbers; a Fisher-Yates shuffle of the deck in index
//   order (3c 3d 3h 3s 4c ... 2s) swaps position i, for i from 51 down to 1,
//   with a position j drawn uniformly from 0..i (by rejection, no modulo
//   bias); card k of the shuffled deck goes to seat k mod seats; each hand
//   is then sorted by card index. Documented in docs/REFEREE.md.
#ifndef PLI_REFEREE_PRESIDENT_SHUFFLE_H_
#define PLI_REFEREE_PRESIDENT_SHUFFLE_H_

#include <cstdint>
#include <vector>

#include "games/president/rules/event.h"
#include "referee/shuffle.h"

namespace pli {

// The hands of a deal of the 52 cards to `seats` seats (4..8) from `seed`.
std::vector<CardList> DealFromSeed(int seats, int64_t seed);
// The same for a game whose deck lacks some cards (H-R1: `ranks` =
// klootzakken has no 4, 5 or 6): the 52 cards are shuffled as above, the
// cards not in `deck` are taken out, and card k of what is left goes to
// seat k mod seats. With the whole deck, the deal above.
std::vector<CardList> DealFromSeed(int seats, int64_t seed, CardSet deck);

}  // namespace pli

#endif  // PLI_REFEREE_PRESIDENT_SHUFFLE_H_
