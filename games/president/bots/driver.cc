// driver.cc: playing a bot table in memory. The driver holds the full state
// (it is the referee's side of the table); each bot only gets its view.
#include "games/president/bots/bot.h"

namespace pli {

int SeatToAct(const State& state) {
  if (state.phase == Phase::kPlay) return state.turn;
  if (state.phase == Phase::kExchange)
    for (const Gift& g : state.gifts)
      if (!g.done) return g.from;
  return -1;
}

bool MustAct(const State& state, int seat) {
  if (state.phase == Phase::kPlay) return state.turn == seat;
  if (state.phase == Phase::kExchange)
    for (const Gift& g : state.gifts)
      if (!g.done && g.from == seat) return true;
  return false;
}

std::optional<Event> NextEvent(const State& state, const std::vector<Event>& log,
                               const std::vector<Bot*>& bots, bool closes) {
  const int actor = SeatToAct(state);
  if (actor < 0) return std::nullopt;
  if (closes && state.phase == Phase::kPlay && state.options.close && state.pli.count > 0) {
    // X1: a seat that may close out of turn is asked first, clockwise from
    // the seat to act. Asking only those seats tells a bot nothing it could
    // not work out from its view (LegalFor lists the same close).
    SeatMask closers = 0;
    for (const LegalAction& a : LegalActions(state))
      if (a.type == EventType::kClose && a.seat != actor) closers |= SeatBit(a.seat);
    for (int k = 1; k < state.seats && closers; ++k) {
      const int seat = (actor + k) % state.seats;
      if (!(closers & SeatBit(seat))) continue;
      if (auto e = bots[seat]->Act(ViewFor(state, log, seat))) return e;
    }
  }
  return bots[actor]->Act(ViewFor(state, log, actor));
}

std::string PlayManche(State& state, std::vector<Event>& log, const std::vector<CardList>& hands,
                       const std::vector<Bot*>& bots, int max_events) {
  const Event deal{DealEvent{hands, std::nullopt}};
  if (auto v = Step(state, deal)) return "the deal was refused: " + v->message;
  log.push_back(deal);
  for (int n = 0; n < max_events; ++n) {
    const int actor = SeatToAct(state);
    if (actor < 0) return "";
    std::optional<Event> e = NextEvent(state, log, bots);
    if (!e)
      return "seat " + std::to_string(actor) + " (" + LevelName(bots[actor]->level()) +
             ") must act and its bot returned nothing";
    if (auto v = Step(state, *e)) {
      const int seat = ActingSeat(e->body);
      return "the rules refused a " + std::string(TypeName(TypeOf(e->body))) + " of seat " +
             std::to_string(seat) + " (" + LevelName(bots[seat]->level()) +
             "): " + std::string(CodeName(v->code)) + " (" + v->rule + "): " + v->message;
    }
    log.push_back(*e);
  }
  return "the manche did not end within " + std::to_string(max_events) + " events";
}

}  // namespace pli
