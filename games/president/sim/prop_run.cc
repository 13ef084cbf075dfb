// prop_run.cc: RapidCheck drives prop_check.h (see prop_run.h).
#include "games/president/sim/prop_run.h"

#include <rapidcheck.h>
#include <rapidcheck/detail/TestListenerAdapter.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <stdexcept>
#include <unordered_map>

#include "replay/scenario.h"
#include "games/president/wire/event_json.h"

namespace pli::cli {

// How RapidCheck prints a script in its own messages.
void showValue(const PropScript& s, std::ostream& os) {
  os << "{seats " << s.seats << ", policies";
  for (Policy p : s.policies) os << " " << PolicyName(p);
  os << ", manches " << s.deal_seeds.size() << ", choices " << s.choices.size()
     << (s.end_event ? ", end event" : "") << "}";
}

namespace {

constexpr int64_t kJsonSafe = (int64_t{1} << 53) - 1;

// Random scripts: 4-8 seats, each the random policy (most often) or a bot,
// one to three manches (up to the `manches` option, if set, at most six),
// the random policy's picks. RapidCheck shrinks towards 4 seats of the
// random policy, one manche, deal seed 0 and picks of 0 (the first listed
// action), so a failure shrinks to a short, plain game.
rc::Gen<PropScript> GenScript(int manches_option) {
  const int most = manches_option > 0 ? std::min(manches_option, 6) : 3;
  return rc::gen::exec([most] {
    using namespace rc;
    PropScript s;
    s.seats = *gen::inRange(4, 9);
    s.policies = *gen::container<std::vector<Policy>>(
        s.seats,
        gen::weightedElement<Policy>(
            {{4, Policy::kRandom}, {2, Policy::kEasy}, {2, Policy::kMedium}, {1, Policy::kHard}}));
    s.bot_seeds = *gen::container<std::vector<uint64_t>>(s.seats, gen::arbitrary<uint64_t>());
    const int manches = *gen::inRange(1, most + 1);
    s.deal_seeds =
        *gen::container<std::vector<int64_t>>(manches, gen::inRange<int64_t>(0, kJsonSafe));
    s.choices = *gen::scale(8.0, gen::container<std::vector<uint32_t>>(gen::arbitrary<uint32_t>()));
    s.end_event = *gen::arbitrary<bool>();
    s.probe_seed = *gen::noShrink(gen::arbitrary<uint64_t>());
    return s;
  });
}

// Counts games and accepted shrinks for the progress line.
class Listener : public rc::detail::TestListenerAdapter {
 public:
  explicit Listener(const PropProgress& progress) : progress_(progress) {}
  void onTestCaseFinished(const rc::detail::CaseDescription&) override {
    ++runs_;
    progress_(runs_, shrinks_);
  }
  void onShrinkTried(const rc::detail::CaseDescription&, bool accepted) override {
    if (!accepted) return;
    ++shrinks_;
    progress_(runs_, shrinks_);
  }
  int shrinks() const { return shrinks_; }

