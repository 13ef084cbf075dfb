// options.cc: the presets, option texts and the game-level checks.
#include "games/skull_king/rules/options.h"

#include <array>

namespace pli::sk {
namespace {

// One enum option: its key and its values' texts, in enum order.
template <typename E, size_t N>
struct EnumOption {
  const char* key;
  E Options::*field;
  std::array<const char*, N> names;
};

constexpr EnumOption<Trump, 3> kTrump{"trump", &Options::trump, {"turned", "black", "none"}};
constexpr EnumOption<PirateVsMermaid, 2> kPvm{
    "pirate_vs_mermaid", &Options::pirate_vs_mermaid, {"mermaid", "pirate"}};
constexpr EnumOption<Lead, 3> kLead{
    "lead", &Options::lead, {"first-card", "defer-escapes", "first-number"}};
constexpr EnumOption<Bidding, 2> kBidding{
    "bidding", &Options::bidding, {"sequential", "simultaneous"}};
constexpr EnumOption<BidMax, 2> kBidMax{"bid_max", &Options::bid_max, {"hand", "ten"}};
constexpr EnumOption<ZeroMiss, 2> kZeroMiss{
    "zero_miss", &Options::zero_miss, {"per-trick", "per-card"}};
constexpr EnumOption<ZeroBase, 2> kZeroBase{"zero_base", &Options::zero_base, {"cards", "round"}};
constexpr EnumOption<Bonuses, 2> kBonuses{"bonuses", &Options::bonuses, {"2021", "original"}};
constexpr EnumOption<Scoring, 2> kScoring{
    "scoring", &Options::scoring, {"skull-king", "rascal"}};

template <typename E, size_t N>
int TrySet(const EnumOption<E, N>& o, Options& options, std::string_view key,
           std::string_view value) {  // 1 set, 0 not this key, -1 bad value
  if (key != o.key) return 0;
  for (size_t i = 0; i < N; ++i)
    if (value == o.names[i]) {
      options.*o.field = static_cast<E>(i);
      return 1;
    }
  return -1;
}

template <typename E, size_t N>
std::pair<std::string, std::string> Value(const EnumOption<E, N>& o, const Options& options) {
  return {o.key, o.names[static_cast<size_t>(options.*o.field)]};
}

int TryBool(const char* name, bool Options::*field, Options& options, std::string_view key,
            std::string_view value) {
  if (key != name) return 0;
  if (value == "true") options.*field = true;
  else if (value == "false") options.*field = false;
  else return -1;
  return 1;
}

}  // namespace

std::optional<Options> Preset(std::string_view ruleset) {
  Options o;
  if (ruleset == "skull-king") return o;
  if (ruleset != "skull-king-official" && ruleset != "skull-king-original") return std::nullopt;
  o.trump = Trump::kBlack;
  o.pirate_vs_mermaid = PirateVsMermaid::kPirate;
  o.lead = Lead::kDeferEscapes;
  o.bidding = Bidding::kSimultaneous;
  o.hook = false;
  o.zero_miss = ZeroMiss::kPerCard;
  if (ruleset == "skull-king-original") {
    o.lead = Lead::kFirstNumber;
    o.zero_base = ZeroBase::kRound;
    o.bonuses = Bonuses::kOriginal;
    o.deck = 66;
  }
  return o;
}

std::pair<int, int> SeatRange(std::string_view ruleset) {
  return ruleset == "skull-king-original" ? std::pair{2, 6} : std::pair{2, 8};
}

std::string SetOption(Options& options, std::string_view key, std::string_view value) {
  Options o = options;
  int r = 0;
  if (!r) r = TrySet(kTrump, o, key, value);
  if (!r) r = TrySet(kPvm, o, key, value);
  if (!r) r = TrySet(kLead, o, key, value);
  if (!r) r = TrySet(kBidding, o, key, value);
  if (!r) r = TryBool("hook", &Options::hook, o, key, value);
  if (!r) r = TrySet(kBidMax, o, key, value);
  if (!r) r = TrySet(kZeroMiss, o, key, value);
  if (!r) r = TrySet(kZeroBase, o, key, value);
  if (!r) r = TrySet(kBonuses, o, key, value);
  if (!r) r = TryBool("bonus_on_miss", &Options::bonus_on_miss, o, key, value);
  if (!r) r = TrySet(kScoring, o, key, value);
  if (!r) r = TryBool("cannonball", &Options::cannonball, o, key, value);
  if (!r && key == "deck") {
    r = -1;
    if (value == "70") o.deck = 70, r = 1;
    if (value == "66") o.deck = 66, r = 1;
  }
  if (!r && key == "first_dealer") {
    // Range-checked against the seats by CheckGame; here a small integer.
    r = -1;
    if (value.size() == 1 && value[0] >= '0' && value[0] <= '9') {
      o.first_dealer = value[0] - '0';
      r = 1;
    }
  }
  if (r == 0) return "unknown option \"" + std::string(key) + "\"";
  if (r < 0) return "option " + std::string(key) + " cannot be " + std::string(value);
  options = o;
  return "";
}

std::vector<std::pair<std::string, std::string>> OptionValues(const Options& o) {
  auto b = [](bool v) { return std::string(v ? "true" : "false"); };
  return {Value(kTrump, o),    Value(kPvm, o),      Value(kLead, o),
          Value(kBidding, o),  {"hook", b(o.hook)}, Value(kBidMax, o),
          Value(kZeroMiss, o), Value(kZeroBase, o), Value(kBonuses, o),
          {"bonus_on_miss", b(o.bonus_on_miss)},    Value(kScoring, o),
          {"cannonball", b(o.cannonball)},          {"deck", std::to_string(o.deck)},
          {"first_dealer", std::to_string(o.first_dealer)}};
}

std::string CheckGame(std::string_view ruleset, const Options& o, int seats) {
  if (!Preset(ruleset)) return "unknown ruleset \"" + std::string(ruleset) + "\"";
  const auto [lo, hi] = SeatRange(ruleset);
  if (seats < lo || seats > hi)
    return std::string(ruleset) + " is played by " + std::to_string(lo) + " to " +
           std::to_string(hi) + " seats, not " + std::to_string(seats);
  if (o.cannonball && o.scoring != Scoring::kRascal)
    return "cannonball needs scoring rascal (SK-B5)";
  if (o.bonus_on_miss && o.scoring == Scoring::kRascal)
    return "bonus_on_miss does not apply to scoring rascal (SK-N4)";
  if (o.first_dealer < 0 || o.first_dealer >= seats)
    return "first_dealer " + std::to_string(o.first_dealer) + " is not a seat of " +
           std::to_string(seats);
  return "";
}

std::string MakeOptions(std::string_view ruleset,
                        const std::vector<std::pair<std::string, std::string>>& overrides,
                        int seats, Options& out) {
  auto preset = Preset(ruleset);
  if (!preset) return "unknown ruleset \"" + std::string(ruleset) + "\"";
  Options o = *preset;
  for (const auto& [key, value] : overrides)
    if (std::string why = SetOption(o, key, value); !why.empty()) return why;
  if (std::string why = CheckGame(ruleset, o, seats); !why.empty()) return why;
  out = o;
  return "";
}

}  // namespace pli::sk
