// any_sim.cc: bot tables of any game refereed into a database (see any_sim.h).
#include "sim/any_sim.h"

#include <boost/json.hpp>
#include <memory>
#include <stdexcept>

#include "referee/referee.h"
#include "referee/open_store.h"
#include "sim/group_commit.h"
#include "sim/seeds.h"

namespace pli::cli {
namespace {

constexpr int kMaxEventsPerManche = 5000;  // a Skull King manche needs 8 bids and 80 plays at most
constexpr int kMaxManches = 1000;          // a game that deals this often does not end

std::string SimId(const AnySimConfig& config, int game) {
  return "sim-" + std::to_string(config.seed) + "-" + std::to_string(game + 1);
}

// One game being played: the table, the store, a match that mirrors what
// the referee accepted.
class AnyGameRun {
 public:
  AnyGameRun(const AnySimConfig& config, int game, EventStore& store, AnySimResult& result)
      : config_(config),
        game_(game),
        id_(SimId(config, game)),
        kind_(*config.game),
        store_(store),
        result_(result),
        levels_(AnySeatLevels(config, game)),
        match_(kind_.NewMatch()) {
    match_->KeepLog();  // before the game event (games/game.h)
    for (int s = 0; s < config.seats; ++s) {
      bots_.push_back(kind_.MakeBot(levels_[s], DeriveSeed(config.seed, 'B', game, s)));
      if (!bots_.back())
        throw std::runtime_error("--bots: " + std::string(kind_.Name()) + " has no bot \"" +
                                 levels_[s] + "\"");
    }
  }

  // Plays the game to its end; false when it stopped on a bug (in result.bug).
  bool Play(const std::function<void()>& after_manche) {
    if (!Submit(AnyGameLine(config_, game_), "the game event")) return false;
    int manches = 0;
    while (!match_->Over()) {
      if (config_.manches && manches == *config_.manches) {
        if (!Submit(R"({"type":"end"})", "the end event")) return false;
        break;
      }
      if (manches == kMaxManches) return Bug("the game did not end after " + std::to_string(manches) + " manches");
      const int64_t seed =
          static_cast<int64_t>(DeriveSeed(config_.seed, 'D', game_, manches + 1) & kJsonSafe);
      const std::optional<std::string> deal = match_->SeededDeal(seed);
      if (!deal) return Bug("no seat must act, the game is not over, and it has no deal to give");
      if (!Submit(*deal, "the deal")) return false;
      if (!PlayManche()) return false;
      ++manches;
      ++result_.manches;
      after_manche();
    }
    if (std::string why = result_.tally.AddGame(game_, levels_, match_->StateJson()); !why.empty())
      return Bug("the game's end cannot be tallied: " + why);
    ++result_.games;
    return true;
  }

 private:
  // Until no seat must act: the first seat of ToAct() acts through its bot.
  bool PlayManche() {
    for (int n = 0;; ++n) {
      const std::vector<int> to_act = match_->ToAct();
      if (to_act.empty()) return true;
      if (n >= kMaxEventsPerManche)
        return Bug("a manche did not end within " + std::to_string(kMaxEventsPerManche) +
                   " events");
      const int seat = to_act.front();
      std::optional<std::string> line = bots_[seat]->Act(*match_, seat);
      if (!line)
        return Bug("seat " + std::to_string(seat) + " (" + levels_[seat] +
                   ") must act and its bot returned nothing");
      if (!Submit(*line, "the action of seat " + std::to_string(seat) + " (" + levels_[seat] +
                             " bot)"))
        return false;
    }
  }

