// cursor.cc: the replay cursor's moves (cursor.h).
#include "replay/cursor.h"

#include <algorithm>
#include <iterator>

namespace pli {

void StepCursor::Add(bool pli_end, bool manche_start, bool manche_end) {
  ++size_;
  if (manche_start || pli_end) pli_bounds_.push_back(size_);
  if (manche_start) manche_starts_.push_back(size_);
  if (manche_end) manche_ends_.push_back(size_);
}

bool StepCursor::MoveTo(int64_t seq) {
  if (seq < 1 || seq > size() || seq == seq_) return false;
  seq_ = seq;
  return true;
}

bool StepCursor::Next() { return MoveTo(seq_ + 1); }
bool StepCursor::Prev() { return MoveTo(seq_ - 1); }

bool StepCursor::NextIn(const std::vector<int64_t>& bounds) {
  auto it = std::upper_bound(bounds.begin(), bounds.end(), seq_);
  return MoveTo(it == bounds.end() ? size() : *it);
}

bool StepCursor::PrevIn(const std::vector<int64_t>& bounds) {
  auto it = std::lower_bound(bounds.begin(), bounds.end(), seq_);
  return MoveTo(it == bounds.begin() ? 1 : *std::prev(it));
}

bool StepCursor::NextPli() { return NextIn(pli_bounds_); }
bool StepCursor::PrevPli() { return PrevIn(pli_bounds_); }
bool StepCursor::NextManche() { return NextIn(manche_starts_); }
bool StepCursor::PrevManche() { return PrevIn(manche_starts_); }
bool StepCursor::Jump(int64_t seq) {
  if (seq < 1 || seq > size()) return false;
  seq_ = seq;
  return true;
}

}  // namespace pli
