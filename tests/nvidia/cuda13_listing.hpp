// Reads tests/conformance/nvidia/cuda13/<arch>.tsv: nvdisasm 13.0's text of each distinct atomic
// line ptxas 13.0 wrote, with its 128-bit word(s) (README.md there).
#pragma once

#include <gtest/gtest.h>

#include <cstdint>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/instruction.hpp"

namespace cuda13 {

struct ListingLine {
  std::string text;
  std::vector<gpuatom::nvidia::Word128> words;  // one or more encodings of the same text
};

inline std::filesystem::path listing_directory() {
  return std::filesystem::path(GPUATOM_SOURCE_DIR) / "tests/conformance/nvidia/cuda13";
}

// Every <arch>.tsv, by architecture.
inline std::map<gpuatom::nvidia::Architecture, std::filesystem::path> listing_files() {
  std::map<gpuatom::nvidia::Architecture, std::filesystem::path> out;
  for (const auto& entry : std::filesystem::directory_iterator(listing_directory())) {
    if (entry.path().extension() != ".tsv") continue;
    const auto arch = gpuatom::nvidia::parse_architecture(entry.path().stem().string());
    EXPECT_TRUE(arch) << entry.path();
    if (arch) out[*arch] = entry.path();
  }
  return out;
}

inline std::vector<ListingLine> read_listing(const std::filesystem::path& path) {
  std::ifstream in(path);
  EXPECT_TRUE(in) << path;
  std::vector<ListingLine> out;
  std::string line;
  std::getline(in, line);  // the header
  EXPECT_EQ(line, "text\tencodings") << path;
  while (std::getline(in, line)) {
    const size_t tab = line.find('\t');
    EXPECT_NE(tab, std::string::npos) << path << ": " << line;
    if (tab == std::string::npos) continue;
    ListingLine l{line.substr(0, tab), {}};
    std::istringstream words(line.substr(tab + 1));
    for (std::string low, high; words >> low >> high;) {
      l.words.push_back({std::stoull(low, nullptr, 16), std::stoull(high, nullptr, 16)});
      std::string bar;
      if (!(words >> bar)) break;
      EXPECT_EQ(bar, "|") << path << ": " << line;
    }
    EXPECT_FALSE(l.words.empty()) << path << ": " << line;
    out.push_back(std::move(l));
  }
  return out;
}

}  // namespace cuda13
