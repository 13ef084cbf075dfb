// memory_store_test.cc: the in-memory store (referee/memory_store.h). The
// store contract it shares with the SQLite store is tested against both in
// store_test.cc; here, what is particular to keeping a log in memory.
#include "referee/memory_store.h"

#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "tests/referee/store_fixture.h"

namespace pli::test {
namespace {

TEST_CASE("Memory store: each store is its own, and a Read is a copy") {
  auto a = NewMemoryStore();
  auto b = NewMemoryStore();
  std::vector<Row> rows = SampleRows("g");
  AppendAll(*a, "g", {rows[0], rows[1]});
  std::optional<StoredGame> early = a->Read("g");
  AppendAll(*a, "g", {rows.begin() + 2, rows.end()});
  RequireSame(early, Expected("g", {rows[0], rows[1]}));
  RequireSame(a->Read("g"), Expected("g", rows));
  CHECK(b->Games().empty());
}

TEST_CASE("Memory store: a rollback undoes appends newest first, across games") {
  auto store = NewMemoryStore();
  std::vector<Row> g = SampleRows("g"), h = SampleRows("h"), k = SampleRows("k");
  AppendAll(*store, "g", {g[0]});
  AppendAll(*store, "h", {h[0], h[1]});
  CHECK_FALSE(store->Write([&] {
    // Interleaved: a new game between appends to two existing ones.
    Append(*store, "h", h[2]);
    Append(*store, "k", k[0]);
    Append(*store, "g", g[1]);
    Append(*store, "h", h[3]);
    Append(*store, "k", k[1]);
    return false;
  }));
  CHECK(store->Games() == std::vector<std::string>{"g", "h"});
  RequireSame(store->Read("g"), Expected("g", {g[0]}));
  RequireSame(store->Read("h"), Expected("h", {h[0], h[1]}));
  CHECK_FALSE(store->FindId("h", "k-play").has_value());
  // The undone game and id can be created and used again.
  AppendAll(*store, "k", k);
  AppendAll(*store, "h", {h.begin() + 2, h.end()});
  CHECK(store->FindId("h", "k-play") == 4);
  CHECK(store->Games() == std::vector<std::string>{"g", "h", "k"});
}

}  // namespace
}  // namespace pli::test
