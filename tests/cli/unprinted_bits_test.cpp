// A 128-bit word's unprinted bits round trip through text as its control bits do: `disasm sass`
// prints them as a comment after nvdisasm's text (docs/sass128.md, "Unprinted bits"), and
// `asm sass --encode` reads it, so the word comes back whole; a comment that does not read is
// refused at its line and column.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"
#include "common/scratch_file.hpp"

namespace {

using gpuatom::testing::ScratchFile;

// ptxas's word for `RED.E.ADD.STRONG.GPU [R8.64], R11` on sm_86: UR4 in bits 64–69, which
// nvdisasm does not print (gpuatom's encoder writes …0c10e180 for the text alone).
constexpr const char* red_word = "0x0000000b0800798e 0x004fe2000c10e184";

TEST(UnprintedBitsCli, DisasmPrintsThemAndAsmReadsThemBack) {
  const CliRun listed = run_gpuatom(std::string("disasm sass --arch sm_86 --control ") + red_word);
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_EQ(listed.out.substr(0, listed.out.find("  /* stall")),
            "RED.E.ADD.STRONG.GPU [R8.64], R11 ;  /* unprinted: 0x0000000000000000 0x0000000000000004 */")
      << listed.out;
  ScratchFile text(listed.out, ".sass");
  const CliRun encoded = run_gpuatom("asm sass --arch sm_86 --encode " + text.path());
  EXPECT_EQ(encoded.exit_code, 0) << encoded.out;
  EXPECT_NE(encoded.out.find(std::string("// ") + red_word), std::string::npos) << encoded.out;
  // nvdisasm's text alone gives the word gpuatom writes for it.
  ScratchFile plain("RED.E.ADD.STRONG.GPU [R8.64], R11 ;\n", ".sass");
  EXPECT_NE(run_gpuatom("asm sass --arch sm_86 --encode " + plain.path()).out.find("0x000000000c10e180"),
            std::string::npos);
}

TEST(UnprintedBitsCli, AWordWithoutThemPrintsNvdisasmsTextAlone) {
  const CliRun listed = run_gpuatom("disasm sass --arch sm_86 0x0000000b0800798e 0x004fe2000c10e180");
  EXPECT_EQ(listed.exit_code, 0);
  EXPECT_EQ(listed.out, "RED.E.ADD.STRONG.GPU [R8.64], R11 ;\n");
}

TEST(UnprintedBitsCli, ACommentThatDoesNotReadIsRefusedAtItsColumn) {
  ScratchFile bad("RED.E.ADD.STRONG.GPU [R8.64], R11 ; /* unprinted: 0x4 */\n", ".sass");
  const CliRun refused = run_gpuatom("asm sass --arch sm_86 --encode " + bad.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find(":1:37: error: unprinted bits: expected two 64-bit hex numbers"), std::string::npos)
      << refused.out;
}

}  // namespace
