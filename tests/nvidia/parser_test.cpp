// The text grammar (docs/spec/nvidia.md §10): what each form fills in the Instruction, the lexical
// conveniences (annotations, comments, optional ';', aliases, seed-style offsets) and the syntax
// errors with the column of the offending token.
#include <gtest/gtest.h>

#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;
using sass_test::parse_one;

TEST(SassParser, AtomFields) {
  const Instruction i = parse_one("@!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14 ;");
  EXPECT_EQ(i.mnemonic, Mnemonic::ATOM);
  EXPECT_EQ(i.family(), Family::ATOM);
  EXPECT_EQ(i.dialect, Dialect::spa5);
  EXPECT_EQ(i.guard.predicate, 2);
  EXPECT_TRUE(i.guard.negated);
  EXPECT_EQ(i.op, AtomOp::CAS);
  EXPECT_EQ(i.size, Size::U64);
  EXPECT_TRUE(i.extended);
  EXPECT_EQ(i.rd, 8);
  EXPECT_EQ(i.address.base, 6);
  EXPECT_EQ(i.address.offset, -8);
  EXPECT_EQ(i.rb, 12);
  EXPECT_EQ(i.rc, 14);
  EXPECT_EQ(i.cas_layout(), CasLayout::packed);
  EXPECT_FALSE(i.ps);
  EXPECT_TRUE(i.terminated);
  EXPECT_EQ(i.columns.column(OperandRole::rc), 40u);
}

TEST(SassParser, AbsoluteAddressesAndRz) {
  const Instruction abs = parse_one("ATOM.ADD.S32 R9, [0xfff00], R8;");
  EXPECT_TRUE(abs.address.absolute());
  EXPECT_EQ(abs.address.base, RZ);
  EXPECT_EQ(abs.address.offset, 0xfff00);
  const Instruction rz = parse_one("@!P6 ATOMS.MAX.S32 RZ, [RZ], R2 ;");
  EXPECT_EQ(rz.rd, RZ);
  EXPECT_TRUE(rz.address.absolute());
  EXPECT_EQ(rz.address.offset, 0);
  // [RZ+0x8] is the absolute form too, and prints as the disassembler does.
  EXPECT_EQ(print(parse_one("ATOMS.OR R8, [RZ+0x4], R6 ;")), "ATOMS.OR R8, [0x4], R6 ;");
}

TEST(SassParser, SizeAliasesAreRememberedForPrinting) {
  const std::pair<const char*, Size> cases[] = {
      {"ATOM.ADD.32 R0, [R2], R4 ;", Size::U32},
      {"ATOM.ADD.U32 R0, [R2], R4 ;", Size::U32},
      {"ATOM.ADD.64 R0, [R2], R4 ;", Size::U64},
      {"ATOM.ADD.U64 R0, [R2], R4 ;", Size::U64},
      {"ATOM.ADD.F16x2.FTZ.RN R0, [R2], R4 ;", Size::F16x2},
      {"ATOM.ADD.F16x2.RN R0, [R2], R4 ;", Size::F16x2},
      {"ATOM.CAS.U64 R0, [R2], R4, R6 ;", Size::U64},
  };
  for (const auto& [line, size] : cases) {
    const Instruction i = parse_one(line);
    EXPECT_EQ(i.size, size) << line;
    EXPECT_EQ(print(i), line);
  }
}

TEST(SassParser, CaseInsensitiveInputPrintsInCanonicalCase) {
  EXPECT_EQ(print(parse_one("@p0 atom.e.add.f16X2.rn r5, [r4+0X10], rz ;")),
            "@P0 ATOM.E.ADD.F16x2.RN R5, [R4+0x10], RZ ;");
  EXPECT_EQ(print(parse_one("suatom.d.ba.2d.cas.64.trap p1, r0, [r2], r4, 0x7")),
            "SUATOM.D.BA.2D.CAS.64.TRAP P1, R0, [R2], R4, 0x7");
}

TEST(SassParser, AnnotationsCommentsAndTerminator) {
  const char* lines[] = {
      "ATOM.ADD R0, [R2], R4 {&req_6} {&rd0} {&wr1} {?sched} ;",
      "ATOM.ADD R0, [R2], R4 ; {&req_6} {&rd0} {&wr1} {?sched}",
      "ATOM.ADD R0, [R2], R4 ;   // comment",
      "ATOM.ADD R0, [R2], R4 ;   # comment",
      "  ATOM.ADD   R0 ,[ R2 ] ,R4;",
      "ATOM.ADD R0, [R2], R4 ; {nested {braces}} {a {b} c}",
      // Listing lines: nvdisasm's and cuobjdump's address and word comments.
      "        /*0070*/                   ATOM.ADD R0, [R2], R4 ;   /* 0xed07000100570200 */",
      "/*0008*/ ATOM.ADD R0, /* inside */ [R2], R4 ; /* 0x0000000502007388 */ /* 0x004e2800001ee900 */",
  };
  for (const char* line : lines) EXPECT_EQ(print(parse_one(line)), "ATOM.ADD R0, [R2], R4 ;") << line;
  EXPECT_EQ(print(parse_one("ATOM.ADD R0, [R2], R4 // no terminator")), "ATOM.ADD R0, [R2], R4");
}

