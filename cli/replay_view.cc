// replay_view.cc: `pli replay SOURCE` (INTERFACE.md §2): step through a
// game event by event, pli by pli, manche by manche, forwards and
// backwards, seeing every hand and what is in force.
// On a terminal it is a full-screen stepper (cli/terminal.h: raw keys, ANSI
// redraws, no curses) over a game's cursor (replay/cursor.h); without one (stdin or
// stdout not a TTY, or TERM=dumb) it prints the whole walk as text, and
// with --json one JSON array of steps, so it can be piped.
#include <unistd.h>

#include <CLI/CLI.hpp>
#include <boost/json.hpp>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <iostream>
#include <optional>
#include <string>
#include <vector>

#include "cli/command_group.h"
#include "cli/error.h"
#include "cli/game_facts.h"
#include "cli/game_commands.h"
#include "cli/html.h"
#include "cli/replay_look.h"
#include "cli/terminal.h"
#include "engine/text.h"
#include "replay/any_stepper.h"
#include "replay/source.h"

namespace pli::cli {
namespace {

using replay::ReplayLook;
using tty::Key;
using tty::KeyPress;

constexpr int kExitOk = 0;

constexpr const char* kReplayFooter =
    R"(Keys (on a terminal; they are shown at the bottom of the screen):
  Right, l, Space      next event              Left, h, Backspace   previous event
  n, Down              to where the pli ends   p, Up                back to where it began
  N, PageDown          next manche (its deal)  P, PageUp            back to this manche's deal
  g SEQ Enter          jump to event SEQ (typing a digit starts it too; Esc cancels)
  0, Home              first event             $, End               last event
  q, Esc, Ctrl-C       quit
At the end of the log, n and N stop at the last event; at the start, p and P
at the first.

The screen shows the game, the seq (of N), the event just applied and
whether it was legal (an illegal event is marked with its code and rule, and
changes nothing), the manche and the pli, every hand (with --seat, only that
seat's cards; the others as counts, and an illegal event's sentence as that
seat may read it: without --seat it adds, marked, what was hidden from the
player), what is in force (count, mode
free/suite/reverse, ou-rien, révolution), whose turn, the pli on the table
(leader, plays, last play, and how the pli ended when this event ended it),
who finished this manche and the places of the last ranking.

Without a terminal on stdin and stdout, replay prints the walk instead:
every event from --at (default: the first) to the last, each with the state
after it, one paragraph per event; --json prints one JSON array of steps
{"seq","event","legal","violation","pli_number","pli_end","manche_start",
"manche_end","pli_events","hand_sizes","state"} (state as pli state --json).
NO_COLOR in the environment turns colour off.

%GAMES_REPLAY%With --html FILE, replay writes the game as one HTML page instead, of any
game (%GAMES%): it loads nothing from the network and
opens from the file. The page has the same keys and buttons for them, a
timeline with every violation marked, each event's verdict (an illegal one
with its code, rule and sentence and what its player could have done, a
legal one with the rules it met), a view of every hand or one seat's, and
#seq=N at the end of its address opens step N (docs/GUIDE.md).

Exit status: 0 shown, 2 bad usage, an unreadable or malformed log, or a
storage failure (with --json: {"error":{"message","line","field"}}).

Examples:
  pli replay games/president/fixtures/seed/5.1-suite.jsonl
  pli replay games/president/fixtures/seed/5.5-finish-on-2.jsonl --at 20 --seat 1
  pli replay games/president/fixtures/seed/5.5-finish-on-2.jsonl | less
  pli replay games/president/fixtures/rules/O2-ou-rien-illegal.jsonl --json | jq '.[] | select(.legal | not)'
  pli replay games/president/fixtures/rules/P3-too-weak-illegal.jsonl --html p3.html --at 4
)";

struct ReplayArgs {
  std::string source;
  std::optional<std::string> db;
  std::optional<std::string> game;
  std::optional<int64_t> at;
  std::optional<std::string> seat;
  bool json = false;
  std::optional<std::string> html;  // --html FILE
};

// The one game to replay, of any game, read once from SOURCE (standard
// input too) or --db, with a warning on stderr when its hash chain is broken.
AnyLoadedGame LoadGame(const ReplayArgs& args) {
  if (args.db.has_value() == !args.source.empty()) {
    throw std::runtime_error("give either a log file (SOURCE) or --db FILE");
  }
  AnyLoadedGame g = LoadOneAnyGame(args.db ? std::nullopt : std::optional(args.source), args.db, args.game);
  if (g.chain.status == ChainStatus::kBroken) {
    std::cerr << "pli: warning: game \"" << EscapeForTerminal(g.log.game) << "\" has a broken hash chain (at event "
              << g.chain.problems.front().seq << "); run pli audit\n";
  }
  return g;
}

