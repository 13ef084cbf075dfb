// property_test.cc: RapidCheck over random legal games under each preset
// with random options (OpenSpiel's RandomSimTest): every event accepted,
// cards conserved after each, LegalActions and Decide agreeing both ways,
// and every pli and manche checked against a reference model written here
// independently of the engine (SK-P4, SK-W1, SK-N1-N5).
#include <rapidcheck.h>
#include <rapidcheck/catch.h>

#include <algorithm>
#include <cstdlib>
#include <random>

#include "games/skull_king/tests/rules/sk_table.h"

using namespace pli::sk;
using namespace pli::sk::test;

namespace {

// ---- The reference model --------------------------------------------------

bool Esc(const PliPlay& p) {
  return p.card == kEscape || (p.card == kTigress && p.declare == Declare::kEscape);
}
bool Pir(const PliPlay& p) {
  return p.card == kPirate || (p.card == kTigress && p.declare == Declare::kPirate);
}

std::optional<Suit> ModelLead(const Options& o, const std::vector<PliPlay>& plays) {
  for (size_t i = 0; i < plays.size(); ++i) {
    const PliPlay& p = plays[i];
    if (o.lead == Lead::kFirstCard && i > 0) break;
    if (o.lead == Lead::kDeferEscapes && Esc(p)) continue;
    if (p.card.numbered()) return p.card.suit();
    if (o.lead != Lead::kFirstNumber) break;
  }
  return std::nullopt;
}

// The winner as the strongest card by (tier, value), the earliest on ties.
int ModelWinner(const Options& o, std::optional<Suit> trump, const std::vector<PliPlay>& plays) {
  bool king = false, mermaid = false;
  for (const auto& p : plays) king |= p.card == kKing, mermaid |= p.card == kMermaid;
  const auto lead = ModelLead(o, plays);
  auto tier = [&](const PliPlay& p) {
    if (p.card == kMermaid) {
      if (o.pirate_vs_mermaid == PirateVsMermaid::kMermaid || king) return 70;
      return 45;
    }
    if (p.card == kKing) return 60;
    if (Pir(p)) return 50;
    if (Esc(p)) return 10;
    if (trump && p.card.suit() == *trump) return 40;
    if (lead && p.card.suit() == *lead) return 30;
    return 20;
  };
  int best = 0;
  for (int i = 1; i < static_cast<int>(plays.size()); ++i) {
    const int a = tier(plays[i]), b = tier(plays[best]);
    const int va = plays[i].card.numbered() ? plays[i].card.value() : 0;
    const int vb = plays[best].card.numbered() ? plays[best].card.value() : 0;
    if (a > b || (a == b && va > vb)) best = i;
  }
  return best;
}

int ModelBonus(const Options& o, const std::vector<PliPlay>& plays, int w) {
  int pirates = 0, mermaids = 0, tigress_any = 0, fourteens = 0;
  bool king = false;
  for (const auto& p : plays) {
    pirates += Pir(p);
    mermaids += p.card == kMermaid;
    tigress_any += p.card == kTigress || p.card == kPirate;
    king |= p.card == kKing;
    if (p.card.numbered() && p.card.value() == 14) fourteens += p.card.suit() == Suit::kBlack ? 20 : 10;
  }
  const Card wc = plays[w].card;
  if (o.bonuses == Bonuses::kOriginal)
    return wc == kKing ? 30 * tigress_any : (wc == kMermaid && king ? 50 : 0);
  int b = fourteens;
  if (wc == kKing) b += 30 * pirates;
  if (wc == kMermaid && king) b += 40;
  if (Pir(plays[w])) b += 20 * mermaids;
  return b;
}

MancheScore ModelScore(const Options& o, int h, int m, int bid, int won, int bonus,
                       std::optional<Cannon> cannon) {
  MancheScore s;
  s.bid = bid, s.won = won, s.cannon = cannon;
  const int miss = std::abs(bid - won);
  if (o.scoring == Scoring::kRascal) {
    const bool cb = cannon == Cannon::kCannonball;
    const int potential = (cb ? 15 : 10) * h;
    if (miss == 0) s.points = potential, s.bonus = bonus;
    if (miss == 1 && !cb) s.points = potential / 2, s.bonus = bonus / 2;
  } else {
    const int zero = 10 * (o.zero_base == ZeroBase::kRound ? m : h);
    if (bid == 0 && won == 0) s.points = zero;
    else if (bid == 0) s.points = o.zero_miss == ZeroMiss::kPerTrick ? -10 * won : -zero;
    else if (miss == 0) s.points = 20 * bid;
    else s.points = -10 * miss;
    s.bonus = (miss == 0 || o.bonus_on_miss) ? bonus : 0;
  }
  s.total = s.points + s.bonus;
  return s;
}

// ---- Random games -----------------------------------------------------------

Overrides RandomOverrides(std::mt19937_64& rng, const std::string& ruleset, int seats) {
  const std::vector<std::pair<std::string, std::vector<std::string>>> table = {
      {"trump", {"turned", "black", "none"}},
      {"pirate_vs_mermaid", {"mermaid", "pirate"}},
      {"lead", {"first-card", "defer-escapes", "first-number"}},
      {"bidding", {"sequential", "simultaneous"}},
      {"hook", {"true", "false"}},
      {"bid_max", {"hand", "ten"}},
      {"zero_miss", {"per-trick", "per-card"}},
      {"zero_base", {"cards", "round"}},
      {"bonuses", {"2021", "original"}},
      {"bonus_on_miss", {"false", "true"}},
      {"scoring", {"skull-king", "rascal"}},
      {"cannonball", {"false", "true"}},
      {"deck", {"70", "66"}},
  };
  Overrides o;
  for (const auto& [key, values] : table)
    if (rng() % 2) o.emplace_back(key, values[rng() % values.size()]);
  if (rng() % 2) o.emplace_back("first_dealer", std::to_string(rng() % seats));
  Options check;
  if (!MakeOptions(ruleset, o, seats, check).empty()) {  // drop what CheckGame refuses
    std::erase_if(o, [](const auto& kv) { return kv.first == "cannonball" || kv.first == "bonus_on_miss"; });
  }
  return o;
}

bool Listed(const std::vector<LegalAction>& legal, const Event& e) {
  for (const LegalAction& a : legal)
    if (ToEvent(a) == e) return true;
  return false;
}

Event RandomProbe(std::mt19937_64& rng, const State& s) {
  const int seat = static_cast<int>(rng() % s.seats);
  if (rng() % 2) {
    std::optional<Cannon> c;
    if (s.options.cannonball || rng() % 8 == 0) c = static_cast<Cannon>(rng() % 2);
    return BidEvent{seat, static_cast<int64_t>(rng() % 13) - 1, c};
  }
  Card card = KindOf(static_cast<int>(rng() % kCardBits));
  if (rng() % 3 && !s.hands[seat].empty()) {  // often a card of that seat
    std::vector<Card> held;
    s.hands[seat].ForEachKind([&](Card c, int) { held.push_back(c); });
    card = held[rng() % held.size()];
  }
  return PlayEvent{seat, CardList{card}, static_cast<Declare>(rng() % 3)};
}

void RandomGame(const std::string& ruleset, uint64_t seed) {
  std::mt19937_64 rng(seed);
  const auto [lo, hi] = SeatRange(ruleset);
  const int seats = lo + static_cast<int>(rng() % (hi - lo + 1));
  const Overrides overrides = RandomOverrides(rng, ruleset, seats);
  State s;
  RC_ASSERT(!Step(s, Game(seats, ruleset, overrides)));
  const Options& o = s.options;
  const bool end_early = rng() % 4 == 0;
  std::vector<int> scores(seats, 0);
  while (s.phase != Phase::kGameOver) {
    if (end_early && rng() % 40 == 0) {
      RC_ASSERT(!Step(s, End()));
      break;
    }
    RC_ASSERT(!Step(s, RandomDeal(rng, s)));
    RC_ASSERT(CheckInvariants(s) == "");
    std::vector<int> won(seats, 0), bonus(seats, 0);
    std::vector<PliPlay> pli;
    while (s.phase == Phase::kBidding || s.phase == Phase::kPlay) {
      const auto legal = LegalActions(s);
      RC_ASSERT(!legal.empty());
      for (const LegalAction& a : legal) RC_ASSERT(!Decide(s, ToEvent(a)));
      for (int i = 0; i < 12; ++i) {
        const Event probe = RandomProbe(rng, s);
        RC_ASSERT(Decide(s, probe).has_value() == !Listed(legal, probe));
      }
      // An illegal event changes nothing but the seq.
      const Event bad = PlayEvent{0, CardList{}, Declare::kNone};
      State copy = s;
      RC_ASSERT(Step(copy, bad).has_value());
      copy.seq -= 1;
      RC_ASSERT(copy == s);

      const Event e = ToEvent(legal[rng() % legal.size()]);
      const auto* play = std::get_if<PlayEvent>(&e);
      const std::optional<Suit> trump = s.trump;
      RC_ASSERT(!Step(s, e));
      RC_ASSERT(CheckInvariants(s) == "");
      if (play) {
        pli.push_back(PliPlay{play->seat, play->cards[0], play->declare});
        if (static_cast<int>(pli.size()) < seats) {
          RC_ASSERT(s.trick->lead_suit == ModelLead(o, pli));
          RC_ASSERT(s.trick->winning == pli[ModelWinner(o, trump, pli)].seat);
        } else {
          const int w = ModelWinner(o, trump, pli);
          RC_ASSERT(s.last_trick->winner == pli[w].seat);
          RC_ASSERT(s.last_trick->bonus == ModelBonus(o, pli, w));
          won[pli[w].seat] += 1;
          bonus[pli[w].seat] += ModelBonus(o, pli, w);
          pli.clear();
        }
      }
    }
    if (s.phase == Phase::kMancheOver || (s.phase == Phase::kGameOver && !s.ended)) {
      RC_ASSERT(s.history.size() == static_cast<size_t>(s.manche));
      for (int seat = 0; seat < seats; ++seat) {
        const MancheScore expect = ModelScore(o, s.hand_size, s.manche, *s.bids[seat], won[seat],
                                              bonus[seat], s.cannon[seat]);
        RC_ASSERT(s.history.back()[seat] == expect);
        scores[seat] += expect.total;
      }
      RC_ASSERT(s.scores == scores);
    }
  }
  RC_ASSERT(s.winners.has_value());
  const int best = *std::max_element(scores.begin(), scores.end());
  for (int seat = 0; seat < seats; ++seat)
    RC_ASSERT((std::find(s.winners->begin(), s.winners->end(), seat) != s.winners->end()) ==
              (s.scores[seat] == best));
  if (!s.ended) RC_ASSERT(s.manche == kManches);
}

}  // namespace

TEST_CASE("Random games, seed-004 preset with random options") {
  rc::prop("skull-king", [](uint64_t seed) { RandomGame("skull-king", seed); });
}
TEST_CASE("Random games, official preset with random options") {
  rc::prop("skull-king-official", [](uint64_t seed) { RandomGame("skull-king-official", seed); });
}
TEST_CASE("Random games, original preset with random options") {
  rc::prop("skull-king-original", [](uint64_t seed) { RandomGame("skull-king-original", seed); });
}
