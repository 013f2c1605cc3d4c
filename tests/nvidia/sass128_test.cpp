// decode128 / encode128 beyond the listings (tests/nvidia/cuda13_listing_test.cpp holds every real
// word): control bits set by hand, the offset field's width per generation, codes that name
// nothing, architectures without 128-bit forms, and the bits a text does not show.
#include "gpuatom/nvidia/binary/sass128.hpp"

#include <gtest/gtest.h>

#include <array>
#include <string>
#include <utility>
#include <variant>

#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"

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

std::string refusal_text(const std::variant<Word128, gpuatom::support::Diagnostic>& r) {
  const auto* d = std::get_if<gpuatom::support::Diagnostic>(&r);
  return d ? d->message : "";
}

std::string refusal_text(const std::variant<Instruction, gpuatom::support::Diagnostic>& r) {
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
  EXPECT_EQ(refusal_text(with_offset("3ffff0", Architecture::sm_100)), "");
  EXPECT_NE(refusal_text(with_offset("400000", Architecture::sm_100)).find("does not fit 23 signed bits"),
            std::string::npos);
  EXPECT_EQ(refusal_text(with_offset("400000", Architecture::sm_90)), "");
  EXPECT_NE(refusal_text(with_offset("800000", Architecture::sm_90)).find("does not fit 24 signed bits"),
            std::string::npos);
  // The sign survives the narrower field.
  const auto word = with_offset("3ffff0", Architecture::sm_100);
  EXPECT_EQ(print(std::get<Instruction>(decode128(std::get<Word128>(word), Architecture::sm_100))),
            "ATOMG.E.ADD.STRONG.GPU PT, R3, desc[UR4][R2.64+0x3ffff0], R7 ;");
}

void expect_reads(const Word128& word, Architecture arch, const std::string& text);

// A field value that names nothing prints as nvdisasm prints it, .INVALIDn in its slot, and the
// word encodes back; an opcode that is no atomic is refused.
TEST(Sass128, ACodeThatNamesNothingPrintsAsAPlaceholder) {
  Word128 w = sm100_atomg;
  w.hi |= uint64_t{0xf} << (87 - 64);  // op 15: the integer ops end at EXCH (8)
  expect_reads(w, Architecture::sm_100, "@P0 ATOMG.E.INVALID15.64.STRONG.GPU PT, R6, desc[UR10][R16.64+0x50], R6 ;");
  w = sm100_atomg;
  w.hi |= uint64_t{0x7} << (73 - 64);  // size 7: no Hopper/Blackwell integer size
  expect_reads(w, Architecture::sm_100, "@P0 ATOMG.E.ADD.INVALID7.STRONG.GPU PT, R6, desc[UR10][R16.64+0x50], R6 ;");
  const auto decoded = decode128(w, Architecture::sm_100);
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded));
  EXPECT_TRUE(std::get<Instruction>(decoded).has_placeholder());  // it does not execute
  w = sm100_atomg;
  w.lo = (w.lo & ~uint64_t{0xfff}) | 0x123;
  EXPECT_EQ(refusal_text(decode128(w, Architecture::sm_100)),
            "opcode 0x123 is no atomic form gpuatom knows on sm_100 (Blackwell)");
}

// Volta has the Turing forms without the uniform registers (ptxas 11.8's sm_70 words, listed by
// nvdisasm 11.8); a 64-bit architecture says it has no 128-bit words.
TEST(Sass128, VoltaWordsDecodeAndPascalHasNone) {
  const Word128 volta{0x0000000302ff838a, 0x0001e200029f40ff};  // ptxas 11.8 -m32, sm_70
  const Instruction i = std::get<Instruction>(decode128(volta, Architecture::sm_70));
  EXPECT_EQ(print(i), "@!P0 ATOM.AND.STRONG.GPU PT, RZ, [R2], R3 ;");  // bit 72 clear: no .E
  EXPECT_EQ(refusal_text(decode128(sm100_atomg, Architecture::sm_61)),
            "sm_61 (Pascal) has 64-bit words, not 128-bit ones");
  for (const Architecture a : {Architecture::sm_70, Architecture::sm_72, Architecture::sm_75, Architecture::sm_101f})
    EXPECT_TRUE(gpuatom::nvidia::has_sass128_forms(a)) << name(a);
  const Instruction uniform = parsed("ATOMS.ADD R10, [UR4], R11 ;", Architecture::sm_90);
  EXPECT_EQ(refusal_text(encode128(uniform, Architecture::sm_70)),
            "no 128-bit ATOMS form of sm_70 (Volta) holds 'ATOMS.ADD R10, [UR4], R11 ;'");
}

