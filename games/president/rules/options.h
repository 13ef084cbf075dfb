// options.h: ruleset options and the presets of RULES.md ("Ruleset presets").
// Every option names the rule it switches; the default is the
// super-president reading of RULES.md.
#ifndef PLI_ENGINE_OPTIONS_H_
#define PLI_ENGINE_OPTIONS_H_

#include <array>
#include <cstdint>
#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "games/president/rules/card.h"

namespace pli {

// R4: who may go on alone when everyone else is out of the pli.
enum class SoloContinuation { kSequence, kAlways, kNever };
// K3: how the Président and Vice-Président choose what they give.
enum class ExchangeRule { kWorst, kChoice };
// K3: which gifts are made: the four of K1, or 003's one card each way
// between the Président and the Trouduc; H-K1: a pattern of pairs
// (Options::exchange_pattern), or G1's place scores (`scores`).
enum class ExchangeCards { kTwoOne, kOne, kPattern, kScores };
// S3: who leads the manches after the first: the last manche's Trouduc, or
// its Président (003's basic game).
enum class LaterLead { kTrouduc, kPresident };
// G1: scoring by place (003), or none; H-G1: `podium` (2, 1, 0 ...) and
// `descending` (place k scores n + 1 - k).
enum class Scoring { kNone, kPlace, kPodium, kDescending };

// H-K1: an exchange pattern, pairs i = 1 ... pairs: the player in place
// n + 1 - i gives his give[i-1] strongest cards to the player in place i,
// who gives back back[i-1] (digits 1 to 4). Empty unless exchange_cards is
// kPattern (`2-1` and `1` read as kTwoOne and kOne, their canonical texts).
struct ExchangePattern {
  int pairs = 0;
  std::array<uint8_t, 4> give{};
  std::array<uint8_t, 4> back{};
  friend bool operator==(const ExchangePattern&, const ExchangePattern&) = default;
};

// H-R1: the natural ranks and their order (HOUSE_RULES.md §4).
enum class Ranks : uint8_t { kNormal, kAcesHigh, kKlootzakken, kToronto };
// H-C2: whether the jokers form the rank X on top, or have no rank (wild only).
enum class JokerRank : uint8_t { kTop, kNone };
// H-C2: two sets of jokers only, of one count: they tie, or more X2 beats.
enum class JokerOrder : uint8_t { kEqual, kColouredHigh };
// H-W1: the wild kinds of option `wild`, as bits (0 = "none").
inline constexpr uint8_t kWildX = 1;  // every joker
inline constexpr uint8_t kWild2 = 2;  // every 2
inline constexpr uint8_t kWild3 = 4;  // every 3
// H-W2: two sets of one effective rank and count, one at least holding a
// wild card: they tie, fewer wild cards beats, or more wild cards beats.
enum class WildTie : uint8_t { kEqual, kNatural, kWild };

struct Options {
  // Differences of the classic preset (003's basic game), one option each.
  bool mandatory_play = true;   // P4: pass only when no legal play exists
  bool pass_is_out = true;      // P5: a pass puts the passer out of the pli
  bool equal_allowed = true;    // P3: an equal play is allowed (else strictly stronger)
  bool top_rank_closes = true;  // E1: a play of the top rank closes the pli
  bool top_rank_last = true;    // F2: finishing on the top rank places you at the bottom
  bool suite = true;            // U1-U4
  bool reverse = true;          // V1-V4
  bool ou_rien = true;          // O1-O3
  bool close = true;            // X1-X4: out-of-turn close
  bool revolution = true;       // Q1-Q3

  // Options RULES.md names.
  bool carre_closes = true;             // E2 (R1)
  bool reverse_in_suite = true;         // V2 (R3)
  SoloContinuation solo_continuation = SoloContinuation::kSequence;  // R4
  bool completed_carre_closes = false;  // X5
  ExchangeRule exchange = ExchangeRule::kWorst;  // K3
  ExchangeCards exchange_cards = ExchangeCards::kTwoOne;  // K3, H-K1
  ExchangePattern exchange_pattern;     // H-K1: with exchange_cards kPattern only
  LaterLead later_lead = LaterLead::kTrouduc;   // S3
  Scoring scoring = Scoring::kNone;     // G1
  int manches = 0;                      // G1: manches in the game, 0 = until an end event

