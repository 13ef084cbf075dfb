// strict_json.h: the one strict JSON reader of pli, for event lines and
// scenario expectation files alike.
//
// boost::json::parse keeps the last of duplicate keys without a word, and
// reads 1.0, 1e2 or -0 as numbers like any other. On the wire a duplicate key
// is a typo or a forgery and every number is a canonical integer
// (schema/FORMAT.md), so ParseStrictJson refuses what boost::json::parse lets
// through and says where: the top-level member under which the problem is.
#ifndef PLI_SCHEMA_STRICT_JSON_H_
#define PLI_SCHEMA_STRICT_JSON_H_

#include <boost/json/value.hpp>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

namespace pli {

// The numbers ParseStrictJson accepts.
enum class JsonNumbers {
  kCanonicalIntegers,  // integers in canonical form that fit int64: no
                       // fraction, exponent, leading zero, "+" or "-0"
  kAny,                // any JSON number, read as boost::json::parse reads it
};

// Why ParseStrictJson refused a text.
struct JsonError {
  enum class Kind {
    kSyntax,        // not JSON: a syntax error, no value, text after the value
    kDuplicateKey,  // an object names a key twice, at any depth
    kNumber,        // a number that JsonNumbers does not accept
  };
  Kind kind = Kind::kSyntax;
  // The top-level key under which the problem is, or "" when the text as a
  // whole is at fault (e.g. unbalanced brackets).
  std::string field;
  // A sentence, e.g. `duplicate key "seat"`,
  // `must be an integer without fraction or exponent, not 1.0` or
  // `bad JSON at column 24: unexpected ','` (the column counts characters
  // from 1).
  std::string message;
};

// Parses one JSON value (standard JSON: no comments, no trailing commas; white
// space around it is allowed). Refuses bad JSON, duplicate keys at any depth
// and, with kCanonicalIntegers, any number that is not a canonical int64.
// A syntax or duplicate-key error found anywhere in the text is reported
// before a number problem; among problems of one sort, the first in the text.
std::variant<boost::json::value, JsonError> ParseStrictJson(
    std::string_view text, JsonNumbers numbers = JsonNumbers::kCanonicalIntegers);

// The same reading, for a caller that must tell a text that is not JSON at
// all from JSON that ParseStrictJson refuses (a log line: RULES.md
// `malformed`, INTERFACE.md §2). On a syntax error, `value` is empty and
// `error` says where; otherwise `value` is the JSON (of duplicate keys, the
// last kept) and `error` the first duplicate key, else the first refused
// number, else nothing.
struct StrictJsonRead {
  std::optional<boost::json::value> value;
  std::optional<JsonError> error;
};
StrictJsonRead ReadStrictJson(std::string_view text,
                              JsonNumbers numbers = JsonNumbers::kCanonicalIntegers);

}  // namespace pli

#endif  // PLI_SCHEMA_STRICT_JSON_H_
