// module.cc: Skull King behind the game interface (module.h): its line
// reader, its stored encoding (FORMAT.md §8), its rules and its text.
#include "games/skull_king/module.h"

#include <algorithm>
#include <array>
#include <charconv>
#include <type_traits>
#include <utility>
#include <variant>

#include "games/skull_king/bots/bot.h"
#include "games/skull_king/rules/rules.h"
#include "engine/text.h"
#include "schema/input_error.h"
#include "games/skull_king/wire/event_codec.h"
#include "games/skull_king/wire/state_json.h"
#include "games/view.h"

namespace pli::sk {
namespace {

// GameLine::context of a Skull King game event: whether its bids name a
// cannon load (SK-B5).
constexpr std::string_view kCannonball = "cannonball";
constexpr std::string_view kNoCannonball = "no-cannonball";

Verdict ToVerdict(const Violation& v) {
  return Verdict{std::string(CodeName(v.code)), v.rule, v.message, ""};
}

void AppendCards(const CardList& cards, std::string& out) {
  for (size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) out += ' ';
    out += CardText(cards[i]);
  }
}

const char* DeclareText(Declare d) {
  switch (d) {
    case Declare::kPirate: return "pirate";
    case Declare::kEscape: return "escape";
    case Declare::kNone: break;
  }
  return nullptr;
}

EventLine Decoded(std::string_view body) {
  std::variant<EventLine, std::string> decoded = DecodeEvent(body);
  if (auto* why = std::get_if<std::string>(&decoded)) {
    throw InputError("a stored Skull King event does not decode: " + *why);
  }
  return std::get<EventLine>(std::move(decoded));
}

int ActingSeat(const Event& e) {
  if (const auto* b = std::get_if<BidEvent>(&e)) return b->seat;
  if (const auto* p = std::get_if<PlayEvent>(&e)) return p->seat;
  return -1;
}

AnyEvent ToAnyEvent(const EventLine& line) {
  AnyEvent out;
  out.seq = line.seq;
  out.id = line.id;
  out.seat = ActingSeat(line.event);
  out.type = static_cast<uint8_t>(TypeOf(line.event));
  out.body = EncodeEvent(line);
  return out;
}

// The event with its lists in canonical order (SK-C2): the order in which
// a record writes a deal's hands' cards or a game's options does not change
// the action (`pli diff`).
Event Normalized(Event event) {
  if (auto* d = std::get_if<DealEvent>(&event)) {
    for (CardList& hand : d->hands) std::sort(hand.begin(), hand.end());
  } else if (auto* p = std::get_if<PlayEvent>(&event)) {
    std::sort(p->cards.begin(), p->cards.end());
  } else if (auto* g = std::get_if<GameEvent>(&event)) {
    std::sort(g->overrides.begin(), g->overrides.end());
  }
  return event;
}

// The text of each card index (CardText), made once.
const std::array<std::string, kCardBits>& CardTexts() {
  static const std::array<std::string, kCardBits> texts = [] {
    std::array<std::string, kCardBits> t;
    for (int i = 0; i < kCardBits; ++i) t[i] = CardText(Card(static_cast<uint8_t>(i)));
    return t;
  }();
  return texts;
}

// Takes `cards`' texts, one space between two, from the front of `rest`.
bool TakeCards(std::string_view& rest, const CardList& cards) {
  const auto& texts = CardTexts();
  for (size_t i = 0; i < cards.size(); ++i) {
    if (i > 0) {
      if (!rest.starts_with(' ')) return false;
      rest.remove_prefix(1);
    }
    if (cards[i].index >= kCardBits) return false;
    const std::string& text = texts[cards[i].index];
    if (!rest.starts_with(text)) return false;
    rest.remove_prefix(text.size());
  }
  return true;
}

bool Take(std::string_view& rest, std::string_view piece) {
  if (!rest.starts_with(piece)) return false;
  rest.remove_prefix(piece.size());
  return true;
}

// Whether a row's cards column is the text ColumnsOf(line).cards writes,
// compared in place.
bool CardsColumnIs(const Event& event, std::string_view column) {
  std::string_view rest = column;
  if (const auto* d = std::get_if<DealEvent>(&event)) {
    for (size_t i = 0; i < d->hands.size(); ++i) {
      if (i > 0 && !Take(rest, " | ")) return false;
      if (!TakeCards(rest, d->hands[i])) return false;
    }
    if (d->turned) {
      if (!Take(rest, " | turned ") || d->turned->index >= kCardBits ||
          !Take(rest, CardTexts()[d->turned->index])) {
        return false;
      }
    }
  } else if (const auto* p = std::get_if<PlayEvent>(&event)) {
    if (!TakeCards(rest, p->cards)) return false;
  }
  return rest.empty();
}

// Whether a row's columns are ColumnsOf(line)'s (ColumnsMatch), compared in
// place.
bool ColumnsAre(const EventLine& line, const ColumnsView& c) {
  if (c.type != static_cast<int64_t>(TypeOf(line.event)) || c.seat != ActingSeat(line.event)) {
    return false;
  }
  if (c.id.has_value() != line.id.has_value() || (c.id && *c.id != *line.id)) return false;
  if (!CardsColumnIs(line.event, c.cards)) return false;
  if (!c.details) return true;  // a file older than schema version 3
  const auto* deal = std::get_if<DealEvent>(&line.event);
  const bool seed = deal != nullptr ? c.seed == deal->seed : !c.seed.has_value();
  return seed && !c.declaration && c.recipient == -1 &&
         c.at.has_value() == line.at.has_value() && (!c.at || *c.at == *line.at);
}

// The sentence of each rule a verdict cites (SKULL_KING.md, shortened), for
// `pli explain`; "" for an id without one.
const char* RuleSentence(std::string_view id) {
  static constexpr std::pair<std::string_view, const char*> kSentences[] = {
      {"SK-C1", "The deck has 70 cards (66 without the 14s): 56 numbered cards and 14 special cards."},
      {"SK-S1", "There are 2 to 8 seats (2 to 6 for the original rules), numbered clockwise from 0."},
      {"SK-D1", "Manche m deals H(m) cards to each seat."},
      {"SK-D2", "A deal records one hand per seat and uses no card more often than the deck holds it."},
      {"SK-D3", "The turned card sets trump, when the rules turn one."},
      {"SK-B1", "Every seat bids once per manche, from 0 to H."},
      {"SK-B2", "Bids are made in turn, clockwise from the dealer's left."},
      {"SK-B3", "No card may be played until every seat has bid."},
      {"SK-B4", "The last bid must not make the bids sum to H."},
      {"SK-B5", "With rascal scoring and the cannonball option, every bid names its load, grapeshot "
                "or cannonball; otherwise a bid names none."},
      {"SK-P1", "A play is one card from the hand of the seat whose turn it is."},
      {"SK-P3", "The Tigress is played as a pirate or as an escape."},
      {"SK-P5", "A player holding a numbered card of the led suit follows it or plays a special card."},
      {"SK-G1", "A game is 10 manches, or ends at an end event; nothing is played after its end, "
                "nor while no manche is being played."},
  };
  for (const auto& [rule, sentence] : kSentences)
    if (rule == id) return sentence;
  return "";
}

// --- What a recipient may see (Match::ViewJson, Game::ProjectEvent) -------
// Skull King's secrets are the cards in hands (a hand is seen by its holder
// only) and, under simultaneous bidding (SK-B2), the bids and cannon loads
// (SK-B5) until the bid that completes the bidding reveals them all
// (docs/RULINGS.md SK-10); after the game's `end` the whole log is open
// (INTERFACE.md §3, SERVE.md "Identity and secrecy"). Allow-lists: a field
// is copied only when named here, so a field added later stays hidden
// until someone decides it is public.

// Every field of StateToJson but `hands` (SKULL_KING.md "State").
constexpr std::array<std::string_view, 21> kPublicState = {
    "game", "seq", "ruleset", "options", "manche", "phase", "dealer", "hand_size",
    "turned", "trump", "turn", "to_bid", "bids", "cannon", "won", "trick",
    "last_trick", "bonus", "scores", "history", "winners"};
// The fields of an event anyone may read (SKULL_KING.md "Events"); `hands`,
// `bid` (and with it `cannon`), `seed`, `id` and `hash` are decided apart.
constexpr std::array<std::string_view, 11> kPublicEvent = {
    "type", "seq", "game", "ruleset", "options", "seats", "seat", "declare", "turned", "at",
    "cannon"};

template <size_t N>
bool Named(const std::array<std::string_view, N>& names, std::string_view key) {
  return std::find(names.begin(), names.end(), key) != names.end();
}

// SK-B2: the bids are sealed while the state is in bidding with no turn
// (simultaneous bidding, some bid still owed).
bool BidsSealed(const State& s) { return s.phase == Phase::kBidding && s.turn < 0; }

// INTERFACE.md §3 `view`: the state with `hands` replaced by the seat's own
// `hand` (none for a spectator, seat -1) and every seat's `counts`; while
// the bids are sealed, the other seats' `bids` and `cannon` are null.
boost::json::object ViewOf(const boost::json::object& state, int seat, bool sealed) {
  boost::json::object view = pli::SeatView(state, seat, kPublicState);
  if (sealed) {
    for (const char* key : {"bids", "cannon"}) {
      boost::json::value* v = view.if_contains(key);
      if (!v || !v->is_array()) continue;
      boost::json::array& a = v->as_array();
      for (size_t s = 0; s < a.size(); ++s)
        if (static_cast<int>(s) != seat) a[s] = nullptr;
    }
  }
  return view;
}

// An event for `seat`: a deal shows the seat its own hand and the counts;
// a sealed bid (SK-B2) shows its bid and cannon to its bidder only; after
// `end` (over) everything, seed, id and hash too.
boost::json::object EventView(const boost::json::object& event, int seat, bool sealed, bool over) {
  boost::json::object out;
  for (const auto& [key, value] : event)
    if (Named(kPublicEvent, key)) out[key] = value;
  if (const boost::json::value* hands = event.if_contains("hands"); hands && hands->is_array()) {
    const boost::json::array& all = hands->as_array();
    if (over) {
      out["hands"] = *hands;
    } else if (seat >= 0 && static_cast<size_t>(seat) < all.size()) {
      out["hand"] = all[seat];
    }
    out["counts"] = pli::CountsOf(all);
  }
  // A played card is face up (SK-P1).
  if (const boost::json::value* cards = event.if_contains("cards"); cards && cards->is_array())
    out["cards"] = *cards;
  if (const boost::json::value* bid = event.if_contains("bid")) {
    const boost::json::value* bidder = event.if_contains("seat");
    const bool own = bidder && bidder->is_int64() && bidder->as_int64() == seat;
    if (!sealed || over || own) {
      out["bid"] = *bid;
    } else {
      out.erase("cannon");
    }
  }
  if (over) {
    for (const char* key : {"seed", "id", "hash"})
      if (const boost::json::value* v = event.if_contains(key)) out[key] = *v;
  }
  return out;
}

class SkullKingMatch final : public Match {
 public:
  const Game& game() const override { return SkullKingGame(); }
  std::unique_ptr<Match> Clone() const override { return std::make_unique<SkullKingMatch>(*this); }
  int64_t seq() const override { return state_.seq; }

