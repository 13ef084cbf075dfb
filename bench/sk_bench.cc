// sk_bench.cc: measurement 7 (issue 14), random legal play of Skull King,
// validated, under each preset: the counterpart of measurement 1.
//
// Each step: LegalActions, a uniformly random pick, ToEvent, Decide (it must
// accept), ApplyInPlace (the list and the event reuse their storage from
// step to step). Counted: actions (bids and plays). Deals are made
// by the seeded shuffle of games/skull_king/bots (DealFromSeed) as manches end,
// Decided in the validated loop and applied in both; their time is in the
// figure, but they are not counted as actions (their number is noted). A
// game event starts each game of 10 manches (Decided too when validating),
// its seat count drawn from the preset's range.
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

#include "bench/harness.h"
#include "bench/random_games.h"
#include "bench/report.h"
#include "games/skull_king/bots/bot.h"
#include "games/skull_king/rules/options.h"
#include "games/skull_king/rules/rules.h"

namespace pli::bench {
namespace {

[[noreturn]] void Die(const char* what) {
  std::fprintf(stderr, "pli_bench: skull king: %s\n", what);
  std::abort();
}

struct PlayCount {
  uint64_t checksum = 0;
  int64_t deals = 0;
  int64_t games = 0;
};

// Plays `actions` random legal bids and plays under `ruleset`, in a run of
// whole games (10 manches each, 2 to 8 seats, 2 to 6 for the original
// rules). With `validate`, every event (game, deal, action) is first judged
// by Decide and must be accepted; without, it is applied as listed.
PlayCount SkRandomPlay(std::string_view ruleset, uint64_t seed, int64_t actions, bool validate) {
  static constexpr const char* kNames[] = {"Ann", "Bob", "Cleo", "Dan", "Eve", "Fred", "Gus", "Hana"};
  const auto [lo, hi] = sk::SeatRange(ruleset);
  std::vector<sk::Event> games;  // one game event per seat count, lo first
  for (int n = lo; n <= hi; ++n) {
    sk::GameEvent g;
    g.game = "bench";
    g.ruleset = std::string(ruleset);
    for (int i = 0; i < n; ++i) g.seats.push_back(kNames[i]);
    games.push_back(sk::Event{std::move(g)});
  }
  Rng rng(seed);
  sk::State state;
  std::vector<sk::LegalAction> listed;  // reused: LegalActions(state, listed)
  sk::Event event;                      // reused: ToEvent(action, event)
  PlayCount out;
  for (int64_t done = 0; done < actions;) {
    if (state.phase == sk::Phase::kNone || state.phase == sk::Phase::kGameOver) {
      state = sk::State();
      const sk::Event& game = games[rng.Below(hi - lo + 1)];
      if (validate && sk::Decide(state, game)) Die("an illegal game event");
      sk::ApplyInPlace(state, game);
      ++out.games;
    }
    if (state.phase == sk::Phase::kMancheOver) {
      const sk::Event deal{
          sk::DealFromSeed(state.options, state.seats, state.manche + 1, rng.Next())};
      if (validate && sk::Decide(state, deal)) Die("an illegal deal");
      sk::ApplyInPlace(state, deal);
      ++out.deals;
      continue;
    }
    sk::LegalActions(state, listed);
    if (listed.empty()) Die("nothing legal while a manche is on");
    const sk::LegalAction& a = listed[rng.Below(static_cast<int>(listed.size()))];
    sk::ToEvent(a, event);
    if (validate && sk::Decide(state, event)) Die("a listed action was refused");
    sk::ApplyInPlace(state, event);
    out.checksum = out.checksum * 31 + static_cast<uint64_t>(state.turn + 2) * 131 +
                   static_cast<uint64_t>(a.card.index) + static_cast<uint64_t>(a.bid);
    ++done;
  }
  return out;
}

}  // namespace

void MeasureSkullKingPlay(const Config& c, Report& r) {
  const int64_t actions = c.quick ? 300'000 : 2'000'000;
  const int reps = c.quick ? 3 : 7;
  struct Preset {
    const char* id;
    const char* ruleset;
  };
  static constexpr Preset kPresets[] = {{"7a", "skull-king"},
                                        {"7b", "skull-king-official"},
                                        {"7c", "skull-king-original"}};
  std::string deals;
  for (const Preset& p : kPresets) {
    PlayCount a, b;
    const Paired t = TimePaired(
        reps, [&] { a = SkRandomPlay(p.ruleset, 14, actions, true); },
        [&] { b = SkRandomPlay(p.ruleset, 14, actions, false); });
    if (a.checksum != b.checksum)
      r.Note("7: the validated and unvalidated loops played different games under " +
             std::string(p.ruleset) + " (a bug)");
    const double n = static_cast<double>(actions);
    const double validated = n / t.subject;
    const double bare = n / t.reference;
    r.Add({p.id,
           std::string("Skull King random legal play, validated (LegalActions, ToEvent, Decide, "
                       "ApplyInPlace), `") + p.ruleset + "`",
           Count(validated) + " actions/s (" + Duration(t.subject / n) + " an action)",
           "unvalidated (LegalActions, ToEvent, ApplyInPlace): " + Count(bare) + " actions/s (" +
               Duration(t.reference / n) + ")",
           Ratio(1 / t.ratio) + " of unvalidated", "≥ 10M actions/s", Verdict(validated >= 10e6)});
    deals += (deals.empty() ? "" : ", ") + std::string(p.ruleset) + " " + Count(a.deals) +
             " deals in " + Count(a.games) + " games";
  }
  r.Note("7: " + Count(static_cast<double>(actions)) + " actions (bids and plays) a repetition " +
         "per preset, " + std::to_string(reps) + " repetitions of each loop, alternating; " +
         "whole games of 10 manches, 2 to 8 seats (original: 2 to 6), deals by Skull King's " +
         "seeded shuffle (games/skull_king/bots DealFromSeed), timed but not counted as actions " +
         "(validated loop: game and deal events Decided too); a repetition: " + deals);
}

}  // namespace pli::bench
