// game.h: the game interface (docs/ARCHITECTURE.md §3, ../shared/GAMES.md).
// The shared layers (the log reader, the store and the Referee, audit,
// state, legal, import and export, the cli) speak to a game only through
// this header: a Game is what a ruleset names, a Match is one game being
// folded. A game's events travel between them as their stored encoding
// (schema/record.h): only the game that wrote the bytes reads inside them,
// and the first byte says which game that is (FORMAT.md §6, §8).
//
// The registry (games/registry.cc) is the one shared file that knows every
// game; each game's module lives in its own folder (games/<game>/).
#ifndef PLI_GAMES_GAME_H_
#define PLI_GAMES_GAME_H_

#include <boost/json/array.hpp>
#include <boost/json/object.hpp>
#include <boost/json/value.hpp>
#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "schema/record.h"

namespace pli {

class Game;
class Match;

// A bot in one seat of a live table (serve/): it decides from what its seat
// may know (its game's own view of the match), never from the whole state.
class BotSeat {
 public:
  virtual ~BotSeat() = default;
  // The JSON line of `seat`'s action now (no seq, id or at), read by its
  // game's ReadLine; nullopt when the seat has nothing to do. `match` is a
  // match of the bot's own game that keeps its log (Match::KeepLog).
  virtual std::optional<std::string> Act(const Match& match, int seat) = 0;
};

// A rule an event breaks, in any game: the code of the game's rulebook
// ("not-your-turn"), the rule id ("P1", "SK-P5"; "" for malformed) and the
// sentence for the full view (audit, explain, import).
struct Verdict {
  std::string code;
  std::string rule;
  std::string message;
  std::string hidden;  // what the actor's own sentence leaves out ("" for none)
  friend bool operator==(const Verdict&, const Verdict&) = default;
};

// {"code","rule","message","hidden"} ("hidden" null when nothing is).
boost::json::object VerdictJson(const Verdict& verdict);

// A line of a log that is a JSON object but not a well-formed event of its
// game (INTERFACE.md §2): kept at its position, where it is the violation
// `malformed`. It has no stored encoding.
struct Malformed {
  std::optional<std::string> type;  // the `type` as written, when a string
  int seat = -1;                    // the acting seat when readable and a seat of the game
  int line = 0;                     // 1-based line in its file (0: unknown)
  std::string field;                // the field at fault ("" for the line as a whole)
  std::string message;              // what is wrong
  // "line 7, field \"cards\": unknown card \"1h\"" (the parts there are).
  std::string Text() const;
  friend bool operator==(const Malformed&, const Malformed&) = default;
};

// One event of a log as the shared layers hold it: its envelope, and its
// body in the stored encoding of its game, or what is malformed about it.
struct AnyEvent {
  std::optional<int64_t> seq;       // as written (a read log), or its position (a store)
  std::string body;                 // the stored encoding; "" when malformed
  std::optional<Malformed> malformed;
  uint8_t type = 0;                 // the game's wire tag (0 when malformed)
  int seat = -1;                    // the acting seat, -1 for none
  std::optional<std::string> id;    // the idempotency key (a malformed event's too)
};

// One line of a log as its game reads it (Game::ReadLine).
struct GameLine {
  bool object = false;              // false: not a JSON object at all (`field`, `message` say why)
  bool well_formed = false;         // the event is well formed for the line alone
  AnyEvent event;                   // body, type, seat, id when well formed
  std::optional<int64_t> seq;       // `seq`, when an integer
  std::optional<std::string> type;  // `type`, when a string
  std::optional<int64_t> seat;      // the acting seat, when an integer
  std::optional<std::string> id;    // `id`, when a non-empty string
  std::optional<std::string> game;  // a game event's `game`, when a string
  int seats = 0;                    // a well-formed game event's number of seats
  // A well-formed game event's facts that its game's later lines are read
  // against (ReadLineIn), in the game's own words; "" for none.
  std::string context;
  std::string hash;                 // `hash`, when 64 lowercase hex digits, else ""
  std::string field;                // when not well formed: the field at fault
  std::string message;              // and what is wrong
};

// Where a match stands in its game, for stepping through it (`pli replay`,
// INTERFACE.md §2): the manches dealt and the plis closed in the last of
// them, in the game's own rules. Compared before and after a legal event it
// says what the event did: dealt a manche (`manche` went up), closed a pli
// (`plis` went up in the same manche), ended the manche (`manche_over`
// became true). An illegal event changes none of it.
struct MatchProgress {
  int manche = 0;            // deals accepted; 0 before the first
  int plis = 0;              // plis closed in this manche (0 until its first closes)
  bool manche_over = false;  // this manche was played out (an `end` abandons it: not over)
  friend bool operator==(const MatchProgress&, const MatchProgress&) = default;
};

// Who reads a text (a Président refusal may name hidden cards only to its
// actor: RULES.md, issue 11).
enum class Reader : uint8_t { kAdjudicator, kActor };

// One game being folded, behind one virtual door. It starts empty, before
// its game event; each event is judged in turn, and an illegal one
// (malformed included) changes nothing but the count of events folded.
class Match {
 public:
  virtual ~Match() = default;
  virtual const Game& game() const = 0;
  virtual std::unique_ptr<Match> Clone() const = 0;
  // The number of events folded, legal or not.
  virtual int64_t seq() const = 0;
  // Judges `event` (of this game, next in the log) without applying it.
  virtual std::optional<Verdict> Decide(const AnyEvent& event) const = 0;
  // Judges `event` and applies it when legal; returns the verdict, if any.
  virtual std::optional<Verdict> Step(const AnyEvent& event) = 0;
  // Steps every event in turn (one virtual call for a batch); `verdicts`
  // gets the index of each illegal event and its verdict. Stops after the
  // first illegal event unless keep_going.
  virtual void StepAll(std::span<const AnyEvent> events, bool keep_going,
                       std::vector<std::pair<size_t, Verdict>>& verdicts);
  // The audit's one pass over a stored row (replay/stored_scan.h), event
  // `seq` of the match: whether `body` decodes, the row's `columns` are
  // those of its record (Game::RecordOf, ColumnsMatch) and the event is
  // legal here; a legal event is applied. A game event's opening is put
  // in `opening`. False for anything to report (the match is then left in
  // no particular state): the caller takes the detailed path, which says
  // what. This default goes through RecordOf and Step; a game may decode
  // once and compare the columns in place.
  virtual bool StepRow(int64_t seq, std::string_view body, const ColumnsView& columns,
                       std::optional<GameOpening>& opening);
  // Back to before its game event, as NewMatch gives it, keeping the
  // capacity its buffers have grown to, so that a fold that goes on to
  // another game of the same game (the audit's one pass over an archive)
  // need not allocate them again. False when the game cannot (this
  // default): the caller then asks NewMatch.
  virtual bool Reset() { return false; }
  // `pli state --json` and `pli legal --json` (INTERFACE.md §2, the game's
  // rulebook).
  virtual boost::json::object StateJson() const = 0;
  virtual boost::json::array LegalJson() const = 0;
  // For each entry of LegalJson, in its order, what a client submits to
  // take it and how to name it to people (issue 27):
  // {"action":{the event's fields without seat, `from`, `at` or `id`: exactly
  // what `pli serve`'s POST /actions takes as "action"},"label":{"en","fr"}}.
  // The game chooses what the entry leaves open (Super Président: the
  // suits, the lowest first; an exchange's cards, those K1/K2 force first),
  // so that the action is one Decide accepts. Additive to LegalJson, whose
  // entries stay as INTERFACE.md §2 writes them.
  virtual boost::json::array LegalActionsJson() const = 0;
  // The same for people.
  virtual std::string StateText() const = 0;
  virtual std::string LegalText() const = 0;
  // The game's seat names (empty before its game event).
  virtual std::vector<std::string> Seats() const = 0;
  // The seat to act, or -1.
  virtual int Turn() const = 0;
  // The game is over.
  virtual bool Over() const = 0;
  // `pli explain` of `event`, judged in this match's state (the state
  // before it): {"legal","violation","rule":{"id","sentence"},"why":[{"rule",
  // "sentence","detail"}],"instead":[the legal actions, each with "taken"]}
  // ("violation" a VerdictJson or null; "rule" the rule that decides it).
  virtual boost::json::object ExplainJson(const AnyEvent& event) const;
  // The deal event of the next manche shuffled from `seed` (its JSON line,
  // the seed recorded in it), for `pli deal --seed`; nullopt when the game
  // has no seeded deal here.
  virtual std::optional<std::string> SeededDeal(int64_t seed) const;
  // The seats that must act now, in seat order (Président: the turn, or the
  // givers of the gifts still owed; Skull King: the bidders still owed under
  // simultaneous bidding, else the turn); empty when no one must (no
  // manche on, manche or game over). This default: Turn(), if any.
  virtual std::vector<int> ToAct() const;
  // Where the match stands: its manche and the plis closed in it.
  virtual MatchProgress Progress() const = 0;
  // From now on keep what a BotSeat of this game needs to see its seat's
  // view (Président: the log of the legal events folded). Call before the
  // game event; folds that never ask stay as cheap as they are.
  virtual void KeepLog() {}

