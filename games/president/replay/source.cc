// source.cc: Super Président's games read from a SOURCE in its own events
// (source.h).
#include "games/president/replay/source.h"

#include <memory>
#include <utility>
#include <variant>

#include "games/president/module.h"
#include "referee/open_store.h"
#include "games/president/replay/chain_check.h"
#include "games/president/replay/stored_scan.h"

namespace pli {

void ForEachDbGame(const std::string& db, const std::optional<std::string>& id,
                   const std::optional<Head>& witness,
                   const std::function<void(LoadedGame&&, size_t, size_t)>& fn) {
  std::unique_ptr<EventStore> store = OpenStore(db, OpenMode::kReadOnly);
  const std::vector<std::string> ids = DbGameIds(*store, db, id, witness.has_value());
  for (size_t i = 0; i < ids.size(); ++i) {
    std::optional<StoredGame> stored = store->Read(ids[i]);
    if (!stored) throw StoreError(db + ": game \"" + ids[i] + "\" is listed but cannot be read: the file is damaged; run pli audit --db " + db);
    CheckedGame checked = CheckStoredGame(*stored, witness);
    fn(LoadedGame{std::move(checked.log), std::move(checked.chain)}, i, ids.size());
  }
}

LoadedGame LoadDbGame(SqliteReader& store, const std::string& db, const std::string& id) {
  if (std::optional<GameLog> log = LoadStoredGameFast(store, id)) {
    return LoadedGame{std::move(*log), ChainCheck{ChainStatus::kOk, {}}};
  }
  DbGameIds(store, db, id, false);
  std::optional<StoredGame> stored = store.Read(id);
  if (!stored) throw StoreError(db + ": game \"" + id + "\" is listed but cannot be read: the file is damaged; run pli audit --db " + db);
  CheckedGame checked = CheckStoredGame(*stored, std::nullopt);
  return LoadedGame{std::move(checked.log), std::move(checked.chain)};
}

std::vector<LoadedGame> LoadDbGames(const std::string& db, const std::optional<std::string>& id,
                                    const std::optional<Head>& witness) {
  std::vector<LoadedGame> games;
  ForEachDbGame(db, id, witness,
                [&](LoadedGame&& g, size_t, size_t) { games.push_back(std::move(g)); });
  return games;
}

std::vector<LoadedGame> LoadFileGames(const std::string& source) {
  // The file may hold games of other games beside Président's (a club's
  // log of the evening): they are left to the commands of any game, which
  // chose this Président game through the reader of any game first.
  std::vector<LoadedGame> games;
  for (const AnyGameLog& any : ReadAnySource(source)) {
    if (any.kind != &PresidentGame()) continue;
    GameLog log = ToGameLog(any);
    ChainCheck chain = CheckFileChain(log);
    games.push_back(LoadedGame{std::move(log), std::move(chain)});
  }
  return games;
}

const GameLog& SelectGame(const std::vector<GameLog>& games, const std::optional<std::string>& id,
                          const std::string& source) {
  std::vector<std::string> ids;
  ids.reserve(games.size());
  for (const GameLog& g : games) ids.push_back(g.game);
  return games[SelectGameIndex(ids, id, source)];
}

int64_t ResolveAt(const GameLog& game, const std::optional<int64_t>& at) {
  return ResolveAt(game.game, static_cast<int64_t>(game.events.size()), at);
}

std::vector<std::string> SeatNames(const GameLog& game) {
  if (game.events.empty()) return {};
  if (const auto* g = std::get_if<GameEvent>(&game.events.front().body)) return g->seats;
  return {};
}

}  // namespace pli
