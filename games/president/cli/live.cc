// live.cc: Super Président's live commands (pli new, deal, exchange, play,
// pass, close, end: INTERFACE.md §2), on its own events and states through
// its typed Submit (games/president/referee/referee.h), registered with the cli
// (cli/game_commands.h) and called by cli/live.cc once it has checked the
// options every game shares. Its text and JSON are its own (the event's
// type, the next seat or what is owed, the violation as the actor sees it).
#include <boost/json.hpp>
#include <filesystem>
#include <iostream>
#include <random>
#include <stdexcept>

#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/live.h"
#include "games/president/rules/rules.h"
#include "engine/text.h"
#include "referee/memory_store.h"
#include "referee/open_store.h"
#include "games/president/referee/referee.h"
#include "games/president/referee/shuffle.h"
#include "games/president/wire/event_json.h"
#include "games/president/wire/state_json.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitBadInput = 2;

[[noreturn]] void Bad(const std::string& message) { throw std::runtime_error(message); }

// Cards as typed: each argument may hold several, separated by commas or
// spaces; any spelling of RULES.md C1.
CardList ParseCards(const std::vector<std::string>& args, const std::string& what) {
  CardList cards;
  for (const std::string& arg : args) {
    std::string word;
    for (size_t i = 0; i <= arg.size(); ++i) {
      if (i < arg.size() && arg[i] != ',' && arg[i] != ' ') {
        word += arg[i];
        continue;
      }
      if (word.empty()) continue;
      std::optional<Card> card = ParseCard(word);
      if (!card) Bad(what + ": unknown card \"" + word + "\" (cards are written like 7h, Ts, 10d, Q♥)");
      cards.push_back(*card);
      word.clear();
    }
  }
  if (cards.empty()) Bad(what + ": name at least one card");
  return cards;
}

// A seat by number or by name (a number wins; an ambiguous name is refused).
int ResolveSeat(const std::string& text, const State& state, const std::string& option) {
  std::vector<int> named;
  for (int s = 0; s < state.seats; ++s) {
    if (text == std::to_string(s)) return s;
    if (text == state.seat_names[s]) named.push_back(s);
  }
  if (named.size() == 1) return named.front();
  std::string seats;
  for (int s = 0; s < state.seats; ++s) {
    seats += (seats.empty() ? "" : ", ") + std::to_string(s) + " " + EscapeForTerminal(state.seat_names[s]);
  }
  Bad(option + " " + text + (named.empty() ? ": no such seat" : ": several seats have that name") +
      " in game \"" + EscapeForTerminal(state.game) + "\" (seats: " + seats + "); give the seat's number");
}

GameEvent BuildGame(const LiveArgs& args) {
  GameEvent g;
  g.game = args.game;
  g.ruleset = args.ruleset;
  std::string pending;
  std::optional<Options> preset = Preset(args.ruleset, &pending);
  if (!preset && !pending.empty()) Bad("--ruleset " + args.ruleset + ": " + pending);  // HOUSE_RULES.md §13
  if (!preset) Bad("--ruleset " + args.ruleset + ": unknown (known: " + PresetNamesText(false) + ")");
  g.options = *preset;
  for (const std::string& option : args.options) {
    const size_t eq = option.find('=');
    if (eq == std::string::npos) Bad("--option " + option + ": write it as NAME=VALUE");
    const std::string name = option.substr(0, eq);
    std::string problem = SetOption(g.options, name, option.substr(eq + 1));
    if (!problem.empty()) Bad("--option " + option + ": " + problem);
    if (std::optional<std::string> text = OptionText(g.options, name))
      g.overrides.emplace_back(name, *text);  // canonical text
  }
  // H-A2: options refused together.
  if (std::string refused = RefusedCombination(g.options); !refused.empty()) Bad("--option: " + refused);
  CheckNewSeats(args.seats);
  // H-A2, H-K1: a pattern of p pairs needs 2p seated players.
  if (std::string refused = ExchangeSeatsRefusal(g.options, static_cast<int>(args.seats.size()));
      !refused.empty())
    Bad("--option: " + refused);
  g.seats = args.seats;
  return g;
}

