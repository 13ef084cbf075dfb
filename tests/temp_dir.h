// temp_dir.h: a fresh directory under the system temp dir for one test,
// removed at the end; shared by the test folders that write files.
#ifndef PLI_TESTS_TEMP_DIR_H_
#define PLI_TESTS_TEMP_DIR_H_

#include <unistd.h>

#include <atomic>
#include <filesystem>
#include <fstream>
#include <string>
#include <system_error>

namespace pli::test {

struct TempDir {
  std::filesystem::path path;
  TempDir() {
    static std::atomic<int> counter{0};
    path = std::filesystem::temp_directory_path() /
           ("pli-test-" + std::to_string(getpid()) + "-" + std::to_string(counter++));
    std::filesystem::create_directories(path);
  }
  ~TempDir() {
    std::error_code ec;
    std::filesystem::remove_all(path, ec);
  }
  TempDir(const TempDir&) = delete;
  TempDir& operator=(const TempDir&) = delete;
  // Writes `text` to `name` (parent folders made as needed); returns its path.
  std::string Write(const std::string& name, const std::string& text) const {
    std::filesystem::path p = path / name;
    std::filesystem::create_directories(p.parent_path());
    std::ofstream(p) << text;
    return p.string();
  }
};

}  // namespace pli::test

#endif  // PLI_TESTS_TEMP_DIR_H_