  // --- What a recipient may see (issue 27; INTERFACE.md §3 `view`;
  // SERVE.md "Identity and secrecy"). The game decides from its own rules
  // what each seat and a spectator may know; serve/projection.h only calls
  // it and knows no field of any game. No default: a game that keeps a
  // secret (a hidden stock, a sealed bid) says so itself, and a field a
  // game's state or events add is hidden until its game names it public.
  //
  // The view of the match for `seat` (-1: a spectator): StateJson with
  // `hands` replaced by `hand` (the seat's own cards; absent for a
  // spectator) and `counts` (cards per seat), plus `seat` (null for a
  // spectator), and whatever else the seat may not know now hidden.
  virtual boost::json::object ViewJson(int seat) const = 0;
  // Whether `event`, the EventJson of the event this match folded last,
  // is sealed: part of it stays hidden from the other seats until a later
  // event reveals it (Skull King SK-B2: a bid while the simultaneous
  // bidding is still open). Passed to Game::ProjectEvent.
  virtual bool Sealed(const boost::json::object& event) const = 0;
};

// A game's static facts (issue 27's GameType, after OpenSpiel's): what a
// lobby needs to offer a table of it without knowing the game, served by
// `pli serve` as GET /api/games (serve/README.md).
struct OptionFact {
  std::string name;                // its key in the game event's `options`
  std::string type;                // "bool", "int" or "enum" (a JSON boolean, integer or string)
  boost::json::array values;       // the values allowed ("enum", and an "int" of a few values); empty: any in range
  std::optional<int64_t> min, max; // an "int"'s range (max may depend on the seats: see `rule`)
  boost::json::value default_value;  // its value when absent, in the game's first ruleset
  std::string rule;                // the rule id it switches ("E2", "SK-D3")
  std::string label_en, label_fr;  // for people
};
struct RulesetFact {
  std::string name;               // "super-president", "skull-king-official"
  int min_seats = 0, max_seats = 0;
  boost::json::object defaults;   // every option's value under this ruleset, as the engine applies it
};
// A combination of options a table of the game cannot have (issue 30: the
// lobby should not offer what the server refuses): refused whenever every
// option named has the value given. `live_only`: refused by `pli serve`
// alone (Game::LiveRefusal), a log of it is still refereed.
struct RefusedFact {
  boost::json::object options;     // {"bidding":"simultaneous","hook":true}
  bool live_only = false;
  std::string rule;                // the rule id that decides it
  std::string message_en, message_fr;
};
// One of a game's live verbs (`pli deal`, `pli play`: INTERFACE.md §2),
// besides `new`, which every game has: the `pli` subcommand that writes an
// event of that type. The cli offers the verbs of every registered game,
// in the registry's order, and refuses a verb that the game of --game (or
// --ruleset) does not list, with nothing written.
struct VerbFact {
  std::string name;                // "play": the subcommand and the event's `type`
  std::string plural;              // "plays", for "which has no plays"
  std::string help;                // the subcommand's one line of --help
  // The options it takes, in the order --help lists them: each by the name
  // the cli gives it and its line of --help. The names the cli knows wire
  // themselves to the event's fields (cli/live.cc: "--seat", "--from",
  // "--to", "CARDS", "--declare", "--seed", "--hand", "--turned", "BID",
  // "--cannon"); any other option is the game's own, and says which field
  // of the event it fills (`field`, a JSON string), the values it takes
  // (`values`, checked when the command line is parsed; empty: any text)
  // and whether it must be given, so that a game's own verb option (a
  // `--suit` for an eight) needs no line in the cli. A verb two games share
  // takes the options of both, the first game's help for each.
  struct Option {
    std::string name;
    std::string help;
    std::string field = {};                 // a game's own option: the event's field
    std::vector<std::string> values = {};   // its values, if a closed list
    bool required = false;                  // a game's own option: must be given
  };
  std::vector<Option> takes;
  // Its --help examples in this game (cli/live.cc prints every game's, in
  // the registry's order; doc-examples runs them from pli's source tree,
  // each page in a fresh folder): the commands that bring club.db to where
  // the examples run ("Before the examples:"), the examples, each a command
  // line as typed (a long one may hold "\\\n    " continuations), and text
  // printed after the common footer (a whole game, "A whole game of ...").
  std::vector<std::string> before;
  std::vector<std::string> examples;
  std::string after;
};
struct GameFacts {
  std::string game;                 // "president", "skull-king"
  std::string title;                // "Super Président"
  std::string rulebook;             // its rulebook in ../shared ("RULES.md"), for --help
  std::string cards;                // how its cards are written, for --help ("RULES.md C1: 7h Ts 10d Q♥")
  int min_seats = 0, max_seats = 0; // over all its rulesets
  std::vector<std::string> levels;  // bot levels (MakeBot)
  std::vector<RulesetFact> rulesets;  // the first is the default
  std::vector<OptionFact> options;
  std::vector<RefusedFact> refused;   // the combinations refused (above)
  std::vector<VerbFact> verbs;      // its live verbs besides `new`, in --help's order
  std::vector<std::string> declares;  // the values of a play's `declare` (`pli play --declare`)
  // Its paragraphs of `pli simulate --help` and `pli prop --help` (what its
  // loop plays and prints, what a run checks; wrapped at 75 columns, no
  // blank line at either end, empty for none) and its examples there, each
  // a command line as typed (cli/simulate.cc prints every game's, in the
  // registry's order).
  std::string simulate_help;
  std::vector<std::string> simulate_examples;
  std::string simulate_manches;  // what `pli simulate --manches` does in it, by default and given
  std::string prop_help;
  std::vector<std::string> prop_examples;
  // What `pli state` and `pli legal` show of it, for their one line of
  // --help ("manche, phase, turn, hands, ..."; "each bid, each card ...").
  std::string state_summary;
  std::string legal_summary;
  // Its words in `pli diff --help` after its title, if any ("whose events
  // are compared by ..."), and its paragraph of `pli replay --help` (how its
  // game is stepped and shown), wrapped at 75 columns.
  std::string diff_help;
  std::string replay_help;
};

// A game: the rulesets it answers to, its wire and its rules.
class Game {
 public:
  virtual ~Game() = default;
  // "super-president", "skull-king": its name in messages.
  virtual std::string_view Name() const = 0;
  // Whether a game event with this ruleset is this game's.
  virtual bool Answers(std::string_view ruleset) const = 0;
  // Whether a stored body is this game's (its first byte).
  virtual bool Owns(std::string_view body) const = 0;
  // Reads one line of a log of this game: the event's stored encoding, or
  // what is malformed about it. `seats` is the game's number of seats (0
  // when its game event was malformed or for the game event itself): the
  // checks a game makes against its seats when reading.
  virtual GameLine ReadLine(std::string_view line, int seats) const = 0;
  // ReadLine for a line of a game whose game event read with `context`
  // (GameLine::context): also the checks a game makes against its options
  // when reading (Skull King: a bid's cannon load, SK-B5, is malformed
  // when present against the options or missing). By default ReadLine.
  virtual GameLine ReadLineIn(std::string_view line, int seats, std::string_view context) const {
    (void)context;
    return ReadLine(line, seats);
  }
  // A new match, before its game event.
  virtual std::unique_ptr<Match> NewMatch() const = 0;
  // The canonical JSON line of a stored event (no newline), with `seq` and,
  // when given, `hash`. Throws InputError when the body does not decode.
  virtual std::string EventJson(std::string_view body, int64_t seq,
                                const std::string& hash = "") const = 0;
  // The record a store keeps of a stored body (columns, opening), or why
  // the body does not decode.
  virtual std::optional<EventRecord> RecordOf(std::string_view body, std::string* why) const = 0;
  // Whether two stored events of this game are the same action (`pli
  // diff`): the same type, seats, cards, bid, declaration and options,
  // whatever order a list of cards is written in. With strict, also the
  // same `id` and `at`. Throws InputError when a body does not decode.
  virtual bool SameEvent(std::string_view a, std::string_view b, bool strict) const = 0;
  // The name of a wire tag ("play"), "?" for none.
  virtual std::string TypeName(uint8_t type) const = 0;
  // Whether `code` is a violation code of the game's rulebook
  // ("too-weak"; "must-follow"), for checking a scenario's expectation
  // (docs/SCENARIOS.md). This default knows none of them.
  virtual bool KnowsCode(std::string_view code) const;
  // An option's value as the game event's JSON holds it, from the text a
  // person types (`--option hook=false`: the boolean false; `bonuses=2021`:
  // the string "2021"); nullopt for an unknown option or a value that is
  // not of its type.
  virtual std::optional<boost::json::value> OptionJson(std::string_view name,
                                                       std::string_view text) const = 0;
  // A bot of this game at `level` ("easy", "medium", "hard"; also the French
  // names), drawing its choices from `seed`; nullptr for an unknown level.
  virtual std::unique_ptr<BotSeat> MakeBot(std::string_view level, uint64_t seed) const;
  // Its static facts (above). This default: its name, no ruleset listed.
  virtual GameFacts Facts() const;
  // The sentence of one of its rule ids ("P3", "SK-P5"), in the project's
  // words, for a page or a tool to cite beside the id (the replay page's
  // "rules cited"); nullopt for an id it has no sentence for. This
  // default has none.
  virtual std::optional<std::string> RuleSentence(std::string_view id) const;
  // Why a live table (`pli serve`) will not host the game `opened` began
  // (a match after its game event), citing the rule; nullopt to host it.
  // A log of that game is still refereed. This default hosts every game.
  virtual std::optional<std::string> LiveRefusal(const Match& opened) const;

