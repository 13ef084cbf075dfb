// options_test.cc: the ruleset presets (RULES.md "Ruleset presets") and the
// wire form of every option: SetOption, its errors, OptionValues.
#include "games/president/rules/options.h"

#include <catch2/catch.hpp>
#include <string>
#include <utility>
#include <vector>

namespace pli {
namespace {

// Every option's wire name, in OptionValues order.
const std::vector<std::string> kNames = {
    "mandatory_play",
    "pass_is_out",
    "equal_allowed",
    "top_rank_closes",
    "top_rank_last",
    "suite",
    "reverse",
    "ou_rien",
    "close",
    "revolution",
    "carre_closes",
    "reverse_in_suite",
    "solo_continuation",
    "completed_carre_closes",
    "exchange",
    "exchange_cards",
    "later_lead",
    "scoring",
    "manches",
};

// The bool member an option name sets.
bool Options::*BoolMember(const std::string& name) {
  if (name == "mandatory_play") return &Options::mandatory_play;
  if (name == "pass_is_out") return &Options::pass_is_out;
  if (name == "equal_allowed") return &Options::equal_allowed;
  if (name == "top_rank_closes") return &Options::top_rank_closes;
  if (name == "top_rank_last") return &Options::top_rank_last;
  if (name == "suite") return &Options::suite;
  if (name == "reverse") return &Options::reverse;
  if (name == "ou_rien") return &Options::ou_rien;
  if (name == "close") return &Options::close;
  if (name == "revolution") return &Options::revolution;
  if (name == "carre_closes") return &Options::carre_closes;
  if (name == "reverse_in_suite") return &Options::reverse_in_suite;
  if (name == "completed_carre_closes") return &Options::completed_carre_closes;
  return nullptr;
}

TEST_CASE("Presets: super-president is every rule of RULES.md, the struct's defaults") {
  const std::optional<Options> o = Preset("super-president");
  REQUIRE(o.has_value());
  CHECK(*o == Options{});
  CHECK(o->mandatory_play);
  CHECK(o->pass_is_out);
  CHECK(o->equal_allowed);
  CHECK(o->top_rank_closes);
  CHECK(o->top_rank_last);
  CHECK(o->suite);
  CHECK(o->reverse);
  CHECK(o->ou_rien);
  CHECK(o->close);
  CHECK(o->revolution);
  CHECK(o->carre_closes);                                      // E2 (R1)
  CHECK(o->reverse_in_suite);                                  // V2 (R3)
  CHECK(o->solo_continuation == SoloContinuation::kSequence);  // R4
  CHECK_FALSE(o->completed_carre_closes);                      // X5
  CHECK(o->exchange == ExchangeRule::kWorst);                  // K3
  CHECK(o->exchange_cards == ExchangeCards::kTwoOne);          // K3: the four gifts of K1
  CHECK(o->later_lead == LaterLead::kTrouduc);                 // S3
  CHECK(o->scoring == Scoring::kNone);
  CHECK(o->manches == 0);
}

TEST_CASE("Presets: classic is 003's basic game") {
  const std::optional<Options> o = Preset("classic");
  REQUIRE(o.has_value());
  CHECK_FALSE(o->mandatory_play);   // passing always allowed
  CHECK_FALSE(o->pass_is_out);      // ... and does not put you out of the pli
  CHECK_FALSE(o->equal_allowed);    // strictly stronger
  CHECK_FALSE(o->top_rank_closes);  // the 2 is simply the highest card
  CHECK_FALSE(o->top_rank_last);
  CHECK_FALSE(o->suite);
  CHECK_FALSE(o->reverse);
  CHECK_FALSE(o->ou_rien);
  CHECK_FALSE(o->close);
  CHECK_FALSE(o->revolution);
  CHECK_FALSE(o->carre_closes);
  CHECK(o->exchange == ExchangeRule::kChoice);
  CHECK(o->exchange_cards == ExchangeCards::kOne);  // one card each way (RULES.md 2026-11-24)
  CHECK(o->later_lead == LaterLead::kPresident);    // "Le Président mène alors"
  // The others keep their defaults.
  const Options d;
  CHECK(o->reverse_in_suite == d.reverse_in_suite);
  CHECK(o->solo_continuation == d.solo_continuation);
  CHECK(o->completed_carre_closes == d.completed_carre_closes);
  CHECK(o->scoring == d.scoring);
  CHECK(o->manches == d.manches);
}

TEST_CASE("Presets: other names are not presets") {
  for (const char* bad : {"", "Classic", "super_president", "superpresident", "default"}) {
    INFO("preset \"" << bad << "\"");
    CHECK_FALSE(Preset(bad).has_value());
  }
}

TEST_CASE("Options: every boolean option is set by true and false, and nothing else") {
  for (const std::string& name : kNames) {
    bool Options::*member = BoolMember(name);
    if (member == nullptr) continue;
    INFO("option " << name);
    Options o;
    CHECK(SetOption(o, name, "false") == "");
    CHECK_FALSE(o.*member);
    Options only_that = Options{};
    only_that.*member = false;
    CHECK(o == only_that);  // no other option moved
    CHECK(SetOption(o, name, "true") == "");
    CHECK(o.*member);
    for (const char* bad : {"", "yes", "1", "TRUE", "on", "True"}) {
      const Options before = o;
      CHECK(SetOption(o, name, bad) ==
            "option \"" + name + "\" takes true or false, not \"" + bad + "\"");
      CHECK(o == before);
    }
  }
}

TEST_CASE("R4: solo_continuation takes sequence, always or never") {
  Options o;
  CHECK(SetOption(o, "solo_continuation", "always") == "");
  CHECK(o.solo_continuation == SoloContinuation::kAlways);
  CHECK(SetOption(o, "solo_continuation", "never") == "");
  CHECK(o.solo_continuation == SoloContinuation::kNever);
  CHECK(SetOption(o, "solo_continuation", "sequence") == "");
  CHECK(o.solo_continuation == SoloContinuation::kSequence);
  CHECK(SetOption(o, "solo_continuation", "sometimes") ==
        "option \"solo_continuation\" takes sequence, always or never, not \"sometimes\"");
  CHECK(o.solo_continuation == SoloContinuation::kSequence);
}

TEST_CASE("K3: exchange takes worst or choice") {
  Options o;
  CHECK(SetOption(o, "exchange", "choice") == "");
  CHECK(o.exchange == ExchangeRule::kChoice);
  CHECK(SetOption(o, "exchange", "worst") == "");
  CHECK(o.exchange == ExchangeRule::kWorst);
  CHECK(SetOption(o, "exchange", "best") ==
        "option \"exchange\" takes worst or choice, not \"best\"");
  CHECK(o.exchange == ExchangeRule::kWorst);
}

TEST_CASE("K3: exchange_cards takes two-one or one (H-K1: also scores and patterns, 1 being one)") {
  Options o;
  CHECK(SetOption(o, "exchange_cards", "one") == "");
  CHECK(o.exchange_cards == ExchangeCards::kOne);
  CHECK(SetOption(o, "exchange_cards", "two-one") == "");
  CHECK(o.exchange_cards == ExchangeCards::kTwoOne);
  for (const char* bad : {"two_one", "One", "two", ""}) {
    CHECK(SetOption(o, "exchange_cards", bad) ==
          std::string("option \"exchange_cards\" takes two-one, one, scores or a pattern of pairs a or a:b joined "
                      "by \"-\" (digits 1 to 4, at most 4 pairs: \"2\", \"2:3-1:2\", \"3-2-1\"), not \"") +
              bad + "\"");
    CHECK(o == Options{});
  }
}

TEST_CASE("S3: later_lead takes trouduc or president") {
  Options o;
  CHECK(SetOption(o, "later_lead", "president") == "");
  CHECK(o.later_lead == LaterLead::kPresident);
  CHECK(SetOption(o, "later_lead", "trouduc") == "");
  CHECK(o.later_lead == LaterLead::kTrouduc);
  for (const char* bad : {"Président", "President", "scum", ""}) {
    CHECK(SetOption(o, "later_lead", bad) ==
          std::string("option \"later_lead\" takes trouduc or president, not \"") + bad + "\"");
    CHECK(o == Options{});
  }
}

TEST_CASE("G1: scoring takes none or place (H-G1: also podium, descending)") {
  Options o;
  CHECK(SetOption(o, "scoring", "place") == "");
  CHECK(o.scoring == Scoring::kPlace);
  CHECK(SetOption(o, "scoring", "none") == "");
  CHECK(o.scoring == Scoring::kNone);
  CHECK(SetOption(o, "scoring", "points") ==
        "option \"scoring\" takes none, place, podium or descending, not \"points\"");
}

TEST_CASE("G1: manches takes a whole number from 0 to 1000") {
  Options o;
  for (const auto& [text, value] : std::vector<std::pair<std::string, int>>{
           {"0", 0}, {"1", 1}, {"3", 3}, {"12", 12}, {"999", 999}, {"1000", 1000}}) {
    CHECK(SetOption(o, "manches", text) == "");
    CHECK(o.manches == value);
  }
  for (const char* bad :
       {"", "-1", "1001", "10000", "99999999999", "3.0", "+3", " 3", "3 ", "x", "1e3"}) {
    INFO("manches \"" << bad << "\"");
    const Options before = o;
    CHECK(SetOption(o, "manches", bad) ==
          std::string("option \"manches\" takes a whole number from 0 to 1000, not \"") + bad +
              "\"");
    CHECK(o == before);
  }
}

TEST_CASE("Options: an unknown name is an error and changes nothing") {
  for (const char* bad : {"foo", "", "Suite", "ou-rien", "carre-closes", "manche"}) {
    Options o;
    CHECK(SetOption(o, bad, "true") == std::string("unknown option \"") + bad + "\"");
    CHECK(o == Options{});
  }
}

// HOUSE_RULES.md §1's table, by hand: an option not refereed yet stays
// unknown (H-A1) and the sentence names its house rule.
TEST_CASE("Options: a house rule not refereed yet is unknown, and named with its rule (H-A1)") {
  for (const auto& [name, rule] : std::vector<std::pair<std::string, std::string>>{
           {"decks", "H-C3"}, {"powers", "H-P3"},
           {"high_cards", "H-R2"}, {"runs", "H-P4"}, {"seat_changes", "H-L3"}}) {
    Options o;
    CHECK(SetOption(o, name, "1") == "unknown option \"" + name +
                                         "\": a house rule of HOUSE_RULES.md (" + rule +
                                         ") that this pli does not referee yet");
    CHECK(o == Options{});
  }
}

TEST_CASE("Options: OptionValues lists every option in order with its text value") {
  const auto values = OptionValues(Options{});
  REQUIRE(values.size() == kNames.size());
  for (std::size_t i = 0; i < kNames.size(); ++i) CHECK(values[i].first == kNames[i]);
  CHECK(values[0].second == "true");       // mandatory_play
  CHECK(values[12].second == "sequence");  // solo_continuation
  CHECK(values[13].second == "false");     // completed_carre_closes
  CHECK(values[14].second == "worst");     // exchange
  CHECK(values[15].second == "two-one");   // exchange_cards
  CHECK(values[16].second == "trouduc");   // later_lead
  CHECK(values[17].second == "none");      // scoring
  CHECK(values[18].second == "0");         // manches
  const auto classic = OptionValues(*Preset("classic"));
  CHECK(classic[0].second == "false");
  CHECK(classic[14].second == "choice");
  CHECK(classic[15].second == "one");
  CHECK(classic[16].second == "president");
}

TEST_CASE("Options: OptionValues round-trips through SetOption") {
  // A walk over many option combinations, each rebuilt from its values.
  Options o;
  std::vector<Options> seen = {Options{}, *Preset("classic")};
  for (int i = 0; i < 64; ++i) {
    for (std::size_t k = 0; k < kNames.size(); ++k) {
      const std::string& name = kNames[k];
      if (bool Options::*m = BoolMember(name)) {
        if ((i >> (k % 6)) & 1) o.*m = !(o.*m);
      }
    }
    o.solo_continuation = static_cast<SoloContinuation>(i % 3);
    o.exchange = static_cast<ExchangeRule>(i % 2);
    o.exchange_cards = static_cast<ExchangeCards>((i / 4) % 2);
    o.later_lead = static_cast<LaterLead>((i / 8) % 2);
    o.scoring = static_cast<Scoring>((i / 2) % 2);
    o.manches = (i * 97) % 1001;
    seen.push_back(o);
  }
  for (const Options& original : seen) {
    // From the opposite of every default, so each value must really be set.
    Options rebuilt = *Preset("classic");
    rebuilt.reverse_in_suite = !original.reverse_in_suite;
    rebuilt.exchange_cards = original.exchange_cards == ExchangeCards::kOne ? ExchangeCards::kTwoOne
                                                                             : ExchangeCards::kOne;
    rebuilt.later_lead = original.later_lead == LaterLead::kPresident ? LaterLead::kTrouduc
                                                                      : LaterLead::kPresident;
    rebuilt.manches = original.manches + 1;
    for (const auto& [name, value] : OptionValues(original)) {
      REQUIRE(SetOption(rebuilt, name, value) == "");
    }
    CHECK(rebuilt == original);
    CHECK(OptionValues(rebuilt) == OptionValues(original));
  }
}

}  // namespace
}  // namespace pli
