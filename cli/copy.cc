// copy.cc: pli copy, every game of one store into another (a SQLite file
// or a PostgreSQL database on either side: referee/open_store.h), event for
// event and hash for hash. CLI11 wiring and the copy itself, which only
// reads stored rows and appends them: nothing is judged again, and the
// destination's own checks (CheckAppend; PostgreSQL's triggers) make sure
// every hash chains as in the source.
#include <algorithm>
#include <boost/json.hpp>
#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_group.h"
#include "engine/text.h"
#include "games/game.h"
#include "referee/open_store.h"
#include "replay/chain_check.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitRefused = 1;

struct CopyArgs {
  std::string from;
  std::string to;
  bool json = false;
};

// What became of one game.
struct GameCopy {
  std::string game;
  std::string result;  // "copied", "skipped" (already there, the same), "refused"
  int64_t events = 0;
  std::string message;  // why, when refused or skipped
};

// The first seq at which two stored games differ (in body or hash, or one
// ends), 0 when they are the same event for event.
int64_t FirstDifference(const StoredGame& a, const StoredGame& b) {
  const size_t n = std::max(a.events.size(), b.events.size());
  for (size_t i = 0; i < n; ++i) {
    if (i >= a.events.size() || i >= b.events.size() || a.events[i].body != b.events[i].body ||
        a.events[i].hash != b.events[i].hash) {
      return static_cast<int64_t>(i) + 1;
    }
  }
  return a.head == b.head ? 0 : static_cast<int64_t>(n);
}

// The records to append for a source game, or why it cannot be copied as
// it is (a broken chain, a body no game reads).
std::optional<std::vector<EventRecord>> RecordsOf(const StoredGame& game, std::string& why) {
  const AnyCheckedGame checked = CheckStoredAnyGame(game, std::nullopt);
  if (checked.chain.status == ChainStatus::kBroken) {
    why = "its hash chain is broken at event " +
          std::to_string(checked.chain.problems.front().seq) +
          " in the source (pli audit --db shows how); not copied";
    return std::nullopt;
  }
  if (!checked.unknown.empty()) {  // a game a newer pli added (issue 27)
    why = "it is " + checked.unknown + "; not copied";
    return std::nullopt;
  }
  std::vector<EventRecord> records;
  records.reserve(game.events.size());
  for (const StoredEvent& row : game.events) {
    const Game* kind = GameOfBody(row.body);
    std::string problem = "no game reads it";
    std::optional<EventRecord> record = kind ? kind->RecordOf(row.body, &problem) : std::nullopt;
    if (!record) {
      why = "event " + std::to_string(row.seq) + " does not decode (" + problem + "); not copied";
      return std::nullopt;
    }
    records.push_back(std::move(*record));
  }
  return records;
}

// Copies one game into `to`, unless it is there already.
GameCopy CopyGame(EventStore& from, EventStore& to, const std::string& id) {
  GameCopy out{id, "refused", 0, ""};
  const std::optional<StoredGame> game = from.Read(id);
  if (!game) {
    out.message = "it left the source while being copied";
    return out;
  }
  out.events = static_cast<int64_t>(game->events.size());
  std::string why;
  const std::optional<std::vector<EventRecord>> records = RecordsOf(*game, why);
  if (!records) {
    out.message = why;
    return out;
  }
  to.Write([&] {
    if (to.HeadOf(id)) {  // there already: the same game, or another
      const int64_t at = FirstDifference(*game, *to.Read(id));
      out.result = at == 0 ? "skipped" : "refused";
      out.message = at == 0 ? "already there, the same " + std::to_string(out.events) + " event(s)"
                            : "the destination holds another game under this id (they differ "
                              "from event " + std::to_string(at) + " on); left as it is";
      return false;
    }
    for (size_t i = 0; i < records->size(); ++i) {
      to.Append(id, game->events[i].seq, (*records)[i], game->events[i].hash);
    }
    out.result = "copied";
    out.message.clear();
    return true;
  });
  return out;
}