  std::optional<Verdict> Decide(const AnyEvent& event) const override {
    if (event.malformed) return Verdict{"malformed", "", event.malformed->Text(), ""};
    std::optional<Violation> v = sk::Decide(state_, Read(event));
    if (!v) return std::nullopt;
    return ToVerdict(*v);
  }
  std::optional<Verdict> Step(const AnyEvent& event) override {
    if (event.malformed) {
      ++state_.seq;  // an illegal event changes nothing but the count
      return Verdict{"malformed", "", event.malformed->Text(), ""};
    }
    std::optional<Violation> v = sk::Step(state_, Read(event));
    if (!v) return std::nullopt;
    return ToVerdict(*v);
  }
  // The audit's one pass (Match::StepRow): the body decoded once, into the
  // event kept from the last row (no allocation for a bid or a play), its
  // columns compared in place.
  bool StepRow(int64_t /*seq: the state counts*/, std::string_view body,
               const ColumnsView& columns, std::optional<GameOpening>& opening) override {
    EventLine& line = row_line_;
    if (DecodeEventInto(body, line) || !ColumnsAre(line, columns)) return false;
    if (const auto* g = std::get_if<GameEvent>(&line.event)) {
      opening = GameOpening{g->game, g->ruleset, g->seats};
    }
    return !sk::Step(state_, line.event);
  }
  boost::json::object StateJson() const override { return StateToJson(state_); }
  boost::json::array LegalJson() const override { return LegalToJson(LegalActions(state_)); }
  // Each legal entry is already concrete: a bid (SK-B1, with its cannon
  // load, SK-B5) or one card (SK-P1, the Tigress with her declaration, SK-P3).
  boost::json::array LegalActionsJson() const override {
    namespace bj = boost::json;
    bj::array out;
    for (const LegalAction& a : LegalActions(state_)) {
      bj::object action;
      std::string en, fr;
      if (a.type == EventType::kBid) {
        action = {{"type", "bid"}, {"bid", a.bid}};
        en = "Bid " + std::to_string(a.bid);
        fr = "Annoncer " + std::to_string(a.bid);
        if (a.cannon) {
          const bool ball = *a.cannon == Cannon::kCannonball;
          action["cannon"] = ball ? "cannonball" : "grapeshot";
          en += ball ? " with a cannonball" : " with grapeshot";
          fr += ball ? " avec un boulet" : " avec de la mitraille";
        }
      } else {
        const std::string card = CardText(a.card);
        action = {{"type", "play"}, {"cards", bj::array{bj::string(card)}}};
        en = "Play " + card;
        fr = "Jouer " + card;
        if (a.declare != Declare::kNone) {
          const bool pirate = a.declare == Declare::kPirate;
          action["declare"] = pirate ? "pirate" : "escape";
          en += pirate ? " as a pirate" : " as an escape";
          fr += pirate ? " comme pirate" : " comme fuite";
        }
      }
      out.push_back(bj::object{{"action", std::move(action)}, {"label", bj::object{{"en", en}, {"fr", fr}}}});
    }
    return out;
  }
  std::string StateText() const override { return sk::StateText(state_); }
  std::string LegalText() const override { return sk::LegalText(state_); }
  std::vector<std::string> Seats() const override { return state_.seat_names; }
  int Turn() const override { return state_.turn; }
  bool Over() const override { return state_.phase == Phase::kGameOver; }
  boost::json::object ExplainJson(const AnyEvent& event) const override {
    boost::json::object o = Match::ExplainJson(event);
    // A malformed event breaks no rule of the game: no rule decides it, and
    // why says what is wrong (Super Président's explain, the same shape).
    const auto malformed = [&o] {
      const boost::json::value message = o.at("violation").at("message");
      o["rule"] = nullptr;
      o["why"] = boost::json::array{
          boost::json::object{{"rule", ""}, {"sentence", nullptr}, {"detail", message}}};
      return o;
    };
    if (event.malformed) return malformed();
    const EventLine line = Decoded(event.body);
    // Which legal action the event is: the same bid, or the same card and
    // declaration.
    for (boost::json::value& entry : o["instead"].as_array()) {
      boost::json::object& a = entry.as_object();
      bool taken = false;
      if (const auto* b = std::get_if<BidEvent>(&line.event)) {
        taken = a.at("type") == "bid" && a.at("seat") == b->seat && a.at("bid") == b->bid &&
                (!b->cannon || (a.contains("cannon") &&
                                a.at("cannon") == (*b->cannon == Cannon::kCannonball
                                                       ? "cannonball" : "grapeshot")));
      } else if (const auto* p = std::get_if<PlayEvent>(&line.event); p && p->cards.size() == 1) {
        const char* d = DeclareText(p->declare);
        taken = a.at("type") == "play" && a.at("seat") == p->seat &&
                a.at("card") == boost::json::value(CardText(p->cards[0])) &&
                (d ? a.at("declare") == d : a.at("declare").is_null());
      }
      a["taken"] = taken;
    }
    boost::json::array why;
    const auto add = [&](const char* rule, const char* sentence, std::string detail) {
      why.push_back(boost::json::object{{"rule", rule}, {"sentence", sentence}, {"detail", detail}});
    };
    if (!o.at("legal").as_bool()) {
      // As for Super Président: the rule that decides it, by its id and
      // sentence, and why it applies here (the verdict's message).
      const boost::json::object& v = o.at("violation").as_object();
      const std::string rule(v.at("rule").as_string());
      if (v.at("code") == "malformed") return malformed();
      if (const char* sentence = RuleSentence(rule); *sentence != '\0') {
        add(rule.c_str(), sentence, std::string(v.at("message").as_string()));
        o["rule"] = boost::json::object{{"id", rule}, {"sentence", sentence}};
        o["why"] = std::move(why);
      }
      return o;
    }
    const State& s = state_;
    if (std::holds_alternative<GameEvent>(line.event)) {
      add("SK-S1", "There are 2 to 8 seats (2 to 6 for the original rules), numbered clockwise from 0.",
          std::to_string(std::get<GameEvent>(line.event).seats.size()) + " seats");
    } else if (const auto* d = std::get_if<DealEvent>(&line.event)) {
      const int m = s.manche + 1;
      add("SK-D1", "Manche m deals H(m) cards to each seat.",
          "manche " + std::to_string(m) + ": " +
              std::to_string(d->hands.empty() ? 0 : d->hands.front().size()) + " card(s) each");
      add("SK-D2", "A deal records one hand per seat and uses no card more often than the deck holds it.",
          std::to_string(d->hands.size()) + " hands");
      add("SK-D3", "The turned card sets trump, when the rules turn one.",
          d->turned ? "turned " + CardText(*d->turned) : std::string("no card turned"));
    } else if (const auto* b = std::get_if<BidEvent>(&line.event)) {
      add("SK-B1", "Every seat bids once per manche, from 0 to H.",
          "seat " + std::to_string(b->seat) + " bids " + std::to_string(b->bid) + " of 0 to " +
              std::to_string(s.options.bid_max == BidMax::kTen ? 10 : s.hand_size));
      if (s.options.bidding == Bidding::kSequential) {
        add("SK-B2", "Bids are made in turn, clockwise from the dealer's left.",
            "it was seat " + std::to_string(b->seat) + "'s turn to bid");
      }
      if (s.options.hook && s.to_bid.size() == 1) {
        int sum = 0;
        for (const auto& bid : s.bids) sum += bid.value_or(0);
        add("SK-B4", "The last bid must not make the bids sum to H.",
            "the bids sum to " + std::to_string(sum + b->bid) + ", not " +
                std::to_string(s.hand_size));
      }
    } else if (const auto* p = std::get_if<PlayEvent>(&line.event)) {
      add("SK-P1", "A play is one card from the hand of the seat whose turn it is.",
          "seat " + std::to_string(p->seat) + " plays " + CardText(p->cards[0]));
      if (p->declare != Declare::kNone) {
        add("SK-P3", "The Tigress is played as a pirate or as an escape.",
            std::string("declared ") + DeclareText(p->declare));
      }
      if (s.trick && s.trick->lead_suit) {
        add("SK-P5", "A player holding a numbered card of the led suit follows it or plays a special card.",
            std::string("led suit ") + SuitName(*s.trick->lead_suit));
      }
    } else if (std::holds_alternative<EndEvent>(line.event)) {
      add("SK-G1", "An end event may come at any time: the game is over.", "the game ends");
    }
    if (!why.empty()) {
      o["rule"] = boost::json::object{{"id", why.back().at("rule")}, {"sentence", why.back().at("sentence")}};
    }
    o["why"] = std::move(why);
    return o;
  }

