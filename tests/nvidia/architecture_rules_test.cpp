// What real ptxas output for sm_50 … sm_90 taught the text side (docs/oracles.md): each case is a
// line ptxas 11.8 or 13.0 emitted that gpuatom refused, and the rule that now reads it — per
// architecture, with the SPA 5.0 operand rules kept for sm_5x/sm_6x.
#include <gtest/gtest.h>

#include <string>

#include "gpuatom/nvidia/architecture.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::check_sass;
using gpuatom::nvidia::Size;

// Every diagnostic for one line read for `arch`, formatted ("" when it is clean).
std::string diagnostics(const std::string& line, std::optional<Architecture> arch) {
  return check_sass(line, "t.sass", arch).diagnostics.format_all();
}

// The line reads for `arch` without a diagnostic and prints back exactly.
void reads_back(const std::string& line, std::optional<Architecture> arch) {
  const auto checked = check_sass(line, "t.sass", arch);
  EXPECT_EQ(checked.diagnostics.format_all(), "") << line;
  ASSERT_EQ(checked.instructions.size(), 1u) << line;
  EXPECT_EQ(gpuatom::nvidia::print(checked.instructions[0]), line);
  EXPECT_EQ(checked.instructions[0].architecture, arch);
}

TEST(ArchitectureRules, CasRegisterPairingIsSpa5Only) {
  // ptxas 11.8, sm_70: the compare register is odd and the swap register is not Rb+1.
  const std::string sm70 = "ATOMS.CAS R6, [R5], R7, R6 ;";
  reads_back(sm70, Architecture::sm_70);
  reads_back(sm70, Architecture::sm_90);
  EXPECT_NE(diagnostics(sm70, Architecture::sm_61).find("needs an even compare register R2n, not R7"),
            std::string::npos);
  // Without --arch the line reads as SPA 5.0 text, and the message says whose rule it is.
  const std::string plain = diagnostics(sm70, std::nullopt);
  EXPECT_NE(plain.find("a SPA 5.0 (sm_5x/sm_6x) rule: for sm_70+ text, check with --arch"), std::string::npos) << plain;
  // Modern spellings are sm_70+ text: no pairing rule (ptxas 13.0, sm_90).
  reads_back("ATOMG.E.CAS.STRONG.GPU PT, R5, [R10], R12, R13 ;", std::nullopt);
  reads_back("ATOM.E.CAS.STRONG.GPU PT, R11, [R2.64+0x4], R9, R4 ;", std::nullopt);
  reads_back("ATOMS.CAST.SPIN.64 R6, [R11], R5, R9 ;", Architecture::sm_80);
}

TEST(ArchitectureRules, Spa5RuleSuffixOnlyWhereTheArchitectureIsOpen) {
  const std::string line = "ATOM.E.CAS R0, [R2], R5, R6 ;";
  EXPECT_NE(diagnostics(line, std::nullopt).find("--arch sm_70"), std::string::npos);
  const std::string sm52 = diagnostics(line, Architecture::sm_52);
  EXPECT_NE(sm52.find("needs an even compare register"), std::string::npos);
  EXPECT_EQ(sm52.find("--arch"), std::string::npos) << sm52;
}

TEST(ArchitectureRules, BindlessSurfaceHandleInAUniformRegister) {
  // ptxas 11.8 and 13.0, sm_90: sured with a bindless handle loaded into a uniform register (a sm_75+
  // text may hold one too: the dialect, not the architecture, decides).
  for (const Architecture a : {Architecture::sm_75, Architecture::sm_90})
    reads_back("SURED.D.3D.OR.STRONG.SYS.IGN [R8], R5, UR4, 0x0 ;", a);
  reads_back("@P0 SURED.D.BA.1D.ADD.STRONG.SYS.TRAP [R13], R0, UR4, 0x0 ;", std::nullopt);
  const auto parsed = check_sass("SURED.D.1D.ADD.STRONG.SYS [R8], R5, UR6, 0x0 ;", "t.sass");
  ASSERT_EQ(parsed.instructions.size(), 1u);
  const auto& s = parsed.instructions[0].surface;
  EXPECT_TRUE(s.bindless());
  EXPECT_EQ(s.handle_uniform, 6);
  EXPECT_FALSE(s.handle_register);
  EXPECT_EQ(s.handle_indices, std::vector<uint32_t>{0});
  // Only a handle may be a bare uniform register.
  EXPECT_NE(diagnostics("ATOMS.ADD R0, [R2], UR4 ;", std::nullopt).find("only inside an address, or as the bindless"),
            std::string::npos);
  // SPA 5.0 has no uniform registers, and its bindless handle is Rc alone.
  EXPECT_NE(diagnostics("SURED.D.1D.ADD [R8], R5, UR4 ;", Architecture::sm_61).find("sm_70+ spellings"),
            std::string::npos);
  EXPECT_NE(diagnostics("SURED.D.1D.ADD [R8], R5, R4, 0x0 ;", std::nullopt).find("Rc alone"), std::string::npos);
}

TEST(ArchitectureRules, GenericCastSpin) {
  // ptxas 11.8, sm_90: a compare-and-store on shared memory through a generic address.
  reads_back("ATOM.E.CAST.SPIN PT, R7, [R2], R6, R7 ;", Architecture::sm_90);
  reads_back("ATOM.E.CAST.SPIN.64 P0, R4, [R2.64], R4, R6 ;", std::nullopt);
  // ATOM has CAST.SPIN only in the sm_70+ tables, so the line is sm_70+ text even without --arch:
  // its leading predicate is Pu (any address), not SPA 5.0's Ps (no offset).
  reads_back("ATOM.E.CAST.SPIN PT, R7, [R8+-0x330], R6, R7 ;", std::nullopt);
  EXPECT_NE(diagnostics("ATOM.E.CAST.SPIN R7, [R2], R6, R7 ;", Architecture::sm_61).find("sm_70+ spellings"),
            std::string::npos);
  EXPECT_NE(diagnostics("ATOM.E.CAST PT, R7, [R2], R6, R7 ;", Architecture::sm_90).find("ATOM has no .CAST"),
            std::string::npos);
}

