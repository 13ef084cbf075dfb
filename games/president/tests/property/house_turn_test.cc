// house_turn_test.cc: H-T1 (`equal_skips`), H-T2 (`single_round`) and H-T5
// (`ou_rien_singles`) of HOUSE_RULES.md §6 over random games with the
// options on. Who acts after each play or pass, when the pli closes and
// who leads, and whether ou-rien starts, are written here by hand from the
// rules (the seats a pli has seen act are tracked here from the log, not
// read from the engine's pli.acted), and each option must change some
// verdict: a seat H-T1 skipped or H-T2 denied, whose action is
// not-your-turn citing that rule, or a pair that starts no ou-rien.
#include <catch2/catch.hpp>
#include <map>
#include <string>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

struct TurnScript {
  GameScript sc;
  bool skips = false, round = false, singles = false;
};

rc::Gen<TurnScript> GenTurnScript() {
  return rc::gen::exec([] {
    TurnScript t;
    t.sc = *GenScript();
    t.skips = *rc::gen::arbitrary<bool>();
    t.round = *rc::gen::arbitrary<bool>();
    t.singles = *rc::gen::arbitrary<bool>();
    if (!t.skips && !t.round && !t.singles) t.skips = t.round = true;
    if (t.skips) t.sc.overrides.emplace_back("equal_skips", "true");
    if (t.round) t.sc.overrides.emplace_back("single_round", "true");
    if (t.singles) t.sc.overrides.emplace_back("ou_rien_singles", "true");
    return t;
  });
}

// The seat whose turn H-T1 / H-T2 took away, and the rule, per option
// name: counted where the option changed a verdict.
std::map<std::string, int>& TurnDiffers() {
  static std::map<std::string, int> counts;
  return counts;
}

// Checks one legal play or pass (events[k-1], state before b, after a)
// against the rules written here; `acted` is this test's own record of the
// seats that have had their chance in the pli (H-T2), updated here.
void CheckTurn(const TurnScript& t, const Game& g, size_t k, SeatMask& acted) {
  const State& b = g.states[k - 1];
  const State& a = g.states[k];
  const Event& e = g.events[k - 1];
  const auto* play = std::get_if<PlayEvent>(&e.body);
  const auto* pass = std::get_if<PassEvent>(&e.body);
  if (!play && !pass) return;
  const int seat = play ? play->seat : pass->seat;
  const Options& o = b.options;
  if (b.pli.count == 0) acted = 0;  // a lead opens a pli
  if (a.phase != Phase::kPlay) return;  // F3: the manche ended
  int n = 0;
  Rank r = Rank::k3;
  bool closes = false, o1 = false, ou_rien = false;
  if (play) {
    const CardSet cards = SetOf(play->cards);
    r = cards.first().rank();
    n = cards.size();
    const bool top = r == b.order.TopRank(b.revolution);
    closes = (top && o.top_rank_closes) || (n == 4 && o.carre_closes) ||
             (o.completed_carre_closes && n < 4 && (b.pli.played | cards).CountOf(r) == 4);
    // H-T5 (O1): ou-rien starts on a play of the last play's rank by another
    // player, not the top rank, and under ou_rien_singles only between
    // singles (checked below when the pli goes on).
    if (!closes && o.ou_rien && b.pli.count != 0) {
      o1 = b.pli.last_seat != seat && b.pli.last_cards.first().rank() == r && !top;
      ou_rien = o1 && (!t.singles || n == 1);
    }
  }
  if (closes) {  // E1, E2, X5: the player leads, whatever the options
    acted = 0;
    return;
  }
  // The pli after the action, by P5 and O3 (written here).
  const SeatMask holding = WithCards(a);
  SeatMask out = b.pli.out, passed = play ? 0 : b.pli.passed | SeatBit(seat);
  if (pass && !b.pli.ou_rien && o.pass_is_out) out |= SeatBit(seat);
  const int last = play ? seat : b.pli.last_seat;
  // H-T1, H-B5: an equal play (the last play's rank) skips the next k = 1
  // seats (P2: one count per pli) that P6 gives the turn to, its player
  // excluded; all of them when fewer.
  SeatMask skipped = 0;
  if (t.skips && play && b.pli.count != 0 && b.pli.last_cards.first().rank() == r) {
    SeatMask candidates = holding & ~out & ~SeatBit(seat);
    const int k_seats = 1 + n - b.pli.count;
    for (int from = seat, i = 0; i < k_seats && candidates != 0; ++i) {
      from = NextIn(a, from, candidates);
      skipped |= SeatBit(from);
      candidates &= ~SeatBit(from);
    }
  }
  acted |= SeatBit(seat) | skipped;
  // E3: every other seat with cards has passed since the last play or is out.
  const SeatMask others = holding & ~out & ~passed & ~SeatBit(last);
  bool expect_close = false;
  int expect_turn = -1, denied = -1;
  if (others == 0) {
    // E3, and R4 (solo_continuation) unless single_round (H-T2: R4 never applies).
    const bool solo = !a.hands[last].empty() && ((out | passed) & SeatBit(last)) == 0 &&
                      (o.solo_continuation == SoloContinuation::kAlways ||
                       (o.solo_continuation == SoloContinuation::kSequence && a.pli.mode != Mode::kFree));
    if (!t.round && solo) {
      expect_turn = last;
    } else {
      expect_close = true;
    }
  } else {
    // P6 past the skipped seats; the last player keeps his place (H-T1),
    // and a player without cards is passed over (RULINGS.md H20).
    int next = NextIn(a, seat, holding & ~out & (t.round ? ~SeatMask{0} : ~passed) & ~skipped);
    if (next < 0) next = NextIn(a, seat, t.round ? holding & ~out : others);
    if (t.round && (acted & SeatBit(next))) {
      expect_close = true;  // H-T2
      denied = next;
    } else {
      expect_turn = next;
    }
  }
  if (expect_close) {
    acted = 0;
    const int leader = LeaderFrom(a, last);  // E5
    if (a.pli.count != 0 || a.pli.leader != leader || a.turn != leader)
      RC_FAIL(Failure(g, k, "the pli should close and seat " + std::to_string(leader) + " lead (H-T2/E3); turn is " +
                                std::to_string(a.turn) + ", pli count " + std::to_string(a.pli.count)));
  } else if (a.pli.count == 0 || a.turn != expect_turn) {
    RC_FAIL(Failure(g, k, "seat " + std::to_string(expect_turn) + " should act in the same pli (H-T1/H-T2/P6); turn is " +
                              std::to_string(a.turn) + ", pli count " + std::to_string(a.pli.count)));
  } else if (play) {
    if (a.pli.ou_rien != ou_rien)
      RC_FAIL(Failure(g, k, std::string("ou-rien is ") + (a.pli.ou_rien ? "on" : "off") + "; H-T5/O1 say " +
                                (ou_rien ? "on" : "off")));
    if (o1 && !ou_rien) ++TurnDiffers()["ou_rien_singles"];
  }
  // The verdicts the options changed: a pass by a seat that P6 alone would
  // have given the turn to is not-your-turn, citing the rule that took it.
  const int p6 = NextIn(a, seat, holding & ~out & ~passed & ~SeatBit(last));
  auto probe = [&](int who, const char* rule, const char* option) {
    if (who < 0 || who == a.turn || a.hands[who].empty()) return;
    const std::optional<Violation> v = Decide(a, Event{PassEvent{who}});
    if (!v || v->code != Code::kNotYourTurn || v->rule != rule)
      RC_FAIL(Failure(g, k, "a pass by seat " + std::to_string(who) + " is " +
                                (v ? std::string(CodeName(v->code)) + " (" + v->rule + ")" : "legal") +
                                "; expected not-your-turn (" + rule + ")"));
    ++TurnDiffers()[option];
  };
  if (skipped & SeatBit(p6 < 0 ? 0 : p6)) probe(p6, "H-T1", "equal_skips");
  else if (denied >= 0 && p6 == denied) probe(denied, "H-T2", "single_round");
}

