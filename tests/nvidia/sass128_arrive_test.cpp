// ATOM 0xf8a: POPC.INC and ARRIVE through a general address, as ptxas 11.8 writes mbarrier.arrive
// on a generic address for sm_80 … sm_89 (tests/oracle/ptx/atom_sm80_mbarrier*.ptx; text as
// cuobjdump 11.8 prints it). POPC.INC, as ARRIVE, takes no Rb.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "sass128_word_text.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

TEST(Sass128Arrive, AtomArriveAndPopcIncThroughAGeneralAddress) {
  expect_word_and_text_round_trip(Architecture::sm_80, {0x0000000006047f8a, 0x000ea2000c9ea57f},
                                  "ATOM.E.ARRIVE.64.STRONG.SM PT, R4, [R6.64+URZ] ;");
  expect_word_and_text_round_trip(Architecture::sm_86, {0x00001000080a7f8a, 0x001ea2000c9ea57f},
                                  "ATOM.E.ARRIVE.64.STRONG.SM PT, R10, [R8.64+URZ+0x10] ;");
  expect_word_and_text_round_trip(Architecture::sm_86, {0x00000000ffff7f8a, 0x000fe8000d1ea146},
                                  "ATOM.E.POPC.INC.32.STRONG.SM PT, RZ, [UR6] ;");
  expect_word_and_text_round_trip(Architecture::sm_89, {0x0000100008ff7f8a, 0x0003e8000d1ea17f},
                                  "ATOM.E.POPC.INC.32.STRONG.SM PT, RZ, [R8.64+URZ+0x10] ;");
  // ptxas 11.8 -m32: a .U32 register, .E still set.
  expect_word_and_text_round_trip(Architecture::sm_80, {0x0000000005067f8a, 0x000ea2000c9ea53f},
                                  "ATOM.E.ARRIVE.64.STRONG.SM PT, R6, [R5.U32+URZ] ;");
  expect_word_and_text_round_trip(Architecture::sm_80, {0x0000000005ff7f8a, 0x0003e8000d1ea13f},
                                  "ATOM.E.POPC.INC.32.STRONG.SM PT, RZ, [R5.U32+URZ] ;");
}

// nvdisasm 13.0 on random words: a clear .E prints .???0 before the op with a .U32 register too,
// and Hopper's and Blackwell's codes are ARRIVE 10, POPC.INC 11 (tests/conformance/nvidia/cuda13-random). Their
// unprinted bits (Rb's among them) are kept: the decoded word encodes back whole.
TEST(Sass128Arrive, RandomWordsReadAsNvdisasm13Does) {
  const struct {
    Architecture arch;
    Word128 word;
    const char* text;
  } cases[] = {
      {Architecture::sm_80,
       {0x0a30a580fe9a2f8a, 0x000001485d408823},
       "@P2 ATOM.???0.POPC.INC.EU.???4.STRONG.SM.PRIVATE P0, R154, [R254.U32+UR35+0xa30a5] ;"},
      {Architecture::sm_90,
       {0x384fc9ddf8f08f8a, 0x000000bd3d028e07},
       "@!P0 ATOM.???0.ARRIVE.EF.???7.STRONG.SM.PRIVATE P1, R240, [R248.U32+UR7+0x384fc9] ;"},
      // Blackwell: bit 63 is the register's .64, and the offset the 23 bits below it, signed (a
      // 24-bit reading would make this .64 offset negative, and the .U32 one positive).
      {Architecture::sm_121,
       {0xba0739ac4db29f8a, 0x0000002a1d46f9cb},
       "@!P1 ATOM.E.ARRIVE.EU.???4.STRONG.GPU P3, R178, [R77.64+UR203+0x3a0739] ;"},
      {Architecture::sm_121,
       {0x7a160de0bcd30f8a, 0x000000dabd7698ae},
       "@P0 ATOM.???0.ARRIVE.INVALID7.???4.STRONG.SM.PRIVATE P3, R211, [R188.U32+UR174+-0x5e9f3] ;"},
  };
  for (const auto& c : cases) {
    const auto decoded = gpuatom::nvidia::decode128(c.word, c.arch);
    ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << c.text;
    EXPECT_EQ(print(std::get<Instruction>(decoded)), c.text);
    const auto again = encode128(std::get<Instruction>(decoded), c.arch);
    ASSERT_TRUE(std::holds_alternative<Word128>(again)) << c.text;
    EXPECT_EQ(std::get<Word128>(again), c.word);
  }
}

TEST(Sass128Arrive, PopcIncTakesNoDataRegister) {
  auto parsed =
      gpuatom::nvidia::parse_sass("ATOM.E.POPC.INC.32.STRONG.SM PT, RZ, [UR6], R4 ;", "t.sass", Architecture::sm_86);
  EXPECT_NE(parsed.diagnostics.format_all(), "");
  // Without Rb it reads.
  EXPECT_EQ(gpuatom::nvidia::parse_sass("ATOM.E.POPC.INC.32.STRONG.SM PT, RZ, [UR6] ;", "t.sass", Architecture::sm_86)
                .diagnostics.format_all(),
            "");
}

}  // namespace
