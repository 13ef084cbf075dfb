// clock.h: the time the tools stamp on what they write: an event's `at`
// (INTERFACE.md §1), a writer's claim. The one place that reads the clock
// for them.
#ifndef PLI_REFEREE_CLOCK_H_
#define PLI_REFEREE_CLOCK_H_

#include <ctime>
#include <string>

namespace pli {

// Now, in UTC, as RFC 3339 to the second ("2026-11-29T11:40:00Z").
inline std::string NowUtc() {
  const std::time_t now = std::time(nullptr);
  std::tm tm{};
  gmtime_r(&now, &tm);
  char text[32];
  std::strftime(text, sizeof text, "%Y-%m-%dT%H:%M:%SZ", &tm);
  return text;
}

}  // namespace pli

#endif  // PLI_REFEREE_CLOCK_H_
