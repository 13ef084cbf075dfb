// group_commit.h: `--fast` for `pli simulate` of any game: a store whose
// writes can be grouped into one transaction per game.
#ifndef PLI_SIM_GROUP_COMMIT_H_
#define PLI_SIM_GROUP_COMMIT_H_

#include <cstdint>
#include <functional>
#include <stdexcept>
#include <string>

#include "referee/open_store.h"  // StoreName: the URI without its password (issue 29)
#include "referee/store.h"

namespace pli::cli {

// A store whose writes can be grouped: inside Group(body), every Write joins
// one write transaction of the inner store, committed (one fsync) when body
// returns. Submit still judges and appends each event on its own, against
// the log as it stands inside the transaction; only the commit is shared.
// `--fast` groups a whole game: a crash loses the game being played, never
// a committed one, and never leaves half an event.
class GroupCommitStore : public ForwardingStore {
 public:
  using ForwardingStore::ForwardingStore;

  bool Write(const std::function<bool()>& fn) override {
    // A refused action appends nothing before returning false, so the
    // group's earlier appends stand.
    return grouped_ ? fn() : inner().Write(fn);
  }

  // Runs body in one write transaction; commits when it returns, rolls
  // everything back when it throws.
  void Group(const std::function<void()>& body) {
    inner().Write([&] {
      grouped_ = true;
      try {
        body();
      } catch (...) {
        grouped_ = false;
        throw;
      }
      grouped_ = false;
      return true;
    });
  }

 private:
  bool grouped_ = false;
};

// How far a run of `pli simulate` is, for its progress line.
struct SimProgress {
  int games_done = 0;
  int games = 0;
  int64_t events = 0;
};

// The loop both games' simulations share. Refuses a database that already
// holds one of the run's game ids (std::runtime_error, before anything is
// written); then plays games 0 to games - 1 with play_game(g, after_manche),
// each in one transaction with `fast`, reporting progress after each manche
// and each game, until all are played or stop() says the run stopped (a
// bug). events() is the count of events written so far.
inline void PlayGames(EventStore& sqlite, GroupCommitStore& store, const std::string& db,
                      int games, bool fast, const std::function<std::string(int)>& id_of,
                      const std::function<void(int, const std::function<void()>&)>& play_game,
                      const std::function<int64_t()>& events, const std::function<bool()>& stop,
                      const std::function<void(const SimProgress&)>& progress) {
  for (const std::string& id : sqlite.Games()) {
    for (int g = 0; g < games; ++g) {
      if (id == id_of(g)) {
        throw std::runtime_error(StoreName(db) + " already holds game \"" + id +
                                 "\": simulate into a fresh --db, or choose another --seed");
      }
    }
  }
  SimProgress p{.games_done = 0, .games = games, .events = 0};
  for (int g = 0; g < games && !stop(); ++g) {
    auto after_manche = [&] {
      p.events = events();
      progress(p);
    };
    if (fast) {
      store.Group([&] { play_game(g, after_manche); });
    } else {
      play_game(g, after_manche);
    }
    p.games_done = g + 1;
    p.events = events();
    progress(p);
  }
}

}  // namespace pli::cli

#endif  // PLI_SIM_GROUP_COMMIT_H_
