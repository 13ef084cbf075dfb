// hard.h: the hard bot (determinized search) and the medium action it falls
// back on. Internal to bots/.
#ifndef PLI_BOTS_HARD_H_
#define PLI_BOTS_HARD_H_

#include <array>
#include <memory>
#include <optional>

#include "games/president/bots/bot.h"
#include "bots/rng.h"

namespace pli::bots {

// The medium bot's action for a view.
std::optional<Event> MediumAct(const SeatView& view);

// Hidden hands for the other seats consistent with the view: the public
// counts, the cards it knows a seat holds, and (when it can) the rank caps
// forced passes and gifts revealed. Returns false only if the caps could not
// be met in the tries allowed; the counts and known cards always are.
bool SampleHands(const SeatView& view, Rng& rng, std::array<CardSet, kMaxSeats>& out);

// The place (0 = Président) `seat` reaches when every seat plays the medium
// policy from `state` to the end of the manche.
int PlayoutPlace(State state, int seat);

std::unique_ptr<Bot> MakeHardBot(uint64_t seed, const BotBudget& budget);

}  // namespace pli::bots

#endif  // PLI_BOTS_HARD_H_
