// The committed word corpus (tests/conformance/nvidia/words.txt) against nvdisasm itself: every
// word there is disassembled by NVIDIA's tool, for each Pascal architecture, to the text the
// corpus records (nvdisasm ends a line with ";" where gpuatom prints " ;"). Pascal, because the
// corpus holds a RED.E.ADD.F64.RN: size code 6 is F64 from sm_60 on, and Maxwell's nvdisasm
// reads it as .INVALIDATOMICSIZE6 (the per-architecture readings are tested word by word in
// nvdisasm_words_test.cpp).
#include <fmt/format.h>
#include <gtest/gtest.h>

#include "nvidia/sass_test_support.hpp"
#include "oracle/nvdisasm_raw.hpp"
#include "oracle/nvidia_tools.hpp"

namespace {

std::string without_terminator(std::string text) {
  if (text.size() >= 2 && text.compare(text.size() - 2, 2, " ;") == 0) text.resize(text.size() - 2);
  return text;
}

TEST(OracleWordsCorpus, NvdisasmReadsEveryCorpusWordAsRecorded) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const auto lines = sass_test::word_lines();
  ASSERT_FALSE(lines.empty());
  std::vector<uint64_t> words;
  for (const auto& l : lines) words.push_back(l.word);
  for (const char* arch : {"SM60", "SM61", "SM62"}) {
    const auto texts = gpuatom::oracle::nvdisasm_words(tools / "nvdisasm", arch, words);
    for (size_t i = 0; i < lines.size(); ++i) {
      ASSERT_TRUE(texts[i]) << arch << fmt::format(" calls 0x{:016x} invalid", lines[i].word);
      EXPECT_EQ(*texts[i], without_terminator(lines[i].text)) << arch << fmt::format(" 0x{:016x}", lines[i].word);
    }
  }
}

// tests/conformance/nvidia/nvdisasm-words.txt, which the decoder tests read without the tools,
// is what nvdisasm says today.
TEST(OracleWordsCorpus, NvdisasmWordsFileIsWhatNvdisasmPrints) {
  GPUATOM_REQUIRE_NVIDIA_TOOLS(tools);
  const auto lines = sass_test::nvdisasm_word_lines();
  ASSERT_FALSE(lines.empty());
  for (const char* arch : {"SM50", "SM52", "SM61"}) {
    std::vector<uint64_t> words;
    std::vector<std::string> want;
    for (const auto& l : lines)
      if (l.arch == arch) {
        words.push_back(l.word);
        want.push_back(l.text);
      }
    ASSERT_FALSE(words.empty()) << arch;
    const auto texts = gpuatom::oracle::nvdisasm_words(tools / "nvdisasm", arch, words);
    for (size_t i = 0; i < words.size(); ++i) {
      std::string got = "<invalid>";
      if (texts[i]) {
        got.clear();
        for (char c : *texts[i])
          if (c != ' ' || (!got.empty() && got.back() != ' ')) got += c;
      }
      EXPECT_EQ(got, want[i]) << arch << fmt::format(" 0x{:016x}", words[i]);
    }
  }
}

}  // namespace