// A uniform register field's all-ones code is URZ: 63 in Hopper's six bits, 255 in Blackwell's
// eight. UR63 … UR254 exist only in the eight (nvdisasm 13.0 prints desc[UR157] on sm_100); the
// encoder refuses them for a 6-bit field, whatever the text's checks said.
TEST(Sass128, UniformRegistersFollowTheirFieldWidth) {
  const std::string line = "ATOMG.E.ADD.STRONG.GPU PT, R3, desc[{}][R2.64+0x10], R7 ;";
  const auto word = [&](std::string_view ur, Architecture arch) {
    std::string text = line;
    text.replace(text.find("{}"), 2, ur);
    Instruction i = parsed(text, Architecture::sm_100);
    i.architecture = arch;
    return encode128(i, arch);
  };
  EXPECT_EQ(std::get<Word128>(word("URZ", Architecture::sm_90)).hi & 0x3f, 63u);
  EXPECT_EQ(std::get<Word128>(word("URZ", Architecture::sm_100)).hi & 0xff, 255u);
  EXPECT_EQ(std::get<Word128>(word("UR62", Architecture::sm_90)).hi & 0x3f, 62u);
  EXPECT_EQ(std::get<Word128>(word("UR200", Architecture::sm_100)).hi & 0xff, 200u);
  EXPECT_NE(refusal_text(word("UR63", Architecture::sm_90))
                .find("UR63 does not exist there; its uniform registers are UR0–UR62"),
            std::string::npos);
  // Read back: 63 in a 6-bit field and 255 in an 8-bit one print URZ; 63 in an 8-bit one is UR63.
  for (const Architecture arch : {Architecture::sm_90, Architecture::sm_100}) {
    const Instruction back = std::get<Instruction>(decode128(std::get<Word128>(word("URZ", arch)), arch));
    EXPECT_EQ(back.address.descriptor, gpuatom::nvidia::URZ) << name(arch);
  }
  Word128 ur63 = std::get<Word128>(word("UR62", Architecture::sm_100));
  ur63.hi += 1;
  EXPECT_EQ(print(std::get<Instruction>(decode128(ur63, Architecture::sm_100))),
            "ATOMG.E.ADD.STRONG.GPU PT, R3, desc[UR63][R2.64+0x10], R7 ;");
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
  ASSERT_TRUE(std::holds_alternative<Instruction>(decoded)) << text << ": " << refusal_text(decoded);
  EXPECT_EQ(gpuatom::nvidia::print(std::get<Instruction>(decoded)), text);
  const auto again = gpuatom::nvidia::encode128(std::get<Instruction>(decoded), arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(again)) << text << ": " << refusal_text(again);
  EXPECT_EQ(std::get<Word128>(again).lo, word.lo) << text;
  EXPECT_EQ(std::get<Word128>(again).hi, word.hi) << text;
}

