// pli_rules_test.cc: the rules of a pli checked against a small reference
// reading of RULES.md, written from the rule text rather than from the
// engine: which plays, passes and closes are legal (P2-P4, U1-U4, V1-V3, O2,
// R4, X1, X2), and how a play or a pass changes the pli (O1, O3, Q1, E1-E3,
// X5, R4).
#include <catch2/catch.hpp>
#include <set>
#include <tuple>

#include "games/president/tests/property/game_gen.h"

namespace pli::prop {
namespace {

Rank LastRankOf(const State& s) { return s.pli.last_cards.first().rank(); }

// The reference: may the seat to act follow with `r` (count as the pli's),
// declaring `d`?
bool FollowAllowed(const State& s, Rank r, Declare d) {
  const Pli& p = s.pli;
  const Options& o = s.options;
  const Rank last = LastRankOf(s);
  const std::optional<Rank> up = StepUp(last, s.revolution), down = StepDown(last, s.revolution);
  switch (d) {
    case Declare::kSuite:  // U1: the second play, one step up
      return o.suite && p.plays == 1 && p.mode == Mode::kFree && up == r;
    case Declare::kReverse:  // V1: the second play, one step down; V2: in a suite, its continuation
      if (!o.reverse) return false;
      if (p.mode == Mode::kSuite) return o.reverse_in_suite && up == r;
      return p.mode == Mode::kFree && p.plays == 1 && down == r;
    default:
      if (p.ou_rien) return r == last;                 // O2
      if (p.mode == Mode::kSuite) return up == r;      // U2
      if (p.mode == Mode::kReverse) return down == r;  // V3
      return Strength(r, s.revolution) >=
             Strength(last, s.revolution) + (o.equal_allowed ? 0 : 1);  // P3
  }
}

using PlayKey = std::tuple<int, int, int>;  // rank, count, declare

std::set<PlayKey> ReferencePlays(const State& s) {
  std::set<PlayKey> out;
  const CardSet hand = s.hands[s.turn];
  for (int ri = 0; ri < kRankCount; ++ri) {
    const Rank r = static_cast<Rank>(ri);
    const int have = hand.CountOf(r);
    if (s.pli.count == 0) {  // P1, P2: a lead, any count, no declaration
      for (int n = 1; n <= have; ++n) out.insert({ri, n, 0});
      continue;
    }
    if (have < s.pli.count) continue;
    for (Declare d : {Declare::kNone, Declare::kSuite, Declare::kReverse})
      if (FollowAllowed(s, r, d)) out.insert({ri, s.pli.count, static_cast<int>(d)});
  }
  return out;
}

// P4, U4, O2, R4: may the seat to act pass?
bool PassAllowed(const State& s, const std::set<PlayKey>& plays) {
  if (s.pli.solo) return true;         // R4: the lone player may stop
  if (s.pli.count == 0) return false;  // a lead must play
  if (s.pli.ou_rien) return s.hands[s.turn].CountOf(LastRankOf(s)) < s.pli.count;  // O2
  if (!s.options.mandatory_play) return true;
  for (const auto& [r, n, d] : plays)
    if (d == 0) return false;  // P4: a play without declaring exists
  return true;
}

// X1, X2: the seats that may close.
std::set<int> ReferenceClosers(const State& s) {
  std::set<int> out;
  if (!s.options.close || s.pli.count == 0) return out;
  const Rank r = LastRankOf(s);
  if (r == TopRank(s.revolution)) return out;  // X2
  for (int seat = 0; seat < s.seats; ++seat) {
    const int mine = s.hands[seat].CountOf(r);
    int total = 0;
    for (int other = 0; other < s.seats; ++other) total += s.hands[other].CountOf(r);
    if (mine > 0 && mine == total && mine == s.pli.count) out.insert(seat);
  }
  return out;
}

std::string KeysText(const std::set<PlayKey>& keys) {
  std::string t;
  for (const auto& [r, n, d] : keys)
    t += std::string(1, RankChar(static_cast<Rank>(r))) + "x" + std::to_string(n) +
         (d == 1   ? "+suite"
          : d == 2 ? "+reverse"
                   : "") +
         " ";
  return "{" + t + "}";
}

TEST_CASE("P1-P4 U1-U4 V1-V3 O2 R4 X1 X2: the legal actions are those the rules allow") {
  Prop("plays, passes and closes listed match a reference reading of the rules", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 0; k < g.states.size(); ++k) {
      const State& s = g.states[k];
      if (s.phase != Phase::kPlay) continue;
      const std::vector<LegalAction> legal = LegalActions(s);
      auto fail = [&](const std::string& what) {
        RC_FAIL(Failure(g, k, what + "\nstate " + StateText(s) + "\nlegal " + LegalText(legal)));
      };
      std::set<PlayKey> plays;
      bool pass = false;
      std::set<int> closers;
      for (const LegalAction& a : legal) {
        if (a.type == EventType::kPlay) {
          if (a.seat != s.turn) fail("P7: a play listed for a seat whose turn it is not");
          plays.insert({static_cast<int>(a.rank), a.count, static_cast<int>(a.declare)});
        } else if (a.type == EventType::kPass) {
          if (a.seat != s.turn) fail("P7: a pass listed for a seat whose turn it is not");
          pass = true;
        } else if (a.type == EventType::kClose) {
          if (a.rank != LastRankOf(s) || a.count != s.pli.count)
            fail("X1: a close of the wrong rank or count");
          closers.insert(a.seat);
        } else {
          fail("a gift listed in the play phase");
        }
      }
      const std::set<PlayKey> expected = ReferencePlays(s);
      if (plays != expected)
        fail("plays listed " + KeysText(plays) + ", the rules allow " + KeysText(expected));
      if (pass != PassAllowed(s, expected))
        fail(pass ? "P4/O2: a pass is listed though a play is owed"
                  : "P4/O2/R4: a pass is not listed though no play is owed");
      if (closers != ReferenceClosers(s))
        fail("X1/X2: the seats that may close differ from the rules");
    }
  });
}

