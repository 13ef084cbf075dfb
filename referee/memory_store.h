// memory_store.h: an EventStore in memory, for tests. Same contract as the
// SQLite store (store.h), including refusing an append that is not head + 1
// or does not chain to the head; Write's rollback discards the appends made
// inside it. Not thread-safe.
#ifndef PLI_REFEREE_MEMORY_STORE_H_
#define PLI_REFEREE_MEMORY_STORE_H_

#include <memory>

#include "referee/store.h"

namespace pli {

std::unique_ptr<EventStore> NewMemoryStore();

}  // namespace pli

#endif  // PLI_REFEREE_MEMORY_STORE_H_
