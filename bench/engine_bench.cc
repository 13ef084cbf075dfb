// engine_bench.cc: measurements 1 (random legal play with and without
// validation) and 2 (the pure fold over logs in memory).
#include <utility>

#include "bench/harness.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "games/president/rules/compact.h"
#include "games/president/rules/rules.h"

namespace pli::bench {
namespace {

enum class FoldHow { kInPlace, kByValue, kStep };

// Folds every game with ApplyInPlace, with Apply (the State moved in and
// out), or with Step (Decide, then ApplyInPlace); returns the events folded.
int64_t FoldAll(const std::vector<GameLog>& games, FoldHow how) {
  int64_t events = 0;
  for (const GameLog& g : games) {
    State state;
    for (const Event& e : g.events) {
      switch (how) {
        case FoldHow::kInPlace: ApplyInPlace(state, e); break;
        case FoldHow::kByValue: state = Apply(std::move(state), e); break;
        case FoldHow::kStep: Step(state, e); break;
      }
    }
    KeepAlive(state.seq);
    events += static_cast<int64_t>(g.events.size());
  }
  return events;
}

// The fold of 2a: every game's CompactLog folded to its end, into one
// reused State (as FoldAll folds each game into a fresh one; the reuse is
// what an audit or a replay of many games does).
int64_t FoldCompact(const std::vector<CompactLog>& games) {
  int64_t events = 0;
  State state;
  for (const CompactLog& g : games) {
    Fold(g, g.events.size(), state);
    KeepAlive(state.seq);
    events += static_cast<int64_t>(g.events.size());
  }
  return events;
}

}  // namespace

void MeasureRandomPlay(const Config& c, Report& r) {
  const int64_t actions = c.quick ? 300'000 : 2'000'000;
  const int reps = c.quick ? 3 : 7;
  uint64_t a = 0, b = 0;
  const Paired t = TimePaired(
      reps, [&] { a = RandomPlay(42, actions, true); }, [&] { b = RandomPlay(42, actions, false); });
  if (a != b) r.Note("1: the validated and unvalidated loops played different games (a bug)");
  const double validated = static_cast<double>(actions) / t.subject;
  const double bare = static_cast<double>(actions) / t.reference;
  r.Add({"1a", "random legal play, validated (LegalActions, ToEvent, Decide, Apply)",
         Count(validated) + " actions/s",
         "unvalidated (LegalActions, ToEvent, Apply): " + Count(bare) + " actions/s",
         Ratio(1 / t.ratio) + " of unvalidated", "≥ 10M actions/s", Verdict(validated >= 10e6)});
  r.Add({"1b", "per validated action", Duration(t.subject / static_cast<double>(actions)),
         "unvalidated: " + Duration(t.reference / static_cast<double>(actions)), "", "", ""});
  r.Note("1: " + Count(static_cast<double>(actions)) + " actions a repetition, " +
         std::to_string(reps) + " repetitions of each loop, alternating; games of 4 to 8 seats, "
         "5 manches, deals by DealFromSeed (validated loop: deals Decided too). External "
         "reference, not run here: a public C++ bitboard Daifugō engine, ~10.9M plies/s "
         "without refereeing");
}

void MeasureFold(const Config& c, Report& r) {
  Rng rng(7);
  int64_t events = 0;
  std::vector<GameLog> live = RandomGames(rng, "f", c.quick ? 100 : 400, &events);
  for (GameLog& g : live)  // as decoded from a store: seq set
    for (size_t i = 0; i < g.events.size(); ++i) g.events[i].seq = static_cast<int64_t>(i) + 1;
  std::vector<GameLog> bare = live;  // the same events with no id
  for (GameLog& g : bare)
    for (Event& e : g.events) e.id.reset();
  const int reps = c.quick ? 5 : 11;
  auto fold = [&](const std::vector<GameLog>& games, FoldHow how) {
    return [&games, how] { KeepAlive(FoldAll(games, how)); };
  };
  std::vector<CompactLog> compact;  // the same logs, compacted once (ids kept beside the events)
  for (const GameLog& g : live) compact.push_back(Compact(g.events));
  const Paired k = TimePaired(reps, [&] { KeepAlive(FoldCompact(compact)); },
                              fold(live, FoldHow::kInPlace));
  const Paired t = TimePaired(reps, fold(live, FoldHow::kInPlace), fold(live, FoldHow::kStep));
  const Paired n = TimePaired(reps, fold(bare, FoldHow::kInPlace), fold(live, FoldHow::kInPlace));
  const Paired v = TimePaired(reps, fold(live, FoldHow::kByValue), fold(live, FoldHow::kInPlace));
  const double e = static_cast<double>(events);
  r.Add({"2a", "pure fold: Fold over the logs compacted in memory (16-byte events; every action "
         "with an id, kept beside them)", Count(e / k.subject) + " events/s",
         "ApplyInPlace over the decoded Events: " + Count(e / k.reference) + " events/s",
         Ratio(1 / k.ratio) + " of ApplyInPlace", "≥ 50M events/s", Verdict(e / k.subject >= 50e6)});
  r.Add({"2b", "ApplyInPlace over the decoded Events (248 bytes each, every action with an id)",
         Count(e / t.subject) + " events/s", "Step (Decide + Apply): " + Count(e / t.reference) +
         " events/s", Ratio(1 / t.ratio) + " of Step", "", ""});
  r.Add({"2c", "ApplyInPlace over the same Events without ids", Count(e / n.subject) + " events/s",
         "with ids: " + Count(e / n.reference) + " events/s", Ratio(1 / n.ratio), "", ""});
  r.Add({"2d", "ApplyInPlace written as `state = Apply(std::move(state), e)`", Count(e / v.subject) +
         " events/s", "ApplyInPlace: " + Count(e / v.reference) + " events/s", Ratio(1 / v.ratio),
         "", ""});
  r.Note("2: " + std::to_string(live.size()) + " random games, " + Count(e) +
         " events (every event with `at`, every action and deal with an `id`, as `pli` writes "
         "them live), folded " + std::to_string(reps) + " times each way, alternating");
}

}  // namespace pli::bench
