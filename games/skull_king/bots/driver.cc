// driver.cc: playing a bot table in memory. The driver holds the full state
// (the referee's side of the table); each bot only gets its view, and every
// action goes through Decide.
#include <array>
#include <vector>

#include "games/skull_king/bots/bot.h"
#include "bots/rng.h"

namespace pli::sk {

namespace {

// A deck of `deck_size` cards in canonical order (SK-C2), copies repeated.
struct OrderedDeck {
  std::array<Card, kCardBits> cards{};
  int size = 0;
};

constexpr OrderedDeck MakeOrderedDeck(int deck_size) {
  OrderedDeck d;
  CardSet::Deck(deck_size).ForEachKind([&](Card c, int n) {
    for (int i = 0; i < n; ++i) d.cards[d.size++] = c;
  });
  return d;
}

// The two decks of SK-C1, laid out once: a deal copies one instead of
// walking the deck's kinds.
constexpr OrderedDeck kDeck70 = MakeOrderedDeck(70);
constexpr OrderedDeck kDeck66 = MakeOrderedDeck(66);

}  // namespace

DealEvent DealFromSeed(const Options& options, int seats, int manche, uint64_t seed) {
  // On the stack: a deal allocates only its hands.
  // (CardSet::Deck: 66 drops the 14s, any other size is the full deck.)
  OrderedDeck ordered = options.deck == 66 ? kDeck66 : kDeck70;
  std::array<Card, kCardBits>& deck = ordered.cards;
  const int size = ordered.size;
  bots::Rng rng(seed);
  for (int i = size - 1; i > 0; --i) std::swap(deck[i], deck[rng.Below(i + 1)]);
  const int h = HandSize(options, seats, manche);
  DealEvent d;
  d.hands.reserve(static_cast<size_t>(seats));
  int k = 0;
  for (int s = 0; s < seats; ++s, k += h) d.hands.emplace_back(deck.begin() + k, deck.begin() + k + h);
  if (TurnsCard(options, manche)) d.turned = deck[k];
  d.seed = static_cast<int64_t>(seed & 0x7FFFFFFFFFFFFFFFull);
  return d;
}

std::string PlayManche(State& state, const DealEvent& deal, const std::vector<Bot*>& bots,
                       std::vector<Event>* log, int max_events) {
  if (auto v = Step(state, Event{deal})) return "the deal was refused: " + v->message;
  if (log) log->push_back(deal);
  for (int n = 0; n < max_events; ++n) {
    const int actor = SeatToAct(state);
    if (actor < 0) return "";
    std::optional<Event> e = bots[actor]->Act(ViewFor(state, actor));
    if (!e)
      return "seat " + std::to_string(actor) + " (" + LevelName(bots[actor]->level()) +
             ") must act and its bot returned nothing";
    if (auto v = Step(state, *e))
      return "the rules refused an action of seat " + std::to_string(actor) + " (" +
             LevelName(bots[actor]->level()) + "): " + std::string(CodeName(v->code)) + " (" +
             v->rule + "): " + v->message;
    if (log) log->push_back(*e);
  }
  return "the manche did not end within " + std::to_string(max_events) + " events";
}

std::string PlayGame(State& state, const std::vector<Bot*>& bots, uint64_t seed,
                     std::vector<Event>* log) {
  while (state.phase == Phase::kMancheOver && state.manche < kManches) {
    const int m = state.manche + 1;
    const std::string err =
        PlayManche(state, DealFromSeed(state.options, state.seats, m, seed * 1000 + m), bots, log);
    if (!err.empty()) return "manche " + std::to_string(m) + ": " + err;
  }
  return state.phase == Phase::kGameOver ? "" : "the game did not end";
}

}  // namespace pli::sk
