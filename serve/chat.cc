// chat.cc: the table's chat (issue 26, seed 004's `sendMessage`), see
// Hub::Chat in hub.h and serve/README.md "Chat". Messages go to the
// WebSocket followers of the table, seats and spectators; they are never
// events and never stored, so the log, its hashes and every replay are as
// without them. The text travels as a JSON string (any text is safe on the
// wire); the page escapes it where it shows it.
#include <algorithm>
#include <boost/json.hpp>
#include <string_view>
#include <utility>

#include "serve/hub.h"

namespace pli::serve {
namespace {

namespace bj = boost::json;
using Clock = std::chrono::steady_clock;

constexpr double kChatRate = 1;    // messages a second, per connection
constexpr double kChatBurst = 5;   // at once
constexpr size_t kChatMax = 280;   // characters (code points)

// What is wrong with a chat text ("" for nothing): {code, English}.
std::pair<const char*, const char*> Judge(std::string_view s) {
  size_t points = 0;
  bool control = false, blank = true;
  for (size_t i = 0; i < s.size();) {
    const auto c = static_cast<unsigned char>(s[i]);
    uint32_t cp = 0;
    int n = 0;
    if (c < 0x80) cp = c, n = 1;
    else if (c >= 0xc2 && c <= 0xdf) cp = c & 0x1f, n = 2;
    else if (c >= 0xe0 && c <= 0xef) cp = c & 0x0f, n = 3;
    else if (c >= 0xf0 && c <= 0xf4) cp = c & 0x07, n = 4;
    else return {"bad-text", "a message is text: valid UTF-8 without control characters"};
    if (i + n > s.size()) return {"bad-text", "a message is text: valid UTF-8 without control characters"};
    for (int k = 1; k < n; ++k) {
      const auto d = static_cast<unsigned char>(s[i + k]);
      if ((d & 0xc0) != 0x80) return {"bad-text", "a message is text: valid UTF-8 without control characters"};
      cp = (cp << 6) | (d & 0x3f);
    }
    // Overlong forms, surrogates and beyond U+10FFFF are not UTF-8.
    if ((n == 3 && cp < 0x800) || (n == 4 && (cp < 0x10000 || cp > 0x10ffff)) || (cp >= 0xd800 && cp <= 0xdfff))
      return {"bad-text", "a message is text: valid UTF-8 without control characters"};
    // Control characters: C0 (line breaks and tabs too: one line), DEL,
    // C1, the line and paragraph separators, and the bidirectional
    // overrides and isolates (they would turn the text around others').
    if (cp < 0x20 || (cp >= 0x7f && cp < 0xa0) || cp == 0x2028 || cp == 0x2029 ||
        (cp >= 0x202a && cp <= 0x202e) || (cp >= 0x2066 && cp <= 0x2069))
      control = true;
    if (cp != ' ') blank = false;
    ++points;
    i += static_cast<size_t>(n);
  }
  if (points > kChatMax) return {"too-long", "a message is at most 280 characters"};
  if (blank) return {"empty", "a message has at least one character"};
  if (control) return {"bad-text", "a message is text: valid UTF-8 without control characters"};
  return {"", ""};
}

}  // namespace

void Hub::Chat(const std::string& table, int seat, const bj::object& msg,
               const std::shared_ptr<Subscriber>& sub) {
  Table* t = Find(table);
  if (!t) return;
  const bj::value rid = msg.contains("rid") ? msg.at("rid") : bj::value(nullptr);
  auto refuse = [&](const char* code, const char* message) {
    sub->Send(bj::serialize(bj::object{{"t", "chat-refused"}, {"rid", rid}, {"code", code}, {"message", message}}));
  };
  Follower* me = nullptr;
  for (Follower& f : t->followers)
    if (f.ws && f.sub.lock() == sub) me = &f;
  if (!me) return refuse("not-following", "the chat opens once you are at the table");
  // The rate first: refusals count too, so a flood of bad messages is slowed
  // as much as a flood of good ones.
  const auto now = Clock::now();
  me->chat_tokens = std::min(kChatBurst, me->chat_tokens + kChatRate * std::chrono::duration<double>(now - me->chat_when).count());
  me->chat_when = now;
  if (me->chat_tokens < 1) return refuse("too-fast", "too many messages: wait a second");
  me->chat_tokens -= 1;
  if (seat < 0) return refuse("spectator", "a spectator does not chat: only the seats may");
  const bj::value* text = msg.if_contains("text");
  if (!text || !text->is_string()) return refuse("bad-text", "text is a string");
  const auto [code, why] = Judge(std::string_view(text->as_string().data(), text->as_string().size()));
  if (*code) return refuse(code, why);
  bj::object out{{"t", "chat"}, {"seat", seat}, {"name", t->seats[static_cast<size_t>(seat)].name}, {"text", *text}};
  const std::string all = bj::serialize(out);
  out["rid"] = rid;
  const std::string own = bj::serialize(out);
  for (Follower& f : t->followers) {
    if (!f.ws) continue;  // an NDJSON stream carries events only
    if (std::shared_ptr<Subscriber> s = f.sub.lock()) s->Send(s == sub ? own : all);
  }
}

}  // namespace pli::serve
