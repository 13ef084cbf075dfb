// replay_view.cc: placeholder until its commands land (see command_group.h).
#include "cli/command_group.h"

namespace pli::cli {
namespace {
class Empty : public CommandGroup {
 public:
  std::optional<int> RunParsed() override { return std::nullopt; }
};
}  // namespace

std::unique_ptr<CommandGroup> AddReplayCommand(CLI::App& /*app*/) { return std::make_unique<Empty>(); }

}  // namespace pli::cli