constexpr const char* kCopyFooter = R"(
Each game is copied whole in one transaction of the destination, its events
with their seq, stored encoding and hash as they are (the destination checks
that every hash chains), in the order the source created the games. A game
the destination already holds is left alone: skipped when it is the same
event for event, refused (and named) when it is another. A game whose chain
is broken in the source is refused, not repaired. Either side may be a
SQLite file or a PostgreSQL URI (postgresql://..., docs/POSTGRES.md), e.g.
--to 'postgresql://pli_app@db.example/games'.

Exit status: 0 every game copied or already there, 1 a game refused (the
others are copied), 2 bad usage, no such source, or a storage failure.
--json: one JSON document on stdout, {"result":"copied"|"refused","games":
[{"game","result":"copied"|"skipped"|"refused","events","message"}],
"copied","skipped","refused"}.

Before the examples:
  pli import --db club.db games/president/fixtures/seed/5.1-suite.jsonl

Examples:
  pli copy --from club.db --to club-copy.db
  pli copy --from club.db --to club-copy.db --json    # again: skipped, the same
  pli audit --db club-copy.db
)";

class CopyCommand : public CommandGroup {
 public:
  explicit CopyCommand(CLI::App& app) {
    command_ = app.add_subcommand(
        "copy",
        "Copy every game of one database into another, event for event and hash for hash: "
        "a SQLite file to PostgreSQL and back, or between two of either. Games already in "
        "the destination are skipped when the same, refused when different; nothing is "
        "overwritten.");
    command_->add_option("--from", args_.from, "the database to copy from (read only)")
        ->required()
        ->type_name("DB");
    command_->add_option("--to", args_.to, "the database to copy into (created if missing)")
        ->required()
        ->type_name("DB");
    command_->add_flag("--json", args_.json, "print one JSON document on stdout");
    command_->footer(kCopyFooter);
  }

  std::optional<int> RunParsed() override {
    if (!command_->parsed()) return std::nullopt;
    std::unique_ptr<EventStore> from = OpenStore(args_.from, OpenMode::kReadOnly);
    std::unique_ptr<EventStore> to = OpenStore(args_.to, OpenMode::kCreate);
    int64_t copied = 0, skipped = 0, refused = 0, events = 0;
    boost::json::array games;
    for (const std::string& id : from->Games()) {
      const GameCopy c = CopyGame(*from, *to, id);
      if (c.result == "copied") {
        ++copied;
        events += c.events;
      }
      skipped += c.result == "skipped";
      refused += c.result == "refused";
      if (args_.json) {
        games.push_back(boost::json::object{{"game", c.game},
                                            {"result", c.result},
                                            {"events", c.events},
                                            {"message", c.message}});
      } else if (c.result == "copied") {
        std::cout << "copied \"" << EscapeForTerminal(c.game) << "\" (" << c.events
                  << " event(s))\n";
      } else {
        (c.result == "refused" ? std::cerr : std::cout)
            << (c.result == "refused" ? "pli: refused \"" : "skipped \"")
            << EscapeForTerminal(c.game) << "\": " << EscapeForTerminal(c.message) << "\n";
      }
    }
    if (args_.json) {
      std::cout << boost::json::serialize(boost::json::object{
                       {"result", refused > 0 ? "refused" : "copied"},
                       {"games", std::move(games)},
                       {"copied", copied},
                       {"skipped", skipped},
                       {"refused", refused}})
                << "\n";
    } else {
      std::cout << "copied " << copied << " game(s), " << events << " event(s) from "
                << EscapeForTerminal(StoreName(args_.from)) << " to "
                << EscapeForTerminal(StoreName(args_.to)) << "; skipped " << skipped
                << " already there; refused " << refused << "\n";
    }
    return refused > 0 ? kExitRefused : kExitOk;
  }

 private:
  CLI::App* command_ = nullptr;
  CopyArgs args_;
};

}  // namespace

std::unique_ptr<CommandGroup> AddCopyCommand(CLI::App& app) {
  return std::make_unique<CopyCommand>(app);
}

}  // namespace pli::cli
