// command_group.h: how a file of cli/ adds its subcommands to `pli`.
// Each group owns its arguments; main() adds every group, parses, then asks
// each group to run its subcommand if that is the one parsed.
#ifndef PLI_CLI_COMMAND_GROUP_H_
#define PLI_CLI_COMMAND_GROUP_H_

#include <CLI/CLI.hpp>
#include <memory>
#include <optional>

namespace pli::cli {

class CommandGroup {
 public:
  virtual ~CommandGroup() = default;
  // Runs the group's subcommand that was parsed and returns its exit status;
  // nullopt when none of the group's subcommands was parsed. Bad input
  // throws std::runtime_error (or StoreError), which main turns into exit 2.
  virtual std::optional<int> RunParsed() = 0;
};

// The groups, one per file (each defined in that file).
std::unique_ptr<CommandGroup> AddAdjudicateCommands(CLI::App& app);  // adjudicate.cc: explain, diff, check
std::unique_ptr<CommandGroup> AddReplayCommand(CLI::App& app);       // replay_view.cc: replay
std::unique_ptr<CommandGroup> AddSimulateCommands(CLI::App& app);    // simulate.cc: simulate, prop
std::unique_ptr<CommandGroup> AddServeCommand(CLI::App& app);        // serve.cc: serve
std::unique_ptr<CommandGroup> AddCopyCommand(CLI::App& app);         // copy.cc: copy

}  // namespace pli::cli

#endif  // PLI_CLI_COMMAND_GROUP_H_
