// pli.h: pli's public API, for programs that embed its referee (issue 18).
// Link with `find_package(pli CONFIG)` and the target `pli::pli`, or with
// `pkg-config --cflags --libs pli`. Only standard C++20 types cross it:
// events, states and legal actions travel as their JSON text, exactly as
// `pli` reads and prints them (INTERFACE.md §1-§2), so a program needs no
// other header and no other library at build time.
//
// Every registered game works the same way (today Super Président, rulesets
// "super-president" and "classic", and Skull King, "skull-king",
// "skull-king-official" and "skull-king-original").
//
// Thread safety: a Table or a Store is used by one thread at a time; two
// Stores on one database file may be used by two threads or processes (the
// store serialises their writes, as `pli` does).
#ifndef PLI_PLI_H_
#define PLI_PLI_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

// Everything public is in pli::api (pli:: itself holds the internals).
namespace pli::api {

// The version of the library, "0.1".
std::string Version();

// The rulesets a game event may name.
std::vector<std::string> Rulesets();

// A rule an event breaks: the code of its game's rulebook
// ("not-your-turn"), the rule id ("P7", "SK-B4"; "" for malformed) and a
// sentence for the full view.
struct Violation {
  std::string code;
  std::string rule;
  std::string message;
};

// One game folded in memory: decide an action, apply it, look at the state
// and the legal actions. No storage: see Store for a durable log.
class Table {
 public:
  // A table opened by its game event, one JSON line
  // ({"type":"game","game":ID,"ruleset":R,"seats":[...]}). nullptr when
  // the line is not a well-formed game event of a registered game; `error`
  // (if given) then says why.
  static std::unique_ptr<Table> Open(std::string_view game_event, std::string* error = nullptr);
  virtual ~Table() = default;

  // Judges the next event of the game (a JSON line of its game, without
  // `seq`) without applying it: nullopt when it is legal.
  virtual std::optional<Violation> Decide(std::string_view event) const = 0;
  // Judges the event and applies it when legal. An illegal event changes
  // nothing (but the count of events).
  virtual std::optional<Violation> Step(std::string_view event) = 0;
  // The number of events folded, the game event included.
  virtual int64_t Events() const = 0;
  // `pli state --json` and `pli legal --json` of the game now.
  virtual std::string StateJson() const = 0;
  virtual std::string LegalJson() const = 0;
};

// The verdict of a game of a log (`pli audit --json`'s object for it).
struct GameAudit {
  std::string game;
  int64_t events = 0;
  std::string chain;                    // "ok", "none" or "broken"
  std::vector<Violation> violations;    // with --continue's rule: every illegal event
  std::vector<int64_t> violation_seqs;  // the seq of each violation
};

// Audits every game of a JSON Lines log (its text), as `pli audit --continue`
// does. Throws std::runtime_error naming the line when the log cannot be
// read (a line that is not a JSON object, events before any game event).
std::vector<GameAudit> AuditLog(std::string_view jsonl);

// What Store::Submit did.
struct Submitted {
  enum class Outcome { kAccepted, kDuplicate, kRejected, kStale, kNoGame };
  Outcome outcome = Outcome::kRejected;
  int64_t seq = 0;           // accepted, duplicate: the event's seq
  std::string hash;          // accepted, duplicate: its chain hash, hex
  int64_t head = 0;          // the log's head when the action was judged
  std::optional<Violation> violation;
  std::string message;       // one sentence, always set
};

// A durable, hash-chained event store: a SQLite file, or a PostgreSQL
// database named by a postgresql:// URI. Every error (an unreadable or
// foreign file, a refused write, a full disk) throws std::runtime_error.
class Store {
 public:
  // Opens (create: creates if need be) the store `db`.
  static std::unique_ptr<Store> Open(const std::string& db, bool create = true);
  virtual ~Store() = default;

  // The ids of its games, in creation order.
  virtual std::vector<std::string> Games() = 0;
  // Judges an action of `game` (a JSON line of its game's events, without
  // `seq`) and appends it when legal, durably, in one transaction
  // (`pli play` and the other live commands). A game event creates its
  // game. `expect` is the seq the caller last saw (nullopt: no check).
  virtual Submitted Submit(const std::string& game, std::string_view event,
                           std::optional<int64_t> expect = std::nullopt) = 0;
  // The game's log as JSON Lines with seq and hash (`pli export`).
  virtual std::string Export(const std::string& game) = 0;
  // Re-judges every event of `game` and checks its hash chain (`pli audit
  // --db --continue`'s verdict for it).
  virtual GameAudit Audit(const std::string& game) = 0;
};

}  // namespace pli::api

#endif  // PLI_PLI_H_
