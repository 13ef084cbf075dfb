// prop.cc: random games, shrinking and the scenario (see prop.h).
#include "games/skull_king/sim/prop.h"

#include <boost/json.hpp>
#include <filesystem>
#include <fstream>
#include <stdexcept>

#include "bots/rng.h"
#include "games/skull_king/rules/options.h"
#include "games/skull_king/rules/state.h"
#include "games/skull_king/wire/event_json.h"

namespace pli::sk::prop {
namespace {

constexpr int kMaxShrinkTries = 400;  // script candidates and event drops, each a replay

const char* const kPresets[] = {"skull-king", "skull-king-official", "skull-king-original"};

// The draws of one run.
class Draws {
 public:
  explicit Draws(uint64_t seed) : rng_(seed) {}
  uint64_t Next() { return rng_.Next(); }
  int Below(int n) { return static_cast<int>(Next() % static_cast<uint64_t>(n)); }

 private:
  bots::Rng rng_;
};

bool Fixed(const Config& config, const std::string& name) {
  for (const auto& [k, v] : config.fixed)
    if (k == name) return true;
  return false;
}

bool Valid(const std::string& ruleset, const std::vector<std::pair<std::string, std::string>>& o,
           int seats) {
  Options out;
  return MakeOptions(ruleset, o, seats, out).empty();
}

// The failure `outcome` is the same failure as `best`, no longer.
bool SameFailure(const Outcome& outcome, const Failure& best) {
  return outcome.failure && outcome.failure->kind == best.kind &&
         outcome.failure->log.size() <= best.log.size();
}

std::string Reproduce(const Config& config) {
  std::string line = "pli prop --ruleset " + config.ruleset + " --runs " +
                     std::to_string(config.runs) + " --seed " + std::to_string(config.seed);
  for (const auto& [name, value] : config.fixed) line += " --option " + name + "=" + value;
  if (config.hook == Hook::kScore) line += " --inject-bug score";
  if (config.hook == Hook::kCards) line += " --inject-bug cards";
  return line;
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

// The scenario: the log's lines (seq from 1), and the expectation, title,
// rules and notes first, one top-level key per line (docs/SCENARIOS.md).
void WriteScenario(const Config& config, Report& r) {
  const Failure& f = *r.failure;
  std::filesystem::create_directories(config.out);
  const std::filesystem::path base =
      std::filesystem::path(config.out) / ("prop-" + std::to_string(config.seed));
  r.scenario = base.string() + ".jsonl";
  r.expectation = base.string() + ".expect.json";
  std::string log;
  for (size_t i = 0; i < f.log.size(); ++i)
    log += EventToJson(EventLine{.event = f.log[i], .seq = static_cast<int64_t>(i + 1)}) + "\n";
  WriteFile(r.scenario, log);
  boost::json::array notes;
  std::string message = f.message;
  for (size_t at = 0; (at = message.find('\n')) != std::string::npos;) {
    notes.emplace_back(message.substr(0, at));
    message.erase(0, at + 1);
  }
  notes.emplace_back(message);
  notes.emplace_back("found by " + Reproduce(config) + " (run " + std::to_string(r.failing_run + 1) +
                     "); shrunk in " + std::to_string(r.shrinks) + " steps from a game of " +
                     std::to_string(r.events_before_shrinking) + " events");
  std::vector<std::pair<std::string, boost::json::value>> doc;
  doc.emplace_back("title", boost::json::value("pli prop --ruleset " + config.ruleset + " --seed " +
                                               std::to_string(config.seed) + ": " + f.kind +
                                               " at event " + std::to_string(f.log.size())));
  doc.emplace_back("rules", boost::json::value(boost::json::array{boost::json::value(f.rule)}));
  doc.emplace_back("notes", boost::json::value(std::move(notes)));
  for (const auto& [key, value] : f.expect) doc.emplace_back(std::string(key), value);
  std::string text = "{\n";
  for (size_t i = 0; i < doc.size(); ++i) {
    text += (i ? ",\n  " : "  ") + boost::json::serialize(boost::json::string(doc[i].first)) +
            ": " + boost::json::serialize(doc[i].second);
  }
  WriteFile(r.expectation, text + "\n}\n");
}

// A smaller table first (fewer seats, fewer manches, random policies,
// fewer options), replaying the script; then events dropped one by one,
// replaying the log, while the same failure stays.
void Shrink(const Config& config, Script script, Report& r, const Progress& progress) {
  Failure& best = *r.failure;
  int tries = 0;
  auto accept = [&](const Outcome& o) {
    r.shrink_events += o.events;
    if (!SameFailure(o, best)) return false;
    best = *o.failure;
    ++r.shrinks;
    progress(r.runs, r.shrinks);
    return true;
  };
  for (bool again = true; again && tries < kMaxShrinkTries;) {
    again = false;
    std::vector<Script> candidates;
    const int low = SeatRange(script.ruleset).first;
    for (int seats = low; seats < script.seats; ++seats) {
      Script c = script;
      c.seats = seats;
      c.policies.resize(seats);
      c.bot_seeds.resize(seats);
      std::erase_if(c.overrides, [](const auto& o) { return o.first == "first_dealer"; });
      candidates.push_back(c);
    }
    for (int m = 1; m < script.manches; ++m) {
      Script c = script;
      c.manches = m;
      candidates.push_back(c);
    }
    if (script.end_after) {
      Script c = script;
      c.end_after.reset();
      candidates.push_back(c);
    }
    for (size_t s = 0; s < script.policies.size(); ++s) {
      if (script.policies[s] == Policy::kRandom) continue;
      Script c = script;
      c.policies[s] = Policy::kRandom;
      candidates.push_back(c);
    }
    for (size_t i = 0; i < script.overrides.size(); ++i) {
      if (Fixed(config, script.overrides[i].first)) continue;
      Script c = script;
      c.overrides.erase(c.overrides.begin() + static_cast<std::ptrdiff_t>(i));
      candidates.push_back(c);
    }
    for (const Script& c : candidates) {
      if (++tries > kMaxShrinkTries) break;
      if (!Valid(c.ruleset, c.overrides, c.seats)) continue;
      if (accept(CheckGame(c, config.hook))) {
        script = c;
        again = true;
        break;
      }
    }
  }
  // Events, from the last but one back to the first deal (the game event stays).
  for (size_t i = best.log.size() >= 2 ? best.log.size() - 2 : 0; i >= 1 && tries < kMaxShrinkTries; --i) {
    if (i >= best.log.size() - 1) continue;
    std::vector<Event> log = best.log;
    log.erase(log.begin() + static_cast<std::ptrdiff_t>(i));
    ++tries;
    accept(CheckLog(log, script.probe_seed, config.hook));
  }
}

}  // namespace

const std::vector<std::pair<std::string, std::vector<std::string>>>& OptionTable() {
  static const std::vector<std::pair<std::string, std::vector<std::string>>> kTable = {
      {"trump", {"turned", "black", "none"}},
      {"pirate_vs_mermaid", {"mermaid", "pirate"}},
      {"lead", {"first-card", "defer-escapes", "first-number"}},
      {"bidding", {"sequential", "simultaneous"}},
      {"hook", {"true", "false"}},
      {"bid_max", {"hand", "ten"}},
      {"zero_miss", {"per-trick", "per-card"}},
      {"zero_base", {"cards", "round"}},
      {"bonuses", {"2021", "original"}},
      {"bonus_on_miss", {"false", "true"}},
      {"scoring", {"skull-king", "rascal"}},
      {"cannonball", {"false", "true"}},
      {"deck", {"70", "66"}},
  };
  return kTable;
}

std::string CheckConfig(const Config& config) {
  if (!Preset(config.ruleset)) return "--ruleset " + config.ruleset + ": not a Skull King ruleset";
  for (const char* preset : kPresets) {
    const auto [low, high] = SeatRange(preset);
    for (int seats = low; seats <= high; ++seats)
      if (Valid(preset, config.fixed, seats)) return "";
  }
  Options out;
  return MakeOptions(config.ruleset, config.fixed, SeatRange(config.ruleset).second, out);
}

Script ScriptFor(const Config& config, int run) {
  Draws d(config.seed * 0x9E3779B97F4A7C15ULL + static_cast<uint64_t>(run) + 1);
  Script s;
  s.ruleset = run % 2 == 0 ? config.ruleset : kPresets[d.Below(3)];
  const auto [low, high] = SeatRange(s.ruleset);
  s.seats = low + d.Below(high - low + 1);
  for (const auto& [name, values] : OptionTable()) {
    if (Fixed(config, name) || d.Below(3) > 0) continue;  // each option drawn in a third of the runs
    s.overrides.emplace_back(name, values[d.Below(static_cast<int>(values.size()))]);
  }
  if (!Fixed(config, "first_dealer") && d.Below(3) == 0)
    s.overrides.emplace_back("first_dealer", std::to_string(d.Below(s.seats)));
  for (const auto& o : config.fixed) s.overrides.push_back(o);
  // Drop drawn options until the game is well formed (cannonball needs
  // rascal scoring, bonus_on_miss excludes it; the fixed ones may need
  // another preset or seat count).
  for (size_t i = 0; !Valid(s.ruleset, s.overrides, s.seats) && i < s.overrides.size();) {
    if (Fixed(config, s.overrides[i].first)) {
      ++i;
      continue;
    }
    s.overrides.erase(s.overrides.begin() + static_cast<std::ptrdiff_t>(i));
  }
  if (!Valid(s.ruleset, s.overrides, s.seats)) {  // the fixed options need another table
    for (const char* preset : kPresets) {
      const auto [lo, hi] = SeatRange(preset);
      for (int seats = lo; seats <= hi; ++seats) {
        if (Valid(preset, config.fixed, seats)) {
          s.ruleset = preset;
          s.seats = seats;
          s.overrides = config.fixed;
          goto valid;
        }
      }
    }
  }
valid:
  for (int seat = 0; seat < s.seats; ++seat) {
    const int w = d.Below(9);  // random 4, easy 2, medium 2, hard 1
    s.policies.push_back(w < 4 ? Policy::kRandom : w < 6 ? Policy::kEasy : w < 8 ? Policy::kMedium : Policy::kHard);
    s.bot_seeds.push_back(d.Next());
  }
  // Mostly short games; a whole one in one run of eight (SK-G1, SK-G2).
  s.manches = d.Below(8) == 0 ? kManches : 1 + d.Below(3);
  if (d.Below(4) == 0) s.end_after = d.Below(2 * s.manches * s.seats);  // an end, maybe mid-manche
  s.deal_seed = d.Next();
  s.choice_seed = d.Next();
  s.probe_seed = d.Next();
  return s;
}

Report Run(const Config& config, const Progress& progress) {
  Report r;
  for (int run = 0; run < config.runs; ++run) {
    const Script script = ScriptFor(config, run);
    Outcome o = CheckGame(script, config.hook);
    r.events += o.events;
    ++r.runs;
    progress(r.runs, 0);
    if (!o.failure) continue;
    r.failing_run = run;
    r.events_before_shrinking = static_cast<int64_t>(o.failure->log.size());
    r.failure = std::move(o.failure);
    Shrink(config, script, r, progress);
    WriteScenario(config, r);
    return r;
  }
  r.passed = true;
  return r;
}

}  // namespace pli::sk::prop
