// error.h: how a `pli` command fails when nothing could be judged (exit
// status 2, INTERFACE.md §2): an exception carrying the message and, where
// they apply, the log line and the field at fault, and the JSON document
// --json prints for it, {"error":{"message":M,"line":L,"field":F}}.
// Header-only.
#ifndef PLI_CLI_ERROR_H_
#define PLI_CLI_ERROR_H_

#include <boost/json.hpp>
#include <cstdint>
#include <exception>
#include <optional>
#include <stdexcept>
#include <string>

#include "schema/input_error.h"

namespace pli::cli {

// Bad input with a place: schema/input_error.h (pli::InputError).
using pli::InputError;

// The "error" member for a failure: {"message":M,"line":L,"field":F}, line
// and field null where they do not apply (every member is always there, so
// a script may read .error.line without checking for it).
inline boost::json::object ErrorMember(const std::string& message,
                                       const std::optional<int64_t>& line = std::nullopt,
                                       const std::string& field = "") {
  boost::json::object e;
  e["message"] = message;
  e["line"] = line ? boost::json::value(*line) : boost::json::value(nullptr);
  e["field"] = field.empty() ? boost::json::value(nullptr) : boost::json::value(field);
  return e;
}

inline boost::json::object ErrorMember(const std::exception& e) {
  if (const auto* input = dynamic_cast<const InputError*>(&e)) {
    return ErrorMember(input->what(), input->line(), input->field());
  }
  return ErrorMember(e.what());
}

// The whole document of a command that judged nothing: {"error":{...}}.
inline boost::json::object ErrorJson(const std::exception& e) {
  return boost::json::object{{"error", ErrorMember(e)}};
}

}  // namespace pli::cli

#endif  // PLI_CLI_ERROR_H_
