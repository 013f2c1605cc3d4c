// 32-bit addresses: code built with ptxas 11.8 -m32 clears .E (bit 72), and on Ampere and Ada
// RED's [Ra] form also clears bits 90–91. Words and text as ptxas 11.8 wrote them and nvdisasm /
// cuobjdump 11.8 printed them (tests/oracle/ptx/atom_sm50_address32.ptx checks every one).
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

struct Case {
  Architecture arch;
  Word128 word;
  const char* text;
};

// Each: decoded, it prints nvdisasm's text; that text, parsed and encoded, is the word again
// (the scheduling bits, which no text holds, set from the word).
void expect_round_trip(const Case& c) {
  SCOPED_TRACE(c.text);
  const auto decoded = gpuatom::nvidia::decode128(c.word, c.arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << std::get<gpuatom::support::Diagnostic>(decoded).message;
  EXPECT_EQ(print(std::get<Instruction>(decoded)), c.text);
  auto parsed = gpuatom::nvidia::parse_sass(c.text, "t.sass", c.arch);
  ASSERT_EQ(parsed.diagnostics.format_all(), "");
  ASSERT_EQ(parsed.instructions.size(), 1u);
  Instruction i = parsed.instructions[0];
  i.kept_bits = with_control_bits(i.kept_bits, gpuatom::nvidia::control_bits(c.word));
  const auto encoded = encode128(i, c.arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(encoded)) << std::get<gpuatom::support::Diagnostic>(encoded).message;
  EXPECT_EQ(std::get<Word128>(encoded), c.word);
}

TEST(Sass128Address32, AmpereAndAdaRedTakesARegisterWithoutE) {
  for (const Architecture arch : {Architecture::sm_80, Architecture::sm_86, Architecture::sm_89}) {
    expect_round_trip({arch, {0x000000030000798e, 0x004fe2000390e000}, "RED.XOR.STRONG.GPU [R0], R3 ;"});
    expect_round_trip({arch, {0x0000000c0d00798e, 0x000fe8000390e000}, "RED.XOR.STRONG.GPU [R13], R12 ;"});
    // The uniform form keeps bit 91 set, and its own text.
    expect_round_trip({arch, {0x00000017ff00098e, 0x000fe2000b90e005}, "@P0 RED.XOR.STRONG.GPU [UR5], R23 ;"});
  }
}

TEST(Sass128Address32, TheOtherFormsClearOnlyE) {
  expect_round_trip({Architecture::sm_80,
                     {0x0000a00a0308738a, 0x000ea2000410e400},
                     "ATOM.EXCH.64.STRONG.GPU P0, R8, [R3+0xa0], R10 ;"});
  expect_round_trip({Architecture::sm_80,
                     {0x000060040d0e73a9, 0x0004e200001ee406},
                     "ATOMG.CAS.64.STRONG.GPU PT, R14, [R13+0x60], R4, R6 ;"});
  expect_round_trip({Architecture::sm_75, {0x000000120700798e, 0x000fe20003914000}, "RED.XOR.STRONG.GPU [R7], R18 ;"});
  expect_round_trip(
      {Architecture::sm_70, {0x0000000810ff738a, 0x000ea400039144ff}, "ATOM.XOR.64.STRONG.GPU P0, RZ, [R16], R8 ;"});
}

// The same register with .E is a 64-bit address: [R0.64] on Ampere, still told apart.
TEST(Sass128Address32, A64BitRedIsNotRead32Bit) {
  const auto decoded = gpuatom::nvidia::decode128({0x000000030000798e, 0x004fe2000f90e180}, Architecture::sm_80);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded));
  EXPECT_EQ(print(std::get<Instruction>(decoded)), "RED.E.XOR.STRONG.GPU [R0.64], R3 ;");
}

}  // namespace
