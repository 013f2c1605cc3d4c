// The bits of a 128-bit word its text does not show (docs/sass128.md, "What is kept as read"):
// `disasm sass` prints them as a comment after nvdisasm's text where a word has any, the parser
// reads the comment back, and word → gpuatom's text → word is the identity on every word of the
// committed nvdisasm 13.0 corpora (the words ptxas 13.0 wrote, and random words read alike).
#include "gpuatom/nvidia/binary/unprinted_bits.hpp"

#include <fmt/format.h>
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iostream>
#include <sstream>
#include <string>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/cuda13_listing.hpp"
#include "nvidia/text_round_trip.hpp"

namespace {

using gpuatom::nvidia::Architecture;
using gpuatom::nvidia::Instruction;
using gpuatom::nvidia::Word128;

// gpuatom's word for one line of text on `arch`.
Word128 word128_of(const std::string& text, Architecture arch) {
  const auto read = gpuatom::nvidia::check_sass(text, "t.sass", arch);
  EXPECT_FALSE(read.diagnostics.has_errors()) << read.diagnostics.format_all();
  EXPECT_EQ(read.instructions.size(), 1u) << text;
  if (read.instructions.size() != 1) return {};
  const auto word = gpuatom::nvidia::encode128(read.instructions[0], arch);
  EXPECT_TRUE(std::holds_alternative<Word128>(word)) << text;
  return std::holds_alternative<Word128>(word) ? std::get<Word128>(word) : Word128{};
}

Instruction instruction_of(const Word128& word, Architecture arch) {
  const auto d = gpuatom::nvidia::decode128(word, arch);
  EXPECT_TRUE(std::holds_alternative<Instruction>(d)) << std::get<gpuatom::support::Diagnostic>(d).message;
  return std::holds_alternative<Instruction>(d) ? std::get<Instruction>(d) : Instruction{};
}

// The word gpuatom writes for `text`, with `extra` set (bits that word leaves clear): it prints
// as nvdisasm prints it plus `comment`, and comes back whole through that text.
void expect_shown(const std::string& text, Architecture arch, const Word128& extra, const std::string& comment) {
  const Word128 plain = word128_of(text, arch);
  ASSERT_EQ(plain.lo & extra.lo, 0u) << text;
  ASSERT_EQ(plain.hi & extra.hi, 0u) << text;
  const Word128 word{plain.lo | extra.lo, plain.hi | extra.hi};
  const Instruction i = instruction_of(word, arch);
  EXPECT_EQ(gpuatom::nvidia::print(i), text);
  EXPECT_EQ(gpuatom::nvidia::unprinted_comment(i), comment);
  EXPECT_EQ(gpuatom::nvidia::print_with_unprinted_bits(i), text + "  " + comment);
  EXPECT_EQ(text_round_trip::failure(word, arch), std::nullopt);
  // Without the comment the text gives the word gpuatom writes, not the one read.
  EXPECT_EQ(word128_of(text, arch), plain);
}

TEST(UnprintedBits, TheDescriptorRegisterOfAnAmpereAddressWithoutDesc) {
  // ptxas writes UR4 in bits 64–69 of `RED.E.ADD.STRONG.GPU [R8.64], R11`: …0c10e184, where
  // gpuatom's encoder writes …0c10e180 for the text.
  expect_shown("RED.E.ADD.STRONG.GPU [R8.64], R11 ;", Architecture::sm_86, {0, 0x4},
               "/* unprinted: 0x0000000000000000 0x0000000000000004 */");
  expect_shown("ATOMG.E.ADD.STRONG.GPU PT, R4, [R2.64], R5 ;", Architecture::sm_89, {0, 0x3f},
               "/* unprinted: 0x0000000000000000 0x000000000000003f */");
}

TEST(UnprintedBits, TheWidthBitOfAUniformAddress) {
  // [UR4] alone is a general address of RZ: its .64/.U32 bit (70) does not print.
  const std::string text = "ATOM.E.ADD.STRONG.GPU PT, R4, [UR4], R5 ;";
  const Word128 plain = word128_of(text, Architecture::sm_80);
  const Word128 word{plain.lo, plain.hi ^ (1ULL << 6)};
  const Instruction i = instruction_of(word, Architecture::sm_80);
  EXPECT_EQ(gpuatom::nvidia::print(i), text);
  EXPECT_EQ(gpuatom::nvidia::unprinted_comment(i), "/* unprinted: 0x0000000000000000 0x0000000000000040 */");
  EXPECT_EQ(text_round_trip::failure(word, Architecture::sm_80), std::nullopt);
  EXPECT_EQ(text_round_trip::failure(plain, Architecture::sm_80), std::nullopt);
}

TEST(UnprintedBits, TheUniformRegisterOfAnAtomsImmediateAddress) {
  expect_shown("@P0 ATOMS.ADD RZ, [0x10], R0 ;", Architecture::sm_80, {0, 0xff},
               "/* unprinted: 0x0000000000000000 0x00000000000000ff */");
}

// A lone placeholder after the op reads as the size, but the word may hold it in the cache
// operation: the comment keeps that field (bits 84–86), so the text comes back as that word.
TEST(UnprintedBits, TheFieldOfALonePlaceholderInAnotherSlotThanTheTextSays) {
  const std::string text = "SUATOM.D.1D.CAS.INVALID6.STRONG.SM P4, R0, [R2], R4, R6 ;";
  const Architecture arch = Architecture::sm_89;
  const Word128 as_size = word128_of(text, arch);
  auto read = gpuatom::nvidia::check_sass(text, "t.sass", arch);
  ASSERT_EQ(read.instructions.size(), 1u);
  Instruction in_cache = read.instructions[0];
  auto& placeholders = in_cache.placeholders;
  std::swap(placeholders[static_cast<int>(gpuatom::nvidia::ModifierSlot::size)],
            placeholders[static_cast<int>(gpuatom::nvidia::ModifierSlot::cache)]);
  const auto written = gpuatom::nvidia::encode128(in_cache, arch);
  ASSERT_TRUE(std::holds_alternative<Word128>(written));
  const Word128 word = std::get<Word128>(written);
  EXPECT_NE(word, as_size);
  EXPECT_EQ((word.hi >> 20) & 7, 6u);  // the cache operation, bits 84–86
  const Instruction i = instruction_of(word, arch);
  EXPECT_EQ(gpuatom::nvidia::print(i), text);
  EXPECT_EQ((gpuatom::nvidia::unprinted_bits(i).hi >> 20) & 7, 6u);
  EXPECT_EQ(text_round_trip::failure(word, arch), std::nullopt);
  // The word the text alone reads as keeps no such field: its comment is empty.
  EXPECT_EQ(gpuatom::nvidia::unprinted_comment(instruction_of(as_size, arch)), "");
}

TEST(UnprintedBits, AWordWhoseTextShowsEverythingPrintsNvdisasmsTextAlone) {
  const std::string text = "RED.E.ADD.STRONG.GPU [R8.64], R11 ;";
  Word128 word = word128_of(text, Architecture::sm_86);
  // Control bits are not unprinted bits: --control prints them.
  word = gpuatom::nvidia::with_control_bits(word, {1, true, 2, 7, 0x4, 0});
  const Instruction i = instruction_of(word, Architecture::sm_86);
  EXPECT_EQ(gpuatom::nvidia::unprinted_bits(i), Word128{});
  EXPECT_EQ(gpuatom::nvidia::print_with_unprinted_bits(i), text);
  EXPECT_EQ(text_round_trip::failure(word, Architecture::sm_86), std::nullopt);
}

TEST(UnprintedBits, ACommentThatDoesNotReadIsAnErrorAtItsColumn) {
  const auto error = [](const std::string& line, std::optional<Architecture> arch) {
    return gpuatom::nvidia::check_sass(line, "t.sass", arch).diagnostics.format_all();
  };
  EXPECT_EQ(error("RED.E.ADD.STRONG.GPU [R8.64], R11 ;  /* unprinted: 0x4 */", Architecture::sm_86),
            "t.sass:1:38: error: unprinted bits: expected two 64-bit hex numbers, `/* unprinted: 0x… 0x… */`, the "
            "low half, then the high half (docs/sass128.md)\n");
  EXPECT_EQ(error("RED.E.ADD.STRONG.GPU [R8.64], R11 ; /* unprinted: 0x0 0x4 R5 */", Architecture::sm_86),
            "t.sass:1:37: error: unprinted bits: 'R5' after the two halves, `/* unprinted: 0x… 0x… */`, the low "
            "half, then the high half (docs/sass128.md)\n");
  EXPECT_NE(error("RED.E.ADD.STRONG.GPU [R8.64], R11 ; /* unprinted: 0x0 0x0000020000000000 */", Architecture::sm_86)
                .find("1:37: error: unprinted bits: bits 105–127 are the control bits"),
            std::string::npos);
  EXPECT_NE(error("RED.E.ADD [R2], R5 ; /* unprinted: 0x0 0x4 */", Architecture::sm_61)
                .find("1:22: error: unprinted bits are a 128-bit word's (sm_70 on)"),
            std::string::npos);
  // Read: the bits land in kept_bits.
  const auto read = gpuatom::nvidia::check_sass("RED.E.ADD.STRONG.GPU [R8.64], R11 ; /* unprinted: 0x0 0x4 */", "t",
                                                Architecture::sm_86);
  ASSERT_EQ(read.instructions.size(), 1u);
  EXPECT_EQ(read.instructions[0].kept_bits, (Word128{0, 4}));
}

// Every word ptxas 13.0 wrote (tests/conformance/nvidia/cuda13) comes back through its text.
TEST(UnprintedBits, EveryCuda13WordComesBackThroughGpuatomsText) {
  size_t words = 0, commented = 0, failures = 0;
  for (const auto& [arch, path] : cuda13::listing_files())
    for (const cuda13::ListingLine& line : cuda13::read_listing(path))
      for (const Word128& word : line.words) {
        ++words;
        if (const auto why = text_round_trip::failure(word, arch)) {
          if (++failures <= 20)
            ADD_FAILURE() << fmt::format("{} 0x{:016x} 0x{:016x}: {}", name(arch), word.lo, word.hi, *why);
          continue;
        }
        if (text_round_trip::disassembled(word, arch)->find("/* unprinted:") != std::string::npos) ++commented;
      }
  std::cout << fmt::format("[ words ] {} words of ptxas 13.0, {} through gpuatom's text ({} with unprinted bits)\n",
                           words, words - failures, commented);
  EXPECT_EQ(failures, 0u) << "of " << words;
  EXPECT_GT(words, 33000u);
  EXPECT_GT(commented, 0u);  // sm_80 … sm_89 words keep a descriptor register without desc[]
}

// The random words nvdisasm 13.0 read (tests/conformance/nvidia/cuda13-random, "set low high text"
// per line): each gpuatom reads alike comes back through its text, those with placeholders too
// (.INVALIDn, which no compiler writes: the text does not say which slot a lone one fills, so
// the unprinted comment keeps the fields it stands in, docs/sass128.md).
TEST(UnprintedBits, RandomWordsReadAsNvdisasm13ReadsThemComeBackThroughGpuatomsText) {
  size_t alike = 0, back = 0, placeholders = 0;
  const auto directory = std::filesystem::path(GPUATOM_SOURCE_DIR) / "tests/conformance/nvidia/cuda13-random";
  for (const auto& entry : std::filesystem::directory_iterator(directory)) {
    const auto arch = gpuatom::nvidia::parse_architecture(entry.path().stem().string());
    if (entry.path().extension() != ".tsv" || !arch) continue;
    std::ifstream in(entry.path());
    for (std::string line; std::getline(in, line);) {
      if (line.empty() || line.front() == '#') continue;
      std::istringstream fields(line);
      std::string set, lo, hi;
      fields >> set >> lo >> hi;
      std::string text;
      std::getline(fields >> std::ws, text);
      const Word128 word{std::stoull(lo, nullptr, 16), std::stoull(hi, nullptr, 16)};
      const auto d = gpuatom::nvidia::decode128(word, *arch);
      const auto* i = std::get_if<Instruction>(&d);
      if (!i || gpuatom::nvidia::print(*i) != text + " ;") continue;
      ++alike;
      if (const auto why = text_round_trip::failure(word, *arch)) {
        if (alike - back <= 20) ADD_FAILURE() << name(*arch) << ": " << *why;
        continue;
      }
      ++back;
      if (i->has_placeholder()) ++placeholders;
    }
  }
  std::cout << fmt::format(
      "[ words ] {} random words read as nvdisasm 13.0 reads them, {} through gpuatom's text ({} with a "
      "placeholder)\n",
      alike, back, placeholders);
  EXPECT_GT(alike, 47500u);  // 47,552 when last measured (docs/oracles.md)
  EXPECT_EQ(back, alike);
  EXPECT_GT(placeholders, 10000u);
}

}  // namespace
