// violation.cc: the wire names of the violation codes.
#include "games/skull_king/rules/violation.h"

namespace pli::sk {
namespace {
constexpr std::string_view kNames[] = {
    "malformed",     "game-over",      "bad-deal",         "no-manche",
    "bidding-pending", "already-bid",  "not-your-turn",    "bid-out-of-range",
    "bid-equalizes", "count-mismatch", "card-not-in-hand", "declare-required",
    "declare-not-allowed", "must-follow",
};
}  // namespace

std::string_view CodeName(Code code) { return kNames[static_cast<int>(code)]; }

std::optional<Code> ParseCode(std::string_view name) {
  for (size_t i = 0; i < std::size(kNames); ++i)
    if (kNames[i] == name) return static_cast<Code>(i);
  return std::nullopt;
}

}  // namespace pli::sk
