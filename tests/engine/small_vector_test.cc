// small_vector_test.cc: SmallVector (engine/small_vector.h), the CardList
// of events, checked against std::vector<Card> as a reference model:
// random sequences of operations applied to both must leave equal contents,
// inline and past the inline capacity.
#include "engine/small_vector.h"

#include <catch2/catch.hpp>
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <cstdint>
#include <tuple>
#include <utility>
#include <vector>

#include "games/president/rules/card.h"
#include "games/president/rules/event.h"

namespace pli {
namespace {

Card C(int i) { return Card(static_cast<uint8_t>(i % kDeckSize)); }

template <typename List>
bool Same(const List& list, const std::vector<Card>& model) {
  if (list.size() != model.size() || list.empty() != model.empty()) return false;
  if (list.capacity() < list.size()) return false;
  for (size_t i = 0; i < model.size(); ++i)
    if (list[i] != model[i] || list.data()[i] != model[i]) return false;
  return std::vector<Card>(list.begin(), list.end()) == model;
}

// One step of a random program: op picks the operation, a and b its arguments.
using Op = std::tuple<uint8_t, uint8_t, uint8_t>;

// Runs the program on a SmallVector<Card, N> and on a std::vector<Card>;
// false at the first difference.
template <size_t N>
bool RunsLikeVector(const std::vector<Op>& program) {
  using List = SmallVector<Card, N>;
  List list;
  std::vector<Card> model;
  for (const auto& [op, a, b] : program) {
    switch (op % 14) {
      case 0: case 1: case 2:  // the common case, weighted: append
        list.push_back(C(a));
        model.push_back(C(a));
        break;
      case 3:
        if (!model.empty()) list.pop_back(), model.pop_back();
        break;
      case 4:
        if (a % 8 == 0) list.clear(), model.clear();
        break;
      case 5:
        list.resize(a % 40, C(b));
        model.resize(a % 40, C(b));
        break;
      case 6: {
        const size_t at = model.empty() ? 0 : a % (model.size() + 1);
        list.insert(list.begin() + at, C(b));
        model.insert(model.begin() + at, C(b));
        break;
      }
      case 7:
        if (!model.empty()) {
          const size_t from = a % model.size();
          const size_t to = from + b % (model.size() - from + 1);
          list.erase(list.begin() + from, list.begin() + to);
          model.erase(model.begin() + from, model.begin() + to);
        }
        break;
      case 8: {  // copy, then keep the copy
        List copy(list);
        if (!Same(copy, model)) return false;
        list = copy;
        break;
      }
      case 9: {  // move out and back; the moved-from list is empty
        List moved(std::move(list));
        if (!list.empty() || !Same(moved, model)) return false;
        list = std::move(moved);
        break;
      }
      case 10:
        list.reserve(a);
        model.reserve(a);
        break;
      case 11:
        list.assign(a % 30, C(b));
        model.assign(a % 30, C(b));
        break;
      case 12: {  // insert a range of the list itself (aliasing)
        const std::vector<Card> part(model.begin(), model.begin() + (model.empty() ? 0 : a % model.size()));
        list.insert(list.begin(), list.begin(), list.begin() + part.size());
        model.insert(model.begin(), part.begin(), part.end());
        break;
      }
      case 13: {  // swap with another list, and back
        List other{C(a), C(b)};
        list.swap(other);
        if (!Same(list, {C(a), C(b)}) || !Same(other, model)) return false;
        list.swap(other);
        break;
      }
    }
    if (!Same(list, model)) return false;
    if (list != List(model.begin(), model.end())) return false;
  }
  return true;
}

TEST_CASE("SmallVector behaves as std::vector<Card> under random operations") {
  rc::prop("inline capacity 1", [](const std::vector<Op>& program) { RC_ASSERT(RunsLikeVector<1>(program)); });
  rc::prop("inline capacity 4", [](const std::vector<Op>& program) { RC_ASSERT(RunsLikeVector<4>(program)); });
  rc::prop("CardList (16)", [](const std::vector<Op>& program) { RC_ASSERT(RunsLikeVector<16>(program)); });
}

TEST_CASE("SmallVector: a play and a hand are inline, longer lists on the heap") {
  static_assert(sizeof(CardList) == sizeof(std::vector<Card>));
  CardList play{C(0), C(1), C(2), C(3)};
  CHECK(play.capacity() == CardList::inline_capacity());
  CardList hand;
  for (int i = 0; i < 13; ++i) hand.push_back(C(i));
  CHECK(hand.capacity() == CardList::inline_capacity());
  CardList deck;
  for (int i = 0; i < kDeckSize; ++i) deck.push_back(C(i));
  CHECK(deck.size() == 52);
  CHECK(deck.capacity() >= 52);
  CHECK(deck.capacity() > CardList::inline_capacity());
  deck.clear();  // keeps its block, as std::vector does
  CHECK(deck.capacity() >= 52);
}

TEST_CASE("SmallVector: construction, comparison and order as std::vector's") {
  const std::vector<Card> v{C(5), C(1), C(5)};
  const CardList from_range(v.begin(), v.end());
  const CardList from_list{C(5), C(1), C(5)};
  CHECK(from_range == from_list);
  CHECK(CardList(3) == CardList{C(0), C(0), C(0)});
  CHECK(CardList(2, C(7)) == CardList{C(7), C(7)});
  CardSet set;
  set.insert(C(9));
  set.insert(C(2));
  CHECK(CardList(set.begin(), set.end()) == CardList{C(2), C(9)});  // a forward range
  CHECK(CardList{C(1)} < CardList{C(2)});
  CHECK(CardList{C(1)} < CardList{C(1), C(0)});
  CHECK(CardList{} < CardList{C(0)});
  CHECK_FALSE(CardList{C(1), C(2)} == CardList{C(1)});
  CHECK(from_list.front() == C(5));
  CHECK(from_list.back() == C(5));
}

}  // namespace
}  // namespace pli
