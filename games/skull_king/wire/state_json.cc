// state_json.cc: `pli state` and `pli legal` for Skull King (SKULL_KING.md
// "The state (`pli state`)").
#include "games/skull_king/wire/state_json.h"

#include <optional>
#include <string>

#include "games/skull_king/wire/event_json.h"

namespace pli::sk {
namespace {

namespace bj = boost::json;

bj::value CardJson(Card c) { return bj::value(CardText(c)); }
bj::value SuitJson(std::optional<Suit> s) {
  if (!s) return nullptr;
  return bj::value(std::string(1, SuitLetter(*s)));
}
bj::value SeatJson(int seat) { return seat < 0 ? bj::value(nullptr) : bj::value(seat); }
const char* CannonName(Cannon c) { return c == Cannon::kCannonball ? "cannonball" : "grapeshot"; }
bj::value DeclareJson(Declare d) {
  if (d == Declare::kPirate) return "pirate";
  if (d == Declare::kEscape) return "escape";
  return nullptr;
}

bj::array IntArray(const std::vector<int>& v) {
  bj::array a;
  for (int x : v) a.emplace_back(x);
  return a;
}

bj::array Plays(const std::vector<PliPlay>& plays) {
  bj::array a;
  for (const PliPlay& p : plays)
    a.emplace_back(bj::object{{"seat", p.seat}, {"card", CardJson(p.card)},
                              {"declare", DeclareJson(p.declare)}});
  return a;
}

bj::object OptionsJson(const Options& options) {
  bj::object o;
  for (const auto& [name, text] : OptionValues(options)) {
    switch (OptionJsonKind(name)) {
      case 'b': o[name] = (text == "true"); break;
      case 'i': o[name] = std::stoll(text); break;
      default: o[name] = text; break;
    }
  }
  return o;
}

}  // namespace

const char* PhaseName(Phase phase) {
  switch (phase) {
    case Phase::kBidding: return "bidding";
    case Phase::kPlay: return "play";
    case Phase::kMancheOver: return "manche-over";
    case Phase::kGameOver: return "game-over";
    case Phase::kNone: break;
  }
  return "none";
}

bj::object StateToJson(const State& s) {
  bj::object o;
  const bool dealt = s.manche > 0;
  o["game"] = s.game;
  o["seq"] = s.seq;
  o["ruleset"] = s.ruleset;
  o["options"] = OptionsJson(s.options);
  o["manche"] = s.manche;
  o["phase"] = PhaseName(s.phase);
  o["dealer"] = dealt ? bj::value(s.dealer) : bj::value(nullptr);
  o["hand_size"] = dealt ? bj::value(s.hand_size) : bj::value(nullptr);
  o["turned"] = dealt && s.turned ? CardJson(*s.turned) : bj::value(nullptr);
  o["trump"] = dealt ? SuitJson(s.trump) : bj::value(nullptr);
  o["turn"] = SeatJson(s.turn);
  o["to_bid"] = IntArray(s.to_bid);
  bj::array bids;
  for (const auto& b : s.bids) bids.emplace_back(b ? bj::value(*b) : bj::value(nullptr));
  o["bids"] = std::move(bids);
  if (s.options.cannonball) {
    bj::array cannon;
    for (const auto& c : s.cannon) cannon.emplace_back(c ? bj::value(CannonName(*c)) : nullptr);
    o["cannon"] = std::move(cannon);
  }
  o["won"] = IntArray(s.won);
  bj::array hands;
  for (const CardSet& h : s.hands) {
    bj::array cards;
    h.ForEachKind([&](Card c, int n) {
      for (int i = 0; i < n; ++i) cards.emplace_back(CardJson(c));
    });
    hands.emplace_back(std::move(cards));
  }
  o["hands"] = std::move(hands);
  // An end keeps the abandoned manche's open pli visible (the page).
  if (s.trick && (s.phase == Phase::kPlay || s.phase == Phase::kGameOver)) {
    const Trick& t = *s.trick;
    o["trick"] = bj::object{{"number", t.number},
                            {"leader", t.leader},
                            {"plays", Plays(t.plays)},
                            {"lead_suit", SuitJson(t.lead_suit)},
                            {"winning", SeatJson(t.winning)}};
  } else {
    o["trick"] = nullptr;
  }
  if (s.last_trick) {
    const ClosedTrick& t = *s.last_trick;
    o["last_trick"] = bj::object{{"number", t.number}, {"leader", t.leader},
                                 {"plays", Plays(t.plays)}, {"winner", t.winner},
                                 {"bonus", t.bonus}};
  } else {
    o["last_trick"] = nullptr;
  }
  o["bonus"] = IntArray(s.bonus);
  o["scores"] = IntArray(s.scores);
  bj::array history;
  for (const auto& manche : s.history) {
    bj::array seats;
    for (const MancheScore& m : manche) {
      bj::object e;
      e["bid"] = m.bid;
      if (s.options.cannonball)
        e["cannon"] = m.cannon ? bj::value(CannonName(*m.cannon)) : bj::value(nullptr);
      e["won"] = m.won;
      e["points"] = m.points;
      e["bonus"] = m.bonus;
      e["total"] = m.total;
      seats.emplace_back(std::move(e));
    }
    history.emplace_back(std::move(seats));
  }
  o["history"] = std::move(history);
  o["winners"] = s.winners ? bj::value(IntArray(*s.winners)) : bj::value(nullptr);
  return o;
}

bj::array LegalToJson(const std::vector<LegalAction>& actions) {
  bj::array out;
  for (const LegalAction& a : actions) {
    bj::object o;
    if (a.type == EventType::kBid) {
      o["type"] = "bid";
      o["seat"] = a.seat;
      o["bid"] = a.bid;
      if (a.cannon) o["cannon"] = CannonName(*a.cannon);
    } else {
      o["type"] = "play";
      o["seat"] = a.seat;
      o["card"] = CardText(a.card);
      o["declare"] = DeclareJson(a.declare);
    }
    out.emplace_back(std::move(o));
  }
  return out;
}

}  // namespace pli::sk
