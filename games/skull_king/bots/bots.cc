// hard.cc: the hard bot. Determinized search (perfect-information Monte
// Carlo): `samples` guesses of the hidden hands (the unknown cards dealt at
// random to the other seats by their counts, the rest left undealt), and for
// each of medium's favourite `candidates` actions, the manche played out
// from each guess with the medium policy for every seat; the candidate with
// the best mean score of this seat over the manche wins. The same guesses
// serve every candidate. Bids are searched the same way (the other seats
// bid with medium in the playouts).
#include <algorithm>
#include <optional>
#include <vector>

#include "games/skull_king/bots/bot.h"
#include "games/skull_king/bots/policy.h"
#include "bots/rng.h"

namespace pli::sk::bots {
namespace {

constexpr int kPlayoutSteps = 400;

// One medium step of the seat to act in a full state.
LegalAction MediumStep(const State& s, int actor) {
  std::vector<LegalAction> legal = LegalActions(s);
  if (s.phase == Phase::kBidding && s.options.bidding == Bidding::kSimultaneous)
    std::erase_if(legal, [&](const LegalAction& a) { return a.seat != actor; });
  const std::vector<int> order = MediumOrder(s, actor, s.hands[actor], legal);
  return legal[order[0]];
}

// This seat's score over the rest of the manche after `action`; nullopt
// when `action` is illegal in this guess. A guess can disagree with the
// real table about a legal action: under simultaneous bidding it guesses
// the others' hidden bids, and with the hook that can forbid this seat's
// bid (ApplyInPlace's precondition is a legal event).
std::optional<int> Playout(State s, int seat, const LegalAction& action) {
  const int before = s.scores[seat];
  const Event first = ToEvent(action);
  if (Decide(s, first)) return std::nullopt;
  ApplyInPlace(s, first);
  for (int n = 0; n < kPlayoutSteps; ++n) {
    const int actor = SeatToAct(s);
    if (actor < 0) break;
    ApplyInPlace(s, ToEvent(MediumStep(s, actor)));
  }
  return s.scores[seat] - before;
}

std::vector<CardSet> Sample(const SeatView& v, Rng& rng) {
  std::vector<Card> rest;
  v.unknown.ForEachKind([&](Card c, int n) { for (int i = 0; i < n; ++i) rest.push_back(c); });
  for (int i = static_cast<int>(rest.size()) - 1; i > 0; --i)
    std::swap(rest[i], rest[rng.Below(i + 1)]);
  std::vector<CardSet> others(v.table.seats);
  size_t k = 0;
  for (int s = 0; s < v.table.seats; ++s) {
    if (s == v.seat) continue;
    for (int i = 0; i < v.counts[s]; ++i) others[s].Add(rest[k++]);
  }
  return others;
}

class HardBot : public Bot {
 public:
  HardBot(uint64_t seed, const BotBudget& budget) : rng_(seed), budget_(budget) {}
  Level level() const override { return Level::kHard; }

  std::optional<Event> Act(const SeatView& view) override {
    const std::vector<LegalAction> legal = LegalFor(view);
    if (legal.empty()) return std::nullopt;
    const std::vector<int> order = MediumOrder(view.table, view.seat, view.hand, legal);
    if (legal.size() == 1 || budget_.samples <= 0) return ToEvent(legal[order[0]]);
    const int n = std::min<int>(std::max(budget_.candidates, 1), static_cast<int>(order.size()));
    std::vector<long> total(n, 0);
    std::vector<int> counted(n, 0);  // the guesses in which candidate i was legal
    for (int k = 0; k < budget_.samples; ++k) {
      const State s = Determinize(view, Sample(view, rng_));
      for (int i = 0; i < n; ++i) {
        if (const std::optional<int> score = Playout(s, view.seat, legal[order[i]])) {
          total[i] += *score;
          ++counted[i];
        }
      }
    }
    // The best mean over the guesses that could judge it; ties, and
    // candidates no guess could judge, keep medium's order.
    int best = 0;
    for (int i = 1; i < n; ++i) {
      if (counted[i] == 0) continue;
      if (counted[best] == 0 || total[i] * counted[best] > total[best] * counted[i]) best = i;
    }
    return ToEvent(legal[order[best]]);
  }

 private:
  Rng rng_;
  BotBudget budget_;
};

class MediumBot : public Bot {
 public:
  Level level() const override { return Level::kMedium; }
  std::optional<Event> Act(const SeatView& view) override {
    const std::vector<LegalAction> legal = LegalFor(view);
    if (legal.empty()) return std::nullopt;
    return ToEvent(legal[MediumOrder(view.table, view.seat, view.hand, legal)[0]]);
  }
};

class EasyBot : public Bot {
 public:
  explicit EasyBot(uint64_t seed) : rng_(seed) {}
  Level level() const override { return Level::kEasy; }
  std::optional<Event> Act(const SeatView& view) override {
    const std::vector<LegalAction> legal = LegalFor(view);
    if (legal.empty()) return std::nullopt;
    return ToEvent(legal[rng_.Below(static_cast<int>(legal.size()))]);
  }

 private:
  Rng rng_;
};

}  // namespace
}  // namespace pli::sk::bots

namespace pli::sk {

std::unique_ptr<Bot> MakeBot(Level level, uint64_t seed, const BotBudget& budget) {
  switch (level) {
    case Level::kEasy: return std::make_unique<bots::EasyBot>(seed);
    case Level::kMedium: return std::make_unique<bots::MediumBot>();
    case Level::kHard: return std::make_unique<bots::HardBot>(seed, budget);
  }
  return nullptr;
}

std::optional<Level> ParseLevel(std::string_view name) {
  if (name == "easy" || name == "facile") return Level::kEasy;
  if (name == "medium" || name == "moyen") return Level::kMedium;
  if (name == "hard" || name == "difficile") return Level::kHard;
  return std::nullopt;
}

const char* LevelName(Level level) {
  switch (level) {
    case Level::kEasy: return "easy";
    case Level::kMedium: return "medium";
    case Level::kHard: return "hard";
  }
  return "?";
}

}  // namespace pli::sk
