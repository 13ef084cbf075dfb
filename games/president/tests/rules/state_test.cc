// state_test.cc: the id index of a State (IdList, games/president/rules/state.h), checked
// against a std::vector<std::string> as a reference model, and the place
// names of F4.
#include "games/president/rules/state.h"

#include <catch2/catch.hpp>
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <string>
#include <utility>
#include <vector>

namespace pli {
namespace {

bool Same(const IdList& ids, const std::vector<std::string>& model) {
  if (ids.size() != model.size() || ids.empty() != model.empty()) return false;
  if (!model.empty() && ids.back() != model.back()) return false;
  for (size_t i = 0; i < model.size(); ++i)
    if (ids[i] != model[i]) return false;
  return std::vector<std::string>(ids.begin(), ids.end()) == model;
}

// Keys from a small alphabet, so that programs repeat some; `long_key`
// adds keys longer than the hash's eight-byte words.
std::string Key(uint8_t k, bool long_key) {
  std::string key = "c" + std::to_string(k % 40);
  if (long_key) key += "-a-longer-key-" + std::to_string(k);
  return key;
}

TEST_CASE("IdList: contains and order as a list of strings") {
  rc::prop("random pushes, lookups and clears", [](const std::vector<std::pair<uint8_t, bool>>& program) {
    IdList ids;
    std::vector<std::string> model;
    for (const auto& [k, long_key] : program) {
      if (k == 255) {
        ids.clear();
        model.clear();
      } else {
        const std::string key = Key(k, long_key);
        RC_ASSERT(ids.contains(key) ==
                  (std::find(model.begin(), model.end(), key) != model.end()));
        ids.push_back(key);  // a repeated key is kept twice, as in the model
        model.push_back(key);
        RC_ASSERT(ids.contains(key));
      }
      RC_ASSERT(Same(ids, model));
      for (uint8_t other = 0; other < 50; other += 7)
        RC_ASSERT(ids.contains(Key(other, long_key)) ==
                  (std::find(model.begin(), model.end(), Key(other, long_key)) != model.end()));
    }
  });
}

TEST_CASE("IdList: equal when the keys and their order are equal") {
  IdList a, b;
  for (const char* k : {"x", "yy", "zzz"}) a.push_back(k);
  for (const char* k : {"x", "yy", "zzz"}) b.push_back(k);
  CHECK(a == b);
  IdList c;
  for (const char* k : {"xy", "y", "zzz"}) c.push_back(k);  // the same bytes, other keys
  CHECK_FALSE(a == c);
  IdList d;
  for (const char* k : {"yy", "x", "zzz"}) d.push_back(k);
  CHECK_FALSE(a == d);
  IdList e = a;
  e.push_back("");
  CHECK_FALSE(a == e);
  CHECK(e.contains(""));
  CHECK_FALSE(a.contains(""));
  a.clear();
  CHECK(a == IdList{});
  CHECK_FALSE(a.contains("x"));
}

TEST_CASE("IdList: many keys stay found as the index grows") {
  IdList ids;
  for (int i = 0; i < 5000; ++i) ids.push_back("key-" + std::to_string(i));
  for (int i = 0; i < 5000; ++i) REQUIRE(ids.contains("key-" + std::to_string(i)));
  CHECK_FALSE(ids.contains("key-5000"));
  ids.push_back(ids.back());  // a view into the list itself
  CHECK(ids.size() == 5001);
  CHECK(ids[5000] == "key-4999");
}

TEST_CASE("F4: place names") {
  CHECK(std::string(PlaceName(0, 5)) == "president");
  CHECK(std::string(PlaceName(1, 5)) == "vice-president");
  CHECK(std::string(PlaceName(2, 5)) == "neutral");
  CHECK(std::string(PlaceName(3, 5)) == "vice-trouduc");
  CHECK(std::string(PlaceName(4, 5)) == "trouduc");
}

TEST_CASE("G1: points by place for 4 to 8 seats") {
  // Worked by hand from RULES.md G1: n odd, (n+1)/2 - k; n even, n/2 - k + 1
  // for the first n/2 places and n/2 - k for the others (003: 5 and 7 seats).
  const std::vector<std::vector<int>> expected = {
      {2, 1, -1, -2},
      {2, 1, 0, -1, -2},
      {3, 2, 1, -1, -2, -3},
      {3, 2, 1, 0, -1, -2, -3},
      {4, 3, 2, 1, -1, -2, -3, -4},
  };
  for (const std::vector<int>& row : expected) {
    const int n = static_cast<int>(row.size());
    std::vector<int> found;
    for (int i = 0; i < n; ++i) found.push_back(PlaceScore(i, n));
    INFO(n << " seats");
    CHECK(found == row);
  }
}

}  // namespace
}  // namespace pli
