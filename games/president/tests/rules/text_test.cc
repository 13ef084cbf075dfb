// text_test.cc: EscapeForTerminal and HasControlOrBadUtf8 (engine/text.h),
// what every human output and the input checks of INTERFACE.md §1 rest on.
#include "engine/text.h"

#include <catch2/catch.hpp>
#include <string>

namespace pli {
namespace {

TEST_CASE("EscapeForTerminal writes C0, DEL and C1 controls visibly", "[text][tty]") {
  CHECK(EscapeForTerminal("\x1b]0;title\x07") == "\\x1b]0;title\\x07");
  CHECK(EscapeForTerminal("\x1b[2J") == "\\x1b[2J");
  CHECK(EscapeForTerminal("a\rb\nc\td") == "a\\rb\\nc\\td");
  CHECK(EscapeForTerminal(std::string("a\0b", 3)) == "a\\x00b");
  CHECK(EscapeForTerminal("x\x7f") == "x\\x7f");
  CHECK(EscapeForTerminal("\x1f") == "\\x1f");
  // C1 CSI: as a code point (UTF-8 C2 9B), and as a raw byte (not UTF-8).
  CHECK(EscapeForTerminal("\xc2\x9b" "2J") == "\\u009b2J");
  CHECK(EscapeForTerminal("\xc2\x80\xc2\x9f") == "\\u0080\\u009f");
  CHECK(EscapeForTerminal("\x9b" "2J") == "\\x9b2J");
}

TEST_CASE("EscapeForTerminal writes bidi overrides and bytes that are not UTF-8 visibly",
          "[text][tty]") {
  CHECK(EscapeForTerminal("abc\xe2\x80\xae" "def") == "abc\\u202edef");  // U+202E RLO
  CHECK(EscapeForTerminal("\xe2\x81\xa6x\xe2\x81\xa9") == "\\u2066x\\u2069");  // isolates
  CHECK(EscapeForTerminal("\xff") == "\\xff");
  CHECK(EscapeForTerminal("\xc3") == "\\xc3");              // cut short
  CHECK(EscapeForTerminal("\xc0\xaf") == "\\xc0\\xaf");     // overlong '/'
  CHECK(EscapeForTerminal("\xed\xa0\x80") == "\\xed\\xa0\\x80");  // a surrogate
}

TEST_CASE("EscapeForTerminal keeps printable text, UTF-8 included, and is idempotent",
          "[text][tty]") {
  for (const std::string text : {"Ana", "Zoë ♥ 10♣", "g-1_x y", "back\\slash", "𝄞", ""}) {
    CHECK(EscapeForTerminal(text) == text);
  }
  const std::string hostile = "\x1b]0;t\x07\r\n\x9b\xc2\x9b\xe2\x80\xae";
  CHECK(EscapeForTerminal(EscapeForTerminal(hostile)) == EscapeForTerminal(hostile));
  CHECK_FALSE(HasControlOrBadUtf8(EscapeForTerminal(hostile)));
}

TEST_CASE("EscapeLinesForTerminal keeps the line feeds between lines only", "[text][tty]") {
  CHECK(EscapeLinesForTerminal("one\x1b[2J\ntwo\r\n") == "one\\x1b[2J\ntwo\\r\n");
  CHECK(EscapeLinesForTerminal("plain") == "plain");
}

TEST_CASE("HasControlOrBadUtf8: the names and ids INTERFACE.md §1 refuses", "[text][tty]") {
  for (const std::string bad : {"\x1b", "a\nb", "\t", "\x7f", "\xc2\x9b", "\xc2\x80", "\x9b",
                                "\xff", "\xc3"}) {
    CHECK(HasControlOrBadUtf8(bad));
  }
  CHECK(HasControlOrBadUtf8(std::string("a\0", 2)));
  for (const std::string good : {"Ana", "Zoë", "♥", "a b", "", "\xc2\xa0" /* NBSP */}) {
    CHECK_FALSE(HasControlOrBadUtf8(good));
  }
}

}  // namespace
}  // namespace pli