bool Interactive() {
  const char* term = std::getenv("TERM");
  return isatty(STDIN_FILENO) && isatty(STDOUT_FILENO) && term != nullptr &&
         std::string(term) != "dumb";
}

// ---------------------------------------------------------------------------
// The walk, for pipes.

// The lines shown for the point at a seq: a game's own screen.
using LinesFn = std::function<std::vector<std::string>(int64_t seq, const ReplayLook& look)>;

int PrintWalk(const StepCursor& stepper, int64_t from, const ReplayLook& look, const LinesFn& lines_at) {
  for (int64_t seq = from; seq <= stepper.size(); ++seq) {
    if (seq > from) std::cout << "\n";  // one paragraph per event
    for (const std::string& line : lines_at(seq, look)) {
      if (!line.empty()) std::cout << line << "\n";
    }
  }
  return kExitOk;
}

int PrintJson(const ReplayView& view) {
  boost::json::array steps;
  for (int64_t seq = view.at; seq <= view.cursor->size(); ++seq) steps.push_back(view.step_json(seq));
  std::cout << boost::json::serialize(steps) << "\n";
  return kExitOk;
}

// ---------------------------------------------------------------------------
// The screen.

// `line` cut to `columns` on screen, escape sequences kept whole.
std::string Clip(const std::string& line, int columns) {
  std::string out;
  int width = 0;
  bool escapes = false;
  for (size_t i = 0; i < line.size(); ++i) {
    if (line[i] == '\x1b') {
      size_t end = i + 1;
      while (end < line.size() && !(line[end] >= '@' && line[end] <= '~' && line[end] != '['))
        ++end;
      out += line.substr(i, end - i + 1);
      escapes = true;
      i = end;
      continue;
    }
    const bool starts_char = (static_cast<unsigned char>(line[i]) & 0xC0) != 0x80;
    if (starts_char && ++width > columns) break;
    out += line[i];
  }
  return escapes ? out + "\x1b[0m" : out;
}

// `line` on rows of at most `columns` on screen, broken at spaces (a word
// wider than a row is cut); the rows after the first are indented two more
// than the line. Escape sequences are kept whole and take no room; a colour
// open at a break is closed there and opened again on the next row.
std::vector<std::string> Wrap(const std::string& line, int columns) {
  const size_t lead = std::min(line.find_first_not_of(' '), line.size());
  const std::string indent(std::min<size_t>(lead + 2, static_cast<size_t>(columns / 2)), ' ');
  std::vector<std::string> rows;
  std::string row = line.substr(0, lead), word, sgr, word_sgr;  // sgr: the colour in force
  int row_width = static_cast<int>(lead), word_width = 0, spaces = 0;
  auto flush_word = [&] {
    if (word.empty()) return;
    if (row_width > static_cast<int>(lead) && row_width + spaces + word_width > columns) {
      rows.push_back(word_sgr.empty() ? row : row + "\x1b[0m");
      row = indent + word_sgr;
      row_width = static_cast<int>(indent.size());
    } else {
      row += std::string(static_cast<size_t>(spaces), ' ');
      row_width += spaces;
    }
    row += word;
    row_width += word_width;
    word.clear();
    word_width = spaces = 0;
  };
  for (size_t i = lead; i < line.size(); ++i) {
    if (line[i] == ' ') {
      flush_word();
      ++spaces;
      word_sgr = sgr;
    } else if (line[i] == '\x1b') {
      size_t end = i + 1;
      while (end < line.size() && !(line[end] >= '@' && line[end] <= '~' && line[end] != '['))
        ++end;
      const std::string seq = line.substr(i, end - i + 1);
      word += seq;
      sgr = seq == "\x1b[0m" || seq == "\x1b[m" ? "" : seq;
      i = end;
    } else {
      if ((static_cast<unsigned char>(line[i]) & 0xC0) != 0x80) ++word_width;
      word += line[i];
    }
  }
  flush_word();
  rows.push_back(row);
  for (std::string& r : rows) r = Clip(r, columns);  // a word wider than a row is cut
  return rows;
}

std::string KeysLine(int columns, const ReplayLook& look) {
  const std::string keys =
      columns >= 100
          ? "→ l next  ← h back  n p pli  N P manche  g SEQ ⏎ jump  0 Home first  $ End last  "
            "q quit"
          : "l/h event  n/p pli  N/P manche  g SEQ jump  0/$ first/last  q quit";
  return replay::Paint(keys, "7", look);
}

