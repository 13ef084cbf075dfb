// match_cache.h: the games SubmitAny (referee/referee.h) has folded on one
// store connection, each a Match at the head (seq and chain hash) it was
// folded to: the game-neutral counterpart of the Referee's FoldedLog.
//
// A Match kept at a head is the fold of the log up to that head, whichever
// transaction read it: the head's chain hash commits to every event up to
// it, and the store only appends. So SubmitAny reuses a Match whose head is
// the one it reads inside its write transaction, and folds the game from
// the store again when the head moved (another writer appended, or a
// transaction of its own was rolled back). What it does not see, as the
// Referee: rows edited in place while the head stays (`pli audit` finds
// those).
#ifndef PLI_REFEREE_MATCH_CACHE_H_
#define PLI_REFEREE_MATCH_CACHE_H_

#include <cstddef>
#include <cstdint>
#include <list>
#include <map>
#include <memory>
#include <string>
#include <string_view>

#include "games/game.h"
#include "referee/store.h"

namespace pli {

// At most `capacity` games, the least recently used dropped first. Not
// thread-safe: it belongs to a store connection, used by one thread at a
// time.
class MatchCache {
 public:
  static constexpr size_t kDefaultCapacity = 1024;
  explicit MatchCache(size_t capacity = kDefaultCapacity);

  // The match of `game` folded to exactly `head`, of game `kind`; nullptr
  // when none is kept (then fold and Put). Marks it the most recently used.
  Match* At(std::string_view game, const Head& head, const Game& kind);
  // Keeps `match` as the fold of `game` at `head`, replacing what was kept.
  Match& Put(std::string_view game, const Head& head, std::unique_ptr<Match> match);
  // After `event` was committed on top of `before`, the head is `after`:
  // the kept match of `game` at `before` steps to it; one at another head
  // is dropped (the next submit folds again).
  void Advance(std::string_view game, const Head& before, const AnyEvent& event,
               const Head& after);
  // Forgets `game`.
  void Drop(std::string_view game);

  size_t size() const { return games_.size(); }

 private:
  struct Entry {
    std::string game;
    Head head;
    std::unique_ptr<Match> match;
  };
  using Order = std::list<Entry>;  // most recently used first

  Order order_;
  std::map<std::string, Order::iterator, std::less<>> games_;
  size_t capacity_;
};

}  // namespace pli

#endif  // PLI_REFEREE_MATCH_CACHE_H_
