// decode128 / encode128 beyond the listings (tests/nvidia/cuda13_listing_test.cpp holds every real
// word): control bits set by hand, the offset field's width per generation, codes that name
// nothing, architectures without 128-bit forms, and the bits a text does not show.
#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>

#include "gpuatom/nvidia/parser.hpp"
#include "gpuatom/nvidia/printer.hpp"
#include "gpuatom/nvidia/sass128.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

Instruction parsed(const std::string& line, Architecture arch) {
  auto p = gpuatom::nvidia::parse_sass(line, "t.sass", arch);
  EXPECT_EQ(p.diagnostics.format_all(), "");
  EXPECT_EQ(p.instructions.size(), 1u);
  return p.instructions.empty() ? Instruction{} : p.instructions[0];
}

std::string refusal(const std::variant<Word128, gpuatom::support::Diagnostic>& r) {
  const auto* d = std::get_if<gpuatom::support::Diagnostic>(&r);
  return d ? d->message : "";
}

std::string refusal(const std::variant<Instruction, gpuatom::support::Diagnostic>& r) {
  const auto* d = std::get_if<gpuatom::support::Diagnostic>(&r);
  return d ? d->message : "";
}

// sm_100: @P0 ATOMG.E.ADD.64.STRONG.GPU PT, R6, desc[UR10][R16.64+0x50], R6 ; (ptxas 13.0)
constexpr Word128 sm100_atomg{0x80005006100609a8, 0x000ea200081ef50a};

TEST(Sass128, ControlBitsAreReadAndSetOnEncode) {
  const auto control = gpuatom::nvidia::control_bits(sm100_atomg);
  EXPECT_EQ(control.stall, 1);
  EXPECT_TRUE(control.yield);
  EXPECT_EQ(control.write_barrier, 2);
  EXPECT_EQ(control.read_barrier, 7);
  EXPECT_EQ(gpuatom::nvidia::describe(control),
            "stall 1, yield 1, write barrier 2, read barrier 7, wait mask 0x00, reuse 0x0");

  // Text has no control bits; set them through kept_bits and the word is the one ptxas wrote.
  Instruction i = parsed("@P0 ATOMG.E.ADD.64.STRONG.GPU PT, R6, desc[UR10][R16.64+0x50], R6 ;", Architecture::sm_100);
  EXPECT_EQ(std::get<Word128>(encode128(i, Architecture::sm_100)).hi >> 41, 0u);
  i.kept_bits = with_control_bits(i.kept_bits, control);
  EXPECT_EQ(std::get<Word128>(encode128(i, Architecture::sm_100)), sm100_atomg);

  gpuatom::nvidia::ControlBits other{15, false, 0, 5, 0x3f, 0xa};
  const Word128 changed = with_control_bits(sm100_atomg, other);
  const auto back = gpuatom::nvidia::control_bits(changed);
  EXPECT_EQ(back.stall, 15);
  EXPECT_EQ(back.wait_mask, 0x3f);
  EXPECT_EQ(back.reuse, 0xa);
  EXPECT_EQ(changed.lo, sm100_atomg.lo);  // only bits 105–127 move
  EXPECT_EQ(print(std::get<Instruction>(decode128(changed, Architecture::sm_100))),
            "@P0 ATOMG.E.ADD.64.STRONG.GPU PT, R6, desc[UR10][R16.64+0x50], R6 ;");
}

// Blackwell's ATOM/ATOMG with desc[] have 23 offset bits; Hopper's have 24.
TEST(Sass128, TheOffsetFieldIsAsWideAsTheGenerationsForm) {
  const std::string line = "ATOMG.E.ADD.STRONG.GPU PT, R3, desc[UR4][R2.64+0x{}], R7 ;";
  const auto with_offset = [&](const char* hex, Architecture arch) {
    std::string text = line;
    text.replace(text.find("{}"), 2, hex);
    return encode128(parsed(text, arch), arch);
  };
  EXPECT_EQ(refusal(with_offset("3ffff0", Architecture::sm_100)), "");
  EXPECT_NE(refusal(with_offset("400000", Architecture::sm_100)).find("does not fit 23 signed bits"), std::string::npos);
  EXPECT_EQ(refusal(with_offset("400000", Architecture::sm_90)), "");
  EXPECT_NE(refusal(with_offset("800000", Architecture::sm_90)).find("does not fit 24 signed bits"), std::string::npos);
  // The sign survives the narrower field.
  const auto word = with_offset("3ffff0", Architecture::sm_100);
  EXPECT_EQ(print(std::get<Instruction>(decode128(std::get<Word128>(word), Architecture::sm_100))),
            "ATOMG.E.ADD.STRONG.GPU PT, R3, desc[UR4][R2.64+0x3ffff0], R7 ;");
}