 private:
  const PropProgress& progress_;
  int runs_ = 0;
  int shrinks_ = 0;
};

// The command line that reproduces the run.
std::string Reproduce(const PropConfig& config) {
  std::string line =
      "pli prop --runs " + std::to_string(config.runs) + " --seed " + std::to_string(config.seed);
  if (config.rules.ruleset != "super-president") line += " --ruleset " + config.rules.ruleset;
  for (const auto& [name, value] : config.rules.overrides)
    line += " --option " + name + "=" + value;
  if (config.hooks.forget_moves)
    line += std::string(" --inject-bug ") + TypeName(*config.hooks.forget_moves);
  return line;
}

// The expectation document: title, rules, notes first, then the checks,
// one top-level key per line.
std::string ExpectationText(const PropConfig& config, const PropReport& r) {
  const PropFailure& f = *r.failure;
  boost::json::object doc;
  doc["title"] = "pli prop --seed " + std::to_string(config.seed) + ": " + f.kind + " at event " +
                 std::to_string(f.log.size());
  doc["rules"] = f.expect.at("rules");
  boost::json::array notes;
  std::istringstream lines(f.message);
  for (std::string line; std::getline(lines, line);) notes.emplace_back(line);
  notes.emplace_back("found by " + Reproduce(config) + "; shrunk by RapidCheck in " +
                     std::to_string(r.shrinks) + " steps from a game of " +
                     std::to_string(r.events_before_shrinking) + " events");
  doc["notes"] = std::move(notes);
  for (const auto& [key, value] : f.expect) {
    if (key != "rules") doc[key] = value;
  }
  std::string text = "{\n";
  bool first = true;
  for (const auto& [key, value] : doc) {
    text += (first ? "  " : ",\n  ") + boost::json::serialize(boost::json::string(key)) + ": " +
            boost::json::serialize(value);
    first = false;
  }
  return text + "\n}\n";
}

void WriteFile(const std::string& path, const std::string& text) {
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
}

// Writes the failure's scenario into config.out and checks it.
void WriteScenario(const PropConfig& config, PropReport& r) {
  std::filesystem::create_directories(config.out);
  const std::filesystem::path base =
      std::filesystem::path(config.out) / ("prop-" + std::to_string(config.seed));
  r.scenario = base.string() + ".jsonl";
  r.expectation = ExpectationPath(r.scenario);
  std::string log;
  for (const Event& e : r.failure->log) log += EventToJson(e) + "\n";
  WriteFile(r.scenario, log);
  WriteFile(r.expectation, ExpectationText(config, r));
  r.check = CheckScenario(r.scenario).failures;
}

}  // namespace

PropReport RunProp(const PropConfig& config, const PropProgress& progress) {
  PropReport report;
  std::optional<PropFailure> last;  // the last failing game: once shrinking ends, the minimal one
  const rc::Gen<PropScript> scripts = GenScript(config.rules.options.manches);
  auto property = [&] {
    const PropScript script = *scripts;
    PropOutcome outcome = CheckGame(config.rules, script, config.hooks);
    (last ? report.shrink_events : report.events) += outcome.events;
    if (!outcome.failure) return;
    // While shrinking, a smaller script counts as failing only if it fails
    // the same way with a log no longer than the best so far: the game
    // shrinks, it does not drift to another failure or grow.
    if (last &&
        (outcome.failure->kind != last->kind || outcome.failure->log.size() > last->log.size()))
      return;
    if (!last) report.events_before_shrinking = static_cast<int64_t>(outcome.failure->log.size());
    last = outcome.failure;
    RC_FAIL(outcome.failure->kind + ": " + outcome.failure->message);
  };
  rc::detail::TestParams params;
  params.seed = config.seed;
  params.maxSuccess = config.runs;
  rc::detail::TestMetadata metadata;
  metadata.id = metadata.description = "pli prop";
  Listener listener(progress);
  // With the parameters given here, not RapidCheck's global configuration
  // (RC_PARAMS), which would also print itself on stderr.
  const std::unordered_map<std::string, rc::detail::Reproduce> no_reproduce;
  const rc::detail::TestResult result = rc::detail::checkProperty(
      rc::detail::toProperty(property), metadata, params, listener, no_reproduce);
  report.shrinks = listener.shrinks();
  rc::detail::SuccessResult success;
  rc::detail::FailureResult failure;
  if (result.match(success)) {
    report.runs = success.numSuccess;
    report.passed = true;
  } else if (result.match(failure) && last) {
    report.runs = failure.numSuccess + 1;
    report.failure = std::move(last);
    WriteScenario(config, report);
  } else {
    std::ostringstream message;
    rc::detail::printResultMessage(result, message);
    report.error = message.str();
  }
  return report;
}

}  // namespace pli::cli
