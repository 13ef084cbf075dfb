// violation.cc: the wire names of the violation codes (RULES.md "Violation
// codes"). The names are written to disk and printed: never rename one.
#include "games/president/rules/violation.h"

#include <array>
#include <utility>

namespace pli {
namespace {

constexpr std::array<std::pair<Code, std::string_view>, 17> kCodeNames = {{
    {Code::kMalformed, "malformed"},
    {Code::kGameOver, "game-over"},
    {Code::kNoManche, "no-manche"},
    {Code::kBadDeal, "bad-deal"},
    {Code::kExchangePending, "exchange-pending"},
    {Code::kOutOfPli, "out-of-pli"},
    {Code::kNotYourTurn, "not-your-turn"},
    {Code::kCardNotInHand, "card-not-in-hand"},
    {Code::kMixedRanks, "mixed-ranks"},
    {Code::kDeclareNotAllowed, "declare-not-allowed"},
    {Code::kCountMismatch, "count-mismatch"},
    {Code::kOuRienRank, "ou-rien-rank"},
    {Code::kTooWeak, "too-weak"},
    {Code::kNotConsecutive, "not-consecutive"},
    {Code::kMustPlay, "must-play"},
    {Code::kCloseNotAllowed, "close-not-allowed"},
    {Code::kExchangeWrongCards, "exchange-wrong-cards"},
}};

}  // namespace

std::string_view CodeName(Code code) {
  for (const auto& [c, name] : kCodeNames) {
    if (c == code) return name;
  }
  return "unknown";  // not a Code value
}

std::string SentenceFor(const Violation& v, Audience audience) {
  switch (audience) {
    case Audience::kActor:
      return v.message;
    case Audience::kTable:
      return v.table.empty() ? v.message : v.table;
    case Audience::kAdjudicator:
      break;
  }
  if (v.hidden.empty()) return v.message;
  return v.message + " (hidden from the player: " + v.hidden + ")";
}

std::optional<Code> ParseCode(std::string_view name) {
  for (const auto& [c, n] : kCodeNames) {
    if (n == name) return c;
  }
  return std::nullopt;
}

}  // namespace pli