  // House rules (HOUSE_RULES.md, H-A1): each defaults to RULES.md's reading.
  Ranks ranks = Ranks::kNormal;         // H-R1
  int jokers = 0;                       // H-C1: 0, 1 or 2 jokers (per pack)
  JokerRank joker_rank = JokerRank::kTop;        // H-C2
  JokerOrder joker_order = JokerOrder::kEqual;   // H-C2
  int target = 0;                       // H-G2: the target score, 0 = none
  // H-L1: the card whose holder leads manche 1 (its index; S3's Qh by
  // default), or -1 for `seat-0`.
  int first_lead = Card(Rank::kQ, Suit::kHearts).index;
  bool stale_falls = false;             // H-K4
  bool president_falls = false;         // H-K3
  bool equal_skips = false;             // H-T1: an equal play skips the next seats
  bool single_round = false;            // H-T2: each seat acts once per pli
  bool ou_rien_singles = false;         // H-T5: O1 starts ou-rien only between singles
  uint8_t wild = 0;                     // H-W1: kWildX | kWild2 | kWild3, 0 = "none"
  WildTie wild_tie = WildTie::kEqual;   // H-W2
  bool merchants = false;               // H-K2: the middle places swap one card each way

  friend bool operator==(const Options&, const Options&) = default;
};

// The preset of that name ("super-president", "classic" or one of
// HOUSE_RULES.md §13's), or nullopt: unknown, or (with `why`) a preset
// naming a house option this pli does not referee yet, `why` then the
// sentence naming the option and its pending rule.
std::optional<Options> Preset(std::string_view name, std::string* why = nullptr);
// The same preset with its settings not refereed yet left out, those
// settings (name, value as §13 writes them) in `pending`: the facts list a
// pending preset's options so (nullopt for an unknown name).
std::optional<Options> PresetRefereedPart(std::string_view name,
                                          std::vector<std::pair<std::string, std::string>>& pending);
// Every ruleset name Preset knows, in order (the first is the default):
// the games' facts list them (rulesets in help, errors, /api/games).
const std::vector<std::string_view>& PresetNames();
// "unknown ruleset \"x\" (known: ...)"-style list: `"a", "b"` quoted (or
// plain) and joined by ", ".
std::string PresetNamesText(bool quoted);
// H-K1: the pairs of gifts of `options` at a deal with n seated players,
// i-th pair (place i+1 and place n-i): {cards the lower place gives (his
// strongest), cards given back}. `two-one` is 2-1, `one` is 1, `scores`
// G1's table (PlaceScore) for the first n/2 places.
std::vector<std::pair<int, int>> ExchangePairs(const Options& options, int n);
// H-A2, H-K1: the refused combination of `exchange_cards` and `seats`: a
// pattern of p pairs needs 2p seated players ("" when it fits).
std::string ExchangeSeatsRefusal(const Options& options, int seats);

// Sets one option from its wire name and text value ("true", "false",
// "sequence", "worst", "3" ...). Returns an error sentence, or "" on success.
std::string SetOption(Options& options, std::string_view name, std::string_view value);

// One option as wire name and text value, in a fixed order: every option of
// RULES.md, and each house rule (HOUSE_RULES.md) only when it is not at its
// default (H-A1, H-B6: a game without house rules shows what it showed).
std::vector<std::pair<std::string, std::string>> OptionValues(const Options& options);
// The same for every option, house rules included (the reader asks it for
// an option's JSON type, H-A3).
std::vector<std::pair<std::string, std::string>> AllOptionValues(const Options& options);
// H-A3: an option's one JSON type, by name: 'b' boolean, 'i' integer, 's'
// string (the type of its super-president value: `exchange_cards` "2",
// H-K1's pattern, stays a string), or 0 for an unknown name.
char OptionJsonType(std::string_view name);
// The canonical text of one option, or nullopt for an unknown name.
std::optional<std::string> OptionText(const Options& options, std::string_view name);

// H-A2: the refused combinations of HOUSE_RULES.md §1 (judged on the
// values after the preset and the overrides): the sentence naming both
// options and the rule, e.g. `options "joker_order" and "jokers":
// coloured-high needs two jokers (H-C2)`, or "" when they may be played
// together. A `game` event (and `pli new`) with such options is malformed.
std::string RefusedCombination(const Options& options);

// H-B2: the order in force of a game with these options (card.h); H-W1:
// the wild ranks 2 and 3 leave it (their cards stay in the deck), and
// RankOrder::wild holds the wild cards.
RankOrder OrderOf(const Options& options);

// H-R2 building blocks (HOUSE_RULES.md §1, §4), not wired yet: `high_cards`
// stays in the pending house options (options.cc) until the engine ranks
// its cards as H. ParseHighCards reads the option's value ("none", or
// distinct canonical cards joined by "+", in any order; no joker, H-A3's
// exact text): the card set (empty for "none") in `high`, and the error
// sentence, or "" on success.
std::string ParseHighCards(std::string_view value, CardSet& high);
// H-A2, H-R2: §1's refused values of `high_cards` under these options (a
// card the deck of `ranks` lacks; a card of the natural top rank of
// `ranks`; a card of a rank in `wild`): the sentence naming both options
// and the rule, or "" when the cards may be high.
std::string HighCardsRefusal(const Options& options, CardSet high);

}  // namespace pli

#endif  // PLI_ENGINE_OPTIONS_H_
