// One bad line per rule the ATOM/SUATOM pages state (and the spec's decisions): the expected
// diagnostic, its column (the offending token), severity and the spec rule it names.
#include <gtest/gtest.h>

#include <string>

#include "nvidia/sass_test_support.hpp"

using gpuatom::support::Severity;

namespace {

struct Case {
  const char* line;
  Severity severity;
  uint32_t column;
  const char* fragment;  // part of the message
  const char* rule;      // part of the rule text (or of the message when the message carries it)
};

void expect_one(const Case& c) {
  const auto checked = gpuatom::nvidia::check_sass(c.line, "t.sass");
  const auto& all = checked.diagnostics.all();
  ASSERT_EQ(all.size(), 1u) << c.line << "\n" << checked.diagnostics.format_all();
  const auto& d = all[0];
  const std::string text = gpuatom::support::format(d);
  EXPECT_EQ(d.severity, c.severity) << text;
  EXPECT_EQ(d.where.line, 1u) << text;
  EXPECT_EQ(d.where.column, c.column) << c.line << "\n" << text;
  EXPECT_NE(d.message.find(c.fragment), std::string::npos) << text;
  EXPECT_NE(text.find(c.rule), std::string::npos) << text;
  EXPECT_EQ(text.rfind("t.sass:1:", 0), 0u) << text;
}

}  // namespace

TEST(SassValidator, OpSizeLegality) {
  const Case cases[] = {
      {"ATOM.INC.S32 R0, [R2], R4 ;", Severity::error, 9, "takes only .U32", "§5.1"},
      {"ATOM.ADD.S64 R0, [R2], R4 ;", Severity::error, 9, "ATOM.ADD.S64 is illegal", "§5.1"},
      {"ATOM.SAFEADD R0, [R2], R4 ;", Severity::error, 5, "ATOM.SAFEADD.U32 is illegal", "§5.1"},
      {"ATOMS.ADD.F32.FTZ.RN R0, [R2], R4 ;", Severity::error, 10, "illegal", "§5.2"},
      {"ATOMS.SAFEADD.U64 R0, [R2], R4 ;", Severity::error, 14, "ATOMS has no .SAFEADD", "§5.2"},
      {"RED.EXCH [R2], R4 ;", Severity::error, 4, "RED has no .EXCH", "§5.3"},
      {"SUATOM.D.1D.ADD.F64.RN R0, [R2], R4, R1 ;", Severity::error, 16, "illegal", "§5.4"},
      {"SURED.D.1D.EXCH [R2], R4, R1 ;", Severity::error, 11, "SURED has no .EXCH", "§5.5"},
      {"ATOMS.ADD.BF16x2.RN R0, [R2], R4 ;", Severity::error, 10, "ATOMS.ADD.BF16x2.RN is illegal", "§5.2"},
  };
  for (const Case& c : cases) expect_one(c);
}

TEST(SassValidator, OneTwentyEightBitSizeIsRecognisedAndRefused) {
  // seed 000: ".128 aliases to .U128, but is illegal" (§4.1).
  expect_one({"ATOM.CAS.128 R0, [R2], R4, R5 ;", Severity::error, 9, ".128 aliases to .U128, but is illegal", "§4.1"});
  expect_one({"ATOM.EXCH.U128 R0, [R2], R4 ;", Severity::error, 10, ".128 aliases to .U128, but is illegal", "§4.1"});
}