  std::optional<std::string> SeededDeal(int64_t seed) const override {
    if (state_.seats == 0) return std::nullopt;
    // After manche 10 a deal is still the referee's to judge (game-over,
    // SK-G1), as any deal after the end is: a manche-10 deal stands for it.
    EventLine line;
    DealEvent deal = DealFromSeed(state_.options, state_.seats,
                                  std::min(state_.manche + 1, kManches),
                                  static_cast<uint64_t>(seed));
    deal.seed = seed;
    line.event = std::move(deal);
    return EventToJson(line);
  }
  // SK-B2: under simultaneous bidding every seat still owing a bid may bid
  // now (no turn); otherwise the turn.
  std::vector<int> ToAct() const override {
    if (state_.phase == Phase::kGameOver) return {};
    if (state_.turn >= 0) return {state_.turn};
    std::vector<int> seats = state_.to_bid;
    std::sort(seats.begin(), seats.end());
    return seats;
  }

  // SK-P1: a pli closes after P plays, so the open pli's number less one
  // have closed (all H of them once the manche is played out, SK-P2, when
  // no pli is open and the last closed is the H-th). An `end` keeps the open
  // pli (SK-G1): that manche is abandoned, not over.
  MatchProgress Progress() const override {
    MatchProgress p;
    p.manche = state_.manche;
    if (state_.trick) {
      p.plis = state_.trick->number - 1;
    } else if (state_.last_trick) {
      p.plis = state_.last_trick->number;
      p.manche_over = state_.last_trick->number == state_.hand_size;
    }
    return p;
  }

