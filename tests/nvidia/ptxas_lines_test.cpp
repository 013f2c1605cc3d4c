// The committed sample of real ptxas output (tests/conformance/nvidia/ptxas-lines.sass, one line
// per shape that ptxas 11.8 and 13.0 emit for sm_50 … sm_90): each line reads for its section's
// architecture without an error and prints back exactly as NVIDIA's disassembler printed it.
// tests/oracle/ptx_lines_test.cpp checks every line against the tools themselves.
#include <gtest/gtest.h>

#include <fstream>
#include <map>
#include <string>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

namespace {

using gpuatom::nvidia::Architecture;

TEST(PtxasLines, EverySampledLineReadsForItsArchitectureAndPrintsBack) {
  std::map<Architecture, size_t> counts;
  std::optional<Architecture> arch;
  std::ifstream in(sass_test::conformance_path("ptxas-lines.sass"));
  ASSERT_TRUE(in);
  const std::string section = "// --arch ";
  for (std::string line; std::getline(in, line);) {
    if (line.rfind(section, 0) == 0) {
      arch = gpuatom::nvidia::parse_architecture(line.substr(section.size()));
      ASSERT_TRUE(arch) << line;
      continue;
    }
    if (line.empty() || line.rfind("//", 0) == 0) continue;
    ASSERT_TRUE(arch) << "a line before the first section: " << line;
    const auto checked = gpuatom::nvidia::check_sass(line, "ptxas-lines.sass", arch);
    EXPECT_EQ(checked.diagnostics.format_all(), "") << name(*arch) << ": " << line;
    ASSERT_EQ(checked.instructions.size(), 1u) << line;
    EXPECT_EQ(gpuatom::nvidia::print(checked.instructions[0]), line);
    ++counts[*arch];
  }
  for (const Architecture a : {Architecture::sm_50, Architecture::sm_60, Architecture::sm_70, Architecture::sm_75,
                               Architecture::sm_80, Architecture::sm_90})
    EXPECT_GT(counts[a], 0u) << name(a);  // every section holds lines
}

}  // namespace
