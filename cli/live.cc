// live.cc: the live refereeing commands (see live.h).
#include "cli/live.h"
#include "cli/seat_names.h"

#include <algorithm>
#include <boost/json.hpp>
#include <cctype>
#include <chrono>
#include <cstring>
#include <ctime>
#include <filesystem>
#include <iostream>
#include <random>
#include <stdexcept>

#include "cli/error.h"
#include "cli/game_commands.h"
#include "cli/game_facts.h"
#include "engine/text.h"
#include "games/game.h"
#include "referee/memory_store.h"
#include "referee/open_store.h"
#include "referee/referee.h"
#include "referee/sqlite_store.h"
#include "replay/chain_check.h"
#include "replay/source.h"

namespace pli::cli {
namespace {

constexpr int kExitOk = 0;
constexpr int kExitRejected = 1;
constexpr int kExitBadInput = 2;

[[noreturn]] void Bad(const std::string& message) { throw std::runtime_error(message); }

// INTERFACE.md §1: a game id, an --id and a seat name hold no control
// character (U+0000-U+001F, U+007F-U+009F) and are UTF-8. Refused before the
// database is opened; the referee refuses them too (Submit), for any client.
void RefuseControl(const std::string& option, const std::string& what, const std::string& text) {
  if (HasControlOrBadUtf8(text)) {
    Bad(option + ": " + what + " \"" + EscapeForTerminal(text) +
        "\" holds a control character or is not UTF-8 (INTERFACE.md §1)");
  }
}

// RFC 3339 date-time: YYYY-MM-DDTHH:MM:SS, optional fraction, then Z or
// +HH:MM / -HH:MM ('t' and 'z' allowed, as RFC 3339 says).
bool IsRfc3339(const std::string& t) {
  auto digits = [&](size_t at, size_t n) {
    if (at + n > t.size()) return false;
    for (size_t i = at; i < at + n; ++i) {
      if (t[i] < '0' || t[i] > '9') return false;
    }
    return true;
  };
  if (!digits(0, 4) || t.size() < 20 || t[4] != '-' || !digits(5, 2) || t[7] != '-' ||
      !digits(8, 2) || (t[10] != 'T' && t[10] != 't') || !digits(11, 2) || t[13] != ':' ||
      !digits(14, 2) || t[16] != ':' || !digits(17, 2)) {
    return false;
  }
  size_t i = 19;
  if (t[i] == '.') {
    size_t start = ++i;
    while (i < t.size() && t[i] >= '0' && t[i] <= '9') ++i;
    if (i == start) return false;
  }
  if (i < t.size() && (t[i] == 'Z' || t[i] == 'z')) return i + 1 == t.size();
  return i + 6 == t.size() && (t[i] == '+' || t[i] == '-') && digits(i + 1, 2) &&
         t[i + 3] == ':' && digits(i + 4, 2);
}

}  // namespace

void CheckNewSeats(const std::vector<std::string>& seats) {
  for (size_t i = 0; i < seats.size(); ++i) {
    const std::string& name = seats[i];
    if (name.empty()) Bad("--seats: a seat name must not be empty");
    if (name.front() == ' ' || name.back() == ' ') {
      Bad("--seats: \"" + name + "\" begins or ends with a space; write the name without it");
    }
    if (name.find_first_not_of("0123456789") == std::string::npos) {
      Bad("--seats: \"" + name + "\" is a number, and --seat N means seat number N; give the "
          "seat a name with a letter in it");
    }
    for (size_t j = 0; j < i; ++j) {
      if (seats[j] == seats[i]) {
        Bad("--seats: \"" + seats[i] + "\" is named twice; seats are named by --seat NAME, "
            "so names must differ");
      }
    }
  }
}

const char* OutcomeName(Outcome outcome) {
  switch (outcome) {
    case Outcome::kAccepted: return "accepted";
    case Outcome::kDuplicate: return "duplicate";
    case Outcome::kRejected: return "rejected";
    case Outcome::kStale: return "stale";
    case Outcome::kNoGame: return "no-game";
  }
  return "rejected";
}

std::string ShellWord(const std::string& s) {
  bool plain = !s.empty();
  for (char c : s) {
    plain = plain && (std::isalnum(static_cast<unsigned char>(c)) || std::strchr("_-.,/:@%+=", c));
  }
  if (plain) return s;
  std::string quoted = "'";
  for (char c : s) quoted += c == '\'' ? std::string("'\\''") : std::string(1, c);
  return quoted + "'";
}

namespace {

// ---------------------------------------------------------------------------
// A game without a live path of its own (every game but Super Président):
// the action is written as the JSON line of its event (INTERFACE.md §1)
// from the options, read by its game's reader and judged through the game
// interface (SubmitAny).

// A seat by number or by name, among `names`.
int ResolveAnySeat(const std::string& text, const std::vector<std::string>& names,
                   const std::string& game, const std::string& option) {
  std::vector<int> named;
  for (int s = 0; s < static_cast<int>(names.size()); ++s) {
    if (text == std::to_string(s)) return s;
    if (text == names[s]) named.push_back(s);
  }
  if (named.size() == 1) return named.front();
  std::string seats;
  for (int s = 0; s < static_cast<int>(names.size()); ++s) {
    seats += (seats.empty() ? "" : ", ") + std::to_string(s) + " " + EscapeForTerminal(names[s]);
  }
  Bad(option + " " + text + (named.empty() ? ": no such seat" : ": several seats have that name") +
      " in game \"" + EscapeForTerminal(game) + "\" (seats: " + seats + "); give the seat's number");
}

// Card words as typed: each argument may hold several, separated by commas
// or spaces. The game's reader judges them.
boost::json::array CardWords(const std::vector<std::string>& args) {
  boost::json::array cards;
  for (const std::string& arg : args) {
    std::string word;
    for (char c : arg + " ") {
      if (c == ',' || c == ' ') {
        if (!word.empty()) cards.emplace_back(word);
        word.clear();
      } else {
        word += c;
      }
    }
  }
  return cards;
}

// The event's JSON object built from the command's options.
boost::json::object BuildAnyAction(const std::string& command, const LiveArgs& args,
                                   const Game& kind, const Match* match) {
  boost::json::object o;
  o["type"] = command == "new" ? "game" : command;
  const std::vector<std::string> names = match ? match->Seats() : std::vector<std::string>{};
  if (command == "new") {
    o["game"] = args.game;
    o["ruleset"] = args.ruleset;
    boost::json::object options;
    for (const std::string& option : args.options) {
      const size_t eq = option.find('=');
      if (eq == std::string::npos) Bad("--option " + option + ": write it as NAME=VALUE");
      std::optional<boost::json::value> v =
          kind.OptionJson(option.substr(0, eq), option.substr(eq + 1));
      if (!v) {
        Bad("--option " + option + ": not an option of " + args.ruleset +
            " or not a value of its type (" + std::string(kind.Name()) + "'s options are in its rulebook)");
      }
      options[option.substr(0, eq)] = *v;
    }
    if (!options.empty()) o["options"] = std::move(options);
    CheckNewSeats(args.seats);
    boost::json::array seats;
    for (const std::string& name : args.seats) seats.emplace_back(name);
    o["seats"] = std::move(seats);
  } else if (command == "deal") {
    if (!args.hands.empty()) {
      if (args.seed) Bad("give --seed or --hand, not both");
      boost::json::array hands;
      for (const std::string& hand : args.hands) hands.push_back(CardWords({hand}));
      o["hands"] = std::move(hands);
      if (!args.turned.empty()) o["turned"] = args.turned;
    } else {
      if (!args.turned.empty()) Bad("--turned goes with --hand: a seeded deal turns its own card");
      std::random_device device;
      const int64_t seed = args.seed ? *args.seed
                                     : static_cast<int64_t>((uint64_t{device()} << 32) |
                                                            uint64_t{device()});
      std::optional<std::string> line = match->SeededDeal(seed);
      if (!line) Bad("no manche is left to deal in game \"" + EscapeForTerminal(args.game) + "\"");
      o = boost::json::parse(*line).as_object();
    }
  } else {
    // Any other verb: its fields are the options its game says it takes
    // (GameFacts::verbs, in their order), each written as AddVerbOption wired it,
    // so a game's own verb (a `draw`) needs no line here.
    const std::vector<VerbFact> verbs = kind.Facts().verbs;
    const auto verb = std::find_if(verbs.begin(), verbs.end(),
                                   [&](const VerbFact& v) { return v.name == command; });
    if (verb == verbs.end()) return o;  // refused before (RefuseForeignVerb)
    for (auto& [field, value] : VerbFields(*verb, args, names)) o[field] = std::move(value);
  }
  if (args.id) o["id"] = *args.id;
  if (!args.no_time) o["at"] = args.time ? *args.time : NowUtc();
  return o;
}

int ExitOfAny(const AnySubmitResult& r) {
  switch (r.outcome) {
    case Outcome::kAccepted:
    case Outcome::kDuplicate: return kExitOk;
    case Outcome::kNoGame: return kExitBadInput;
    default: break;
  }
  if (r.violation && r.violation->code == "malformed") return kExitBadInput;
  return kExitRejected;
}

void PrintAny(const LiveArgs& args, const std::string& command, const Game& kind,
              const AnyEvent& action, const AnySubmitResult& r,
              const std::optional<DatabaseHead>& database, const std::vector<std::string>& names) {
  const std::string what = command == "new" ? "game" : command;
  if (args.json) {
    boost::json::object o;
    o["result"] = OutcomeName(r.outcome);
    o["game"] = args.game;
    o["head"] = r.head_seq;
    if (r.outcome == Outcome::kAccepted || r.outcome == Outcome::kDuplicate) {
      o["seq"] = r.seq;
      o["hash"] = HashHex(r.hash);
    }
    if (r.violation) o["violation"] = VerdictJson(*r.violation);
    o["message"] = r.message;
    if (!action.malformed) o["event"] = boost::json::parse(kind.EventJson(action.body, r.head_seq + 1));
    if (ExitOfAny(r) == kExitBadInput) o["error"] = ErrorMember(r.message);
    if (r.outcome == Outcome::kAccepted && r.match) {
      const boost::json::object state = r.match->StateJson();
      o["phase"] = state.at("phase");
      o["turn"] = state.at("turn");
    }
    if (database) o["database_head"] = DatabaseHeadText(*database);
    std::cout << boost::json::serialize(o) << "\n";
    return;
  }
  if (r.outcome == Outcome::kAccepted || r.outcome == Outcome::kDuplicate) {
    std::cout << (r.outcome == Outcome::kAccepted ? "recorded" : "already recorded") << ": event "
              << r.seq << " of game \"" << EscapeForTerminal(args.game) << "\" (" << what << ")\n"
              << "hash " << HashHex(r.hash) << "\n"
              << "  (keep it: pli audit --db " << ShellWord(StoreName(args.db)) << " --game "
              << ShellWord(args.game) << " --head " << r.seq << ":" << HashHex(r.hash)
              << "\n   proves later that nothing up to here was cut or rewritten)\n";
    if (database) std::cout << "database head " << DatabaseHeadText(*database) << "\n";
    if (r.outcome == Outcome::kAccepted && r.match) {
      const int turn = r.match->Turn();
      if (r.match->Over()) {
        std::cout << "the game is over\n";
      } else if (turn >= 0) {
        const std::vector<std::string> names = r.match->Seats();
        std::cout << "next: seat " << turn;
        if (turn < static_cast<int>(names.size())) std::cout << " (" << EscapeForTerminal(names[turn]) << ")";
        std::cout << " to act\n";
      } else {
        std::cout << "next: pli legal --db " << ShellWord(StoreName(args.db)) << " --game " << ShellWord(args.game)
                  << " says what may be done\n";
      }
    }
    return;
  }
  std::cerr << "pli: " << what << " refused";
  if (r.violation && r.violation->code != "malformed") {
    std::cerr << ": " << r.violation->code << " (" << r.violation->rule << ")";
  }
  std::cerr << ": " << NameSeats(EscapeForTerminal(r.message), names)
            << "\nnothing was written; the log is at seq " << r.head_seq << "\n";
}

// A live command on a game of `kind`, which has no live path of its own.
int RunLiveAny(const std::string& command, const LiveArgs& args, const Game& kind) {
  const bool judge_first = command == "new" && !std::filesystem::exists(args.db);
  for (bool judging = judge_first;; judging = false) {
    std::unique_ptr<EventStore> store =
        judging ? NewMemoryStore()
                : OpenStore(args.db, command == "new" ? OpenMode::kCreate : OpenMode::kReadWrite);
    std::unique_ptr<Match> match;
    if (command != "new") {
      std::optional<AnyLoadedGame> game = LoadAnyStoredGame(*store, args.game);
      if (!game) Bad(EscapeForTerminal(StoreName(args.db)) + " has no game \"" + EscapeForTerminal(args.game) + "\"");
      match = kind.NewMatch();
      for (const AnyEvent& e : game->log.events) match->Step(e);
    }
    const std::string line = boost::json::serialize(BuildAnyAction(command, args, kind, match.get()));
    const GameLine read = kind.ReadLine(line, match ? static_cast<int>(match->Seats().size()) : 0);
    AnyEvent action = read.event;
    if (!read.well_formed) {
      action = AnyEvent{};
      action.malformed = Malformed{read.type, -1, 0, read.field, read.message};
    }
    const AnySubmitResult result = SubmitAny(*store, args.game, kind, action, args.expect);
    if (judging && result.outcome == Outcome::kAccepted) continue;  // now for real
    std::optional<DatabaseHead> database;
    if (!judging && (result.outcome == Outcome::kAccepted || result.outcome == Outcome::kDuplicate)) {
      database = store->CurrentDatabaseHead();
    }
    PrintAny(args, command, kind, action, result, database,
             match ? match->Seats() : std::vector<std::string>{});
    return ExitOfAny(result);
  }
}

// `text` broken into lines of at most `width` columns (code points) at
// spaces.
std::string WrapText(const std::string& text, size_t width) {
  std::string out, line;
  auto columns = [](const std::string& s) {
    size_t n = 0;
    for (unsigned char c : s) n += (c & 0xC0) != 0x80;
    return n;
  };
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(' ', start);
    if (end == std::string::npos) end = text.size();
    const std::string word = text.substr(start, end - start);
    if (!line.empty() && columns(line) + 1 + columns(word) > width) {
      out += line + "\n";
      line.clear();
    }
    line += (line.empty() ? "" : " ") + word;
    start = end + 1;
  }
  return out + line + "\n";
}

// The footer's first paragraphs, naming every registered game's rulebook
// and card notation (GameFacts::rulebook, cards).
std::string LiveFooterHead() {
  std::string books, cards;
  for (const Game* game : Games()) {
    const GameFacts facts = game->Facts();
    books += (books.empty() ? "" : "; ") + facts.title + ": " + facts.rulebook;
    cards += (cards.empty() ? "" : "; ") + facts.title + ", " + facts.cards;
  }
  return WrapText("Every action is judged by its game's rules (" + books +
                      ") in one write transaction: an illegal one is refused with its code, rule "
                      "and a sentence, and nothing is written. An accepted one is acknowledged with "
                      "its seq and hash only after it is committed to disk.",
                  74) +
         "\n" +
         WrapText("SEAT is a seat number (0 first, clockwise) or a seat name. CARDS are written as "
                  "each game's rulebook says (" +
                      cards + "), as separate arguments or comma-separated.",
                  74) +
         "\n";
}

constexpr const char* kLiveFooter =
    R"(Exit status: 0 recorded (or already recorded under the same --id),
1 refused (a rule violation, or --expect is stale), 2 bad usage, a
malformed action (e.g. no such seat), no such game or database, or a
storage failure.
--json: one JSON document on stdout, {"result","game","head","seq","hash",
"violation","message","event",...}; exit 2 adds an "error" member
{"message","line","field"}, or is {"error":{...}} alone when nothing could
be judged.

A whole game:
  pli new  --db g.db --game g1 --seats Ana,Bo,Cy,Di
  pli deal --db g.db --game g1 --seed 42 --expect 1
  pli legal --db g.db --game g1
  pli play --db g.db --game g1 --seat Di Qh --expect 2
  pli play --db g.db --game g1 --seat Ana Kc --expect 3
  pli audit --db g.db
)";

