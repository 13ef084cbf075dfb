// violation.h: why an action is illegal, as a value (RULES.md "Violation codes").
#ifndef PLI_ENGINE_VIOLATION_H_
#define PLI_ENGINE_VIOLATION_H_

#include <cstdint>
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

// Who reads a violation's sentence. A sentence names only cards its reader
// may know (RULES.md: the plays, passes and closes are public; a hand is
// its holder's; a gift is known to its giver and receiver only).
enum class Audience : uint8_t {
  kActor,        // the player who acted (the giver of a gift): a live refusal
  kTable,        // anyone else at the table (`pli replay --seat` of another seat)
  kAdjudicator,  // the full view: audit, explain, a replay without --seat
};

// An illegal action: its code, the rule id it breaks ("P3", "O2", "" for
// malformed) and a sentence that names the cards and the state, kept in
// parts by audience so that a view drops what its reader may not know
// (SentenceFor) rather than cut it out of a string.
struct Violation {
  Code code = Code::kMalformed;
  std::string rule;
  // The acting player's sentence: names no card outside their hand, the
  // cards they named, and the public table (cards played, the pli).
  std::string message;
  // The adjudicator's addition: what `message` leaves out because the
  // player may not know it ("Kc Kd are with Bo (seat 1)"); "" when nothing.
  std::string hidden;
  // The sentence for the rest of the table when `message` names the
  // actor's own cards (or a gift's cards); "" when `message` serves them.
  std::string table;
  friend bool operator==(const Violation&, const Violation&) = default;
};

// The sentence `audience` reads: `message` for the actor; `table` (or
// `message`) for the rest of the table; for the adjudicator `message` and,
// when there is one, the hidden part marked as such:
// "... (hidden from the player: Kc Kd are with Bo (seat 1))".
std::string SentenceFor(const Violation& violation, Audience audience);

}  // namespace pli

#endif  // PLI_ENGINE_VIOLATION_H_
