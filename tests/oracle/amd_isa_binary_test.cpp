// docs/spec/amd-isa.md §9, docs/oracles.md "AMD instructions: llvm-mc 19": a fresh random sample
// of AMD words on every target of the table, judged live by llvm-mc 19 (scripts/amd-isa-words
// --live), against gpuatom's decoder and encoder — the same judgement as
// tests/amd-isa/binary_words_test.cpp applies to the committed words. Skips when the tools are not
// fetched (scripts/fetch-amd-isa-tools). The seed is printed; GPUATOM_AMD_WORDS_SEED repeats a run,
// GPUATOM_AMD_WORDS_COUNT sizes it.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <random>
#include <string>

#include "amd-isa/binary_words.hpp"
#include "gpuatom/amd/isa/target.hpp"

namespace gpuatom::amd::isa {

namespace {

// GPUATOM_AMD_WORDS_COUNT overrides (a third of the pool the sample is drawn from is uniform words).
int words_per_target() {
  if (const char* s = std::getenv("GPUATOM_AMD_WORDS_COUNT")) return std::atoi(s);
  return 1500;
}

std::string run(const std::string& command, int& status) {
  std::string out;
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) {
    status = -1;
    return out;
  }
  std::array<char, 65536> buffer{};
  size_t n = 0;
  while ((n = fread(buffer.data(), 1, buffer.size(), pipe)) > 0) out.append(buffer.data(), n);
  status = pclose(pipe);
  return out;
}

bool tools_present() {
  int status = 0;
  run("cd '" GPUATOM_SOURCE_DIR "' && scripts/fetch-amd-isa-tools --check >/dev/null 2>&1", status);
  return status == 0;
}

uint64_t seed() {
  if (const char* s = std::getenv("GPUATOM_AMD_WORDS_SEED")) return std::strtoull(s, nullptr, 10);
  return std::random_device{}() % 1000000;
}

}  // namespace

class OracleAmdWords : public ::testing::TestWithParam<std::string> {};

TEST_P(OracleAmdWords, DecodeAndEncodeAgreeWithLlvmMcOnAFreshSample) {
  if (!tools_present()) GTEST_SKIP() << "llvm-mc 19 is not fetched (scripts/fetch-amd-isa-tools)";
  const Target* target = find_target(GetParam());
  ASSERT_TRUE(target);
  const uint64_t s = seed();
  int status = 0;
  const std::string out = run("cd '" GPUATOM_SOURCE_DIR "' && scripts/amd-isa-words --live " + GetParam() + " " +
                                  std::to_string(words_per_target()) + " " + std::to_string(s),
                              status);
  ASSERT_EQ(status, 0) << "scripts/amd-isa-words --live failed";
  const auto words = amd_words::parse_words(out);
  ASSERT_GE(words.size(), std::min<size_t>(static_cast<size_t>(words_per_target()), 1000))
      << "llvm-mc's verdicts are missing";
  const amd_words::Tally t = amd_words::tally(words, *target);
  std::printf("%s (seed %llu): %zu words, %zu llvm-mc atomics, %zu llvm-mc crashes on, agreement %.3f %%\n",
              GetParam().c_str(), static_cast<unsigned long long>(s), t.words, t.llvm_decoded_atomic, t.llvm_crashed,
              t.agreement());
  for (const auto& [kind, count] : t.anomalies) std::printf("  anomaly, %zu × %s\n", count, kind.c_str());
  for (const auto& [kind, count] : t.classes)
    std::printf("  %zu × %s, e.g. %s\n", count, kind.c_str(), t.examples.at(kind).c_str());
  EXPECT_GE(t.agreement(), 99.9) << "seed " << s;
}

namespace {

std::vector<std::string> target_names_of_table() {
  std::vector<std::string> names;
  for (const Target& each : targets()) names.emplace_back(each.name);
  return names;
}

std::string test_name(const ::testing::TestParamInfo<std::string>& param) {
  std::string n = param.param;
  for (char& c : n)
    if (c == '-') c = '_';
  return n;
}

}  // namespace

INSTANTIATE_TEST_SUITE_P(EveryTarget, OracleAmdWords, ::testing::ValuesIn(target_names_of_table()), test_name);

}  // namespace gpuatom::amd::isa
