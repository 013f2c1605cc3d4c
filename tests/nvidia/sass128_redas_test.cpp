// REDAS (0xdbe, PTX red.async, sm_90 on): every word ptxas 13.0 writes for red.async (each op and
// type it takes) decodes to the text nvdisasm 11.8 prints for it, that text parses and encodes
// back to the word, on Hopper and Blackwell alike; nvdisasm 13.0's spellings of random words
// (a .U32 register, `+ URn`, an offset) too, and Hopper's order codes other than 0, which nvdisasm
// prints as placeholders of REDAS's own (`.???3.???4`).
#include <gtest/gtest.h>

#include <array>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "gpuatom/nvidia/validator.hpp"
#include "sass128_word_text.hpp"
#include "sass_runner.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

struct RealRedas {
  const char* ptx;   // red.async.relaxed.cluster.shared::cluster.mbarrier::complete_tx::bytes.<this>
  const char* text;  // nvdisasm 11.8 on ptxas 13.0's sm_90 cubin
  Word128 word;
};

constexpr std::array real_words = {
    RealRedas{"add.u32", "REDAS.ADD [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000800013f}},
    RealRedas{"add.s32", "REDAS.ADD.S32 [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000800033f}},
    RealRedas{"add.u64", "REDAS.ADD.64 [R4.64], R2 ;", {0x0000000204007dbe, 0x001fe2000800053f}},
    RealRedas{"min.u32", "REDAS.MIN [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000880013f}},
    RealRedas{"min.s32", "REDAS.MIN.S32 [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000880033f}},
    RealRedas{"max.u32", "REDAS.MAX [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000900013f}},
    RealRedas{"max.s32", "REDAS.MAX.S32 [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000900033f}},
    RealRedas{"inc.u32", "REDAS.INC [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000980013f}},
    RealRedas{"dec.u32", "REDAS.DEC [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000a00013f}},
    RealRedas{"and.b32", "REDAS.AND [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000a80013f}},
    RealRedas{"or.b32", "REDAS.OR [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000b00013f}},
    RealRedas{"xor.b32", "REDAS.XOR [R2.64], R0 ;", {0x0000000002007dbe, 0x001fe2000b80013f}},
};

TEST(Sass128Redas, EveryRedAsyncWordOfPtxasReadsAsNvdisasmPrintsIt) {
  for (const RealRedas& real : real_words) {
    SCOPED_TRACE(real.ptx);
    EXPECT_TRUE(gpuatom::nvidia::has_atomic_opcode(real.word, Architecture::sm_90));
    expect_word_and_text_round_trip(Architecture::sm_90, real.word, real.text);
  }
  // Before Hopper the opcode is no atomic's.
  EXPECT_FALSE(gpuatom::nvidia::has_atomic_opcode(real_words[0].word, Architecture::sm_89));
}

TEST(Sass128Redas, BlackwellReadsTheSameWordsWithEightBitUniformRegisters) {
  // The sm_90 word's URZ is 63 in six bits; Blackwell's is 255 in eight, so the same text is
  // another word there: bits 70–71 set.
  for (const Architecture arch : {Architecture::sm_100, Architecture::sm_103, Architecture::sm_120}) {
    expect_word_and_text_round_trip(arch, {0x0000000002007dbe, 0x001fe200080001ff}, "REDAS.ADD [R2.64], R0 ;");
    expect_word_and_text_round_trip(arch, {0x0000000204007dbe, 0x001fe200080005ff}, "REDAS.ADD.64 [R4.64], R2 ;");
  }
}

// A random word carries bits the text does not show: word → text → word keeps them (kept_bits),
// and the text read back gives the same text again.
void expect_reads_back(Architecture arch, Word128 word, const std::string& text) {
  SCOPED_TRACE(text + " on " + std::string(name(arch)));
  const auto decoded = gpuatom::nvidia::decode128(word, arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << std::get<gpuatom::support::Diagnostic>(decoded).message;
  EXPECT_EQ(print(std::get<Instruction>(decoded)), text);
  const auto again = encode128(std::get<Instruction>(decoded), arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(again)) << std::get<gpuatom::support::Diagnostic>(again).message;
  EXPECT_EQ(std::get<Word128>(again), word);
  auto parsed = gpuatom::nvidia::parse_sass(text, "t.sass", arch);
  ASSERT_EQ(parsed.diagnostics.format_all(), "");
  ASSERT_EQ(parsed.instructions.size(), 1u);
  const auto encoded = encode128(parsed.instructions[0], arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(encoded)) << std::get<gpuatom::support::Diagnostic>(encoded).message;
  const auto redecoded = gpuatom::nvidia::decode128(std::get<Word128>(encoded), arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(redecoded));
  EXPECT_EQ(print(std::get<Instruction>(redecoded)), text);
}

TEST(Sass128Redas, Nvdisasm13SpellingsOfRandomWords) {
  // tests/conformance/nvidia/cuda13-random (nvdisasm 13.0's text, its `;` added).
  expect_reads_back(Architecture::sm_90, {0x54ac44f1c2daedbe, 0x000001bea94c02e2},
                    "@!P6 REDAS.MAX.S32 [R194.U32+UR34+0x54ac44], R241 ;");
  expect_reads_back(Architecture::sm_101, {0x4dc0df7d23f31dbe, 0x000001590a426176},
                    "@P1 REDAS.DEC [R35.64+UR118+0x4dc0df], R125 ;");
  expect_reads_back(Architecture::sm_101, {0x236606d4ff34edbe, 0x000001a45952d8b1},
                    "@!P6 REDAS.MAX.INVALID4 [RZ.U32+UR177+0x236606], R212 ;");
  expect_reads_back(Architecture::sm_101, {0x3ef877fe92562dbe, 0x000000b43c8a20cb},
                    "@P2 REDAS.INVALID9 [R146.U32+UR203+0x3ef877], R254 ;");
}

TEST(Sass128Redas, HopperOrderPlaceholdersReadAsNvdisasm13PrintsThem) {
  // nvdisasm 13.0 on random words (order codes 8 and 10): `.???n` in the strength's and the
  // scope's place, after the size's `.INVALIDn`.
  expect_reads_back(Architecture::sm_90, {0xded2421e21997dbe, 0x000001c5da1f0751},
                    "REDAS.DEC.INVALID3.???3.???4 [R33.64+UR17+-0x212dbe], R30 ;");
  expect_reads_back(Architecture::sm_90, {0x40a8187173447dbe, 0x000001c5ef094d08},
                    "REDAS.INVALID14.INVALID6.???2.SYS [R115.64+UR8+0x40a818], R113 ;");
  // Such an instruction prints and encodes but does not execute.
  const auto decoded = gpuatom::nvidia::decode128({0xded2421e21997dbe, 0x000001c5da1f0751}, Architecture::sm_90);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded));
  EXPECT_TRUE(std::get<Instruction>(decoded).has_placeholder());
  // Blackwell prints nothing for bits 77–80: no such placeholder reads there.
  const auto parsed =
      gpuatom::nvidia::parse_sass("REDAS.DEC.???3.???4 [R33.64], R30 ;", "t.sass", Architecture::sm_100);
  ASSERT_EQ(parsed.instructions.size(), 1u) << parsed.diagnostics.format_all();
  EXPECT_FALSE(
      std::holds_alternative<Word128>(gpuatom::nvidia::encode128(parsed.instructions[0], Architecture::sm_100)));
}

// Every REDAS word (0xdbe) of the random Blackwell words (tests/conformance/nvidia/cuda13-random):
// nvdisasm 13.0 reads it exactly when bit 91 is set, and so does decode128.
TEST(Sass128Redas, BlackwellWordsReadExactlyWhereNvdisasm13ReadsThem) {
  size_t read = 0, refused = 0;
  for (const char* arch_name : {"sm_100", "sm_101", "sm_103", "sm_110", "sm_120", "sm_121"}) {
    const auto arch = gpuatom::nvidia::parse_architecture(arch_name);
    ASSERT_TRUE(arch);
    std::ifstream in(std::filesystem::path(GPUATOM_SOURCE_DIR) /
                     (std::string("tests/conformance/nvidia/cuda13-random/") + arch_name + ".tsv"));
    ASSERT_TRUE(in) << arch_name;
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line.front() == '#') continue;
      std::istringstream fields(line);
      std::string set, lo, hi, text;
      fields >> set >> lo >> hi;
      std::getline(fields >> std::ws, text);
      const Word128 word{std::stoull(lo, nullptr, 16), std::stoull(hi, nullptr, 16)};
      if ((word.lo & 0xfff) != 0xdbe) continue;
      const bool nvdisasm_reads = text != "<invalid>";
      EXPECT_EQ(nvdisasm_reads, ((word.hi >> 27) & 1) != 0) << line;
      EXPECT_EQ(std::holds_alternative<Instruction>(gpuatom::nvidia::decode128(word, *arch)), nvdisasm_reads) << line;
      ++(nvdisasm_reads ? read : refused);
    }
  }
  EXPECT_EQ(read, 1221u);
  EXPECT_EQ(refused, 1185u);
}

TEST(Sass128Redas, BeforeHopperThereIsNoRedas) {
  const auto parsed = gpuatom::nvidia::parse_sass("REDAS.ADD [R2.64], R0 ;", "t.sass", Architecture::sm_89);
  ASSERT_EQ(parsed.instructions.size(), 1u) << parsed.diagnostics.format_all();
  gpuatom::support::Diagnostics found;
  validate(parsed.instructions[0], found);
  EXPECT_NE(found.format_all().find("REDAS (PTX red.async) does not exist on sm_89 (Ada): it exists from sm_90"),
            std::string::npos)
      << found.format_all();
  gpuatom::support::Diagnostics none;
  validate(gpuatom::nvidia::parse_sass("REDAS.ADD [R2.64], R0 ;", "t.sass", Architecture::sm_90).instructions.at(0),
           none);
  EXPECT_EQ(none.format_all(), "");
}

TEST(Sass128Redas, ItsReductionExecutesAsRedDoes) {
  // docs/spec/nvidia.md §3.5: the reduction is RED's; the mbarrier signal is not modelled.
  using namespace gpuatom::sass_runner;
  const Outcome o = run_ok(sass("REDAS.ADD [R2.64], R4 ;\nREDAS.MAX.S32 [R2.64+0x4], R5 ;\n",
                                "[launch]\nlanes = 4\n[[region]]\nname = \"c\"\nsize = 8\n"
                                "[lanes]\nR2 = \"lo(addr(c))\"\nR3 = \"hi(addr(c))\"\nR4 = \"tid + 1\"\n"
                                "R5 = \"tid + 5\"\n"),
                           {});
  EXPECT_EQ(o.words.at("c"), (std::vector<uint32_t>{10, 8}));
}

}  // namespace