  // Reads `line` with the game's reader and submits it with --expect at the
  // head; false (and result.bug) unless the referee accepted it.
  bool Submit(const std::string& line, const std::string& what) {
    const GameLine read = kind_.ReadLine(line, config_.seats);
    if (!read.well_formed)
      return Bug(what + " is not a well-formed event: " + read.field + ": " + read.message +
                 "\n  the line: " + line);
    const AnySubmitResult r = SubmitAny(store_, id_, kind_, read.event, match_->seq());
    if (r.outcome != Outcome::kAccepted) {
      std::string why = r.message;
      if (r.violation) why = r.violation->code + " (" + r.violation->rule + "): " + why;
      return Bug("the referee refused " + what + " at seq " + std::to_string(r.head_seq + 1) +
                 ": " + why + "\n  the event: " + line);
    }
    if (std::optional<Verdict> v = match_->Step(read.event))
      return Bug("the referee accepted " + what + " that the game's own match refuses: " +
                 v->code + ": " + v->message);
    if (r.seq != match_->seq())
      return Bug("the referee wrote " + what + " at seq " + std::to_string(r.seq) + ", not " +
                 std::to_string(match_->seq()));
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

  const AnySimConfig& config_;
  int game_;
  std::string id_;
  const Game& kind_;
  EventStore& store_;
  AnySimResult& result_;
  std::vector<std::string> levels_;
  std::unique_ptr<Match> match_;
  std::vector<std::unique_ptr<BotSeat>> bots_;
};

}  // namespace

std::vector<std::pair<std::string, boost::json::value>> ParseAnyOptions(
    const Game& game, const std::vector<std::string>& options) {
  std::vector<std::pair<std::string, boost::json::value>> out;
  for (const std::string& option : options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos)
      throw std::runtime_error("--option " + option + ": write it as NAME=VALUE");
    const std::string name = option.substr(0, eq);
    std::optional<boost::json::value> value = game.OptionJson(name, option.substr(eq + 1));
    if (!value)
      throw std::runtime_error("--option " + option + ": not an option of " +
                               std::string(game.Name()) + " with a value of its type");
    std::erase_if(out, [&](const auto& o) { return o.first == name; });
    out.emplace_back(name, std::move(*value));
  }
  return out;
}

std::vector<std::string> AnySeatLevels(const AnySimConfig& config, int game) {
  if (!config.mixed) return config.bots;
  // The game's own levels (GameFacts::levels), rotated: a game with one
  // level plays it at every seat.
  const std::vector<std::string> own = config.game->Facts().levels;
  std::vector<std::string> levels;
  for (int s = 0; s < config.seats; ++s) levels.push_back(own[static_cast<size_t>(s + game) % own.size()]);
  return levels;
}

std::string AnyGameLine(const AnySimConfig& config, int game) {
  boost::json::object o;
  o["type"] = "game";
  o["game"] = SimId(config, game);
  o["ruleset"] = config.ruleset;
  if (!config.options.empty()) {
    boost::json::object options;
    for (const auto& [name, value] : config.options) options[name] = value;
    o["options"] = std::move(options);
  }
  boost::json::array seats;
  const std::vector<std::string> levels = AnySeatLevels(config, game);
  for (int s = 0; s < config.seats; ++s)
    seats.emplace_back(levels[s] + "-" + std::to_string(s));
  o["seats"] = std::move(seats);
  return boost::json::serialize(o);
}

std::string CheckAnyTable(const AnySimConfig& config) {
  const GameLine read = config.game->ReadLine(AnyGameLine(config, 0), 0);
  if (!read.well_formed) return read.field.empty() ? read.message : read.field + ": " + read.message;
  std::unique_ptr<Match> match = config.game->NewMatch();
  if (std::optional<Verdict> v = match->Decide(read.event)) return v->message;
  return "";
}

AnySimResult SimulateAny(const AnySimConfig& config,
                         const std::function<void(const AnySimProgress&)>& progress) {
  std::unique_ptr<EventStore> sqlite = OpenStore(config.db, OpenMode::kCreate);  // a SQLite file or PostgreSQL
  GroupCommitStore store(*sqlite);
  AnySimResult result;
  PlayGames(
      *sqlite, store, config.db, config.games, config.fast,
      [&](int g) { return SimId(config, g); },
      [&](int g, const std::function<void()>& after_manche) {
        AnyGameRun(config, g, store, result).Play(after_manche);
      },
      [&] { return result.events; }, [&] { return !result.bug.empty(); }, progress);
  return result;
}

}  // namespace pli::cli