  // What each seat and a spectator see (above, ViewOf): a bid stays sealed
  // when the bidding is still simultaneous and open after it (SK-B2; the
  // bid that completes the bidding reveals them all).
  boost::json::object ViewJson(int seat) const override {
    return ViewOf(StateJson(), seat, BidsSealed(state_));
  }
  bool Sealed(const boost::json::object& event) const override {
    return event.contains("bid") && BidsSealed(state_);
  }

  const State& state() const { return state_; }

 private:
  Event Read(const AnyEvent& event) const { return Decoded(event.body).event; }

  State state_;
  EventLine row_line_;  // StepRow's decoded row, its storage reused from row to row
};

class SkullKing final : public Game {
 public:
  std::string_view Name() const override { return "skull-king"; }
  bool Answers(std::string_view ruleset) const override { return Preset(ruleset).has_value(); }
  bool Owns(std::string_view body) const override {
    return !body.empty() && static_cast<uint8_t>(body[0]) == kCodecVersion;
  }

  pli::GameLine ReadLine(std::string_view text, int seats) const override {
    return ReadLineIn(text, seats, "");
  }

  // `seats` and `context` are the game event's (GameLine::seats and
  // ::context): a seat the game lacks is malformed (INTERFACE.md §1: "an
  // unknown seat"), and so is a bid whose cannon load is missing or present
  // against the options (SKULL_KING.md "Events", SK-B5), each with its line
  // and field. `context` is kCannonball when the game event has
  // `cannonball: true`; with "" (a caller that does not keep it) the cannon
  // is the referee's check (Decide), as before.
  pli::GameLine ReadLineIn(std::string_view text, int seats,
                           std::string_view context) const override {
    sk::LineRead read = ReadEventLine(text);
    pli::GameLine out;
    out.object = read.object;
    out.type = std::move(read.type);
    out.seat = read.seat;
    out.id = std::move(read.id);
    out.game = std::move(read.game);
    out.hash = std::move(read.hash);
    if (!read.line) {
      out.field = std::move(read.error.field);
      out.message = std::move(read.error.message);
      return out;
    }
    out.seq = read.line->seq;
    if (const auto* g = std::get_if<GameEvent>(&read.line->event)) {
      out.seats = static_cast<int>(g->seats.size());
      Options options;
      if (MakeOptions(g->ruleset, g->overrides, out.seats, options).empty() && options.cannonball) {
        out.context = kCannonball;
      } else {
        out.context = kNoCannonball;
      }
    }
    const Event& event = read.line->event;
    if (const int seat = ActingSeat(event); seats > 0 && seat >= seats) {
      out.field = "seat";
      out.message = "seat " + std::to_string(seat) + " does not exist: the game has seats 0 to " +
                    std::to_string(seats - 1);
      return out;
    }
    if (const auto* b = std::get_if<BidEvent>(&event); b != nullptr && !context.empty()) {
      const bool cannonball = context == kCannonball;
      if (cannonball && !b->cannon) {
        out.field = "cannon";
        out.message = "is required: this game has cannonball: true, so each bid names its load, "
                      "\"grapeshot\" or \"cannonball\" (SK-B5)";
        return out;
      }
      if (!cannonball && b->cannon) {
        out.field = "cannon";
        out.message = "is not allowed: a bid names a cannon load only with cannonball: true (SK-B5)";
        return out;
      }
    }
    out.well_formed = true;
    out.event = ToAnyEvent(*read.line);
    return out;
  }

  std::unique_ptr<Match> NewMatch() const override { return std::make_unique<SkullKingMatch>(); }

  std::string EventJson(std::string_view body, int64_t seq, const std::string& hash) const override {
    EventLine line = Decoded(body);
    line.seq = seq;
    std::string json = EventToJson(line);
    if (!hash.empty()) {
      json.pop_back();  // the closing brace
      json += ",\"hash\":\"" + hash + "\"}";
    }
    return json;
  }