TEST(SassParser, BlankAndCommentLinesAreSkipped) {
  const auto parsed = parse_sass("\n   \n// x\n# y\n{&req_6}\n          /* 0x004e2800001ee900 */\n", "t");
  EXPECT_TRUE(parsed.instructions.empty());
  EXPECT_TRUE(parsed.diagnostics.all().empty());
  // A block comment closes on its line; one that does not is an error at its '/'.
  const auto open = parse_sass("ATOM.ADD R0, [R2], R4 ; /* never closed\n", "t");
  ASSERT_EQ(open.diagnostics.all().size(), 1u);
  EXPECT_EQ(gpuatom::support::format(open.diagnostics.all()[0]).substr(0, 9), "t:1:25: e");
  EXPECT_NE(gpuatom::support::format(open.diagnostics.all()[0]).find("unterminated /* comment"), std::string::npos);
}

TEST(SassParser, GuardForms) {
  EXPECT_EQ(parse_one("@P0 RED.E.ADD [R2], R3 ;").guard.predicate, 0);
  EXPECT_TRUE(parse_one("@!P6 RED.E.ADD [R2], R3 ;").guard.negated);
  // @PT always executes: printed as no guard (§10.4); @!PT never does and is kept.
  EXPECT_EQ(print(parse_one("@PT RED.E.ADD [R2], R3 ;")), "RED.E.ADD [R2], R3 ;");
  EXPECT_TRUE(parse_one("@!PT RED.E.ADD [R2], R3 ;").guard.never());
  EXPECT_EQ(print(parse_one("@!PT RED.E.ADD [R2], R3 ;")), "@!PT RED.E.ADD [R2], R3 ;");
}

TEST(SassParser, TrailingRzOnNonCasIsDropped) {
  // seed 000: "Other atomic operations assemble the omitted Rc as RZ" (§6.1).
  const Instruction i = parse_one("ATOM.E.ADD R5, [R4], R9, RZ ;");
  EXPECT_FALSE(i.rc);
  EXPECT_EQ(print(i), "ATOM.E.ADD R5, [R4], R9 ;");
  EXPECT_EQ(print(parse_one("RED.E.ADD [R4], R9, RZ ;")), "RED.E.ADD [R4], R9 ;");
  EXPECT_EQ(print(parse_one("ATOMS.ADD R5, [R4], R9, RZ ;")), "ATOMS.ADD R5, [R4], R9 ;");
}

TEST(SassParser, SparsePredicateForms) {
  const Instruction atom = parse_one("ATOM.E.ADD P3, R5, [R4], R9 ;");
  EXPECT_EQ(atom.ps, 3);
  EXPECT_FALSE(atom.pu);
  const Instruction cas = parse_one("ATOM.CAS PT, R5, [R4], R8, R9 ;");
  EXPECT_EQ(cas.ps, PT);
  const Instruction su = parse_one("SUATOM.D.1D.CAS P2, R0, [R2], R4, 0x20 ;");
  EXPECT_EQ(su.ps, 2);
  EXPECT_EQ(su.surface.handle_indices, std::vector<uint32_t>{0x20});
}

TEST(SassParser, SurfaceFields) {
  const Instruction s = parse_one("SUATOM.D.BA.2D_ARRAY.MIN.SD64.TRAP R2, [R4], R6, R9 ;");
  EXPECT_EQ(s.family(), Family::SUATOM);
  EXPECT_TRUE(s.surface.byte_address);
  EXPECT_EQ(s.surface.dim, Dim::d2_array);
  EXPECT_EQ(s.surface.clamp, Clamp::trap);
  EXPECT_EQ(s.surface.handle_register, 9);
  EXPECT_TRUE(s.surface.bindless());
  EXPECT_EQ(s.size, Size::SD64);
  EXPECT_EQ(s.address.base, 4);
  // #tsPtrIdxU13 may carry its '#'; decimal is read too; printed as hex.
  EXPECT_EQ(print(parse_one("SURED.D.1D.ADD [R2], R4, #256 ;")), "SURED.D.1D.ADD [R2], R4, 0x100 ;");
  // .NEAR is the default and is not printed.
  EXPECT_EQ(print(parse_one("SURED.D.1D.ADD.NEAR [R2], R4, R1 ;")), "SURED.D.1D.ADD [R2], R4, R1 ;");
}

