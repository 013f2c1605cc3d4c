// The deterministic mode streams its groups through a window of resident ones (exec/run.hpp):
// the interleaving a seed picks must not depend on whether the groups are streamed (the plain
// run) or all held (an inspector reads every lane afterwards, so nothing is dropped). Launches of
// more groups than the window, racing exchanges on 64 words, for each vendor: the final words
// record which lane came last at each.
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/exec/run.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace {

using namespace gpuatom;

constexpr uint64_t lanes = 300'000;  // SASS: 9375 warps; vISA SIMD8: 37500 threads; AMD: 4688 waves

std::string common(unsigned group) {
  return "[launch]\nlanes = " + std::to_string(lanes) + "\ngroup = " + std::to_string(group) +
         "\n[[region]]\nname = \"x\"\nsize = 256\n";
}

struct Case {
  const char* name;
  std::string text;
};

Case sass() {
  return {"sass",
          "isa = \"sass\"\nprogram = \"ATOM.E.EXCH R0, [R2], R4 ;\"\n" + common(32) +
              "[lanes]\nR2 = \"lo(addr(x) + (tid % 64) * 4)\"\nR3 = \"hi(addr(x) + (tid % 64) * 4)\"\nR4 = \"tid\"\n"};
}
Case visa() {
  return {"visa",
          "isa = \"visa\"\nprogram = \"\"\"\n.decl ADDR v_type=G type=uq num_elts=8 align=GRF\n"
          ".decl VAL v_type=G type=ud num_elts=8 align=GRF\n"
          "svm_atomic.xchg (M1, 8) ADDR.0 %null.0 VAL.0 %null.0\n\"\"\"\n" +
              common(8) + "[lanes]\nADDR = \"addr(x) + (tid % 64) * 4\"\nVAL = \"tid\"\n"};
}
Case amd() {
  return {"amd",
          "isa = \"amd\"\nprogram = \"\"\"\n\"32 bit atomicExch\" address=\"addr(x) + (tid % 64) * 4\" "
          "operand=\"tid\"\n\"\"\"\n"
          "[options]\ndevice = \"MI300X\"\npcie = \"yes\"\n" +
              common(64)};
}

std::vector<uint64_t> final_words(const scenario::Scenario& s, uint64_t seed, bool held) {
  scenario::RunOptions options;
  options.mode = scenario::Mode::deterministic;
  options.seed = seed;
  options.quiet = true;
  options.dump = {{"x", std::nullopt}};
  if (held) options.inspect = [](const scenario::Observation&) {};
  const auto result = scenario::run_scenario(s, options);
  const auto* report = std::get_if<scenario::RunReport>(&result);
  if (!report) {
    ADD_FAILURE() << std::get<support::Diagnostics>(result).format_all();
    return {};
  }
  EXPECT_EQ(report->counters.operations, lanes);
  return report->dumps.at(0).values;
}

class ResidentWindow : public testing::TestWithParam<Case (*)()> {};

TEST_P(ResidentWindow, StreamedAndHeldGroupsInterleaveAlike) {
  const Case c = GetParam()();
  auto loaded = scenario::parse_scenario(c.text, std::string(c.name) + ".toml");
  ASSERT_TRUE(std::holds_alternative<scenario::Scenario>(loaded))
      << std::get<support::Diagnostics>(loaded).format_all();
  const scenario::Scenario& s = std::get<scenario::Scenario>(loaded);
  const std::vector<uint64_t> streamed = final_words(s, 3, false);
  ASSERT_EQ(streamed.size(), 64u);
  EXPECT_EQ(final_words(s, 3, true), streamed);
  EXPECT_NE(final_words(s, 4, false), streamed) << "another seed, another interleaving";
  // Each word ends with the value of a lane that exchanges into it (tid ≡ word mod 64).
  for (uint64_t word = 0; word < 64; ++word) EXPECT_EQ(streamed[word] % 64, word);
}

INSTANTIATE_TEST_SUITE_P(Vendors, ResidentWindow, testing::Values(&sass, &visa, &amd),
                         [](const auto& param) { return std::string(param.param().name); });

}  // namespace
