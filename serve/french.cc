// french.cc: see french.h.
#include "serve/french.h"

#include <boost/json.hpp>
#include <utility>

namespace pli::serve {
namespace {

namespace bj = boost::json;

// English -> French, the server's own sentences (hub.cc, hub_api.cc,
// server.cc). A sentence added there without its line here is sent with
// no message_fr (tests/serve checks the refusals it provokes).
constexpr std::pair<std::string_view, std::string_view> kFrench[] = {
    // HTTP: tables, joins, seats.
    {"a ruleset is a string", "le jeu de règles est une chaîne"},
    {"no game answers to that ruleset", "aucun jeu ne répond à ce jeu de règles"},
    {"bots is easy, medium or hard", "les robots sont easy, medium ou hard (facile, moyen, difficile)"},
    {"options is an object", "les options sont un objet"},
    {"too many joins from this address: wait a little", "trop d'arrivées depuis cette adresse : attendez un peu"},
    {"code is a string", "le code est une chaîne"},
    {"a name is 1 to 40 characters, no control characters",
     "un nom a de 1 à 40 caractères, sans caractère de contrôle"},
    {"no table has that code", "aucune table n'a ce code"},
    {"the game at that table has started", "la partie a commencé à cette table"},
    {"every seat at that table is taken", "toutes les places de cette table sont prises"},
    {"someone at that table already has that name: choose another",
     "quelqu'un à cette table porte déjà ce nom : choisissez-en un autre"},
    {"no such table", "cette table n'existe pas"},
    {"starting a table needs its host token", "lancer la partie demande le jeton de l'hôte"},
    {"that is not this table's host token", "ce n'est pas le jeton de l'hôte de cette table"},
    {"the game has already started", "la partie a déjà commencé"},
    {"ending a game needs its host token", "terminer la partie demande le jeton de l'hôte"},
    {"the game has not started", "la partie n'a pas commencé"},
    {"reissuing a token needs the host token", "renouveler un jeton demande le jeton de l'hôte"},
    {"no such seat at this table", "cette place n'existe pas à cette table"},
    {"only a person's seat has a token", "seule la place d'une personne a un jeton"},
    {"the host revoked this seat's token", "l'hôte a révoqué le jeton de cette place"},
    {"acting needs a seat token", "jouer demande le jeton d'une place"},
    {"that token holds no seat at this table", "ce jeton ne donne aucune place à cette table"},
    {"the seat comes from the token, never from the message",
     "la place vient du jeton, jamais du message"},
    {"action is an object: the event's fields without seat",
     "action est un objet : les champs de l'événement, sans la place"},
    {"expect is an integer (the last seq seen)", "expect est un entier (le dernier seq vu)"},
    {"id is a non-empty string", "id est une chaîne non vide"},
    {"the body is not a JSON object", "le corps n'est pas un objet JSON"},
    {"no such game", "cette partie n'existe pas"},
    {"the log is read once the game has ended", "le journal se lit une fois la partie terminée"},
    {"a game's replay is shown once it has ended", "le replay d'une partie se montre une fois celle-ci terminée"},
    {"the game's log cannot be read", "le journal de la partie ne peut pas être lu"},
    {"the body is over 64 KiB", "le corps dépasse 64 Kio"},
    {"the WebSocket is /ws", "le WebSocket est /ws"},
    {"wrong Origin", "mauvaise origine (Origin)"},
    {"no such resource", "cette ressource n'existe pas"},
    {"since is an integer", "since est un entier"},
    {"a spectator does not act", "un spectateur ne joue pas"},
    // WebSocket errors.
    {"authenticate within 5 s", "authentifiez-vous dans les 5 s"},
    {"auth names its table", "auth nomme sa table"},
    {"token is a string", "le jeton est une chaîne"},
    {"messages are text frames", "les messages sont des trames texte"},
    {"too many messages", "trop de messages"},
    {"a message is one JSON object", "un message est un objet JSON"},
    {"a message names its type in \"t\"", "un message nomme son type dans \"t\""},
    {"the first message is auth", "le premier message est auth"},
    {"resync names since, an integer", "resync nomme since, un entier"},
    {"unknown message type", "type de message inconnu"},
    // Chat (serve/README.md "Chat").
    {"a spectator does not chat: only the seats may", "un spectateur ne parle pas : seules les places le peuvent"},
    {"a message has at least one character", "un message a au moins un caractère"},
    {"a message is at most 280 characters", "un message a au plus 280 caractères"},
    {"a message is text: valid UTF-8 without control characters",
     "un message est du texte : de l'UTF-8 valide sans caractère de contrôle"},
    {"too many messages: wait a second", "trop de messages : attendez une seconde"},
    {"text is a string", "text est une chaîne"},
    {"the chat opens once you are at the table", "la discussion s'ouvre une fois à la table"},
};


}  // namespace

std::optional<std::string> French(std::string_view english) {
  if (english.empty()) return std::nullopt;
  for (const auto& [en, fr] : kFrench)
    if (en == english) return std::string(fr);
  constexpr std::string_view kSeats = "seats is an integer from ";  // "from 4 to 8"
  if (english.starts_with(kSeats) && english.find(" to ") != std::string_view::npos) {
    std::string range(english.substr(kSeats.size()));
    range.replace(range.find(" to "), 4, " à ");
    return "le nombre de places est un entier de " + range;
  }
  // Two sentences that quote a field name (hub_api.cc ActAs, CreateTable).
  constexpr std::string_view kUnknown = "unknown field \"";
  if (english.starts_with(kUnknown) && english.ends_with("\"") && english.size() > kUnknown.size())
    return "champ inconnu \"" + std::string(english.substr(kUnknown.size()));
  constexpr std::string_view kServers = "\" is the server's to write";
  if (english.starts_with("\"") && english.ends_with(kServers) && english.size() > kServers.size())
    return std::string(english.substr(0, english.size() - kServers.size())) + "\" est écrit par le serveur";
  return std::nullopt;
}

void AddFrench(bj::object& o) {
  const bj::value* m = o.if_contains("message");
  if (!m || !m->is_string() || o.contains("message_fr")) return;
  if (std::optional<std::string> fr = French(std::string_view(m->as_string().data(), m->as_string().size())))
    o["message_fr"] = *fr;
}

std::string WithFrench(std::string text) {
  if (text.find("\"message\"") == std::string::npos) return text;
  boost::system::error_code ec;
  bj::value v = bj::parse(text, ec);
  if (ec || !v.is_object()) return text;
  bj::object& o = v.as_object();
  if (const bj::value* t = o.if_contains("t"))
    if (!(t->is_string() && (t->as_string() == "rejected" || t->as_string() == "error" || t->as_string() == "chat-refused")))
      return text;
  if (o.contains("message_fr")) return text;
  const bj::value* m = o.if_contains("message");
  if (!m || !m->is_string() || !French(std::string_view(m->as_string().data(), m->as_string().size()))) return text;
  AddFrench(o);
  return bj::serialize(o);
}

}  // namespace pli::serve
