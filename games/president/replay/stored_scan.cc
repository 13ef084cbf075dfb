// stored_scan.cc: Super Président's fast read of a stored game
// (stored_scan.h). Every check here is one CheckStoredGame makes, so that
// passing here implies passing there.
#include "games/president/replay/stored_scan.h"

#include <variant>

#include "games/president/columns.h"
#include "games/president/replay/chain_check.h"
#include "replay/stored_scan.h"
#include "games/president/wire/event_codec.h"

namespace pli {

std::optional<GameLog> LoadStoredGameFast(SqliteReader& store, std::string_view game) {
  GameLog log;
  log.game = std::string(game);
  std::optional<GameEvent> opening;  // event 1's, whose copies the games row holds
  int64_t last = 0;
  Hash prev = kGenesis;
  bool sound = true;
  const std::optional<GameRow> head = store.ScanRows(game, [&](const StoredRowView& row) {
    if (!RowLinked(row, last + 1, prev)) return sound = false;
    Event& event = log.events.emplace_back();
    if (DecodeEventInto(row.body, event)) return sound = false;
    event.seq = row.seq;
    if (!ColumnsAgree(row, event)) return sound = false;
    if (row.seq == 1) {
      if (const auto* created = std::get_if<GameEvent>(&event.body)) opening = *created;
    }
    prev = row.hash;
    last = row.seq;
    return true;
  });
  // The games row's copies of the game event (GameRowProblem).
  const bool copies =
      !opening || !head || GameRowProblem(game, head->ruleset, head->seats, *opening).empty();
  if (!sound || !HeadSound(head, last, prev) || !copies) return std::nullopt;
  return log;
}

}  // namespace pli
