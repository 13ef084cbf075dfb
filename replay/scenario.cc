// scenario.cc: checking a scenario (a one-game log and its expected outcome)
// against the referee; the format is docs/SCENARIOS.md. A scenario of any
// game is run through the game interface (games/game.h): the verdict from
// Match::Step, the states from Match::StateJson and the legal actions from
// Match::LegalJson, as `pli audit --continue`, `pli state --json` and
// `pli legal --json` give them.
#include "replay/scenario.h"

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <variant>

#include <map>
#include <memory>
#include <set>

#include "games/game.h"
#include "games/log.h"
#include "replay/scenario_format.h"

namespace pli {
namespace {

namespace json = boost::json;
namespace fs = std::filesystem;
using Lines = std::vector<std::string>;

constexpr std::string_view kLogSuffix = ".jsonl";
constexpr std::string_view kExpectSuffix = ".expect.json";

bool EndsWith(std::string_view s, std::string_view suffix) {
  return s.size() >= suffix.size() && s.substr(s.size() - suffix.size()) == suffix;
}

// ---------------------------------------------------------------------------
// Subset match.

std::string Render(const json::value& v) { return json::serialize(v); }

bool IsString(const json::value* v, std::string_view s) {
  return v && v->is_string() && v->get_string() == s;
}

std::string Join(const std::string& path, std::string_view key) {
  return path.empty() ? std::string(key) : path + "." + std::string(key);
}

bool IsNumber(const json::value& v) { return v.is_int64() || v.is_uint64() || v.is_double(); }

bool NumbersEqual(const json::value& a, const json::value& b) {
  if (a.is_double() || b.is_double()) return a.to_number<double>() == b.to_number<double>();
  if (a.is_int64() && b.is_int64()) return a.get_int64() == b.get_int64();
  if (a.is_uint64() && b.is_uint64()) return a.get_uint64() == b.get_uint64();
  const json::value& s = a.is_int64() ? a : b;  // one int64, one uint64
  const json::value& u = a.is_int64() ? b : a;
  return s.get_int64() >= 0 && static_cast<std::uint64_t>(s.get_int64()) == u.get_uint64();
}

std::string Where(const std::string& path) { return path.empty() ? "(whole value)" : path; }

void Mismatches(const json::value& expected, const json::value& found, const std::string& path,
                Lines& out) {
  auto differ = [&](const std::string& what_found) {
    out.push_back(Where(path) + ": expected " + Render(expected) + ", found " + what_found);
  };
  if (expected.is_object()) {
    if (!found.is_object()) return differ(Render(found));
    for (const auto& [key, value] : expected.get_object()) {
      const json::value* f = found.get_object().if_contains(key);
      std::string sub = Join(path, key);
      if (!f)
        out.push_back(sub + ": expected " + Render(value) + ", found no such key");
      else
        Mismatches(value, *f, sub, out);
    }
  } else if (expected.is_array()) {
    if (!found.is_array()) return differ(Render(found));
    const json::array& e = expected.get_array();
    const json::array& f = found.get_array();
    if (e.size() != f.size()) {
      return differ(Render(found) + " (" + std::to_string(f.size()) + " elements, expected " +
                    std::to_string(e.size()) + ")");
    }
    for (size_t i = 0; i < e.size(); ++i) {
      Mismatches(e[i], f[i], path + "[" + std::to_string(i) + "]", out);
    }
  } else if (IsNumber(expected) && IsNumber(found)) {
    if (!NumbersEqual(expected, found)) differ(Render(found));
  } else if (expected != found) {
    differ(Render(found));
  }
}

// ---------------------------------------------------------------------------
// Checking the expectations against the referee.

// A violation the referee found in the scenario's log: as `pli audit
// --continue` reports it (replay/audit.cc), in any game.
struct Found {
  int64_t seq = 0;
  int seat = -1;                    // -1: the event has no acting seat
  std::optional<std::string> type;  // as written (nullopt: malformed without a string type)
  pli::Verdict verdict;
};

// "seq 9 seat 2 play too-weak (P3): the pli ..."
std::string FindingText(const Found& f) {
  std::string text = "seq " + std::to_string(f.seq);
  if (f.seat >= 0) text += " seat " + std::to_string(f.seat);
  text += " " + f.type.value_or("(no type)") + " " + f.verdict.code;
  if (!f.verdict.rule.empty()) text += " (" + f.verdict.rule + ")";
  return text + ": " + f.verdict.message;
}

std::string FindingsText(const std::vector<Found>& findings) {
  std::string text;
  for (const Found& f : findings) text += (text.empty() ? "" : "; ") + FindingText(f);
  return "[" + text + "]";
}

json::object FindingJson(const Found& f) {
  json::object o;
  o["seq"] = f.seq;
  o["seat"] = f.seat >= 0 ? json::value(f.seat) : json::value(nullptr);
  o["type"] = f.type ? json::value(*f.type) : json::value(nullptr);
  o["code"] = f.verdict.code;
  o["rule"] = f.verdict.rule;
  return o;
}

// The log folded once through its game's Match: every violation (audit
// --continue: an illegal event is reported and changes nothing) and the
// state and legal actions after each seq an expectation asks about.
struct Folded {
  std::vector<Found> findings;
  std::map<int64_t, json::object> states;
  std::map<int64_t, json::array> legal;
};

Folded Fold(const AnyGameLog& log, const std::set<int64_t>& ats) {
  Folded out;
  std::unique_ptr<Match> match = log.kind->NewMatch();
  auto snapshot = [&](int64_t at) {
    if (!ats.count(at)) return;
    out.states[at] = match->StateJson();
    out.legal[at] = match->LegalJson();
  };
  int64_t position = 0;
  for (const AnyEvent& e : log.events) {
    ++position;
    // Judged at its position, as the audit does (a malformed seq is
    // already a malformed event, read by games/log.h).
    std::optional<Verdict> verdict;
    if (!e.seq || *e.seq == position) {
      verdict = match->Step(e);
    } else {
      AnyEvent positional = e;
      positional.seq = position;
      verdict = match->Step(positional);
    }
    if (verdict) {
      out.findings.push_back(Found{
          e.seq.value_or(position), e.seat,
          e.malformed ? e.malformed->type : std::optional<std::string>(log.kind->TypeName(e.type)),
          std::move(*verdict)});
    }
    snapshot(position);
  }
  return out;
}

class Checker {
 public:
  Checker(const AnyGameLog& log, ScenarioReport& report) : log_(log), report_(report) {}