  std::optional<EventRecord> RecordOf(std::string_view body, std::string* why) const override {
    std::variant<EventLine, std::string> decoded = DecodeEvent(body);
    if (auto* problem = std::get_if<std::string>(&decoded)) {
      if (why != nullptr) *why = std::move(*problem);
      return std::nullopt;
    }
    const EventLine& line = std::get<EventLine>(decoded);
    EventRecord r{.body = std::string(body), .columns = ColumnsOf(line), .opening = std::nullopt};
    if (const auto* g = std::get_if<GameEvent>(&line.event)) {
      r.opening = GameOpening{g->game, g->ruleset, g->seats};
    }
    return r;
  }

  // SKULL_KING.md's ids, shortened (RuleSentence above).
  std::optional<std::string> RuleSentence(std::string_view id) const override {
    const char* s = pli::sk::RuleSentence(id);
    if (*s == '\0') return std::nullopt;
    return std::string(s);
  }
  bool KnowsCode(std::string_view code) const override {
    return sk::ParseCode(code).has_value();
  }

  bool SameEvent(std::string_view a, std::string_view b, bool strict) const override {
    const EventLine x = Decoded(a);
    const EventLine y = Decoded(b);
    if (!(Normalized(x.event) == Normalized(y.event))) return false;
    return !strict || (x.id == y.id && x.at == y.at);
  }

  std::string TypeName(uint8_t type) const override {
    if (type < static_cast<uint8_t>(EventType::kGame) || type > static_cast<uint8_t>(EventType::kEnd)) {
      return "?";
    }
    return sk::TypeName(static_cast<EventType>(type));
  }

  std::optional<boost::json::value> OptionJson(std::string_view name,
                                               std::string_view text) const override {
    switch (OptionJsonKind(name)) {
      case 'b':
        if (text == "true") return boost::json::value(true);
        if (text == "false") return boost::json::value(false);
        return std::nullopt;
      case 'i': {
        int64_t v = 0;
        const auto [end, ec] = std::from_chars(text.data(), text.data() + text.size(), v);
        if (ec != std::errc() || end != text.data() + text.size()) return std::nullopt;
        return boost::json::value(v);
      }
      case 's': return boost::json::value(boost::json::string_view(text.data(), text.size()));
      default: return std::nullopt;
    }
  }
  std::unique_ptr<BotSeat> MakeBot(std::string_view level, uint64_t seed) const override;
  // SKULL_KING.md "Presets and options": the presets, their seats, and each
  // option with its rules; the defaults written here are the seed-004
  // column (tests/serve checks them against what the engine applies).
  GameFacts Facts() const override {
    namespace bj = boost::json;
    GameFacts f;
    f.game = "skull-king";
    f.title = "Skull King";
    f.rulebook = "SKULL_KING.md";
    f.cards = "SK-C1: 14y 3g pirate tigress mermaid king escape";
    // Its paragraphs of `pli simulate --help` and `pli prop --help` (cli/simulate.cc).
    f.simulate_help = R"(Skull King (--ruleset skull-king, skull-king-official, skull-king-original):
the same referee path for any game (SubmitAny): while the game is on, the
next deal (seeded from --seed) when no seat must act, else the seat to act
(under simultaneous bidding, the first seat still owing a bid) acts through
its bot. A game is its 10 manches (SK-G1) unless --manches ends it sooner
with an end event. The table, per level: games, mean final score, mean place
(1 = the highest total; tied seats share the best place), share of games
won (SK-G2: ties all win) and share of bids made exactly (won = bid), each
with a 95% confidence interval clustered by game. --json prints
  {"db","seed","ruleset","games","seats","manches_per_game" (null: whole
   games),"bots","fast","manches","events","seconds",
   "levels":[{"level","games","seat_games","mean_score","mean_score_ci95",
     "mean_place","mean_place_ci95","won_share","won_ci95","bids",
     "bids_exact_share","bids_exact_ci95","ci_unit" ("game" or "seat")}],
   "last":{"game","seq","hash"}, and on a bug "bug" and "error"}
(each _ci95 is [low, high] or null). docs/SIMULATE.md has an example.)";
    f.simulate_examples = {R"(pli simulate --db sk.db --ruleset skull-king --seats 3 --games 30 --bots mixed --seed 1 --fast)"};
    f.state_summary = "the bids against the tricks, the trick, trump, the scores";
    f.legal_summary = "each bid, each card that may be played";
    f.diff_help = R"(whose events are compared by type, seat, cards, bid and declaration, and
whose sides are shown with their verdict (code and SK rule) and the table
after the last event they share, as pli state shows it)";
    f.replay_help = R"(A Skull King game (any game but Super Président) is stepped with the same
keys: n and p go from pli to pli (a pli closes once every seat has played,
SK-P1), N and P from deal to deal (SK-D1). Its screen shows the event and
its verdict (an illegal one with its code and rule: it changes nothing),
where a manche was dealt, a pli closed or a manche played out (SK-P2), then
the manche and dealer, the turned card and trump, the bids against the plis
won, the open pli with the card now winning, the last pli with its winner
and bonus, every hand and the score table. Its --json steps are {"seq",
"event","legal","violation","manche","pli_number","pli_end","manche_start",
"manche_end","state"}. --seat is for Super Président; --html FILE --seat S
writes one seat's view of any game. (A Skull King log to try:
games/skull_king/tests/data/replay-two-manches.jsonl in the source tree.) On the screen, a line wider
than the terminal wraps at spaces onto the next rows.)";
    f.simulate_manches = "the whole game of 10 by default, fewer ends each game with an end event after M";
    f.prop_help = R"(Skull King (--ruleset skull-king, skull-king-official or