// Each live command's own examples, first in its --help: `new`'s here, every
// verb's from its games (VerbFact::before, examples, after). They run as they
// stand from the repository's root (tests/docs/doc_examples.py runs them in
// order, each page in an empty folder beside games/): a game is made with
// pli new, or a fixture's first events are imported to reach the position
// the command needs. club.db is theirs; a whole game has g.db.
std::string LiveExamples(const std::string& name) {
  if (name == "new") {
    return "Examples:\n"
           "  pli new --db club.db --game g1 --seats Ana,Bo,Cy,Di\n"
           "  pli new --db club.db --game g2 --seats A,B,C,D,E --ruleset classic --option manches=2\n"
           "  pli new --db club.db --game sk1 --seats Ann,Bob,Cyd --ruleset skull-king --option hook=false\n";
  }
  std::string before, examples;
  for (const Game* game : Games()) {
    for (const VerbFact& verb : game->Facts().verbs) {
      if (verb.name != name) continue;
      for (const std::string& line : verb.before) before += "  " + line + "\n";
      for (const std::string& line : verb.examples) examples += "  " + line + "\n";
    }
  }
  if (examples.empty()) return "";
  return (before.empty() ? "" : "Before the examples:\n" + before + "\n") + "Examples:\n" + examples;
}

// What a verb's games print after the footer (VerbFact::after).
std::string LiveAfter(const std::string& name) {
  std::string after;
  for (const Game* game : Games()) {
    for (const VerbFact& verb : game->Facts().verbs) {
      if (verb.name == name && !verb.after.empty()) after += "\n" + verb.after;
    }
  }
  return after;
}

