// Canonical printing of hand-built instructions (docs/spec/nvidia.md §10.4): what an executor or a
// test builds without ever parsing text prints as the disassembler would.
#include "gpuatom/nvidia/text/printer.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::nvidia;

namespace {

Instruction atom(AtomOp op, Size size) {
  Instruction i;
  i.mnemonic = Mnemonic::ATOM;
  i.op = op;
  i.size = size;
  i.rd = 2;
  i.address.base = 4;
  i.rb = 8;
  if (op == AtomOp::CAS) i.rc = size == Size::U64 ? 10 : 9;
  return i;
}

}  // namespace

TEST(SassPrinter, SixtyFourBitSpelling) {
  EXPECT_EQ(print(atom(AtomOp::ADD, Size::U64)), "ATOM.ADD.U64 R2, [R4], R8 ;");
  EXPECT_EQ(print(atom(AtomOp::CAS, Size::U64)), "ATOM.CAS.64 R2, [R4], R8, R10 ;");
  EXPECT_EQ(print(atom(AtomOp::ADD, Size::U32)), "ATOM.ADD R2, [R4], R8 ;");
  EXPECT_EQ(print(atom(AtomOp::ADD, Size::F16x2)), "ATOM.ADD.F16x2.RN R2, [R4], R8 ;");
  Instruction modern = atom(AtomOp::ADD, Size::U64);
  modern.dialect = Dialect::modern;
  modern.pu = PT;
  modern.memory.strength = Strength::strong;
  modern.memory.scope = Scope::gpu;
  EXPECT_EQ(print(modern), "ATOM.ADD.64.STRONG.GPU PT, R2, [R4], R8 ;");
}

TEST(SassPrinter, RememberedSpellingIsIgnoredWhenItNoLongerNamesTheSize) {
  Instruction i = atom(AtomOp::ADD, Size::F16x2);
  i.size_spelling = ".F16x2.FTZ.RN";
  EXPECT_EQ(print(i), "ATOM.ADD.F16x2.FTZ.RN R2, [R4], R8 ;");
  i.size = Size::S32;
  EXPECT_EQ(print(i), "ATOM.ADD.S32 R2, [R4], R8 ;");
}

TEST(SassPrinter, Addresses) {
  Address a;
  EXPECT_EQ(print_address(a), "[RZ]");
  a.offset = 0x5008;
  EXPECT_EQ(print_address(a), "[0x5008]");
  a.base = 6;
  a.offset = -8;
  EXPECT_EQ(print_address(a), "[R6+-0x8]");
  a.suffix = RegisterSuffix::wide64;
  a.descriptor = 8;
  a.offset = 0x80;
  EXPECT_EQ(print_address(a), "desc[UR8][R6.64+0x80]");
  Address scaled;
  scaled.base = 31;
  scaled.suffix = RegisterSuffix::x4;
  scaled.uniform_index = URZ;
  EXPECT_EQ(print_address(scaled), "[R31.X4+URZ]");
}

TEST(SassPrinter, SurfacesGuardsAndTerminator) {
  Instruction s;
  s.mnemonic = Mnemonic::SURED;
  s.op = AtomOp::XOR;
  s.size = Size::S32;
  s.address.base = 8;
  s.rb = 1;
  s.surface.dim = Dim::d3;
  s.surface.handle_indices = {0x20};
  EXPECT_EQ(print(s), "SURED.D.3D.XOR.S32 [R8], R1, 0x20 ;");
  s.surface.clamp = Clamp::trap;
  s.surface.byte_address = true;
  s.guard = {3, true};
  s.terminated = false;
  EXPECT_EQ(print(s), "@!P3 SURED.D.BA.3D.XOR.S32.TRAP [R8], R1, 0x20");
  EXPECT_EQ(print_opcode(s), "SURED.D.BA.3D.XOR.S32.TRAP");
}
