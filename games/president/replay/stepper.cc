// stepper.cc: the replay cursor (see stepper.h). The bounds of plis and
// manches are read off the states before and after each legal event; which
// rule ended a pli is read off the event, by RULES.md §4.
#include "games/president/replay/stepper.h"

#include <algorithm>
#include <cassert>
#include <utility>

#include "games/president/rules/rules.h"

namespace pli {
namespace {

// F3: a legal play or close that ended the manche (an `end` event ends the
// game, not the manche: the manche is left unfinished).
bool EndedManche(const State& before, const State& after) {
  return before.phase == Phase::kPlay &&
         (after.phase == Phase::kMancheOver || (after.phase == Phase::kGameOver && !after.ended));
}

// Which rule closed the pli at a play: E1, E2, X5, or E3 (its player went
// out and everyone else was already out of the pli).
PliEnd PlayEnd(const State& before, const PlayEvent& play) {
  const CardSet cards = SetOf(play.cards);
  const Rank rank = cards.first().rank();
  const Options& o = before.options;
  if (o.top_rank_closes && rank == before.order.TopRank(before.revolution)) return PliEnd::kTopRank;
  if (o.carre_closes && cards.size() == 4) return PliEnd::kCarre;
  if (o.completed_carre_closes && (before.pli.played | cards).CountOf(rank) == 4) {
    return PliEnd::kCompletedCarre;
  }
  return PliEnd::kAllPassed;
}

// How the legal `event` ended the pli on the table in `before`, or kNone.
PliEnd EndOf(const State& before, const State& after, const Event& event) {
  if (EndedManche(before, after)) return PliEnd::kMancheOver;
  // X3: a close always ends the pli. Any other way a pli ends leaves a fresh
  // one on the table, with no play yet (a lead can end it: E1, E2).
  if (std::holds_alternative<CloseEvent>(event.body)) return PliEnd::kClose;
  if (after.pli.plays != 0) return PliEnd::kNone;
  // H-T2 (single_round): the engine marks the seat whose turn closed it.
  if (after.pli.denied != 0 && !std::holds_alternative<DealEvent>(event.body) &&
      !std::holds_alternative<ExchangeEvent>(event.body))
    return PliEnd::kSingleRound;
  if (const auto* play = std::get_if<PlayEvent>(&event.body)) return PlayEnd(before, *play);
  if (std::holds_alternative<PassEvent>(event.body) && before.pli.plays > 0) {
    return before.pli.solo ? PliEnd::kSoloStop : PliEnd::kAllPassed;
  }
  return PliEnd::kNone;
}

}  // namespace

const char* PliEndRule(PliEnd end) {
  switch (end) {
    case PliEnd::kNone:
      return "";
    case PliEnd::kTopRank:
      return "E1";
    case PliEnd::kCarre:
      return "E2";
    case PliEnd::kAllPassed:
      return "E3";
    case PliEnd::kClose:
      return "E4";
    case PliEnd::kSoloStop:
      return "R4";
    case PliEnd::kCompletedCarre:
      return "X5";
    case PliEnd::kMancheOver:
      return "F3";
    case PliEnd::kSingleRound:
      return "H-T2";
  }
  return "";
}

const char* PliEndText(PliEnd end) {
  switch (end) {
    case PliEnd::kNone:
      return "";
    case PliEnd::kTopRank:
      return "a play of the top rank closed it";
    case PliEnd::kCarre:
      return "a carré closed it";
    case PliEnd::kAllPassed:
      return "everyone else passed";
    case PliEnd::kClose:
      return "it was closed out of turn";
    case PliEnd::kSoloStop:
      return "the lone last player stopped";
    case PliEnd::kCompletedCarre:
      return "the fourth card of the rank closed it";
    case PliEnd::kMancheOver:
      return "the manche ended with it";
    case PliEnd::kSingleRound:
      return "every seat had had its chance (single_round)";
  }
  return "";
}

Stepper::Stepper(GameLog log) : log_(std::move(log)) {
  assert(!log_.events.empty());
  frames_.reserve(log_.events.size());
  State state;
  int pli_number = 0;
  for (size_t i = 0; i < log_.events.size(); ++i) {
    const Event& event = log_.events[i];
    const State before = state;
    Frame frame;
    frame.seq = static_cast<int64_t>(i) + 1;
    frame.violation = Step(state, event);
    if (!frame.violation) {
      frame.manche_start = std::holds_alternative<DealEvent>(event.body);
      frame.manche_end = EndedManche(before, state);
      frame.pli_end = EndOf(before, state, event);
    }
    if (frame.manche_start)
      pli_number = 1;
    else if (frame.pli_end != PliEnd::kNone && !frame.manche_end)
      ++pli_number;
    if (std::holds_alternative<GameEvent>(event.body)) pli_number = 0;
    frame.pli_number = pli_number;
    Add(frame.pli_end != PliEnd::kNone, frame.manche_start, frame.manche_end);
    frame.state = state;
    frame.state.ids.clear();  // grows with the log; a view has no use for it
    frames_.push_back(std::move(frame));
  }
}

const Frame& Stepper::frame(int64_t seq) const {
  assert(seq >= 1 && seq <= size());
  return frames_[static_cast<size_t>(seq - 1)];
}

const Event& Stepper::event(int64_t seq) const {
  assert(seq >= 1 && seq <= size());
  return log_.events[static_cast<size_t>(seq - 1)];
}

std::vector<int64_t> Stepper::PliEvents(int64_t seq) const {
  // The pli began at the last bound before seq, or at seq itself when seq
  // dealt (then nothing has been played in it).
  const bool ended = frame(seq).pli_end != PliEnd::kNone;
  const std::vector<int64_t>& bounds = pli_bounds();
  auto it = ended ? std::lower_bound(bounds.begin(), bounds.end(), seq)
                  : std::upper_bound(bounds.begin(), bounds.end(), seq);
  const int64_t from = it == bounds.begin() ? 0 : *std::prev(it);
  std::vector<int64_t> seqs;
  for (int64_t s = from + 1; s <= seq; ++s) {
    if (frame(s).violation) continue;
    const EventBody& body = event(s).body;
    if (std::holds_alternative<PlayEvent>(body) || std::holds_alternative<PassEvent>(body) ||
        std::holds_alternative<CloseEvent>(body)) {
      seqs.push_back(s);
    }
  }
  return seqs;
}

}  // namespace pli
