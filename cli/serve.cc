// serve.cc: `pli serve`, the game master of live tables (serve/server.h).
#include <CLI/CLI.hpp>
#include <stdexcept>
#include <string>

#include "cli/command_group.h"
#include "serve/server.h"

namespace pli::cli {
namespace {

// --listen ADDR:PORT, read strictly: the port is 0 (any free port) or 1 to
// 65535 in decimal digits only ("99999" and "-5" are refused, not wrapped);
// ADDR is an IPv4 address, an IPv6 one in brackets, or localhost. Throws a
// plain sentence (exit 2) otherwise.
void ParseListen(const std::string& listen, serve::ServeOptions& out) {
  const std::string usage = "--listen is ADDR:PORT, e.g. 127.0.0.1:8080 (port 0: any free port)";
  const size_t colon = listen.rfind(':');
  if (colon == std::string::npos) throw std::runtime_error("--listen \"" + listen + "\" has no port: " + usage);
  std::string host = listen.substr(0, colon);
  const std::string port = listen.substr(colon + 1);
  if (port.empty() || port.size() > 5 ||
      port.find_first_not_of("0123456789") != std::string::npos || std::stol(port) > 65535)
    throw std::runtime_error("--listen \"" + listen + "\": the port is a number from 1 to 65535 (or 0: any free port)");
  if (host.size() >= 2 && host.front() == '[' && host.back() == ']') host = host.substr(1, host.size() - 2);
  if (host == "localhost") host = "127.0.0.1";
  if (!serve::IsAddress(host))
    throw std::runtime_error("--listen \"" + listen + "\": \"" + host + "\" is not an IP address; " + usage);
  out.address = host;
  out.port = static_cast<unsigned short>(std::stol(port));
}

class ServeCommand : public CommandGroup {
 public:
  explicit ServeCommand(CLI::App& app) {
    cmd_ = app.add_subcommand("serve", "Referee live tables over HTTP and WebSocket (INTERFACE.md §3)");
    cmd_->add_option("--db", options_.hub.db, "The database (a SQLite file; created if missing)")->required();
    cmd_->add_option("--listen", listen_,
                     "ADDR:PORT to listen on: an IPv4 address, [IPv6] or localhost, and a port from 1 to "
                     "65535 (0: any free port, printed on the first line)");
    cmd_->add_option("--bot-delay-ms", bot_delay_, "A bot's pause before it acts");
    cmd_->add_option("--grace-ms", grace_, "How long an absent person's turn waits for them before a bot plays it");
    cmd_->add_option("--join-rate", options_.hub.join_rate, "Joins per second per address, after a burst of 10 (0: no limit)");
    cmd_->footer(
        "Tables, seats and token hashes are kept in tables of their own (serve_*) in the same\n"
        "database, outside the event log; the events are the log of INTERFACE.md §1.\n"
        "Example:\n  pli serve --db live.db --listen 127.0.0.1:8080\n");
  }
  std::optional<int> RunParsed() override {
    if (!cmd_->parsed()) return std::nullopt;
    ParseListen(listen_, options_);
    options_.hub.bot_delay = std::chrono::milliseconds(bot_delay_);
    options_.hub.grace = std::chrono::milliseconds(grace_);
    return serve::RunServe(options_);
  }

 private:
  CLI::App* cmd_ = nullptr;
  serve::ServeOptions options_;
  std::string listen_ = "127.0.0.1:8080";
  int bot_delay_ = 700;
  int grace_ = 20000;
};

}  // namespace

std::unique_ptr<CommandGroup> AddServeCommand(CLI::App& app) { return std::make_unique<ServeCommand>(app); }

}  // namespace pli::cli