// The options every live command takes.
CLI::App* AddLive(CLI::App& app, const char* name, const char* description, LiveArgs& args) {
  CLI::App* c = app.add_subcommand(name, description);
  c->add_option("--db", args.db, "the database file (pli new creates it)")
      ->required()
      ->type_name("FILE");
  c->add_option("--game", args.game, "the game's id")->required()->type_name("ID");
  c->add_option("--expect", args.expect,
                "the seq you last saw (the log's last event, 0 for none): the action is "
                "refused if the log has moved on since (optimistic concurrency)")
      ->type_name("SEQ");
  c->add_option("--id", args.id,
                "an idempotency key, unique in the game: resubmitting the same action under "
                "the same key returns the original result and writes nothing")
      ->type_name("KEY");
  c->add_option("--time", args.time, "the event's time stamp, RFC 3339 (default: now, UTC)")
      ->type_name("TIME");
  c->add_flag("--no-time", args.no_time, "record no time stamp");
  c->add_flag("--json", args.json, "print one JSON document on stdout instead of text");
  const std::string examples = LiveExamples(name);
  std::string footer = (examples.empty() ? "" : examples + "\n") + LiveFooterHead() + kLiveFooter + LiveAfter(name);
  c->footer(footer);
  return c;
}

}  // namespace

