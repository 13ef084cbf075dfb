// batch_store.h: the store the writer of `pli serve` submits through
// (group commit), shared with the load program's in-process baseline
// (pli-load --mode overhead), so that both commit the same way.
#ifndef PLI_SERVE_BATCH_STORE_H_
#define PLI_SERVE_BATCH_STORE_H_

#include <functional>
#include <map>
#include <optional>
#include <string>
#include <string_view>

#include "referee/store.h"

namespace pli::serve {

// The store the writer submits through: its writes join one transaction
// (Group), and the games it has read stay in memory, so that SubmitAny
// folds a table's game without reading it back from disk each time. The
// cache follows every append; a failed group drops it.
class BatchStore : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;
  bool Write(const std::function<bool()>& fn) override { return grouped_ ? fn() : inner().Write(fn); }
  std::optional<StoredGame> Read(std::string_view game) override {
    if (fresh_) return inner().Read(game);
    if (auto it = cache_.find(std::string(game)); it != cache_.end()) return it->second;
    std::optional<StoredGame> g = inner().Read(game);
    if (g) cache_[std::string(game)] = *g;
    return g;
  }
  std::optional<Head> HeadOf(std::string_view game) override {
    if (fresh_) {  // from the server (the store's own head cache may be behind another node)
      std::optional<StoredGame> g = inner().Read(game);
      return g ? std::optional<Head>(g->head) : std::nullopt;
    }
    if (auto it = cache_.find(std::string(game)); it != cache_.end()) return it->second.head;
    return inner().HeadOf(game);
  }
  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    inner().Append(game, seq, record, hash);
    if (auto it = cache_.find(std::string(game)); it != cache_.end()) {
      StoredGame& g = it->second;
      g.events.push_back(StoredEvent{seq, record.body, hash, record.columns, g.head.hash});
      g.head = Head{seq, hash};
    }
  }
  void Group(const std::function<void()>& body) {
    try {
      inner().Write([&] {
        grouped_ = true;
        body();
        grouped_ = false;
        return true;
      });
    } catch (...) {
      grouped_ = false;
      cache_.clear();
      throw;
    }
  }
  void Forget(const std::string& game) { cache_.erase(game); }
  // Several nodes on one database (PostgreSQL): another node may have
  // appended since, so every game is read afresh (the store's optimistic
  // Write runs the group again when a head moved under it).
  void FreshReads() {
    fresh_ = true;
    cache_.clear();
  }

 private:
  bool grouped_ = false;
  bool fresh_ = false;
  std::map<std::string, StoredGame> cache_;
};

}  // namespace pli::serve

#endif  // PLI_SERVE_BATCH_STORE_H_
