// The nothing-read rule (tools/gpuatom/nothing_read.hpp): every instruction reader of the CLI —
// asm, disasm and check; SASS and vISA; text, listings, files of words, cubins, raw code — exits
// 2 with "no instruction read" when its input held no instruction, so that
// `cuobjdump -sass a.out | gpuatom check sass -` fails when cuobjdump wrote nothing; --allow-empty
// makes it exit 0. Reading instructions that are no atomics (a listing of MOVs, a cubin of code
// without atomics) is reading something.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"
#include "common/scratch_file.hpp"
#include "common/tiny_cubin.hpp"

namespace {

using gpuatom::testing::ScratchFile;

constexpr const char* nothing_read = "error: no instruction read: the input holds ";

// Every reading command, on a file and on standard input.
const std::vector<std::string> text_readers = {"check sass", "asm sass", "asm sass --encode", "disasm sass",
                                               "check visa", "asm visa", "disasm visa --file"};

void expect_nothing_read(const std::string& args, const std::string& held) {
  const CliRun r = run_gpuatom(args);
  EXPECT_EQ(r.exit_code, 2) << args << "\n" << r.out;
  EXPECT_NE(r.out.find(nothing_read + held), std::string::npos) << args << "\n" << r.out;
}

}  // namespace

TEST(NothingRead, AnEmptyInputIsAnErrorForEveryReader) {
  const ScratchFile empty("", ".txt");
  for (const std::string& command : text_readers) {
    expect_nothing_read(command + " " + empty.path(),
                        command.starts_with("check visa") || command.starts_with("asm visa")
                            ? "only declarations, labels, blank lines and comments"
                            : "0 bytes");
    expect_nothing_read(
        command + " - < /dev/null",
        command.find("visa") != std::string::npos && command != "disasm visa --file" ? "only declarations" : "0 bytes");
  }
  // `disasm sass --file`, and the error names the input and its first line (a text) or byte.
  const CliRun r = run_gpuatom("disasm sass --file " + empty.path());
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out.rfind(empty.path() + ":1:1: error: no instruction read", 0), 0u) << r.out;
}

TEST(NothingRead, CommentsAndBlankLinesAreNoInstruction) {
  const ScratchFile sass("// nothing here\n\n# nor here\n", ".sass");
  expect_nothing_read("check sass " + sass.path(), "only blank lines and comments");
  expect_nothing_read("asm sass " + sass.path(), "only blank lines and comments");
  expect_nothing_read("disasm sass --file " + sass.path(), "only blank lines and comments");
  const ScratchFile visa(".version 4.2\n.kernel \"k\"\n// a comment\n", ".visaasm");
  expect_nothing_read("check visa " + visa.path(), "only declarations, labels, blank lines and comments");
  const ScratchFile hex("# only a comment\n", ".hex");
  expect_nothing_read("disasm visa --file " + hex.path(), "only blank lines and comments");
}

TEST(NothingRead, AllowEmptyAcceptsIt) {
  const ScratchFile empty("", ".txt");
  for (const std::string& command : text_readers) {
    const CliRun r = run_gpuatom(command + " " + empty.path() + " --allow-empty");
    EXPECT_EQ(r.exit_code, 0) << command << "\n" << r.out;
  }
  const CliRun raw = run_gpuatom("disasm sass --binary --allow-empty --file " + empty.path());
  EXPECT_EQ(raw.exit_code, 0) << raw.out;
}

TEST(NothingRead, JsonSaysItAsADiagnosticAndCountsTheError) {
  const CliRun r = run_gpuatom("check sass --json - < /dev/null");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("\"severity\":\"error\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("no instruction read"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("\"kind\":\"summary\",\"file\":\"-\",\"instructions\":0,\"errors\":1"), std::string::npos)
      << r.out;
}

TEST(NothingRead, CubinsAndRawCodeWithoutInstructions) {
  const ScratchFile no_sections(gpuatom::testing::tiny_cubin(90, "", {}), ".cubin");
  expect_nothing_read("disasm sass " + no_sections.path(), "a cubin with no code section (.text.<kernel>)");
  const ScratchFile empty_code(gpuatom::testing::tiny_cubin(90, "", {{"k", 0, 0}}), ".cubin");
  expect_nothing_read("disasm sass " + empty_code.path(), "a cubin whose code sections are empty");
  const ScratchFile raw("", ".bin");
  expect_nothing_read("disasm sass --binary --arch sm_90 --file " + raw.path(), "0 bytes of code");
  const CliRun r = run_gpuatom("disasm sass " + no_sections.path());
  EXPECT_EQ(r.out.rfind(no_sections.path() + ": byte 0x0: error: no instruction read", 0), 0u) << r.out;
}

TEST(NothingRead, InstructionsThatAreNoAtomicsAreRead) {
  // Code without atomics (an sm_90 NOP, twice) and a listing of a MOV: read, nothing to list.
  const std::string nop = std::string("\x18\x79\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\x00\xc0\x0f\x00", 16);
  const ScratchFile cubin(gpuatom::testing::tiny_cubin(90, nop + nop, {{"k", 0, 32}}), ".cubin");
  const CliRun code = run_gpuatom("disasm sass " + cubin.path());
  EXPECT_EQ(code.exit_code, 0) << code.out;
  EXPECT_EQ(code.out, "\tcode for sm_90\n\t\tFunction : k\n");
  const ScratchFile listing("\tcode for sm_90\n        /*0000*/                   MOV R1, c[0x0][0x28] ;\n", ".sass");
  for (const char* command : {"check sass ", "asm sass "}) {
    const CliRun r = run_gpuatom(command + listing.path());
    EXPECT_EQ(r.exit_code, 0) << command << r.out;
    EXPECT_EQ(r.out, "") << command;
  }
}
