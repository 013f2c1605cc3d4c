// The Instruction's derived facts an executor relies on: CAS compare/swap registers per layout,
// data widths, 64-bit addresses.
#include <gtest/gtest.h>

#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;
using sass_test::parse_one;

TEST(SassInstruction, CasCompareAndSwapRegisters) {
  const Instruction packed = parse_one("ATOM.E.CAS.64 R6, [R2], R4, R6 ;");
  EXPECT_EQ(packed.cas_layout(), CasLayout::packed);
  EXPECT_EQ(packed.compare_register(), 4);
  EXPECT_EQ(packed.swap_register(), 6);
  EXPECT_EQ(packed.data_registers(), 2);

  const Instruction zero_swap = parse_one("ATOMS.CAS R0, [R6], R4, RZ ;");
  EXPECT_EQ(zero_swap.cas_layout(), CasLayout::rc_is_rz);
  EXPECT_EQ(zero_swap.swap_register(), std::nullopt);  // swap value 0

  // SUATOM.CAS: Rb holds compare and swap as a vec2 / vec4 (§3.1).
  const Instruction su = parse_one("SUATOM.D.1D.CAS.64 R0, [R2], R8, R1 ;");
  EXPECT_EQ(su.compare_register(), 8);
  EXPECT_EQ(su.swap_register(), 10);
  EXPECT_EQ(parse_one("SUATOM.D.1D.CAS R0, [R2], R8, R1 ;").swap_register(), 9);

  // Layout 2 (decoded only): compare value 0, swap in the register printed as Rc.
  Instruction layout2 = packed;
  layout2.rb = RZ;
  layout2.rc = 4;
  EXPECT_EQ(layout2.cas_layout(), CasLayout::compare_is_rz);
  EXPECT_EQ(layout2.compare_register(), std::nullopt);
  EXPECT_EQ(layout2.swap_register(), 4);

  const Instruction add = parse_one("ATOM.E.ADD R0, [R2], R4 ;");
  EXPECT_FALSE(add.is_compare());
  EXPECT_EQ(add.swap_register(), std::nullopt);
}

TEST(SassInstruction, WidthsAndAddresses) {
  const Instruction red = parse_one("RED.E.ADD.F64.RN [R4+0x8], R6 ;");
  EXPECT_FALSE(red.returns());
  EXPECT_EQ(red.data_bits(), 64);
  EXPECT_TRUE(red.wide_address());
  const Instruction modern = parse_one("ATOMG.E.ADD.F64.RN.STRONG.GPU PT, R24, desc[UR8][R2.64], R4 ;");
  EXPECT_TRUE(modern.returns());
  EXPECT_TRUE(modern.wide_address());
  EXPECT_EQ(modern.address.descriptor, 8);
  const Instruction narrow = parse_one("ATOM.ADD.F32.FTZ.RN R4, [R16], R5 ;");
  EXPECT_FALSE(narrow.wide_address());
  EXPECT_EQ(narrow.data_bits(), 32);
  EXPECT_EQ(parse_one("ATOMS.CAST.SPIN R0, [R2], R4, R5 ;").data_bits(), 32);
}

TEST(SassInstruction, RegisterNames) {
  EXPECT_EQ(register_name(7), "R7");
  EXPECT_EQ(register_name(RZ), "RZ");
  EXPECT_EQ(predicate_name(3), "P3");
  EXPECT_EQ(predicate_name(PT), "PT");
  EXPECT_EQ(uniform_register_name(62), "UR62");
  EXPECT_EQ(uniform_register_name(63), "UR63");  // Blackwell's (8-bit fields)
  EXPECT_EQ(uniform_register_name(254), "UR254");
  EXPECT_EQ(uniform_register_name(URZ), "URZ");
  // R255 is RZ, P7 is PT, UR255 is URZ (§1); UR63 is a register of its own.
  EXPECT_EQ(parse_one("ATOM.E.ADD R255, [R2], R4 ;").rd, RZ);
  EXPECT_EQ(gpuatom::nvidia::parse_register(gpuatom::nvidia::RegisterFile::uniform, "UR255"), URZ);
  EXPECT_EQ(gpuatom::nvidia::parse_register(gpuatom::nvidia::RegisterFile::uniform, "UR63"), 63);
  EXPECT_FALSE(gpuatom::nvidia::parse_register(gpuatom::nvidia::RegisterFile::uniform, "UR256"));
}
