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
    cmd_->add_option("--db", options_.hub.db, "The database: a SQLite file (created if missing) or a postgresql:// URI (docs/POSTGRES.md; serve/README.md)")->required();
    cmd_->add_option("--listen", listen_,
                     "ADDR:PORT to listen on: an IPv4 address, [IPv6] or localhost, and a port from 1 to "
                     "65535 (0: any free port, printed on the first line)");
    cmd_->add_option("--bot-delay-ms", bot_delay_, "A bot's pause before it acts");
    cmd_->add_option("--grace-ms", grace_, "How long an absent person's turn waits for them before a bot plays it");
    cmd_->add_option("--join-rate", options_.hub.join_rate, "Joins per second per address, after a burst of 10 (0: no limit)");
    // What one client may cost (issue 30; serve/README.md "Limits").
    auto& hub = options_.hub;
    cmd_->add_option("--create-rate", hub.create_rate, "Tables created per second per address, after a burst of --create-burst (0: no limit)");
    cmd_->add_option("--create-burst", hub.create_burst, "Tables an address may create at once");
    cmd_->add_option("--max-tables", hub.max_tables, "Tables held in all (creation refused beyond; a restart reloads at most this many)")->check(CLI::PositiveNumber);
    cmd_->add_option("--action-rate", hub.action_rate, "HTTP actions per second per seat, after a burst of --action-burst (0: no limit)");
    cmd_->add_option("--action-burst", hub.action_burst, "HTTP actions a seat may send at once");
    cmd_->add_option("--backlog-chunk", hub.backlog_chunk, "Events sent per step of a resync or an events stream, the next once the client has read them")->check(CLI::PositiveNumber);
    cmd_->add_option("--presence-ms", presence_, "At most one presence message per table per this (0: each change at once)");
    cmd_->add_option("--idle-pause-ms", idle_pause_, "A table nobody follows or acts at this long is paused (its bots wait)");
    cmd_->add_option("--idle-close-ms", idle_close_, "... and after this long it is ended and freed from memory (its log stays)");
    cmd_->add_option("--reconnect-ms", reconnect_, "PostgreSQL: how long a lost connection is tried again (backoff) before actions are refused 503 reconnecting")->check(CLI::NonNegativeNumber);
    cmd_->footer(
        "Tables, seats and token hashes are kept in tables of their own (serve_*) in the same\n"
        "database, outside the event log; the events are the log of INTERFACE.md §1. On\n"
        "PostgreSQL they are pli.serve_*, made by the schema's migration (the schema's owner\n"
        "runs it once), readable by pli_writer only, never by pli_reader: e.g. --db\n"
        "'postgresql://pli_app@db.example/games'. For failover, a multi-host URI that picks\n"
        "the primary: 'postgresql://pli_app@db1,db2/games?target_session_attrs=read-write'\n"
        "(serve/README.md \"Failover\").\n"
        "It listens on 127.0.0.1:8080 unless --listen says otherwise: this machine only. To\n"
        "play on a local network, --listen 0.0.0.0:8080 (every interface; plain HTTP, so only\n"
        "on a network you trust) and open http://THIS-MACHINE:8080/ on each phone.\n"
        "\n"
        "Examples:\n  pli serve --db live.db --listen 127.0.0.1:8080\n");
  }
  std::optional<int> RunParsed() override {
    if (!cmd_->parsed()) return std::nullopt;
    ParseListen(listen_, options_);
    options_.hub.bot_delay = std::chrono::milliseconds(bot_delay_);
    options_.hub.grace = std::chrono::milliseconds(grace_);
    options_.hub.presence_every = std::chrono::milliseconds(presence_);
    options_.hub.idle_pause = std::chrono::milliseconds(idle_pause_);
    options_.hub.idle_close = std::chrono::milliseconds(idle_close_);
    options_.hub.reconnect_wait = std::chrono::milliseconds(reconnect_);
    if (idle_close_ < idle_pause_) throw std::runtime_error("--idle-close-ms is at least --idle-pause-ms");
    return serve::RunServe(options_);
  }

 private:
  CLI::App* cmd_ = nullptr;
  serve::ServeOptions options_;
  std::string listen_ = "127.0.0.1:8080";
  int bot_delay_ = 700;
  int grace_ = 20000;
  int64_t presence_ = 500;
  int64_t idle_pause_ = 5 * 60 * 1000;
  int64_t idle_close_ = 60 * 60 * 1000;
  int64_t reconnect_ = 10000;
};

}  // namespace

std::unique_ptr<CommandGroup> AddServeCommand(CLI::App& app) { return std::make_unique<ServeCommand>(app); }

}  // namespace pli::cli
