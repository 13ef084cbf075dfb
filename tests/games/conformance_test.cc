// conformance_test.cc: issue 27's conformance suite, which every
// registered game runs from the registry (Games(); no game is named here),
// after OpenSpiel's RandomSimTest. Random games of each game, played by
// its bots (Game::MakeBot) on its seeded deals (Match::SeededDeal), are
// submitted through the referee (SubmitAny, referee/referee.h) into a
// temporary SQLite store, and checked against what the shared layers rely
// on (games/game.h, "The contracts"):
//   - the state's shape (StateJson: `phase`, `turn` agreeing with Turn(),
//     `hands` one list of cards per seat, `scores` one number per seat);
//   - the legal list's shape (`type`, `seat`; a play with `card` carries
//     `declare`), and every entry, built into an action as a client builds
//     it, accepted by Decide;
//   - every seat in ToAct() has a legal action; none once Over();
//   - `end` is legal after a finished game;
//   - the JSON round trip (EventJson, then ReadLineIn: the same body) and
//     the stored one (pli export, pli import into another store, pli
//     export: the same lines, hashes included, and the referee's hashes);
//   - the referee's match after each submit is the one folded here.
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <fstream>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "games/game.h"
#include "referee/chain.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "tests/cli/run.h"
#include "tests/games/play.h"
#include "tests/temp_dir.h"

