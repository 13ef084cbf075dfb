// json_write.h: writing an event's canonical JSON line by hand (FORMAT.md:
// the key order and escapes the readers of exported logs see), shared by
// every game's writer (games/<game>/wire/event_json.cc). Strings are escaped as
// JSON requires and UTF-8 bytes are kept as they are; fields after the
// first are written with a leading comma.
#ifndef PLI_SCHEMA_JSON_WRITE_H_
#define PLI_SCHEMA_JSON_WRITE_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

namespace pli::json_write {

// `s` as a JSON string: " and \ escaped, \b \f \n \r \t by letter, other
// control characters as \u00XX.
inline void AppendString(std::string& out, std::string_view s) {
  static constexpr std::string_view kControls = "\b\f\n\r\t", kLetters = "bfnrt";
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (std::size_t k = kControls.find(c); k != std::string_view::npos) {
      out += '\\';
      out += kLetters[k];
    } else if (static_cast<unsigned char>(c) < 0x20) {
      out += "\\u00";
      out += kHex[c >> 4];
      out += kHex[c & 0xF];
    } else {
      out += c;  // UTF-8 bytes are kept as they are
    }
  }
  out += '"';
}

// ,"key":
inline void AppendKey(std::string& out, std::string_view key) {
  out += ',';
  AppendString(out, key);
  out += ':';
}
inline void AppendStringField(std::string& out, std::string_view key, std::string_view value) {
  AppendKey(out, key);
  AppendString(out, value);
}
inline void AppendIntField(std::string& out, std::string_view key, int64_t value) {
  AppendKey(out, key);
  out += std::to_string(value);
}

}  // namespace pli::json_write

#endif  // PLI_SCHEMA_JSON_WRITE_H_
