// chain_check.h: tamper evidence. Checks a game's hash chain and head
// (referee/chain.h, schema/STORE.md), as read from a store or a file, and
// reads a stored game back into the log of any game (games/log.h) that
// audit and replay judge with its Match. Super Président's typed half:
// games/president/replay/chain_check.h.
#ifndef PLI_REPLAY_CHAIN_CHECK_H_
#define PLI_REPLAY_CHAIN_CHECK_H_

#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/game.h"
#include "games/log.h"
#include "referee/chain.h"
#include "referee/store.h"
#include "schema/record.h"

namespace pli {

enum class ChainStatus { kNone, kOk, kBroken };
// "none", "ok", "broken" (INTERFACE.md §2, audit JSON).
const char* ChainStatusName(ChainStatus status);

// Where the chain fails and why.
struct ChainProblem {
  int64_t seq = 0;
  std::string message;
};

// The chain verdict of a game. kNone: a file whose events carry no hash.
struct ChainCheck {
  ChainStatus status = ChainStatus::kNone;
  std::vector<ChainProblem> problems;  // in seq order; empty unless broken
};

// What a games row's copies of its game event get wrong, "" when nothing:
// the id its rows are stored under (`game`) against the game event's own
// (a renamed or swapped id), and its ruleset and seats (schema/STORE.md §2).
std::string GameRowProblem(std::string_view game, std::string_view ruleset,
                           std::string_view seats, const GameOpening& event);

// Checks every row of a stored game: seqs contiguous from 1, each body
// decodes (its game's RecordOf), each hash chains to the previous row's (an
// edited, removed or reordered row breaks its link) and its prev column is
// that hash, the columns agree with the body, the games row's copies agree
// with the game event (GameRowProblem), there is at least one row, and the
// recorded head is the last row (a cut-off tail leaves the head beyond it).
// `witness`, a head kept outside the database (every acknowledgement prints
// one), must be a row of the log with that hash. Each broken link is
// reported once, at its seq, and checking goes on from the stored hash.
// The log holds each event that decodes, as its game's AnyEvent; the game
// is the one its first body names (else its games row's ruleset; else the
// default game, whose reader says what is wrong with the bytes).
// (CheckStoredGame, games/president/replay/chain_check.h, is this in Super
// Président's own events, for its own tools.)
struct AnyCheckedGame {
  AnyGameLog log;  // lines empty; hashes are the stored hashes in hex
  ChainCheck chain;
  std::string ruleset;  // the games row's copies, as stored
  std::string seats;
  // Not empty when no game of this pli owns the game's bodies while their
  // chain holds (a game a newer pli added, issue 27): UnknownGameText. Its
  // events are then neither decoded nor judged (log.events is empty) and
  // `rows` counts them.
  std::string unknown;
  int64_t rows = 0;
};
AnyCheckedGame CheckStoredAnyGame(const StoredGame& stored, const std::optional<Head>& witness);
// What the tools say of a stored game whose first body no game owns (a game
// added by a newer pli, issue 27): "a game this pli does not know: its
// stored events begin with the byte 0x5a ('Z'), which none of this pli's
// games writes (super-president, skull-king); a newer pli reads it".
std::string UnknownGameText(std::string_view body);

// The game a stored game is of (CheckStoredAnyGame).
const Game& KindOfStored(const StoredGame& stored);

// Checks the `hash` fields of a game read from a JSON Lines file, one
// event at a time, for a game read as a stream (ReadAnyLogEvents): Add
// each event with its `hash` as written, in order, then Finish: kNone when
// no event carries one, else each must be the chain hash of its event.
// Memory holds the hash the next event chains to and the problems found;
// before the first hash of the game, the events without one are held as
// runs of seqs (reported only once a hash shows the game has a chain). Hashing costs as much as
// judging, and a log without hashes needs none: until a hash shows up,
// the events are kept unhashed (at most kDeferred of them, then hashed
// from then on), so a game without hashes is never hashed unless long.
class FileChainChecker {
 public:
  static constexpr size_t kDeferred = 1024;

  // `body` is the event's stored encoding, of any game; "" for a malformed
  // event, which has none. It may be moved from.
  void Add(std::string&& body, const std::string& written);
  ChainCheck Finish();

 private:
  void Link(const std::string* body, const std::optional<pli::Hash>& claimed, int64_t seq);
  void CatchUp();

  int64_t seq_ = 0;
  bool any_ = false;                // an event of the game carries a `hash`
  bool hashing_ = false;            // each event is hashed as it comes
  std::optional<pli::Hash> prev_ = kGenesis;
  ChainCheck check_;
  std::vector<std::pair<int64_t, int64_t>> unhashed_;  // runs [first, last] before any_
  std::vector<std::optional<std::string>> deferred_;  // bodies not hashed yet, before hashing_ (nullopt: malformed)
};

// Checks an exported game against a witness (an acknowledged SEQ:HASH),
// given the game's number of events and the `hash` written on its event
// witness.seq ("" when none, or no such event): that event must carry the
// hash `witness.hash`. A log without hashes cannot be checked, which is
// reported too. Adds what it finds to `check` (broken, at the witness's
// seq).
void CheckFileWitness(int64_t events, const std::string& written, const Head& witness,
                      ChainCheck& check);

// A problem of a database as a whole, not of one game's rows: `game` names
// the game it shows at ("" for none).
struct DatabaseProblem {
  std::string game;
  std::string message;
};

// Checks a database's games as a whole, given every game's row in
// creation order (EventStore::GameHeads): their creation numbers are 1, 2,
// ... (a gap is a game removed, a repeat a row inserted or edited); and,
// given a database witness db:N:HASH (as acknowledgements print it), that
// the first N games, at their recorded heads, hash to it (DatabaseHeadOf).
std::vector<DatabaseProblem> CheckDatabase(const std::vector<GameHead>& games,
                                           const std::optional<DatabaseHead>& witness);

// The games of an exported log as the database head hashes them, in the
// order of the file (an export of a whole database lists them in creation
// order, numbered 1, 2, ... here), given each game's id, its number of
// events and the `hash` written on its last event. nullopt, with `why`,
// when a game's last event carries no hash.
struct FileGameTail {
  std::string game;
  int64_t events = 0;
  std::string last_hash;
};
std::optional<std::vector<GameHead>> FileGameHeads(const std::vector<FileGameTail>& games,
                                                   std::string& why);

}  // namespace pli

#endif  // PLI_REPLAY_CHAIN_CHECK_H_
