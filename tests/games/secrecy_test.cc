// secrecy_test.cc: issue 27, the one property test of what each recipient
// sees, over every registered game (Games(); no game is named here).
// Random games are played by each game's own bots on its seeded deals;
// after every event, for each seat and a spectator, the view
// (serve::ProjectState), the projected event (serve::ProjectEvent, with the
// `sealed` the game says and the `over` the server passes) and the legal
// list (serve::ProjectLegal) show no card the recipient may not know
// (INTERFACE.md §3, SERVE.md "Identity and secrecy").
//
// What a recipient may know is kept here from the events themselves, not
// from the code under test (INTERFACE.md §1's fields): a seat knows the
// cards dealt to it (a deal's `hands`), the cards given to it or by it (an
// event naming `from` and `to`: a gift, RULES.md §11), every card played
// face up (the `cards` of any other event, and a deal's cards outside
// `hands`: a turned card, SK-D3); a spectator only the cards face up; after
// `end` everyone knows everything. A card is any string a deal put in a
// hand; values under `declare` (a declaration) and `options` (a game
// option, INTERFACE.md §1) are not cards.
//
// And a sealed action stays sealed (SK-B2, docs/RULINGS.md SK-10; RULES.md
// §11's gifts): while several seats may act at once and none has the turn,
// what one of them does is hidden from the seats it does not involve: for
// each other action the actor's legal list offered it, every other seat's
// projected event, view and legal list are the same, byte for byte, as
// long as no seat has the turn afterwards (the action that completes the
// round may reveal it all).
#include <boost/json.hpp>
#include <catch2/catch.hpp>
#include <set>
#include <string>
#include <vector>

#include "games/game.h"
#include "serve/projection.h"
#include "tests/games/play.h"

namespace pli::games_test {
namespace {

// What each seat (and, last, the spectator) may know so far.
class Knowledge {
 public:
  explicit Knowledge(int seats) : seats_(seats), known_(seats + 1) {}

  void Learn(const bj::object& event) {
    if (event.at("type") == "end") all_ = true;
    if (const bj::value* hands = event.if_contains("hands"); hands && hands->is_array()) {
      const bj::array& all = hands->as_array();
      for (size_t s = 0; s < all.size(); ++s) {
        for (const bj::value& c : all[s].as_array()) {
          secret_.insert(std::string(c.as_string()));
          known_[s].insert(std::string(c.as_string()));
        }
      }
      for (const auto& [key, value] : event)
        if (key != "hands") Public(value);
      return;
    }
    const bj::value* cards = event.if_contains("cards");
    if (!cards) return;
    const bj::value* from = event.if_contains("from");
    const bj::value* to = event.if_contains("to");
    if (from && to) {  // a gift: its giver's and receiver's
      for (const bj::value* s : {from, to})
        for (const bj::value& c : cards->as_array())
          known_[static_cast<size_t>(s->as_int64())].insert(std::string(c.as_string()));
      return;
    }
    Public(*cards);
  }

  // The cards `json` shows that `seat` (-1: the spectator) may not know,
  // with where they are ("hand[2]": "Kc").
  std::vector<std::string> Leaks(const bj::value& json, int seat) const {
    std::vector<std::string> out;
    if (all_) return out;
    Walk(json, seat < 0 ? known_[seats_] : known_[seat], "", out);
    return out;
  }

 private:
  void Public(const bj::value& v) {
    if (v.is_string()) {
      for (auto& k : known_) k.insert(std::string(v.as_string()));
    } else if (v.is_array()) {
      for (const bj::value& x : v.as_array()) Public(x);
    } else if (v.is_object()) {
      for (const auto& [key, x] : v.as_object()) Public(x);
    }
  }
  void Walk(const bj::value& v, const std::set<std::string>& known, const std::string& path,
            std::vector<std::string>& out) const {
    if (v.is_string()) {
      const std::string c(v.as_string());
      if (secret_.contains(c) && !known.contains(c)) out.push_back(path + ": " + c);
    } else if (v.is_array()) {
      const bj::array& a = v.as_array();
      for (size_t i = 0; i < a.size(); ++i) Walk(a[i], known, path + "[" + std::to_string(i) + "]", out);
    } else if (v.is_object()) {
      for (const auto& [key, x] : v.as_object())
        if (key != "declare" && key != "options") Walk(x, known, path + "." + std::string(key), out);
    }
  }

