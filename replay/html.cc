// html.cc: a game and an audit as self-contained HTML pages (html.h).
#include "replay/html.h"

#include <boost/json.hpp>
#include <filesystem>
#include <cerrno>
#include <cstring>
#include <fstream>
#include <map>
#include <memory>
#include <stdexcept>
#include <string_view>
#include <utility>

#include "games/game.h"
#include "referee/open_store.h"
#include "replay/web_assets.h"

namespace pli {
namespace {

namespace json = boost::json;

constexpr std::string_view kMarker = "__PLI_DOCUMENT__";

json::value VerdictJson(const std::optional<Verdict>& v) {
  if (!v) return nullptr;
  return json::object{{"code", v->code}, {"rule", v->rule}, {"message", v->message}};
}

// The event as the page shows it: its canonical JSON line (with `seq` and
// its `hash` as written), or what is malformed about it.
json::value EventValue(const Game& kind, const AnyEvent& e, int64_t seq, const std::string& hash) {
  if (!e.malformed) return json::parse(kind.EventJson(e.body, seq, hash));
  const Malformed& m = *e.malformed;
  json::object malformed{{"type", m.type ? json::value(*m.type) : json::value(nullptr)},
                         {"line", m.line},
                         {"field", m.field},
                         {"message", m.message}};
  if (m.seat >= 0) malformed["seat"] = m.seat;
  return json::object{{"seq", seq}, {"malformed", std::move(malformed)}};
}

// The page `page` (a template of replay/web/) with `doc` in place of its marker.
std::string Fill(std::string_view page, const json::value& doc) {
  const size_t at = page.find(kMarker);
  if (at == std::string_view::npos) throw std::logic_error("web page without its document marker");
  std::string out;
  const std::string data = ScriptSafeJson(doc);
  out.reserve(page.size() + data.size());
  out.append(page.substr(0, at)).append(data).append(page.substr(at + kMarker.size()));
  return out;
}

json::array ChainProblemsJson(const ChainCheck& chain) {
  json::array out;
  for (const ChainProblem& p : chain.problems) out.push_back({{"seq", p.seq}, {"message", p.message}});
  return out;
}

// A file name for a game's replay page: its index (ids need not be unique
// in a file) and its id's safe characters.
std::string PageName(size_t index, const std::string& id) {
  std::string safe;
  for (char c : id) {
    const bool ok = (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9') ||
                    c == '.' || c == '-' || c == '_';
    if (safe.size() < 60) safe += ok ? c : '_';
  }
  return std::to_string(index + 1) + "-" + safe + ".html";
}

bool NeedsReplay(const GameVerdict& g) {
  return !g.findings.empty() || g.chain.status == ChainStatus::kBroken;
}

// The games of the report that need a replay page, read again from their
// source: those of a file in its order (the report's games are its games,
// or the one --game named, in that order), or of a database by id.
std::vector<std::pair<size_t, AnyLoadedGame>> ReloadGames(const AuditReport& report,
                                                          const std::string& source,
                                                          const std::optional<std::string>& db) {
  const std::vector<GameVerdict>& games = report.games();
  std::vector<std::pair<size_t, AnyLoadedGame>> out;
  if (db) {
    std::unique_ptr<EventStore> store = OpenStore(*db, OpenMode::kReadOnly);
    for (size_t i = 0; i < games.size(); ++i) {
      if (!NeedsReplay(games[i])) continue;
      std::optional<AnyLoadedGame> g = LoadAnyStoredGame(*store, games[i].game);
      if (g) out.emplace_back(i, std::move(*g));
    }
    return out;
  }
  size_t next = 0;  // the report's game the file's current game may be
  bool keep = false;
  AnyGameLog current;
  auto finish = [&] {
    if (!keep) return;
    AnyLoadedGame g{std::move(current), {}};
    FileChainChecker checker;
    for (size_t e = 0; e < g.log.events.size(); ++e) {
      checker.Add(std::string(g.log.events[e].body), g.log.hashes[e]);
    }
    g.chain = checker.Finish();
    out.emplace_back(next - 1, std::move(g));
    keep = false;
  };
  ReadAnySourceEvents(source, [&](AnyLogItem& item) {
    if (item.opens) {
      finish();
      if (next < games.size() && games[next].game == item.game) {
        keep = NeedsReplay(games[next]);
        ++next;
        current = AnyGameLog{item.game, item.kind, {}, {}, {}};
      }
    }
    if (keep) {
      current.events.push_back(std::move(item.event));
      current.lines.push_back(item.line);
      current.hashes.push_back(std::move(item.hash));
    }
  });
  finish();
  return out;
}

json::object AuditDocument(const AuditReport& report, const std::string& source,
                           const std::vector<std::string>& pages) {
  int64_t events = 0, clean = 0, broken = 0;
  std::map<std::string, int64_t> by_code, by_rule;
  json::array games, clean_games;
  for (size_t i = 0; i < report.games().size(); ++i) {
    const GameVerdict& g = report.games()[i];
    events += g.events;
    const bool is_broken = g.chain.status == ChainStatus::kBroken;
    if (is_broken) ++broken;
    if (g.findings.empty() && !is_broken) {
      ++clean;
      clean_games.push_back(json::array{json::value(g.game), json::value(g.events)});
      continue;
    }
    json::array findings;
    for (const AuditFinding& f : g.findings) {
      ++by_code[f.verdict.code];
      ++by_rule[f.verdict.rule.empty() ? "(none)" : f.verdict.rule];
      findings.push_back({{"seq", f.seq},
                          {"seat", f.seat},
                          {"type", f.type ? json::value(*f.type) : json::value(nullptr)},
                          {"code", f.verdict.code},
                          {"rule", f.verdict.rule},
                          {"message", f.verdict.message}});
    }
    json::array seats;
    for (const std::string& s : g.seats) seats.push_back(json::value(s));
    games.push_back({{"game", g.game},
                     {"events", g.events},
                     {"seats", std::move(seats)},
                     {"chain", ChainStatusName(g.chain.status)},
                     {"chain_problems", ChainProblemsJson(g.chain)},
                     {"findings", std::move(findings)},
                     {"replay", pages[i].empty() ? json::value(nullptr) : json::value(pages[i])}});
  }
  json::object codes, rules;
  for (const auto& [k, n] : by_code) codes[k] = n;
  for (const auto& [k, n] : by_rule) rules[k] = n;
  json::array db_problems;
  for (const std::string& p : report.database_problems()) db_problems.push_back(json::value(p));
  return {{"format", 1},
          {"source", source},
          {"summary",
           {{"games", report.games().size()},
            {"events", events},
            {"clean", clean},
            {"broken_chains", broken},
            {"violations", std::move(codes)}}},
          {"by_rule", std::move(rules)},
          {"database_problems", std::move(db_problems)},
          {"games", std::move(games)},
          {"clean_games", std::move(clean_games)}};
}

}  // namespace

std::string ScriptSafeJson(const json::value& doc) {
  const std::string text = json::serialize(doc);
  std::string out;
  out.reserve(text.size() + text.size() / 64);
  for (char c : text) {
    if (c == '<') {
      out += "\\u003c";  // only inside strings: '<' is no JSON token
    } else {
      out += c;
    }
  }
  return out;
}

json::object ReplayDocument(const AnyLoadedGame& game, const std::string& source,
                            const ReplayStart& start) {
  const AnyGameLog& log = game.log;
  std::unique_ptr<Match> match = log.kind->NewMatch();
  json::array steps;
  steps.reserve(log.events.size() + 1);
  steps.push_back({{"seq", 0},
                   {"event", nullptr},
                   {"violation", nullptr},
                   {"state", match->StateJson()},
                   {"legal", match->LegalJson()}});
  for (size_t i = 0; i < log.events.size(); ++i) {
    const auto seq = static_cast<int64_t>(i) + 1;
    const AnyEvent& e = log.events[i];
    const std::string hash = i < log.hashes.size() ? log.hashes[i] : "";
    json::value event = EventValue(*log.kind, e, seq, hash);
    const std::optional<Verdict> verdict = match->Step(e);
    steps.push_back({{"seq", seq},
                     {"event", std::move(event)},
                     {"violation", VerdictJson(verdict)},
                     {"state", match->StateJson()},
                     {"legal", match->LegalJson()}});
  }
  // The sentence of every rule id the violations cite (issue 26), only
  // those, so the page stays small, from the game's own rulebook
  // (Game::RuleSentence: RULES.md's ids, SKULL_KING.md's); an id the game
  // has no sentence for is left out, and the page shows it as plain text.
  json::object rules;
  for (const json::value& step : steps) {
    const json::value& v = step.at("violation");
    if (!v.is_object()) continue;
    const json::string& id = v.at("rule").as_string();
    if (id.empty() || rules.contains(id)) continue;
    if (const std::optional<std::string> sentence = log.kind->RuleSentence(id)) rules[id] = *sentence;
  }
  json::array seats;
  for (const std::string& s : match->Seats()) seats.push_back(json::value(s));
  return {{"format", 1},
          {"game", log.game},
          {"kind", log.kind->Name()},
          {"source", source},
          {"seats", std::move(seats)},
          {"chain", ChainStatusName(game.chain.status)},
          {"chain_problems", ChainProblemsJson(game.chain)},
          {"start", {{"seq", start.seq}, {"seat", start.seat}}},
          {"steps", std::move(steps)},
          {"rules", std::move(rules)}};
}

std::string ReplayHtml(const AnyLoadedGame& game, const std::string& source,
                       const ReplayStart& start) {
  return Fill(web::ReplayPage(), ReplayDocument(game, source, start));
}

void WriteTextFile(const std::string& path, const std::string& text) {
  // A reason on every write error (issue 29): the system's, from errno.
  const auto fail = [&path] {
    const int e = errno;
    throw std::runtime_error("cannot write " + path + ": " +
                             (e != 0 ? std::string(std::strerror(e)) : std::string("the write failed")));
  };
  errno = 0;
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  if (!out) fail();
  out << text;
  out.close();
  if (!out) fail();
}

void AuditReport::Add(const GameVerdict& game) {
  games_.push_back(game);
  next_.Add(game);
}

void AuditReport::AddClean(const std::string& game, int64_t events) {
  GameVerdict g;
  g.game = game;
  g.events = events;
  g.chain.status = ChainStatus::kOk;
  games_.push_back(std::move(g));
  next_.AddClean(game, events);
}

void AuditReport::SetDatabaseCheck(const std::string& db, std::vector<std::string> problems) {
  for (const std::string& p : problems) database_problems_.push_back("SQLite integrity check: " + p);
  next_.SetDatabaseCheck(db, std::move(problems));
}

void AuditReport::SetDatabase(const DatabaseHead& head, std::vector<DatabaseProblem> problems) {
  for (const DatabaseProblem& p : problems) database_problems_.push_back(p.message);
  next_.SetDatabase(head, std::move(problems));
}

size_t WriteAuditHtml(const std::string& path, const AuditReport& report, const std::string& source,
                      const std::optional<std::string>& db) {
  namespace fs = std::filesystem;
  const fs::path report_path(path);
  const std::string folder = report_path.stem().string() + "-replays";
  const std::string label = db ? *db : SourceLabel(source);
  std::vector<std::string> pages(report.games().size());
  std::vector<std::pair<size_t, AnyLoadedGame>> games = ReloadGames(report, source, db);
  if (!games.empty()) {
    const fs::path dir = report_path.parent_path() / folder;
    std::error_code ec;
    fs::create_directories(dir, ec);
    if (ec) throw std::runtime_error("cannot create " + dir.string() + ": " + ec.message());
    for (auto& [index, game] : games) {
      const std::string name = PageName(index, game.log.game);
      WriteTextFile((dir / name).string(), ReplayHtml(game, label));
      pages[index] = folder + "/" + name;
    }
  }
  WriteTextFile(path, Fill(web::AuditPage(), AuditDocument(report, label, pages)));
  return games.size();
}

}  // namespace pli