// nvdisasm 11.8's ?PMn (bits 102–103, sm_86 … sm_90) is read, so its listings encode to their
// words, and never printed, as nvdisasm 13.0 prints nothing there; elsewhere it is refused.
TEST(Sass128, TheHintOfNvdisasm118IsReadNotPrinted) {
  const std::string eleven = "@!P5 ATOM.E.INVALID14.INVALID11.CONSTANT.VC.PRIVATE P2, R63, [R34+0x4cb01c], R104 ?PM2 ;";
  const auto checked = gpuatom::nvidia::parse_sass(eleven, "t.sass", Architecture::sm_86);
  ASSERT_EQ(checked.instructions.size(), 1u) << checked.diagnostics.format_all();
  const auto word = gpuatom::nvidia::encode128(checked.instructions[0], Architecture::sm_86);
  ASSERT_TRUE(std::holds_alternative<Word128>(word)) << refusal_text(word);
  EXPECT_EQ(std::get<Word128>(word).hi >> (102 - 64) & 3, 2u);
  EXPECT_EQ(gpuatom::nvidia::print(checked.instructions[0]),
            "@!P5 ATOM.E.INVALID14.INVALID11.CONSTANT.VC.PRIVATE P2, R63, [R34+0x4cb01c], R104 ;");
  EXPECT_TRUE(std::holds_alternative<gpuatom::support::Diagnostic>(
      gpuatom::nvidia::encode128(checked.instructions[0], Architecture::sm_100)));
}

// SURED.D.BA.3D.OR.STRONG.SYS.TRAP [R20], R14, R5 (ptxas 13.0, sm_75)
constexpr Word128 sured_turing{0xb000000e140073a0, 0x000fe20003116105};

TEST(Sass128, AmpereOrderCodesReadAsNvdisasmPrintsThem) {
  const std::array<const char*, 16> printed = {"",
                                               ".CONSTANT.PRIVATE",
                                               ".CONSTANT.CTA",
                                               ".CONSTANT.CTA.PRIVATE",
                                               ".STRONG.SM.PRIVATE",
                                               ".STRONG.SM",
                                               ".STRONG.GPU.PRIVATE",
                                               ".STRONG.GPU",
                                               ".MMIO.GPU",
                                               ".CONSTANT.SM",
                                               ".STRONG.SYS",
                                               ".CONSTANT.SM.PRIVATE",
                                               ".MMIO.SYS",
                                               ".CONSTANT.VC",
                                               ".CONSTANT.VC.PRIVATE",
                                               ".CONSTANT.GPU"};
  for (uint64_t code = 0; code < printed.size(); ++code) {
    const Word128 word = with_bits(with_bits(sured_turing, 76, 1, 0), 77, 4, code);
    expect_reads(word, Architecture::sm_86, std::string("SURED.D.BA.3D.OR") + printed[code] + ".TRAP [R20], R14, R5 ;");
  }
}

TEST(Sass128, TuringOrderCodesAndPrivateBitReadAsNvdisasmPrintsThem) {
  // Bits 76–80: .PRIVATE, then the scope, then the strength (1 none, 2 .STRONG).
  const std::array<std::pair<uint64_t, const char*>, 6> printed = {{{8, ".CTA"},
                                                                    {9, ".CTA.PRIVATE"},
                                                                    {14, ".SYS"},
                                                                    {16, ".STRONG.CTA"},
                                                                    {22, ".STRONG.SYS"},
                                                                    {23, ".STRONG.SYS.PRIVATE"}}};
  for (const auto& [value, order] : printed)
    expect_reads(with_bits(sured_turing, 76, 5, value), Architecture::sm_75,
                 std::string("SURED.D.BA.3D.OR") + order + ".TRAP [R20], R14, R5 ;");
  // Strength 0 and 3: nvdisasm prints .INVALID0.CTA / .INVALID3.CTA.
  expect_reads(with_bits(sured_turing, 76, 5, 0), Architecture::sm_75,
               "SURED.D.BA.3D.OR.INVALID0.CTA.TRAP [R20], R14, R5 ;");
  expect_reads(with_bits(sured_turing, 76, 5, 24), Architecture::sm_75,
               "SURED.D.BA.3D.OR.INVALID3.CTA.TRAP [R20], R14, R5 ;");
}

