// Hopper text as nvdisasm 11.8 prints it: no desc[URn], which every Hopper [Ra.64] form holds. The
// encoder says what is missing and how nvdisasm 13.0 spells it.
#include <gtest/gtest.h>

#include <string>
#include <variant>

#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"

namespace {

using gpuatom::nvidia::Architecture;

std::string encode_message(const std::string& line, Architecture arch) {
  auto parsed = gpuatom::nvidia::parse_sass(line, "t.sass", arch);
  EXPECT_EQ(parsed.diagnostics.format_all(), "");
  if (parsed.instructions.size() != 1) return "";
  const auto r = encode128(parsed.instructions[0], arch);
  const auto* d = std::get_if<gpuatom::support::Diagnostic>(&r);
  return d ? d->message : "";
}

TEST(Sass128HopperText, AMissingDescriptorIsNamed) {
  const std::string m = encode_message("@P0 REDG.E.ADD.STRONG.GPU [R4.64], R11 ;", Architecture::sm_90);
  EXPECT_NE(m.find("no 128-bit REDG form of sm_90 (Hopper) holds"), std::string::npos) << m;
  EXPECT_NE(m.find("lacks the descriptor register (desc[URn])"), std::string::npos) << m;
  EXPECT_NE(m.find("nvdisasm 11.8 does not print"), std::string::npos) << m;
  EXPECT_NE(m.find("desc[URn][R4.64]"), std::string::npos) << m;
  // Given as nvdisasm 13.0 prints it, the same text encodes.
  EXPECT_EQ(encode_message("@P0 REDG.E.ADD.STRONG.GPU desc[UR6][R4.64], R11 ;", Architecture::sm_90), "");
  EXPECT_NE(
      encode_message("ATOMG.E.ADD.STRONG.GPU PT, R2, [R6.64], R3 ;", Architecture::sm_100).find("desc[URn][R6.64]"),
      std::string::npos);
}

// Other refusals keep their message: Ampere's [Ra.64] needs no descriptor.
TEST(Sass128HopperText, OnlyAnAddressWithoutItsDescriptorGetsTheHint) {
  EXPECT_EQ(encode_message("RED.E.ADD.STRONG.GPU [R4.64], R11 ;", Architecture::sm_80), "");
  const std::string m = encode_message("REDG.E.ADD.STRONG.GPU [R4], R11 ;", Architecture::sm_90);
  EXPECT_NE(m.find("no 128-bit REDG form"), std::string::npos) << m;
  EXPECT_EQ(m.find("desc[URn]"), std::string::npos) << m;
}

}  // namespace
