// memory_store.cc: the in-memory event store for tests. It keeps the same
// rows and head as the SQLite store and refuses what its triggers refuse;
// Write snapshots the whole store and restores it on rollback.
#include "referee/memory_store.h"

#include <map>
#include <string>
#include <utility>
#include <variant>

namespace pli {
namespace {

struct MemoryGame {
  StoredGame stored;
  std::map<std::string, int64_t, std::less<>> ids;  // idempotency key -> seq
};

class MemoryStore : public EventStore {
 public:
  std::vector<std::string> Games() override { return order_; }

  std::optional<StoredGame> Read(std::string_view game) override {
    const MemoryGame* g = Find(game);
    if (g == nullptr) return std::nullopt;
    return g->stored;
  }

  std::optional<Head> HeadOf(std::string_view game) override {
    const MemoryGame* g = Find(game);
    if (g == nullptr) return std::nullopt;
    return g->stored.head;
  }

  std::optional<int64_t> FindId(std::string_view game, std::string_view id) override {
    const MemoryGame* g = Find(game);
    if (g == nullptr) return std::nullopt;
    auto it = g->ids.find(id);
    if (it == g->ids.end()) return std::nullopt;
    return it->second;
  }

  void Append(std::string_view game, int64_t seq, const EventRecord& record,
              const Hash& hash) override {
    if (!in_write_) throw StoreError("memory store: Append outside Write");
    CheckAppend(HeadOf(game), game, seq, record, hash);
    EventColumns columns = record.columns;
    if (columns.id.has_value() && FindId(game, *columns.id).has_value()) {
      throw StoreError("cannot append event " + std::to_string(seq) + " to game \"" +
                       std::string(game) + "\": its id \"" + *columns.id +
                       "\" is already used in this game");
    }
    if (seq == 1) {
      order_.emplace_back(game);
      StoredGame& created = games_[std::string(game)].stored;
      const GameOpening& g = *record.opening;  // CheckAppend made sure
      created.game = game;
      created.ruleset = g.ruleset;
      created.seats = SeatsJson(g.seats);
      created.created = static_cast<int64_t>(order_.size());
    }
    MemoryGame& g = games_.find(game)->second;
    undo_.push_back(Undo{std::string(game), g.stored.head});
    if (columns.id.has_value()) g.ids.emplace(*columns.id, seq);
    g.stored.events.push_back(StoredEvent{seq, record.body, hash, std::move(columns), g.stored.head.hash});
    g.stored.head = Head{seq, hash};
  }

  bool Write(const std::function<bool()>& fn) override {
    if (in_write_) throw StoreError("memory store: Write inside Write");
    undo_.clear();
    in_write_ = true;
    bool commit = false;
    try {
      commit = fn();
    } catch (...) {
      Rollback();
      throw;
    }
    if (!commit) Rollback();
    in_write_ = false;
    undo_.clear();
    return commit;
  }

 private:
  // One append made in the current Write: its game and the head before it.
  struct Undo {
    std::string game;
    Head head;
  };

  const MemoryGame* Find(std::string_view game) const {
    auto it = games_.find(game);
    return it == games_.end() ? nullptr : &it->second;
  }

  // Undoes the current Write's appends, newest first.
  void Rollback() {
    for (auto u = undo_.rbegin(); u != undo_.rend(); ++u) {
      MemoryGame& g = games_.find(u->game)->second;
      const std::optional<std::string>& id = g.stored.events.back().columns.id;
      if (id.has_value()) g.ids.erase(*id);
      g.stored.events.pop_back();
      g.stored.head = u->head;
      if (u->head.seq == 0) {  // the append created the game
        games_.erase(u->game);
        order_.pop_back();
      }
    }
    undo_.clear();
    in_write_ = false;
  }

  std::vector<std::string> order_;  // game ids in creation order
  std::map<std::string, MemoryGame, std::less<>> games_;
  std::vector<Undo> undo_;
  bool in_write_ = false;
};

}  // namespace

std::unique_ptr<EventStore> NewMemoryStore() { return std::make_unique<MemoryStore>(); }

}  // namespace pli