DealEvent BuildDeal(const LiveArgs& args, const State& state) {
  DealEvent d;
  if (!args.hands.empty()) {
    if (args.seed) Bad("give --seed or --hand, not both");
    for (size_t i = 0; i < args.hands.size(); ++i) {
      d.hands.push_back(ParseCards({args.hands[i]}, "--hand " + std::to_string(i + 1)));
    }
    return d;
  }
  std::random_device device;
  d.seed = args.seed ? *args.seed
                     : static_cast<int64_t>((uint64_t{device()} << 32) | uint64_t{device()});
  d.hands = DealFromSeed(state.seats, *d.seed, state.order.deck);
  return d;
}

Declare ParseDeclare(const std::string& text) {
  if (text.empty()) return Declare::kNone;
  if (text == "suite") return Declare::kSuite;
  if (text == "reverse") return Declare::kReverse;
  Bad("--declare " + text + ": a Super Président play declares suite or reverse");
}

EventBody BuildBody(const std::string& command, const LiveArgs& args, const State& state) {
  if (command == "new") return BuildGame(args);
  if (command == "deal") return BuildDeal(args, state);
  if (command == "exchange") {
    return ExchangeEvent{ResolveSeat(args.from, state, "--from"), ResolveSeat(args.to, state, "--to"),
                         ParseCards(args.cards, "CARDS")};
  }
  if (command == "play") {
    return PlayEvent{ResolveSeat(args.seat, state, "--seat"), ParseCards(args.cards, "CARDS"),
                     ParseDeclare(args.declare)};
  }
  if (command == "pass") return PassEvent{ResolveSeat(args.seat, state, "--seat")};
  if (command == "close") {
    return CloseEvent{ResolveSeat(args.seat, state, "--seat"), ParseCards(args.cards, "CARDS")};
  }
  if (command == "end") return EndEvent{};
  // Any other verb is not an action of Super Président: refused as bad
  // usage before anything is read or written (issue 27: it once became
  // `end`, which closes a game for good, RULES.md G1).
  Bad("pli " + command + " is not an action of Super Président (its actions: new, deal, exchange, "
      "play, pass, close, end); nothing was written");
}

std::string SeatText(int seat, const State& state) {
  if (seat < 0) return "nobody";
  std::string text = "seat " + std::to_string(seat);
  if (seat < static_cast<int>(state.seat_names.size())) text += " (" + EscapeForTerminal(state.seat_names[seat]) + ")";
  return text;
}

// What happens next, for a person: whose turn, or what is owed.
std::string NextText(const State& state) {
  switch (state.phase) {
    case Phase::kExchange: return "next: the gifts of the exchange (pli legal lists them)";
    case Phase::kPlay: return "next: " + SeatText(state.turn, state) + " to act";
    case Phase::kMancheOver:
      return state.ended ? "the game is over" : "next: deal the next manche (pli deal)";
    case Phase::kGameOver: return "the game is over";
    default: return "";
  }
}

// INTERFACE.md §2: a malformed action (e.g. 3 seats, seat 9) is bad input,
// exit 2 as for a malformed log line; a rule violation or a stale
// expectation is a refusal, exit 1.
int ExitOf(const SubmitResult& r) {
  switch (r.outcome) {
    case Outcome::kAccepted:
    case Outcome::kDuplicate: return kExitOk;
    case Outcome::kNoGame: return kExitBadInput;
    default: break;
  }
  if (r.violation && r.violation->code == Code::kMalformed) return kExitBadInput;
  return kExitRejected;
}

// The database head after an acknowledged action (schema/STORE.md §3),
// read once the action is committed: it covers the action and everything
// committed before the read.
std::optional<DatabaseHead> DatabaseHeadAfter(EventStore& store, const SubmitResult& r) {
  if (r.outcome != Outcome::kAccepted && r.outcome != Outcome::kDuplicate) return std::nullopt;
  return store.CurrentDatabaseHead();
}

