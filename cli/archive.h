// archive.h: moving games in and out of a database (INTERFACE.md §2):
// pli import, pli export and pli backup. CLI11 wiring only.
#ifndef PLI_CLI_ARCHIVE_H_
#define PLI_CLI_ARCHIVE_H_

#include <CLI/CLI.hpp>
#include <optional>
#include <string>

namespace pli::cli {

struct ArchiveArgs {
  std::string db;
  std::string file;                 // import: the log; backup: the target
  std::optional<std::string> game;  // export
  std::optional<std::string> output;  // export: a file instead of stdout
  bool keep_illegal = false;        // import
  bool json = false;
};

struct ArchiveCommands {
  CLI::App* import = nullptr;
  CLI::App* export_ = nullptr;
  CLI::App* backup = nullptr;
};

ArchiveCommands AddArchiveCommands(CLI::App& app, ArchiveArgs& args);

// Runs the archive command that was parsed, if any, and returns its exit
// status. Throws std::runtime_error (bad input) or StoreError.
std::optional<int> RunArchive(const ArchiveCommands& commands, const ArchiveArgs& args);

}  // namespace pli::cli

#endif  // PLI_CLI_ARCHIVE_H_