TEST(Sass128, SurfaceCacheCodesReadAsNvdisasmPrintsThem) {
  const std::array<const char*, 6> printed = {".EF", "", ".EL", ".LU", ".EU", ".NA"};
  for (uint64_t code = 0; code < printed.size(); ++code)
    expect_reads(with_bits(sured_turing, 84, 3, code), Architecture::sm_75,
                 std::string("SURED.D.BA.3D.OR") + printed[code] + ".STRONG.SYS.TRAP [R20], R14, R5 ;");
  expect_reads(with_bits(sured_turing, 84, 3, 6), Architecture::sm_75,
               "SURED.D.BA.3D.OR.INVALID6.STRONG.SYS.TRAP [R20], R14, R5 ;");
  // The cache operation comes before the size (nvdisasm: SURED.D.1D.ADD.EF.S32).
  expect_reads(with_bits(with_bits(sured_turing, 84, 3, 0), 73, 3, 1), Architecture::sm_75,
               "SURED.D.BA.3D.OR.EF.S32.STRONG.SYS.TRAP [R20], R14, R5 ;");
}

// An ATOM's cache operation prints after its op, before its size, as nvdisasm prints it
// (ATOM.E.INC.EL.SYS); two unnamed codes there are the cache operation, then the size.
TEST(Sass128, AnAtomsCacheOperationPrintsBeforeItsSize) {
  const Word128 volta{0x0000000302ff838a, 0x0001e200029f40ff};  // @!P0 ATOM.AND.STRONG.GPU PT, RZ, [R2], R3
  expect_reads(with_bits(volta, 84, 3, 2), Architecture::sm_70, "@!P0 ATOM.AND.EL.STRONG.GPU PT, RZ, [R2], R3 ;");
  expect_reads(with_bits(with_bits(volta, 84, 3, 2), 73, 3, 1), Architecture::sm_70,
               "@!P0 ATOM.AND.EL.S32.STRONG.GPU PT, RZ, [R2], R3 ;");
  expect_reads(with_bits(with_bits(volta, 84, 3, 6), 73, 3, 7), Architecture::sm_70,
               "@!P0 ATOM.AND.INVALID6.INVALID7.STRONG.GPU PT, RZ, [R2], R3 ;");
  // Read back, the text gives the same word (the placeholders fill the cache operation, then the size).
  gpuatom::support::Diagnostics diagnostics;
  const auto parsed = gpuatom::nvidia::parse_sass_line("@!P0 ATOM.AND.INVALID6.INVALID7.STRONG.GPU PT, RZ, [R2], R3 ;",
                                                       {}, diagnostics, Architecture::sm_70);
  ASSERT_TRUE(parsed);
  EXPECT_EQ(parsed->placeholders[static_cast<int>(gpuatom::nvidia::ModifierSlot::cache)], 6);
  EXPECT_EQ(parsed->placeholders[static_cast<int>(gpuatom::nvidia::ModifierSlot::size)], 7);
}

}  // namespace