skull-king-original): each run is a game of 2 to 8 seats (2 to 6 for
original) under --ruleset's preset in half the runs and a random preset in
the others, each option of SKULL_KING.md's table drawn at random in a third
of the runs (--option fixes one), the bots or the random policy at each
seat, one to three manches (a whole game in one run of eight), sometimes
an end event. After every event: cards conserved (SK-C1, SK-D2: hands +
played + turned + undealt = the deck, the hands moved as a model of the
checker's own moves them), replay equal to the live state (a fresh match of
the game interface fed the events' JSON lines), LegalActions and Decide
agreeing both ways (every listed action accepted, random bids and plays
accepted only if listed, an illegal one changing nothing but seq), each
pli's bonus by SK-N2 and each completed manche's scores by SK-N1, N3, N4,
N5 recomputed by hand-written formulas, the winners by SK-G2. A failure is
shrunk (a smaller table, then events dropped while the failure stays) and
written to --out as prop-SEED.jsonl and prop-SEED.expect.json.)";
    f.prop_examples = {R"(pli prop --runs 50 --ruleset classic --option exchange=choice --out /tmp/found)"};
    f.levels = {"easy", "medium", "hard"};
    for (const char* name : {"skull-king", "skull-king-official", "skull-king-original"}) {
      const auto [lo, hi] = SeatRange(name);
      RulesetFact r{name, lo, hi, {}};
      for (const auto& [option, value] : OptionValues(*Preset(name))) r.defaults[option] = *OptionJson(option, value);
      f.min_seats = f.rulesets.empty() ? lo : std::min(f.min_seats, lo);
      f.max_seats = std::max(f.max_seats, hi);
      f.rulesets.push_back(std::move(r));
    }
    auto flag = [&](const char* name, bool on, const char* rule, const char* en, const char* fr) {
      f.options.push_back(OptionFact{name, "bool", {}, {}, {}, on, rule, en, fr});
    };
    auto pick = [&](const char* name, std::initializer_list<const char*> values, const char* rule,
                    const char* en, const char* fr) {
      bj::array v;
      for (const char* x : values) v.push_back(bj::string(x));
      f.options.push_back(OptionFact{name, "enum", v, {}, {}, bj::string(*values.begin()), rule, en, fr});
    };
    pick("trump", {"turned", "black", "none"}, "SK-D3", "Trump: a turned card's suit, always black, or none",
         "Atout : la couleur de la carte retournée, toujours noir, ou aucun");
    pick("pirate_vs_mermaid", {"mermaid", "pirate"}, "SK-W1", "Without the Skull King, a mermaid or a pirate wins",
         "Sans le Skull King, la sirène ou le pirate l'emporte");
    pick("lead", {"first-card", "defer-escapes", "first-number"}, "SK-P4", "What sets the led suit",
         "Ce qui fixe la couleur demandée");
    pick("bidding", {"sequential", "simultaneous"}, "SK-B2", "Bids in turn, or all at once",
         "Annonces chacun son tour, ou toutes ensemble");
    flag("hook", true, "SK-B4", "The last bid may not make the total equal the cards dealt",
         "La dernière annonce ne peut pas rendre le total égal aux cartes distribuées");
    pick("bid_max", {"hand", "ten"}, "SK-B1", "Highest bid: the cards in hand, or ten",
         "Annonce maximale : les cartes en main, ou dix");
    pick("zero_miss", {"per-trick", "per-card"}, "SK-N1", "A missed zero bid costs per trick won, or per card dealt",
         "Une annonce zéro manquée coûte par pli gagné, ou par carte distribuée");
    pick("zero_base", {"cards", "round"}, "SK-N1", "A zero bid scores by cards dealt, or by manche",
         "Une annonce zéro rapporte selon les cartes distribuées, ou selon la manche");
    pick("bonuses", {"2021", "original"}, "SK-N2", "Bonuses of the 2021 rules, or the original ones",
         "Bonus des règles 2021, ou d'origine");
    flag("bonus_on_miss", false, "SK-N3", "Bonuses count even when the bid is missed",
         "Les bonus comptent même si l'annonce est manquée");
    pick("scoring", {"skull-king", "rascal"}, "SK-N1", "Scoring: Skull King's, or Rascal's",
         "Décompte : celui du Skull King, ou de Rascal");
    flag("cannonball", false, "SK-B5", "Rascal's cannon load with each bid (needs Rascal scoring)",
         "Charge de canon de Rascal avec chaque annonce (demande le décompte Rascal)");
    f.options.push_back(OptionFact{"deck", "int", bj::array{70, 66}, {}, {}, 70, "SK-C1",
                                   "Cards in the deck (66: without the 14s)", "Cartes du paquet (66 : sans les 14)"});
    f.options.push_back(OptionFact{"first_dealer", "int", {}, 0, 7, 0, "SK-S2",
                                   "The first manche's dealer (a seat, 0 to seats - 1)",
                                   "Le donneur de la première manche (une place, de 0 à places - 1)"});
    // SK-B5: the cannon load is Rascal's (Options' check); docs/RULINGS.md
    // SK-10: sealed bids and the hook cannot be judged live (LiveRefusal).
    f.refused.push_back(RefusedFact{bj::object{{"scoring", "skull-king"}, {"cannonball", true}}, false, "SK-B5",
                                    "The cannon load needs Rascal's scoring.",
                                    "La charge de canon demande le décompte de Rascal."});
    f.refused.push_back(RefusedFact{
        bj::object{{"bidding", "simultaneous"}, {"hook", true}}, true, "SK-B4",
        "A live table cannot have simultaneous bids with the hook: judging the last bid would tell its "
        "bidder the sum of the sealed bids. Turn the hook off or bid in turn.",
        "Une table en ligne ne peut pas avoir des annonces simultanées avec la règle de la dernière annonce : "
        "la juger révélerait à son auteur la somme des annonces cachées. Désactivez-la ou annoncez chacun "
        "son tour."});
    // INTERFACE.md §2: its live verbs (SK-D1-D3, SK-B1-B5, SK-P1-P5, SK-G1)
    // and what a play of the Tigress declares (SK-P3).
    f.verbs = {
        {"deal", "deals", "Deal a manche (SK-D1-D3): a seeded shuffle (recorded), or the hands given.",
         {{"--seed", "shuffle with this seed; default: a random seed, recorded in the event"},
          {"--hand", "the hand of the next seat (repeat once per seat, seat 0 first)"},
          {"--turned", "Skull King, with --hand: the card turned up for trump (SK-D3)"}}},
        {"bid", "bids", "Bid the number of plis you will win this manche (Skull King, SK-B1-B5).",
         {{"--seat", "the bidder"},
          {"BID", "the number of plis, 0 to the cards dealt"},
          {"--cannon", "with the option cannonball: the bid's load, grapeshot or cannonball (SK-B5)"}}},
        {"play", "plays", "Play a card in turn (SK-P1-P5).",
         {{"--seat", "the player"},
          {"CARDS", "the card played"},
          {"--declare", "play the Tigress as a pirate or an escape (SK-P3)"}}},
        {"end", "ends", "End the game (SK-G1).", {}},
    };
    // Its --help examples (VerbFact::before, examples, after).
    for (pli::VerbFact& verb : f.verbs) {
      if (verb.name == "deal") {
        verb.before = {"pli new --db club.db --game sk1 --seats Ann,Bob,Cyd --ruleset skull-king"};
        verb.examples = {"pli deal --db club.db --game sk1 --seed 7 --expect 1   # Skull King: manche 1"};
      } else if (verb.name == "bid") {
        verb.before = {"pli new --db club.db --game sk1 --seats Ann,Bob,Cyd --ruleset skull-king",
                       "pli deal --db club.db --game sk1 --hand pirate --hand mermaid --hand 14y --turned 3g --expect 1"};
        verb.examples = {"pli bid --db club.db --game sk1 --seat Bob 1 --expect 2",
                         "pli bid --db club.db --game sk1 --seat 2 0 --expect 3 --json"};
        // Its first manche: seed 7 deals Ann 9b, Bob 7g, Cyd the Tigress and
        // turns 12y; the dealer bids last and may not make the bids equal
        // the cards dealt (SK-B4).
        verb.after =
            "A whole game of Skull King, its first manche:\n"
            "  pli new  --db g.db --game sk1 --seats Ann,Bob,Cyd --ruleset skull-king\n"
            "  pli deal --db g.db --game sk1 --seed 7 --expect 1\n"
            "  pli bid  --db g.db --game sk1 --seat Bob 0 --expect 2\n"
            "  pli bid  --db g.db --game sk1 --seat Cyd 1 --expect 3\n"
            "  pli bid  --db g.db --game sk1 --seat Ann 1 --expect 4\n"
            "  pli play --db g.db --game sk1 --seat Bob 7g --expect 5\n"
            "  pli play --db g.db --game sk1 --seat Cyd tigress --declare pirate --expect 6\n"
            "  pli play --db g.db --game sk1 --seat Ann 9b --expect 7\n"
            "  pli state --db g.db --game sk1\n";
      }
    }
    f.declares = {"pirate", "escape"};
    return f;
  }
  std::optional<std::string> LiveRefusal(const pli::Match& opened) const override;
  // An event for a seat (EventView above).
  boost::json::object ProjectEvent(const boost::json::object& event, int seat, bool sealed,
                                   bool over) const override {
    return EventView(event, seat, sealed, over);
  }
};

