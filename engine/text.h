// text.h: text from outside (game ids, seat names, event ids and times,
// paths) made safe to show on a terminal, and the check that refuses control
// characters in names and ids on input (INTERFACE.md §1: seat names have no
// control characters). Pure: strings only.
#ifndef PLI_ENGINE_TEXT_H_
#define PLI_ENGINE_TEXT_H_

#include <string>
#include <string_view>

namespace pli {

// `text` with every character that could steer a terminal written visibly:
// C0 controls (U+0000-U+001F) as \n, \r, \t or \xNN (ESC: \x1b), DEL as \x7f,
// C1 controls (U+0080-U+009F) as \u0080-\u009f, the bidirectional
// overrides and isolates (U+202A-U+202E, U+2066-U+2069) as \u202e...,
// and a byte that is not part of valid UTF-8 as \xNN. Everything else,
// backslash included, is kept, so escaping twice changes nothing. JSON
// output needs none of this (it escapes on its own); every human text does.
std::string EscapeForTerminal(std::string_view text);
// A text quoted for an error message: EscapeForTerminal between double
// quotes (prose, not JSON escaping).
inline std::string Quote(std::string_view text) { return "\"" + EscapeForTerminal(text) + "\""; }

// EscapeForTerminal of each line, the line feeds between them kept: for a
// whole message printed at the boundary (an exception's text on stderr),
// whose own line breaks are meant.
std::string EscapeLinesForTerminal(std::string_view text);

// Whether `text` holds a control character (U+0000-U+001F, U+007F-U+009F)
// or is not valid UTF-8: what names and ids refuse on input.
bool HasControlOrBadUtf8(std::string_view text);

}  // namespace pli

#endif  // PLI_ENGINE_TEXT_H_
