// options.h: Skull King's options and its three presets (SKULL_KING.md
// "Presets and options"). Each option names the rules it switches; the
// defaults are the seed-004 preset (`skull-king`).
#ifndef PLI_ENGINE_SKULL_KING_OPTIONS_H_
#define PLI_ENGINE_SKULL_KING_OPTIONS_H_

#include <optional>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace pli::sk {

enum class Trump : uint8_t { kTurned, kBlack, kNone };                 // SK-D3, SK-D4
enum class PirateVsMermaid : uint8_t { kMermaid, kPirate };            // SK-W1, SK-R1
enum class Lead : uint8_t { kFirstCard, kDeferEscapes, kFirstNumber }; // SK-P4, SK-R2
enum class Bidding : uint8_t { kSequential, kSimultaneous };           // SK-B2
enum class BidMax : uint8_t { kHand, kTen };                           // SK-B1
enum class ZeroMiss : uint8_t { kPerTrick, kPerCard };                 // SK-N1, SK-R7
enum class ZeroBase : uint8_t { kCards, kRound };                      // SK-N1, SK-R4
enum class Bonuses : uint8_t { k2021, kOriginal };                     // SK-N2
enum class Scoring : uint8_t { kSkullKing, kRascal };                  // SK-N1, SK-N4

struct Options {
  Trump trump = Trump::kTurned;
  PirateVsMermaid pirate_vs_mermaid = PirateVsMermaid::kMermaid;
  Lead lead = Lead::kFirstCard;
  Bidding bidding = Bidding::kSequential;
  bool hook = true;
  BidMax bid_max = BidMax::kHand;
  ZeroMiss zero_miss = ZeroMiss::kPerTrick;
  ZeroBase zero_base = ZeroBase::kCards;
  Bonuses bonuses = Bonuses::k2021;
  bool bonus_on_miss = false;
  Scoring scoring = Scoring::kSkullKing;
  bool cannonball = false;
  int deck = 70;          // 70 or 66
  int first_dealer = 0;   // 0 .. P-1, checked by CheckGame
  friend bool operator==(const Options&, const Options&) = default;
};

// The preset of a ruleset ("skull-king", "skull-king-official",
// "skull-king-original"), or nullopt.
std::optional<Options> Preset(std::string_view ruleset);
// SK-S1, SK-R13: the seats a ruleset allows (2-8; original 2-6).
std::pair<int, int> SeatRange(std::string_view ruleset);

// Sets one option from its key and its value written as text: JSON strings
// without their quotes ("turned"), booleans and numbers as JSON writes them
// ("true", "66", "0"). Returns "" on success, else why the key or value is
// not in the table (and `options` is unchanged).
std::string SetOption(Options& options, std::string_view key, std::string_view value);

// Every option as key and text value, in the table's order.
std::vector<std::pair<std::string, std::string>> OptionValues(const Options& options);

// The game-level checks that make a `game` event malformed, once the
// overrides are applied: cannonball without rascal, bonus_on_miss with
// rascal, first_dealer outside 0..P-1, a seat count outside the ruleset's
// range, an unknown ruleset. Returns "" when the game is well formed, else
// the reason.
std::string CheckGame(std::string_view ruleset, const Options& options, int seats);

// Builds the options of a game event: the ruleset's preset with each
// override applied in order, then CheckGame. Returns the reason it is
// malformed, or "" with `out` set.
std::string MakeOptions(std::string_view ruleset,
                        const std::vector<std::pair<std::string, std::string>>& overrides,
                        int seats, Options& out);

}  // namespace pli::sk

#endif  // PLI_ENGINE_SKULL_KING_OPTIONS_H_
