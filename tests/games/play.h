// play.h: random games of any registered game (games/game.h), played by
// the game's own bots (Game::MakeBot) on its seeded deals
// (Match::SeededDeal), for the tests that run over the registry (Games()):
// they name no game and read no field of one beyond INTERFACE.md's.
#ifndef PLI_TESTS_GAMES_PLAY_H_
#define PLI_TESTS_GAMES_PLAY_H_

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <memory>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "games/game.h"

namespace pli::games_test {

namespace bj = boost::json;

// One random opening of `game` (INTERFACE.md §1's `game` event): one of
// its rulesets, a seat count in that ruleset's range, and each option of
// its facts drawn at random half of the time (a boolean, an enum's value,
// an int of a few values or near its minimum). A drawn combination the
// game refuses is drawn again, so every opening returned is legal.
struct Opening {
  std::string line;
  int seats = 0;
};

inline std::string RandomOpeningLine(const Game& game, std::mt19937_64& rng, int* seats_out) {
  const GameFacts facts = game.Facts();
  REQUIRE(!facts.rulesets.empty());
  const RulesetFact& r = facts.rulesets[rng() % facts.rulesets.size()];
  const int seats = r.min_seats + static_cast<int>(rng() % (r.max_seats - r.min_seats + 1));
  bj::object options;
  for (const OptionFact& o : facts.options) {
    if (rng() % 2) continue;
    if (!o.values.empty()) {
      options[o.name] = o.values[rng() % o.values.size()];
    } else if (o.type == "bool") {
      options[o.name] = static_cast<bool>(rng() % 2);
    } else if (o.type == "int" && o.min) {
      options[o.name] = *o.min + static_cast<int64_t>(rng() % 3);
    }
  }
  bj::array names;
  for (int s = 0; s < seats; ++s) names.push_back(bj::string("Seat" + std::to_string(s)));
  bj::object line{{"type", "game"}, {"game", "g" + std::to_string(rng() % 1000000)},
                  {"ruleset", r.name}};
  if (!options.empty()) line["options"] = options;
  line["seats"] = names;
  *seats_out = seats;
  return bj::serialize(line);
}

// The exact action of each legal entry (Match::LegalActionsJson, aligned
// with LegalJson: issue 27), or nullopt past its end.
inline std::optional<bj::object> ExactAction(const bj::array& actions, size_t i) {
  if (i >= actions.size() || !actions[i].is_object()) return std::nullopt;
  const bj::value* a = actions[i].as_object().if_contains("action");
  if (!a || !a->is_object()) return std::nullopt;
  return a->as_object();
}

// A game being played: its match (keeping the log its bots need), one bot
// per seat, and the next line to submit.
class Play {
 public:
  // A random legal opening of `game` (nullopt when none is found, or the
  // game is one a live table refuses and `hosted_only`).
  static std::unique_ptr<Play> Open(const Game& game, uint64_t seed, bool hosted_only) {
    auto p = std::unique_ptr<Play>(new Play(game, seed));
    for (int tries = 0; tries < 100; ++tries) {
      int seats = 0;
      const std::string line = RandomOpeningLine(game, p->rng_, &seats);
      std::unique_ptr<Match> m = game.NewMatch();
      m->KeepLog();
      const GameLine read = game.ReadLine(line, 0);
      if (!read.well_formed) continue;
      AnyEvent e = read.event;
      e.seq = 1;
      if (m->Step(e)) continue;
      if (hosted_only && game.LiveRefusal(*m)) continue;
      p->match_ = std::move(m);
      p->opening_ = line;
      p->lines_.push_back(line);
      p->events_.push_back(e);
      const std::vector<std::string> levels = game.Facts().levels;
      for (int s = 0; s < seats; ++s) {
        const std::string level = levels.empty() ? "easy" : levels[p->rng_() % levels.size()];
        p->bots_.push_back(game.MakeBot(level, p->rng_()));
        REQUIRE(p->bots_.back() != nullptr);
      }
      return p;
    }
    return nullptr;
  }

  const Game& game() const { return game_; }
  const Match& match() const { return *match_; }
  std::mt19937_64& rng() { return rng_; }
  int seats() const { return static_cast<int>(bots_.size()); }
  const std::vector<std::string>& lines() const { return lines_; }
  const std::vector<AnyEvent>& events() const { return events_; }
  bool ended() const { return ended_; }

  // The next line of the game (its JSON, no seq): a bot of a seat that must
  // act, else the next seeded deal, else (or past `max_events`) `end`;
  // nullopt once `end` was written.
  std::optional<std::string> Next(int max_events) {
    if (ended_) return std::nullopt;
    if (match_->Over() || static_cast<int>(lines_.size()) >= max_events) return R"({"type":"end"})";
    const std::vector<int> to_act = match_->ToAct();
    if (!to_act.empty()) {
      const int seat = to_act[rng_() % to_act.size()];
      std::optional<std::string> line = bots_[seat]->Act(*match_, seat);
      INFO("seat " << seat << " of " << opening_ << " after " << lines_.size() << " events");
      REQUIRE(line.has_value());
      return line;
    }
    if (std::optional<std::string> deal = match_->SeededDeal(static_cast<int64_t>(rng_() >> 12)))
      return deal;
    return R"({"type":"end"})";
  }

  // Reads `line` and steps it, which must be legal; returns the event.
  AnyEvent Step(const std::string& line) {
    const GameLine read = game_.ReadLine(line, seats());
    INFO(line << ": " << read.field << ": " << read.message);
    REQUIRE(read.well_formed);
    AnyEvent e = read.event;
    e.seq = match_->seq() + 1;
    const std::optional<Verdict> v = match_->Step(e);
    INFO("in " << opening_ << " after " << lines_.size() << " events: " << (v ? v->message : ""));
    REQUIRE(!v);
    lines_.push_back(line);
    events_.push_back(e);
    if (bj::parse(line).as_object().at("type") == "end") ended_ = true;
    return e;
  }

 private:
  Play(const Game& game, uint64_t seed) : game_(game), rng_(seed) {}
  const Game& game_;
  std::mt19937_64 rng_;
  std::unique_ptr<Match> match_;
  std::string opening_;
  std::vector<std::unique_ptr<BotSeat>> bots_;
  std::vector<std::string> lines_;
  std::vector<AnyEvent> events_;
  bool ended_ = false;
};

}  // namespace pli::games_test

#endif  // PLI_TESTS_GAMES_PLAY_H_
