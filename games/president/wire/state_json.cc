// state_json.cc: the JSON documents of `pli state`, `pli legal` and of
// violations (INTERFACE.md §2).
#include "games/president/wire/state_json.h"

#include <charconv>
#include <cstdint>
#include <string>
#include <string_view>

namespace pli {
namespace {

namespace bj = boost::json;

bj::array CardsJson(CardSet cards) {
  bj::array out;
  for (Card c : cards) out.emplace_back(CardText(c));  // index order
  return out;
}

bj::array SeatsJson(const std::vector<int>& seats) {
  bj::array out;
  for (int s : seats) out.emplace_back(s);
  return out;
}

bj::value SeatOrNull(int seat) {
  if (seat < 0) return nullptr;
  return seat;
}

bj::object PliJson(const Pli& pli, const Options& options) {
  bj::object out;
  out["leader"] = SeatOrNull(pli.leader);
  out["count"] = pli.count;
  out["mode"] = ModeName(pli.mode);
  out["ou_rien"] = pli.ou_rien;
  if (pli.last_seat < 0) {
    out["last"] = nullptr;
  } else {
    bj::object last;
    last["seat"] = pli.last_seat;
    last["cards"] = CardsJson(pli.last_cards);
    out["last"] = std::move(last);
  }
  bj::array seats_out;
  for (int s = 0; s < kMaxSeats; ++s) {
    if (pli.out & SeatBit(s)) seats_out.emplace_back(s);
  }
  out["out"] = std::move(seats_out);
  out["solo"] = pli.solo;
  if (options.single_round) {  // H-B6, H-T2: the seats that have had their chance
    bj::array acted;
    for (int s = 0; s < kMaxSeats; ++s)
      if (pli.acted & SeatBit(s)) acted.emplace_back(s);
    out["acted"] = std::move(acted);
  }
  return out;
}

bj::array GiftsJson(const std::vector<Gift>& gifts) {
  bj::array out;
  for (const Gift& g : gifts) {
    bj::object o;
    o["from"] = g.from;
    o["to"] = g.to;
    o["count"] = g.count;
    o["done"] = g.done;
    out.emplace_back(std::move(o));
  }
  return out;
}

// An option's text value as JSON: booleans and integers bare, others strings.
bj::value OptionJson(const std::string& name, const std::string& text) {
  if (OptionJsonType(name) == 's') return bj::string(text);  // H-A3: exchange_cards "2" (H-K1)
  if (text == "true") return true;
  if (text == "false") return false;
  int64_t n = 0;
  auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), n);
  if (ec == std::errc() && end == text.data() + text.size() && std::to_string(n) == text) {
    return n;
  }
  return bj::string(text);
}

bj::object OptionsJson(const Options& options) {
  bj::object out;
  for (const auto& [name, value] : OptionValues(options)) out[name] = OptionJson(name, value);
  return out;
}

bj::object LegalActionJson(const LegalAction& a, bool wild) {
  bj::object o;
  o["type"] = TypeName(a.type);
  o["seat"] = a.seat;
  std::string rank(1, RankChar(a.rank));
  switch (a.type) {
    case EventType::kPlay:
      o["rank"] = rank;
      o["count"] = a.count;
      if (a.declare == Declare::kNone) {
        o["declare"] = nullptr;
      } else {
        o["declare"] = a.declare == Declare::kSuite ? "suite" : "reverse";
      }
      if (wild) o["wild"] = a.wild;  // H-B6, H-W1: its wild cards, when option wild is on
      if (!a.cards.empty()) o["cards"] = CardsJson(a.cards);  // H-B6: jokers under coloured-high
      break;
    case EventType::kClose:
      o["rank"] = rank;
      o["count"] = a.count;
      break;
    case EventType::kExchange:
      o["to"] = a.to;
      o["count"] = a.count;
      o["from_cards"] = CardsJson(a.cards);
      if (a.ranks.empty()) {
        o["ranks"] = nullptr;  // K3 option choice: any cards of the hand as dealt
      } else {
        bj::array ranks;  // K2: the ranks the gift must have, weakest first
        for (Rank r : a.ranks) ranks.emplace_back(std::string(1, RankChar(r)));
        o["ranks"] = std::move(ranks);
      }
      break;
    default:  // pass; LegalActions lists no other type
      break;
  }
  return o;
}

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kNone:
      return "none";
    case Phase::kExchange:
      return "exchange";
    case Phase::kPlay:
      return "play";
    case Phase::kMancheOver:
      return "manche-over";
    case Phase::kGameOver:
      return "game-over";
  }
  return "none";
}

const char* ModeName(Mode mode) {
  switch (mode) {
    case Mode::kFree:
      return "free";
    case Mode::kSuite:
      return "suite";
    case Mode::kReverse:
      return "reverse";
  }
  return "free";
}

boost::json::object StateToJson(const State& state) {
  bj::object out;
  out["game"] = state.game;
  out["seq"] = state.seq;
  out["manche"] = state.manche;
  out["phase"] = PhaseName(state.phase);
  out["revolution"] = state.revolution;
  out["turn"] = SeatOrNull(state.turn);
  bj::array hands;
  for (int s = 0; s < state.seats; ++s) hands.emplace_back(CardsJson(state.hands[s]));
  out["hands"] = std::move(hands);
  out["pli"] = PliJson(state.pli, state.options);
  out["finished"] = SeatsJson(state.finished);
  if (state.ranking) {
    out["ranking"] = SeatsJson(*state.ranking);
  } else {
    out["ranking"] = nullptr;
  }
  // Extras beyond INTERFACE.md §2's minimum.
  bj::array names;
  for (const std::string& name : state.seat_names) names.emplace_back(name);
  out["seats"] = std::move(names);
  out["gifts"] = GiftsJson(state.gifts);
  out["options"] = OptionsJson(state.options);
  if (state.options.scoring != Scoring::kNone) out["scores"] = SeatsJson(state.scores);
  if (state.options.stale_falls) {  // H-K4, H-B6: the ranking in force
    if (state.ranking) {
      out["standing"] = SeatsJson(state.standing);
    } else {
      out["standing"] = nullptr;
    }
  }
  if (state.options.president_falls) out["discarded"] = CardsJson(state.discarded);  // H-K3, H-B6
  if (state.options.target > 0) {  // H-G2, H-B6: only with a target
    if (state.phase == Phase::kGameOver) {
      out["winners"] = SeatsJson(Winners(state));
    } else {
      out["winners"] = nullptr;
    }
  }
  out["ended"] = state.ended;
  return out;
}

boost::json::array LegalToJson(const std::vector<LegalAction>& actions, bool wild) {
  bj::array out;
  for (const LegalAction& a : actions) out.emplace_back(LegalActionJson(a, wild));
  return out;
}

boost::json::object ViolationToJson(const Violation& violation, Audience audience) {
  bj::object out;
  out["code"] = CodeName(violation.code);
  out["rule"] = violation.rule;
  out["message"] = SentenceFor(violation, audience);
  if (audience == Audience::kAdjudicator)
    out["hidden"] = violation.hidden.empty() ? bj::value(nullptr) : bj::value(violation.hidden);
  return out;
}

}  // namespace pli
