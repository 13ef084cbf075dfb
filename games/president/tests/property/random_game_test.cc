// random_game_test.cc: properties of random legal games (game_gen.h): cards
// are conserved, replay equals the live state, manches end in a proper
// ranking (F1-F4), gifts follow it (K1-K3), the turn and the lead go where
// the rules say (P5, P6, E5, R4, S3), and every event survives the wire.
#include <algorithm>
#include <catch2/catch.hpp>
#include <map>

#include "games/president/rules/compact.h"
#include "games/president/replay/fold.h"
#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

// What the event moves from the actor's hand to the table (play, close).
CardSet TabledCards(const Event& e) {
  if (auto* p = std::get_if<PlayEvent>(&e.body)) return SetOf(p->cards);
  if (auto* c = std::get_if<CloseEvent>(&e.body)) return SetOf(c->cards);
  return CardSet();
}

// S2, P1, K1: how one event may move cards; "" when it moved them right.
std::string CardMoves(const State& before, const State& after, const Event& e) {
  if (auto* d = std::get_if<DealEvent>(&e.body)) {
    int smallest = kDeckSize, largest = 0;
    for (int s = 0; s < after.seats; ++s) {
      if (after.hands[s] != SetOf(d->hands[s])) return "the deal's hands are not the hands dealt";
      smallest = std::min(smallest, after.hands[s].size());
      largest = std::max(largest, after.hands[s].size());
    }
    if (largest - smallest > 1) return "S2: hand sizes differ by more than one";
    if (!after.discards.empty()) return "a new manche starts with cards on the table";
    return "";
  }
  if (std::holds_alternative<GameEvent>(e.body)) return "";
  CardSet moved, gained;
  int from = -1, to = -1;
  if (auto* x = std::get_if<ExchangeEvent>(&e.body)) {
    from = x->from;
    to = x->to;
    moved = gained = SetOf(x->cards);
    if (after.discards != before.discards) return "a gift changed the cards played";
  } else {
    moved = TabledCards(e);
    from = ActingSeat(e.body);
    // Hand sizes only shrink in play: the cards go to the table.
    if (after.discards != (before.discards | moved) || !(before.discards & moved).empty())
      return "the cards played this manche are not the cards played before plus " +
             CardSetText(moved);
  }
  for (int s = 0; s < before.seats; ++s) {
    CardSet expected = before.hands[s];
    if (s == from) {
      if (!before.hands[s].contains(moved))
        return "seat " + std::to_string(s) + " moved cards it did not hold";
      expected -= moved;
    }
    if (s == to) expected |= gained;
    if (after.hands[s] != expected)
      return "seat " + std::to_string(s) + " holds " + CardSetText(after.hands[s]) + ", expected " +
             CardSetText(expected);
  }
  return "";
}

TEST_CASE("P1 S2 K1 CheckInvariants: cards are conserved after every event") {
  Prop("hands are disjoint, hands + played = deck, and only the acting hand changes", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 1; k < g.states.size(); ++k) {
      const State& before = g.states[k - 1];
      const State& after = g.states[k];
      std::string broken = CheckInvariants(after);
      if (!broken.empty()) RC_FAIL(Failure(g, k, "CheckInvariants: " + broken));
      broken = CardMoves(before, after, g.events[k - 1]);
      if (!broken.empty()) RC_FAIL(Failure(g, k, broken));
    }
  });
}

TEST_CASE("G1 replay: folding the log with Step equals the live state") {
  Prop("Step over the whole log and FoldTo at a random prefix give the live states", [] {
    const Game g = PlayOrFail(*GenScript());
    State replay;
    for (size_t k = 0; k < g.events.size(); ++k) {
      if (auto v = Step(replay, g.events[k]))
        RC_FAIL(Failure(g, k + 1, "a logged event is illegal on replay: " + v->message));
      if (!(replay == g.states[k + 1]))
        RC_FAIL(Failure(g, k + 1,
                        "replay differs from the live state:\nreplay " + StateText(replay) +
                            "\nlive   " + StateText(g.states[k + 1])));
    }
    const size_t k = *rc::gen::inRange<size_t>(0, g.events.size() + 1);
    const State folded = FoldTo(g.events, static_cast<int64_t>(k));
    if (!(folded == g.states[k]))
      RC_FAIL(Failure(g, k,
                      "FoldTo(" + std::to_string(k) + ") differs from the live state:\nfold " +
                          StateText(folded) + "\nlive " + StateText(g.states[k])));
  });
}