TEST(ArchitectureRules, VectorSizesOfSm90) {
  // ptxas 13.0, sm_90: PTX atom/red .v2/.v4/.v8 on f16, bf16, f16x2, bf16x2 and f32.
  for (const char* line : {"ATOMG.E.ADD.F16x4.RN.STRONG.GPU PT, R2, [R2.64], R8 ;",
                           "ATOMG.E.MIN.F16x8.RN.STRONG.GPU PT, R4, [R2.64], R8 ;",
                           "ATOM.E.MAX.BF16x4.RN.STRONG.GPU PT, RZ, [R2.64+0x40], R6 ;",
                           "ATOMG.E.ADD.BF16x8.RN.STRONG.GPU PT, R8, [R2.64], R12 ;",
                           "ATOMG.E.ADD.F32x2.FTZ.RN.STRONG.GPU PT, R6, [R2.64], R4 ;",
                           "REDG.E.ADD.F32x4.FTZ.RN.STRONG.GPU [R2.64+0x40], R4 ;"})
    reads_back(line, Architecture::sm_90);
  EXPECT_NE(diagnostics("ATOMG.E.MIN.F32x2.FTZ.RN.STRONG.GPU PT, R6, [R2.64], R4 ;", std::nullopt)
                .find("ATOM.MIN.F32x2.FTZ.RN is illegal"),
            std::string::npos);
  EXPECT_NE(diagnostics("ATOMS.ADD.F16x4.RN R6, [R2], R4 ;", std::nullopt).find("illegal"), std::string::npos);
  EXPECT_NE(diagnostics("ATOM.E.ADD.F16x4.RN R6, [R2], R4 ;", Architecture::sm_60).find("sm_70+ spellings"),
            std::string::npos);
  // One atomic per 32-bit element: the element's operation, applied to each of the words.
  const auto element = gpuatom::nvidia::to_alu(gpuatom::nvidia::AtomOp::ADD, Size::F16x4);
  ASSERT_TRUE(std::holds_alternative<gpuatom::alu::Operation>(element));
  EXPECT_EQ(std::get<gpuatom::alu::Operation>(element).type, gpuatom::alu::Type::f16x2);
  EXPECT_EQ(gpuatom::nvidia::vector_words(Size::F16x4), 2);
  EXPECT_EQ(gpuatom::nvidia::vector_words(Size::F32x4), 4);
  EXPECT_EQ(gpuatom::nvidia::vector_words(Size::F16x2), 0);
  EXPECT_TRUE(gpuatom::nvidia::float_rules(Size::F32x2).add.flush_inputs);   // as .F32.FTZ.RN
  EXPECT_FALSE(gpuatom::nvidia::float_rules(Size::F16x8).add.flush_inputs);  // as .F16x2.RN
  EXPECT_EQ(gpuatom::nvidia::info(Size::F32x4).bits, 128);
}

TEST(ArchitectureRules, OneTwentyEightBitExchangeAndCasOnSm90) {
  // ptxas 13.0, sm_90: atom .b128 exch and cas, on shared memory too.
  reads_back("ATOMS.CAS.128 R8, [R7], R8, R12 ;", Architecture::sm_90);
  reads_back("ATOM.E.EXCH.128.STRONG.GPU PT, R4, [R2.64], R4 ;", Architecture::sm_90);
  reads_back("ATOMS.EXCH.128 R28, [UR6+0x170], R28 ;", Architecture::sm_90);
  reads_back("ATOMG.E.CAS.128.STRONG.GPU PT, R4, [R2.64], R4, R8 ;", std::nullopt);
  // Still refused as SPA 5.0 text (seed 000: ".128 aliases to .U128, but is illegal"), saying
  // that sm_70+ text is read with --arch.
  const std::string spa5 = diagnostics("ATOMS.CAS.128 R8, [R7], R8, R12 ;", std::nullopt);
  EXPECT_NE(spa5.find(".128 aliases to .U128"), std::string::npos) << spa5;
  EXPECT_NE(spa5.find("check with --arch sm_70 or later"), std::string::npos) << spa5;
  // A Ps form's offset rule is SPA 5.0's too.
  EXPECT_NE(diagnostics("ATOM.ADD P0, R0, [R2+0x8], R4 ;", std::nullopt).find("--arch sm_70"), std::string::npos);
  EXPECT_NE(diagnostics("ATOMS.ADD.128 R8, [R7], R8 ;", Architecture::sm_90).find("illegal"), std::string::npos);
}

TEST(ArchitectureRules, Spa5ArchitecturesReadOnlyTheSpa5Grammar) {
  EXPECT_NE(diagnostics("ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R5 ;", Architecture::sm_62).find("sm_62"),
            std::string::npos);
  reads_back("@!P0 SURED.D.BA.1D.ADD.TRAP [R11], R5, 0x54 ;", Architecture::sm_50);
  // The same SPA 5.0 line read as sm_70+ text needs no modern marker.
  reads_back("ATOMS.ADD R5, [R4], R9 ;", Architecture::sm_70);
}

}  // namespace
