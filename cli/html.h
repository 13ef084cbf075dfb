// html.h: `--html FILE` of pli replay and pli audit (issue 16): read the
// game (or take the audit's verdicts), write the page (replay/html.h), say
// what was written. Header-only, cli only.
#ifndef PLI_CLI_HTML_H_
#define PLI_CLI_HTML_H_

#include <cstdint>
#include <iostream>
#include <memory>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "cli/error.h"
#include "engine/text.h"
#include "referee/open_store.h"
#include "replay/html.h"
#include "replay/source.h"

namespace pli::cli {

inline constexpr const char* kAuditHtmlHelp =
    "also write the report as one HTML page, FILE (games, events, clean, broken chains, "
    "violations by code and by rule), and beside it, in the folder FILE's name + '-replays', "
    "the replay page of each game with a finding, each finding linking to its step";

inline constexpr const char* kReplayHtmlHelp =
    "write the game as one self-contained HTML page, FILE, instead: every step with the hands, "
    "the pli or trick, what is in force, the verdict of each event and what its player could "
    "have done; keys and buttons step by event, pli and manche; #seq=N links to a step. "
    "--at and --seat choose the step and the view it opens on";

// pli audit --html: writes the report once the audit is done (its document
// or text is complete on stdout), says so on stderr, and returns the
// audit's status; 2 when the page cannot be written.
inline int WriteAuditPage(const std::string& path, const AuditReport& report,
                          const std::string& source, const std::optional<std::string>& db,
                          int status) {
  try {
    const size_t pages = WriteAuditHtml(path, report, source, db);
    std::cerr << "pli: wrote " << EscapeForTerminal(path);
    if (pages > 0) std::cerr << " and " << pages << " replay page(s) beside it";
    std::cerr << "\n";
    return status;
  } catch (const std::exception& e) {
    std::cerr << "pli: " << EscapeLinesForTerminal(e.what()) << "\n";
    return 2;
  }
}

// The game pli replay --html shows: SOURCE's (the one --game names, or its
// only game) or the database's, of any game (games/game.h), with a warning
// on stderr when its hash chain is broken.
inline AnyLoadedGame LoadReplayGame(const std::string& source, const std::optional<std::string>& db,
                                    const std::optional<std::string>& game) {
  if (db.has_value() == !source.empty()) {
    throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
  }
  std::optional<AnyLoadedGame> loaded;
  if (db) {
    std::unique_ptr<EventStore> store = OpenStore(*db, OpenMode::kReadOnly);
    const std::string id = DbGameId(*store, *db, game);
    loaded = LoadAnyStoredGame(*store, id);
    if (!loaded) throw std::runtime_error("game \"" + id + "\" of " + *db + " has no readable game event");
  } else {
    loaded = LoadAnyFileGame(source, game);
  }
  if (loaded->chain.status == ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << EscapeForTerminal(loaded->log.game)
              << "\" has a broken hash chain (at event " << loaded->chain.problems.front().seq
              << "); the page shows where\n";
  }
  return std::move(*loaded);
}

// pli replay --html FILE: `seat` is a seat number or name (or none).
inline int WriteReplayPage(const std::string& path, const std::string& source,
                           const std::optional<std::string>& db, const std::optional<std::string>& id,
                           const std::optional<int64_t>& at, const std::optional<std::string>& seat) {
  const AnyLoadedGame game = LoadReplayGame(source, db, id);
  const auto events = static_cast<int64_t>(game.log.events.size());
  ReplayStart start;
  if (at) {
    if (*at < 1 || *at > events) {
      throw std::runtime_error("--at " + std::to_string(*at) + ": game \"" + game.log.game + "\" has events 1 to " +
                               std::to_string(events));
    }
    start.seq = *at;
  }
  if (seat) {
    std::unique_ptr<Match> match = game.log.kind->NewMatch();
    if (events > 0) match->Step(game.log.events.front());
    const std::vector<std::string> names = match->Seats();
    for (size_t s = 0; s < names.size() && start.seat < 0; ++s) {
      if (names[s] == *seat || std::to_string(s) == *seat) start.seat = static_cast<int>(s);
    }
    if (start.seat < 0) throw std::runtime_error("--seat " + *seat + ": game \"" + game.log.game + "\" has no such seat");
  }
  WriteTextFile(path, ReplayHtml(game, db ? *db : SourceLabel(source), start));
  std::cout << "wrote " << EscapeForTerminal(path) << ": game " << EscapeForTerminal(game.log.game) << ", "
            << events << " events\n";
  return 0;
}

}  // namespace pli::cli

#endif  // PLI_CLI_HTML_H_
