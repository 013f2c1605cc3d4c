// The instruction-length rules against every real encoding LLVM 19 decodes on six targets
// (data/amd-isa/instruction-lengths.txt, scripts/amd-isa-lengths: fixed bits, operands zero).
#include "gpuatom/amd/isa/instruction_length.hpp"

#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"

using namespace gpuatom::amd::isa;

TEST(AmdInstructionLength, EveryRealEncodingOfLlvm19HasItsSize) {
  std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/instruction-lengths.txt");
  ASSERT_TRUE(in) << "data/amd-isa/instruction-lengths.txt";
  std::map<std::string, std::pair<int, int>> per_target;  // agreeing, all
  std::vector<std::string> wrong;
  std::string line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string target_name;
    uint32_t size = 0;
    fields >> target_name >> size;
    std::vector<uint8_t> code;
    for (std::string hex; fields >> hex;) {
      const uint32_t w = static_cast<uint32_t>(std::stoul(hex, nullptr, 16));
      for (int b = 0; b < 4; ++b) code.push_back(static_cast<uint8_t>(w >> (8 * b)));
    }
    code.resize(code.size() + 8, 0);  // room for a literal the rules might wrongly ask for
    const Target* t = find_target(target_name);
    ASSERT_TRUE(t) << target_name;
    const auto got = instruction_length(code, *t);
    auto& [agree, all] = per_target[target_name];
    ++all;
    if (got == size)
      ++agree;
    else if (wrong.size() < 40)
      wrong.push_back(line + " -> " + (got ? std::to_string(*got) : "none"));
  }
  ASSERT_EQ(per_target.size(), 6u);
  for (const auto& [name, counts] : per_target) EXPECT_EQ(counts.first, counts.second) << name;
  for (const std::string& w : wrong) ADD_FAILURE() << w;
}

// Sizes that depend on operands: literals, DPP, SDWA, DPP8, VOPD, image addresses — as llvm-mc 19
// assembles them (data/amd-isa/instruction-length-lines.txt, scripts/amd-isa-length-lines).
TEST(AmdInstructionLength, OperandDependentSizesAgreeWithLlvmMc) {
  std::ifstream in(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/instruction-length-lines.txt");
  ASSERT_TRUE(in);
  int lines = 0;
  std::set<std::string> seen_targets;
  for (std::string line; std::getline(in, line);) {
    if (line.empty() || line[0] == '#') continue;
    std::istringstream fields(line);
    std::string target_name, hex;
    uint32_t size = 0;
    fields >> target_name >> size >> hex;
    std::vector<uint8_t> code;
    for (size_t i = 0; i + 1 < hex.size(); i += 2)
      code.push_back(static_cast<uint8_t>(std::stoul(hex.substr(i, 2), nullptr, 16)));
    ASSERT_EQ(code.size(), size) << line;
    code.resize(code.size() + 16, 0);
    const Target* t = find_target(target_name);
    ASSERT_TRUE(t) << target_name;
    EXPECT_EQ(instruction_length(code, *t), size) << line;
    seen_targets.insert(target_name);
    ++lines;
  }
  EXPECT_GT(lines, 150);
  EXPECT_EQ(seen_targets.size(), 6u);
}