TEST_CASE("compact fold: Fold(Compact(log)) equals Step over the log, ids and illegal events included") {
  // issue 13: the fold reads 16-byte CompactEvents (games/president/rules/compact.h)
  // through the Apply functions ApplyInPlace uses; the states must be equal
  // at every prefix, with the log's illegal events (copies of its events put
  // back at random places: mostly not-your-turn, a repeated id, a second
  // game event) and its ids (IdList: G1's "an id is used once").
  Prop("the compact fold of a log with illegal events equals FoldTo at every prefix", [] {
    const Game g = PlayOrFail(*GenScript());
    std::vector<Event> log = g.events;
    const int copies = *rc::gen::inRange(0, 6);
    for (int c = 0; c < copies; ++c) {
      const size_t from = *rc::gen::inRange<size_t>(0, log.size());
      const size_t to = *rc::gen::inRange<size_t>(0, log.size() + 1);
      Event copy = log[from];
      copy.seq.reset();
      log.insert(log.begin() + static_cast<std::ptrdiff_t>(to), std::move(copy));
    }
    const CompactLog compact = Compact(log);
    RC_ASSERT(compact.events.size() == log.size());
    State state;
    for (size_t k = 0; k <= log.size(); ++k) {
      Fold(compact, k, state);  // reused: ResetState must leave nothing behind
      const State step = FoldTo(log, static_cast<int64_t>(k));
      if (!(state == step))
        RC_FAIL("Fold(Compact(log), " + std::to_string(k) + ") differs from FoldTo:\ncompact " +
                StateText(state) + "\nstep    " + StateText(step) + "\nlog:\n" +
                LogText(log, k));
      for (const std::string_view id : step.ids) RC_ASSERT(state.ids.contains(id));
    }
  });
}

// F1-F4: the ranking a manche should end with, from the finishing order seen
// in the log, and the one seat left holding cards.
std::vector<int> ExpectedRanking(const State& after, const std::vector<int>& finished,
                                 const std::vector<int>& top) {
  std::vector<int> ranking;
  for (int seat : finished)
    if (std::find(top.begin(), top.end(), seat) == top.end()) ranking.push_back(seat);
  for (int seat = 0; seat < after.seats; ++seat)
    if (!after.hands[seat].empty()) ranking.push_back(seat);  // F3
  ranking.insert(ranking.end(), top.rbegin(), top.rend());    // F2
  return ranking;
}

// G1 (003): points by place.
// G1: the points of each place, best first, written out from RULES.md's
// formula for each number of seats (003 gives five and seven).
int PlacePoints(int place, int seats) {
  static const std::map<int, std::vector<int>> kTable = {
      {4, {2, 1, -1, -2}},
      {5, {2, 1, 0, -1, -2}},
      {6, {3, 2, 1, -1, -2, -3}},
      {7, {3, 2, 1, 0, -1, -2, -3}},
      {8, {4, 3, 2, 1, -1, -2, -3, -4}},
  };
  return kTable.at(seats).at(place);
}

std::string RankingText(const std::vector<int>& r) {
  std::string t;
  for (int s : r) t += std::to_string(s) + " ";
  return "[" + t + "]";
}

TEST_CASE("F1 F2 F3 F4: every manche ends with a ranking of the seats") {
  Prop("normal finishers in order, the last holder, then top-rank finishers reversed", [] {
    const Game g = PlayOrFail(*GenScript());
    std::vector<int> finished, top;
    for (size_t k = 1; k < g.states.size(); ++k) {
      const State& before = g.states[k - 1];
      const State& after = g.states[k];
      const Event& e = g.events[k - 1];
      if (std::holds_alternative<DealEvent>(e.body)) finished.clear(), top.clear();
      if (before.phase != Phase::kPlay || !InPlay(e)) continue;
      const int actor = ActingSeat(e.body);
      if (!before.hands[actor].empty() && after.hands[actor].empty()) {
        finished.push_back(actor);  // F1
        auto* play = std::get_if<PlayEvent>(&e.body);
        if (play && play->cards.front().rank() == TopRank(before.revolution) &&
            before.options.top_rank_last)
          top.push_back(actor);  // F2: judged in the order before the play
      }
      const bool over = after.phase == Phase::kMancheOver || after.phase == Phase::kGameOver;
      if (!over) {
        if (std::popcount(WithCards(after)) <= 1)
          RC_FAIL(Failure(g, k, "F3: one seat holds cards but the manche goes on"));
        continue;
      }
      if (std::popcount(WithCards(after)) != 1)
        RC_FAIL(Failure(g, k,
                        "F3: the manche ended with " +
                            std::to_string(std::popcount(WithCards(after))) +
                            " seats holding cards"));
      if (!after.ranking) RC_FAIL(Failure(g, k, "the manche ended without a ranking"));
      const std::vector<int>& ranking = *after.ranking;
      std::vector<int> sorted = ranking;
      std::sort(sorted.begin(), sorted.end());
      std::vector<int> seats(after.seats);
      std::iota(seats.begin(), seats.end(), 0);
      if (sorted != seats)
        RC_FAIL(Failure(
            g, k, "the ranking " + RankingText(ranking) + " is not a permutation of the seats"));
      if (std::find(top.begin(), top.end(), ranking[0]) != top.end())
        RC_FAIL(Failure(g, k, "F2: the Président finished on the top rank"));
      const std::vector<int> expected = ExpectedRanking(after, finished, top);
      if (ranking != expected)
        RC_FAIL(Failure(g, k,
                        "F1-F3: ranking " + RankingText(ranking) + ", expected " +
                            RankingText(expected) + " (finished " + RankingText(finished) +
                            ", on the top rank " + RankingText(top) + ")"));
      if (after.options.scoring == Scoring::kPlace) {
        for (int i = 0; i < after.seats; ++i) {
          const int seat = ranking[i];
          if (after.scores[seat] - before.scores[seat] != PlacePoints(i, after.seats))
            RC_FAIL(Failure(g, k,
                            "G1: seat " + std::to_string(seat) + " in place " +
                                std::to_string(i + 1) + " scored wrong"));
        }
      }
    }
  });
}

