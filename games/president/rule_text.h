// rule_text.h: every rule id of RULES.md with its sentence, in the
// project's words, for `pli explain` and `pli diff` to cite beside the id.
// docs/RULEBOOK.md says the same at more length, with the fixtures that
// prove each rule.
#ifndef PLI_GAMES_PRESIDENT_RULE_TEXT_H_
#define PLI_GAMES_PRESIDENT_RULE_TEXT_H_

#include <optional>
#include <span>
#include <string_view>

namespace pli {

// A rule id ("P3") and its sentence.
struct RuleText {
  std::string_view id;
  std::string_view sentence;
};

// Every rule of RULES.md, in the order of RULES.md (C1 ... G1).
std::span<const RuleText> RuleTable();

// The house rules built so far (HOUSE_RULES.md, "H-R1" ...), in its order.
std::span<const RuleText> HouseRuleTable();

// The sentence of a rule id, of RULES.md or of HOUSE_RULES.md; nullopt for
// an id neither has (and for "", the rule of `malformed`).
std::optional<std::string_view> RuleSentence(std::string_view id);

}  // namespace pli

#endif  // PLI_GAMES_PRESIDENT_RULE_TEXT_H_