TEST(Sass128, ACodeThatNamesNothingIsRefused) {
  Word128 w = sm100_atomg;
  w.hi |= uint64_t{0xf} << (87 - 64);  // op 15: the integer ops end at EXCH (8)
  EXPECT_NE(refusal(decode128(w, Architecture::sm_100)).find("bits 87–90 hold 15, which names no operation"),
            std::string::npos);
  w = sm100_atomg;
  w.hi |= uint64_t{0x7} << (73 - 64);  // size 7: no Hopper/Blackwell integer size
  EXPECT_NE(refusal(decode128(w, Architecture::sm_100)).find("which names no size"), std::string::npos);
  w = sm100_atomg;
  w.lo = (w.lo & ~uint64_t{0xfff}) | 0x123;
  EXPECT_EQ(refusal(decode128(w, Architecture::sm_100)), "opcode 0x123 is no atomic form gpuatom knows on sm_100 (Blackwell)");
}

// Volta has the Turing forms without the uniform registers (ptxas 11.8's sm_70 words, listed by
// nvdisasm 11.8); a 64-bit architecture says it has no 128-bit words.
TEST(Sass128, VoltaWordsDecodeAndPascalHasNone) {
  const Word128 volta{0x0000000302ff838a, 0x0001e200029f40ff};  // ptxas 11.8 -m32, sm_70
  const Instruction i = std::get<Instruction>(decode128(volta, Architecture::sm_70));
  EXPECT_EQ(print(i), "@!P0 ATOM.AND.STRONG.GPU PT, RZ, [R2], R3 ;");  // bit 72 clear: no .E
  EXPECT_EQ(refusal(decode128(sm100_atomg, Architecture::sm_61)), "sm_61 (Pascal) has 64-bit words, not 128-bit ones");
  for (const Architecture a : {Architecture::sm_70, Architecture::sm_72, Architecture::sm_75, Architecture::sm_101f})
    EXPECT_TRUE(gpuatom::nvidia::has_sass128_forms(a)) << name(a);
  const Instruction uniform = parsed("ATOMS.ADD R10, [UR4], R11 ;", Architecture::sm_90);
  EXPECT_EQ(refusal(encode128(uniform, Architecture::sm_70)),
            "no 128-bit ATOMS form of sm_70 (Volta) holds 'ATOMS.ADD R10, [UR4], R11 ;'");
}

// sm_80 … sm_89 keep a descriptor register in an address printed without desc[]: decode keeps it
// as read, so the word re-encodes to itself; the text alone encodes with those bits clear.
TEST(Sass128, AnUnprintedDescriptorIsKept) {
  const Word128 word{0x000000090610098a, 0x000ea200081ee1c8};  // sm_86, UR8 unprinted
  const Instruction i = std::get<Instruction>(decode128(word, Architecture::sm_86));
  EXPECT_EQ(print(i), "@P0 ATOM.E.ADD.STRONG.GPU PT, R16, [R6.64], R9 ;");
  EXPECT_FALSE(i.address.descriptor);
  EXPECT_EQ(i.kept_bits.hi & 0x3f, 8u);
  EXPECT_EQ(std::get<Word128>(encode128(i, Architecture::sm_86)), word);
  const Word128 from_text = std::get<Word128>(encode128(parsed(print(i), Architecture::sm_86), Architecture::sm_86));
  EXPECT_EQ(from_text.hi & 0x3f, 0u);
  EXPECT_EQ(from_text.lo, word.lo);
}

}  // namespace

