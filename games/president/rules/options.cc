// options.cc: the ruleset presets of RULES.md ("Ruleset presets") and the
// options' wire form. An option's wire name is its Options member name; its
// value is text ("true", "sequence", "3" ...), as a game event carries it.
#include "games/president/rules/options.h"
#include "engine/text.h"

#include <array>
#include <type_traits>
#include <utility>

namespace pli {
namespace {

// Value names of an enum option, in enum order ("" pads a shorter list).
using Names = std::array<std::string_view, 3>;
constexpr Names kSoloNames = {"sequence", "always", "never"};  // SoloContinuation
constexpr Names kExchangeNames = {"worst", "choice", ""};      // ExchangeRule
// G1, H-G1 (four values: an array of its own size).
constexpr std::array<std::string_view, 4> kScoringNames = {"none", "place", "podium", "descending"};
constexpr Names kLaterLeadNames = {"trouduc", "president", ""};  // LaterLead
// H-R1 (four values: a Names of its own size).
constexpr std::array<std::string_view, 4> kRanksNames = {"normal", "aces-high", "klootzakken",
                                                         "toronto"};

// H-C2.
constexpr std::array<std::string_view, 2> kJokerRankNames = {"top", "none"};
constexpr std::array<std::string_view, 2> kJokerOrderNames = {"equal", "coloured-high"};

// H-W2.
constexpr std::array<std::string_view, 3> kWildTieNames = {"equal", "natural", "wild"};
// H-W1: the values of `wild`, indexed by its bits (kWildX 1, kWild2 2,
// kWild3 4): the kinds joined by "+" in the order X, 2, 3.
constexpr std::array<std::string_view, 8> kWildNames = {"none", "X",   "2",   "X+2",
                                                        "3",    "X+3", "2+3", "X+2+3"};

constexpr int kMaxManches = 1000;  // G1: a bound no real game reaches

std::string Quoted(std::string_view text) { return "\"" + EscapeForTerminal(text) + "\""; }

// `option "exchange" takes worst or choice, not "best"`.
std::string TakesError(std::string_view option, std::string_view allowed, std::string_view value) {
  return "option " + Quoted(option) + " takes " + std::string(allowed) + ", not " + Quoted(value);
}

// "worst or choice", "sequence, always or never".
template <typename NameList>
std::string Alternatives(const NameList& names) {
  std::string text;
  for (std::size_t i = 0; i < names.size() && !names[i].empty(); ++i) {
    const bool last = i + 1 == names.size() || names[i + 1].empty();
    if (i > 0) text += last ? " or " : ", ";
    text += names[i];
  }
  return text;
}

// A boolean option: "true" or "false".
template <bool Options::*kMember>
std::string SetBool(Options& options, std::string_view option, std::string_view value) {
  if (value != "true" && value != "false") return TakesError(option, "true or false", value);
  options.*kMember = (value == "true");
  return "";
}
template <bool Options::*kMember>
std::string GetBool(const Options& options) {
  return options.*kMember ? "true" : "false";
}

// An enum option whose value is one of `kNames`, in enum order.
template <auto kMember, const auto& kNames>
std::string SetNamed(Options& options, std::string_view option, std::string_view value) {
  using Value = std::remove_reference_t<decltype(options.*kMember)>;
  for (std::size_t i = 0; i < kNames.size() && !kNames[i].empty(); ++i) {
    if (kNames[i] == value) {
      options.*kMember = static_cast<Value>(i);
      return "";
    }
  }
  return TakesError(option, Alternatives(kNames), value);
}
template <auto kMember, const auto& kNames>
std::string GetNamed(const Options& options) {
  return std::string(kNames[static_cast<std::size_t>(options.*kMember)]);
}

// A whole number 0..kMaxManches, decimal digits only, into `kMember`
// (G1's manches, H-G2's target).
template <int Options::*kMember>
std::string SetCount(Options& options, std::string_view option, std::string_view value) {
  int n = 0;
  bool ok = !value.empty() && value.size() <= 4;
  for (char c : value) {
    if (!ok || c < '0' || c > '9') {
      ok = false;
      break;
    }
    n = n * 10 + (c - '0');
  }
  if (!ok || n > kMaxManches) {
    return TakesError(option, "a whole number from 0 to 1000", value);
  }
  options.*kMember = n;
  return "";
}
template <int Options::*kMember>
std::string GetCount(const Options& options) {
  return std::to_string(options.*kMember);
}

// K3, H-K1: exchange_cards, `two-one`, `one`, `scores`, or a pattern: pairs
// joined by "-", each `a` or `a:b`, digits 1 to 4 (b = a when not written),
// at most 4 pairs (S1: 8 seats hold 4 pairs). `2-1` is `two-one` and `1`
// is `one`, whichever way written (H-K1): those keep their canonical text.
std::string SetExchangeCards(Options& options, std::string_view option, std::string_view value) {
  const std::string allowed =
      "two-one, one, scores or a pattern of pairs a or a:b joined by \"-\" (digits 1 to 4, at most 4 pairs: "
      "\"2\", \"2:3-1:2\", \"3-2-1\")";
  if (value == "two-one" || value == "one" || value == "scores") {
    options.exchange_cards = value == "two-one" ? ExchangeCards::kTwoOne
                             : value == "one"   ? ExchangeCards::kOne
                                                : ExchangeCards::kScores;
    options.exchange_pattern = ExchangePattern{};
    return "";
  }
  ExchangePattern pattern;
  std::string_view rest = value;
  while (true) {
    const size_t dash = rest.find('-');
    const std::string_view pair = rest.substr(0, dash);
    auto digit = [](char c) { return c >= '1' && c <= '4'; };
    const bool ok = (pair.size() == 1 && digit(pair[0])) ||
                    (pair.size() == 3 && digit(pair[0]) && pair[1] == ':' && digit(pair[2]));
    if (!ok || pattern.pairs == 4) return TakesError(option, allowed, value);
    pattern.give[pattern.pairs] = static_cast<uint8_t>(pair[0] - '0');
    pattern.back[pattern.pairs] = static_cast<uint8_t>(pair.back() - '0');
    ++pattern.pairs;
    if (dash == std::string_view::npos) break;
    rest = rest.substr(dash + 1);
  }
  ExchangePattern two_one{2, {2, 1}, {2, 1}}, one{1, {1}, {1}};
  if (pattern == two_one) {
    options.exchange_cards = ExchangeCards::kTwoOne;  // H-K1: `two-one` is `2-1`
    options.exchange_pattern = ExchangePattern{};
  } else if (pattern == one) {
    options.exchange_cards = ExchangeCards::kOne;  // H-K1: `one` is `1`
    options.exchange_pattern = ExchangePattern{};
  } else {
    options.exchange_cards = ExchangeCards::kPattern;
    options.exchange_pattern = pattern;
  }
  return "";
}
std::string GetExchangeCards(const Options& options) {
  switch (options.exchange_cards) {
    case ExchangeCards::kTwoOne: return "two-one";
    case ExchangeCards::kOne: return "one";
    case ExchangeCards::kScores: return "scores";
    case ExchangeCards::kPattern: break;
  }
  // H-K1's canonical text: `a` when b = a, else `a:b`.
  std::string text;
  const ExchangePattern& p = options.exchange_pattern;
  for (int i = 0; i < p.pairs; ++i) {
    if (i > 0) text += '-';
    text += static_cast<char>('0' + p.give[i]);
    if (p.back[i] != p.give[i]) text += std::string(":") + static_cast<char>('0' + p.back[i]);
  }
  return text;
}

// H-C1: jokers, one digit 0, 1 or 2 (a JSON integer, H-A3).
std::string SetJokers(Options& options, std::string_view option, std::string_view value) {
  if (value != "0" && value != "1" && value != "2") return TakesError(option, "0, 1 or 2", value);
  options.jokers = value[0] - '0';
  return "";
}
std::string GetJokers(const Options& options) { return std::to_string(options.jokers); }

// H-L1: first_lead, a canonical card ("3c", "Qh", "X1"; exact text, H-A3)
// or "seat-0". Whether the deck has it is judged with the other options
// (RefusedCombination).
std::string SetFirstLead(Options& options, std::string_view option, std::string_view value) {
  if (value == "seat-0") {
    options.first_lead = -1;
    return "";
  }
  const std::optional<Card> card = ParseCard(value);
  if (!card || CardText(*card) != value)
    return TakesError(option, "a canonical card (\"3c\", \"Qh\", \"X1\") or \"seat-0\"", value);
  options.first_lead = card->index;
  return "";
}
std::string GetFirstLead(const Options& options) {
  if (options.first_lead < 0) return "seat-0";
  return CardText(Card(static_cast<uint8_t>(options.first_lead)));
}

// H-W1: wild, "none" or some of X, 2, 3 joined by "+" in that order
// (exact text, H-A3).
std::string SetWild(Options& options, std::string_view option, std::string_view value) {
  for (std::size_t bits = 0; bits < kWildNames.size(); ++bits) {
    if (kWildNames[bits] == value) {
      options.wild = static_cast<uint8_t>(bits);
      return "";
    }
  }
  return TakesError(option, "\"none\", or some of X, 2, 3 joined by \"+\" in that order (\"X\", \"2+3\", \"X+2+3\")",
                    value);
}
std::string GetWild(const Options& options) { return std::string(kWildNames[options.wild & 7]); }

struct OptionSpec {
  std::string_view name;
  std::string (*set)(Options&, std::string_view option, std::string_view value);
  std::string (*get)(const Options&);
  bool house = false;  // a house rule (HOUSE_RULES.md): shown only when not at its default
};
template <bool Options::*kMember>
constexpr OptionSpec BoolOption(std::string_view name, bool house = false) {
  return {name, &SetBool<kMember>, &GetBool<kMember>, house};
}
template <auto kMember, const auto& kNames>
constexpr OptionSpec EnumOption(std::string_view name, bool house = false) {
  return {name, &SetNamed<kMember, kNames>, &GetNamed<kMember, kNames>, house};
}

// Every option, in OptionValues order.
constexpr std::array<OptionSpec, 33> kOptions = {{
    BoolOption<&Options::mandatory_play>("mandatory_play"),
    BoolOption<&Options::pass_is_out>("pass_is_out"),
    BoolOption<&Options::equal_allowed>("equal_allowed"),
    BoolOption<&Options::top_rank_closes>("top_rank_closes"),
    BoolOption<&Options::top_rank_last>("top_rank_last"),
    BoolOption<&Options::suite>("suite"),
    BoolOption<&Options::reverse>("reverse"),
    BoolOption<&Options::ou_rien>("ou_rien"),
    BoolOption<&Options::close>("close"),
    BoolOption<&Options::revolution>("revolution"),
    BoolOption<&Options::carre_closes>("carre_closes"),
    BoolOption<&Options::reverse_in_suite>("reverse_in_suite"),
    EnumOption<&Options::solo_continuation, kSoloNames>("solo_continuation"),
    BoolOption<&Options::completed_carre_closes>("completed_carre_closes"),
    EnumOption<&Options::exchange, kExchangeNames>("exchange"),
    OptionSpec{"exchange_cards", &SetExchangeCards, &GetExchangeCards},  // K3, H-K1
    EnumOption<&Options::later_lead, kLaterLeadNames>("later_lead"),
    EnumOption<&Options::scoring, kScoringNames>("scoring"),
    OptionSpec{"manches", &SetCount<&Options::manches>, &GetCount<&Options::manches>},
    EnumOption<&Options::ranks, kRanksNames>("ranks", true),  // H-R1
    OptionSpec{"jokers", &SetJokers, &GetJokers, true},                      // H-C1
    EnumOption<&Options::joker_rank, kJokerRankNames>("joker_rank", true),    // H-C2
    EnumOption<&Options::joker_order, kJokerOrderNames>("joker_order", true),  // H-C2
    OptionSpec{"target", &SetCount<&Options::target>, &GetCount<&Options::target>, true},  // H-G2
    OptionSpec{"first_lead", &SetFirstLead, &GetFirstLead, true},                         // H-L1
    BoolOption<&Options::stale_falls>("stale_falls", true),                               // H-K4
    BoolOption<&Options::president_falls>("president_falls", true),                       // H-K3
    BoolOption<&Options::equal_skips>("equal_skips", true),          // H-T1
    BoolOption<&Options::single_round>("single_round", true),        // H-T2
    BoolOption<&Options::ou_rien_singles>("ou_rien_singles", true),  // H-T5
    OptionSpec{"wild", &SetWild, &GetWild, true},                    // H-W1
    EnumOption<&Options::wild_tie, kWildTieNames>("wild_tie", true),  // H-W2
    BoolOption<&Options::merchants>("merchants", true),              // H-K2
}};

}  // namespace

// The options of HOUSE_RULES.md §1 not refereed yet, each with its rule:
// still unknown (H-A1: a game event naming one stays malformed), but the
// sentence tells a club which house rule it named.
struct PendingHouseOption {
  std::string_view name;
  std::string_view rule;
};
constexpr PendingHouseOption kPendingHouseOptions[] = {
    {"decks", "H-C3"},
    {"high_cards", "H-R2"},    {"transparent", "H-R3"},
    {"three_high", "H-R4"},    {"high_low", "H-R5"},
    {"single_top_beats", "H-P1"}, {"count_rule", "H-P2"},
    {"powers", "H-P3"},        {"runs", "H-P4"},
    {"revolution_direction", "H-T3"}, {"four_singles_revolution", "H-T4"},
    {"follow_suit", "H-S1"},
    {"suit_order", "H-S2"},    {"colour_reverse", "H-S3"},
    {"seating", "H-L2"},
    {"seat_changes", "H-L3"},
};

namespace {

// The classic preset: 003's basic game, every difference an option of its own.
Options Classic() {
  Options o;
  o.mandatory_play = false;            // P4: passing is always allowed
  o.pass_is_out = false;               // P5: a pass does not put the passer out of the pli
  o.equal_allowed = false;             // P3: a play must be strictly stronger
  o.top_rank_closes = false;           // E1: the 2 is simply the highest card
  o.top_rank_last = false;             // F2
  o.suite = false;                     // U1-U4
  o.reverse = false;                   // V1-V4
  o.ou_rien = false;                   // O1-O3
  o.close = false;                     // X1-X4
  o.revolution = false;                // Q1-Q3
  o.carre_closes = false;              // E2
  o.exchange = ExchangeRule::kChoice;  // K3
  o.exchange_cards = ExchangeCards::kOne;  // K3: one card each way, Président and Trouduc
  o.later_lead = LaterLead::kPresident;    // S3: "Le Président mène alors"
  return o;
}

// A preset: RULES.md's two, and HOUSE_RULES.md §13's, each written as C
// (`classic`) and its exact option list, set one by one through SetOption:
// a setting whose option is not refereed yet (kPendingHouseOptions) makes
// the preset refused with that option's rule, and it works as soon as the
// option is in kOptions.
struct PresetSetting {
  std::string_view name;
  std::string_view value;
};
struct PresetSpec {
  std::string_view name;
  bool classic;                          // C: classic's values, else super-president's
  std::array<PresetSetting, 3> settings;  // in §13's order; "" pads
};
constexpr PresetSpec kPresets[] = {
    {"super-president", false, {}},
    {"classic", true, {}},
    // §13 klootzakken (003 "Paquet de 40 cartes (Klootzakken)"): the loser
    // leads the next manche; seating stays fixed (the default).
    {"klootzakken", true, {{{"ranks", "klootzakken"}, {"exchange_cards", "2"}, {"later_lead", "trouduc"}}}},
    // §13 huberes (003 "Hűbéres"): needs H-W1's `wild`.
    {"huberes", true, {{{"jokers", "2"}, {"wild", "X+2+3"}, {"exchange_cards", "scores"}}}},
    // §13 toronto (003 "Jokers, valets et deux hauts"): needs H-P3's `powers`.
    {"toronto", true, {{{"jokers", "2"}, {"ranks", "toronto"}, {"powers", "toronto"}}}},
    // §13 butthead (003 "Échange de cartes", James Lundeen).
    {"butthead", true, {{{"exchange_cards", "2:3-1:2"}}}},
};

const PresetSpec* FindPreset(std::string_view name) {
  for (const PresetSpec& p : kPresets)
    if (p.name == name) return &p;
  return nullptr;
}

std::string_view PendingRule(std::string_view name) {
  for (const PendingHouseOption& house : kPendingHouseOptions)
    if (house.name == name) return house.rule;
  return "";
}

}  // namespace

std::optional<Options> Preset(std::string_view name, std::string* why) {
  const PresetSpec* spec = FindPreset(name);
  if (spec == nullptr) return std::nullopt;
  Options o = spec->classic ? Classic() : Options{};
  for (const PresetSetting& setting : spec->settings) {
    if (setting.name.empty()) break;
    std::string problem = SetOption(o, setting.name, setting.value);
    if (problem.empty()) continue;
    if (why != nullptr) {
      const std::string_view rule = PendingRule(setting.name);
      *why = "ruleset " + Quoted(name) + " needs option " + Quoted(setting.name) + " " +
             Quoted(setting.value) +
             (rule.empty() ? ": " + problem
                           : ", house rule " + std::string(rule) +
                                 " of HOUSE_RULES.md, which this pli does not referee yet (HOUSE_RULES.md §13)");
    }
    return std::nullopt;
  }
  return o;
}

std::optional<Options> PresetRefereedPart(std::string_view name,
                                          std::vector<std::pair<std::string, std::string>>& pending) {
  pending.clear();
  const PresetSpec* spec = FindPreset(name);
  if (spec == nullptr) return std::nullopt;
  Options o = spec->classic ? Classic() : Options{};
  for (const PresetSetting& setting : spec->settings) {
    if (setting.name.empty()) break;
    if (!SetOption(o, setting.name, setting.value).empty())
      pending.emplace_back(std::string(setting.name), std::string(setting.value));
  }
  return o;
}

const std::vector<std::string_view>& PresetNames() {
  static const std::vector<std::string_view> names = [] {
    std::vector<std::string_view> out;
    for (const PresetSpec& p : kPresets) out.push_back(p.name);
    return out;
  }();
  return names;
}

std::string PresetNamesText(bool quoted) {
  std::string text;
  for (std::string_view name : PresetNames())
    text += (text.empty() ? "" : ", ") + (quoted ? Quoted(name) : std::string(name));
  return text;
}

std::vector<std::pair<int, int>> ExchangePairs(const Options& o, int n) {
  switch (o.exchange_cards) {
    case ExchangeCards::kTwoOne: return {{2, 2}, {1, 1}};  // K1
    case ExchangeCards::kOne: return {{1, 1}};             // K3 `one`
    case ExchangeCards::kPattern: {
      std::vector<std::pair<int, int>> pairs;
      for (int i = 0; i < o.exchange_pattern.pairs; ++i)
        pairs.emplace_back(o.exchange_pattern.give[i], o.exchange_pattern.back[i]);
      return pairs;
    }
    case ExchangeCards::kScores: break;
  }
  // H-K1 `scores`: places i and n+1-i swap G1's points of place i, each
  // way, i = 1 ... n/2 (G1: n/2 - i + 1 for even n, (n+1)/2 - i for odd).
  std::vector<std::pair<int, int>> pairs;
  for (int k = 1; k <= n / 2; ++k) {
    const int points = n % 2 == 1 ? (n + 1) / 2 - k : n / 2 - k + 1;
    pairs.emplace_back(points, points);
  }
  return pairs;
}

std::string ExchangeSeatsRefusal(const Options& o, int seats) {
  if (o.exchange_cards != ExchangeCards::kPattern) return "";
  const int p = o.exchange_pattern.pairs;
  if (2 * p <= seats) return "";
  return "options \"exchange_cards\" and \"seats\": the pattern " + GetExchangeCards(o) + " has " +
         std::to_string(p) + " pairs and needs " + std::to_string(2 * p) + " seated players, not " +
         std::to_string(seats) + " (H-K1)";
}

std::string SetOption(Options& options, std::string_view name, std::string_view value) {
  for (const OptionSpec& spec : kOptions) {
    if (spec.name == name) return spec.set(options, name, value);
  }
  for (const PendingHouseOption& house : kPendingHouseOptions) {
    if (house.name == name) {
      return "unknown option " + Quoted(name) + ": a house rule of HOUSE_RULES.md (" +
             std::string(house.rule) + ") that this pli does not referee yet";
    }
  }
  return "unknown option " + Quoted(name);
}

std::vector<std::pair<std::string, std::string>> OptionValues(const Options& options) {
  static const Options defaults{};
  std::vector<std::pair<std::string, std::string>> values;
  values.reserve(kOptions.size());
  for (const OptionSpec& spec : kOptions) {
    std::string text = spec.get(options);
    if (spec.house && text == spec.get(defaults)) continue;  // H-A1, H-B6
    values.emplace_back(std::string(spec.name), std::move(text));
  }
  return values;
}

std::vector<std::pair<std::string, std::string>> AllOptionValues(const Options& options) {
  std::vector<std::pair<std::string, std::string>> values;
  values.reserve(kOptions.size());
  for (const OptionSpec& spec : kOptions) values.emplace_back(std::string(spec.name), spec.get(options));
  return values;
}

char OptionJsonType(std::string_view name) {
  static const Options defaults{};
  for (const OptionSpec& spec : kOptions) {
    if (spec.name != name) continue;
    const std::string text = spec.get(defaults);
    if (text == "true" || text == "false") return 'b';
    return !text.empty() && text.find_first_not_of("0123456789") == std::string::npos ? 'i' : 's';
  }
  return 0;
}

std::optional<std::string> OptionText(const Options& options, std::string_view name) {
  for (const OptionSpec& spec : kOptions)
    if (spec.name == name) return spec.get(options);
  return std::nullopt;
}

std::string RefusedCombination(const Options& o) {
  auto refused = [](std::string_view a, std::string_view b, std::string_view why, std::string_view rule) {
    return "options " + Quoted(a) + " and " + Quoted(b) + ": " + std::string(why) + " (" +
           std::string(rule) + ")";
  };
  // H-W1: wild jokers need jokers.
  if ((o.wild & kWildX) && o.jokers == 0)
    return refused("wild", "jokers", "X in wild needs jokers 1 or 2 (there is no joker to be wild)", "H-W1");
  // H-C2: without X in `wild` (H-W1), a joker with no rank would have no
  // rank at all.
  if (o.joker_rank == JokerRank::kNone && !(o.wild & kWildX))
    return refused("joker_rank", "wild", "joker_rank none needs X in wild (a joker would have no rank at all)",
                   "H-C2");
  // H-C2: the coloured joker beats the plain one only when there are two,
  // and never as a wild card.
  if (o.joker_order == JokerOrder::kColouredHigh && o.jokers < 2)
    return refused("joker_order", "jokers", "coloured-high needs jokers 2", "H-C2");
  if (o.joker_order == JokerOrder::kColouredHigh && (o.wild & kWildX))
    return refused("joker_order", "wild", "coloured-high is refused with X in wild (wild cards are all equal)",
                   "H-C2");
  // H-L1: the first lead names a card of this game's deck.
  if (o.first_lead >= 0) {
    const Card first(static_cast<uint8_t>(o.first_lead));
    if (!OrderOf(o).deck.contains(first)) {
      const bool joker = first.rank() == Rank::kX;
      return refused("first_lead", joker ? "jokers" : "ranks",
                     CardText(first) + " is not in this game's deck (" +
                         (joker ? "jokers " + std::to_string(o.jokers) : "ranks " + GetNamed<&Options::ranks, kRanksNames>(o)) + ")",
                     "H-L1");
    }
  }
  // H-G2: a target needs points to reach.
  if (o.target > 0 && o.scoring == Scoring::kNone)
    return refused("target", "scoring", "a target above 0 needs scoring place (no points to reach)", "H-G2");
  return "";
}

std::string ParseHighCards(std::string_view value, CardSet& high) {
  constexpr std::string_view kOption = "high_cards";
  constexpr std::string_view kAllowed = "\"none\" or distinct canonical cards joined by \"+\" (\"3c+3s\", \"Jd\")";
  high = CardSet();
  if (value == "none") return "";
  std::string_view rest = value;
  while (true) {
    const size_t plus = rest.find('+');
    const std::string_view token = rest.substr(0, plus);
    const std::optional<Card> card = ParseCard(token);
    // H-A3: the exact canonical text ("Jd", not "jd", "JD" or "J♦").
    if (!card || CardText(*card) != token) return TakesError(kOption, kAllowed, value);
    // H-R2, §1: a joker is not a value high_cards takes.
    if (card->rank() == Rank::kX)
      return TakesError(kOption, kAllowed, value) + " (a joker is not a high card, H-R2)";
    if (high.contains(*card)) return TakesError(kOption, kAllowed, value) + " (" + CardText(*card) + " twice)";
    high.insert(*card);
    if (plus == std::string_view::npos) return "";
    rest = rest.substr(plus + 1);
  }
}

std::string HighCardsRefusal(const Options& options, CardSet high) {
  Options natural = options;  // the natural ranks of `ranks` only (H-R1)
  natural.jokers = 0;
  natural.joker_rank = JokerRank::kTop;
  const RankOrder order = OrderOf(natural);
  const std::string ranks = *OptionText(options, "ranks");
  for (Card c : high) {
    if (!order.deck.contains(c))
      return "options \"high_cards\" and \"ranks\": " + CardText(c) + " is not in the deck of ranks " + ranks +
             " (H-R2)";
    if (c.rank() == order.TopRank(false))
      return "options \"high_cards\" and \"ranks\": " + CardText(c) + " is of " +
             std::string(1, RankChar(c.rank())) + ", the natural top rank of ranks " + ranks + " (H-R2)";
    if (options.wild != 0 && OrderOf(options).wild.contains(c))  // H-R2, H-W1
      return "options \"high_cards\" and \"wild\": " + CardText(c) + " is wild (wild = " + GetWild(options) +
             ") (H-R2)";
  }
  return "";
}

RankOrder OrderOf(const Options& options) {
  using R = Rank;
  // H-R1: the natural ranks of `ranks`, weakest first.
  static constexpr R kNormal[] = {R::k3, R::k4, R::k5, R::k6, R::k7, R::k8, R::k9,
                                  R::kT, R::kJ, R::kQ, R::kK, R::kA, R::k2};  // C2
  static constexpr R kAcesHigh[] = {R::k2, R::k3, R::k4, R::k5, R::k6, R::k7, R::k8,
                                    R::k9, R::kT, R::kJ, R::kQ, R::kK, R::kA};
  static constexpr R kKlootzakken[] = {R::k7, R::k8, R::k9, R::kT, R::kJ,
                                       R::kQ, R::kK, R::kA, R::k2, R::k3};  // no 4, 5, 6
  static constexpr R kToronto[] = {R::k3, R::k4, R::k5, R::k6, R::k7, R::k8, R::k9,
                                   R::kT, R::kQ, R::kK, R::kA, R::k2, R::kJ};
  if (options.ranks == Ranks::kNormal && options.jokers == 0 && options.wild == 0) return RankOrder{};  // C2
  std::array<R, kRankSlots> order{};
  int n = 0;
  auto take = [&](const R* ranks, int count) {
    for (int i = 0; i < count; ++i) order[n++] = ranks[i];
  };
  // H-B2, H-W1: the wild ranks 2 and 3 leave the order ("Wild ranks leave
  // the order"); their cards stay in the deck (below).
  auto take_natural = [&](const R* ranks, int count) {
    for (int i = 0; i < count; ++i) {
      if ((options.wild & kWild2) && ranks[i] == R::k2) continue;
      if ((options.wild & kWild3) && ranks[i] == R::k3) continue;
      order[n++] = ranks[i];
    }
  };
  if (options.wild == 0) {
    switch (options.ranks) {
      case Ranks::kNormal: take(kNormal, 13); break;
      case Ranks::kAcesHigh: take(kAcesHigh, 13); break;
      case Ranks::kKlootzakken: take(kKlootzakken, 10); break;
      case Ranks::kToronto: take(kToronto, 13); break;
    }
  } else {
    switch (options.ranks) {
      case Ranks::kNormal: take_natural(kNormal, 13); break;
      case Ranks::kAcesHigh: take_natural(kAcesHigh, 13); break;
      case Ranks::kKlootzakken: take_natural(kKlootzakken, 10); break;
      case Ranks::kToronto: take_natural(kToronto, 13); break;
    }
  }
  // H-B2, H-C2: X, the jokers' rank, on top when the game has jokers and
  // `joker_rank` is `top` (under révolution it is the weakest: reversed).
  if (options.jokers > 0 && options.joker_rank == JokerRank::kTop) order[n++] = R::kX;
  RankOrder o = RankOrder::FromRanks(order.data(), n);
  // H-C1: the jokers are in the deck, X1 first, whatever their rank.
  if (options.jokers >= 1) o.deck.insert(kJoker1);
  if (options.jokers >= 2) o.deck.insert(kJoker2);
  // H-W1: the wild cards, in the deck whatever their place in the order.
  if (options.wild & kWild2) o.wild |= CardSet::OfRank(R::k2);
  if (options.wild & kWild3) o.wild |= CardSet::OfRank(R::k3);
  if (options.wild & kWildX) o.wild |= CardSet::OfRank(R::kX) & o.deck;
  o.deck |= o.wild;
  return o;
}

}  // namespace pli
