// client_action.h: how a client of `pli serve` turns one entry of its
// `legal` list into an action (INTERFACE.md §3), choosing the cards from
// its hand as a person would. Used by the load program (pli-load) and the
// tests' client, which play whole games from `legal`; not by the server.
#ifndef PLI_SERVE_CLIENT_ACTION_H_
#define PLI_SERVE_CLIENT_ACTION_H_

#include <boost/json.hpp>
#include <cstddef>
#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace pli::serve::client {

// A Président card's rank ("10" for a ten written T).
inline std::string RankOf(const std::string& card) {
  std::string r = card.substr(0, card.size() - 1);
  return r == "T" ? "10" : r;
}

// The action of one legal entry (the event's fields without seat), cards
// chosen from `hand`; nullopt when it cannot be made.
inline std::optional<boost::json::object> ActionOf(const boost::json::object& a,
                                                   const boost::json::array& hand) {
  namespace bj = boost::json;
  const std::string type(a.at("type").as_string());
  bj::object out{{"type", type}};
  if (type == "pass") return out;
  if (type == "bid") {
    out["bid"] = a.at("bid");
    if (a.contains("cannon")) out["cannon"] = a.at("cannon");
    return out;
  }
  if (type == "play" && a.contains("card")) {  // Skull King: one card
    out["cards"] = bj::array{a.at("card")};
    if (!a.at("declare").is_null()) out["declare"] = a.at("declare");
    return out;
  }
  if (type == "exchange") {  // K1: `count` cards of from_cards; K2: of `ranks` when given
    bj::array cards;
    const bj::array& from = a.at("from_cards").as_array();
    std::vector<bool> taken(from.size(), false);
    const bj::array none;
    const bj::array& ranks = a.contains("ranks") ? a.at("ranks").as_array() : none;
    for (const bj::value& r : ranks) {  // one card of each rank the gift must have
      const std::string rank = RankOf(std::string(r.as_string()) + "x");
      for (size_t i = 0; i < from.size(); ++i) {
        if (!taken[i] && RankOf(std::string(from[i].as_string())) == rank) {
          taken[i] = true;
          cards.push_back(from[i]);
          break;
        }
      }
    }
    for (size_t i = 0; i < from.size(); ++i)  // a free choice: the first ones
      if (!taken[i] && cards.size() < static_cast<size_t>(a.at("count").as_int64())) cards.push_back(from[i]);
    out["to"] = a.at("to");
    out["cards"] = cards;
    return out;
  }
  // Président: a play or close of `count` (close: all) cards of `rank`.
  const std::string rank = RankOf(std::string(a.at("rank").as_string()) + "x");
  const int64_t count = a.contains("count") ? a.at("count").as_int64() : 4;
  bj::array cards;
  for (const bj::value& c : hand)
    if (RankOf(std::string(c.as_string())) == rank && static_cast<int64_t>(cards.size()) < count) cards.push_back(c);
  if (cards.empty()) return std::nullopt;
  out["cards"] = cards;
  if (a.contains("declare") && !a.at("declare").is_null()) out["declare"] = a.at("declare");
  return out;
}

}  // namespace pli::serve::client

#endif  // PLI_SERVE_CLIENT_ACTION_H_
