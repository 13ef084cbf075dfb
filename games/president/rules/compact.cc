// compact.cc: making a CompactLog (compact.h); its fold is in apply.cc, with
// the Apply functions it shares with ApplyInPlace.
#include "games/president/rules/compact.h"

#include <algorithm>
#include <cassert>
#include <variant>

#include "games/president/rules/rules.h"

namespace pli {

void CompactLog::Add(const Event& event, bool legal) {
  CompactEvent e;
  if (legal) {
    e.type = TypeOf(event.body);
    struct Visitor {
      CompactLog& log;
      CompactEvent& e;
      void operator()(const GameEvent& g) {
        e.extra = static_cast<uint32_t>(log.games.size());
        log.games.push_back(g);
      }
      void operator()(const DealEvent& d) {
        e.extra = static_cast<uint32_t>(log.hands.size());
        for (const CardList& hand : d.hands) log.hands.push_back(SetOf(hand));
      }
      void operator()(const ExchangeEvent& x) {
        e.seat = static_cast<uint8_t>(x.from);
        e.to = static_cast<uint8_t>(x.to);
        e.cards = SetOf(x.cards);
      }
      void operator()(const PlayEvent& p) {
        e.seat = static_cast<uint8_t>(p.seat);
        e.declare = p.declare;
        e.cards = SetOf(p.cards);
      }
      void operator()(const PassEvent& p) { e.seat = static_cast<uint8_t>(p.seat); }
      void operator()(const CloseEvent& c) {
        e.seat = static_cast<uint8_t>(c.seat);
        e.cards = SetOf(c.cards);
      }
      void operator()(const EndEvent&) {}
      void operator()(const MalformedEvent&) { e.type = EventType::kMalformed; }
    };
    std::visit(Visitor{*this, e}, event.body);
    if (event.id) {  // as ApplyInPlace: the id of an event applied
      ids.push_back(*event.id);
      id_events.push_back(static_cast<uint32_t>(events.size()));
    }
  }
  events.push_back(e);
}

size_t CompactLog::IdsBefore(size_t n) const {
  return static_cast<size_t>(std::lower_bound(id_events.begin(), id_events.end(), n) -
                             id_events.begin());
}

CompactLog Compact(const std::vector<Event>& events) {
  CompactLog log;
  log.events.reserve(events.size());
  State state;
  for (const Event& e : events) log.Add(e, !Step(state, e));
  return log;
}

}  // namespace pli
