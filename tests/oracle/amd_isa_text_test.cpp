// llvm-mc 19 as the live judge of gpuatom's AMD instruction text (docs/oracles.md, docs/spec/amd-isa.md
// §7): regenerates every 40th line of the assembly corpus with scripts/amd-isa-asm-corpus on each
// required target, checks that llvm-mc still says what the committed data/amd-isa/asm says, and
// that gpuatom agrees with it. Skips when LLVM 19 is not fetched (scripts/fetch-amd-isa-tools).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <map>
#include <unistd.h>
#include <string>

#include "amd-isa/text_corpus.hpp"

namespace gpuatom::amd::isa {
namespace {

class AmdTextOracle : public ::testing::TestWithParam<const char*> {};

TEST_P(AmdTextOracle, LiveLlvmMcAgreesWithCommittedCorpusAndGpuatom) {
  const std::string source = GPUATOM_SOURCE_DIR;
  if (std::system(("\"" + source + "/scripts/fetch-amd-isa-tools\" --check").c_str()) != 0)
    GTEST_SKIP() << "LLVM 19 is not fetched: run scripts/fetch-amd-isa-tools";
  const std::filesystem::path dir = std::filesystem::temp_directory_path() / ("gpuatom-amd-text-" + std::to_string(::getpid()));
  const std::string command = "\"" + source + "/scripts/amd-isa-asm-corpus\" --out \"" + dir.string() + "\" --sample 40 " + GetParam() + " 2>/dev/null";
  ASSERT_EQ(std::system(command.c_str()), 0) << command;
  const auto live = testing::read_corpus((dir / (std::string(GetParam()) + ".txt")).string());
  std::filesystem::remove_all(dir);
  const auto committed = testing::read_corpus(source + "/data/amd-isa/asm/" + GetParam() + ".txt");
  ASSERT_GT(live.size(), 100u);
  std::map<std::string, const testing::CorpusLine*> by_input;
  for (const auto& line : committed) by_input[line.input] = &line;

  const Target* target = find_target(GetParam());
  ASSERT_NE(target, nullptr);
  size_t agreeing = 0;
  for (const auto& line : live) {
    const auto found = by_input.find(line.input);
    ASSERT_NE(found, by_input.end()) << "the committed corpus lacks " << line.input << ": regenerate it (scripts/amd-isa-asm-corpus)";
    EXPECT_EQ(line.accepted, found->second->accepted) << line.input;
    EXPECT_EQ(line.disassembly, found->second->disassembly) << line.input;
    EXPECT_EQ(line.bytes, found->second->bytes) << line.input;
    const auto j = testing::judge(line, *target);
    if (j.verdict != testing::Verdict::disagree) ++agreeing;
    else ADD_FAILURE() << line.input << ": " << j.detail;
  }
  std::cout << GetParam() << ": " << live.size() << " live lines, " << agreeing << " agreeing\n";
}

INSTANTIATE_TEST_SUITE_P(Targets, AmdTextOracle, ::testing::Values("gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"));

}  // namespace
}  // namespace gpuatom::amd::isa
