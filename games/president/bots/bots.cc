// bots.cc: the levels, the easy and medium bots, and MakeBot.
#include <algorithm>

#include "games/president/bots/bot.h"
#include "games/president/bots/hard.h"
#include "games/president/bots/policy.h"
#include "bots/rng.h"

namespace pli {

std::optional<Level> ParseLevel(std::string_view name) {
  if (name == "easy" || name == "facile") return Level::kEasy;
  if (name == "medium" || name == "moyen") return Level::kMedium;
  if (name == "hard" || name == "difficile") return Level::kHard;
  return std::nullopt;
}

const char* LevelName(Level level) {
  switch (level) {
    case Level::kEasy:
      return "easy";
    case Level::kMedium:
      return "medium";
    default:
      return "hard";
  }
}

namespace bots {
namespace {

// easy: a uniformly random legal action. Out of turn, "do nothing" is one
// more choice beside each close it may make.
class EasyBot : public Bot {
 public:
  explicit EasyBot(uint64_t seed) : rng_(seed) {}
  Level level() const override { return Level::kEasy; }

  std::optional<Event> Act(const SeatView& view) override {
    std::vector<LegalAction> legal = LegalFor(view);
    const bool must_act = MustAct(view.table, view.seat);
    const int n = static_cast<int>(legal.size());
    if (n == 0) return std::nullopt;
    const int pick = rng_.Below(must_act ? n : n + 1);
    if (pick == n) return std::nullopt;
    LegalAction a = legal[pick];
    if (a.type == EventType::kExchange && a.ranks.empty()) {
      // K3 `choice`: any cards of the pool.
      std::vector<Card> pool(a.cards.begin(), a.cards.end());
      a.cards = CardSet();
      for (int k = 0; k < a.count; ++k) {
        const int j = k + rng_.Below(static_cast<int>(pool.size()) - k);
        std::swap(pool[k], pool[j]);
        a.cards.insert(pool[k]);
      }
    }
    return EventFor(view, a);
  }

 private:
  Rng rng_;
};

// medium: the heuristics of policy.h, deterministic.
class MediumBot : public Bot {
 public:
  Level level() const override { return Level::kMedium; }
  std::optional<Event> Act(const SeatView& view) override { return MediumAct(view); }
};

}  // namespace

std::optional<Event> MediumAct(const SeatView& view) {
  std::vector<LegalAction> legal = LegalFor(view);
  if (legal.empty()) return std::nullopt;
  if (!MustAct(view.table, view.seat)) {
    // Out of turn only closes are listed; X1 is always worth taking.
    for (const LegalAction& a : legal)
      if (a.type == EventType::kClose) return EventFor(view, a);
    return std::nullopt;
  }
  if (view.table.phase == Phase::kExchange) return EventFor(view, MediumGift(view.table, legal[0]));
  return EventFor(view, legal[MediumPick(view.table, view.seat, legal)]);
}

}  // namespace bots

std::unique_ptr<Bot> MakeBot(Level level, uint64_t seed, const BotBudget& budget) {
  switch (level) {
    case Level::kEasy:
      return std::make_unique<bots::EasyBot>(seed);
    case Level::kMedium:
      return std::make_unique<bots::MediumBot>();
    default:
      return bots::MakeHardBot(seed, budget);
  }
}

}  // namespace pli