// What the bottom lines say besides the keys.
struct Prompt {
  std::string message;             // after a move that could not be made
  std::optional<std::string> seq;  // the digits typed after g
};

void Draw(const tty::Session& terminal, const StepCursor& stepper, ReplayLook look,
          const Prompt& prompt, const LinesFn& lines_at) {
  const auto [rows, columns] = terminal.Size();
  look.width = columns;
  std::vector<std::string> lines;
  for (const std::string& line : lines_at(stepper.seq(), look)) {
    for (std::string& row : Wrap(line, columns)) lines.push_back(std::move(row));
  }
  const int body = std::max(1, rows - 2);
  if (static_cast<int>(lines.size()) > body) {  // a small window: no blank lines
    std::erase_if(lines, [](const std::string& line) { return line.empty(); });
  }
  std::string out;
  for (int r = 0; r < body; ++r) {
    out += "\x1b[" + std::to_string(r + 1) + ";1H\x1b[2K";
    if (r < static_cast<int>(lines.size())) out += Clip(lines[r], columns);
  }
  const std::string status = prompt.seq ? "jump to seq: " + *prompt.seq + "_" : prompt.message;
  out += "\x1b[" + std::to_string(body + 1) + ";1H\x1b[2K" + Clip(status, columns);
  if (rows > 2)
    out += "\x1b[" + std::to_string(rows) + ";1H\x1b[2K" + Clip(KeysLine(columns, look), columns);
  terminal.Write(out);
}

// Applies a key typed while the jump prompt is open.
void JumpKey(StepCursor& stepper, const KeyPress& key, Prompt& prompt) {
  std::string& digits = *prompt.seq;
  if (key.key == Key::kChar && key.ch >= '0' && key.ch <= '9') {
    if (digits.size() < 18) digits += key.ch;
    return;
  }
  if (key.key == Key::kBackspace) {
    if (!digits.empty()) digits.pop_back();
    return;
  }
  if (key.key == Key::kEnter && !digits.empty()) {
    if (!stepper.Jump(std::stoll(digits))) {
      prompt.message =
          "no event " + digits + ": the game has events 1 to " + std::to_string(stepper.size());
    }
  }
  prompt.seq.reset();  // Enter, Esc or any other key closes the prompt
}

// A move the keys ask for, or nullptr.
using Move = bool (StepCursor::*)();
Move MoveFor(const KeyPress& key) {
  const char c = key.key == Key::kChar ? key.ch : '\0';
  if (key.key == Key::kRight || c == 'l' || c == ' ') return &StepCursor::Next;
  if (key.key == Key::kLeft || key.key == Key::kBackspace || c == 'h') return &StepCursor::Prev;
  if (key.key == Key::kDown || c == 'n') return &StepCursor::NextPli;
  if (key.key == Key::kUp || c == 'p') return &StepCursor::PrevPli;
  if (key.key == Key::kPageDown || c == 'N') return &StepCursor::NextManche;
  if (key.key == Key::kPageUp || c == 'P') return &StepCursor::PrevManche;
  if (key.key == Key::kHome || c == '0') return &StepCursor::First;
  if (key.key == Key::kEnd || c == '$') return &StepCursor::Last;
  return nullptr;
}

// Applies a key; false to quit.
bool MoveKey(StepCursor& stepper, const KeyPress& key, Prompt& prompt) {
  const char c = key.key == Key::kChar ? key.ch : '\0';
  if (const Move move = MoveFor(key)) {
    const int64_t from = stepper.seq();
    if (!(stepper.*move)()) {  // it stayed: at an end of the log
      prompt.message = from == stepper.size() ? "at the last event" : "at the first event";
    }
  } else if (c == 'g') {
    prompt.seq = "";
  } else if (c >= '1' && c <= '9') {
    prompt.seq = std::string(1, c);
  } else if (c == 'q' || c == 'Q' || key.key == Key::kEscape || key.key == Key::kInterrupt ||
             key.key == Key::kClosed) {
    return false;
  } else {
    prompt.message = "that key does nothing here; the keys are below (q quits)";
  }
  return true;
}

int RunScreen(StepCursor& stepper, const ReplayLook& look, const LinesFn& lines_at) {
  tty::Session terminal(STDIN_FILENO, STDOUT_FILENO);
  Prompt prompt;
  for (;;) {
    Draw(terminal, stepper, look, prompt, lines_at);
    const KeyPress key = terminal.ReadKey();
    if (key.key == Key::kResize) continue;
    prompt.message.clear();
    if (prompt.seq) {
      JumpKey(stepper, key, prompt);
    } else if (!MoveKey(stepper, key, prompt)) {
      return kExitOk;
    }
  }
}

