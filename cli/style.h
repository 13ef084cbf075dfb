// style.h: how the human output of `pli` looks, for every game. On a
// terminal, text is painted: verdicts green or red, rule ids bold, and a
// game's cards as the game's own text says (Super Président's, with their
// suit symbols in colour: games/president/cli/cards.h). Anywhere else, and whenever
// NO_COLOR is set, the output is plain: two-letter cards (RULES.md C1), no escape sequence, byte
// for byte what scripts and tests read. Header-only, cli only.
#ifndef PLI_CLI_STYLE_H_
#define PLI_CLI_STYLE_H_

#include <unistd.h>

#include <algorithm>
#include <cstdlib>
#include <string>
#include <string_view>
#include <vector>

namespace pli::cli {

// Plain, or fancy (symbols and ANSI colour).
struct Style {
  bool fancy = false;

  static Style Plain() { return Style{false}; }
  static Style Fancy() { return Style{true}; }

  // `text` in the SGR attribute `sgr` ("1" bold, "31" red ...) when fancy.
  std::string Paint(std::string_view text, std::string_view sgr) const {
    if (!fancy || text.empty()) return std::string(text);
    return "\x1b[" + std::string(sgr) + "m" + std::string(text) + "\x1b[0m";
  }
  std::string Bold(std::string_view text) const { return Paint(text, "1"); }
  std::string Dim(std::string_view text) const { return Paint(text, "2"); }
  std::string Good(std::string_view text) const { return Paint(text, "1;32"); }
  std::string Bad(std::string_view text) const { return Paint(text, "1;31"); }
  std::string Note(std::string_view text) const { return Paint(text, "33"); }
};

// The style for standard output: fancy when it is a terminal (or
// CLICOLOR_FORCE is set to anything but "0"), NO_COLOR is unset or empty,
// and TERM is not "dumb".
inline Style StdoutStyle() {
  const char* no_color = std::getenv("NO_COLOR");
  if (no_color != nullptr && *no_color != '\0') return Style::Plain();
  const char* force = std::getenv("CLICOLOR_FORCE");
  if (force != nullptr && *force != '\0' && std::string_view(force) != "0") return Style::Fancy();
  const char* term = std::getenv("TERM");
  if (term != nullptr && std::string_view(term) == "dumb") return Style::Plain();
  return isatty(STDOUT_FILENO) ? Style::Fancy() : Style::Plain();
}

// The columns a string takes on a terminal: UTF-8 code points, escape
// sequences (ESC [ ... letter) not counted.
inline size_t DisplayWidth(std::string_view text) {
  size_t width = 0;
  for (size_t i = 0; i < text.size(); ++i) {
    const auto byte = static_cast<unsigned char>(text[i]);
    if (byte == 0x1b && i + 1 < text.size() && text[i + 1] == '[') {
      i += 2;
      while (i < text.size() && !(text[i] >= '@' && text[i] <= '~')) ++i;
      continue;
    }
    if ((byte & 0xC0) != 0x80) ++width;  // not a continuation byte
  }
  return width;
}

// Rows of cells printed with each column padded to its widest cell, two
// spaces between columns, each row indented, trailing blanks trimmed.
class Table {
 public:
  explicit Table(std::string indent = "  ") : indent_(std::move(indent)) {}

  void Row(std::vector<std::string> cells) { rows_.push_back(std::move(cells)); }
  bool empty() const { return rows_.empty(); }

  // A column empty in every row takes no room.
  std::string Render() const {
    std::vector<size_t> widths;
    for (const auto& row : rows_) {
      if (widths.size() < row.size()) widths.resize(row.size(), 0);
      for (size_t i = 0; i < row.size(); ++i) widths[i] = std::max(widths[i], DisplayWidth(row[i]));
    }
    std::string text;
    for (const auto& row : rows_) {
      std::string line = indent_;
      for (size_t i = 0; i < row.size(); ++i) {
        if (widths[i] == 0) continue;
        line += row[i];
        if (i + 1 < row.size()) line += std::string(widths[i] - DisplayWidth(row[i]) + 2, ' ');
      }
      while (!line.empty() && line.back() == ' ') line.pop_back();
      text += line + "\n";
    }
    return text;
  }

 private:
  std::string indent_;
  std::vector<std::vector<std::string>> rows_;
};

}  // namespace pli::cli

#endif  // PLI_CLI_STYLE_H_