namespace pli::games_test {
namespace {

// The action a legal entry stands for, as a line of its seat (the server's
// way: `seat`, or `from` when its game's reader asks for the giver): the
// game's exact action for it (Match::LegalActionsJson). "" when it has none.
std::string ActionLine(const Game& game, const bj::object& entry, std::optional<bj::object> a,
                       const bj::array& hands) {
  const int seat = static_cast<int>(entry.at("seat").as_int64());
  if (!a) return "";
  if (!a->contains("seat") && !a->contains("from")) (*a)["seat"] = seat;
  std::string line = bj::serialize(*a);
  if (!game.ReadLine(line, static_cast<int>(hands.size())).well_formed && a->contains("seat")) {
    a->erase("seat");
    (*a)["from"] = seat;
    line = bj::serialize(*a);
  }
  return line;
}

// games/game.h "The contracts": the state's and the legal list's shape,
// ToAct, `end` after a finished game, and every legal entry accepted.
// How often the contracts that need it met a finished game and a score
// (each game must, or its random games proved nothing of them).
struct Seen {
  int finished = 0;
  int scores = 0;
};

// `ended`: the last event was `end` (after which nothing is legal).
void CheckContracts(Seen& seen, const Game& game, const Match& m, int seats, bool ended, const std::string& where) {
  INFO(where);
  const bj::object state = m.StateJson();
  // The state: phase, turn, hands, scores.
  REQUIRE(state.contains("phase"));
  CHECK(state.at("phase").is_string());
  REQUIRE(state.contains("turn"));
  if (m.Turn() < 0) {
    CHECK(state.at("turn").is_null());
  } else {
    CHECK(state.at("turn") == bj::value(m.Turn()));
  }
  REQUIRE(state.contains("hands"));
  REQUIRE(state.at("hands").is_array());
  const bj::array& hands = state.at("hands").as_array();
  CHECK(static_cast<int>(hands.size()) == seats);
  for (const bj::value& h : hands) {
    REQUIRE(h.is_array());
    for (const bj::value& c : h.as_array()) CHECK(c.is_string());
  }
  if (const bj::value* scores = state.if_contains("scores")) {
    ++seen.scores;
    REQUIRE(scores->is_array());
    CHECK(static_cast<int>(scores->as_array().size()) == seats);
    for (const bj::value& s : scores->as_array()) CHECK(s.is_number());
  }
  // The legal list: its shape, and each entry accepted.
  const bj::array legal = m.LegalJson();
  std::set<int> acting;
  const bj::array actions = m.LegalActionsJson();
  REQUIRE(actions.size() == legal.size());  // aligned, one per entry
  for (size_t i = 0; i < legal.size(); ++i) {
    const bj::value& v = legal[i];
    REQUIRE(v.is_object());
    const bj::object& entry = v.as_object();
    INFO(bj::serialize(entry));
    REQUIRE(entry.contains("type"));
    CHECK(entry.at("type").is_string());
    REQUIRE(entry.contains("seat"));
    REQUIRE(entry.at("seat").is_int64());
    const int seat = static_cast<int>(entry.at("seat").as_int64());
    REQUIRE(seat >= 0);
    REQUIRE(seat < seats);
    acting.insert(seat);
    if (entry.contains("card")) CHECK(entry.contains("declare"));
    const std::string line = ActionLine(game, entry, ExactAction(actions, i), hands);
    INFO(line);
    REQUIRE(!line.empty());
    const GameLine read = game.ReadLine(line, seats);
    INFO(read.field << ": " << read.message);
    REQUIRE(read.well_formed);
    AnyEvent e = read.event;
    e.seq = m.seq() + 1;
    const std::optional<Verdict> v2 = m.Decide(e);
    INFO((v2 ? v2->code + " " + v2->rule + ": " + v2->message : ""));
    CHECK(!v2);
  }
  // Who must act can act; no one once the game is over.
  for (int seat : m.ToAct()) {
    INFO("seat " << seat << " must act");
    CHECK(acting.contains(seat));
  }
  if (m.Over()) CHECK(m.ToAct().empty());
  if (m.Over() && !ended) {
    ++seen.finished;
    // `end` after a finished game (the tools close a finished game so).
    const GameLine end = game.ReadLine(R"({"type":"end"})", seats);
    REQUIRE(end.well_formed);
    AnyEvent e = end.event;
    e.seq = m.seq() + 1;
    const std::optional<Verdict> v = m.Decide(e);
    INFO((v ? v->message : ""));
    CHECK(!v);
  }
}

std::string Slurp(const std::string& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

void PlayOne(Seen& seen, const Game& game, uint64_t seed, const test::TempDir& dir) {
  std::unique_ptr<Play> play = Play::Open(game, seed, /*hosted_only=*/false);
  REQUIRE(play != nullptr);
  const std::string opening = play->lines().front();
  INFO(game.Name() << " " << opening);
  const std::string id(bj::parse(opening).at("game").as_string());
  const std::string db = (dir.path / (id + ".db")).string();
  std::vector<std::string> hashes;
  {
    std::unique_ptr<EventStore> store = OpenSqliteStore(db, OpenMode::kCreate);
    auto submit = [&](const std::string& line, const Match& expected, int seats) {
      const GameLine read = game.ReadLine(line, seats);
      REQUIRE(read.well_formed);
      const AnySubmitResult r = SubmitAny(*store, id, game, read.event, static_cast<int64_t>(hashes.size()));
      INFO(line << ": " << r.message);
      REQUIRE(r.outcome == Outcome::kAccepted);
      REQUIRE(r.match != nullptr);
      CHECK(bj::serialize(r.match->StateJson()) == bj::serialize(expected.StateJson()));
      hashes.push_back(HashHex(r.hash));
    };
    submit(opening, play->match(), 0);
    CheckContracts(seen, game, play->match(), play->seats(), false, "after " + opening);
    while (std::optional<std::string> line = play->Next(500)) {
      play->Step(*line);
      submit(*line, play->match(), play->seats());
      CheckContracts(seen, game, play->match(), play->seats(), play->ended(), "after " + *line);
    }
  }
  // The JSON round trip, read as a log's later lines are (ReadLineIn).
  const GameLine first = game.ReadLine(opening, 0);
  for (size_t i = 0; i < play->events().size(); ++i) {
    const AnyEvent& e = play->events()[i];
    const std::string json = game.EventJson(e.body, static_cast<int64_t>(i + 1));
    INFO(json);
    const GameLine back = i == 0 ? game.ReadLine(json, 0) : game.ReadLineIn(json, play->seats(), first.context);
    REQUIRE(back.well_formed);
    CHECK(back.event.body == e.body);
    CHECK(back.seq == static_cast<int64_t>(i + 1));
  }
  // The stored round trip: export, import elsewhere, export again.
  const std::string out1 = (dir.path / (id + ".1.jsonl")).string();
  const std::string out2 = (dir.path / (id + ".2.jsonl")).string();
  const std::string db2 = (dir.path / (id + ".copy.db")).string();
  using test::Pli;
  using test::Quote;
  test::Result r = Pli("export --db " + Quote(db) + " --game " + Quote(id) + " --output " + Quote(out1));
  INFO(r.err);
  REQUIRE(r.status == 0);
  r = Pli("import --db " + Quote(db2) + " " + Quote(out1));
  INFO(r.err);
  REQUIRE(r.status == 0);
  r = Pli("export --db " + Quote(db2) + " --game " + Quote(id) + " --output " + Quote(out2));
  INFO(r.err);
  REQUIRE(r.status == 0);
  const std::string text = Slurp(out1);
  CHECK(text == Slurp(out2));
  std::istringstream lines(text);
  std::string line;
  size_t n = 0;
  while (std::getline(lines, line)) {
    if (line.empty()) continue;
    REQUIRE(n < hashes.size());
    CHECK(bj::parse(line).at("hash") == bj::value(hashes[n]));
    ++n;
  }
  CHECK(n == hashes.size());
}

TEST_CASE("every registered game conforms: random games through the referee", "[conformance]") {
  const test::TempDir dir;
  for (const Game* game : Games()) {
    Seen seen;
    for (uint64_t seed = 1; seed <= 10; ++seed) PlayOne(seen, *game, seed * 104729 + 27, dir);
    INFO(game->Name());
    CHECK(seen.finished > 0);
    CHECK(seen.scores > 0);
  }
}

}  // namespace
}  // namespace pli::games_test
