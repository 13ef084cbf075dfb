// strict_json_test.cc: the strict JSON reader (schema/strict_json.h) that
// event lines and scenario expectations share: a good document reads as
// boost::json::parse reads it; duplicate keys at any depth, numbers that are
// not canonical int64 (FORMAT.md §2 Integers) and bad JSON are refused,
// naming the top-level key under which the problem is.
#include "schema/strict_json.h"

#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <cstdint>
#include <string>
#include <vector>

namespace {

namespace json = boost::json;
using pli::JsonError;
using pli::JsonNumbers;
using Kind = JsonError::Kind;

// Parses a text that must be accepted.
json::value Good(const std::string& text, JsonNumbers numbers = JsonNumbers::kCanonicalIntegers) {
  auto result = pli::ParseStrictJson(text, numbers);
  if (auto* e = std::get_if<JsonError>(&result)) {
    FAIL("refused " << text << ": field \"" << e->field << "\": " << e->message);
  }
  return std::get<json::value>(result);
}

// Parses a text that must be refused; returns the error.
JsonError Bad(const std::string& text, JsonNumbers numbers = JsonNumbers::kCanonicalIntegers) {
  auto result = pli::ParseStrictJson(text, numbers);
  if (std::holds_alternative<json::value>(result)) FAIL("accepted " << text);
  return std::get<JsonError>(result);
}

}  // namespace

TEST_CASE("strict JSON: a good document reads as boost::json::parse reads it") {
  const std::string text =
      " {\"type\":\"play\",\"seq\":12,\"nested\":{\"a\":[1,-2,0,[],{}],\"b\":null},"
      "\"flags\":[true,false],\"name\":\"Zo\xC3\xA9 \\\"q\\\" \\u00e9\",\"empty\":\"\","
      "\"max\":9223372036854775807,\"min\":-9223372036854775808}\r\n";
  json::value v = Good(text);
  CHECK(v == json::parse(text));
  CHECK(v.at("max").is_int64());
  CHECK(v.at("max").get_int64() == INT64_MAX);
  CHECK(v.at("min").get_int64() == INT64_MIN);
  // Members keep the order written.
  std::vector<std::string> keys;
  for (const auto& member : v.get_object()) keys.emplace_back(member.key());
  CHECK(keys ==
        std::vector<std::string>{"type", "seq", "nested", "flags", "name", "empty", "max", "min"});
  // Any JSON value at the top, and the same key in different objects.
  CHECK(Good("[1,\"x\",null]") == json::parse("[1,\"x\",null]"));
  CHECK(Good("7") == json::value(7));
  CHECK(Good(R"({"a":{"a":1},"b":[{"a":1},{"a":2}]})").at("b").get_array().size() == 2);
}

TEST_CASE("strict JSON: a duplicate key is refused at any depth, naming the top-level key") {
  struct Case {
    std::string text;
    std::string field;
    std::string key;
  };
  const std::vector<Case> cases = {
      {R"({"seat":1,"seat":2})", "seat", "seat"},
      {R"({"type":"x","options":{"suite":true,"suite":false}})", "options", "suite"},
      {R"({"a":1,"deep":{"x":[{"y":{"k":1,"k":1}}]}})", "deep", "k"},
      {R"({"states":[{"at":3,"expect":{"seq":3,"seq":4}}]})", "states", "seq"},
      {R"([{"a":1},{"b":1,"b":2}])", "", "b"},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    JsonError e = Bad(c.text);
    CHECK(e.kind == Kind::kDuplicateKey);
    CHECK(e.field == c.field);
    CHECK(e.message == "duplicate key \"" + c.key + "\"");
    // Whatever numbers are allowed.
    CHECK(Bad(c.text, JsonNumbers::kAny).kind == Kind::kDuplicateKey);
  }
}

