#include "gpuatom/report/scenario_files.hpp"

#include <fmt/format.h>

#include <algorithm>
#include <cstdlib>
#include <filesystem>

#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::report {

namespace fs = std::filesystem;

namespace {
// What a directory entry that is not a regular file is, for the note that passes it over.
std::string kind_of(const fs::directory_entry& entry) {
  std::error_code ec;
  switch (entry.status(ec).type()) {
    case fs::file_type::fifo: return "a FIFO";
    case fs::file_type::socket: return "a socket";
    case fs::file_type::character: return "a character device";
    case fs::file_type::block: return "a block device";
    case fs::file_type::not_found: return "a broken symbolic link";
    default: return "not a regular file";
  }
}

}  // namespace

std::vector<std::string> scenario_files(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      out.push_back(arg);  // named by the user: read as it is, a FIFO or `-` included
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(arg, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
      // An entry that cannot be examined (a broken link) is no error of the listing: `ec` stays
      // the iterator's alone.
      std::error_code entry;
      if (it->path().extension() != ".toml" || it->is_directory(entry)) continue;
      // Found, not named: a FIFO would block the run for ever when opened, and a device is no
      // scenario. Only regular files (or links to them) are read.
      if (!it->is_regular_file(entry)) {
        support::write_stderr(fmt::format("gpuatom: note: {}: {}, not a regular file: skipped\n",
                                          support::printable_message(it->path().string()), kind_of(*it)));
        continue;
      }
      found.push_back(it->path().string());
    }
    if (ec) throw support::InputError(fmt::format("{}: cannot list the directory: {}", arg, ec.message()));
    if (found.empty()) throw support::InputError(fmt::format("{}: the directory holds no .toml scenario files", arg));
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

std::vector<std::string> bundled_examples() {
  std::vector<fs::path> roots;
  // getenv races only with a setenv, which the library never calls.
  // NOLINTNEXTLINE(concurrency-mt-unsafe)
  if (const char* env = std::getenv("GPUATOM_EXAMPLES")) roots.emplace_back(env);
  std::error_code ec;
  const fs::path exe = fs::read_symlink("/proc/self/exe", ec);
  if (!ec) {
    roots.push_back(exe.parent_path() / "../../../examples");
    roots.push_back(exe.parent_path() / "../share/gpuatom/examples");
  }
  for (const fs::path& root : roots) {
    if (!fs::is_directory(root, ec)) continue;
    std::vector<std::string> files;
    for (const auto& entry : fs::recursive_directory_iterator(root, ec))
      if (entry.is_regular_file() && entry.path().extension() == ".toml")
        files.push_back(entry.path().lexically_normal().string());
    std::sort(files.begin(), files.end());
    if (!files.empty()) return files;
  }
  return {};
}

}  // namespace gpuatom::report
