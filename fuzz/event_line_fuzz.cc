// event_line_fuzz.cc: libFuzzer target for the JSON Lines event parser
// (games/president/wire/event_json.h). Any byte string may go in; nothing may crash, and
// every line that parses must survive both wire forms unchanged:
//   ParseEventLine(EventToJson(e)) == e                (the canonical line)
//   DecodeEvent(EncodeEvent(e)) == e with seq cleared  (the stored encoding)
//   EncodeEvent of that decoded event gives the same bytes again.
// A mismatch aborts, which libFuzzer reports as a crash with its input.
#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <string>
#include <string_view>
#include <variant>

#include "games/president/wire/event_codec.h"
#include "games/president/wire/event_json.h"

namespace {

[[noreturn]] void Mismatch(const char* what, const pli::Event& e) {
  std::fprintf(stderr, "event_line_fuzz: %s for %s\n", what, pli::EventToJson(e).c_str());
  std::abort();
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::string_view line(reinterpret_cast<const char*>(data), size);
  auto parsed = pli::ParseEventLine(line);
  const pli::Event* e = std::get_if<pli::Event>(&parsed);
  if (e == nullptr) return 0;

  auto again = pli::ParseEventLine(pli::EventToJson(*e));
  const pli::Event* e2 = std::get_if<pli::Event>(&again);
  if (e2 == nullptr || !(*e2 == *e)) Mismatch("EventToJson does not parse back equal", *e);

  pli::Event unsequenced = *e;
  unsequenced.seq.reset();
  const std::string bytes = pli::EncodeEvent(unsequenced);
  auto decoded = pli::DecodeEvent(bytes);
  const pli::Event* d = std::get_if<pli::Event>(&decoded);
  if (d == nullptr) {
    std::fprintf(stderr, "event_line_fuzz: %s\n", std::get<std::string>(decoded).c_str());
    Mismatch("EncodeEvent gives bytes DecodeEvent rejects", *e);
  }
  if (!(*d == unsequenced)) Mismatch("DecodeEvent(EncodeEvent(e)) != e", *e);
  if (pli::EncodeEvent(*d) != bytes) Mismatch("re-encoding gives other bytes", *e);
  return 0;
}
