// What `asm`, `disasm` and `check sass` say when the input is sm_70+ text or words read as the
// default sm_61, or a file that is not there: the way out, once, not a stale rule.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"

namespace {

size_t count(const std::string& text, const std::string& piece) {
  size_t n = 0;
  for (size_t at = text.find(piece); at != std::string::npos; at = text.find(piece, at + 1)) ++n;
  return n;
}

// `echo 'text' | gpuatom args`
CliRun piped(const std::string& text, const std::string& args) {
  return run_gpuatom_command("echo '" + text + "' | " + std::string(GPUATOM_CLI) + " " + args);
}

}  // namespace

TEST(SassHints, EncodingSm70TextWithoutArchSaysToPassArch) {
  const CliRun r = piped("ATOMG.E.ADD.STRONG.GPU PT, R0, [R2.64], R4 ;", "asm sass --encode -");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("-:1:1: error: the text looks like sm_70+ disassembly (ATOMG in the sm_70+ spelling): give "
                       "--arch (sm_70 … sm_121f) to encode its 128-bit word"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("SPA 5.0 words only"), std::string::npos) << r.out;
}

TEST(SassHints, TwoHalvesWithoutArchGiveOneMessageNamingArch) {
  const CliRun r = run_gpuatom("disasm sass 0x000000040a0079a8 0x004e2800081ee1c6");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(count(r.out, "error:"), 1u) << r.out;
  EXPECT_NE(r.out.find("read as one 128-bit word, low then high, of sm_70 on: give --arch"), std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("not a SPA 5.0 atomic"), std::string::npos) << r.out;
  // And in a file of words, two on a line.
  const CliRun file = piped("0x000000040a0079a8 0x004e2800081ee1c6", "disasm sass --file -");
  EXPECT_EQ(file.exit_code, 2);
  EXPECT_NE(file.out.find("two words on a line are a 128-bit word's halves, low then high: give --arch"),
            std::string::npos)
      << file.out;
}

TEST(SassHints, Sm80SaysHowItSpellsAMaxwellLine) {
  const CliRun r = piped("ATOM.E.ADD R0, [R2], R4 ;", "check sass --arch sm_80 -");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("sm_80 spells ATOM.ADD as Pu, Rd, addr, Rb, with PT first when no predicate is set (ATOM PT, "
                       "R0, …); Rd first is the SPA 5.0 spelling of sm_5x/sm_6x"),
            std::string::npos)
      << r.out;
}

TEST(SassHints, AMissingFileIsSaidToBeMissing) {
  const CliRun r = run_gpuatom("disasm sass nosuchfile.cubin");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("nosuchfile.cubin: cannot open the file: No such file or directory"), std::string::npos)
      << r.out;
  // An argument spelt as a word is still a word.
  const CliRun word = run_gpuatom("disasm sass 0xed070001005702001");
  EXPECT_NE(word.out.find("'0xed070001005702001' is not a 64-bit hex word"), std::string::npos) << word.out;
}

TEST(SassHints, A128BitWordThatBreaksARuleIsPrintedWithAWarning) {
  // ATOMS.INC.64 (.INC takes only .U32) and an odd 64-bit destination, as the Maxwell path says.
  const CliRun r = run_gpuatom(
      "disasm sass --arch sm_90 0x000000040200738c 0x0000000001800400 0x000000040201738c "
      "0x0000000000000400");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("<command line>: byte 0x0: warning: ATOMS.INC.U64 is illegal: .INC on ATOMS takes only .U32"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("<command line>: byte 0x10: warning: 64-bit data needs an even register pair: Rd R1 is odd"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("ATOMS.INC.64 R0, [R2], R4 ;\nATOMS.ADD.64 R1, [R2], R4 ;\n"), std::string::npos) << r.out;
}