// ---------------------------------------------------------------------------

class ReplayCommand : public CommandGroup {
 public:
  explicit ReplayCommand(CLI::App& app) {
    command_ = app.add_subcommand(
        "replay",
        "Step through a game event by event, pli by pli, manche by manche, forwards and "
        "backwards, seeing every hand, the pli on the table and what is in force. Without a "
        "terminal, print the whole walk.");
    command_->add_option("SOURCE", args_.source,
                         "the event log: a JSON Lines file ('-' reads standard input, and then "
                         "the walk is printed); or give --db");
    command_->add_option("--db", args_.db, "read the game from this database instead of a file")
        ->type_name("FILE");
    command_
        ->add_option("--game", args_.game,
                     "the game's id, required when SOURCE holds more than one game")
        ->type_name("ID");
    command_->add_option("--at", args_.at, "start after event SEQ (1-based; default: the first)")
        ->type_name("SEQ");
    command_
        ->add_option("--seat", args_.seat,
                     "show only this seat's cards (a number or a name); the other hands are "
                     "shown as counts")
        ->type_name("S");
    command_->add_flag("--json", args_.json,
                       "print one JSON document, an array of steps, instead of the screen");
    command_->add_option("--html", args_.html, kReplayHtmlHelp)->type_name("FILE")->excludes("--json");
    {
      // Each game's paragraph (GameFacts::replay_help) and the games' titles.
      std::string footer = kReplayFooter;
      std::string paragraphs;
      std::vector<std::string> titles;
      for (const Game* game : Games()) {
        const GameFacts facts = game->Facts();
        titles.push_back(facts.title);
        if (!facts.replay_help.empty()) paragraphs += facts.replay_help + "\n\n";
      }
      footer.replace(footer.find("%GAMES_REPLAY%"), 14, paragraphs);
      footer.replace(footer.find("%GAMES%"), 7, JoinNames(titles));
      command_->footer(footer);
    }
  }

  std::optional<int> RunParsed() override {
    if (!command_->parsed()) return std::nullopt;
    if (args_.html) {
      return WriteReplayPage(*args_.html, args_.source, args_.db, args_.game, args_.at, args_.seat);
    }
    AnyLoadedGame loaded = LoadGame(args_);
    const auto own_view = loaded.log.kind ? CommandsOf(*loaded.log.kind).replay : nullptr;
    if (own_view == nullptr) return RunAny(std::move(loaded.log));
    // The game's own view (Super Président's: games/president/cli/replay.cc).
    const ReplayView view = own_view(std::move(loaded.log), args_.at, args_.seat);
    if (args_.json) return PrintJson(view);
    ReplayLook look;
    look.seat = view.seat;
    // Symbols and colour on a terminal, unless NO_COLOR (or TERM=dumb) says no.
    look.style = StdoutStyle();
    if (!Interactive()) return PrintWalk(*view.cursor, view.at, look, view.lines);
    return RunScreen(*view.cursor, look, view.lines);
  }

  // A game without a view of its own (Skull King): its screen through the
  // game interface (replay/any_stepper.h), every hand shown.
  int RunAny(AnyGameLog log) {
    if (args_.seat) {
      throw std::runtime_error("--seat: the replay of a " + std::string(log.kind->Name()) +
                               " game shows every hand; --html FILE --seat S writes one seat's view");
    }
    const int64_t at =
        args_.at ? ResolveAt(log.game, static_cast<int64_t>(log.events.size()), args_.at) : 1;
    AnyStepper stepper(std::move(log));
    stepper.Jump(at);
    if (args_.json) {
      boost::json::array steps;
      for (int64_t seq = at; seq <= stepper.size(); ++seq) steps.push_back(AnyStepJson(stepper, seq));
      std::cout << boost::json::serialize(steps) << "\n";
      return kExitOk;
    }
    ReplayLook look;
    look.style = StdoutStyle();
    const LinesFn lines_at = [&stepper](int64_t seq, const ReplayLook&) {
      return AnyStepLines(stepper, seq);
    };
    if (!Interactive()) return PrintWalk(stepper, at, look, lines_at);
    return RunScreen(stepper, look, lines_at);
  }

 private:
  CLI::App* command_ = nullptr;
  ReplayArgs args_;
};

}  // namespace

std::unique_ptr<CommandGroup> AddReplayCommand(CLI::App& app) {
  return std::make_unique<ReplayCommand>(app);
}

}  // namespace pli::cli
