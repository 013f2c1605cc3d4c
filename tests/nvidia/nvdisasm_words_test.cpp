// The decoder reads words as nvdisasm does, per architecture (tests/conformance/nvidia/
// nvdisasm-words.txt, drawn from the differential run of docs/oracles.md): each word prints
// nvdisasm's text, or is flagged with an error where nvdisasm refuses it; and every word it
// prints assembles back to a word that reads the same.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;

namespace {

std::string text_of(const Instruction& inst) {
  Instruction copy = inst;
  copy.terminated = false;
  return print(copy);
}

TEST(SassNvdisasmWords, EachArchitectureReadsTheWordsAsNvdisasm) {
  const auto lines = sass_test::nvdisasm_word_lines();
  ASSERT_GE(lines.size(), 150u);
  for (const auto& l : lines) {
    const auto arch = parse_architecture(l.arch);
    ASSERT_TRUE(arch) << l.arch;
    const Decoded decoded = decode(l.word, {}, *arch);
    const std::string where = fmt::format("{} 0x{:016x}", l.arch, l.word);
    if (l.text == "<invalid>") {
      EXPECT_TRUE(decoded.diagnostics.has_errors()) << where << " is invalid for nvdisasm";
      continue;
    }
    ASSERT_TRUE(decoded.instruction) << where;
    EXPECT_FALSE(decoded.diagnostics.has_errors()) << where << "\n" << decoded.diagnostics.format_all();
    EXPECT_EQ(text_of(*decoded.instruction), l.text) << where;
  }
}

TEST(SassNvdisasmWords, PrintedWordsAssembleBackForTheirArchitecture) {
  for (const auto& l : sass_test::nvdisasm_word_lines()) {
    if (l.text == "<invalid>") continue;
    const Architecture arch = *parse_architecture(l.arch);
    const Decoded decoded = decode(l.word, {}, arch);
    ASSERT_TRUE(decoded.instruction);
    const std::string text = print(*decoded.instruction);
    const ParsedSass parsed = parse_sass(text, "t.sass");
    ASSERT_EQ(parsed.instructions.size(), 1u) << text << "\n" << parsed.diagnostics.format_all();
    EXPECT_EQ(print(parsed.instructions[0]), text);
    const auto word = encode(parsed.instructions[0], arch);
    ASSERT_TRUE(std::holds_alternative<uint64_t>(word)) << text << "\n" << gpuatom::support::format(std::get<1>(word));
    const Decoded again = decode(std::get<uint64_t>(word), {}, arch);
    ASSERT_TRUE(again.instruction);
    EXPECT_EQ(print(*again.instruction), text)
        << fmt::format("0x{:016x} → 0x{:016x}", l.word, std::get<uint64_t>(word));
  }
}

// The readings that differ by generation, one word each (docs/oracles.md).
TEST(SassNvdisasmWords, SizeCodesByGeneration) {
  const auto read = [](uint64_t word, Architecture arch) { return text_of(*decode(word, {}, arch).instruction); };
  // ATOM.E.ADD with size code 4: .U128 on sm_50, F16x2 after, spelled with .FTZ on sm_52/53.
  EXPECT_EQ(read(0xed09000100470200, Architecture::sm_50), "ATOM.E.ADD.U128 R0, [R2+0x10], R4");
  EXPECT_EQ(read(0xed09000100470200, Architecture::sm_53), "ATOM.E.ADD.F16x2.FTZ.RN R0, [R2+0x10], R4");
  EXPECT_EQ(read(0xed09000100470200, Architecture::sm_62), "ATOM.E.ADD.F16x2.RN R0, [R2+0x10], R4");
  // RED.E.ADD with size code 6: F64 from sm_60 on.
  EXPECT_EQ(read(0xebf9000080670406, Architecture::sm_52), "RED.E.ADD.INVALIDATOMICSIZE6 [R4+0x8], R6");
  EXPECT_EQ(read(0xebf9000080670406, Architecture::sm_60), "RED.E.ADD.F64.RN [R4+0x8], R6");
  // SUATOM size code 4: nothing on sm_50.
  const uint64_t suatom = 0xea2000860047020aULL;  // SUATOM.D.2D.ADD … with size code 4
  EXPECT_EQ(read(suatom, Architecture::sm_50), "SUATOM.D.2D.ADD.INVALIDATOMICSIZE4.IGN R10, [R2], R4, 0x8");
  EXPECT_EQ(read(suatom, Architecture::sm_52), "SUATOM.D.2D.ADD.F16x2.FTZ.RN.IGN R10, [R2], R4, 0x8");
}

TEST(SassNvdisasmWords, SparseFormsAreRefusedOnSm50AndWithAnAbsoluteAddress) {
  // ATOM.E.MAX with Ps (opcode 0xEE6): read from sm_52 on.
  const uint64_t word = 0xee612880be6c6fe9ULL;
  EXPECT_EQ(text_of(*decode(word, {}, Architecture::sm_52).instruction), "@!P4 ATOM.E.MAX P3, R233, [R111], R230");
  EXPECT_TRUE(decode(word, {}, Architecture::sm_50).diagnostics.has_errors());
  EXPECT_TRUE(decode((word & ~0xff00ULL) | 0xff00ULL, {}, Architecture::sm_61).diagnostics.has_errors()) << "[RZ]";
}

TEST(SassNvdisasmWords, RuleViolationsAreWarningsNotErrors) {
  // ATOM.CAS with an odd Rb (R129), ATOMS with the reserved op 13: both print, with warnings.
  for (const uint64_t word : {0xeef36c0ff8130c42ULL, 0xecd0ed03de383784ULL}) {
    const Decoded d = decode(word);
    ASSERT_TRUE(d.instruction);
    EXPECT_FALSE(d.diagnostics.has_errors()) << d.diagnostics.format_all();
    EXPECT_FALSE(d.diagnostics.all().empty()) << text_of(*d.instruction);
  }
}

}  // namespace
