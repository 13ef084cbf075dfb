// server.h: `pli serve` (INTERFACE.md §3, ../shared/SERVE.md): HTTP and
// WebSocket on one port with Boost.Beast, one network thread, the Hub
// behind it. Limits: bodies 64 KiB, headers 8 KiB, frames 16 KiB, JSON depth
// 32, a request within 10 s, auth within 5 s, 30 messages/s per connection
// (burst 60), 1024 queued messages or 4 MiB per connection (then cut off),
// joins rate-limited per address, Origin checked against Host.
#ifndef PLI_SERVE_SERVER_H_
#define PLI_SERVE_SERVER_H_

#include <string>

#include "serve/hub.h"

namespace pli::serve {

struct ServeOptions {
  HubOptions hub;
  std::string address = "127.0.0.1";
  unsigned short port = 8080;
};

// Whether `text` is an IPv4 or IPv6 address (no brackets).
bool IsAddress(const std::string& text);

// Serves until SIGINT or SIGTERM. A port already in use (or another reason
// not to listen) is one sentence on stderr and exit status 1, before the
// database is opened. Prints "listening on ADDR:PORT" (the
// port bound, when 0 was asked) on stdout once it accepts. Returns the exit
// status.
int RunServe(const ServeOptions& options);

}  // namespace pli::serve

#endif  // PLI_SERVE_SERVER_H_
