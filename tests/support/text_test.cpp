// The shared text helpers.
#include "gpuatom/support/text.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::support;

TEST(ParseUnsigned, RespectsSmallMaximaWithoutWrapping) {
  // Regression: with max < 9, (max - digit) wrapped around and "9" passed a maximum of 7
  // (it let "@P9" through as a predicate).
  EXPECT_FALSE(parse_unsigned("9", 7));
  EXPECT_FALSE(parse_unsigned("8", 7));
  EXPECT_EQ(parse_unsigned("7", 7), 7u);
  EXPECT_FALSE(parse_unsigned("0x10", 15));
  EXPECT_EQ(parse_unsigned("0xf", 15), 15u);
  EXPECT_FALSE(parse_unsigned("256", 255));
  EXPECT_EQ(parse_unsigned("255", 255), 255u);
  EXPECT_EQ(parse_unsigned("18446744073709551615"), ~0ULL);
  EXPECT_FALSE(parse_unsigned("18446744073709551616"));
}

TEST(ParseUnsigned, RejectsMalformedText) {
  EXPECT_FALSE(parse_unsigned(""));
  EXPECT_FALSE(parse_unsigned("0x"));
  EXPECT_FALSE(parse_unsigned("12a"));
  EXPECT_FALSE(parse_unsigned("-1"));
  EXPECT_EQ(parse_unsigned("1_000"), 1000u);
}

TEST(EscapeControls, ControlBytesBecomeHexAndOtherBytesStay) {
  EXPECT_EQ(escape_controls("a\x1b[31mb\x7f\tc", 300), "a\\x1b[31mb\\x7f\\x09c");
  EXPECT_EQ(escape_controls("caf\xc3\xa9 \xff", 300), "caf\xc3\xa9 \xff") << "only control bytes are escaped";
  EXPECT_EQ(escape_controls("", 300), "");
}

TEST(EscapeControls, TextPastTheCapIsCut) {
  EXPECT_EQ(escape_controls("abcdef", 4), "abcd…");
  EXPECT_EQ(escape_controls("abcd", 4), "abcd") << "text that fits is not marked";
  EXPECT_EQ(escape_controls("ab\x01\x02z", 3), "ab\\x01…") << "the cap is checked before each byte";
  EXPECT_EQ(escape_controls(std::string(100000, 'x'), 300), std::string(300, 'x') + "…");
}