  // One event (its EventJson parsed) as `seat` (-1: a spectator) may see
  // it (INTERFACE.md §3: a deal or gift shows others' cards as counts; no
  // `seed`, `id` or `hash` before the game's `end`). `sealed`: what
  // Match::Sealed said of it when it was folded; `over`: the game's `end`
  // is written, and everyone may now read the whole log. See Match::ViewJson.
  virtual boost::json::object ProjectEvent(const boost::json::object& event, int seat,
                                           bool sealed, bool over) const = 0;
};

// The facts as JSON: {"game","title","seats":{"min","max"},"levels",
// "rulesets":[{"name","seats":{"min","max"},"defaults"}],"options":[{"name",
// "type","values"?,"min"?,"max"?,"default","rule","label":{"en","fr"}}],
// "refused":[{"options","live_only","rule","message":{"en","fr"}}]}.
boost::json::object FactsJson(const GameFacts& facts);

// `legal`'s entries (LegalJson) each with its "action" and "label" added
// from `actions` (LegalActionsJson, aligned with it): `pli legal --json
// --actions`.
boost::json::array LegalWithActions(boost::json::array legal, const boost::json::array& actions);

// The game a ruleset names, nullptr when none does.
const Game* FindGame(std::string_view ruleset);
// The game whose stored encoding a body is (by its first byte), or nullptr.
const Game* GameOfBody(std::string_view body);
// The game of a line of a log whose `type` is "game": the one its `ruleset`
// names (absent: Super Président, INTERFACE.md §1); for an unknown ruleset
// or a line that cannot say, the default game, whose reader reports it.
const Game& GameOfOpeningLine(std::string_view line);
// The game a log means when its game event names no ruleset (INTERFACE.md
// §1: Super Président); a tool given a ruleset no game answers to asks it,
// and its tools report the unknown ruleset as they always have.
const Game& DefaultGame();
// Every game, in the registry's order.
std::span<const Game* const> Games();
// The first byte of `game`'s stored bodies (FORMAT.md §6, §8: the byte that
// names the game), found by asking Owns; nullopt when it owns none.
std::optional<uint8_t> FormatOf(const Game& game);

// The contracts every game keeps, which the shared layers rely on without
// knowing the game (issue 27). tests/games/conformance_test.cc checks them
// for every registered game from the registry (Games()), on random games
// played by its bots through the referee:
//   - Match::StateJson holds `phase` (a string), `turn` (the seat of
//     Turn(), null when it is -1), `hands` (one array of card strings per
//     seat: serve's views count and hide them) and `scores` (one number
//     per seat) at least under some of its options: `pli simulate` of any
//     game tallies them (sim/score_stats.cc), so a game that keeps no score
//     writes one 0 per seat, and the suite fails a game whose random games
//     never show `scores`; `pli new`/`play --json` print `phase` and `turn`.
//   - Match::LegalJson's entries each have `type` (a string) and `seat`
//     (a seat of the game: serve/projection.h sends a seat its own), and
//     LegalActionsJson gives one exact action per entry, in its order,
//     which Decide accepts as its seat's. An entry with `card` carries
//     `declare` (null for none).
//   - Every seat of ToAct() has a legal entry; no seat once Over().
//   - `end` ({"type":"end"}) is legal after a finished game (Over(), until
//     an `end` is written): the tools and the live table close it so.
//   - A stored body reads back as itself: Game::EventJson, then ReadLine (the
//     game event) or ReadLineIn (its later events), gives the same body and
//     seq; a game exported, imported elsewhere and exported again gives
//     the same lines and the referee's hashes (INTERFACE.md §2).
//   - A deal Match::SeededDeal gives when no seat must act is legal (the
//     drivers deal so).

}  // namespace pli

#endif  // PLI_GAMES_GAME_H_
