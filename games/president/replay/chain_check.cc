// chain_check.cc: Super Président's half of the tamper evidence (see
// chain_check.h; the half of any game: replay/chain_check.cc).
#include "games/president/replay/chain_check.h"

#include <utility>
#include <variant>

#include "games/president/module.h"
#include "games/president/wire/event_codec.h"

namespace pli {

std::string GameRowProblem(std::string_view game, std::string_view ruleset,
                           std::string_view seats, const GameEvent& event) {
  return GameRowProblem(game, ruleset, seats, GameOpening{event.game, event.ruleset, event.seats});
}

CheckedGame CheckStoredGame(const StoredGame& stored, const std::optional<Head>& witness) {
  AnyCheckedGame any = CheckStoredAnyGame(stored, witness);
  CheckedGame out;
  out.log.game = std::move(any.log.game);
  out.log.events.reserve(any.log.events.size());
  for (size_t i = 0; i < any.log.events.size(); ++i) {
    if (any.log.kind == &PresidentGame()) {
      out.log.events.push_back(PresidentEvent(any.log.events[i]));
      out.log.hashes.push_back(std::move(any.log.hashes[i]));
    } else {
      const int64_t seq = any.log.events[i].seq.value_or(0);
      any.chain.status = ChainStatus::kBroken;
      any.chain.problems.push_back(
          ChainProblem{seq, "event " + std::to_string(seq) + " is an event of " +
                                std::string(any.log.kind->Name()) +
                                ", which this command does not read yet"});
    }
  }
  out.chain = std::move(any.chain);
  out.ruleset = std::move(any.ruleset);
  out.seats = std::move(any.seats);
  return out;
}

ChainCheck CheckFileChain(const GameLog& game) {
  bool any = false;
  for (const std::string& h : game.hashes) any = any || !h.empty();
  if (!any) return ChainCheck{};  // no chain, nothing to hash
  FileChainChecker checker;
  for (size_t i = 0; i < game.events.size(); ++i) {
    const bool malformed = std::holds_alternative<MalformedEvent>(game.events[i].body);
    checker.Add(malformed ? std::string() : EncodeEvent(game.events[i]),
                i < game.hashes.size() ? game.hashes[i] : std::string());
  }
  return checker.Finish();
}

std::vector<Finding> AuditByPosition(const std::vector<Event>& events, bool keep_going) {
  PositionAuditor auditor(keep_going);
  for (const Event& e : events) auditor.Add(e);
  return auditor.Take();
}

void PositionAuditor::Add(const Event& e) {
  // AuditGame over the events with their seq cleared, without copying the
  // log: an event whose seq is the position Decide expects (1 for the game
  // event of a state with none, else state.seq + 1: games/president/rules/decide.cc) is
  // judged as it is, since then its seq changes nothing; any other (only a
  // tampered store has one) as a copy without its seq.
  const int64_t position = ++position_;
  if (stopped_) return;
  const bool opens = std::holds_alternative<GameEvent>(e.body) && state_.phase == Phase::kNone;
  const int64_t expected = opens ? 1 : state_.seq + 1;
  std::optional<Violation> violation;
  if (!e.seq || *e.seq == expected) {
    violation = Step(state_, e);
  } else {
    Event positional = e;
    positional.seq.reset();
    violation = Step(state_, positional);
  }
  if (!violation) return;
  // Reported at the event's own seq (its position when it has none).
  findings_.push_back(Finding{e.seq.value_or(position), ActingSeat(e.body), TypeOf(e.body),
                              std::move(*violation), WrittenType(e.body)});
  if (!keep_going_) stopped_ = true;
}

}  // namespace pli