void AddVerbOption(CLI::App* c, const VerbFact::Option& option, LiveArgs& args,
                   const std::vector<std::string>& declares) {
  const std::string& name = option.name;
  const std::string& help = option.help;
  if (!option.field.empty()) {
    // A game's own option (VerbFact::Option::field): its text goes to its
    // field as typed, checked against its values when they are a list.
    CLI::Option* o = c->add_option(name, args.fields[option.field], help);
    if (!option.values.empty()) o->check(CLI::IsMember(option.values));
    if (option.required) o->required();
    // A positional name (no dash) is required by its nature; an option
    // given nowhere leaves no field (VerbFields).
  } else if (name == "--seat" || name == "--from" || name == "--to") {
    std::string& seat = name == "--seat" ? args.seat : name == "--from" ? args.from : args.to;
    c->add_option(name, seat, help)->required()->type_name("SEAT");
  } else if (name == "CARDS") {
    c->add_option("CARDS", args.cards, help)->required();
  } else if (name == "--declare") {
    c->add_option("--declare", args.declare, help)->check(CLI::IsMember(declares));
  } else if (name == "--seed") {
    c->add_option("--seed", args.seed, help)->type_name("N");
  } else if (name == "--hand") {
    c->add_option("--hand", args.hands, help)->type_name("CARDS");
  } else if (name == "--turned") {
    c->add_option("--turned", args.turned, help)->type_name("CARD");
  } else if (name == "BID") {
    c->add_option("BID", args.bid, help)->required();
  } else if (name == "--cannon") {
    c->add_option("--cannon", args.cannon, help)->check(CLI::IsMember({"grapeshot", "cannonball"}));
  } else {
    throw std::logic_error("a game's verb " + c->get_name() + " takes " + name +
                           ", which the cli does not know and which names no field");
  }
}