TEST(SassValidator, CasRegisterPairing) {
  const Case cases[] = {
      // ATOM.CAS.32: Rb = R2n, not RZ; Rc = Rb+1 or RZ (seed 000, §6.2).
      {"ATOM.CAS R0, [R2], R5, R6 ;", Severity::error, 20, "even compare register R2n, not R5", "§6.2"},
      {"ATOM.CAS R0, [R2], R4, R6 ;", Severity::error, 24, "Rc must be Rb+1 (R5) or RZ, not R6", "§6.2"},
      {"ATOM.CAS R0, [R2], RZ, R1 ;", Severity::error, 20, "compare register Rb cannot be RZ", "§6.2"},
      // ATOM.CAS.64: Rb = R4n; Rc = Rb+2 or RZ.
      {"ATOM.CAS.64 R0, [R2], R6, R8 ;", Severity::error, 23, "compare register R4n, not R6", "§6.2"},
      {"ATOM.CAS.64 R0, [R2], R4, R5 ;", Severity::error, 27, "Rc must be Rb+2 (R6) or RZ, not R5", "§6.2"},
      {"ATOM.CAS.64 R0, [R2], R252, R254 ;", Severity::error, 29, "would include R255", "§6.1"},
      // The same packed operand on ATOMS.CAS and CAST (DERIVED).
      {"ATOMS.CAS R0, [R2], R3, R4 ;", Severity::error, 21, "even compare register", "§6.2"},
      {"ATOMS.CAST.SPIN.64 R0, [R2], R4, R8 ;", Severity::error, 34, "Rc must be Rb+2", "§6.2"},
      // SUATOM.CAS: Rb is a vec2 / vec4 (seed 002).
      {"SUATOM.D.1D.CAS R0, [R2], R5, 0x1 ;", Severity::error, 27, "vec2 and must be a multiple of 2", "§6.2"},
      {"SUATOM.D.1D.CAS.64 R0, [R2], R6, 0x1 ;", Severity::error, 30, "vec4 and must be a multiple of 4", "§6.2"},
      {"SUATOM.D.1D.CAS R0, [R2], RZ, 0x1 ;", Severity::error, 27, "cannot be RZ", "§6.2"},
      {"SUATOM.D.1D.CAS R0, [R2], R254, 0x1 ;", Severity::error, 27, "would include R255", "§6.1"},
  };
  for (const Case& c : cases) expect_one(c);
}

TEST(SassValidator, CasAcceptsRzAsSwapValue) {
  EXPECT_EQ(sass_test::check("ATOM.CAS R0, [R2], R4, RZ ;"), "");
  EXPECT_EQ(sass_test::check("ATOM.E.CAS.64 R0, [R2], R8, RZ ;"), "");
  EXPECT_EQ(sass_test::check("ATOMS.CAST R0, [R2], R4, R5 ;"), "");
}

TEST(SassValidator, SixtyFourBitDataUsesEvenPairsBelowR255) {
  const Case cases[] = {
      {"ATOM.ADD.U64 R1, [R2], R4 ;", Severity::error, 14, "Rd R1 is odd", "§6.1"},
      {"ATOM.ADD.U64 R2, [R2], R5 ;", Severity::error, 24, "Rb R5 is odd", "§6.1"},
      {"ATOM.ADD.U64 R254, [R2], R4 ;", Severity::error, 14, "R254 would pair with R255", "§6.1"},
      {"RED.E.ADD.F64.RN [R4], R7 ;", Severity::error, 24, "Rb R7 is odd", "§6.1"},
      {"SUATOM.D.1D.MIN.SD64 R3, [R2], R4, R1 ;", Severity::error, 22, "Rd R3 is odd", "§6.1"},
      {"ATOMS.CAS.64 R3, [R2], R4, R6 ;", Severity::error, 14, "Rd R3 is odd", "§6.1"},
  };
  for (const Case& c : cases) expect_one(c);
  // RZ reads 0 as a 64-bit operand and discards a 64-bit result; CAST's Rd is a 32-bit flag.
  EXPECT_EQ(sass_test::check("ATOM.ADD.U64 RZ, [R2], RZ ;"), "");
  EXPECT_EQ(sass_test::check("ATOMS.CAST.64 R3, [R2], R4, R6 ;"), "");
}