// K1: the gifts a ranking owes: (from, to) -> count; K3 option
// exchange_cards = one: one card each way between Président and Trouduc.
std::map<std::pair<int, int>, int> OwedGifts(const std::vector<int>& r, const Options& o) {
  const int n = static_cast<int>(r.size());
  if (o.exchange_cards == ExchangeCards::kOne) return {{{r[0], r[n - 1]}, 1}, {{r[n - 1], r[0]}, 1}};
  return {
      {{r[0], r[n - 1]}, 2}, {{r[n - 1], r[0]}, 2}, {{r[1], r[n - 2]}, 1}, {{r[n - 2], r[1]}, 1}};
}

// K2: the ranks of the `count` weakest (or strongest) cards of a hand as
// dealt, in normal order.
RankList ExtremeRanks(CardSet dealt, int count, bool best) {
  CardList cards = ListOf(dealt);  // index order is normal order
  RankList ranks;
  for (int i = 0; i < count; ++i)
    ranks.push_back(best ? cards[cards.size() - 1 - i].rank() : cards[i].rank());
  std::sort(ranks.begin(), ranks.end());
  return ranks;
}

TEST_CASE("K1 K2 K3 S3: gifts follow the last ranking and the Trouduc leads after them") {
  Prop("the gifts owed, their ranks from the hand as dealt, and the lead after them", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 1; k < g.states.size(); ++k) {
      const State& before = g.states[k - 1];
      const State& after = g.states[k];
      const Event& e = g.events[k - 1];
      if (after.phase != Phase::kExchange) {
        // S3: the last manche's Trouduc leads (its Président with later_lead = president).
        if (before.phase != Phase::kExchange || after.phase != Phase::kPlay) continue;
        const bool president = after.options.later_lead == LaterLead::kPresident;
        const int leader = president ? after.ranking->front() : after.ranking->back();
        if (after.turn != leader || after.pli.leader != after.turn)
          RC_FAIL(Failure(g, k,
                          std::string("S3: after the gifts the ") +
                              (president ? "Président" : "Trouduc") + " of the last manche, seat " +
                              std::to_string(leader) + ", leads, not seat " +
                              std::to_string(after.turn)));
        continue;
      }
      std::map<std::pair<int, int>, int> owed = OwedGifts(*after.ranking, after.options);
      // Gifts already made this manche are owed no more.
      for (size_t j = k; j >= 1 && !std::holds_alternative<DealEvent>(g.events[j - 1].body); --j)
        if (auto* x = std::get_if<ExchangeEvent>(&g.events[j - 1].body))
          owed.erase({x->from, x->to});
      std::map<std::pair<int, int>, int> listed;
      for (const LegalAction& a : LegalActions(after)) {
        if (a.type != EventType::kExchange)
          RC_FAIL(Failure(
              g, k, "K3: a " + std::string(TypeName(a.type)) + " is listed while gifts are owed"));
        listed[{a.seat, a.to}] = a.count;
        // K2: from the hand as dealt; the Président and Vice-Président's
        // weakest (or their choice), the others' strongest.
        const bool best =
            a.seat == after.ranking->back() || a.seat == (*after.ranking)[after.seats - 2];
        const bool choice = !best && after.options.exchange == ExchangeRule::kChoice;
        if (!after.dealt[a.seat].contains(a.cards))
          RC_FAIL(Failure(g, k, "K2: a gift may name cards not in the hand as dealt"));
        RankList ranks = a.ranks;
        std::sort(ranks.begin(), ranks.end());
        if (choice ? !ranks.empty() || a.cards != (after.hands[a.seat] & after.dealt[a.seat])
                   : ranks != ExtremeRanks(after.dealt[a.seat], a.count, best))
          RC_FAIL(Failure(g, k,
                          "K2: the gift of seat " + std::to_string(a.seat) + " is listed as " +
                              LegalText({a})));
      }
      if (listed != owed)
        RC_FAIL(Failure(g, k,
                        "K1: the gifts listed are not those the ranking " +
                            RankingText(*after.ranking) +
                            " owes: " + LegalText(LegalActions(after))));
      (void)before;
      (void)e;
    }
  });
}