boost::json::object VerbFields(const VerbFact& verb, const LiveArgs& args,
                               const std::vector<std::string>& seats) {
  const auto seat = [&](const std::string& text, const char* option) {
    return ResolveAnySeat(text, seats, args.game, option);
  };
  boost::json::object o;
  for (const VerbFact::Option& option : verb.takes) {
    const std::string& name = option.name;
    if (!option.field.empty()) {
      const auto given = args.fields.find(option.field);
      if (given != args.fields.end() && !given->second.empty()) o[option.field] = given->second;
    } else if (name == "--seat") o["seat"] = seat(args.seat, "--seat");
    else if (name == "--from") o["from"] = seat(args.from, "--from");
    else if (name == "--to") o["to"] = seat(args.to, "--to");
    else if (name == "CARDS") o["cards"] = CardWords(args.cards);
    else if (name == "BID") o["bid"] = args.bid;
    else if (name == "--declare") { if (!args.declare.empty()) o["declare"] = args.declare; }
    else if (name == "--cannon") { if (!args.cannon.empty()) o["cannon"] = args.cannon; }
    else if (name == "--seed" || name == "--hand" || name == "--turned") continue;  // deal: BuildAnyAction
    else throw std::logic_error("verb " + verb.name + " takes " + name + ", which the cli does not write");
  }
  return o;
}