void PrintJson(const std::string& game, const Event& action, const SubmitResult& r,
               const std::optional<DatabaseHead>& database) {
  boost::json::object o;
  o["result"] = OutcomeName(r.outcome);
  o["game"] = game;
  o["head"] = r.head_seq;
  if (r.outcome == Outcome::kAccepted || r.outcome == Outcome::kDuplicate) {
    o["seq"] = r.seq;
    o["hash"] = HashHex(r.hash);
  }
  // The acting player reads the refusal: their sentence, nothing hidden
  // from them (issue 11 item 5).
  if (r.violation) o["violation"] = ViolationToJson(*r.violation, Audience::kActor);
  o["message"] = r.message;
  o["event"] = boost::json::parse(EventToJson(action));
  if (ExitOf(r) == kExitBadInput) o["error"] = ErrorMember(r.message);  // INTERFACE.md §2
  if (r.outcome == Outcome::kAccepted) {
    o["phase"] = PhaseName(r.state.phase);
    o["turn"] = r.state.turn >= 0 ? boost::json::value(r.state.turn) : boost::json::value(nullptr);
  }
  if (database) o["database_head"] = DatabaseHeadText(*database);
  std::cout << boost::json::serialize(o) << "\n";
}

void PrintText(const LiveArgs& args, const Event& action, const SubmitResult& r,
               const std::optional<DatabaseHead>& database) {
  const std::string& game = args.game;
  const std::string what = std::string(TypeName(TypeOf(action.body)));
  if (r.outcome == Outcome::kAccepted || r.outcome == Outcome::kDuplicate) {
    std::cout << (r.outcome == Outcome::kAccepted ? "recorded" : "already recorded") << ": event "
              << r.seq << " of game \"" << EscapeForTerminal(game) << "\" (" << what << ")\n"
              << "hash " << HashHex(r.hash) << "\n"
              << "  (keep it: pli audit --db " << ShellWord(StoreName(args.db)) << " --game "
              << ShellWord(game) << " --head " << r.seq << ":" << HashHex(r.hash)
              << "\n   proves later that nothing up to here was cut or rewritten)\n";
    if (database) std::cout << "database head " << DatabaseHeadText(*database) << "\n";
    if (r.outcome == Outcome::kAccepted) std::cout << NextText(r.state) << "\n";
    return;
  }
  std::cerr << "pli: " << what << " refused";
  if (r.violation && r.violation->code != Code::kMalformed) {
    std::cerr << ": " << CodeName(r.violation->code) << " (" << r.violation->rule << ")";
  }
  std::cerr << ": " << EscapeForTerminal(r.message) << "\nnothing was written; the log is at seq " << r.head_seq
            << "\n";
}

// A live command on a game of Super Président (cli/live.cc has checked the
// game id, --id, the seat names and the time).
int RunPresidentLive(const std::string& command, const LiveArgs& args) {
  const bool judge_first = command == "new" && !std::filesystem::exists(args.db);
  for (bool judging = judge_first;; judging = false) {
    std::unique_ptr<EventStore> store =
        judging ? NewMemoryStore()
                : OpenStore(args.db, command == "new" ? OpenMode::kCreate : OpenMode::kReadWrite);
    State state;
    if (command != "new") {
      std::optional<State> loaded = LoadState(*store, args.game);
      if (!loaded) Bad(EscapeForTerminal(StoreName(args.db)) + " has no game \"" + EscapeForTerminal(args.game) + "\"");
      state = std::move(*loaded);
    }
    Event action{.body = BuildBody(command, args, state)};
    action.id = args.id;
    if (!args.no_time) action.at = args.time ? *args.time : NowUtc();
    const SubmitResult result = Submit(*store, args.game, action, args.expect);
    if (judging && result.outcome == Outcome::kAccepted) continue;  // now for real
    const std::optional<DatabaseHead> database =
        judging ? std::nullopt : DatabaseHeadAfter(*store, result);
    if (args.json) {
      PrintJson(args.game, action, result, database);
    } else {
      PrintText(args, action, result, database);
    }
    return ExitOf(result);
  }
}

// Registered under the game's name (games/president/module.cc: "super-president").
const bool registered = RegisterGameCommands({.game = "super-president", .live = RunPresidentLive});

}  // namespace
}  // namespace pli::cli
