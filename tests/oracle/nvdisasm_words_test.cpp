// The differential run of issue 16: random words in every atomic opcode class, read by
// `gpuatom`'s decoder for an architecture and by nvdisasm -b SMxy of the same architecture.
// Where nvdisasm prints a word, gpuatom prints the same text (nvdisasm's ";" and its column
// padding aside); where nvdisasm calls a word invalid, gpuatom flags it with an error. The
// figures per architecture are printed (docs/oracles.md records them).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <iostream>
#include <random>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"

using namespace gpuatom::nvidia;

namespace {

constexpr int words_per_form = 1000;  // 21 opcode classes: 21 000 words per architecture

using gpuatom::oracle::squeeze;

std::string printed_without_terminator(Instruction inst) {
  inst.terminated = false;
  return print(inst);
}

// Every opcode class of the instruction table, each with random bits everywhere else. The
// classes are the top-16-bit ranges nvdisasm reads as ATOM, ATOMS, RED, SUATOM and SURED
// (docs/oracles.md, "Which words are atomics").
std::vector<uint64_t> random_words64(uint64_t seed) {
  std::mt19937_64 gen(seed);
  std::vector<uint64_t> words;
  for (int k = 0; k < words_per_form; ++k)
    for (const EncodingInfo& form : encoding_table()) words.push_back((gen() & ~form.mask) | form.match);
  return words;
}

class OracleWords : public ::testing::TestWithParam<Architecture> {};

TEST_P(OracleWords, DecodeReadsRandomWordsAsNvdisasmDoes) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const Architecture arch = GetParam();
  const std::vector<uint64_t> words = random_words64(0x16 + static_cast<uint64_t>(arch));
  const auto oracle = gpuatom::oracle::nvdisasm_words(tools / "nvdisasm", nvdisasm_name(arch), words);
  size_t read = 0, agree = 0, invalid = 0, flagged = 0, shown = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    const Decoded decoded = decode(words[i], {}, arch);
    if (!oracle[i]) {
      ++invalid;
      if (!decoded.instruction || decoded.diagnostics.has_errors())
        ++flagged;
      else if (shown++ < 10)
        ADD_FAILURE() << fmt::format("{} 0x{:016x}: nvdisasm calls it invalid, gpuatom reads {} without an error",
                                     name(arch), words[i], printed_without_terminator(*decoded.instruction));
      continue;
    }
    ++read;
    const std::string want = squeeze(*oracle[i]);
    const std::string got = decoded.instruction ? printed_without_terminator(*decoded.instruction) : "<no instruction>";
    if (got == want)
      ++agree;
    else if (shown++ < 10)
      ADD_FAILURE() << fmt::format("{} 0x{:016x}\n nvdisasm: {}\n  gpuatom: {}", name(arch), words[i], want, got);
  }
  std::cout << fmt::format(
      "[ oracle ] {}: {} random words, nvdisasm reads {}, gpuatom prints the same text for {} "
      "({:.3f} %); {} invalid, {} of them flagged by gpuatom\n",
      name(arch), words.size(), read, agree, read ? 100.0 * agree / read : 0.0, invalid, flagged);
  EXPECT_EQ(flagged, invalid) << "every word nvdisasm calls invalid draws an error";
  EXPECT_GE(agree * 1000, read * 999) << "at least 99.9 % of the words nvdisasm reads print the same";
  EXPECT_GT(read, words.size() / 2) << "most random words of the atomic classes are readable";
}

// What disasm prints assembles back: parse the text, encode it for the same architecture, and
// the word reads the same (it is the same word up to the bits nvdisasm ignores).
TEST_P(OracleWords, EveryPrintedWordAssemblesBack) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const Architecture arch = GetParam();
  const std::vector<uint64_t> words = random_words64(0x61 + static_cast<uint64_t>(arch));
  const auto oracle = gpuatom::oracle::nvdisasm_words(tools / "nvdisasm", nvdisasm_name(arch), words);
  std::vector<uint64_t> again;
  std::vector<std::string> texts;
  int shown = 0;
  for (size_t i = 0; i < words.size(); ++i) {
    if (!oracle[i]) continue;
    const Decoded decoded = decode(words[i], {}, arch);
    ASSERT_TRUE(decoded.instruction);
    const std::string text = print(*decoded.instruction);
    const ParsedSass parsed = parse_sass(text, "oracle");
    if (parsed.instructions.size() != 1 || parsed.diagnostics.has_errors()) {
      if (shown++ < 10) ADD_FAILURE() << text << "\n" << parsed.diagnostics.format_all();
      continue;
    }
    const auto word = encode(parsed.instructions[0], arch);
    if (const auto* refused = std::get_if<gpuatom::support::Diagnostic>(&word)) {
      if (shown++ < 10) ADD_FAILURE() << text << "\n" << gpuatom::support::format(*refused);
      continue;
    }
    again.push_back(std::get<uint64_t>(word));
    texts.push_back(squeeze(*oracle[i]));
  }
  // nvdisasm reads the re-encoded words as it read the originals.
  const auto reread = gpuatom::oracle::nvdisasm_words(tools / "nvdisasm", nvdisasm_name(arch), again);
  for (size_t i = 0; i < again.size(); ++i) {
    const std::string got = reread[i] ? squeeze(*reread[i]) : "<invalid>";
    if (got != texts[i] && shown++ < 10)
      ADD_FAILURE() << fmt::format("{} 0x{:016x}: nvdisasm reads {}, the original read {}", name(arch), again[i], got,
                                   texts[i]);
  }
  EXPECT_EQ(shown, 0);
}

INSTANTIATE_TEST_SUITE_P(Maxwell, OracleWords,
                         ::testing::Values(Architecture::sm_50, Architecture::sm_52, Architecture::sm_53,
                                           Architecture::sm_60, Architecture::sm_61, Architecture::sm_62),
                         [](const auto& param) { return std::string(name(param.param)); });

}  // namespace