  void Run(const json::object& expect) {
    std::set<int64_t> ats;
    for (const char* key : {"states", "legal"}) {
      if (const json::value* items = expect.if_contains(key)) {
        for (const json::value& item : items->get_array())
          ats.insert(item.get_object().at("at").to_number<int64_t>());
      }
    }
    folded_ = Fold(log_, ats);
    Verdict(expect);
    if (const json::value* states = expect.if_contains("states")) {
      for (const json::value& s : states->get_array()) State(s.get_object());
    }
    if (const json::value* legal = expect.if_contains("legal")) {
      for (const json::value& l : legal->get_array()) Legal(l.get_object());
    }
  }

 private:
  void Fail(const std::string& line) { report_.failures.push_back(report_.name + ": " + line); }

  // Counts an expectation as passed when it added no failure since `before`.
  void Count(size_t before) {
    if (report_.failures.size() == before) ++report_.passed;
  }

  void Verdict(const json::object& expect) {
    const size_t before = report_.failures.size();
    const std::vector<Found>& findings = folded_.findings;
    if (IsString(expect.if_contains("verdict"), "clean")) {
      if (!findings.empty()) {
        Fail("verdict \"clean\": expected no violation, found " + std::to_string(findings.size()) +
             ": " + FindingsText(findings));
      }
      return Count(before);
    }
    const json::array& wanted = expect.at("violations").get_array();
    if (wanted.size() != findings.size()) {
      Fail("violations: expected " + std::to_string(wanted.size()) + ", found " +
           std::to_string(findings.size()) + ": " + FindingsText(findings));
      return;
    }
    for (size_t i = 0; i < wanted.size(); ++i) Violation(wanted[i].get_object(), findings[i], i);
    Count(before);
  }