namespace {

// The live verbs of every registered game, each once, in the registry's
// order: a verb a later game adds comes right after the verb it follows in
// that game's own list (deal, bid, exchange, ...), and a verb two games
// share takes the options of both (the first game's help for each).
std::vector<VerbFact> AllVerbs() {
  std::vector<VerbFact> all;
  for (const Game* game : Games()) {
    size_t after = 0;  // where the game's next new verb goes
    for (const VerbFact& verb : game->Facts().verbs) {
      auto known = std::find_if(all.begin(), all.end(), [&](const VerbFact& v) { return v.name == verb.name; });
      if (known == all.end()) {
        known = all.insert(all.begin() + static_cast<std::ptrdiff_t>(after), verb);
      } else {
        for (const VerbFact::Option& option : verb.takes) {
          const auto same = [&](const VerbFact::Option& o) { return o.name == option.name; };
          if (std::find_if(known->takes.begin(), known->takes.end(), same) == known->takes.end()) {
            known->takes.push_back(option);
          }
        }
      }
      after = static_cast<size_t>(known - all.begin()) + 1;
    }
  }
  return all;
}

// Refuses a verb the game of the action does not have (its GameFacts),
// before anything is read into an action or written: "pli bid is an action
// of Skull King; game "g1" is a game of Super Président, which has no bids".
void RefuseForeignVerb(const std::string& command, const Game& kind, const std::string& game_id) {
  const GameFacts facts = kind.Facts();
  for (const VerbFact& verb : facts.verbs) {
    if (verb.name == command) return;
  }
  std::string owners;
  std::string plural = command + "s";
  for (const Game* other : Games()) {
    const GameFacts theirs = other->Facts();
    for (const VerbFact& verb : theirs.verbs) {
      if (verb.name != command) continue;
      owners += (owners.empty() ? "" : " and ") + theirs.title;
      plural = verb.plural;
    }
  }
  Bad("pli " + command + " is an action of " + owners + "; game \"" + EscapeForTerminal(game_id) +
      "\" is a game of " + facts.title + ", which has no " + plural);
}

}  // namespace