// What a play should do to the pli and the order (O1, Q1, E1-E3, X5, R4).
std::string CheckPlay(const State& before, const State& after, const PlayEvent& e) {
  const Options& o = before.options;
  const CardSet cards = SetOf(e.cards);
  const int n = cards.size();
  const Rank r = cards.first().rank();
  const bool top = r == TopRank(before.revolution);
  if (after.revolution != (before.revolution != (n == 4 && o.revolution)))
    return "Q1: a play of " + std::to_string(n) + " cards left the révolution " +
           (after.revolution ? "on" : "off");
  if (after.phase != Phase::kPlay) return "";  // the manche is over (F3)
  // E1, E2, and X5: four cards of the rank completed across several plays
  // (a carré played at once is E2's business, carre_closes).
  const bool closes =
      (top && o.top_rank_closes) || (n == 4 && o.carre_closes) ||
      (o.completed_carre_closes && n < 4 && (before.pli.played | cards).CountOf(r) == 4);
  if (closes) return after.pli.count == 0 ? "" : "E1/E2/X5: the pli should close";
  const Pli& p = after.pli;
  const Mode mode = e.declare == Declare::kSuite     ? Mode::kSuite
                    : e.declare == Declare::kReverse ? Mode::kReverse
                                                     : before.pli.mode;
  const bool others = (WithCards(after) & ~before.pli.out & ~SeatBit(e.seat)) != 0;
  const SoloContinuation solo = o.solo_continuation;
  const bool go_on = !after.hands[e.seat].empty() &&
                     (solo == SoloContinuation::kAlways ||
                      (solo == SoloContinuation::kSequence && mode != Mode::kFree));
  if (!others && !go_on)
    return p.count == 0 ? "" : "E3: everyone else is out; the pli should close";
  if (p.count == 0) return "the pli closed after a play that does not close it";
  if (p.solo != !others) return "R4: solo should be " + std::string(others ? "off" : "on");
  const bool ou_rien = o.ou_rien && before.pli.last_seat >= 0 && before.pli.last_seat != e.seat &&
                       LastRankOf(before) == r && !top;  // O1
  if (p.ou_rien != ou_rien) return "O1: ou-rien should be " + std::string(ou_rien ? "on" : "off");
  if (p.mode != mode) return "U1/V1/V2: the mode does not follow the declaration";
  if (p.count != (before.pli.count == 0 ? n : before.pli.count))
    return "P2: the pli's count changed";
  if (p.plays != before.pli.plays + 1 || p.last_seat != e.seat || p.last_cards != cards)
    return "the pli does not record the play";
  if (p.passed != 0 || p.out != before.pli.out)
    return "E3/P5: a play changed who is out or has passed";
  return "";
}