  void Violation(const json::object& want, const Found& found, size_t i) {
    const std::string where = "violations[" + std::to_string(i) + "]";
    json::object fields = want;
    fields.erase("message_contains");
    Lines diffs = SubsetMismatches(fields, FindingJson(found), where);
    if (const json::value* part = want.if_contains("message_contains")) {
      // The sentence for the full view (the adjudicator's, with what was
      // hidden from the player): Verdict::message.
      const std::string& message = found.verdict.message;
      if (message.find(part->get_string().c_str()) == std::string::npos) {
        diffs.push_back(where + ".message: expected it to contain " + Render(*part) + ", found " +
                        Render(json::value(message)));
      }
    }
    for (const std::string& d : diffs) Fail(d + " (the finding: " + FindingText(found) + ")");
  }

  // The `at` of a states/legal entry, or nullopt (and a failure) past the log.
  std::optional<int64_t> At(const json::object& entry, const std::string& what) {
    int64_t at = entry.at("at").to_number<int64_t>();
    if (at > static_cast<int64_t>(log_.events.size())) {
      Fail(what + " at seq " + std::to_string(at) + ": past the end of the log (" +
           std::to_string(log_.events.size()) + " events)");
      return std::nullopt;
    }
    return at;
  }

  void State(const json::object& entry) {
    const size_t before = report_.failures.size();
    std::optional<int64_t> at = At(entry, "state");
    if (!at) return;
    const json::value state = folded_.states.at(*at);
    for (const std::string& d : SubsetMismatches(entry.at("expect"), state)) {
      Fail("at seq " + std::to_string(*at) + ": " + d);
    }
    Count(before);
  }

  void Legal(const json::object& entry) {
    const size_t before = report_.failures.size();
    std::optional<int64_t> at = At(entry, "legal");
    if (!at) return;
    const json::array& legal = folded_.legal.at(*at);
    const std::string prefix = "at seq " + std::to_string(*at) + ": legal: ";
    auto matching = [&](const json::value& want) -> const json::value* {
      for (const json::value& action : legal) {
        if (SubsetMatches(want, action)) return &action;
      }
      return nullptr;
    };
    if (const json::value* includes = entry.if_contains("includes")) {
      for (const json::value& want : includes->get_array()) {
        if (!matching(want))
          Fail(prefix + "expected an action matching " + Render(want) + ", found none in " +
               Render(legal));
      }
    }
    if (const json::value* excludes = entry.if_contains("excludes")) {
      for (const json::value& unwanted : excludes->get_array()) {
        if (const json::value* hit = matching(unwanted)) {
          Fail(prefix + "expected no action matching " + Render(unwanted) + ", found " +
               Render(*hit));
        }
      }
    }
    if (const json::value* exactly = entry.if_contains("exactly")) {
      if (exactly->to_number<int64_t>() != static_cast<int64_t>(legal.size())) {
        Fail(prefix + "expected exactly " + Render(*exactly) + " actions, found " +
             std::to_string(legal.size()) + ": " + Render(legal));
      }
    }
    Count(before);
  }