TEST(SassParser, ModernAddressForms) {
  const Instruction d = parse_one("RED.E.ADD.F64.RN.STRONG.GPU desc[UR8][R2.64+0x8], R6 ;");
  EXPECT_EQ(d.dialect, Dialect::modern);
  EXPECT_EQ(d.address.descriptor, 8);
  EXPECT_EQ(d.address.suffix, RegisterSuffix::wide64);
  EXPECT_TRUE(d.wide_address());
  EXPECT_EQ(d.address.offset, 8);
  EXPECT_EQ(d.memory.strength, Strength::strong);
  EXPECT_EQ(d.memory.scope, Scope::gpu);

  const Instruction x = parse_one("ATOMS.ADD RZ, [R31.X4+UR8], R2 ;");
  EXPECT_EQ(x.dialect, Dialect::modern);
  EXPECT_EQ(x.address.suffix, RegisterSuffix::x4);
  EXPECT_EQ(scale(x.address.suffix), 4);
  EXPECT_EQ(x.address.uniform_index, 8);

  const Instruction u = parse_one("ATOMS.ADD RZ, [UR4+0x10], R2 ;");
  EXPECT_TRUE(u.address.uniform_base);
  EXPECT_EQ(print(u), "ATOMS.ADD RZ, [UR4+0x10], R2 ;");

  const Instruction popc = parse_one("ATOMS.POPC.INC.32 RZ, [R5.X4+URZ] ;");
  EXPECT_EQ(popc.op, AtomOp::POPC_INC);
  EXPECT_EQ(popc.address.uniform_index, URZ);
  EXPECT_FALSE(popc.rb);
  EXPECT_FALSE(info(popc.op).executable);
}

TEST(SassParser, ModernPredicateDestination) {
  const Instruction a = parse_one("ATOMG.E.CAS.64.STRONG.GPU PT, R6, [R14], R4, R6 ;");
  EXPECT_EQ(a.mnemonic, Mnemonic::ATOMG);
  EXPECT_EQ(a.family(), Family::ATOM);
  EXPECT_EQ(a.pu, PT);
  EXPECT_FALSE(a.ps);
  // A newer CAST.SPIN prints Pu in place of Rd.
  const Instruction spin = parse_one("ATOMS.CAST.SPIN.64.STRONG.SM P1, [R3+0x3000], R4, R6 ;");
  EXPECT_EQ(spin.pu, 1);
  EXPECT_FALSE(spin.rd);
  EXPECT_EQ(print(spin), "ATOMS.CAST.SPIN.64.STRONG.SM P1, [R3+0x3000], R4, R6 ;");
  // Even without any other sm_70+ modifier: ATOMS has no SPA 5.0 form with a leading predicate.
  const Instruction bare = parse_one("ATOMS.CAST.SPIN P0, [R3+0x3000], R4, R5 ;");
  EXPECT_EQ(bare.dialect, Dialect::modern);
  EXPECT_EQ(bare.pu, 0);
  const Instruction arrive = parse_one("ATOM.ARRIVE.64.STRONG.GPU PT, RZ, [R2] ;");
  EXPECT_EQ(arrive.op, AtomOp::ARRIVE);
}

TEST(SassParser, PlaceholdersTakeTheNextEnumeratedSlot) {
  const Instruction s = parse_one("@P0 SUATOM.D.1D.ADD.EF.INVALID0.CTA.IGN P0, R0, [R0], R0, R0");
  EXPECT_EQ(s.placeholders[static_cast<int>(ModifierSlot::strength)], 0);
  EXPECT_EQ(s.memory.cache, CacheOp::ef);
  EXPECT_EQ(s.memory.scope, Scope::cta);
  EXPECT_TRUE(s.has_placeholder());
  EXPECT_EQ(parse_one("SUATOM.D.INVALID6.ADD R0, [R2], R4, R1 ;").placeholders[static_cast<int>(ModifierSlot::dim)], 6);
  EXPECT_EQ(parse_one("ATOM.E.INVALID9 R0, [R2], R4 ;").placeholders[static_cast<int>(ModifierSlot::op)], 9);
}

TEST(SassParser, BadBytesNeverCrash) {
  const std::string garbage[] = {std::string("ATOM\0.ADD", 9),
                                 "\xff\xfe",
                                 "[[[[",
                                 "@!@!",
                                 "ATOM.ADD R0, [R2+-], R4",
                                 "ATOM.ADD R0, [], R4",
                                 "ATOM.ADD R0, desc[R1][R2], R4",
                                 "ATOM.ADD R0, desc[UR1]R2, R4",
                                 "ATOM.ADD ,,,",
                                 "ATOM.ADD R0, [R2], R4 ; ;",
                                 "#",
                                 "//",
                                 "{}",
                                 "ATOM.ADD R0, #, R4"};
  for (const std::string& g : garbage) {
    const auto parsed = parse_sass(g, "t");
    for (const auto& d : parsed.diagnostics.all()) EXPECT_GE(d.where.column, 1u) << g;
  }
}
