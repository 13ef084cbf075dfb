// html.h: a game and an audit as self-contained HTML pages (issue 16):
// `pli replay SOURCE --html FILE` and `pli audit SOURCE --html FILE`.
//
// Game-neutral: a game is folded by its Match (games/game.h), and for every
// step (0 = before any event, then after each event) the page gets the
// event's JSON line, its verdict when illegal, the state after it
// (Match::StateJson: an illegal event changes nothing) and the legal
// actions after it (Match::LegalJson; the step before an event says what
// its player could have done). That document is embedded in a page whose
// HTML, CSS and script live in replay/web/ and are compiled into the binary
// (replay/CMakeLists.txt): the page draws each game from its state JSON,
// loads nothing from the network and runs from a file.
#ifndef PLI_REPLAY_HTML_H_
#define PLI_REPLAY_HTML_H_

#include <boost/json/object.hpp>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include "replay/audit.h"
#include "replay/source.h"

namespace pli {

// What the page opens on: a step (--at) and a seat's view (--seat, -1 for
// every hand).
struct ReplayStart {
  int64_t seq = 0;
  int seat = -1;
};

// The replay document of one game: {"format":1,"game","kind" (the game's
// name: "super-president", "skull-king"),"source","seats","chain",
// "chain_problems":[{seq,message}],"start":{seq,seat},"steps":[{"seq",
// "event" (the JSON line as an object, or {"malformed":{type,line,field,
// message}}),"violation" ({code,rule,message} or null),"state","legal"}],
// "rules":{id: sentence} (the game's RuleSentence of each rule id the
// violations cite, only those)}.
// steps[0] is the state before the game event.
boost::json::object ReplayDocument(const AnyLoadedGame& game, const std::string& source,
                                   const ReplayStart& start = {});

// The replay page of one game: replay/web/replay.html with its document.
std::string ReplayHtml(const AnyLoadedGame& game, const std::string& source,
                       const ReplayStart& start = {});

// `doc` as the text of a <script type="application/json"> element: every
// '<' escaped (\u003c), so no "</script>" or "<!--" can end or bend it.
std::string ScriptSafeJson(const boost::json::value& doc);

// Writes `text` to `path` (replacing it); throws std::runtime_error naming
// the file when it cannot.
void WriteTextFile(const std::string& path, const std::string& text);

// An AuditSink that passes everything on to another (the printer) and
// keeps what an audit report shows: each game's verdict (clean games as
// their id and event count only).
class AuditReport : public AuditSink {
 public:
  explicit AuditReport(AuditSink& next) : next_(next) {}
  bool keep_going() const override { return next_.keep_going(); }
  void Add(const GameVerdict& game) override;
  void AddClean(const std::string& game, int64_t events) override;
  void SetDatabaseCheck(const std::string& db, std::vector<std::string> problems) override;
  void SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem> problems) override;
  void Progress(size_t index, size_t total) override { next_.Progress(index, total); }

  const std::vector<GameVerdict>& games() const { return games_; }
  const std::vector<std::string>& database_problems() const { return database_problems_; }

 private:
  AuditSink& next_;
  std::vector<GameVerdict> games_;
  std::vector<std::string> database_problems_;
};

// Writes the audit report of `report` to `path` (audit.html with its
// document) and, beside it in the folder PATH-without-.html + "-replays",
// a replay page for each game with a finding (a violation or a broken
// chain), linked from the report (each finding to its step, #seq=N). The
// games are read again from the file `source` or the database `db`.
// Returns the number of replay pages written.
size_t WriteAuditHtml(const std::string& path, const AuditReport& report,
                      const std::string& source, const std::optional<std::string>& db);

}  // namespace pli

#endif  // PLI_REPLAY_HTML_H_