namespace {

// Random words nvdisasm 11.8 printed (tests/oracle/nvdisasm_words128_test.cpp), each a field the
// first differential run taught (docs/oracles.md): gpuatom prints nvdisasm's text (its columns
// squeezed; Hopper with the desc[] of nvdisasm 13.0) and encodes the word back.
TEST(Sass128, RandomWordsReadAsNvdisasmPrintsThem) {
  const struct {
    Architecture arch;
    Word128 word;
    const char* text;
  } cases[] = {
      // .CONSTANT.VC (order code 14); bits 102–103 set, which nvdisasm 11.8 prints as ?PM2 and
      // 13.0 does not print
      {Architecture::sm_86,
       {0x4cb01c68223fd38a, 0x000001ad4715d703},
       "@!P5 ATOM.E.INVALID14.INVALID11.CONSTANT.VC.PRIVATE P2, R63, [R34+0x4cb01c], R104 ;"},
      // a general address [Ra.U32+URb] (bits 70–71 = 0), Ampere's 4-bit size
      {Architecture::sm_80,
       {0x545fde3528d3798a, 0x000000d6cc5c1f1d},
       "ATOM.E.EXCH.NA.INVALID15 P6, R211, [R40.U32+UR29+0x545fde], R53 ;"},
      {Architecture::sm_75,
       {0x10e6d8e6568069a8, 0x000000b54f596727},
       "@P6 ATOMG.E.INVALID14.NA.F32.FTZ.RN.STRONG.SYS P4, R128, [R86.U32+UR39+0x10e6d8], R230 ;"},
      // ATOMS [Ra.Xn+URb] (0x98c)
      {Architecture::sm_75,
       {0xf8eb18b90074598c, 0x00000002df1461aa},
       "@P5 ATOMS.INVALID14 R116, [R0.X4+UR42+-0x714e8], R185 ;"},
      // ATOMG's SAFEADD (9); Turing's strength code 3
      {Architecture::sm_75,
       {0x4d55b52bec7ff3a8, 0x0000011c14d7f26a},
       "@!PT ATOMG.SAFEADD.NA.S32.INVALID3.SYS.PRIVATE P3, R127, [R236+0x4d55b5], R43 ;"},
      // Hopper's float size: bits 73–76 and bit 87 (19 = 16 + 3)
      {Architecture::sm_90,
       {0xf0146f7c375959a2, 0x00000125bf9ca7fb},
       "@P5 ATOM.E.INVALID3.INVALID19.STRONG.SM P6, R89, desc[UR59][R55.64+-0xfeb91], R124 ;"},
      // a .64 register without .E: .???0; a cache placeholder before the size
      {Architecture::sm_80,
       {0xdf33a8a0c7bd498a, 0x0000001a9a7e44d2},
       "@P4 ATOM.???0.DEC.INVALID7.64.CONSTANT.CTA PT, R189, [R199.64+-0x20cc58], R160 ;"},
      // ATOMS: an absolute address is unsigned; Volta has no index scale
      {Architecture::sm_70, {0xb21d5f67ffacf38d, 0x0000018462581d04}, "@!PT ATOMS.CAS.64 R172, [0xb21d5f], R103, R4 ;"},
      {Architecture::sm_70, {0x3388f4affaca438c, 0x0000011ceafec9f4}, "@P4 ATOMS.AND R202, [R250+0x3388f4], R175 ;"},
      // ATOMS 0xf8c: ARRIVE (op 9 on Ampere/Ada) with its one size, .64, and ???n for the others
      {Architecture::sm_80, {0x0190399e3a187f8c, 0x0000014facc9d558}, "ATOMS.ARRIVE.64 R24, [R58.X16+UR24+0x19039] ;"},
      {Architecture::sm_80,
       {0x054a1080f0560f8c, 0x0000013afc9ad623},
       "@P0 ATOMS.ARRIVE.???3 R86, [R240.X16+UR35+0x54a10] ;"},
      {Architecture::sm_89,
       {0x0b1daec7902f4f8c, 0x000001c6fd3f8532},
       "@P4 ATOMS.POPC.INC.???2 R47, [R144.X8+UR50+0xb1dae] ;"},
      // ptxas 11.8 -m32: RED [UR5] without .E (no .???0: the address prints no register)
      {Architecture::sm_80, {0x00000003ff00098e, 0x000be2000910e205}, "@P0 RED.MAX.S32.STRONG.GPU [UR5], R3 ;"},
  };
  for (const auto& c : cases) expect_reads(c.word, c.arch, c.text);
  // The compare op reads bits 87–88: 2 is CAS as 0 is, and the word keeps its 2.
  const Word128 cas{0x0000000206ff738d, 0x000e280000000003};  // ATOMS.CAS RZ, [R6], R2, R3 (sm_90)
  expect_reads(with_bits(cas, 87, 2, 2), Architecture::sm_90, "ATOMS.CAS RZ, [R6], R2, R3 ;");
  expect_reads(with_bits(cas, 87, 2, 1), Architecture::sm_90, "ATOMS.CAST RZ, [R6], R2, R3 ;");
}

}  // namespace
