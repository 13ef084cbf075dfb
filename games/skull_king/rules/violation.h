// violation.h: why a Skull King action is illegal, as a value
// (SKULL_KING.md "Violation codes").
#ifndef PLI_ENGINE_SKULL_KING_VIOLATION_H_
#define PLI_ENGINE_SKULL_KING_VIOLATION_H_

#include <optional>
#include <string>
#include <string_view>

namespace pli::sk {

// The codes of SKULL_KING.md. Their wire names (CodeName) are written to
// disk and printed: never rename one.
enum class Code : uint8_t {
  kMalformed,
  kGameOver,
  kBadDeal,
  kNoManche,
  kBiddingPending,
  kAlreadyBid,
  kNotYourTurn,
  kBidOutOfRange,
  kBidEqualizes,
  kCountMismatch,
  kCardNotInHand,
  kDeclareRequired,
  kDeclareNotAllowed,
  kMustFollow,
};

// "malformed", "game-over", ..., "must-follow".
std::string_view CodeName(Code code);
std::optional<Code> ParseCode(std::string_view name);

// An illegal action: its code, the rule id it breaks ("SK-P5"; "" for
// malformed) and a sentence as a person would say it. The sentence names
// only the actor's own hand and public cards (the plays, the turned card,
// the bids), never a card another seat holds.
struct Violation {
  Code code = Code::kMalformed;
  std::string rule;
  std::string message;
  friend bool operator==(const Violation&, const Violation&) = default;
};

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_VIOLATION_H_
