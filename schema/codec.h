// codec.h: the primitives every game's stored encoding is written with
// (schema/FORMAT.md §6): bytes, unsigned LEB128 varints, zigzag for signed
// numbers, length-prefixed strings, and the UTF-8 and control-character
// checks a decoder makes so that it accepts only what the JSON reader would.
// Each game's codec (games/<game>/wire/event_codec.cc) builds its events from
// these; the bytes they write are hashed by the chain, so none of them may
// ever change what it writes.
#ifndef PLI_SCHEMA_CODEC_H_
#define PLI_SCHEMA_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace pli::codec {

inline void PutByte(std::string& out, unsigned value) { out += static_cast<char>(value & 0xFF); }

// Unsigned LEB128: seven bits a byte, low group first, high bit = more.
inline void PutVarint(std::string& out, uint64_t value) {
  while (value >= 0x80) {
    PutByte(out, static_cast<unsigned>(value & 0x7F) | 0x80);
    value >>= 7;
  }
  PutByte(out, static_cast<unsigned>(value));
}

// Zigzag: 0, -1, 1, -2, 2 ... map to 0, 1, 2, 3, 4 ...
inline uint64_t ZigZag(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}
inline int64_t UnZigZag(uint64_t u) { return static_cast<int64_t>((u >> 1) ^ (~(u & 1) + 1)); }

// A varint length, then the bytes.
inline void PutString(std::string& out, std::string_view s) {
  PutVarint(out, s.size());
  out.append(s);
}

// The length of the well-formed UTF-8 sequence at s[i] (RFC 3629, as the
// JSON reader checks it: no overlong forms, no surrogates, nothing past
// U+10FFFF), or 0 when there is none.
inline std::size_t Utf8Length(std::string_view s, std::size_t i) {
  auto at = [&](std::size_t k) { return static_cast<unsigned char>(s[k]); };
  auto cont = [&](std::size_t k, unsigned lo, unsigned hi) {
    return k < s.size() && at(k) >= lo && at(k) <= hi;
  };
  unsigned b = at(i);
  if (b < 0x80) return 1;
  if (b >= 0xC2 && b <= 0xDF) return cont(i + 1, 0x80, 0xBF) ? 2 : 0;
  if (b >= 0xE0 && b <= 0xEF) {
    unsigned lo = b == 0xE0 ? 0xA0 : 0x80, hi = b == 0xED ? 0x9F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2, 0x80, 0xBF) ? 3 : 0;
  }
  if (b >= 0xF0 && b <= 0xF4) {
    unsigned lo = b == 0xF0 ? 0x90 : 0x80, hi = b == 0xF4 ? 0x8F : 0xBF;
    return cont(i + 1, lo, hi) && cont(i + 2, 0x80, 0xBF) && cont(i + 3, 0x80, 0xBF) ? 4 : 0;
  }
  return 0;
}

// Whether `s` is well-formed UTF-8 (Utf8Length at every step).
inline bool IsUtf8(std::string_view s) {
  for (std::size_t i = 0; i < s.size();) {
    // ASCII, the usual case: eight bytes at a time while none has its high bit.
    uint64_t word = 0;
    if (i + sizeof word <= s.size()) {
      std::memcpy(&word, s.data() + i, sizeof word);
      if ((word & 0x8080808080808080) == 0) {
        i += sizeof word;
        continue;
      }
    }
    if (static_cast<unsigned char>(s[i]) < 0x80) {
      ++i;
      continue;
    }
    std::size_t n = Utf8Length(s, i);
    if (n == 0) return false;
    i += n;
  }
  return true;
}

// U+0000-U+001F, U+007F-U+009F in a UTF-8 text (C2 80 to C2 9F for the last).
inline bool HasControlCharacter(std::string_view text) {
  for (std::size_t i = 0; i < text.size(); ++i) {
    const auto c = static_cast<unsigned char>(text[i]);
    if (c < 0x20 || c == 0x7F) return true;
    if (c == 0xC2 && i + 1 < text.size() && static_cast<unsigned char>(text[i + 1]) <= 0x9F &&
        static_cast<unsigned char>(text[i + 1]) >= 0x80) {
      return true;
    }
  }
  return false;
}

}  // namespace pli::codec

#endif  // PLI_SCHEMA_CODEC_H_