// A Skull King bot in one seat: it sees ViewFor(state, seat) only.
class SkullKingBotSeat final : public BotSeat {
 public:
  explicit SkullKingBotSeat(std::unique_ptr<Bot> bot) : bot_(std::move(bot)) {}
  std::optional<std::string> Act(const pli::Match& match, int seat) override {
    const auto& m = dynamic_cast<const SkullKingMatch&>(match);
    std::optional<Event> e = bot_->Act(ViewFor(m.state(), seat));
    if (!e) return std::nullopt;
    return EventToJson(*e);
  }

 private:
  std::unique_ptr<Bot> bot_;
};

std::unique_ptr<BotSeat> SkullKing::MakeBot(std::string_view level, uint64_t seed) const {
  std::optional<Level> l = ParseLevel(level);
  if (!l) return nullptr;
  return std::make_unique<SkullKingBotSeat>(sk::MakeBot(*l, seed));
}

// docs/RULINGS.md "Sealed bids at a live table": with simultaneous bidding
// SK-B4's hook falls on whichever bid is recorded last, and judging it
// tells that bidder H - S, the sum of the other bids, before they are
// revealed (its `legal` list lacks one value, a refusal names it). A live
// table cannot keep the bids sealed and apply the hook, so `pli serve` does
// not host the combination; `pli audit` still referees such a log.
std::optional<std::string> SkullKing::LiveRefusal(const pli::Match& opened) const {
  const auto& m = dynamic_cast<const SkullKingMatch&>(opened);
  const Options& o = m.state().options;
  if (o.bidding != Bidding::kSimultaneous || !o.hook) return std::nullopt;
  return "pli serve does not host bidding: simultaneous with hook: true: the hook (SK-B4) falls on "
         "whichever bid is recorded last, and judging it would tell that player the sum of the other "
         "sealed bids before they are revealed; choose hook: false or bidding: sequential "
         "(docs/RULINGS.md; a log of this combination is still refereed)";
}

std::string Seat(int seat, const State& s) {
  if (seat < 0) return "none";
  std::string out = "seat " + std::to_string(seat);
  if (seat < static_cast<int>(s.seat_names.size())) {
    out += " (" + EscapeForTerminal(s.seat_names[seat]) + ")";
  }
  return out;
}

std::string PlaysText(const std::vector<PliPlay>& plays, const State& s) {
  std::string out;
  for (size_t i = 0; i < plays.size(); ++i) {
    if (i > 0) out += ", ";
    out += Seat(plays[i].seat, s) + " " + CardText(plays[i].card);
    if (const char* d = DeclareText(plays[i].declare)) out += std::string(" as ") + d;
  }
  return out;
}

// The card `seat` played in a pli ("mermaid", "tigress as pirate"); every
// seat plays once per pli (SK-P1).
std::string PlayText(const std::vector<PliPlay>& plays, int seat) {
  for (const PliPlay& p : plays) {
    if (p.seat != seat) continue;
    std::string out = CardText(p.card);
    if (const char* d = DeclareText(p.declare)) out += std::string(" as ") + d;
    return out;
  }
  return "?";
}

}  // namespace

const Game& SkullKingGame() {
  static const SkullKing game;
  return game;
}

EventColumns ColumnsOf(const EventLine& line) {
  EventColumns c;
  c.type = static_cast<uint8_t>(TypeOf(line.event));
  c.seat = ActingSeat(line.event);
  c.id = line.id;
  EventDetails& d = c.details.emplace();
  d.at = line.at;
  std::visit(
      [&](const auto& e) {
        using T = std::decay_t<decltype(e)>;
        if constexpr (std::is_same_v<T, DealEvent>) {
          for (size_t i = 0; i < e.hands.size(); ++i) {
            if (i > 0) c.cards += " | ";
            AppendCards(e.hands[i], c.cards);
          }
          if (e.turned) c.cards += " | turned " + CardText(*e.turned);
          d.seed = e.seed;
        } else if constexpr (std::is_same_v<T, PlayEvent>) {
          // The Tigress's declaration stays in the body only: the SQLite
          // schema's declaration column admits Président's two values
          // (schema/STORE.md §2), and widening its CHECK takes a rebuild of
          // the events table (a schema version of its own, not made yet).
          AppendCards(e.cards, c.cards);
        }
      },
      line.event);
  return c;
}

