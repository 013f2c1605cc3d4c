// clang-19 itself as the judge of the committed lowering corpus (label oracle): a sample of it —
// two targets of different generations, a float, an integer and a packed type, every op, scope,
// memory, result and flag set — is compiled again and must read exactly as committed; `lower` then agrees
// with what clang printed. Skips, saying how to fetch it, when clang-19 is absent (docs/oracles.md).
#include <gtest/gtest.h>

#include <cstdlib>
#include <filesystem>
#include <set>
#include <string>

#include "cli/run_cli.hpp"
#include "common/amd_lowering_corpus.hpp"
#include "common/scratch_file.hpp"

namespace {

bool clang19_fetched() {
  return std::filesystem::exists(std::filesystem::path(GPUATOM_SOURCE_DIR) /
                                 "build/amd-isa-tools/root/usr/lib/llvm-19/bin/clang");
}

TEST(AmdLoweringOracle, Clang19StillPrintsTheCommittedCorpus) {
  if (!clang19_fetched() && !std::getenv("CLANG19"))
    GTEST_SKIP() << "clang-19 is not fetched: run scripts/fetch-amd-isa-tools (docs/oracles.md)";
  const gpuatom::testing::ScratchFile out("", ".tsv");
  const std::string command = std::string("python3 ") + GPUATOM_SOURCE_DIR +
                              "/scripts/amd-lowering-corpus --targets gfx90a,gfx1200 --types f32,u64,f16x2 --out " +
                              out.path();
  const CliRun r = run_gpuatom_command(command);
  ASSERT_EQ(r.exit_code, 0) << command << "\n" << r.out;

  std::set<std::string> committed;
  for (const auto& c : amd_lowering_test::read_corpus(amd_lowering_test::corpus_path())) committed.insert(c.line);
  const auto fresh = amd_lowering_test::read_corpus(out.path());
  ASSERT_GT(fresh.size(), 500u);
  size_t same = 0;
  for (const auto& c : fresh) {
    if (committed.count(c.line))
      ++same;
    else
      ADD_FAILURE() << "clang-19 now prints a line the corpus lacks: " << c.line;
    const gpuatom::amd::Lowering l =
        gpuatom::amd::lower(*gpuatom::amd::find_lowering_target(c.target), c.atomic, c.flags);
    EXPECT_EQ(l.instruction, c.instruction) << c.line;
  }
  std::printf("%zu of %zu freshly compiled cases read as committed\n", same, fresh.size());
}

}  // namespace