TEST(SassValidator, ImmediateRanges) {
  const Case cases[] = {
      {"ATOM.ADD R0, [R2+0x80000], R4 ;", Severity::error, 18, "ImmS20 must be -0x80000 … 0x7ffff, not 0x80000", "§6.5"},
      {"ATOM.ADD R0, [R2-0x80001], R4 ;", Severity::error, 17, "not -0x80001", "§6.5"},
      {"RED.E.ADD [R2+-0x80001], R4 ;", Severity::error, 15, "ImmS20", "§6.5"},
      {"ATOM.ADD R0, [0x100000], R4 ;", Severity::error, 15, "[ImmU20] must be 0 … 0xfffff", "§6.5"},
      {"ATOM.ADD R0, [-0x4], R4 ;", Severity::error, 15, "[ImmU20]", "§6.5"},
      {"ATOMS.ADD R0, [R2+0x3], R4 ;", Severity::error, 19, "not a multiple of 4", "§6.5"},
      {"ATOMS.ADD R0, [R2+0x800000], R4 ;", Severity::error, 19, "ImmS24 must be -0x800000 … 0x7ffffc", "§6.5"},
      {"ATOMS.ADD R0, [0x1000000], R4 ;", Severity::error, 16, "[ImmU24] must be 0 … 0xfffffc", "§6.5"},
      {"SUATOM.D.1D.ADD R0, [R2], R4, 0x2000 ;", Severity::error, 31, "13-bit unsigned index: 0 … 0x1fff", "§6.5"},
      {"SURED.D.1D.ADD [R2], R4, 0x2000 ;", Severity::error, 26, "13-bit", "§6.5"},
  };
  for (const Case& c : cases) expect_one(c);
  // The extremes are fine.
  EXPECT_EQ(sass_test::check("ATOM.ADD R0, [R2+0x7ffff], R4 ;"), "");
  EXPECT_EQ(sass_test::check("ATOM.ADD R0, [R2+-0x80000], R4 ;"), "");
  EXPECT_EQ(sass_test::check("ATOM.ADD R0, [0xfffff], R4 ;"), "");
  EXPECT_EQ(sass_test::check("ATOMS.ADD R0, [R2+-0x800000], R4 ;"), "");
  EXPECT_EQ(sass_test::check("ATOMS.ADD R0, [0xfffffc], R4 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.1D.ADD R0, [R2], R4, 0x1fff ;"), "");
}

TEST(SassValidator, SparsePredicateForms) {
  const Case cases[] = {
      // seed 000: "Immediate offsets are not supported for these variants".
      {"ATOM.ADD P0, R0, [R2+0x8], R4 ;", Severity::error, 22, "take no immediate offset", "§6.6"},
      {"ATOM.CAS P1, R0, [R2+0x8], R4, R5 ;", Severity::error, 22, "take no immediate offset", "§6.6"},
      {"ATOM.ADD P0, R0, [0x8], R4 ;", Severity::error, 18, "no absolute [ImmU20] form", "§6.6"},
      // seed 002: no Ps on bound SUATOM .op.
      {"SUATOM.D.1D.ADD P0, R0, [R2], R4, 0x20 ;", Severity::error, 17, "bound SUATOM .op has no Ps form", "§6.6"},
  };
  for (const Case& c : cases) expect_one(c);
  EXPECT_EQ(sass_test::check("ATOM.E.ADD P0, R0, [R2], R4 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.1D.ADD P0, R0, [R2], R4, R1 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.1D.CAS P0, R0, [R2], R4, 0x20 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.1D.CAS P0, R0, [R2], R4, R1 ;"), "");
}

