// Every line of the llvm-mc 19 assembly corpus (data/amd-isa/asm/<target>.txt): what llvm-mc accepts,
// gpuatom parses, and prints as llvm-mc disassembles the bytes; what llvm-mc refuses, gpuatom refuses
// with a diagnostic; where llvm-mc accepts and silently changes the program (docs/spec/amd-isa.md §3),
// gpuatom's refusal is the expected result. Agreement ≥ 99.9 % per target (docs/oracles.md).
#include "text_corpus.hpp"

#include <gtest/gtest.h>

#include <map>

#include "gpuatom/amd/isa/text.hpp"

namespace gpuatom::amd::isa {
namespace {

class TextCorpus : public ::testing::TestWithParam<const char*> {};

TEST_P(TextCorpus, AgreesWithLlvmMc) {
  const Target* target = find_target(GetParam());
  ASSERT_NE(target, nullptr);
  const auto corpus =
      testing::read_corpus(std::string(GPUATOM_SOURCE_DIR) + "/data/amd-isa/asm/" + GetParam() + ".txt");
  ASSERT_GT(corpus.size(), 1000u);
  std::map<testing::Verdict, size_t> counts;
  std::vector<std::string> disagreements;
  std::map<std::string, size_t> quirks;  // the §3 refusals, by the start of their message
  for (const auto& line : corpus) {
    const auto j = testing::judge(line, *target);
    ++counts[j.verdict];
    if (j.verdict == testing::Verdict::quirk_refused) {
      const size_t at = j.detail.find("error: ");
      ++quirks[j.detail.substr(at + 7, 30)];
    }
    if (j.verdict == testing::Verdict::disagree && disagreements.size() < 25)
      disagreements.push_back(line.input + "\n    " + j.detail);
  }
  const size_t agreeing = corpus.size() - counts[testing::Verdict::disagree];
  std::cout << GetParam() << ": " << corpus.size() << " lines, " << agreeing << " agreeing (accept "
            << counts[testing::Verdict::agree_accept] << ", refuse " << counts[testing::Verdict::agree_refuse]
            << ", quirk refused " << counts[testing::Verdict::quirk_refused] << ", disassembly differs "
            << counts[testing::Verdict::disassembly_differs] << ")\n";
  for (const auto& [what, n] : quirks) std::cout << "  refused (§3) " << n << " × " << what << "…\n";
  for (const auto& d : disagreements) std::cout << "  " << d << "\n";
  EXPECT_GE(agreeing * 1000, corpus.size() * 999) << "agreement below 99.9 %";
  EXPECT_GT(counts[testing::Verdict::agree_accept], corpus.size() / 4);
  EXPECT_GT(counts[testing::Verdict::agree_refuse], corpus.size() / 4);
}

INSTANTIATE_TEST_SUITE_P(Targets, TextCorpus,
                         ::testing::Values("gfx90a", "gfx942", "gfx1030", "gfx1100", "gfx1150", "gfx1200"));

}  // namespace
}  // namespace gpuatom::amd::isa
