// docs/spec/amd-isa.md §9: gpuatom's decoder and encoder against llvm-mc 19's verdicts on random
// words (data/amd-isa/words/<target>.txt, scripts/amd-isa-words; docs/oracles.md "AMD instructions:
// llvm-mc 19"). Every word llvm-mc decodes as an atomic decodes to the same record and size and
// re-encodes to llvm-mc's own re-encoding; every word llvm-mc refuses, or reads as another
// instruction, gpuatom refuses.
#include "binary_words.hpp"

#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "gpuatom/amd/isa/target.hpp"

using namespace gpuatom::amd::isa;

namespace {

void check_target(const char* name, double floor_percent) {
  const Target* target = find_target(name);
  ASSERT_TRUE(target) << name;
  const auto words = amd_words::read_words(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/words/" + name + ".txt");
  ASSERT_GT(words.size(), 3000u) << "data/amd-isa/words/" << name << ".txt is missing or short";
  const amd_words::Tally all = amd_words::tally(words, *target);
  const amd_words::Tally uniform = amd_words::tally(words, *target, 'u');
  std::printf("%s: %zu words, %zu llvm-mc atomics (%zu it re-encodes otherwise), agreement %.3f %% (uniform %.3f %%)\n",
              name, all.words, all.llvm_decoded_atomic, all.llvm_not_round_trip, all.agreement(), uniform.agreement());
  for (const auto& [kind, count] : all.anomalies) std::printf("  anomaly, %zu × %s\n", count, kind.c_str());
  for (const auto& [kind, count] : all.classes)
    std::printf("  %zu × %s, e.g. %s\n", count, kind.c_str(), all.examples.at(kind).c_str());
  EXPECT_GT(all.llvm_decoded_atomic, words.size() / 3) << "too few atomics in the sample to judge";
  EXPECT_GE(all.agreement(), floor_percent);
  EXPECT_GE(uniform.agreement(), floor_percent);
}

}  // namespace

TEST(AmdBinaryWords, Gfx90a) { check_target("gfx90a", 99.9); }
TEST(AmdBinaryWords, Gfx942) { check_target("gfx942", 99.9); }
TEST(AmdBinaryWords, Gfx1030) { check_target("gfx1030", 99.9); }
TEST(AmdBinaryWords, Gfx1100) { check_target("gfx1100", 99.9); }
TEST(AmdBinaryWords, Gfx1150) { check_target("gfx1150", 99.9); }
TEST(AmdBinaryWords, Gfx1200) { check_target("gfx1200", 99.9); }
