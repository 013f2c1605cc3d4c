// Where disassemblers' bytes come from (gpuatom/support/code_source.hpp): a lone "-" is standard
// input, both or neither given is refused, and the hex-or-code guess.
#include "gpuatom/support/code_source.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/input_error.hpp"

using namespace gpuatom::support;

TEST(CodeSource, HexArgumentsAreJoinedWithBlanks) {
  const CodeSource source = code_source({"4E", "0503"}, "");
  EXPECT_FALSE(source.from_file());
  EXPECT_EQ(source.joined_hex(), "4E 0503 ");
}

TEST(CodeSource, LoneDashIsStandardInput) {
  const CodeSource source = code_source({"-"}, "");
  EXPECT_TRUE(source.from_file());
  EXPECT_EQ(source.file, "-");
  EXPECT_TRUE(source.hex.empty());
}

TEST(CodeSource, BothOrNeitherIsRefused) {
  try {
    code_source({"4E"}, "in.bin");
    FAIL() << "both given";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "give the bytes either on the command line or with --file, not both");
  }
  try {
    code_source({}, "");
    FAIL() << "neither given";
  } catch (const InputError& e) {
    EXPECT_STREQ(e.what(), "no bytes: give hex bytes on the command line, --file FILE, or - for standard input");
  }
}

TEST(CodeSource, HexTextIsPrintableOnly) {
  EXPECT_TRUE(looks_like_hex_text("4E 05\t03\r\n# comment\n"));
  EXPECT_FALSE(looks_like_hex_text(std::string("\x4e\x05\x03\x00", 4)));
  EXPECT_FALSE(looks_like_hex_text("4E\x80"));
}
