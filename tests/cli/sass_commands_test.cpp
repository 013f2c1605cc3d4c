// `gpuatom asm|disasm|check sass` as a user runs them: output, exit codes, and bad input that
// gives a file:line:col message and exit 2 with nothing written to standard output.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>

#include "cli/run_cli.hpp"
#include "common/child_process.hpp"
#include "common/scratch_file.hpp"

namespace {

using gpuatom::testing::ScratchFile;

// Only what the command writes to standard output (run_gpuatom merges standard error in).
CliRun stdout_only(const std::string& args) {
  const std::string command = std::string(GPUATOM_CLI) + " " + args + " 2>/dev/null";
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "popen failed"};
  std::string out;
  char buffer[4096];
  size_t n;
  while ((n = fread(buffer, 1, sizeof buffer, pipe)) > 0) out.append(buffer, n);
  const int status = pclose(pipe);
  return {WIFEXITED(status) ? WEXITSTATUS(status) : -1, out};
}

}  // namespace

TEST(SassCli, AsmPrintsTheCorpusBackExactly) {
  const CliRun r = stdout_only("asm sass " + source("tests/conformance/nvidia/corpus.sass"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  std::ifstream in(source("tests/conformance/nvidia/corpus.sass"));
  std::string expected, line;
  while (std::getline(in, line))
    if (line.rfind("//", 0) != 0 && !line.empty()) expected += line + "\n";
  EXPECT_EQ(r.out, expected);
}

TEST(SassCli, AsmReadsStandardInputAndEncodes) {
  ScratchFile f("ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\nSURED.D.3D.XOR.S32 [R8], R1, 0x20 // comment\n");
  const CliRun r = run_gpuatom("asm sass - --encode < " + f.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out,
            "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;                // 0xed07000100570200\n"
            "SURED.D.3D.XOR.S32 [R8], R1, 0x20                        // 0xeb5a020a07170801\n");
}

TEST(SassCli, AsmOutputReadsBackAsItsOwnInput) {
  ScratchFile f("ATOM.ADD.U64 R0, [R4 + 8], R2;  # seed style\n@!P2 ATOM.E.CAS.64 R8, [R6 - 8], R12, R14\n");
  const CliRun once = stdout_only("asm sass " + f.path() + " --encode");
  ASSERT_EQ(once.exit_code, 0) << once.out;
  ScratchFile again(once.out);
  EXPECT_EQ(stdout_only("asm sass " + again.path() + " --encode").out, once.out);
}

TEST(SassCli, AsmWarnsWithoutFailing) {
  ScratchFile f("ATOM.E.ADD.F16x2.FTZ.RN R0, [R2], R4 ;\n");
  const CliRun r = run_gpuatom("asm sass " + f.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find(f.path() + ":1:11: warning: the .FTZ of .F16x2.FTZ.RN is not applied"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("ATOM.E.ADD.F16x2.FTZ.RN R0, [R2], R4 ;"), std::string::npos) << r.out;
}

TEST(SassCli, AsmRefusesBadInputAndWritesNothing) {
  ScratchFile f("ATOM.E.ADD R0, [R2], R4 ;\nATOM.CAS R0, [R2], R5, R6 ;\n");
  EXPECT_EQ(stdout_only("asm sass " + f.path()).out, "");
  const CliRun r = run_gpuatom("asm sass " + f.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, f.path() +
                       ":2:20: error: ATOM.CAS needs an even compare register R2n, not R5 (seed 000: \"Rb must "
                       "be R2n+0\") [a SPA 5.0 (sm_5x/sm_6x) rule: for sm_70+ text, check with --arch sm_70 "
                       "or later] (docs/spec/nvidia.md §6.2)\n");
}

TEST(SassCli, AsmEncodeRefusesWhatHasNoWord) {
  ScratchFile f("ATOM.E.ADD R0, [R2], R4 ;\nATOM.E.ADD P0, R0, [R2], R4 ;\nRED.E.ADD.STRONG.GPU [R2], R4\n");
  EXPECT_EQ(stdout_only("asm sass --encode " + f.path()).out, "");
  const CliRun r = run_gpuatom("asm sass --encode " + f.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find(":3:1: error: the text looks like sm_70+ disassembly (RED in the sm_70+ spelling): give --arch"),
            std::string::npos)
      << r.out;
  // ATOM with Ps has a word (nvdisasm reads opcode 0xEE6), except on sm_50, which has no Ps forms.
  ScratchFile ps("ATOM.E.ADD P0, R0, [R2], R4 ;\n");
  EXPECT_NE(run_gpuatom("asm sass --encode " + ps.path()).out.find("// 0xee6"), std::string::npos);
  const CliRun sm50 = run_gpuatom("asm sass --encode --arch sm_50 " + ps.path());
  EXPECT_EQ(sm50.exit_code, 2);
  EXPECT_NE(sm50.out.find(":1:12: error: sm_50 has no sparse predicate Ps forms"), std::string::npos) << sm50.out;
  // Without --encode the same file is fine: text and execution do not need the word.
  EXPECT_EQ(run_gpuatom("asm sass " + f.path()).exit_code, 0);
}

TEST(SassCli, DisasmWordsFromTheCommandLine) {
  const CliRun r = run_gpuatom("disasm sass 0xed07000100570200 ebf9000000370233 0xEEF3FFFF80CA0608");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out,
            "ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;\n"
            "RED.E.ADD.F32.FTZ.RN [R2], R51 ;\n"
            "@!P2 ATOM.E.CAS.64 R8, [R6+-0x8], R12, R14 ;\n");
}

TEST(SassCli, DisasmTheWordsFileMatchesItsTexts) {
  std::ifstream in(source("tests/conformance/nvidia/words.txt"));
  std::string words, texts, line;
  while (std::getline(in, line)) {
    if (line.empty() || line[0] == '#') continue;
    words += line.substr(0, line.find(' ')) + "   // a comment\n";
    texts += line.substr(line.find(' ') + 1) + "\n";
  }
  ScratchFile f("# words\n\n" + words);
  const CliRun r = run_gpuatom("disasm sass --file " + f.path());
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, texts);
}

TEST(SassCli, DisasmRawCodeSkipsControlWordsAndOtherInstructions) {
  // A raw Maxwell code section: a control word, then three instructions (here a move between the
  // two atomics), as nvdisasm reads it.
  const std::string bytes(
      "\xf6\x07\xa0\xfe\x00\x44\x1c\x00"   // 0x001c4400fea007f6, control
      "\x00\x02\x57\x00\x01\x00\x07\xed"   // 0xed07000100570200
      "\x01\x00\x87\x00\x80\x07\x98\x4c"   // 0x4c98078000870001, MOV
      "\x33\x02\x37\x00\x00\x00\xf9\xeb",  // 0xebf9000000370233
      32);
  ScratchFile f(bytes, ".bin");
  const CliRun r = run_gpuatom("disasm sass --binary --arch sm_61 --file " + f.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\tcode for sm_61\n"), std::string::npos) << r.out;
  EXPECT_NE(
      r.out.find("/*0008*/                   ATOM.E.ADD.F32.FTZ.RN R0, [R2+0x10], R5 ;   /* 0xed07000100570200 */"),
      std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("/*0018*/                   RED.E.ADD.F32.FTZ.RN [R2], R51 ;"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x001c4400fea007f6"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("0x4c98078000870001"), std::string::npos) << r.out;
  // The listing reads back: check sass checks its words against its text.
  ScratchFile listed(r.out, ".sass");
  const CliRun again = run_gpuatom("check sass " + listed.path());
  EXPECT_EQ(again.exit_code, 0) << again.out;
  ScratchFile odd(bytes.substr(0, 12), ".bin");
  const CliRun bad = run_gpuatom("disasm sass --binary --file " + odd.path());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("12 bytes is not a whole number of 8-byte instruction words"), std::string::npos) << bad.out;
}

// A cubin lists as cuobjdump -sass | grep would list its atomics (tests/conformance/nvidia/cubins).
TEST(SassCli, DisasmCubinListsEveryKernelsAtomics) {
  const std::string dir = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/nvidia/cubins/";
  for (const char* arch : {"sm_100a", "sm_120"}) {
    const CliRun r = run_gpuatom(std::string("disasm sass ") + dir + "atomics-" + arch + ".cubin");
    EXPECT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(r.out, gpuatom::testing::slurp_file(dir + "atomics-" + arch + ".listing")) << arch;
  }
  const CliRun m32 = run_gpuatom("disasm sass --file " + dir + "atomics-sm_61-m32.cubin");
  EXPECT_EQ(m32.exit_code, 0) << m32.out;
  EXPECT_NE(m32.out.find("/*0048*/                   ATOM.E.CAS.64 R4, [R2+0x8], R4, R6 ;"), std::string::npos)
      << m32.out;
  // --arch may name the cubin's target or an a/f variant of it, nothing else.
  EXPECT_EQ(run_gpuatom("disasm sass --arch sm_90a " + dir + "atomics-sm_90.cubin").exit_code, 0);
  const CliRun other = run_gpuatom("disasm sass --arch sm_80 " + dir + "atomics-sm_90.cubin");
  EXPECT_EQ(other.exit_code, 2);
  EXPECT_NE(other.out.find("the cubin is code for sm_90 (its ELF header), not --arch sm_80"), std::string::npos)
      << other.out;
  ScratchFile cut(gpuatom::testing::slurp_file(dir + "atomics-sm_90.cubin").substr(0, 100), ".cubin");
  const CliRun truncated = run_gpuatom("disasm sass " + cut.path());
  EXPECT_EQ(truncated.exit_code, 2);
  EXPECT_NE(truncated.out.find(": byte 0x28: error: the "), std::string::npos) << truncated.out;
}

// cuobjdump's listing through check, asm and disasm.
TEST(SassCli, ListingsReadThroughEveryCommand) {
  const std::string listing = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/nvidia/cubins/atomics-sm_52.sass";
  const CliRun check = run_gpuatom("check sass " + listing);
  EXPECT_EQ(check.exit_code, 0) << check.out;
  EXPECT_EQ(check.out, "");
  const CliRun encoded = run_gpuatom("asm sass --encode " + listing);
  EXPECT_EQ(encoded.exit_code, 0) << encoded.out;
  EXPECT_NE(encoded.out.find("ATOM.E.CAS.64 R4, [R2+0x8], R4, R6 ;"), std::string::npos) << encoded.out;
  const CliRun listed = run_gpuatom("disasm sass --file " + listing);
  EXPECT_EQ(listed.exit_code, 0) << listed.out;
  const CliRun cubin = run_gpuatom("disasm sass " + std::string(GPUATOM_SOURCE_DIR) +
                                   "/tests/conformance/nvidia/cubins/atomics-sm_52.cubin");
  EXPECT_EQ(listed.out, cubin.out);
}

TEST(SassCli, DisasmBadInput) {
  // A word with no atomic opcode: nothing printed, exit 2, the word's position named.
  const CliRun none = run_gpuatom("disasm sass 0xed07000100570200 0x0123456789abcdef");
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_EQ(none.out,
            "<command line>: byte 0x8: error: 0x0123456789abcdef is not a SPA 5.0 atomic: its opcode bits "
            "match none of ATOM, ATOM.CAS, ATOMS, ATOMS.CAS/CAST, RED, SUATOM, SURED (nor nvdisasm's Ps and .P "
            "forms) (docs/spec/nvidia.md §11.4)\n");
  EXPECT_EQ(stdout_only("disasm sass 0xed07000100570200 0x0123456789abcdef").out, "");
  // Not a hex word.
  ScratchFile f("0xed07000100570200\n  0xzz\n");
  const CliRun text = run_gpuatom("disasm sass --file " + f.path());
  EXPECT_EQ(text.exit_code, 2);
  EXPECT_EQ(text.out,
            f.path() + ":2:3: error: '0xzz' is not a 64-bit hex word (one per line, e.g. 0xed07000100570200)\n");
  EXPECT_EQ(run_gpuatom("disasm sass 0x1ed07000100570200").exit_code, 2);
  EXPECT_EQ(run_gpuatom("disasm sass").exit_code, 2);
  EXPECT_EQ(run_gpuatom("disasm sass --file /nonexistent/words.txt").exit_code, 2);
}

TEST(SassCli, DisasmPrintsUnusualWordsWithWarnings) {
  // ATOM.E.INC.S32 (op 3, size 1): nvdisasm prints it; so does gpuatom, with a warning (spec §5).
  const CliRun r = run_gpuatom("disasm sass 0xed33000000900405");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("@P0 ATOM.E.INC.S32 R5, [R4], R9 ;"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("<command line>: byte 0x0: warning: ATOM.INC.S32 is illegal"), std::string::npos) << r.out;
  // Non-zero unassigned bits only warn.
  const CliRun w = run_gpuatom("disasm sass 0xebf9000004370233");
  EXPECT_EQ(w.exit_code, 0) << w.out;
  EXPECT_NE(w.out.find("warning: bits 26–27 are unassigned in RED"), std::string::npos) << w.out;
  // What nvdisasm refuses (CAS operand layout 3) is bad input, as for nvdisasm: nothing printed.
  const CliRun layout3 = run_gpuatom("disasm sass 0xeefc000004074140");
  EXPECT_EQ(layout3.exit_code, 2);
  EXPECT_EQ(stdout_only("disasm sass 0xeefc000004074140").out, "");
  EXPECT_NE(layout3.out.find("error: nvdisasm SM61 calls this ATOM.CAS word invalid"), std::string::npos)
      << layout3.out;
}

TEST(SassCli, DisasmReadsPerArchitecture) {
  EXPECT_EQ(stdout_only("disasm sass --arch sm_50 0xed09000100470200").out, "ATOM.E.ADD.U128 R0, [R2+0x10], R4 ;\n");
  EXPECT_EQ(stdout_only("disasm sass --arch SM52 0xed09000100470200").out,
            "ATOM.E.ADD.F16x2.FTZ.RN R0, [R2+0x10], R4 ;\n");
  EXPECT_EQ(stdout_only("disasm sass 0xed09000100470200").out, "ATOM.E.ADD.F16x2.RN R0, [R2+0x10], R4 ;\n");
  EXPECT_EQ(stdout_only("disasm sass --arch sm_70 0x0000000302ff838a 0x0001e200029f40ff").out,
            "@!P0 ATOM.AND.STRONG.GPU PT, RZ, [R2], R3 ;\n");  // Volta, built for 32-bit addresses
  const CliRun half = run_gpuatom("disasm sass --arch sm_70 0xed09000100470200");
  EXPECT_EQ(half.exit_code, 2);
  EXPECT_NE(half.out.find("a 128-bit word is two 64-bit halves, low then high"), std::string::npos) << half.out;
  EXPECT_EQ(run_gpuatom("disasm sass --arch sm_51 0xed09000100470200").exit_code, 2);
}

// Whatever disasm prints, asm --encode --rules-as-warnings assembles back to the same words.
TEST(SassCli, DisasmOutputAssemblesBack) {
  const std::string words =
      "0xed33000000900405\n0xee612880be6c6fe9\n0xeacec9e9612e7696\n0xeef0760deffaf64d\n0xed09000100470200\n"
      "0xebf9000004370233\n";
  ScratchFile in(words);
  ScratchFile printed(stdout_only("disasm sass --arch sm_52 --file " + in.path()).out);
  const CliRun strict = run_gpuatom("asm sass --encode --arch sm_52 " + printed.path());
  EXPECT_EQ(strict.exit_code, 2) << "the rules of the pages are errors for asm by default";
  const CliRun r = run_gpuatom("asm sass --encode --arch sm_52 --rules-as-warnings " + printed.path());
  EXPECT_EQ(r.exit_code, 0) << r.out;
  for (const char* w : {"0xed33000000900405", "0xeacec9e9612e7696", "0xeef0760deffaf64d", "0xed09000100470200"})
    EXPECT_NE(r.out.find(w), std::string::npos) << w << "\n" << r.out;
  // Words with bits nvdisasm ignores come back with those bits 0 (RED bit 26; ATOM with Ps,
  // bits 28–40).
  EXPECT_NE(r.out.find("0xebf9000000370233"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("0xee6128000e6c6fe9"), std::string::npos) << r.out;
}

TEST(SassCli, CheckReportsDiagnosticsOnly) {
  ScratchFile clean("ATOM.E.ADD R0, [R2], R4 ;\n");
  const CliRun ok = run_gpuatom("check sass " + clean.path());
  EXPECT_EQ(ok.exit_code, 0);
  EXPECT_EQ(ok.out, "");
  ScratchFile warned("ATOM.E.ADD R0, [R3], R4 ;\n");
  const CliRun w = run_gpuatom("check sass " + warned.path());
  EXPECT_EQ(w.exit_code, 0);
  EXPECT_EQ(w.out, warned.path() +
                       ":1:17: warning: a 64-bit address is the register pair Ra:Ra+1, so Ra should be even, "
                       "not R3 (docs/spec/nvidia.md §6.3 (PROPOSED))\n");
  ScratchFile bad(
      "SUATOM.D.BA.1D.U64.TRAP R2, [R3], R4, 0x100;\nATOM.ADD.128 R0, [R2], R4 ;\nATOM.E.ADD R0, [R3], R4 ;\n");
  const CliRun e = run_gpuatom("check sass " + bad.path());
  EXPECT_EQ(e.exit_code, 2);
  EXPECT_NE(e.out.find(bad.path() + ":1:15: error: SUATOM.D.BA.1D.U64.TRAP has no operation"), std::string::npos)
      << e.out;
  EXPECT_NE(e.out.find(bad.path() + ":2:9: error: ATOM.ADD.128 is illegal"), std::string::npos) << e.out;
  EXPECT_NE(e.out.find(bad.path() + ":3:17: warning:"), std::string::npos) << e.out;
}

TEST(SassCli, CheckAndAsmReadTheTextForAnArchitecture) {
  // ptxas 11.8 output for sm_70: an odd compare register, refused only by the SPA 5.0 rule.
  ScratchFile sm70("ATOMS.CAS R6, [R5], R7, R6 ;\n");
  const CliRun open = run_gpuatom("check sass " + sm70.path());
  EXPECT_EQ(open.exit_code, 2);
  EXPECT_NE(open.out.find("a SPA 5.0 (sm_5x/sm_6x) rule: for sm_70+ text, check with --arch sm_70 or later"),
            std::string::npos)
      << open.out;
  for (const char* arch : {"sm_70", "SM75", "sm_90"}) {
    const CliRun r = run_gpuatom(std::string("check sass --arch ") + arch + " " + sm70.path());
    EXPECT_EQ(r.exit_code, 0) << arch << "\n" << r.out;
    EXPECT_EQ(r.out, "") << arch;
  }
  const CliRun maxwell = run_gpuatom("check sass --arch sm_52 " + sm70.path());
  EXPECT_EQ(maxwell.exit_code, 2);
  EXPECT_NE(maxwell.out.find(":1:21: error: ATOMS.CAS needs an even compare register R2n, not R7"), std::string::npos)
      << maxwell.out;
  // asm prints what it read for the architecture; sm_90's .128 CAS is legal there.
  ScratchFile sm90("ATOMS.CAS.128 R8, [R7], R8, R12 ;\nSURED.D.3D.OR.STRONG.SYS.IGN [R8], R5, UR4, 0x0 ;\n");
  EXPECT_EQ(stdout_only("asm sass --arch sm_90 " + sm90.path()).out,
            "ATOMS.CAS.128 R8, [R7], R8, R12 ;\nSURED.D.3D.OR.STRONG.SYS.IGN [R8], R5, UR4, 0x0 ;\n");
  // An unknown architecture is bad input, with the list.
  const CliRun bad = run_gpuatom("check sass --arch sm_51 " + sm70.path());
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("unknown architecture 'sm_51': expected one of sm_50 sm_52"), std::string::npos) << bad.out;
}

TEST(SassCli, CheckReadsStandardInputAndNamesIt) {
  ScratchFile f("ATOMS.E.ADD R0, [R2], R4 ;\n");
  const CliRun r = run_gpuatom("check sass - < " + f.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out.rfind("-:1:6: error: ATOMS takes no .E", 0), 0u) << r.out;
}

TEST(SassCli, GarbageNeverCrashes) {
  ScratchFile junk(
      std::string("\x7f"
                  "ELF\x02\x01\x01\0\0\0[[[ @!@! ATOM.ADD R0, [R2+-], R4 {\n\xff\xfe\n",
                  40));
  for (const char* cmd :
       {"check sass ", "asm sass ", "asm sass --encode ", "disasm sass --file ", "disasm sass --binary --file "}) {
    const CliRun r = run_gpuatom(cmd + junk.path());
    EXPECT_EQ(r.exit_code, 2) << cmd << "\n" << r.out;
    EXPECT_NE(r.out.find("error:"), std::string::npos) << cmd << "\n" << r.out;
  }
  EXPECT_EQ(run_gpuatom("check sass /nonexistent.sass").exit_code, 2);
  EXPECT_EQ(run_gpuatom("check ptx -").exit_code, 2);
}

// Control bits round trip through text: disasm --control prints them in a comment, and asm
// --encode sets them from it, so the word comes back whole; a comment naming no field is refused.
TEST(SassCli, ControlBitsCommentsEncodeBack) {
  const CliRun listed = run_gpuatom("disasm sass --arch sm_90 --control 0x000000040a0079a8 0x004e2800081ee1c6");
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_NE(listed.out.find("/* stall 4, yield 1, write barrier 0, read barrier 7, wait mask 0x04, reuse 0x0 */"),
            std::string::npos)
      << listed.out;
  ScratchFile text(listed.out, ".sass");
  const CliRun encoded = run_gpuatom("asm sass --arch sm_90 --encode " + text.path());
  EXPECT_EQ(encoded.exit_code, 0) << encoded.out;
  EXPECT_NE(encoded.out.find("// 0x000000040a0079a8 0x004e2800081ee1c6"), std::string::npos) << encoded.out;
  ScratchFile bad("ATOMG.E.ADD.STRONG.GPU PT, R4, [R10.64], R4 ; /* stall 16 */\n", ".sass");
  const CliRun refused = run_gpuatom("asm sass --arch sm_90 --encode " + bad.path());
  EXPECT_EQ(refused.exit_code, 2);
  EXPECT_NE(refused.out.find(":1:47: error: control bits: 'stall 16': stall takes 4 bits"), std::string::npos)
      << refused.out;
}
