// scenario_format.h: the expectation document of a scenario,
// NAME.expect.json (docs/SCENARIOS.md): reading it as strict JSON and
// checking its form (keys, types and ranges) before anything is run.
#ifndef PLI_REPLAY_SCENARIO_FORMAT_H_
#define PLI_REPLAY_SCENARIO_FORMAT_H_

#include <boost/json/object.hpp>
#include <string>
#include <string_view>
#include <variant>
#include <vector>

namespace pli {

class Game;

// Reads an expectation document. Returns its top-level object when it is
// well formed, so that a checker can rely on the form of every key (e.g.
// `states` is an array of objects each with an integer `at` >= 1). Otherwise
// returns every problem found, each "WHERE: what" (e.g.
// `states[0]: unknown key "expected" (allowed: at, expect, note)`), or the
// one problem with the JSON itself (`not valid JSON: ...`,
// `duplicate key "seq"`). A violation's `type` and `code` must be an event
// type and a violation code of `game` (the scenario's game), or of any game
// when it is nullptr.
std::variant<boost::json::object, std::vector<std::string>> ReadExpectation(
    std::string_view text, const Game* game = nullptr);

}  // namespace pli

#endif  // PLI_REPLAY_SCENARIO_FORMAT_H_
