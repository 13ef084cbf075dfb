// serve.cc: `pli serve`, the game master of live tables (serve/server.h).
#include <CLI/CLI.hpp>

#include "cli/command_group.h"
#include "serve/server.h"

namespace pli::cli {
namespace {

class ServeCommand : public CommandGroup {
 public:
  explicit ServeCommand(CLI::App& app) {
    cmd_ = app.add_subcommand("serve", "Referee live tables over HTTP and WebSocket (INTERFACE.md §3)");
    cmd_->add_option("--db", options_.hub.db, "The database (a SQLite file; created if missing)")->required();
    cmd_->add_option("--listen", listen_, "ADDR:PORT to listen on (port 0: any free port)");
    cmd_->add_option("--bot-delay-ms", bot_delay_, "A bot's pause before it acts");
    cmd_->add_option("--grace-ms", grace_, "How long an absent person's turn waits for them before a bot plays it");
    cmd_->add_option("--join-rate", options_.hub.join_rate, "Joins per second per address, after a burst of 10 (0: no limit)");
    cmd_->footer(
        "Tables, seats and token hashes are kept in tables of their own (serve_*) in the same\n"
        "database, outside the event log; the events are the log of INTERFACE.md §1.\n"
        "It listens on 127.0.0.1:8080 unless --listen says otherwise: this machine only. To\n"
        "play on a local network, --listen 0.0.0.0:8080 (every interface; plain HTTP, so only\n"
        "on a network you trust) and open http://THIS-MACHINE:8080/ on each phone.\n"
        "\n"
        "Examples:\n  pli serve --db live.db --listen 127.0.0.1:8080\n");
  }
  std::optional<int> RunParsed() override {
    if (!cmd_->parsed()) return std::nullopt;
    // One sentence naming what was typed (issue 29), not std::stoi's "stoi",
    // and no port silently cut to 16 bits.
    const size_t colon = listen_.rfind(':');
    const std::string port = colon == std::string::npos ? "" : listen_.substr(colon + 1);
    const bool digits = !port.empty() && port.size() <= 5 &&
                        port.find_first_not_of("0123456789") == std::string::npos;
    if (colon == 0 || !digits || std::stoi(port) > 65535) {
      throw std::runtime_error("pli serve: --listen \"" + listen_ +
                               "\" is not ADDRESS:PORT with a port from 0 to 65535, e.g. 127.0.0.1:8080");
    }
    options_.address = listen_.substr(0, colon);
    options_.port = static_cast<unsigned short>(std::stoi(port));
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
