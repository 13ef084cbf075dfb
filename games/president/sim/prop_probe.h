// prop_probe.h: Super Président's actions for `pli prop` to try against a state: listed
// actions made concrete with chosen suits, and random probes, legal or not,
// with the test of whether LegalActions lists an event. Pure (engine only).
#ifndef PLI_SIM_PRESIDENT_PROP_PROBE_H_
#define PLI_SIM_PRESIDENT_PROP_PROBE_H_

#include <cstdint>
#include <functional>
#include <vector>

#include "games/president/rules/rules.h"

namespace pli::cli {

// A source of choices: each call gives the next number.
using Draw = std::function<uint32_t()>;

// The event of a listed action with its suits drawn: a play or close takes
// `count` cards of its rank from the hand, a gift one card of each rank it
// must have (K2) or `count` cards of the pool (K3 choice). Without a choice
// to make it is ToEvent's event.
Event Concrete(const State& state, const LegalAction& action, const Draw& draw);

// Whether `event` is one of `legal`, made concrete: its type, seat, rank,
// count and declaration match an entry, its cards are distinct cards of the
// actor's hand (of one rank, for a play or close), a gift's cards are in the
// entry's pool and have the ranks it needs.
bool IsListed(const State& state, const std::vector<LegalAction>& legal, const Event& event);

// `n` random plays, passes, closes and gifts against `state`, most of them
// plausible (the seat to act, cards of one rank it holds, the count the pli
// wants), some not (another seat, mixed ranks, a card named twice, cards it
// does not hold, a seat outside the table).
std::vector<Event> Probes(const State& state, uint64_t& rng, int n);

// The listed action an event would be, for a scenario's `legal.includes`:
// type, seat, and for a play rank, count, declare; a close rank, count; a
// gift to, count.
LegalAction AbstractOf(const Event& event);

}  // namespace pli::cli

#endif  // PLI_SIM_PRESIDENT_PROP_PROBE_H_