Game PlayTurnsOrFail(const TurnScript& t) { return PlayOrFail(t.sc); }

TEST_CASE("H-T1 H-T2 H-T5: the turn, the close and ou-rien follow the rules written here, and each option changes a verdict") {
  const std::string description =
      "after each play or pass, who acts, whether the pli closes and whether ou-rien starts are as HOUSE_RULES.md §6 says";
  const auto property = [] {
    const TurnScript t = *GenTurnScript();
    const Game g = PlayTurnsOrFail(t);
    SeatMask acted = 0;
    for (size_t k = 1; k < g.states.size(); ++k) {
      if (g.states[k - 1].phase != Phase::kPlay) continue;
      if (std::holds_alternative<CloseEvent>(g.events[k - 1].body)) continue;  // X3: a new pli
      CheckTurn(t, g, k, acted);
    }
  };
  Prop(description, property);
  for (int round = 1; round <= 20 && (TurnDiffers()["equal_skips"] == 0 || TurnDiffers()["single_round"] == 0 ||
                                      TurnDiffers()["ou_rien_singles"] == 0);
       ++round)
    if (!PropRound(description, property, round)) break;
  CHECK(TurnDiffers()["equal_skips"] > 0);
  CHECK(TurnDiffers()["single_round"] > 0);
  CHECK(TurnDiffers()["ou_rien_singles"] > 0);
}

TEST_CASE("H-T1 H-T2 P7: with the turn options, legal and Decide agree on who may act, and replay equals the live state") {
  Prop("every listed action is accepted; a play or pass by any other seat is refused; Step replays the log", [] {
    const TurnScript t = *GenTurnScript();
    const Game g = PlayTurnsOrFail(t);
    State replay;
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      if (k > 0) {
        if (auto v = Step(replay, g.events[k - 1]))
          RC_FAIL(Failure(g, k, "a logged event is illegal on replay: " + v->message));
        if (!(replay == s)) RC_FAIL(Failure(g, k, "replay differs from the live state"));
      }
      if (s.phase != Phase::kPlay) continue;
      const std::vector<LegalAction> legal = LegalActions(s);
      for (const LegalAction& a : legal)
        if (auto v = Decide(s, ToEvent(s, a)))
          RC_FAIL(Failure(g, k, "listed but refused: " + EventToJson(ToEvent(s, a)) + ": " + v->message));
      const bool pass_listed = std::any_of(legal.begin(), legal.end(),
                                           [](const LegalAction& a) { return a.type == EventType::kPass; });
      for (int seat = 0; seat < s.seats; ++seat) {
        const std::optional<Violation> v = Decide(s, Event{PassEvent{seat}});
        if (seat == s.turn ? v.has_value() == pass_listed : !v.has_value())
          RC_FAIL(Failure(g, k, "a pass by seat " + std::to_string(seat) + " is " + (v ? v->message : "legal") +
                                    (seat == s.turn ? (pass_listed ? ", listed" : ", not listed") : ", not its turn")));
        if (seat == s.turn || s.hands[seat].empty()) continue;
        const Event e{PlayEvent{seat, {s.hands[seat].first()}, Declare::kNone}};
        if (!Decide(s, e)) RC_FAIL(Failure(g, k, EventToJson(e) + " is accepted out of turn"));
      }
    }
  });
}

}  // namespace
}  // namespace pli::prop
