// input_error.h: bad input with a place (the line of a log, the field or
// the command-line option at fault), thrown where nothing could be judged
// (INTERFACE.md §2: exit status 2); the cli prints it, and with --json the
// document {"error":{"message","line","field"}} (cli/error.h).
#ifndef PLI_SCHEMA_INPUT_ERROR_H_
#define PLI_SCHEMA_INPUT_ERROR_H_

#include <cstdint>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>

namespace pli {

// Bad input with a place: the line of a log (1-based) and the field (an
// event's field, or the command-line option at fault, e.g. "--at"). main
// prints what() on stderr and, with --json, ErrorJson.
class InputError : public std::runtime_error {
 public:
  explicit InputError(const std::string& message, std::optional<int64_t> line = std::nullopt,
                      std::string field = "")
      : std::runtime_error(message), line_(line), field_(std::move(field)) {}
  const std::optional<int64_t>& line() const { return line_; }
  const std::string& field() const { return field_; }

 private:
  std::optional<int64_t> line_;
  std::string field_;
};

}  // namespace pli

#endif  // PLI_SCHEMA_INPUT_ERROR_H_
