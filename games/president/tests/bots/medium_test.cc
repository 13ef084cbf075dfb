// medium_test.cc: the medium heuristics in positions set up by hand, and
// F2 over random games: medium never finishes on the top rank when it had
// any other legal action.
#include <catch2/catch.hpp>

#include "games/president/bots/policy.h"
#include "games/president/tests/bots/table.h"
#include "games/president/tests/rules/table.h"

namespace pli {
namespace {

// Medium's action for `seat` at a table set up by hand (the log holds only
// the game event: nothing is learnt from history).
std::optional<Event> MediumAt(const test::Table& t, int seat) {
  const std::vector<Event> log{Event{test::NewGame(t.s.seats, t.s.options)}};
  return MakeBot(Level::kMedium, 0)->Act(ViewFor(t.s, log, seat));
}

TEST_CASE("medium finishes when it can (F1)", "[bots]") {
  test::Table t({"9c 9d", "3c 8s 8h Kd", "4c 5c", "6c 6d"}, 1);
  t.Do(test::Play(1, "8s 8h"));
  CHECK(MediumAt(t, 0) == std::nullopt);   // not its turn, nothing to close
  CHECK(MediumAt(t, 2) == test::Pass(2));  // its turn, and no pair to play (P4)
  t.Do(test::Pass(2)).Do(test::Pass(3));
  CHECK(MediumAt(t, 0) == test::Play(0, "9c 9d"));
}

TEST_CASE("medium plays a top-rank card rather than keep it as its last card (F2)", "[bots]") {
  test::Table t({"7h 2s", "5c 9d Kd", "4c 3d", "3h 4d"}, 1);
  t.Do(test::Play(1, "5c"));
  t.Do(test::Pass(2)).Do(test::Pass(3));
  // 7h would leave 2s alone: its last play would be the top rank.
  CHECK(MediumAt(t, 0) == test::Play(0, "2s"));
}

TEST_CASE("medium leads its top rank first when one group is left", "[bots]") {
  test::Table t({"9c 9d 2s", "5c 9s Kd", "4c 5d", "6c 6d"}, 0);
  CHECK(MediumAt(t, 0) == test::Play(0, "2s"));
}

TEST_CASE("medium leads its weakest group whole and keeps its aces and 2s", "[bots]") {
  test::Table t({"4c 4d 7h Kc As 2d", "5c 9s Kd", "4h 5d", "6c 6d"}, 0);
  CHECK(MediumAt(t, 0) == test::Play(0, "4c 4d"));
  // Under révolution (C3) the weakest are the aces, and the 2 is weak too.
  t.s.revolution = true;
  CHECK(MediumAt(t, 0) == test::Play(0, "2d"));
}

TEST_CASE("medium follows low, and keeps its carré whole", "[bots]") {
  test::Table t({"6c 6d 6h 6s 8h Jc Ac", "5c 9s Kd", "4h 3d", "3h 4d"}, 1);
  t.Do(test::Play(1, "5c"));
  t.Do(test::Pass(2)).Do(test::Pass(3));
  CHECK(MediumAt(t, 0) == test::Play(0, "8h"));
}

TEST_CASE("medium closes out of turn (X1) when it holds the rest of the rank", "[bots]") {
  test::Table t({"7c 7d 9h", "7h 7s 3c Kd", "4h 5d", "6h 8d"}, 1);
  t.Do(test::Play(1, "7h 7s"));
  CHECK(MediumAt(t, 0) == test::Close(0, "7c 7d"));
}

// Wraps a medium bot and checks each of its actions against F2.
class F2Checker : public Bot {
 public:
  Level level() const override { return Level::kMedium; }
  std::optional<Event> Act(const SeatView& view) override {
    std::optional<Event> e = medium_->Act(view);
    if (e && view.table.phase == Phase::kPlay) {
      if (const auto* play = std::get_if<PlayEvent>(&e->body)) {
        const LegalAction a{EventType::kPlay, view.seat, play->cards.front().rank(),
                            static_cast<int>(play->cards.size())};
        if (bots::FinishesOnTop(view.table, a)) {
          ++on_top;
          for (const LegalAction& other : LegalFor(view))
            if (other.type != EventType::kPlay || other.rank != a.rank) ++had_another_way;
        }
      }
    }
    return e;
  }
  int on_top = 0, had_another_way = 0;

 private:
  std::unique_ptr<Bot> medium_ = MakeBot(Level::kMedium, 0);
};

TEST_CASE("medium never finishes on the top rank when another action was legal (F2)", "[bots]") {
  bots::Rng rng(41);
  int on_top = 0, manches = 0;
  for (int game = 0; game < 80; ++game) {
    const int seats = 4 + rng.Below(5);
    Options options = test::RandomOptions(rng);
    options.top_rank_last = true;
    // Medium seats among easy ones: easy's play makes for odd endings.
    test::BotTable t(options, std::vector<Level>(seats, Level::kEasy), game);
    std::vector<std::unique_ptr<F2Checker>> checkers;
    for (int s = 0; s < seats; s += 2) {
      checkers.push_back(std::make_unique<F2Checker>());
      t.bots[s] = checkers.back().get();
    }
    for (int m = 0; m < 3 && t.state.phase == Phase::kMancheOver; ++m, ++manches)
      REQUIRE(t.Manche(700 + game * 3 + m) == "");
    for (const auto& c : checkers) {
      CHECK(c->had_another_way == 0);
      on_top += c->on_top;
    }
  }
  CHECK(manches >= 200);
  INFO("forced top-rank finishes seen: " << on_top);
  CHECK(on_top > 0);  // forced top-rank finishes did occur: the check above had work
}

}  // namespace
}  // namespace pli
