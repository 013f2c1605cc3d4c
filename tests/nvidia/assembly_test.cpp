// `asm sass`'s step after checking (nvidia/assembly.hpp): canonical text, words, control comments.
#include "gpuatom/nvidia/assembly.hpp"

#include <gtest/gtest.h>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "gpuatom/support/input_error.hpp"

namespace gpuatom::nvidia {
namespace {

TEST(Assembly, EncodesMaxwellWordsByDefault) {
  const ParsedSass checked = check_sass("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n");
  support::Diagnostics diagnostics = checked.diagnostics;
  const auto lines = assemble(checked, std::nullopt, true, diagnostics);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_EQ(lines[0].text, "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;");
  ASSERT_TRUE(lines[0].word);
  EXPECT_EQ(lines[0].word->text(), "0xed07000100570200");
  EXPECT_FALSE(diagnostics.has_errors());
}

TEST(Assembly, WithoutEncodeOnlyTheText) {
  const ParsedSass checked = check_sass("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n");
  support::Diagnostics diagnostics;
  const auto lines = assemble(checked, std::nullopt, false, diagnostics);
  ASSERT_EQ(lines.size(), 1u);
  EXPECT_FALSE(lines[0].word);
}

TEST(Assembly, ModernTextWithoutArchitectureIsAnError) {
  const ParsedSass checked = check_sass("ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R4 ;\n");
  support::Diagnostics diagnostics = checked.diagnostics;
  EXPECT_TRUE(assemble(checked, std::nullopt, true, diagnostics).empty());
  ASSERT_TRUE(diagnostics.has_errors());
  EXPECT_NE(diagnostics.all()[0].message.find("give --arch (sm_70 … sm_121f)"), std::string::npos)
      << diagnostics.all()[0].message;
  const ParsedSass sm90 =
      check_sass("ATOMG.E.ADD.STRONG.GPU PT, R0, desc[UR6][R10.64], R4 ;\n", "-", Architecture::sm_90);
  support::Diagnostics fine = sm90.diagnostics;
  const auto lines = assemble(sm90, Architecture::sm_90, true, fine);
  ASSERT_EQ(lines.size(), 1u) << (fine.all().empty() ? "" : fine.all()[0].message);
  ASSERT_TRUE(lines[0].word && lines[0].word->hi);
  EXPECT_EQ(lines[0].word->lo, 0x000000040a0079a8u);  // the control bits are in the high half
}

TEST(Assembly, NothingWhenTheCheckFailed) {
  const ParsedSass checked = check_sass("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n");
  support::Diagnostics diagnostics;
  diagnostics.error({"-", 1, 1, std::nullopt}, "an earlier error");
  EXPECT_TRUE(assemble(checked, std::nullopt, false, diagnostics).empty());
}

TEST(Assembly, ControlCommentSetsTheKeptBits) {
  const std::string source = "ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R4 ;  /* stall 3, yield 1 */\n";
  ParsedSass checked = check_sass(source, "-", Architecture::sm_90);
  support::Diagnostics diagnostics;
  take_control_comments(checked.instructions, source, diagnostics);
  EXPECT_FALSE(diagnostics.has_errors()) << (diagnostics.all().empty() ? "" : diagnostics.all()[0].message);
  ASSERT_EQ(checked.instructions.size(), 1u);
  EXPECT_EQ(control_bits(checked.instructions[0].kept_bits).stall, 3);
  ParsedSass bad = check_sass("ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R4 ; /* stall x */\n", "-", Architecture::sm_90);
  take_control_comments(bad.instructions, "ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R4 ; /* stall x */\n", diagnostics);
  ASSERT_TRUE(diagnostics.has_errors());
  EXPECT_TRUE(diagnostics.all()[0].message.starts_with("control bits: ")) << diagnostics.all()[0].message;
}

TEST(Assembly, WordArchitectureDefaultsToSm61) {
  EXPECT_EQ(word_architecture(std::nullopt), Architecture::sm_61);
  EXPECT_EQ(word_architecture(Architecture::sm_52), Architecture::sm_52);
  EXPECT_EQ(word_architecture(Architecture::sm_90), Architecture::sm_90);
}

TEST(Assembly, RulesAsWarningsKeepTheLine) {
  // Rc must be Rb+1 or RZ (docs/spec/nvidia.md §6.2): an error, or a warning with RuleSeverity::warning.
  const std::string source = "ATOM.E.CAS R0, [R2], R4, R6 ;\n";
  const ParsedSass strict = check_sass(source, "-", std::nullopt, RuleSeverity::error);
  const ParsedSass lenient = check_sass(source, "-", std::nullopt, RuleSeverity::warning);
  ASSERT_EQ(strict.diagnostics.all().size(), 1u);
  EXPECT_EQ(strict.diagnostics.all()[0].severity, support::Severity::error);
  ASSERT_EQ(lenient.diagnostics.all().size(), 1u);
  EXPECT_EQ(lenient.diagnostics.all()[0].severity, support::Severity::warning);
  EXPECT_EQ(lenient.diagnostics.all()[0].message, strict.diagnostics.all()[0].message);
  EXPECT_EQ(lenient.instructions.size(), 1u);
}

}  // namespace
}  // namespace gpuatom::nvidia