namespace {

// The memory-order, .PRIVATE and cache codes, pinned to what nvdisasm 11.8 printed for one SURED
// word with each code written in (docs/sass128.md); the listings hold only .STRONG.SYS and no
// cache operation. Each decodes to nvdisasm's text and encodes back to the same word.
Word128 with_bits(Word128 w, int lo, int width, uint64_t value) {
  const uint64_t mask = ((1ULL << width) - 1) << (lo - 64);
  w.hi = (w.hi & ~mask) | value << (lo - 64);
  return w;
}

void expect_reads(const Word128& word, Architecture arch, const std::string& text) {
  const auto decoded = gpuatom::nvidia::decode128(word, arch);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << text << ": " << refusal(decoded);
  EXPECT_EQ(gpuatom::nvidia::print(std::get<Instruction>(decoded)), text);
  const auto again = gpuatom::nvidia::encode128(std::get<Instruction>(decoded), arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(again)) << text << ": " << refusal(again);
  EXPECT_EQ(std::get<Word128>(again).lo, word.lo) << text;
  EXPECT_EQ(std::get<Word128>(again).hi, word.hi) << text;
}

// SURED.D.BA.3D.OR.STRONG.SYS.TRAP [R20], R14, R5 (ptxas 13.0, sm_75)
constexpr Word128 sured_turing{0xb000000e140073a0, 0x000fe20003116105};

TEST(Sass128, AmpereOrderCodesReadAsNvdisasmPrintsThem) {
  const std::array<const char*, 16> printed = {
      "", ".CONSTANT.PRIVATE", ".CONSTANT.CTA", ".CONSTANT.CTA.PRIVATE", ".STRONG.SM.PRIVATE", ".STRONG.SM",
      ".STRONG.GPU.PRIVATE", ".STRONG.GPU", ".MMIO.GPU", ".CONSTANT.SM", ".STRONG.SYS", ".CONSTANT.SM.PRIVATE",
      ".MMIO.SYS", nullptr /* .CONSTANT.VC */, nullptr /* .CONSTANT.VC.PRIVATE */, ".CONSTANT.GPU"};
  for (uint64_t code = 0; code < printed.size(); ++code) {
    const Word128 word = with_bits(with_bits(sured_turing, 76, 1, 0), 77, 4, code);
    if (!printed[code]) {
      EXPECT_NE(refusal(gpuatom::nvidia::decode128(word, Architecture::sm_86)), "") << code;
      continue;
    }
    expect_reads(word, Architecture::sm_86, std::string("SURED.D.BA.3D.OR") + printed[code] + ".TRAP [R20], R14, R5 ;");
  }
}

TEST(Sass128, TuringOrderCodesAndPrivateBitReadAsNvdisasmPrintsThem) {
  // Bits 76–80: .PRIVATE, then the scope, then the strength (1 none, 2 .STRONG).
  const std::array<std::pair<uint64_t, const char*>, 6> printed = {{{8, ".CTA"}, {9, ".CTA.PRIVATE"}, {14, ".SYS"},
                                                                    {16, ".STRONG.CTA"}, {22, ".STRONG.SYS"},
                                                                    {23, ".STRONG.SYS.PRIVATE"}}};
  for (const auto& [value, order] : printed)
    expect_reads(with_bits(sured_turing, 76, 5, value), Architecture::sm_75,
                 std::string("SURED.D.BA.3D.OR") + order + ".TRAP [R20], R14, R5 ;");
  // Strength 0 and 3: nvdisasm prints .INVALID0.CTA / .INVALID3.CTA.
  EXPECT_NE(refusal(gpuatom::nvidia::decode128(with_bits(sured_turing, 76, 5, 0), Architecture::sm_75)), "");
  EXPECT_NE(refusal(gpuatom::nvidia::decode128(with_bits(sured_turing, 76, 5, 24), Architecture::sm_75)), "");
}

TEST(Sass128, SurfaceCacheCodesReadAsNvdisasmPrintsThem) {
  const std::array<const char*, 6> printed = {".EF", "", ".EL", ".LU", ".EU", ".NA"};
  for (uint64_t code = 0; code < printed.size(); ++code)
    expect_reads(with_bits(sured_turing, 84, 3, code), Architecture::sm_75,
                 std::string("SURED.D.BA.3D.OR") + printed[code] + ".STRONG.SYS.TRAP [R20], R14, R5 ;");
  EXPECT_NE(refusal(gpuatom::nvidia::decode128(with_bits(sured_turing, 84, 3, 6), Architecture::sm_75)), "");  // .INVALID6
}

// An ATOM's cache operation is refused, not printed without it (nvdisasm: ATOM.E.INC.EL.SYS).
TEST(Sass128, AnAtomsCacheOperationIsRefusedNotDropped) {
  const Word128 volta{0x0000000302ff838a, 0x0001e200029f40ff};  // @!P0 ATOM.AND.STRONG.GPU PT, RZ, [R2], R3
  EXPECT_EQ(refusal(gpuatom::nvidia::decode128(with_bits(volta, 84, 3, 2), Architecture::sm_70)),
            "ATOM ([Ra]) on sm_70: bits 84–86 name the cache operation .EL, which gpuatom prints only on surfaces so far");
}

}  // namespace
