// match_cache.cc: the matches SubmitAny keeps per store connection (see
// match_cache.h).
#include "referee/match_cache.h"

#include <algorithm>
#include <utility>

namespace pli {

MatchCache::MatchCache(size_t capacity) : capacity_(std::max<size_t>(capacity, 1)) {}

Match* MatchCache::At(std::string_view game, const Head& head, const Game& kind) {
  const auto it = games_.find(game);
  if (it == games_.end()) return nullptr;
  Entry& entry = *it->second;
  if (entry.head != head || &entry.match->game() != &kind) return nullptr;
  order_.splice(order_.begin(), order_, it->second);
  return entry.match.get();
}

Match& MatchCache::Put(std::string_view game, const Head& head, std::unique_ptr<Match> match) {
  if (const auto it = games_.find(game); it != games_.end()) {
    it->second->head = head;
    it->second->match = std::move(match);
    order_.splice(order_.begin(), order_, it->second);
    return *order_.front().match;
  }
  order_.push_front(Entry{std::string(game), head, std::move(match)});
  games_.emplace(order_.front().game, order_.begin());
  if (games_.size() > capacity_) {
    games_.erase(order_.back().game);
    order_.pop_back();
  }
  return *order_.front().match;
}

void MatchCache::Advance(std::string_view game, const Head& before, const AnyEvent& event,
                         const Head& after) {
  const auto it = games_.find(game);
  if (it == games_.end()) return;
  Entry& entry = *it->second;
  if (entry.head != before) return Drop(game);
  entry.match->Step(event);
  entry.head = after;
}

void MatchCache::Drop(std::string_view game) {
  const auto it = games_.find(game);
  if (it == games_.end()) return;
  order_.erase(it->second);
  games_.erase(it);
}

}  // namespace pli
