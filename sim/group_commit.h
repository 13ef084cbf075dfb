// group_commit.h: `--fast` for `pli simulate` of any game: a store whose
// writes can be grouped into one transaction per game.
#ifndef PLI_SIM_GROUP_COMMIT_H_
#define PLI_SIM_GROUP_COMMIT_H_

#include <functional>

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

}  // namespace pli::cli

#endif  // PLI_SIM_GROUP_COMMIT_H_
