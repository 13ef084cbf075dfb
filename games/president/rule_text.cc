// rule_text.cc: the rule table of rule_text.h. Each sentence says what the
// rule of RULES.md requires, briefly and in our own words; RULES.md stays
// the binding text. games/president/tests/replay/rule_text_test.cc checks that every id
// RULES.md defines, and every id games/president/rules/decide.cc cites, is here.
#include "games/president/rule_text.h"

#include <array>

namespace pli {
namespace {

constexpr std::array<RuleText, 48> kRules = {{
    // §1 Cards and order
    {"C1",
     "There are 52 cards and no jokers; a card is written as its rank (3 4 5 6 7 8 9 T J Q K "
     "A 2) then its suit (c d h s)."},
    {"C2", "In normal order the ranks run from weakest to strongest 3 4 5 6 7 8 9 T J Q K A 2."},
    {"C3",
     "Under a révolution the order is turned round: the 3 is the strongest rank and the 2 "
     "the weakest."},
    {"C4",
     "The top rank is the strongest rank of the order in force (the 2, or the 3 under a "
     "révolution); suits never matter in play."},
    {"C5",
     "Consecutive means one rank up in the order in force; inversely consecutive, one rank "
     "down."},
    // §2 Seats, deal, first lead
    {"S1", "A game has 4 to 8 seats, numbered clockwise from 0; play moves clockwise."},
    {"S2", "Each manche starts with a deal of all 52 cards, hand sizes differing by at most one."},
    {"S3",
     "In the first manche the holder of the queen of hearts leads; in later ones the "
     "previous Trouduc leads, once the gifts are made (option later_lead: trouduc or "
     "president)."},
    // §3 Plays and passes
    {"P1", "A play is one to four cards of a single rank, all from the player's own hand."},
    {"P2", "The lead sets how many cards every play of the pli has."},
    {"P3",
     "In a free pli a play must be at least as strong as the last one: an equal rank is "
     "allowed."},
    {"P4",
     "A player may pass only when they have no legal play; declaring and closing out of "
     "turn are never compulsory."},
    {"P5",
     "A player who passes is out of the pli until it closes (except a pass under "
     "ou-rien)."},
    {"P6", "The turn skips players with no cards left and players out of the pli."},
    {"P7",
     "Only the player whose turn it is may play or pass; an out-of-turn close is the one "
     "exception."},
    // §4 How a pli closes
    {"E1",
     "A play of the top rank, with the pli's count, closes the pli at once; its player "
     "leads the next."},
    {"E2",
     "A carré (four cards of one rank played together) closes the pli at once; its player "
     "leads the next (option carre_closes)."},
    {"E3",
     "When every other player still holding cards has passed since the last play, the pli "
     "closes and the last player to play leads."},
    {"E4", "An out-of-turn close closes the pli at once."},
    {"E5",
     "When the player due to lead has no cards left, the lead goes to the next seat "
     "clockwise that has some."},
    // §5 La suite
    {"U1",
     "Only the second play of a pli may declare a suite, with the rank one step above the "
     "lead's; passes in between do not count."},
    {"U2",
     "While a suite is in force each play must be exactly one rank above the last play, "
     "with the pli's count; an equal play is refused."},
    {"U3", "A play of the top rank ends the suite, and the pli with it."},
    {"U4", "In a suite (and a reverse) whoever can follow must."},
    // §6 Le reverse
    {"V1",
     "The second play of a pli may declare a reverse, with the rank one step below the "
     "lead's."},
    {"V2",
     "In a suite, a player making the suite's next play may declare a reverse; a pli is "
     "reversed only once (option reverse_in_suite)."},
    {"V3",
     "While a reverse is in force each play must be exactly one rank below the last play, "
     "with the pli's count, down to the weakest rank, which cannot be followed."},
    {"V4", "A reverse, like a suite, lasts for its pli only."},
    {"R4",
     "In a suite or a reverse, when the last player to play is the only one left to act, "
     "they may go on with the sequence or pass, which closes the pli and gives them the lead "
     "(option solo_continuation)."},
    // §7 Ou-rien
    {"O1",
     "Ou-rien starts when a play has the rank of the play just before it, made by another "
     "player; never with the top rank."},
    {"O2",
     "While ou-rien is in force the next player must play that rank, with the pli's count, "
     "if they can, and pass if they cannot."},
    {"O3",
     "The first pass ends ou-rien without putting the passer out of the pli; the pli goes "
     "on free."},
    // §8 Closing a pli out of turn
    {"X1",
     "Anyone, in turn or not, may close the pli by playing every card still held of the last "
     "play's rank, when they hold all of them and they are as many as the pli's count."},
    {"X2", "A pli cannot be closed with the top rank."},
    {"X3",
     "A close ends the pli at once and the closer leads the next; the same cards played in "
     "turn do not close."},
    {"X4", "A close is allowed whatever is in force: free, suite, reverse or ou-rien."},
    {"X5",
     "An ordinary play that completes the four cards of a rank over several plays neither "
     "closes the pli nor starts a révolution (option completed_carre_closes)."},
    // §9 La révolution
    {"Q1",
     "A carré flips the order for the rest of the manche, from the next play on; a second "
     "carré flips it back."},
    {"Q2", "The top rank, and what depends on it (E1, X2, F2), follows the order in force."},
    {"Q3", "Every manche starts in normal order."},
    // §10 Finishing a manche
    {"F1",
     "A player who plays their last card finishes; the first to finish is Président, the "
     "second Vice-Président, and so on."},
    {"F2",
     "A player whose last play holds the top rank (judged before that play) finishes at "
     "the bottom instead: the first such player is Trouduc, the next just above."},
    {"F3", "The manche ends when one player still holds cards; they take the one place left."},
    {"F4",
     "Places: first Président, second Vice-Président, last Trouduc, second to last "
     "Vice-Trouduc, the others neutral."},
    // §11 Exchanges
    {"K1",
     "From the second manche on, the Président and the Trouduc swap two cards (weakest for "
     "strongest), the Vice-Président and the Vice-Trouduc one."},
    {"K2",
     "Weakest and strongest are judged in normal order on the hands as dealt; among cards "
     "of one rank any suit may be given."},
    {"K3",
     "Each gift is an event, and play starts only when all are made (option exchange: "
     "worst or choice; option exchange_cards: two-one, or one for a single card each way "
     "between the Président and the Trouduc)."},
    // §12 A game
    {"G1",
     "A game is a sequence of manches on the same seats, until an end event or the "
     "configured number of manches (option scoring = place: points by place, 2 1 0 -1 -2 "
     "with five seats, 2 1 -1 -2 with four, 3 2 1 -1 -2 -3 with six)."},
}};

// HOUSE_RULES.md's rules that the engine referees so far, each as a
// violation or `pli explain` cites it.
constexpr std::array<RuleText, 16> kHouseRules = {{
    {"H-R1",
     "Option ranks sets the natural ranks and their order, weakest first: normal (3 to 2), "
     "aces-high (2 to A), klootzakken (7 to A, 2, 3; no 4, 5 or 6 in the deck) or toronto "
     "(3 to 10, Q, K, A, 2, J)."},
    {"H-C1",
     "Option jokers (0, 1 or 2) adds the jokers X1 and X2 to the deck; a joker the deck "
     "lacks is an unknown card (malformed). Hands list the jokers last, X1 first."},
    {"H-C2",
     "With joker_rank top the jokers form the rank X above every other rank (the 2 is then "
     "an ordinary rank; under révolution X is the weakest); with joker_order coloured-high, "
     "of two sets of jokers only the one with more X2 beats (fewer under révolution)."},
    {"H-G2",
     "Option target (with scoring): when a manche's points bring a seated player's total to "
     "the target or more, the game is over (with manches too, the first limit reached ends "
     "it); the winners are every player with the highest total. Later events are game-over; "
     "one end event is still accepted."},
    {"H-L1",
     "Option first_lead names the card whose holder leads manche 1 (Qh by default, S3), or "
     "seat-0: seat 0 leads; the card must be in this game's deck."},
    {"H-G1",
     "Option scoring also takes podium (2 for place 1, 1 for place 2, 0 for the others) and "
     "descending (place k of n scores n + 1 - k)."},
    {"H-K1",
     "Option exchange_cards also takes a pattern, pairs a or a:b joined by - (2, 2:3-1:2, 3-2-1): "
     "for the i-th pair the player in place n+1-i gives his a strongest cards to place i, who gives "
     "back b (b = a when not written); or scores: places i and n+1-i swap G1's points of place i. "
     "A pattern of p pairs needs 2p seats."},
    {"H-K2",
     "Option merchants: the middle places no exchange pair covers pair up from the outside in and "
     "swap one card each way, any card of the hand as dealt; play waits for their gifts."},
    {"H-K3",
     "Option president_falls: from manche 2, when a player other than the Président finishes "
     "first (F1; a top-rank finish is no win) while the Président still holds cards, the "
     "Président's cards are set aside and he takes the last place, a seat without cards."},
    {"H-K4",
     "Option stale_falls: after two unchanged manches in a row (places equal to the ranking in "
     "force before them), the first place moves to the last and the others move up one; the "
     "gifts and later leads follow that ranking, the points the manche's own places."},
    {"H-T1",
     "With equal_skips, an equal play that does not close the pli skips the next seat that "
     "would have had the turn; with no other seat left the turn comes back to its player. A "
     "skipped seat has not passed."},
    {"H-T2",
     "With single_round, each seat acts once in a pli; when the turn would reach a seat that "
     "has had its chance, the pli closes and its last player leads (no R4)."},
    {"H-T5", "With ou_rien_singles, ou-rien starts only when both equal plays are single cards."},
    {"H-B3",
     "A set holds 1 to 4 cards, wild cards included; more is mixed-ranks."},
    {"H-W1",
     "Option wild (X, 2, 3) makes those cards wild: a set counts as the rank of its natural "
     "cards, which must share one rank; wild cards alone count as the top rank in force. Wild "
     "2s and 3s leave the order; no close holds a wild card; for gifts a wild card is the "
     "strongest."},
    {"H-W2",
     "Option wild_tie, between two sets of one effective rank and count, one holding a wild "
     "card: equal, they tie; natural, fewer wild cards beats; wild, more wild cards beats."},
}};

}  // namespace

std::span<const RuleText> RuleTable() { return kRules; }
std::span<const RuleText> HouseRuleTable() { return kHouseRules; }

std::optional<std::string_view> RuleSentence(std::string_view id) {
  for (const RuleText& r : kRules) {
    if (r.id == id) return r.sentence;
  }
  for (const RuleText& r : kHouseRules) {
    if (r.id == id) return r.sentence;
  }
  return std::nullopt;
}

}  // namespace pli