std::string StateText(const State& s) {
  std::string text = "game " + EscapeForTerminal(s.game) + " (" + s.ruleset + "), after event " +
                     std::to_string(s.seq) + ": ";
  if (s.phase == Phase::kNone && s.seats == 0) return text + "no game event yet\n";
  text += "manche " + std::to_string(s.manche) + " of " + std::to_string(kManches) + ", " +
          PhaseName(s.phase) + "\n";
  if (s.manche > 0) {
    text += "  dealer " + Seat(s.dealer, s) + ", " + std::to_string(s.hand_size) +
            " card(s) each, turned " + (s.turned ? CardText(*s.turned) : std::string("none")) +
            ", trump " + (s.trump ? SuitName(*s.trump) : "none") + "\n";
    int total = 0;
    std::string bids;
    for (int seat = 0; seat < s.seats; ++seat) {
      bids += "\n    " + Seat(seat, s) + ": bid ";
      if (seat < static_cast<int>(s.bids.size()) && s.bids[seat]) {
        total += *s.bids[seat];
        bids += std::to_string(*s.bids[seat]);
      } else {
        bids += "owed";
      }
      bids += ", won " + std::to_string(seat < static_cast<int>(s.won.size()) ? s.won[seat] : 0);
    }
    // What players ask to see: the bids against the tricks there are.
    text += "  bids total " + std::to_string(total) + " for " + std::to_string(s.hand_size) +
            " trick(s)" + bids + "\n";
  }
  if (s.trick) {
    text += "  trick " + std::to_string(s.trick->number) + ", led by " + Seat(s.trick->leader, s);
    text += s.trick->plays.empty() ? std::string(", no card yet")
                                   : ": " + PlaysText(s.trick->plays, s);
    if (s.trick->lead_suit) text += "; led suit " + std::string(SuitName(*s.trick->lead_suit));
    if (s.trick->winning >= 0) {  // SK-W1 if the pli stopped here: the seat and its card
      text += "; winning: " + Seat(s.trick->winning, s) + " with " +
              PlayText(s.trick->plays, s.trick->winning);
    }
    text += "\n";
  }
  if (s.last_trick) {
    text += "  last trick " + std::to_string(s.last_trick->number) + ": " +
            PlaysText(s.last_trick->plays, s) + "; won by " + Seat(s.last_trick->winner, s) +
            " with " + PlayText(s.last_trick->plays, s.last_trick->winner) +
            " (SK-W1), bonus " + std::to_string(s.last_trick->bonus) + " (SK-N2)\n";
  }
  text += "  to act: " + (s.turn >= 0 ? Seat(s.turn, s) : std::string("nobody")) + "\n";
  if (!s.to_bid.empty()) {
    text += "  bids owed by:";
    for (int seat : s.to_bid) text += " " + std::to_string(seat);
    text += "\n";
  }
  text += "  hands:\n";
  for (int seat = 0; seat < s.seats && seat < static_cast<int>(s.hands.size()); ++seat) {
    const std::string cards = CardSetText(s.hands[seat]);
    text += "    " + Seat(seat, s) + ": " + (cards.empty() ? "(none)" : cards) + "\n";
  }
  text += "  scores:";
  for (int seat = 0; seat < s.seats && seat < static_cast<int>(s.scores.size()); ++seat) {
    text += (seat > 0 ? ", " : " ") + Seat(seat, s) + " " + std::to_string(s.scores[seat]);
  }
  text += "\n";
  // The score table (SK-N1 to SK-N4): each completed manche, bid/won and
  // the points and the bonus that counts.
  for (size_t m = 0; m < s.history.size(); ++m) {
    text += m == 0 ? "  score table (bid/won: points + bonus):\n" : "";
    text += "    manche " + std::to_string(m + 1) + ":";
    for (size_t seat = 0; seat < s.history[m].size(); ++seat) {
      const MancheScore& line = s.history[m][seat];
      text += (seat > 0 ? ", " : " ") + Seat(static_cast<int>(seat), s) + " " +
              std::to_string(line.bid) + "/" + std::to_string(line.won) + ": " +
              std::to_string(line.points) + " + " + std::to_string(line.bonus);
    }
    text += "\n";
  }
  if (s.winners) {
    text += "  winners:";
    for (int seat : *s.winners) text += " " + Seat(seat, s);
    text += "\n";
  }
  return text;
}

std::string LegalText(const State& s) {
  const std::vector<LegalAction> actions = LegalActions(s);
  if (actions.empty()) {
    // The next step said (issue 29): after a manche's last pli the players
    // act no more until the next deal (SK-D1); after the last manche, never.
    if (s.phase == Phase::kMancheOver) {
      return s.manche == 0 ? "no player acts before the first deal: deal manche 1 (pli deal)\n"
                           : "no player acts now: manche " + std::to_string(s.manche) +
                                 " is over; deal manche " + std::to_string(s.manche + 1) +
                                 " next (pli deal)\n";
    }
    if (s.phase == Phase::kGameOver) return "no player acts now: the game is over\n";
    return "no legal action: " + std::string(PhaseName(s.phase)) + "\n";
  }
  std::string text;
  int seat = -1;
  EventType type = EventType::kMalformed;
  for (const LegalAction& a : actions) {
    if (a.seat != seat || a.type != type) {
      if (seat >= 0) text += "\n";
      seat = a.seat;
      type = a.type;
      text += Seat(seat, s) + (type == EventType::kBid ? " may bid:" : " may play:");
    }
    if (a.type == EventType::kBid) {
      text += " " + std::to_string(a.bid);
      if (a.cannon) text += a.cannon == Cannon::kCannonball ? " (cannonball)" : " (grapeshot)";
    } else {
      text += " " + CardText(a.card);
      if (const char* d = DeclareText(a.declare)) text += std::string(" as ") + d;
    }
  }
  return text + "\n";
}

}  // namespace pli::sk
