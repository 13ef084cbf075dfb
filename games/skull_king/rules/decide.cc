// decide.cc: Decide(state, event): is this action legal, and if not, which
// violation (SKULL_KING.md "Violation codes", in its order of precedence).
#include <string>

#include "games/skull_king/rules/rules.h"
#include "engine/text.h"

namespace pli::sk {
namespace {

using V = std::optional<Violation>;

std::string Seat(int seat) { return "seat " + std::to_string(seat); }

std::string Cards(int n) { return std::to_string(n) + (n == 1 ? " card" : " cards"); }

// "seats 0 and 2", "seat 1".
std::string SeatList(const std::vector<int>& seats) {
  std::string out = seats.size() == 1 ? "seat " : "seats ";
  for (size_t i = 0; i < seats.size(); ++i) {
    if (i > 0) out += i + 1 == seats.size() ? " and " : ", ";
    out += std::to_string(seats[i]);
  }
  return out;
}

V Malformed(std::string message) { return Violation{Code::kMalformed, "", std::move(message)}; }

// SK-G1: the game is over (an end, or manche 10's last pli).
V GameOver(const State& s) {
  if (s.ended) return Violation{Code::kGameOver, "SK-G1", "the game was ended"};
  if (s.phase == Phase::kGameOver)
    return Violation{Code::kGameOver, "SK-G1", "the game is over: manche 10 has been played"};
  return std::nullopt;
}

V NoManche(const State& s) {
  if (s.phase != Phase::kMancheOver) return std::nullopt;
  return Violation{Code::kNoManche, "SK-G1",
                   "no manche is being played: manche " + std::to_string(s.manche + 1) +
                       " has not been dealt"};
}

V DecideGame(const State& s, const GameEvent& g) {
  if (s.phase != Phase::kNone) return Malformed("a game event inside a game");
  for (const std::string& name : g.seats)
    if (name.empty() || HasControlOrBadUtf8(name))
      return Malformed("a seat name is empty or holds a control character");
  Options o;
  if (std::string why = MakeOptions(g.ruleset, g.overrides, static_cast<int>(g.seats.size()), o);
      !why.empty())
    return Malformed(why);
  return std::nullopt;
}

V BadDeal(std::string rule, std::string message) {
  return Violation{Code::kBadDeal, std::move(rule), std::move(message)};
}

// SK-D2: card c cannot be taken from what is left of the deck: it is not
// in this game's deck, or every copy has been dealt already.
[[gnu::noinline]] V NotInDeck(const State& s, Card c) {
  const int copies = CardSet::Deck(s.options.deck).Count(c);
  if (copies == 0)
    return BadDeal("SK-D2", CardText(c) + " is not in this game's deck of " +
                                std::to_string(s.options.deck) + " cards");
  return BadDeal("SK-D2", CardText(c) + " is dealt more often than the deck holds it (" +
                              std::to_string(copies) + (copies == 1 ? " copy)" : " copies)"));
}

V DecideDeal(const State& s, const DealEvent& d) {
  if (V v = GameOver(s)) return v;
  if (s.phase == Phase::kBidding || s.phase == Phase::kPlay)
    return BadDeal("SK-D2", "manche " + std::to_string(s.manche) + " is still being played");
  const int m = s.manche + 1;
  const int h = HandSize(s.options, s.seats, m);
  if (static_cast<int>(d.hands.size()) != s.seats)
    return BadDeal("SK-D2", "a deal has one hand per seat: " + std::to_string(s.seats) +
                                " hands, not " + std::to_string(d.hands.size()));
  for (int seat = 0; seat < s.seats; ++seat)
    if (static_cast<int>(d.hands[seat].size()) != h)
      return BadDeal("SK-D1", "manche " + std::to_string(m) + " deals " + Cards(h) +
                                  " to each seat; " + Seat(seat) + " has " +
                                  std::to_string(d.hands[seat].size()));
  const bool turns = TurnsCard(s.options, m);
  if (turns && !d.turned)
    return BadDeal("SK-D3", "manche " + std::to_string(m) + " turns up a card, and none is given");
  if (!turns && d.turned)
    return BadDeal("SK-D3", "manche " + std::to_string(m) + " turns up no card, and " +
                                CardText(*d.turned) + " is given");
  // Each card dealt is taken from the deck; the first that cannot be is the
  // violation (the message built apart, off the path of a legal deal).
  CardSet deck = CardSet::Deck(s.options.deck);
  for (const CardList& hand : d.hands)
    for (Card c : hand)
      if (!deck.Remove(c)) return NotInDeck(s, c);
  if (d.turned && !deck.Remove(*d.turned)) return NotInDeck(s, *d.turned);
  return std::nullopt;
}

V DecideBid(const State& s, const BidEvent& b) {
  if (b.seat < 0 || b.seat >= s.seats) return Malformed("no seat " + std::to_string(b.seat));
  if (b.cannon.has_value() != s.options.cannonball)
    return Malformed(s.options.cannonball ? "a bid names its cannon load (SK-B5)"
                                          : "a bid names a cannon load only with cannonball");
  if (s.ended || s.phase == Phase::kGameOver) return GameOver(s);
  if (s.phase == Phase::kMancheOver) return NoManche(s);
  if (s.bids[b.seat])  // SK-B1 (also every bid during play)
    return Violation{Code::kAlreadyBid, "SK-B1",
                     Seat(b.seat) + " has already bid " + std::to_string(*s.bids[b.seat]) +
                         " in this manche"};
  if (s.options.bidding == Bidding::kSequential && b.seat != s.turn)
    return Violation{Code::kNotYourTurn, "SK-B2",
                     Seat(s.turn) + " bids next, not " + Seat(b.seat) +
                         " (bidding goes clockwise from the dealer's left)"};
  const int max = s.options.bid_max == BidMax::kTen ? 10 : s.hand_size;
  if (b.bid < 0 || b.bid > max)
    return Violation{Code::kBidOutOfRange, "SK-B1",
                     "a bid is 0 to " + std::to_string(max) +
                         (s.options.bid_max == BidMax::kTen
                              ? std::string()
                              : " (" + Cards(s.hand_size) + " dealt each)") +
                         "; " + std::to_string(b.bid) + " is not"};
  if (s.options.hook && s.to_bid.size() == 1) {  // SK-B4: the P-th bid
    int sum = 0;
    for (const auto& bid : s.bids) sum += bid.value_or(0);
    if (b.bid == s.hand_size - sum)
      return Violation{Code::kBidEqualizes, "SK-B4",
                       Seat(b.seat) + " bids last: the other bids sum to " + std::to_string(sum) +
                           " and " + Cards(s.hand_size) +
                           (s.hand_size == 1 ? " is" : " are") + " dealt each, so " +
                           std::to_string(b.bid) + " would make the bids equal " +
                           std::to_string(s.hand_size)};
  }
  return std::nullopt;
}

// The violations of a play, each built out of line: DecidePlay's checks of
// a legal play then make no strings and need no stack frame for them.
[[gnu::noinline]] V NoSeat(int seat) { return Malformed("no seat " + std::to_string(seat)); }

[[gnu::noinline]] V BiddingPending(const State& s) {  // SK-B3
  return Violation{Code::kBiddingPending, "SK-B3",
                   "no card is played until every seat has bid; " + SeatList(s.to_bid) +
                       (s.to_bid.size() == 1 ? " still owes a bid" : " still owe a bid")};
}

[[gnu::noinline]] V NotYourTurnToPlay(const State& s, const PlayEvent& p) {  // SK-P1
  return Violation{Code::kNotYourTurn, "SK-P1",
                   Seat(s.turn) + " plays next in pli " + std::to_string(s.trick->number) +
                       ", not " + Seat(p.seat)};
}

[[gnu::noinline]] V CountMismatch(const PlayEvent& p) {  // SK-P1
  std::string named;
  for (Card c : p.cards) named += (named.empty() ? "" : " ") + CardText(c);
  return Violation{Code::kCountMismatch, "SK-P1",
                   "a play is exactly one card; this one names " +
                       std::to_string(p.cards.size()) + (named.empty() ? "" : " (" + named + ")")};
}

[[gnu::noinline]] V NotInHand(const PlayEvent& p, Card c, const CardSet& hand) {  // SK-P1
  return Violation{Code::kCardNotInHand, "SK-P1",
                   Seat(p.seat) + " does not hold " + CardText(c) + "; it holds " +
                       CardSetText(hand)};
}

[[gnu::noinline]] V BadDeclare(Card c, Declare declare) {  // SK-P3
  if (c == kTigress)
    return Violation{Code::kDeclareRequired, "SK-P3",
                     "the Tigress is played as a pirate or as an escape: declare which"};
  return Violation{Code::kDeclareNotAllowed, "SK-P3",
                   "only the Tigress is declared; " + CardText(c) + " cannot be declared " +
                       (declare == Declare::kPirate ? "pirate" : "escape")};
}

[[gnu::noinline]] V MustFollow(const PlayEvent& p, Card c, const CardSet& hand, Suit lead) {
  std::string held;  // SK-P5
  for (int v = 1; v <= kMaxValue; ++v)
    if (hand.Contains(Numbered(lead, v))) held += (held.empty() ? "" : " ") + CardText(Numbered(lead, v));
  return Violation{Code::kMustFollow, "SK-P5",
                   std::string(SuitName(lead)) + " was led and " + Seat(p.seat) + " holds " +
                       held + "; " + CardText(c) + " is another suit"};
}

V DecidePlay(const State& s, const PlayEvent& p) {
  if (p.seat < 0 || p.seat >= s.seats) return NoSeat(p.seat);
  if (s.ended || s.phase == Phase::kGameOver) return GameOver(s);
  if (s.phase == Phase::kMancheOver) return NoManche(s);
  if (s.phase == Phase::kBidding) return BiddingPending(s);  // SK-B3
  if (p.seat != s.turn) return NotYourTurnToPlay(s, p);      // SK-P1
  if (p.cards.size() != 1) return CountMismatch(p);
  const Card c = p.cards[0];
  const CardSet& hand = s.hands[p.seat];
  if (!hand.Contains(c)) return NotInHand(p, c, hand);
  // SK-P3: the Tigress, and only she, is declared.
  if ((c == kTigress) != (p.declare != Declare::kNone)) return BadDeclare(c, p.declare);
  // SK-P5: follow the lead suit when holding it. The four conditions are
  // combined without short cuts: each alone is true or false at random.
  const auto lead = s.trick->lead_suit;
  const Suit led = lead.value_or(Suit::kBlack);
  if (lead.has_value() & c.numbered() & (c.suit() != led) & hand.HasSuit(led))
    return MustFollow(p, c, hand, led);
  return std::nullopt;
}

}  // namespace

std::optional<Violation> Decide(const State& s, const Event& event) {
  // A play, the usual case, first; then the order of precedence: a game
  // event and a malformed one are judged before "no game event yet".
  if (const auto* p = std::get_if<PlayEvent>(&event); p != nullptr && s.phase != Phase::kNone)
    return DecidePlay(s, *p);
  if (const auto* g = std::get_if<GameEvent>(&event)) return DecideGame(s, *g);
  if (const auto* m = std::get_if<MalformedEvent>(&event)) return Malformed(m->message);
  if (s.phase == Phase::kNone) return Malformed("the first event of a game is its game event");
  if (const auto* d = std::get_if<DealEvent>(&event)) return DecideDeal(s, *d);
  if (const auto* b = std::get_if<BidEvent>(&event)) return DecideBid(s, *b);
  if (const auto* p = std::get_if<PlayEvent>(&event)) return DecidePlay(s, *p);
  if (s.ended) return Violation{Code::kGameOver, "SK-G1", "the game was already ended"};
  return std::nullopt;  // end: at any time (SK-G1)
}

}  // namespace pli::sk
