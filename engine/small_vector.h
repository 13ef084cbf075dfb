// small_vector.h: SmallVector<T, N>, a vector that keeps up to N elements
// inside itself and moves them to the heap only beyond that.
//
// Events name cards as lists (CardList, games/president/rules/event.h): a legal play names
// one to four cards and a hand holds up to 52, so nearly every list is
// short, but a list read from the wire can be any length. As a std::vector
// every such list cost a heap allocation, and a pointer to follow when read;
// a SmallVector of capacity 16 holds any play and any hand of a game of four
// or more seats inline, in the 24 bytes a std::vector takes.
//
// Contract: the subset of std::vector's interface that the tree uses, with
// the same meaning (size, empty, data, begin/end as pointers, operator[],
// front/back, push_back, emplace_back, pop_back, clear, assign, reserve, resize,
// insert at a position, erase, ==, <=>, construction from a count, an
// initializer list or an iterator range). The differences: T must be
// trivially copyable and destructible (elements are moved with memcpy and
// never destroyed one by one); capacity() is at least N; clear() keeps the
// heap block as std::vector does; a moved-from SmallVector is empty.
// Iterators are invalidated by anything that may grow the list, and by a
// move or swap even when the elements are inline.
#ifndef PLI_ENGINE_SMALL_VECTOR_H_
#define PLI_ENGINE_SMALL_VECTOR_H_

#include <algorithm>
#include <cassert>
#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <iterator>
#include <new>
#include <stdexcept>
#include <type_traits>