  int seats_;
  std::set<std::string> secret_;
  std::vector<std::set<std::string>> known_;  // seats, then the spectator
  bool all_ = false;
};

std::string Who(int seat) { return seat < 0 ? std::string("the spectator") : "seat " + std::to_string(seat); }

// Everything `seat` receives after the event `event` of `play`'s match:
// the projected event, the view and the legal list.
struct Frames {
  bj::object event, view;
  bj::array legal;
  std::string Text() const {
    return bj::serialize(event) + "\n" + bj::serialize(view) + "\n" + bj::serialize(legal);
  }
};
Frames FramesFor(const Game& game, const Match& after, const bj::object& event, bool over, int seat) {
  const bool sealed = serve::SealedEvent(after, event);
  return Frames{serve::ProjectEvent(game, event, seat, sealed, over, ""), serve::ProjectState(after, seat),
                serve::ProjectLegal(after.LegalJson(), seat)};
}

// The other actions `seat` could have taken instead (the exact actions of
// its legal entries, Match::LegalActionsJson, as the server sends them), as lines.
std::vector<std::string> Alternatives(const Game& game, const Match& before, int seat) {
  std::vector<std::string> out;
  const bj::object state = before.StateJson();
  const bj::array& hands = state.at("hands").as_array();
  const bj::array legal = before.LegalJson();
  const bj::array actions = serve::ProjectActions(legal, before.LegalActionsJson(), seat);
  for (size_t i = 0; i < actions.size(); ++i) {
    std::optional<bj::object> a = ExactAction(actions, i);
    if (!a) continue;
    (*a)["seat"] = seat;
    std::string line = bj::serialize(*a);
    if (!game.ReadLine(line, static_cast<int>(hands.size())).well_formed) {  // a gift names `from`
      a->erase("seat");
      (*a)["from"] = seat;
      line = bj::serialize(*a);
    }
    out.push_back(line);
  }
  return out;
}

// The seats an event involves beyond its actor (a gift's receiver).
std::set<int> Involved(const bj::object& event, int actor) {
  std::set<int> s{actor};
  if (const bj::value* to = event.if_contains("to"); to && to->is_int64()) s.insert(static_cast<int>(to->as_int64()));
  return s;
}

// Plays `games` random games of `game` and checks every recipient's frames
// after every event; returns the number of sealed actions compared.
int CheckGame(const Game& game, uint64_t seed, int max_events) {
  std::unique_ptr<Play> play = Play::Open(game, seed, /*hosted_only=*/true);
  REQUIRE(play != nullptr);
  Knowledge knows(play->seats());
  int sealed_checked = 0;
  knows.Learn(bj::parse(game.EventJson(play->events().back().body, 1)).as_object());
  while (std::optional<std::string> line = play->Next(max_events)) {
    const std::unique_ptr<Match> before = play->match().Clone();
    const AnyEvent e = play->Step(*line);
    const bj::object event = bj::parse(game.EventJson(e.body, *e.seq)).as_object();
    knows.Learn(event);
    const bool over = play->ended();
    std::vector<Frames> frames;
    for (int seat = -1; seat < play->seats(); ++seat) {
      Frames f = FramesFor(game, play->match(), event, over, seat);
      INFO(Who(seat) << " after " << *line << " (" << play->lines().front() << ", event " << *e.seq << ")");
      const std::vector<std::string> leaks_event = knows.Leaks(f.event, seat);
      const std::vector<std::string> leaks_view = knows.Leaks(f.view, seat);
      const std::vector<std::string> leaks_legal = knows.Leaks(f.legal, seat);
      CAPTURE(leaks_event, leaks_view, leaks_legal);
      CHECK(leaks_event.empty());
      CHECK(leaks_view.empty());
      CHECK(leaks_legal.empty());
      frames.push_back(std::move(f));
    }
    // A sealed action: several seats could act, none had the turn, and
    // still none has it.
    if (e.seat >= 0 && before->Turn() < 0 && before->ToAct().size() > 1 && play->match().Turn() < 0 &&
        !play->match().ToAct().empty() && !over) {
      for (const std::string& alt : Alternatives(game, *before, e.seat)) {
        std::unique_ptr<Match> other = before->Clone();
        const GameLine read = game.ReadLine(alt, play->seats());
        if (!read.well_formed) continue;
        AnyEvent a = read.event;
        a.seq = e.seq;
        if (other->Step(a) || other->Turn() >= 0 || other->ToAct().empty()) continue;
        const bj::object alt_event = bj::parse(game.EventJson(a.body, *a.seq)).as_object();
        const std::set<int> involved = Involved(event, e.seat);
        if (Involved(alt_event, e.seat) != involved) continue;
        for (int seat = -1; seat < play->seats(); ++seat) {
          if (involved.contains(seat)) continue;
          INFO(Who(seat) << " tells " << *line << " from " << alt << " (" << play->lines().front() << ")");
          CHECK(FramesFor(game, *other, alt_event, over, seat).Text() == frames[seat + 1].Text());
        }
        ++sealed_checked;
      }
    }
  }
  return sealed_checked;
}

TEST_CASE("no recipient sees a card it may not know, nor a sealed action, in any game", "[secrecy]") {
  for (const Game* game : Games()) {
    INFO(game->Name());
    int sealed = 0;
    for (uint64_t seed = 1; seed <= 12; ++seed) sealed += CheckGame(*game, seed * 7919 + 27, 400);
    // How often the sealed check ran, per game (a game with no simultaneous
    // action has none to check).
    WARN(game->Name() << ": " << sealed << " sealed actions compared with an alternative");
  }
}

}  // namespace
}  // namespace pli::games_test
