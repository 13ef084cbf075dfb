// live.h: refereeing a live game in a database (INTERFACE.md §2): the
// commands new, deal, bid, exchange, play, pass, close and end. CLI11
// wiring: each builds the action from its arguments, calls referee/
// SubmitAny and prints the outcome; a game with a live path of its own
// (Super Président's, games/president/cli/live.cc) registers it in
// cli/game_commands.h and is called with the parsed arguments.
#ifndef PLI_CLI_LIVE_H_
#define PLI_CLI_LIVE_H_

#include <CLI/CLI.hpp>
#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include <boost/json/object.hpp>

#include "games/game.h"
#include "referee/clock.h"
#include "referee/referee.h"

namespace pli::cli {

struct LiveArgs {
  std::string db;
  std::string game;
  std::optional<int64_t> expect;
  std::optional<std::string> id;
  std::optional<std::string> time;  // RFC 3339; default: now, in UTC
  bool no_time = false;
  bool json = false;
  // new
  std::vector<std::string> seats;
  std::string ruleset = "super-president";
  std::vector<std::string> options;  // NAME=VALUE
  // deal
  std::optional<int64_t> seed;
  std::vector<std::string> hands;
  // exchange
  std::string from;
  std::string to;
  // play, pass, close
  std::string seat;
  std::vector<std::string> cards;
  std::string declare;
  // deal (Skull King): the turned card, with --hand
  std::string turned;
  // bid (Skull King)
  int64_t bid = 0;
  std::string cannon;
  // a game's own verb options (VerbFact::Option::field), by field: each
  // given one, as typed
  std::map<std::string, std::string> fields;
};

// The live commands, as added to the app.
struct LiveCommands {
  std::vector<CLI::App*> all;  // new, deal, exchange, play, pass, close, end
};

LiveCommands AddLiveCommands(CLI::App& app, LiveArgs& args);

// One option a verb takes (VerbFact::takes), wired to the arguments the
// event is built from; its help is the game's. A name the cli does not know
// and no `field` is a programming error (std::logic_error).
void AddVerbOption(CLI::App* c, const VerbFact::Option& option, LiveArgs& args,
                   const std::vector<std::string>& declares);

// The fields of a verb's event that its options fill (besides type, seq,
// id and at), from the parsed arguments, in the verb's order; `seats` are
// the game's seat names (--seat takes a number or a name). Throws
// std::runtime_error on a bad seat.
boost::json::object VerbFields(const VerbFact& verb, const LiveArgs& args,
                               const std::vector<std::string>& seats);

// Runs the live command that was parsed, if any: its exit status (0
// accepted or already recorded, 1 rejected or stale, 2 bad input, no such
// game, storage failure). Throws std::runtime_error on bad input.
std::optional<int> RunLive(const LiveCommands& commands, const LiveArgs& args);

// What every game's live path prints with.

using pli::NowUtc;  // referee/clock.h: the default --time

// Refuses (std::runtime_error) the names `pli new --seats` may not give, in
// every game: empty, a space at either end, a bare number (--seat N is seat
// number N), or a name given twice (INTERFACE.md §1: "`pli new` refuses
// duplicates"), since --seat NAME names a seat.
void CheckNewSeats(const std::vector<std::string>& seats);

// The outcome as --json's "result" names it.
const char* OutcomeName(Outcome outcome);

// `s` as one shell word: as it is when it is safe, else in single quotes.
std::string ShellWord(const std::string& s);

}  // namespace pli::cli

#endif  // PLI_CLI_LIVE_H_
