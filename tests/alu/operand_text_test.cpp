// Operands written as text (gpuatom/alu/operand_text.hpp): bits, negative integers and typed float
// literals become the operand's bits; wrong spellings are refused naming the flag.
#include "gpuatom/alu/operand_text.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom;
using alu::Type;

TEST(OperandText, ReadsBitsNegativesAndFloats) {
  EXPECT_EQ(alu::parse_operand("--old", "0x3fc00000", Type::f32, 32).lo, 0x3fc00000u);
  EXPECT_EQ(alu::parse_operand("--old", "1.5", Type::f32, 32).lo, 0x3fc00000u);
  EXPECT_EQ(alu::parse_operand("--old", "-1", Type::s32, 32).lo, 0xffffffffu);
  EXPECT_EQ(alu::parse_operand("--old", "-0x1p-149", Type::f32, 32).lo, 0x80000001u);
  EXPECT_EQ(alu::parse_operand("--old", "f16x2(1, -2)", Type::f16x2, 32).lo, 0xc0003c00u);
}

TEST(OperandText, RefusesNamingTheFlag) {
  try {
    alu::parse_operand("--src", "zebra", Type::u32, 32);
    FAIL() << "no error";
  } catch (const support::InputError& e) {
    EXPECT_EQ(std::string(e.what()).rfind("--src zebra", 0), 0u) << e.what();
  }
}

TEST(OperandText, TypedTextBesideTheBits) {
  EXPECT_EQ(alu::typed_text({0x3fc00000, 0}, Type::f32, 32), "1.5");
  EXPECT_EQ(alu::typed_text({0xfffffffd, 0}, Type::s32, 32), "-3");
  EXPECT_EQ(alu::typed_text({0x7fc00000, 0}, Type::f32, 32), "nan");
}
