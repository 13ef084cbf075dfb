// scenario.h: scenarios, the golden fixtures of fixtures/ (docs/SCENARIOS.md).
//
// A scenario is a one-game event log NAME.jsonl and, beside it, its expected
// outcome NAME.expect.json: the audit verdict, the exact violations, subsets
// of the state at chosen points and legal actions that must (or must not)
// be offered there. The test suite runs every scenario of fixtures/; a
// `pli check` command runs them too (ctest check-fixtures).
#ifndef PLI_REPLAY_SCENARIO_H_
#define PLI_REPLAY_SCENARIO_H_

#include <boost/json.hpp>
#include <string>
#include <vector>

namespace pli {

// The outcome of checking one scenario.
struct ScenarioReport {
  std::string name;  // the log's file name without ".jsonl"
  int passed = 0;    // expectations that held (the verdict, each state, each legal entry)
  // One line per broken expectation, each "NAME: what was expected, what was
  // found", e.g. `5.1-suite: at seq 8: pli.mode: expected "suite", found "free"`.
  // A missing, unreadable or malformed log or expectation file, or a log
  // that does not hold exactly one game, is one failure.
  std::vector<std::string> failures;
  bool ok() const { return failures.empty(); }
};

// Checks the scenario whose log is jsonl_path (its expectation is
// ExpectationPath(jsonl_path)).
ScenarioReport CheckScenario(const std::string& jsonl_path);

// The same on texts already read: a JSON Lines log and an expectation
// document. `name` prefixes the failure lines.
ScenarioReport CheckScenarioText(const std::string& name, const std::string& log_text,
                                 const std::string& expect_text);

// "dir/x.jsonl" -> "dir/x.expect.json".
std::string ExpectationPath(const std::string& jsonl_path);

// Every *.jsonl under dir (recursively) that has an .expect.json beside it,
// sorted by path. A missing dir gives none.
std::vector<std::string> FindScenarios(const std::string& dir);

// Files under dir (recursively, sorted) that are half a scenario: a *.jsonl
// without its .expect.json, or a *.expect.json without its .jsonl. A caller
// running a directory of scenarios reports each as a failure.
std::vector<std::string> FindUnpairedFiles(const std::string& dir);

// The subset match of scenario expectations: every key of an expected object
// must exist in the found object and match recursively; arrays must have the
// same length, elements matched recursively; scalars are equal (numbers by
// value, whatever their JSON kind). Returns one line per mismatch, each
// "PATH: expected X, found Y" with PATH like "pli.last.cards[0]" (below
// `path`); empty when it matches.
std::vector<std::string> SubsetMismatches(const boost::json::value& expected,
                                          const boost::json::value& found,
                                          const std::string& path = "");
bool SubsetMatches(const boost::json::value& expected, const boost::json::value& found);

}  // namespace pli

#endif  // PLI_REPLAY_SCENARIO_H_
