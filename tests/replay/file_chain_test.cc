// file_chain_test.cc: the streaming checks of a log file's game
// (replay/chain_check.h): FileChainChecker, which defers hashing until a
// hash shows up (at most FileChainChecker::kDeferred events, then hashes as
// it goes), gives CheckFileChain's verdict; PositionAuditor gives
// AuditByPosition's findings.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "games/president/rules/rules.h"
#include "referee/chain.h"
#include "games/president/replay/chain_check.h"
#include "games/president/wire/event_codec.h"
#include <variant>

namespace {

using namespace pli;

Event Ev(EventBody body) { return Event{std::move(body), {}, {}, {}}; }

// A game event, a deal, then `passes` passes by seat 3 (illegal: seat 2
// leads), each event with its true chain hash.
GameLog LongGame(int passes) {
  GameEvent game;
  game.game = "g1";
  game.seats = {"Alice", "Bob", "Carol", "Dan"};
  DealEvent deal;
  deal.hands.resize(4);
  for (int i = 0; i < kDeckSize; ++i) deal.hands[i % 4].push_back(Card(static_cast<uint8_t>(i)));
  GameLog log;
  log.game = "g1";
  log.events = {Ev(game), Ev(deal)};
  for (int i = 0; i < passes; ++i) log.events.push_back(Ev(PassEvent{3}));
  Hash prev = kGenesis;
  for (size_t i = 0; i < log.events.size(); ++i) {
    prev = ChainHash(prev, static_cast<int64_t>(i) + 1, EncodeEvent(log.events[i]));
    log.hashes.push_back(HashHex(prev));
  }
  return log;
}

// The log with the hashes of events 1 .. n dropped.
GameLog WithoutHashes(GameLog log, size_t n) {
  for (size_t i = 0; i < n && i < log.hashes.size(); ++i) log.hashes[i].clear();
  return log;
}

int Count(const ChainCheck& check, const std::string& words) {
  int n = 0;
  for (const ChainProblem& p : check.problems) n += p.message.find(words) != std::string::npos;
  return n;
}

// FileChainChecker fed as audit feeds it: each event moved in.
ChainCheck Streamed(GameLog log) {
  FileChainChecker checker;
  for (size_t i = 0; i < log.events.size(); ++i) {
    const bool malformed = std::holds_alternative<MalformedEvent>(log.events[i].body);
    checker.Add(malformed ? std::string() : EncodeEvent(log.events[i]), log.hashes[i]);
  }
  return checker.Finish();
}

void CheckSame(const ChainCheck& a, const ChainCheck& b) {
  CHECK(a.status == b.status);
  REQUIRE(a.problems.size() == b.problems.size());
  for (size_t i = 0; i < a.problems.size(); ++i) {
    CHECK(a.problems[i].seq == b.problems[i].seq);
    CHECK(a.problems[i].message == b.problems[i].message);
  }
}

}  // namespace

TEST_CASE("chain: a log without hashes has no chain, however long") {
  const GameLog log = WithoutHashes(LongGame(3000), 5000);
  CHECK(CheckFileChain(log).status == ChainStatus::kNone);
  CHECK(Streamed(log).status == ChainStatus::kNone);
  CHECK(Streamed(log).problems.empty());
}

TEST_CASE("chain: hashes from event N on are checked against the chain from event 1") {
  for (const size_t unhashed : {size_t{2}, FileChainChecker::kDeferred - 1,
                                FileChainChecker::kDeferred, FileChainChecker::kDeferred + 400}) {
    INFO("events without a hash: " << unhashed);
    const GameLog log = WithoutHashes(LongGame(1500), unhashed);
    const ChainCheck check = CheckFileChain(log);
    CHECK(check.status == ChainStatus::kBroken);
    CHECK(Count(check, "carries no hash") == static_cast<int>(unhashed));
    CHECK(Count(check, "does not match") == 0);  // the chain was carried over them
    CheckSame(check, Streamed(log));

    GameLog edited = log;  // the last event changed: its hash no longer matches
    edited.events.back() = Ev(PassEvent{1});
    const ChainCheck broken = CheckFileChain(edited);
    CHECK(Count(broken, "does not match") == 1);
    CHECK(broken.problems.back().seq == static_cast<int64_t>(edited.events.size()));
    CheckSame(broken, Streamed(edited));
  }
}

TEST_CASE("chain: a malformed event without a hash leaves the next link unknown") {
  GameLog log = WithoutHashes(LongGame(1200), 1100);
  log.events[1099] = Ev(MalformedEvent{});
  const ChainCheck check = CheckFileChain(log);
  CHECK(Count(check, "carries no hash") == 1099);  // the malformed one is not a chain problem
  CHECK(Count(check, "does not match") == 0);      // event 1101 cannot be checked
  CheckSame(check, Streamed(log));
}

TEST_CASE("audit: PositionAuditor finds what AuditByPosition finds") {
  const GameLog log = LongGame(50);
  for (const bool keep_going : {false, true}) {
    PositionAuditor auditor(keep_going);
    for (const Event& e : log.events) auditor.Add(e);
    const std::vector<Finding> streamed = auditor.Take();
    const std::vector<Finding> whole = AuditByPosition(log.events, keep_going);
    REQUIRE(streamed.size() == whole.size());
    CHECK(whole.size() == (keep_going ? 50u : 1u));
    for (size_t i = 0; i < whole.size(); ++i) {
      CHECK(streamed[i].seq == whole[i].seq);
      CHECK(streamed[i].violation.code == whole[i].violation.code);
    }
  }
}
