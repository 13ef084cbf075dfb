// violation.h: why an action is illegal, as a value (RULES.md "Violation codes").
#ifndef PLI_ENGINE_VIOLATION_H_
#define PLI_ENGINE_VIOLATION_H_

#include <optional>
#include <string>
#include <string_view>

namespace pli {

// Violation codes of RULES.md. Their wire names (CodeName) are written to
// disk and printed: never rename one.
enum class Code {
  kMalformed,
  kGameOver,
  kNoManche,
  kBadDeal,
  kExchangePending,
  kOutOfPli,
  kNotYourTurn,
  kCardNotInHand,
  kMixedRanks,
  kDeclareNotAllowed,
  kCountMismatch,
  kOuRienRank,
  kTooWeak,
  kNotConsecutive,
  kMustPlay,
  kCloseNotAllowed,
  kExchangeWrongCards,
};

// "not-your-turn", "too-weak", ...
std::string_view CodeName(Code code);
std::optional<Code> ParseCode(std::string_view name);

// An illegal action: its code, the rule id it breaks ("P3", "O2", "" for
// malformed) and a sentence that names the cards and the state.
struct Violation {
  Code code = Code::kMalformed;
  std::string rule;
  std::string message;
  friend bool operator==(const Violation&, const Violation&) = default;
};

}  // namespace pli

#endif  // PLI_ENGINE_VIOLATION_H_