TEST_CASE("P5 P6 E5 R4 S3: the turn goes to the right seat") {
  Prop("the turn holds cards, skips seats out of the pli, and the lead follows E1-E5", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 1; k < g.states.size(); ++k) {
      const State& before = g.states[k - 1];
      const State& after = g.states[k];
      const Event& e = g.events[k - 1];
      auto fail = [&](const std::string& what) {
        RC_FAIL(Failure(
            g, k, what + " (turn " + std::to_string(after.turn) + ")\nstate " + StateText(after)));
      };
      if (after.phase != Phase::kPlay) {
        if (after.turn != -1) fail("a turn outside the play phase");
        continue;
      }
      const int t = after.turn;
      if (t < 0 || t >= after.seats || after.hands[t].empty())
        fail("P6: the turn is a seat with no cards");
      if (after.pli.out & SeatBit(t)) fail("P6: the turn is a seat out of the pli");
      if (std::holds_alternative<DealEvent>(e.body)) {
        const int queen = [&] {
          for (int s = 0; s < after.seats; ++s)
            if (after.hands[s].contains(Card(Rank::kQ, Suit::kHearts))) return s;
          return -1;
        }();
        if (t != queen)
          fail("S3: the holder of Qh, seat " + std::to_string(queen) + ", leads manche 1");
      }
      if (before.phase != Phase::kPlay || !InPlay(e)) continue;
      const int actor = ActingSeat(e.body);
      const bool is_pass = std::holds_alternative<PassEvent>(e.body);
      // P5, O3: a pass puts the passer out of the pli, except under ou-rien.
      if (is_pass && after.pli.count != 0) {
        const bool out = before.options.pass_is_out && !before.pli.ou_rien && !before.pli.solo;
        if (((after.pli.out & SeatBit(actor)) != 0) != out)
          fail(out ? "P5: the passer is not out of the pli"
                   : "O3: the passer was put out of the pli");
      }
      if (after.pli.count == 0) {
        // A new pli: the last player to play (or the closer) leads, E5 if
        // they have no cards (E1-E4, X3, R4).
        const int last = is_pass ? before.pli.last_seat : actor;
        const int leader = LeaderFrom(after, last);
        if (after.pli.leader != t || t != leader)
          fail("E5: the new pli should be led by seat " + std::to_string(leader));
        continue;
      }
      if (after.pli.solo) {
        // R4: the last player goes on alone only in a sequence (option).
        const SoloContinuation solo = after.options.solo_continuation;
        if (t != after.pli.last_seat || solo == SoloContinuation::kNever ||
            (solo == SoloContinuation::kSequence && after.pli.mode == Mode::kFree))
          fail("R4: the turn came back to the last player where it should not");
        continue;
      }
      const SeatMask in_pli =
          WithCards(after) & ~after.pli.out & ~after.pli.passed & ~SeatBit(after.pli.last_seat);
      const int next = NextIn(after, actor, in_pli);
      if (t != next)
        fail("P6: the next seat clockwise still in the pli is seat " + std::to_string(next));
    }
  });
}

TEST_CASE("Wire: every event of a game round-trips through JSON Lines") {
  Prop("ParseEventLine(EventToJson(e)) == e", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 0; k < g.events.size(); ++k) {
      const std::string line = EventToJson(g.events[k]);
      auto parsed = ParseEventLine(line);
      if (auto* err = std::get_if<ParseError>(&parsed))
        RC_FAIL(Failure(
            g, k + 1, "the line " + line + " does not parse: " + err->field + ": " + err->message));
      if (!(std::get<Event>(parsed) == g.events[k]))
        RC_FAIL(Failure(g, k + 1,
                        "the line " + line +
                            " parses to another event: " + EventToJson(std::get<Event>(parsed))));
    }
  });
}

}  // namespace
}  // namespace pli::prop
