// stored_scan.h: Super Président's fast read of a stored game, for its own
// tools (state, legal, explain of a Président game: LoadDbGame): the rows
// checked in one pass from views into SQLite's buffers, as the audit's
// one pass checks them (replay/stored_scan.h), and kept as its own events.
#ifndef PLI_REPLAY_PRESIDENT_STORED_SCAN_H_
#define PLI_REPLAY_PRESIDENT_STORED_SCAN_H_

#include <optional>
#include <string_view>

#include "games/president/log.h"
#include "referee/sqlite_store.h"

namespace pli {

// A stored game read for folding (state, legal): its events, each with its
// seq, when every check of CheckStoredGame passes (without witness);
// nullopt when one fails or there is no such game (then run
// CheckStoredGame). The log's `hashes` stay empty: folding needs none.
std::optional<GameLog> LoadStoredGameFast(SqliteReader& store, std::string_view game);

}  // namespace pli

#endif  // PLI_REPLAY_PRESIDENT_STORED_SCAN_H_
