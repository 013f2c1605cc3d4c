// Bytes as hex text (gpuatom/support/hex_text.hpp): the spellings read, comments skipped, a bad
// token an error at its line and column; printing gives upper-case pairs.
#include "gpuatom/support/hex_text.hpp"

#include <gtest/gtest.h>

using namespace gpuatom::support;

TEST(HexText, ReadsEverySpelling) {
  Diagnostics diagnostics;
  const auto bytes = parse_hex("4E 05\n4e05 # a comment\n0x4e,0x05 // another\n", "in.hex", diagnostics);
  EXPECT_FALSE(diagnostics.has_errors());
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x4e, 0x05, 0x4e, 0x05, 0x4e, 0x05}));
  EXPECT_EQ(hex_bytes(bytes), "4E 05 4E 05 4E 05");
}

TEST(HexText, BadTokenIsAnErrorAtItsPlace) {
  Diagnostics diagnostics;
  const auto bytes = parse_hex("4E\n  4G5 05", "in.hex", diagnostics);
  ASSERT_EQ(diagnostics.all().size(), 1u);
  EXPECT_EQ(format(diagnostics.all()[0]),
            "in.hex:2:3: error: '4G5' is not hex bytes (pairs of hex digits, e.g. 4E 05 or 4e05)");
  EXPECT_EQ(bytes, (std::vector<uint8_t>{0x4e, 0x05}));
}
