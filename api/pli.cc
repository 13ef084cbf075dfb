// pli.cc: the public API (include/pli/pli.h) over the game interface
// (games/game.h), the store (referee/) and the chain checks (replay/).
#include "pli/pli.h"

#include <boost/json/serialize.hpp>
#include <sstream>
#include <stdexcept>

#include "games/game.h"
#include "games/log.h"
#include "referee/open_store.h"
#include "referee/referee.h"
#include "replay/chain_check.h"
#include "replay/source.h"

namespace pli::api {
namespace {

Violation ToViolation(const Verdict& v) { return Violation{v.code, v.rule, v.message}; }

// An event line of `kind` as an AnyEvent (malformed when it is not one).
AnyEvent Read(const Game& kind, std::string_view line, int seats) {
  GameLine read = kind.ReadLine(line, seats);
  if (!read.object) throw std::runtime_error("not a JSON object: " + read.message);
  if (read.well_formed) return std::move(read.event);
  AnyEvent e;
  e.malformed = Malformed{read.type, -1, 0, read.field, read.message};
  return e;
}

class TableImpl final : public Table {
 public:
  explicit TableImpl(const Game& kind) : kind_(kind), match_(kind.NewMatch()) {}

  std::optional<Violation> Decide(std::string_view event) const override {
    AnyEvent e = Read(kind_, event, static_cast<int>(match_->Seats().size()));
    e.seq = match_->seq() + 1;
    if (std::optional<Verdict> v = match_->Decide(e)) return ToViolation(*v);
    return std::nullopt;
  }
  std::optional<Violation> Step(std::string_view event) override {
    AnyEvent e = Read(kind_, event, static_cast<int>(match_->Seats().size()));
    e.seq = match_->seq() + 1;
    if (std::optional<Verdict> v = match_->Step(e)) return ToViolation(*v);
    return std::nullopt;
  }
  int64_t Events() const override { return match_->seq(); }
  std::string StateJson() const override { return boost::json::serialize(match_->StateJson()); }
  std::string LegalJson() const override { return boost::json::serialize(match_->LegalJson()); }

 private:
  const Game& kind_;
  std::unique_ptr<Match> match_;
};

// Judges a game's events in order, every one (audit --continue).
void Judge(const Game& kind, const std::vector<AnyEvent>& events, GameAudit& out) {
  std::unique_ptr<Match> match = kind.NewMatch();
  for (size_t i = 0; i < events.size(); ++i) {
    AnyEvent e = events[i];
    e.seq = static_cast<int64_t>(i) + 1;
    if (std::optional<Verdict> v = match->Step(e)) {
      out.violations.push_back(ToViolation(*v));
      out.violation_seqs.push_back(*e.seq);
    }
  }
  out.events = static_cast<int64_t>(events.size());
}

class StoreImpl final : public Store {
 public:
  explicit StoreImpl(std::unique_ptr<EventStore> store) : store_(std::move(store)) {}

  std::vector<std::string> Games() override { return store_->Games(); }

  Submitted Submit(const std::string& game, std::string_view event,
                   std::optional<int64_t> expect) override {
    // The game's kind and seats, from its stored events (a game event
    // names its own).
    const Game* kind = &GameOfOpeningLine(event);
    int seats = 0;
    if (store_->HeadOf(game)) {
      if (std::optional<AnyLoadedGame> g = LoadAnyStoredGame(*store_, game)) {
        kind = g->log.kind;
        std::unique_ptr<Match> folded = kind->NewMatch();
        for (const AnyEvent& e : g->log.events) folded->Step(e);
        seats = static_cast<int>(folded->Seats().size());
      }
    }
    const AnySubmitResult r = SubmitAny(*store_, game, *kind, Read(*kind, event, seats), expect);
    Submitted out;
    out.outcome = static_cast<Submitted::Outcome>(static_cast<int>(r.outcome));
    out.seq = r.seq;
    if (r.outcome == Outcome::kAccepted || r.outcome == Outcome::kDuplicate) out.hash = HashHex(r.hash);
    out.head = r.head_seq;
    if (r.violation) out.violation = ToViolation(*r.violation);
    out.message = r.message;
    return out;
  }

  std::string Export(const std::string& game) override {
    std::optional<AnyLoadedGame> g = LoadAnyStoredGame(*store_, game);
    if (!g) throw std::runtime_error("no game \"" + game + "\"");
    std::string out;
    for (size_t i = 0; i < g->log.events.size(); ++i) {
      out += g->log.kind->EventJson(g->log.events[i].body, static_cast<int64_t>(i) + 1,
                                    g->log.hashes[i]);
      out += '\n';
    }
    return out;
  }

  GameAudit Audit(const std::string& game) override {
    std::optional<StoredGame> stored = store_->Read(game);
    if (!stored) throw std::runtime_error("no game \"" + game + "\"");
    AnyCheckedGame checked = CheckStoredAnyGame(*stored, std::nullopt);
    GameAudit out;
    out.game = game;
    out.chain = ChainStatusName(checked.chain.status);
    Judge(*checked.log.kind, checked.log.events, out);
    return out;
  }

 private:
  std::unique_ptr<EventStore> store_;
};

}  // namespace

std::string Version() { return "0.1"; }

// Every registered game's rulesets, from its facts (games/game.h).
std::vector<std::string> Rulesets() {
  std::vector<std::string> out;
  for (const pli::Game* game : pli::Games())
    for (const pli::RulesetFact& r : game->Facts().rulesets) out.push_back(r.name);
  return out;
}

std::unique_ptr<Table> Table::Open(std::string_view game_event, std::string* error) {
  const Game& kind = GameOfOpeningLine(game_event);
  auto table = std::make_unique<TableImpl>(kind);
  std::optional<Violation> v;
  try {
    v = table->Step(game_event);
  } catch (const std::exception& e) {
    if (error != nullptr) *error = e.what();
    return nullptr;
  }
  if (v) {
    if (error != nullptr) *error = v->message;
    return nullptr;
  }
  return table;
}

std::vector<GameAudit> AuditLog(std::string_view jsonl) {
  std::istringstream in{std::string(jsonl)};
  std::variant<std::vector<AnyGameLog>, LogError> read = ReadAnyLog(in);
  if (auto* error = std::get_if<LogError>(&read)) throw std::runtime_error(error->ToString());
  std::vector<GameAudit> out;
  for (AnyGameLog& log : std::get<std::vector<AnyGameLog>>(read)) {
    GameAudit audit;
    audit.game = log.game;
    FileChainChecker chain;
    for (size_t i = 0; i < log.events.size(); ++i) {
      chain.Add(std::string(log.events[i].body), log.hashes[i]);
    }
    audit.chain = ChainStatusName(chain.Finish().status);
    Judge(*log.kind, log.events, audit);
    out.push_back(std::move(audit));
  }
  return out;
}

std::unique_ptr<Store> Store::Open(const std::string& db, bool create) {
  try {
    return std::make_unique<StoreImpl>(
        OpenStore(db, create ? OpenMode::kCreate : OpenMode::kReadWrite));
  } catch (const std::exception& e) {
    throw std::runtime_error(e.what());
  }
}

}  // namespace pli::api
