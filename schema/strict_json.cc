// strict_json.cc: ParseStrictJson. A boost::json::basic_parser with our own
// handler builds the value on a boost::json::value_stack, as
// boost::json::parser does, and on the way checks what the value would lose:
// the keys of each object (a duplicate stops the parse) and the text of each
// number (a number JsonNumbers refuses is remembered and the parse goes on,
// so that a syntax error or a duplicate key later in the text comes first).
#include "schema/strict_json.h"
#include "engine/text.h"

#include <boost/json/basic_parser_impl.hpp>
#include <boost/json/value_stack.hpp>
#include <cstdint>
#include <optional>
#include <set>
#include <string>
#include <utility>
#include <vector>

namespace pli {
namespace {

namespace bj = boost::json;

// Why a number, as written, is not a canonical int64, or "" when it is.
// is_int64: boost read it as an int64.
std::string NumberProblem(std::string_view text, bool is_int64) {
  const std::string t(text);
  if (text.find_first_of(".eE") != std::string_view::npos) {
    return "must be an integer without fraction or exponent, not " + t;
  }
  if (!is_int64) return "integer " + t + " is out of range";
  std::string_view digits = text;
  if (!digits.empty() && digits.front() == '-') digits.remove_prefix(1);
  bool canonical = !digits.empty() && (digits == "0" || digits.front() != '0') &&
                   digits.find_first_not_of("0123456789") == std::string_view::npos;
  if (!canonical || text == "-0") return t + " is not a canonical integer";
  return "";
}

// The basic_parser handler: builds the value, refuses duplicate keys, checks
// numbers, and remembers enough about the last token to name the field of a
// syntax error.
class StrictHandler {
 public:
  // Far above what an event line or an expectation file holds.
  static constexpr std::size_t max_array_size = 4096;
  static constexpr std::size_t max_object_size = 256;
  static constexpr std::size_t max_string_size = 1 << 16;
  static constexpr std::size_t max_key_size = 256;

  // What the handler saw last, to explain a syntax error.
  enum class Last { kOther, kTopKey, kTopNumber };

  explicit StrictHandler(JsonNumbers numbers) : numbers_(numbers) {}

  std::optional<JsonError> error;         // the first duplicate key (the parse goes on)
  std::optional<JsonError> number_error;  // the first refused number
  std::string top_key;                    // the last key of the top-level object
  Last last = Last::kOther;

  bj::value Release() { return stack_.release(); }

  bool on_document_begin(bj::error_code&) {
    stack_.reset();
    return true;
  }
  bool on_document_end(bj::error_code&) { return true; }
  bool on_array_begin(bj::error_code&) { return Open(); }
  bool on_array_end(std::size_t n, bj::error_code&) {
    stack_.push_array(n);
    return Close();
  }
  bool on_object_begin(bj::error_code&) {
    keys_.emplace_back();
    return Open();
  }
  bool on_object_end(std::size_t n, bj::error_code&) {
    keys_.pop_back();
    stack_.push_object(n);
    return Close();
  }
  bool on_string_part(bj::string_view s, std::size_t, bj::error_code&) {
    stack_.push_chars(s);
    return true;
  }
  bool on_string(bj::string_view s, std::size_t, bj::error_code&) {
    stack_.push_string(s);
    return Added();
  }
  bool on_key_part(bj::string_view s, std::size_t, bj::error_code&) { return Part(s); }
  bool on_key(bj::string_view s, std::size_t, bj::error_code&);
  bool on_number_part(bj::string_view s, bj::error_code&) { return Part(s); }
  bool on_int64(int64_t i, bj::string_view s, bj::error_code&) {
    stack_.push_int64(i);
    return Number(s, true);
  }
  bool on_uint64(uint64_t u, bj::string_view s, bj::error_code&) {
    stack_.push_uint64(u);
    return Number(s, false);
  }
  bool on_double(double d, bj::string_view s, bj::error_code&) {
    stack_.push_double(d);
    return Number(s, false);
  }
  bool on_bool(bool b, bj::error_code&) {
    stack_.push_bool(b);
    return Added();
  }
  bool on_null(bj::error_code&) {
    stack_.push_null();
    return Added();
  }
  bool on_comment_part(bj::string_view, bj::error_code&) { return true; }
  bool on_comment(bj::string_view, bj::error_code&) { return true; }

