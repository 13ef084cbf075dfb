// seat_names.h: seats in a game's message named as the players are named
// (issue 29: a Skull King refusal said "seats 1, 2 and 0 still owe a bid"
// to Ann, Bob and Cyd).
#ifndef PLI_CLI_SEAT_NAMES_H_
#define PLI_CLI_SEAT_NAMES_H_

#include <cctype>
#include <string>
#include <vector>

#include "engine/text.h"

namespace pli::cli {

// "seat N" becomes "NAME (seat N)", and "seats N, M and K" becomes
// "NAME (seat N), NAME (seat M) and NAME (seat K)". A seat already named
// ("Ann (seat 0)", "seat 0 (Ann)") and a number that is no seat are left
// alone. Game-neutral: only the words "seat" and "seats" are read.
inline std::string NameSeats(const std::string& message, const std::vector<std::string>& names) {
  const auto digits_at = [&](size_t i) {
    size_t end = i;
    while (end < message.size() && end - i < 3 && std::isdigit(static_cast<unsigned char>(message[end]))) ++end;
    return end;
  };
  const auto named = [&](size_t seat, size_t at, size_t end) {
    return seat < names.size() && !(at > 0 && message[at - 1] == '(') &&
           !(end < message.size() && message.compare(end, 2, " (") == 0);
  };
  std::string out;
  size_t i = 0;
  while (i < message.size()) {
    const size_t at = message.find("seat", i);
    if (at == std::string::npos) break;
    const bool word = at == 0 || !std::isalnum(static_cast<unsigned char>(message[at - 1]));
    const bool plural = message.compare(at, 6, "seats ") == 0;
    const size_t first = at + (plural ? 6 : 5);
    if (!word || (!plural && message.compare(at, 5, "seat ") != 0) || first >= message.size() ||
        !std::isdigit(static_cast<unsigned char>(message[first]))) {
      out += message.substr(i, at + 4 - i);
      i = at + 4;
      continue;
    }
    // The numbers: one ("seat 2"), or a list ("seats 1, 2 and 0").
    std::vector<std::pair<size_t, size_t>> numbers;  // [start, end)
    std::vector<std::string> separators;
    size_t end = digits_at(first);
    numbers.push_back({first, end});
    while (plural) {
      std::string sep;
      for (const char* s : {", ", " and "}) {
        if (message.compare(end, std::string(s).size(), s) == 0 &&
            end + std::string(s).size() < message.size() &&
            std::isdigit(static_cast<unsigned char>(message[end + std::string(s).size()]))) {
          sep = s;
        }
      }
      if (sep.empty()) break;
      const size_t start = end + sep.size();
      separators.push_back(sep);
      end = digits_at(start);
      numbers.push_back({start, end});
    }
    bool all = true;
    for (const auto& [a, b] : numbers) all = all && named(std::stoul(message.substr(a, b - a)), at, end);
    out += message.substr(i, at - i);
    if (!all) {
      out += message.substr(at, end - at);
    } else {
      for (size_t k = 0; k < numbers.size(); ++k) {
        const std::string n = message.substr(numbers[k].first, numbers[k].second - numbers[k].first);
        if (k > 0) out += separators[k - 1];
        out += EscapeForTerminal(names[std::stoul(n)]) + " (seat " + n + ")";
      }
    }
    i = end;
  }
  return out + message.substr(std::min(i, message.size()));
}

}  // namespace pli::cli

#endif  // PLI_CLI_SEAT_NAMES_H_
