// docs/spec/nvidia.md §11.5 (worked encodings) and §11.6 (published nvdisasm words): every word
// decodes to its text without a diagnostic, and the text encodes back to the word.
#include <fmt/format.h>
#include <gtest/gtest.h>

#include <variant>

#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;

TEST(SassWords, EveryWordDecodesToItsText) {
  const auto words = sass_test::word_lines();
  ASSERT_EQ(words.size(), 7u + 23u) << "§11.5 has 7 words, §11.6 has 23";
  for (const auto& [word, text] : words) {
    const Decoded decoded = decode(word);
    ASSERT_TRUE(decoded.instruction) << text;
    EXPECT_TRUE(decoded.diagnostics.all().empty()) << text << "\n" << decoded.diagnostics.format_all();
    EXPECT_EQ(print(*decoded.instruction), text) << fmt::format("0x{:016x}", word);
  }
}

TEST(SassWords, EveryTextEncodesToItsWord) {
  for (const auto& [word, text] : sass_test::word_lines()) {
    const auto encoded = encode(sass_test::parse_one(text));
    ASSERT_TRUE(std::holds_alternative<uint64_t>(encoded)) << text << "\n"
                                                           << gpuatom::support::format(std::get<1>(encoded));
    EXPECT_EQ(std::get<uint64_t>(encoded), word)
        << text << fmt::format("\n got 0x{:016x}\nwant 0x{:016x}", std::get<uint64_t>(encoded), word);
  }
}

TEST(SassWords, DecodedWordsReencodeToThemselves) {
  for (const auto& [word, text] : sass_test::word_lines()) {
    const Decoded decoded = decode(word);
    ASSERT_TRUE(decoded.instruction) << text;
    const auto encoded = encode(*decoded.instruction);
    ASSERT_TRUE(std::holds_alternative<uint64_t>(encoded)) << text;
    EXPECT_EQ(std::get<uint64_t>(encoded), word) << text;
  }
}