LiveCommands AddLiveCommands(CLI::App& app, LiveArgs& args) {
  LiveCommands out;
  CLI::App* c = AddLive(app, "new", "Start a game: create the database if needed and record its game event.", args);
  c->add_option("--seats", args.seats,
                "the players' names, seat 0 first, clockwise (" + SeatRangesShort() + ")")
      ->required()
      ->delimiter(',')
      ->type_name("NAME,NAME,...");
  c->add_option("--ruleset", args.ruleset, RulesetsOr());
  c->add_option("--option", args.options,
                "override an option of the ruleset, e.g. manches=3, solo_continuation=always "
                "(repeatable; names in schema/FORMAT.md)")
      ->type_name("NAME=VALUE");
  out.all.push_back(c);
  // Every other command is a verb of a registered game (GameFacts::verbs).
  const std::vector<VerbFact> verbs = AllVerbs();
  std::vector<std::string> declares;
  for (const Game* game : Games()) {
    for (const std::string& d : game->Facts().declares) {
      if (std::find(declares.begin(), declares.end(), d) == declares.end()) declares.push_back(d);
    }
  }
  for (const VerbFact& verb : verbs) {
    c = AddLive(app, verb.name.c_str(), verb.help.c_str(), args);
    for (const VerbFact::Option& option : verb.takes) AddVerbOption(c, option, args, declares);
    out.all.push_back(c);
  }
  return out;
}

std::optional<int> RunLive(const LiveCommands& commands, const LiveArgs& args) {
  const CLI::App* parsed = nullptr;
  for (const CLI::App* c : commands.all) {
    if (c->parsed()) parsed = c;
  }
  if (parsed == nullptr) return std::nullopt;
  const std::string command = parsed->get_name();
  RefuseControl("--game", "the game id", args.game);
  if (args.id) RefuseControl("--id", "the id", *args.id);
  for (const std::string& name : args.seats) RefuseControl("--seats", "the seat name", name);
  if (args.time && args.no_time) Bad("give --time or --no-time, not both");
  if (args.time && !IsRfc3339(*args.time)) {
    Bad("--time " + *args.time + ": not an RFC 3339 time (e.g. 2026-11-22T21:40:00Z)");
  }
  // `new` on a database that does not exist yet is judged first against an
  // empty store, so that a refusal creates nothing and so never has to
  // delete anything (issue 12 item 1): a file, once there, may already hold
  // another process's acknowledged events. Accepted, the database is created
  // (atomically, referee/sqlite_schema.cc) and the action submitted again
  // there, where it is judged afresh.
  // The game the action belongs to: the one --ruleset names for `new`, else
  // the stored game's.
  const Game* kind = nullptr;
  if (command == "new") {
    kind = FindGame(args.ruleset);
    if (kind == nullptr) {
      Bad("--ruleset " + args.ruleset + ": unknown (known: " + JoinNames(AllRulesets()) + ")");
    }
  } else {
    std::unique_ptr<EventStore> store = OpenStore(args.db, OpenMode::kReadWrite);
    std::optional<StoredGame> stored = store->Read(args.game);
    if (!stored) Bad(EscapeForTerminal(StoreName(args.db)) + " has no game \"" + EscapeForTerminal(args.game) + "\"");
    // A game a newer pli added (issue 27): said, and nothing written.
    if (!stored->events.empty() && GameOfBody(stored->events.front().body) == nullptr) {
      Bad("game \"" + EscapeForTerminal(args.game) + "\" is " +
          EscapeForTerminal(UnknownGameText(stored->events.front().body)));
    }
    kind = &KindOfStored(*stored);
    RefuseForeignVerb(command, *kind, args.game);
  }
  // A game with a live path of its own takes it (Super Président's,
  // games/president/cli/live.cc, registered in cli/game_commands.h); any other's
  // action is written as its event's JSON line and judged by SubmitAny.
  if (const auto live = CommandsOf(*kind).live) return live(command, args);
  return RunLiveAny(command, args, *kind);
}

}  // namespace pli::cli
