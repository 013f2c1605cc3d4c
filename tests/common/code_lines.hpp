// The lines of the repository's code that match a pattern, comments cut: the scans behind "no
// code compares architectures, platforms or generations outside their table" (NVIDIA, Intel,
// AMD). Header-only, as each test folder is one binary.
#pragma once

#include <filesystem>
#include <fstream>
#include <initializer_list>
#include <regex>
#include <string>

namespace gpuatom::testing {

// Each matching line as "path:line: text\n", under `folders` (relative to the source root), the
// files named in `tables` left out. Empty when no line matches.
inline std::string code_lines_matching(const std::regex& pattern, std::initializer_list<const char*> folders,
                                       std::initializer_list<const char*> tables) {
  const std::filesystem::path root(GPUATOM_SOURCE_DIR);
  std::string found;
  for (const char* folder : folders)
    for (const auto& entry : std::filesystem::recursive_directory_iterator(root / folder)) {
      if (!entry.is_regular_file()) continue;
      const std::string file = entry.path().filename().string();
      bool table = false;
      for (const char* t : tables) table = table || file == t;
      if (table) continue;
      std::ifstream in(entry.path());
      std::string line;
      for (int number = 1; std::getline(in, line); ++number)
        if (std::regex_search(line.substr(0, line.find("//")), pattern))
          found += std::filesystem::relative(entry.path(), root).generic_string() + ":" + std::to_string(number) +
                   ": " + line + "\n";
    }
  return found;
}

}  // namespace gpuatom::testing