TEST(SassValidator, SurfaceRegisters) {
  const Case cases[] = {
      {"SUATOM.D.1D.ADD R0, [RZ], R4, R1 ;", Severity::error, 22, "Ra cannot be RZ", "§6.4"},
      {"SUATOM.D.1D.ADD R0, [R3], R4, RZ ;", Severity::error, 31, "bindless handle Rc cannot be RZ", "§6.4"},
      {"SURED.D.1D.ADD [RZ], R4, R1 ;", Severity::error, 17, "Ra cannot be RZ", "§6.4"},
      // Coordinate registers per dimension (§8.1).
      {"SUATOM.D.1D_ARRAY.ADD R0, [R3], R4, R1 ;", Severity::error, 28, "multiple of 2, not R3", "§8.1"},
      {"SUATOM.D.2D.ADD R0, [R3], R4, R1 ;", Severity::error, 22, "multiple of 2, not R3", "§8.1"},
      {"SUATOM.D.2D_ARRAY.ADD R0, [R2], R4, R1 ;", Severity::error, 28, "multiple of 4, not R2", "§8.1"},
      {"SUATOM.D.3D.ADD R0, [R6], R4, R1 ;", Severity::error, 22, "multiple of 4, not R6", "§8.1"},
      {"SUATOM.D.2D.ADD R0, [R254], R4, R1 ;", Severity::error, 22, "would reach R255", "§8.1"},
      {"SUATOM.D.1D.ADD R0, [R2+0x4], R4, R1 ;", Severity::error, 21, "no offset", "§8.4"},
      {"SUATOM.D.1D.ADD R0, [R2], R4, 0x1, 0x2 ;", Severity::error, 31, "one index", "§8.4"},
  };
  for (const Case& c : cases) expect_one(c);
  EXPECT_EQ(sass_test::check("SUATOM.D.1D.ADD R0, [R3], R4, R1 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.1D_BUFFER.ADD R0, [R3], R4, R1 ;"), "");
  EXPECT_EQ(sass_test::check("SUATOM.D.3D.ADD R0, [R252], R4, R1 ;"), "");
}

TEST(SassValidator, Warnings) {
  const Case cases[] = {
      // .E wants an even Ra (PROPOSED, §6.3); [Rn.64] is the same 64-bit address.
      {"ATOM.E.ADD R0, [R3], R4 ;", Severity::warning, 17, "Ra should be even, not R3", "§6.3"},
      {"RED.E.ADD.STRONG.GPU [R5.64], R4 ;", Severity::warning, 23, "Ra should be even, not R5", "§6.3"},
      // §4.2: the page's .F16x2.FTZ.RN spelling does not flush.
      {"ATOM.E.ADD.F16x2.FTZ.RN R0, [R2], R4 ;", Severity::warning, 11, "not applied", "§4.2"},
      {"SUATOM.D.1D.ADD.F16x2.FTZ.RN R0, [R2], R4, R1 ;", Severity::warning, 16, "not applied", "§4.2"},
      // sm_70+ placeholder for an unassigned field value (§10.3).
      {"SURED.D.1D.ADD.INVALID3 [R2], R4, R1", Severity::warning, 15, ".INVALID3 stands for an unassigned size", "§10.3"},
  };
  for (const Case& c : cases) expect_one(c);
}

TEST(SassValidator, WarningsDoNotMakeACheckFail) {
  const auto checked = gpuatom::nvidia::check_sass("ATOM.E.ADD.F16x2.FTZ.RN R0, [R3], R4 ;\n", "t.sass");
  EXPECT_EQ(checked.diagnostics.all().size(), 2u);
  EXPECT_FALSE(checked.diagnostics.has_errors());
}

TEST(SassValidator, DiagnosticsComeInLineOrder) {
  const auto checked =
      gpuatom::nvidia::check_sass("ATOM.INC.S32 R0, [R2], R4 ;\nFOO R1 ;\nATOM.E.ADD R0, [R3], R4 ;\n", "t.sass");
  ASSERT_EQ(checked.diagnostics.all().size(), 3u) << checked.diagnostics.format_all();
  for (uint32_t i = 0; i < 3; ++i) EXPECT_EQ(checked.diagnostics.all()[i].where.line, i + 1);
}
