// source.cc: reading a log SOURCE (source.h).
#include "replay/source.h"

#include <filesystem>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <system_error>
#include <utility>
#include <variant>

#include "engine/text.h"
#include "referee/open_store.h"
#include "schema/input_error.h"

namespace pli {

std::string SourceLabel(const std::string& source) { return source == "-" ? "<stdin>" : source; }

namespace {

template <class Fn, class ReadStream, class ReadFile>
void ReadWith(const std::string& source, const Fn& fn, ReadStream read_stream, ReadFile read_file) {
  std::error_code ec;
  if (source != "-" && std::filesystem::is_directory(source, ec)) {
    throw InputError(source + " is a directory, not a log file (give a JSON Lines file)");
  }
  const std::optional<LogError> error =
      source == "-" ? read_stream(std::cin, fn) : read_file(source, fn);
  if (error) {
    throw InputError(SourceLabel(source) + ": " + error->ToString(),
                     error->line > 0 ? std::optional<int64_t>(error->line) : std::nullopt,
                     error->field);
  }
}

}  // namespace

void ReadAnySourceEvents(const std::string& source, const std::function<void(AnyLogItem&)>& fn) {
  ReadWith(source, fn, ReadAnyLogEvents, ReadAnyLogFileEvents);
}

std::vector<AnyGameLog> ReadAnySource(const std::string& source) {
  std::vector<AnyGameLog> games;
  ReadAnySourceEvents(source, [&](AnyLogItem& item) { AppendAnyLogItem(games, item); });
  return games;
}

Head ParseHead(const std::string& text) {
  const size_t colon = text.find(':');
  std::optional<Hash> hash;
  int64_t seq = 0;
  if (colon != std::string::npos) {
    hash = ParseHashHex(text.substr(colon + 1));
    try {
      size_t used = 0;
      seq = std::stoll(text.substr(0, colon), &used);
      if (used != colon || seq < 1) hash.reset();
    } catch (const std::exception&) {
      hash.reset();
    }
  }
  if (!hash) {
    throw InputError("--head " + text +
                         ": write it as SEQ:HASH, the seq and the 64 hex digits of an "
                         "acknowledgement",
                     std::nullopt, "--head");
  }
  return Head{seq, *hash};
}

Witness ParseWitness(const std::string& text) {
  if (!text.starts_with("db:")) return Witness{ParseHead(text), std::nullopt};
  const size_t colon = text.find(':', 3);
  std::optional<Hash> hash;
  int64_t games = 0;
  if (colon != std::string::npos) {
    hash = ParseHashHex(text.substr(colon + 1));
    const std::string n = text.substr(3, colon - 3);
    if (n.empty() || n.size() > 18 || n.find_first_not_of("0123456789") != std::string::npos) {
      hash.reset();
    } else {
      games = std::stoll(n);
    }
  }
  if (!hash) {
    throw std::runtime_error("--head " + text +
                             ": write a database head as db:N:HASH, the number of games and the "
                             "64 hex digits printed by an acknowledgement or by pli audit --db");
  }
  return Witness{std::nullopt, DatabaseHead{games, *hash}};
}

std::string IdsText(const std::vector<std::string>& ids) {
  constexpr size_t kShown = 10;
  if (ids.empty()) return "none";
  std::string text;
  for (size_t i = 0; i < ids.size() && i < kShown; ++i)
    text += (i == 0 ? "" : ", ") + EscapeForTerminal(ids[i]);
  if (ids.size() > kShown) text += " and " + std::to_string(ids.size() - kShown) + " more";
  return text;
}

std::vector<std::string> DbGameIds(EventStore& store, const std::string& db,
                                   const std::optional<std::string>& id, bool witness) {
  // One game asked for: one lookup by its key. Listing every game only to
  // find it made `pli state --db postgresql://...` read all 50,000 ids of
  // a busy database (0.3-0.4 s, issue 30 item 10; docs/PERFORMANCE.md).
  if (id && store.HeadOf(*id)) return {*id};
  std::vector<std::string> ids = store.Games();
  if (id) {
    bool known = false;
    for (const std::string& g : ids) known = known || g == *id;
    if (!known) {
      throw InputError(StoreName(db) + " has no game \"" + *id + "\" (games: " + IdsText(ids) + ")",
                       std::nullopt, "--game");
    }
    ids = {*id};
  }
  if (witness && ids.size() > 1) {
    throw std::runtime_error("--head belongs to one game, and " + db + " holds " +
                             std::to_string(ids.size()) + " games: choose it with --game ID");
  }
  return ids;
}

const Game* StoredGameKind(SqliteReader& store, const std::string& id) {
  const Game* kind = nullptr;
  store.ScanRows(id, [&](const StoredRowView& row) {
    kind = GameOfBody(row.body);
    return false;  // row 1 is enough
  });
  return kind;
}

size_t SelectGameIndex(const std::vector<std::string>& ids, const std::optional<std::string>& id,
                       const std::string& source) {
  const std::string label = SourceLabel(source);
  if (ids.empty()) throw std::runtime_error(label + ": the log holds no game");
  if (!id) {
    if (ids.size() == 1) return 0;
    throw std::runtime_error(label + " holds " + std::to_string(ids.size()) + " games (" +
                             IdsText(ids) + "): choose one with --game ID");
  }
  std::optional<size_t> chosen;
  for (size_t i = 0; i < ids.size(); ++i) {
    if (ids[i] != *id) continue;
    if (chosen)
      throw std::runtime_error(label + " holds several games with the id \"" +
                               EscapeForTerminal(*id) + "\"");
    chosen = i;
  }
  if (!chosen) {
    throw InputError(label + " has no game \"" + *id + "\" (games: " + IdsText(ids) + ")",
                     std::nullopt, "--game");
  }
  return *chosen;
}

int64_t ResolveAt(const std::string& game, int64_t events, const std::optional<int64_t>& at) {
  if (!at) return events;
  if (*at < 1) {
    throw InputError("--at " + std::to_string(*at) +
                         ": events are numbered from 1 (seq is the event's position in its game)",
                     std::nullopt, "--at");
  }
  if (*at > events) {
    throw InputError("--at " + std::to_string(*at) + " is past the end of game \"" + game +
                         "\", which has " + std::to_string(events) + " events",
                     std::nullopt, "--at");
  }
  return *at;
}

AnyLoadedGame LoadAnyFileGame(const std::string& source, const std::optional<std::string>& id) {
  std::vector<AnyGameLog> games = ReadAnySource(source);
  std::vector<std::string> ids;
  for (const AnyGameLog& g : games) ids.push_back(g.game);
  const size_t index = SelectGameIndex(ids, id, source);
  AnyLoadedGame out{std::move(games[index]), {}};
  FileChainChecker checker;
  for (size_t i = 0; i < out.log.events.size(); ++i) {
    checker.Add(std::string(out.log.events[i].body), out.log.hashes[i]);
  }
  out.chain = checker.Finish();
  return out;
}

std::string DbGameId(EventStore& store, const std::string& db, const std::optional<std::string>& id) {
  const std::vector<std::string> ids = DbGameIds(store, db, id, false);
  if (ids.empty()) throw std::runtime_error(db + " holds no game");
  return ids[SelectGameIndex(ids, id, db)];
}

AnyLoadedGame LoadOneAnyGame(const std::optional<std::string>& file,
                             const std::optional<std::string>& db,
                             const std::optional<std::string>& id) {
  if (!db) return LoadAnyFileGame(*file, id);
  std::unique_ptr<EventStore> store = OpenStore(*db, OpenMode::kReadOnly);
  const std::string chosen = DbGameId(*store, *db, id);
  std::optional<AnyLoadedGame> loaded = LoadAnyStoredGame(*store, chosen);
  if (!loaded) throw std::runtime_error("game \"" + chosen + "\" of " + *db + " has no readable game event");
  return std::move(*loaded);
}

std::optional<AnyLoadedGame> LoadAnyStoredGame(EventStore& store, const std::string& id) {
  std::optional<StoredGame> stored = store.Read(id);
  if (!stored) throw InputError("the database has no game \"" + id + "\"", std::nullopt, "--game");
  if (stored->events.empty()) return std::nullopt;
  const Game* kind = GameOfBody(stored->events.front().body);
  if (kind == nullptr) {
    // A game a newer pli added (issue 27): said, never read as another game.
    throw InputError("game \"" + id + "\" is " + UnknownGameText(stored->events.front().body),
                     std::nullopt, "--game");
  }
  AnyLoadedGame out;
  out.log.game = id;
  out.log.kind = kind;
  out.chain.status = ChainStatus::kOk;
  Hash prev = kGenesis;
  for (size_t i = 0; i < stored->events.size(); ++i) {
    StoredEvent& row = stored->events[i];
    const auto seq = static_cast<int64_t>(i) + 1;
    if (row.seq != seq || row.hash != ChainHash(prev, seq, row.body)) {
      out.chain.status = ChainStatus::kBroken;
      out.chain.problems.push_back(
          ChainProblem{row.seq, "event " + std::to_string(row.seq) + " does not chain"});
    }
    prev = row.hash;
    AnyEvent e;
    e.seq = seq;
    e.type = row.columns.type;
    e.seat = row.columns.seat;
    e.id = row.columns.id;
    e.body = std::move(row.body);
    out.log.events.push_back(std::move(e));
    out.log.lines.push_back(0);
    out.log.hashes.push_back(HashHex(row.hash));
  }
  return out;
}

}  // namespace pli