TEST_CASE("FORMAT.md Integers: a number that is not a canonical int64 is refused") {
  struct Case {
    std::string text;
    Kind kind;
    std::string field;
    std::string message;  // "" when only the kind and field are checked
  };
  const std::vector<Case> cases = {
      {R"({"seat":1.0})", Kind::kNumber, "seat",
       "must be an integer without fraction or exponent, not 1.0"},
      {R"({"seat":1e2})", Kind::kNumber, "seat",
       "must be an integer without fraction or exponent, not 1e2"},
      {R"({"seat":1E0})", Kind::kNumber, "seat", ""},
      {R"({"seat":-0})", Kind::kNumber, "seat", "-0 is not a canonical integer"},
      {R"({"seed":9223372036854775808})", Kind::kNumber, "seed",
       "integer 9223372036854775808 is out of range"},
      {R"({"seed":-9223372036854775809})", Kind::kNumber, "seed",
       "integer -9223372036854775809 is out of range"},
      // Below the top level, the top-level key is named.
      {R"({"ok":1,"options":{"manches":2.5}})", Kind::kNumber, "options", ""},
      {R"({"hands":[[1],[0.5]]})", Kind::kNumber, "hands", ""},
      {"[1,2.0]", Kind::kNumber, "", ""},
      {"1.5", Kind::kNumber, "", ""},
      // What JSON itself refuses, right in the field's value.
      {R"({"seat":01})", Kind::kSyntax, "seat", ""},
      {R"({"seat":+1})", Kind::kSyntax, "seat", ""},
      {R"({"seat":-})", Kind::kSyntax, "seat", ""},
  };
  for (const Case& c : cases) {
    INFO(c.text);
    JsonError e = Bad(c.text);
    INFO("message: " << e.message);
    CHECK(e.kind == c.kind);
    CHECK(e.field == c.field);
    if (!c.message.empty()) CHECK(e.message == c.message);
  }
}

TEST_CASE("strict JSON: with JsonNumbers::kAny every JSON number reads as boost reads it") {
  const std::string text = R"({"a":1.5,"b":1e2,"c":-0,"d":9223372036854775808,"e":[0.25]})";
  json::value v = Good(text, JsonNumbers::kAny);
  CHECK(v == json::parse(text));
  CHECK(v.at("d").is_uint64());
  // JSON's own grammar still holds.
  CHECK(Bad(R"({"a":01})", JsonNumbers::kAny).kind == Kind::kSyntax);
  CHECK(Bad(R"({"a":+1})", JsonNumbers::kAny).kind == Kind::kSyntax);
}

TEST_CASE("strict JSON: bad JSON is refused as the text's fault") {
  for (const std::string text :
       {"", "   ", "not json", R"({"a":1)", R"({"a":1,})", "[1,]", R"({"a":1} // comment)",
        R"({"a":1} {})", R"({"a":1} x)", "{'a':1}", "\"\xFF\""}) {
    INFO(text);
    JsonError e = Bad(text);
    CHECK(e.kind == Kind::kSyntax);
    CHECK(e.field.empty());
    CHECK(e.message.rfind("bad JSON", 0) == 0);
  }
  // Issue 11 item 7: the place as a column (characters from 1, not a byte
  // offset), and what is wrong in words, not the parser's "syntax error".
  CHECK(Bad(R"({"a":1} x)").message == "bad JSON at column 9: text after the end of the JSON value");
  CHECK(Bad("{\"a\":1").message ==
        "bad JSON at column 7: the text ends before the JSON value is complete");
  CHECK(Bad(R"({"type":"pass",,})").message == "bad JSON at column 16: unexpected ','");
  // é is two bytes and one column: the second comma is the 8th character.
  CHECK(Bad("{\"é\":1,,}").message == "bad JSON at column 8: unexpected ','");
  // Right after a top-level key, the key is named.
  JsonError after_key = Bad(R"({"title":)");
  CHECK(after_key.field == "title");
  CHECK(after_key.message ==
        "not a JSON value (bad JSON at column 10: the text ends before the JSON value is "
        "complete)");
}

TEST_CASE("strict JSON: bad JSON and duplicate keys come before number problems") {
  // A number problem lets the parse go on; the first one in the text is named.
  CHECK(Bad(R"({"a":1.5,"b":-0})").field == "a");
  JsonError dup = Bad(R"({"a":1.5,"b":1,"b":2})");
  CHECK(dup.kind == Kind::kDuplicateKey);
  CHECK(dup.field == "b");
  JsonError syntax = Bad(R"({"a":1.5,"b":[})");
  CHECK(syntax.kind == Kind::kSyntax);
  CHECK(Bad(R"({"a":1.5} x)").kind == Kind::kSyntax);
}
