// Diagnostics bound the input they echo (fuzzing finding: a 10 MB unknown token came back whole
// in the parse error, docs/reliability.md "Fuzzing").
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/intel/parser.hpp"
#include "gpuatom/nvidia/parser.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/diagnostic.hpp"

using namespace gpuatom;
using support::bound_echoed_words;
using support::max_echoed_word;

TEST(EchoedWords, ShortWordsAreKept) {
  EXPECT_EQ(bound_echoed_words("unknown instruction 'FOO': expected ATOM"), "unknown instruction 'FOO': expected ATOM");
  EXPECT_EQ(bound_echoed_words(""), "");
  const std::string exact(max_echoed_word, 'x');
  EXPECT_EQ(bound_echoed_words(exact), exact);
}

TEST(EchoedWords, LongWordsKeepTheirStartAndClosingQuote) {
  const std::string long_word(1000, 'A');
  EXPECT_EQ(bound_echoed_words("unknown instruction '" + long_word + "': expected ATOM"),
            "unknown instruction '" + std::string(max_echoed_word - 1, 'A') + "…': expected ATOM");
  EXPECT_EQ(bound_echoed_words(long_word), std::string(max_echoed_word, 'A') + "…");
  EXPECT_EQ(bound_echoed_words(long_word + " " + long_word),
            std::string(max_echoed_word, 'A') + "… " + std::string(max_echoed_word, 'A') + "…");
}

TEST(EchoedWords, CutsAtACharacterBoundary) {
  std::string word = "a";
  for (int k = 0; k < 100; ++k) word += "é";  // two bytes each: the limit falls inside one
  std::string expected = "a";  // 1 + 31 × 2 bytes: the 32nd "é" would cross the limit
  for (int k = 0; k < 31; ++k) expected += "é";
  expected += "…";
  EXPECT_EQ(bound_echoed_words(word), expected);
}

namespace {
const std::string huge(10u << 20, 'Q');  // 10 MB, one token
constexpr std::size_t bounded_length = 400;
}  // namespace

TEST(EchoedWords, SassParseErrorOnAHugeToken) {
  const nvidia::ParsedSass parsed = nvidia::parse_sass(huge + " R0, [R2], R4 ;", "huge.sass");
  ASSERT_EQ(parsed.diagnostics.all().size(), 1u);
  EXPECT_LT(parsed.diagnostics.format_all().size(), bounded_length) << parsed.diagnostics.format_all().substr(0, 400);
}

TEST(EchoedWords, VisaParseErrorOnAHugeToken) {
  support::Diagnostics d;
  (void)intel::parse_visa(huge + " (M1, 8) A.0 B.0 C.0 %null.0\n", "huge.visaasm", {}, d);
  ASSERT_TRUE(d.has_errors());
  EXPECT_LT(d.format_all().size(), bounded_length * d.all().size()) << d.format_all().substr(0, 400);
}

TEST(EchoedWords, ScenarioErrorOnAHugeValue) {
  const auto loaded = scenario::parse_scenario("isa = \"" + huge + "\"\n", "huge.toml");
  ASSERT_TRUE(std::holds_alternative<support::Diagnostics>(loaded));
  const support::Diagnostics& d = std::get<support::Diagnostics>(loaded);
  EXPECT_LT(d.format_all().size(), bounded_length * d.all().size()) << d.format_all().substr(0, 400);
}
