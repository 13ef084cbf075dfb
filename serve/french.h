// french.h: the server's sentences in French (issue 26). Every refusal and
// error `pli serve` sends (HTTP error bodies, WebSocket `rejected`, `error`
// and `chat-refused`) keeps its English `message` (INTERFACE.md §3) and
// gains `message_fr` when its French is written: always for the server's
// own sentences (this table), never for a sentence that quotes a game's
// rulebook or a parser (a violation's rule sentence, a malformed event's
// reason, a storage failure), which stay English only. The rule is
// testable: `message_fr` is present exactly when French() knows the
// English sentence.
#ifndef PLI_SERVE_FRENCH_H_
#define PLI_SERVE_FRENCH_H_

#include <boost/json/object.hpp>
#include <optional>
#include <string>
#include <string_view>

namespace pli::serve {

// The French of one of the server's own sentences; nullopt when none is
// written (a rule sentence, a parser's reason).
std::optional<std::string> French(std::string_view english);

// Adds "message_fr" beside a string "message" when its French is written.
void AddFrench(boost::json::object& o);

// `text`, a JSON object that is a refusal (an HTTP error body, or a
// WebSocket message whose `t` is rejected, error or chat-refused), with
// "message_fr" added; any other text as it is.
std::string WithFrench(std::string text);

}  // namespace pli::serve

#endif  // PLI_SERVE_FRENCH_H_
