// sim_run.cc: bot tables refereed into a database (see sim_run.h).
#include "games/president/sim/sim_run.h"

#include <memory>
#include <stdexcept>

#include "games/president/rules/rules.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "referee/open_store.h"
#include "sim/group_commit.h"
#include "games/president/wire/event_json.h"

namespace pli::cli {
namespace {

constexpr int kMaxEventsPerManche = 5000;                // a manche needs a few hundred at most

std::string SeatName(Level level, int seat) {
  return std::string(LevelName(level)) + "-" + std::to_string(seat);
}

// One game being played: the table, the store, what it has written.
class GameRun {
 public:
  GameRun(const SimConfig& config, int game, Referee& referee, SimResult& result)
      : config_(config),
        game_(game),
        id_(SimGameId(config, game)),
        referee_(referee),
        result_(result) {
    levels_ = SeatLevels(config, game);
    for (int s = 0; s < config.seats; ++s) {
      bots_.push_back(MakeBot(levels_[s], DeriveSeed(config.seed, 'B', game, s), config.budget));
      table_.push_back(bots_.back().get());
    }
  }

  // Plays the game to its end; false when it stopped on a bug (in result.bug).
  bool Play(const std::function<void()>& after_manche) {
    GameEvent g{.game = id_,
                .ruleset = config_.rules.ruleset,
                .options = config_.rules.options,
                .overrides = config_.rules.overrides,
                .seats = {}};
    for (int s = 0; s < config_.seats; ++s) g.seats.push_back(SeatName(levels_[s], s));
    if (!Submit(Event{.body = std::move(g)}, "the game event")) return false;
    for (int m = 1; state_.phase != Phase::kGameOver; ++m) {
      if (m > config_.manches)
        return Bug("the game did not end after its " + std::to_string(config_.manches) +
                   " manches");
      const int64_t seed =
          static_cast<int64_t>(DeriveSeed(config_.seed, 'D', game_, m) & kJsonSafe);
      if (!Submit(Event{.body = DealEvent{DealFromSeed(config_.seats, seed, state_.order.deck), seed}}, "the deal"))
        return false;
      if (!PlayManche()) return false;
      ++result_.manches;
      const std::vector<int>& ranking = *state_.ranking;
      for (size_t i = 0; i < ranking.size(); ++i) {
        result_.tally.Add(game_, m, levels_[ranking[i]], static_cast<int>(i) + 1, config_.seats);
      }
      after_manche();
    }
    ++result_.games;
    return true;
  }

 private:
  bool PlayManche() {
    for (int n = 0; SeatToAct(state_) >= 0; ++n) {
      if (n >= kMaxEventsPerManche) {
        return Bug("manche " + std::to_string(state_.manche) + " did not end within " +
                   std::to_string(kMaxEventsPerManche) + " events");
      }
      const int actor = SeatToAct(state_);
      std::optional<Event> e = NextEvent(state_, log_, table_);
      if (!e)
        return Bug("seat " + std::to_string(actor) + " (" + LevelName(levels_[actor]) +
                   ") must act and its bot returned nothing");
      const int seat = ActingSeat(e->body);
      const std::string who = std::string("a ") + TypeName(TypeOf(e->body)) + " of seat " +
                              std::to_string(seat) + " (" + LevelName(levels_[seat]) + " bot)";
      if (!Submit(*e, who)) return false;
    }
    return true;
  }

  // Submits one event with --expect at the head; false (and result.bug)
  // unless the referee accepted it.
  bool Submit(const Event& action, const std::string& what) {
    const SubmitResult r = referee_.Submit(id_, action, state_.seq);
    if (r.outcome != Outcome::kAccepted) {
      std::string why = r.message;
      if (r.violation)
        why = std::string(CodeName(r.violation->code)) + " (" + r.violation->rule + "): " + why;
      return Bug("the referee refused " + what + " at seq " + std::to_string(r.head_seq + 1) +
                 ": " + why + "\n  the event: " + EventToJson(action));
    }
    state_ = r.state;
    log_.push_back(action);
    ++result_.events;
    result_.last_game = id_;
    result_.last_seq = r.seq;
    result_.last_hash = HashHex(r.hash);
    return true;
  }

  bool Bug(const std::string& what) {
    result_.bug = "game \"" + id_ + "\": " + what;
    return false;
  }

  const SimConfig& config_;
  int game_;
  std::string id_;
  Referee& referee_;  // judges against the game's state kept from its last submit
  SimResult& result_;
  std::vector<Level> levels_;
  std::vector<std::unique_ptr<Bot>> bots_;
  std::vector<Bot*> table_;
  State state_;
  std::vector<Event> log_;
};

}  // namespace

GameRules ParseRules(const std::string& ruleset, const std::vector<std::string>& options) {
  GameRules rules;
  rules.ruleset = ruleset;
  std::string pending;
  std::optional<Options> preset = Preset(ruleset, &pending);
  if (!preset && !pending.empty()) throw std::runtime_error("--ruleset " + ruleset + ": " + pending);  // §13
  if (!preset)
    throw std::runtime_error("--ruleset " + ruleset + ": unknown (known: " + PresetNamesText(false) + ")");
  rules.options = *preset;
  for (const std::string& option : options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("--option " + option + ": write it as NAME=VALUE");
    try {
      SetRule(rules, option.substr(0, eq), option.substr(eq + 1));
    } catch (const std::runtime_error& e) {
      throw std::runtime_error("--option " + option + ": " + e.what());
    }
  }
  return rules;
}

void SetRule(GameRules& rules, const std::string& name, const std::string& value) {
  const std::string problem = SetOption(rules.options, name, value);
  if (!problem.empty()) throw std::runtime_error(problem);
  std::erase_if(rules.overrides, [&](const auto& o) { return o.first == name; });
  if (std::optional<std::string> text = OptionText(rules.options, name))
    rules.overrides.emplace_back(name, *text);  // canonical text
}

std::vector<Level> SeatLevels(const SimConfig& config, int game) {
  if (!config.mixed) return config.bots;
  std::vector<Level> levels;
  for (int s = 0; s < config.seats; ++s) levels.push_back(static_cast<Level>((s + game) % 3));
  return levels;
}

std::string SimGameId(const SimConfig& config, int game) {
  return "sim-" + std::to_string(config.seed) + "-" + std::to_string(game + 1);
}

SimResult Simulate(const SimConfig& config,
                   const std::function<void(const SimProgress&)>& progress) {
  std::unique_ptr<EventStore> sqlite = OpenStore(config.db, OpenMode::kCreate);  // a SQLite file or PostgreSQL
  GroupCommitStore store(*sqlite);
  Referee referee(store);
  SimResult result;
  PlayGames(
      *sqlite, store, config.db, config.games, config.fast,
      [&](int g) { return SimGameId(config, g); },
      [&](int g, const std::function<void()>& after_manche) {
        GameRun(config, g, referee, result).Play(after_manche);
      },
      [&] { return result.events; }, [&] { return !result.bug.empty(); }, progress);
  return result;
}

}  // namespace pli::cli
