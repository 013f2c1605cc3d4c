#include "scenario_files.hpp"

#include <algorithm>
#include <filesystem>

#include <fmt/format.h>

#include "command.hpp"

namespace gpuatom::cli {

namespace fs = std::filesystem;

std::vector<std::string> scenario_files(const std::vector<std::string>& args) {
  std::vector<std::string> out;
  for (const std::string& arg : args) {
    std::error_code ec;
    if (!fs::is_directory(arg, ec)) {
      out.push_back(arg);
      continue;
    }
    std::vector<std::string> found;
    for (auto it = fs::recursive_directory_iterator(arg, fs::directory_options::skip_permission_denied, ec);
         !ec && it != fs::recursive_directory_iterator(); it.increment(ec))
      if (it->path().extension() == ".toml" && !it->is_directory(ec)) found.push_back(it->path().string());
    if (ec) throw BadInput(fmt::format("{}: cannot list the directory: {}", arg, ec.message()));
    if (found.empty()) throw BadInput(fmt::format("{}: the directory holds no .toml scenario files", arg));
    std::sort(found.begin(), found.end());
    out.insert(out.end(), found.begin(), found.end());
  }
  return out;
}

}  // namespace gpuatom::cli