 private:
  bool Part(bj::string_view s) {
    part_.append(s.data(), s.size());
    return true;
  }
  std::string TakePart(bj::string_view tail) {
    std::string all = std::move(part_);
    part_.clear();
    all.append(tail.data(), tail.size());
    return all;
  }
  bool Open() {
    ++depth_;
    last = Last::kOther;
    return true;
  }
  bool Close() {
    --depth_;
    return Added();
  }
  bool Added() {
    last = Last::kOther;
    return true;
  }
  // The top-level key the current token is under ("" at the top).
  std::string Field() const { return depth_ == 0 ? "" : top_key; }
  bool Number(bj::string_view tail, bool is_int64) {
    std::string text = TakePart(tail);
    if (numbers_ == JsonNumbers::kCanonicalIntegers && !number_error) {
      std::string problem = NumberProblem(text, is_int64);
      if (!problem.empty()) number_error = JsonError{JsonError::Kind::kNumber, Field(), problem};
    }
    last = depth_ == 1 ? Last::kTopNumber : Last::kOther;
    return true;
  }

  JsonNumbers numbers_;
  bj::value_stack stack_;
  std::vector<std::set<std::string>> keys_;  // the keys of each open object so far
  int depth_ = 0;                            // open arrays and objects
  std::string part_;                         // a key or number in pieces
};

bool StrictHandler::on_key(bj::string_view s, std::size_t, bj::error_code&) {
  std::string key = TakePart(s);
  if (!keys_.back().insert(key).second && !error) {
    // A duplicate key: boost::json::parse would keep the last one silently.
    // The parse goes on, so that a caller can tell JSON from not-JSON
    // (ReadStrictJson); the value keeps the last (value_stack::push_object).
    error = JsonError{JsonError::Kind::kDuplicateKey, depth_ == 1 ? key : top_key,
                      "duplicate key " + Quote(key)};
  }
  if (depth_ == 1) {
    top_key = key;
    last = Last::kTopKey;
  } else {
    last = Last::kOther;
  }
  stack_.push_key(key);
  return true;
}

// The column of text[n] for a person: characters (UTF-8 code points)
// before it, plus one.
std::size_t Column(std::string_view text, std::size_t n) {
  std::size_t column = 1;
  for (std::size_t i = 0; i < n && i < text.size(); ++i) {
    if ((static_cast<unsigned char>(text[i]) & 0xC0) != 0x80) ++column;
  }
  return column;
}

// What is wrong at text[n], in words: "unexpected ','", "the text ends
// before the JSON value is complete".
std::string WhatIsWrong(std::string_view text, std::size_t n) {
  if (n >= text.size()) return "the text ends before the JSON value is complete";
  const unsigned char c = static_cast<unsigned char>(text[n]);
  if (c < 0x20 || c == 0x7f) return "unexpected control character";
  if (c >= 0x80) return "unexpected character (not valid here, or not valid UTF-8)";
  return std::string("unexpected '") + static_cast<char>(c) + "'";
}

// The error for a syntax error at text[n]: "bad JSON at column 16:
// unexpected ','".
JsonError SyntaxError(std::string_view text, std::size_t n, const bj::error_code& ec,
                      const StrictHandler& h) {
  // A limit is named as such, not as a syntax error at the column where
  // the parse gave up (issue 30).
  const std::string at = " (at column " + std::to_string(Column(text, n)) + ")";
  if (ec == bj::error::too_deep)
    return {JsonError::Kind::kSyntax, h.top_key, "too deep: JSON may nest at most 32 arrays and objects" + at};
  if (ec == bj::error::array_too_large)
    return {JsonError::Kind::kSyntax, h.top_key, "too large: an array may hold at most 4096 values" + at};
  if (ec == bj::error::object_too_large)
    return {JsonError::Kind::kSyntax, h.top_key, "too large: an object may hold at most 256 keys" + at};
  if (ec == bj::error::string_too_large)
    return {JsonError::Kind::kSyntax, h.top_key, "too large: a string may hold at most 65536 bytes" + at};
  if (ec == bj::error::key_too_large)
    return {JsonError::Kind::kSyntax, h.top_key, "too large: a key may hold at most 256 bytes" + at};
  char next = n < text.size() ? text[n] : ' ';
  bool number_char = (next >= '0' && next <= '9') || next == '.' || next == 'e' || next == 'E' ||
                     next == '+' || next == '-';
  const std::string where =
      " at column " + std::to_string(Column(text, n)) + ": " + WhatIsWrong(text, n);
  // A bad value right after a key ("seq":+1, "seq":-) or a number that runs
  // on ("seq":01): name the field; other syntax errors are the text's.
  if (h.last == StrictHandler::Last::kTopKey) {
    return {JsonError::Kind::kSyntax, h.top_key, "not a JSON value (bad JSON" + where + ")"};
  }
  if (h.last == StrictHandler::Last::kTopNumber && number_char) {
    return {JsonError::Kind::kSyntax, h.top_key,
            "not a canonical integer (bad JSON" + where + ")"};
  }
  return {JsonError::Kind::kSyntax, "", "bad JSON" + where};
}

// The one parse behind both readers: the syntax error (if any), the
// duplicate-key and number errors, and the value when there is no syntax error.
struct Parsed {
  std::optional<JsonError> syntax;
  std::optional<JsonError> duplicate;
  std::optional<JsonError> number;
  std::optional<bj::value> value;
};

Parsed Parse(std::string_view text, JsonNumbers numbers) {
  bj::parse_options options;  // standard JSON only: no comments, no trailing commas
  bj::basic_parser<StrictHandler> parser(options, numbers);
  bj::error_code ec;
  std::size_t n = parser.write_some(false, text.data(), text.size(), ec);
  StrictHandler& h = parser.handler();
  Parsed out;
  out.duplicate = std::move(h.error);
  out.number = std::move(h.number_error);
  if (ec) {
    out.syntax = SyntaxError(text, n, ec, h);
    return out;
  }
  for (std::size_t i = n; i < text.size(); ++i) {
    char c = text[i];
    if (c != ' ' && c != '\t' && c != '\r' && c != '\n') {
      out.syntax = JsonError{JsonError::Kind::kSyntax, "",
                             "bad JSON at column " + std::to_string(Column(text, i)) +
                                 ": text after the end of the JSON value"};
      return out;
    }
  }
  out.value = h.Release();
  return out;
}

}  // namespace

std::variant<boost::json::value, JsonError> ParseStrictJson(std::string_view text,
                                                            JsonNumbers numbers) {
  Parsed p = Parse(text, numbers);
  // A duplicate key is reported before a syntax error later in the text (it
  // is first in the text: the parse stops at a syntax error), then numbers.
  if (p.duplicate) return std::move(*p.duplicate);
  if (p.syntax) return std::move(*p.syntax);
  if (p.number) return std::move(*p.number);
  return std::move(*p.value);
}

StrictJsonRead ReadStrictJson(std::string_view text, JsonNumbers numbers) {
  Parsed p = Parse(text, numbers);
  if (p.syntax) return StrictJsonRead{std::nullopt, std::move(p.syntax)};
  return StrictJsonRead{std::move(p.value), p.duplicate ? std::move(p.duplicate) : std::move(p.number)};
}

}  // namespace pli