  const AnyGameLog& log_;
  ScenarioReport& report_;
  Folded folded_;
};

// Reads the one game of a scenario log, of any game (games/log.h), or adds
// a failure.
std::optional<AnyGameLog> ReadScenarioLog(const std::string& log_text, ScenarioReport& report) {
  std::istringstream in(log_text);
  auto read = ReadAnyLog(in);
  const std::string file = report.name + std::string(kLogSuffix);
  if (const LogError* error = std::get_if<LogError>(&read)) {
    report.failures.push_back(report.name + ": " + file + ": " + error->ToString());
    return std::nullopt;
  }
  std::vector<AnyGameLog>& games = std::get<std::vector<AnyGameLog>>(read);
  if (games.size() != 1) {
    std::string ids;
    for (const AnyGameLog& g : games) ids += (ids.empty() ? "" : ", ") + g.game;
    report.failures.push_back(report.name + ": " + file + ": a scenario is one game, found " +
                              std::to_string(games.size()) + (ids.empty() ? "" : " (" + ids + ")"));
    return std::nullopt;
  }
  return std::move(games.front());
}

// Reads and checks an expectation document, or adds failures.
std::optional<json::object> ReadExpectationText(const std::string& text, const Game* game,
                                               ScenarioReport& report) {
  std::variant<json::object, Lines> read = ReadExpectation(text, game);
  if (json::object* expect = std::get_if<json::object>(&read)) return std::move(*expect);
  const std::string file = report.name + std::string(kExpectSuffix);
  for (const std::string& e : std::get<Lines>(read)) {
    report.failures.push_back(report.name + ": " + file + ": " + e);
  }
  return std::nullopt;
}

std::optional<std::string> ReadFile(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  if (!in) return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  if (in.bad()) return std::nullopt;
  return text.str();
}

}  // namespace

std::vector<std::string> SubsetMismatches(const json::value& expected, const json::value& found,
                                          const std::string& path) {
  Lines out;
  Mismatches(expected, found, path, out);
  return out;
}

bool SubsetMatches(const json::value& expected, const json::value& found) {
  return SubsetMismatches(expected, found).empty();
}

ScenarioReport CheckScenarioText(const std::string& name, const std::string& log_text,
                                 const std::string& expect_text) {
  ScenarioReport report;
  report.name = name;
  // The log first, so that the expectation's codes and types are checked
  // against its game's; its failures are still reported after the
  // expectation's.
  ScenarioReport log_report;
  log_report.name = name;
  std::optional<AnyGameLog> game = ReadScenarioLog(log_text, log_report);
  std::optional<json::object> expect =
      ReadExpectationText(expect_text, game ? game->kind : nullptr, report);
  for (std::string& f : log_report.failures) report.failures.push_back(std::move(f));
  if (expect && game) Checker(*game, report).Run(*expect);
  return report;
}

ScenarioReport CheckScenario(const std::string& jsonl_path) {
  std::string name = fs::path(jsonl_path).filename().string();
  if (EndsWith(name, kLogSuffix)) name.resize(name.size() - kLogSuffix.size());
  const std::string expect_path = ExpectationPath(jsonl_path);
  std::optional<std::string> log_text = ReadFile(jsonl_path);
  std::optional<std::string> expect_text = ReadFile(expect_path);
  if (!log_text || !expect_text) {
    ScenarioReport report;
    report.name = name;
    if (!log_text) report.failures.push_back(name + ": cannot read the log " + jsonl_path);
    if (!expect_text)
      report.failures.push_back(name + ": cannot read the expectation " + expect_path);
    return report;
  }
  return CheckScenarioText(name, *log_text, *expect_text);
}

std::string ExpectationPath(const std::string& jsonl_path) {
  std::string base = jsonl_path;
  if (EndsWith(base, kLogSuffix)) base.resize(base.size() - kLogSuffix.size());
  return base + std::string(kExpectSuffix);
}

namespace {

// Every regular file under dir, sorted; none when dir does not exist.
std::vector<std::string> FilesUnder(const std::string& dir) {
  std::vector<std::string> files;
  std::error_code ec;
  if (!fs::is_directory(dir, ec)) return files;
  for (fs::recursive_directory_iterator it(dir, fs::directory_options::skip_permission_denied, ec),
       end;
       !ec && it != end; it.increment(ec)) {
    if (it->is_regular_file(ec)) files.push_back(it->path().string());
  }
  std::sort(files.begin(), files.end());
  return files;
}

}  // namespace

std::vector<std::string> FindScenarios(const std::string& dir) {
  std::vector<std::string> found;
  for (const std::string& f : FilesUnder(dir)) {
    if (EndsWith(f, kLogSuffix) && fs::exists(ExpectationPath(f))) found.push_back(f);
  }
  return found;
}

std::vector<std::string> FindUnpairedFiles(const std::string& dir) {
  std::vector<std::string> unpaired;
  for (const std::string& f : FilesUnder(dir)) {
    if (EndsWith(f, kLogSuffix) && !fs::exists(ExpectationPath(f))) unpaired.push_back(f);
    if (EndsWith(f, kExpectSuffix)) {
      std::string log = f.substr(0, f.size() - kExpectSuffix.size()) + std::string(kLogSuffix);
      if (!fs::exists(log)) unpaired.push_back(f);
    }
  }
  return unpaired;
}

}  // namespace pli
