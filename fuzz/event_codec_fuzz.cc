// event_codec_fuzz.cc: libFuzzer target for the stored encoding
// (games/president/wire/event_codec.h). Any byte string may go in; nothing may crash, and
// every string that decodes must be canonical and mean the same in JSON:
//   EncodeEvent(DecodeEvent(b)) == b
//   ParseEventLine(EventToJson(e)) == e  (what decodes, the JSON reader accepts)
//   DecodeEventInto into an Event kept from input to input gives the same
//   event or the same error (what the Event held before does not matter)
// A mismatch aborts, which libFuzzer reports as a crash with its input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <string_view>
#include <variant>

#include "games/president/wire/event_codec.h"
#include "games/president/wire/event_json.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view bytes(reinterpret_cast<const char*>(data), size);
  auto decoded = pli::DecodeEvent(bytes);
  const pli::Event* e = std::get_if<pli::Event>(&decoded);
  static pli::Event reused;  // holds whatever the last input left in it
  const std::optional<std::string> error = pli::DecodeEventInto(bytes, reused);
  if (error.has_value() != (e == nullptr) ||
      (error && *error != std::get<std::string>(decoded)) || (!error && !(reused == *e))) {
    std::fprintf(stderr, "event_codec_fuzz: DecodeEventInto and DecodeEvent disagree\n");
    std::abort();
  }
  if (e == nullptr) return 0;
  if (e->seq.has_value()) {
    std::fprintf(stderr, "event_codec_fuzz: a decoded event has a seq\n");
    std::abort();
  }
  if (pli::EncodeEvent(*e) != bytes) {
    std::fprintf(stderr, "event_codec_fuzz: accepted a non-canonical encoding of %s\n",
                 pli::EventToJson(*e).c_str());
    std::abort();
  }
  auto json = pli::ParseEventLine(pli::EventToJson(*e));
  if (auto* error = std::get_if<pli::ParseError>(&json)) {
    std::fprintf(stderr, "event_codec_fuzz: decodes but the JSON reader refuses %s: %s: %s\n",
                 pli::EventToJson(*e).c_str(), error->field.c_str(), error->message.c_str());
    std::abort();
  }
  if (!(std::get<pli::Event>(json) == *e)) {
    std::fprintf(stderr, "event_codec_fuzz: JSON changes %s\n", pli::EventToJson(*e).c_str());
    std::abort();
  }
  return 0;
}