namespace pli {

template <typename T, size_t N>
class SmallVector {
  static_assert(std::is_trivially_copyable_v<T> && std::is_trivially_destructible_v<T>,
                "SmallVector moves its elements with memcpy");
  static_assert(alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  static_assert(N > 0 && N <= UINT32_MAX);

 public:
  using value_type = T;
  using size_type = size_t;
  using difference_type = std::ptrdiff_t;
  using reference = T&;
  using const_reference = const T&;
  using pointer = T*;
  using const_pointer = const T*;
  using iterator = T*;
  using const_iterator = const T*;
  using reverse_iterator = std::reverse_iterator<iterator>;
  using const_reverse_iterator = std::reverse_iterator<const_iterator>;

  SmallVector() noexcept {}
  explicit SmallVector(size_type count) { resize(count); }
  SmallVector(size_type count, const T& value) { resize(count, value); }
  SmallVector(std::initializer_list<T> list) { AssignCopy(list.begin(), list.size()); }
  template <std::input_iterator It>
  SmallVector(It first, It last) {
    if constexpr (std::contiguous_iterator<It>) {
      AssignCopy(std::to_address(first), static_cast<size_type>(last - first));
    } else {
      for (; first != last; ++first) push_back(*first);
    }
  }
  SmallVector(const SmallVector& other) {
    if (other.on_heap()) {
      AssignCopy(other.heap_, other.size_);
    } else {  // the whole inline buffer: a copy of a constant size
      std::memcpy(inline_, other.inline_, sizeof inline_);
      size_ = other.size_;
    }
  }
  SmallVector(SmallVector&& other) noexcept { TakeFrom(other); }
  ~SmallVector() { Release(); }

  SmallVector& operator=(const SmallVector& other) {
    if (this != &other) {
      size_ = 0;
      AssignCopy(other.data(), other.size());
    }
    return *this;
  }
  SmallVector& operator=(SmallVector&& other) noexcept {
    if (this != &other) {
      Release();
      TakeFrom(other);
    }
    return *this;
  }
  SmallVector& operator=(std::initializer_list<T> list) {
    size_ = 0;
    AssignCopy(list.begin(), list.size());
    return *this;
  }

  // Elements.
  T* data() noexcept { return on_heap() ? heap_ : InlineData(); }
  const T* data() const noexcept { return on_heap() ? heap_ : InlineData(); }
  T& operator[](size_type i) { assert(i < size_); return data()[i]; }
  const T& operator[](size_type i) const { assert(i < size_); return data()[i]; }
  T& front() { return (*this)[0]; }
  const T& front() const { return (*this)[0]; }
  T& back() { return (*this)[size_ - 1]; }
  const T& back() const { return (*this)[size_ - 1]; }

  iterator begin() noexcept { return data(); }
  iterator end() noexcept { return data() + size_; }
  const_iterator begin() const noexcept { return data(); }
  const_iterator end() const noexcept { return data() + size_; }
  const_iterator cbegin() const noexcept { return begin(); }
  const_iterator cend() const noexcept { return end(); }
  reverse_iterator rbegin() noexcept { return reverse_iterator(end()); }
  reverse_iterator rend() noexcept { return reverse_iterator(begin()); }
  const_reverse_iterator rbegin() const noexcept { return const_reverse_iterator(end()); }
  const_reverse_iterator rend() const noexcept { return const_reverse_iterator(begin()); }

  // Size and capacity.
  bool empty() const noexcept { return size_ == 0; }
  size_type size() const noexcept { return size_; }
  size_type capacity() const noexcept { return capacity_; }
  static constexpr size_type inline_capacity() noexcept { return N; }
  void reserve(size_type n) {
    if (n > capacity_) Grow(n);
  }

  // Changes.
  void clear() noexcept { size_ = 0; }
  void assign(size_type count, const T& value) {
    const T copy = value;
    size_ = 0;
    resize(count, copy);
  }
  void assign(std::initializer_list<T> list) { *this = list; }
  template <std::input_iterator It>
  void assign(It first, It last) {
    *this = SmallVector(first, last);
  }
  void push_back(const T& value) {
    if (size_ == capacity_) {
      const T copy = value;  // `value` may be an element of this list
      Grow(size_ + 1);
      data()[size_++] = copy;
      return;
    }
    data()[size_++] = value;
  }
  template <typename... Args>
  T& emplace_back(Args&&... args) {
    push_back(T(std::forward<Args>(args)...));
    return back();
  }
  void pop_back() { assert(size_ > 0); --size_; }
  void resize(size_type n) { resize(n, T()); }
  void resize(size_type n, const T& value) {
    if (n > size_) {
      const T copy = value;
      reserve(n);
      std::fill(data() + size_, data() + n, copy);
    }
    size_ = static_cast<uint32_t>(n);
  }
  iterator insert(const_iterator pos, const T& value) {
    const size_type at = static_cast<size_type>(pos - begin());
    assert(at <= size_);
    const T copy = value;
    if (size_ == capacity_) Grow(size_ + 1);
    T* d = data();
    std::memmove(d + at + 1, d + at, (size_ - at) * sizeof(T));
    d[at] = copy;
    ++size_;
    return d + at;
  }
  template <std::input_iterator It>
  iterator insert(const_iterator pos, It first, It last) {
    const size_type at = static_cast<size_type>(pos - begin());
    assert(at <= size_);
    const SmallVector items(first, last);  // the range may be in this list
    reserve(size_ + items.size());
    T* d = data();
    std::memmove(d + at + items.size(), d + at, (size_ - at) * sizeof(T));
    if (!items.empty()) std::memcpy(static_cast<void*>(d + at), items.data(), items.size() * sizeof(T));
    size_ += static_cast<uint32_t>(items.size());
    return d + at;
  }
  iterator erase(const_iterator pos) { return erase(pos, pos + 1); }
  iterator erase(const_iterator first, const_iterator last) {
    const size_type from = static_cast<size_type>(first - begin());
    const size_type to = static_cast<size_type>(last - begin());
    assert(from <= to && to <= size_);
    T* d = data();
    std::memmove(d + from, d + to, (size_ - to) * sizeof(T));
    size_ -= static_cast<uint32_t>(to - from);
    return d + from;
  }
  void swap(SmallVector& other) noexcept {
    SmallVector tmp(std::move(other));
    other = std::move(*this);
    *this = std::move(tmp);
  }

  friend bool operator==(const SmallVector& a, const SmallVector& b) {
    return a.size_ == b.size_ && std::equal(a.begin(), a.end(), b.begin());
  }
  friend auto operator<=>(const SmallVector& a, const SmallVector& b) {
    return std::lexicographical_compare_three_way(a.begin(), a.end(), b.begin(), b.end());
  }

 private:
  bool on_heap() const noexcept { return capacity_ > N; }
  T* InlineData() noexcept { return reinterpret_cast<T*>(inline_); }
  const T* InlineData() const noexcept { return reinterpret_cast<const T*>(inline_); }

  // Copies `count` elements into this list, which is empty.
  void AssignCopy(const T* from, size_type count) {
    reserve(count);
    if (count != 0) std::memcpy(static_cast<void*>(data()), from, count * sizeof(T));
    size_ = static_cast<uint32_t>(count);
  }
  // Takes other's elements (its heap block, or a copy of its inline ones);
  // leaves other empty and inline. This list holds no heap block.
  void TakeFrom(SmallVector& other) noexcept {
    size_ = other.size_;
    capacity_ = other.capacity_;
    if (other.on_heap()) {
      heap_ = other.heap_;
      other.capacity_ = N;
    } else {
      std::memcpy(inline_, other.inline_, sizeof inline_);
    }
    other.size_ = 0;
  }
  void Release() noexcept {
    // GCC 12, inlining the destructor of a list built inline from constants,
    // reads the inline bytes as heap_ and warns that they were never
    // allocated: it does not follow that on_heap() is false there. A false
    // positive (the branch is dead), silenced here only.
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wfree-nonheap-object"
#endif
    if (on_heap()) ::operator delete(heap_);
#if defined(__GNUC__) && !defined(__clang__)
#pragma GCC diagnostic pop
#endif
    capacity_ = N;
  }
  // Moves the elements to a heap block of at least n elements (n > capacity).
  void Grow(size_type n) {
    size_type grown = std::max<size_type>(n, 2 * static_cast<size_type>(capacity_));
    if (grown > UINT32_MAX) grown = UINT32_MAX;
    if (n > grown) throw std::length_error("SmallVector: more than 2^32 - 1 elements");
    T* block = static_cast<T*>(::operator new(grown * sizeof(T)));
    if (size_ != 0) std::memcpy(static_cast<void*>(block), data(), size_ * sizeof(T));
    Release();
    heap_ = block;
    capacity_ = static_cast<uint32_t>(grown);
  }

  uint32_t size_ = 0;
  uint32_t capacity_ = N;  // N while the elements are inline
  union {
    T* heap_;
    // Zeroed when not in use (two stores for a CardList), so a copy of
    // the whole buffer never reads uninitialized bytes.
    alignas(T) std::byte inline_[N * sizeof(T)] = {};
  };
};

}  // namespace pli

#endif  // PLI_ENGINE_SMALL_VECTOR_H_
