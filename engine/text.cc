// text.cc: EscapeForTerminal and HasControlOrBadUtf8 (text.h).
#include "engine/text.h"

#include <algorithm>
#include <cstdint>

namespace pli {
namespace {

// The code point that starts at text[i] and its length in bytes, or length 0
// when the bytes there are not valid UTF-8 (overlong forms and surrogates
// included).
struct Decoded {
  uint32_t code = 0;
  size_t length = 0;
};

Decoded DecodeUtf8(std::string_view text, size_t i) {
  const auto byte = [&](size_t k) { return static_cast<unsigned char>(text[k]); };
  const unsigned char b0 = byte(i);
  if (b0 < 0x80) return {b0, 1};
  size_t n = 0;
  uint32_t code = 0;
  uint32_t min = 0;
  if ((b0 & 0xE0) == 0xC0) {
    n = 2, code = b0 & 0x1F, min = 0x80;
  } else if ((b0 & 0xF0) == 0xE0) {
    n = 3, code = b0 & 0x0F, min = 0x800;
  } else if ((b0 & 0xF8) == 0xF0) {
    n = 4, code = b0 & 0x07, min = 0x10000;
  } else {
    return {};
  }
  if (i + n > text.size()) return {};
  for (size_t k = 1; k < n; ++k) {
    if ((byte(i + k) & 0xC0) != 0x80) return {};
    code = (code << 6) | (byte(i + k) & 0x3F);
  }
  if (code < min || code > 0x10FFFF || (code >= 0xD800 && code <= 0xDFFF)) return {};
  return {code, n};
}

bool IsControl(uint32_t code) { return code < 0x20 || (code >= 0x7F && code <= 0x9F); }

bool IsBidiControl(uint32_t code) {
  return (code >= 0x202A && code <= 0x202E) || (code >= 0x2066 && code <= 0x2069);
}

void AppendHex(std::string& out, const char* prefix, uint32_t value, int digits) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += prefix;
  for (int d = digits - 1; d >= 0; --d) out += kHex[(value >> (4 * d)) & 0xF];
}

}  // namespace

std::string EscapeForTerminal(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size();) {
    const Decoded d = DecodeUtf8(text, i);
    if (d.length == 0) {  // not UTF-8: the byte itself, visibly
      AppendHex(out, "\\x", static_cast<unsigned char>(text[i]), 2);
      ++i;
      continue;
    }
    switch (d.code) {
      case '\n': out += "\\n"; break;
      case '\r': out += "\\r"; break;
      case '\t': out += "\\t"; break;
      default:
        if (d.code < 0x80 && IsControl(d.code)) {
          AppendHex(out, "\\x", d.code, 2);
        } else if (IsControl(d.code) || IsBidiControl(d.code)) {
          AppendHex(out, "\\u", d.code, 4);
        } else {
          out.append(text.substr(i, d.length));
        }
    }
    i += d.length;
  }
  return out;
}

std::string EscapeLinesForTerminal(std::string_view text) {
  std::string out;
  for (size_t start = 0; start <= text.size();) {
    const size_t end = std::min(text.find('\n', start), text.size());
    out += EscapeForTerminal(text.substr(start, end - start));
    if (end == text.size()) break;
    out += '\n';
    start = end + 1;
  }
  return out;
}

bool HasControlOrBadUtf8(std::string_view text) {
  for (size_t i = 0; i < text.size();) {
    const Decoded d = DecodeUtf8(text, i);
    if (d.length == 0 || IsControl(d.code)) return true;
    i += d.length;
  }
  return false;
}

}  // namespace pli