// What a pass should do (P5, O3, E3, R4).
std::string CheckPass(const State& before, const State& after, const PassEvent& e) {
  if (before.pli.solo)
    return after.pli.count == 0 ? "" : "R4: the lone player passed; the pli should close";
  const Pli& p = after.pli;
  const SeatMask out =
      before.pli.out | (before.options.pass_is_out && !before.pli.ou_rien ? SeatBit(e.seat) : 0);
  const SeatMask passed = before.pli.passed | SeatBit(e.seat);
  const SeatMask remaining = WithCards(after) & ~out & ~passed & ~SeatBit(before.pli.last_seat);
  if (remaining == 0) {
    const SoloContinuation solo = before.options.solo_continuation;
    const bool go_on = !after.hands[before.pli.last_seat].empty() &&
                       (solo == SoloContinuation::kAlways ||
                        (solo == SoloContinuation::kSequence && before.pli.mode != Mode::kFree));
    if (go_on)
      return p.solo && after.turn == before.pli.last_seat
                 ? ""
                 : "R4: the turn should come back to the last player";
    return p.count == 0 ? "" : "E3: everyone else has passed; the pli should close";
  }
  if (p.count == 0) return "E3: the pli closed though seats still in it have not passed";
  if (p.ou_rien) return "O3: a pass should end ou-rien";
  if (p.out != out || p.passed != passed)
    return "P5/O3: the pass did not put the passer out (or in) as it should";
  if (p.mode != before.pli.mode || p.last_cards != before.pli.last_cards ||
      p.plays != before.pli.plays)
    return "a pass changed the plays of the pli";
  return "";
}

TEST_CASE(
    "O1 O3 Q1 Q3 E1 E2 E3 X3 X5 R4: plays and passes and closes change the pli as the rules say") {
  Prop("the pli after each event follows a reference reading of the rules", [] {
    const Game g = PlayOrFail(*GenScript());
    for (size_t k = 1; k < g.states.size(); ++k) {
      const State& before = g.states[k - 1];
      const State& after = g.states[k];
      const Event& e = g.events[k - 1];
      std::string broken;
      if (std::holds_alternative<DealEvent>(e.body)) {
        if (after.revolution) broken = "Q3: a manche starts in normal order";
      } else if (before.phase != Phase::kPlay) {
        continue;
      } else if (auto* play = std::get_if<PlayEvent>(&e.body)) {
        broken = CheckPlay(before, after, *play);
      } else if (auto* pass = std::get_if<PassEvent>(&e.body)) {
        broken = CheckPass(before, after, *pass);
      } else if (std::holds_alternative<CloseEvent>(e.body)) {
        if (after.phase == Phase::kPlay && after.pli.count != 0)
          broken = "X3: a close closes the pli";
        if (after.revolution != before.revolution) broken = "Q1: a close toggled the révolution";
      }
      if (!broken.empty())
        RC_FAIL(Failure(g, k,
                        broken + "\nbefore " + StateText(before) + "\nafter  " + StateText(after)));
    }
  });
}

}  // namespace
}  // namespace pli::prop
