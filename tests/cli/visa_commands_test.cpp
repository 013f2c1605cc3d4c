// `gpuatom asm|disasm|check visa` as a user runs them: canonical output, bytes, exit codes, and
// bad input answered with file:line:col (or a byte offset), exit 2 and nothing on stdout.
#include <fmt/format.h>
#include <gtest/gtest.h>
#include <sys/wait.h>
#include <unistd.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

namespace {

struct SplitRun {
  int exit_code;
  std::string out;  // stdout
  std::string err;  // stderr
};

// The test binary's scratch folder, made on first use and removed when the binary exits.
struct ScratchDir {
  std::filesystem::path path = std::filesystem::temp_directory_path() / fmt::format("gpuatom-visa-cli-{}", getpid());
  ScratchDir() { std::filesystem::create_directories(path); }
  ~ScratchDir() {
    std::error_code ignored;
    std::filesystem::remove_all(path, ignored);
  }
};

const std::filesystem::path& scratch_dir() {
  static const ScratchDir dir;
  return dir.path;
}

std::string write(const std::string& name, const std::string& content) {
  const auto path = scratch_dir() / name;
  std::ofstream(path, std::ios::binary) << content;
  return path.string();
}

std::string slurp(FILE* f) {
  std::string s;
  std::array<char, 4096> buffer;
  size_t n;
  while ((n = fread(buffer.data(), 1, buffer.size(), f)) > 0) s.append(buffer.data(), n);
  return s;
}

// Runs `gpuatom <args>` by the shell with stdout and stderr kept apart.
SplitRun run(const std::string& args) {
  const std::string err_path = (scratch_dir() / "stderr.txt").string();
  const std::string command = fmt::format("{} {} 2>{}", GPUATOM_CLI, args, err_path);
  FILE* pipe = popen(command.c_str(), "r");
  if (!pipe) return {-1, "", "popen failed"};
  SplitRun r{0, slurp(pipe), ""};
  const int status = pclose(pipe);
  r.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  FILE* err = fopen(err_path.c_str(), "r");
  if (err) {
    r.err = slurp(err);
    fclose(err);
  }
  return r;
}

const std::string spec_examples = std::string(GPUATOM_SOURCE_DIR) + "/tests/conformance/intel/spec_examples.visaasm";

const char* const spec_lines[] = {
    "svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0",
    "(P1) svm_atomic.cmpxchg.64 (M1, 8) A64.0 OLD64.0 NEW64.0 CMP64.0",
    "(!P2.any) svm_atomic.predec.16 (M1, 4) ADDR.0 OLD.0 %null.0 %null.0",
    "typed_atomic.minsint (M1, 8) SURF2D XC.0 YC.0 %null.0 %null.0 SRCD.0 %null.0 DSTD.0",
    "(P1) typed_atomic.xchg.16 (M5_NM, 8) SURFARR XC.0 YC.0 ZC.0 %null.0 SRCU.0 %null.0 %null.0",
};
const char* const spec_bytes[] = {
    "4E 05 03 00 00 00 20 00 00 00 00 00 22 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00",
    "4E 05 03 01 00 47 23 00 00 00 00 00 25 00 00 00 00 00 26 00 00 00 00 00 24 00 00 00 00 00",
    "4E 05 02 02 A0 2D 20 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00",
    "73 0B 03 00 00 06 27 00 00 00 00 00 28 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 00 29 00 00 00 00 00 00 00 "
    "00 00 00 00 2A 00 00 00 00 00",
    "73 26 C3 01 00 07 27 00 00 00 00 00 28 00 00 00 00 00 2B 00 00 00 00 00 00 00 00 00 00 00 2C 00 00 00 00 00 00 00 "
    "00 00 00 00 00 00 00 00 00 00",
};

const std::string decls = R"(.decl ADDR v_type=G type=uq num_elts=8 align=GRF
.decl OLD v_type=G type=ud num_elts=8 align=GRF
.decl VAL v_type=G type=ud num_elts=8 align=GRF
.decl SD v_type=G type=d num_elts=8 align=GRF
.decl P1 v_type=P num_elts=8
.decl IMG v_type=T num_elts=1
)";

}  // namespace

TEST(VisaCommands, AsmPrintsTheCanonicalText) {
  const SplitRun r = run("asm visa " + spec_examples);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string expected;
  for (const char* line : spec_lines) expected += std::string(line) + "\n";
  ASSERT_GE(r.out.size(), expected.size());
  EXPECT_EQ(r.out.substr(r.out.size() - expected.size()), expected);
  EXPECT_EQ(r.out.rfind(".version 4.2\n.decl ADDR v_type=G type=uq num_elts=8 align=GRF\n", 0), 0u) << r.out;
  // The canonical output is a fixed point.
  const SplitRun again = run("asm visa " + write("canonical.visaasm", r.out));
  EXPECT_EQ(again.out, r.out);
}

TEST(VisaCommands, AsmEncodePrintsTheSpecBytes) {
  const SplitRun r = run("asm visa " + spec_examples + " --encode");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  std::string expected;
  for (size_t i = 0; i < 5; ++i) expected += fmt::format("{}  // {}\n", spec_bytes[i], spec_lines[i]);
  EXPECT_EQ(r.out, expected);
}

TEST(VisaCommands, AsmReadsStandardInputAndAliases) {
  const std::string input = write("stdin.visaasm", decls + "SVM_ATOMIC.IMIN (NoMask,8) ADDR.0 SD.0 SD.0 %null\n");
  const SplitRun r = run("asm visa - --lenient < " + input);
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_NE(r.out.find("\nsvm_atomic.minsint (M1_NM, 8) ADDR.0 SD.0 SD.0 %null.0\n"), std::string::npos) << r.out;
  const SplitRun strict = run("asm visa - < " + input);
  EXPECT_EQ(strict.exit_code, 2);
  EXPECT_EQ(strict.out, "");
  EXPECT_NE(strict.err.find("-:7:45: error: bare %null is not a raw operand"), std::string::npos) << strict.err;
}

TEST(VisaCommands, AsmBadInputExitsTwoAndWritesNothing) {
  const std::string bad = write("bad.visaasm", decls +
                                                   "svm_atomic.inc (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0\n"
                                                   "svm_atomic.add (M1, 12) ADDR.0 OLD.0 VAL.0 %null.0\n");
  const SplitRun r = run("asm visa " + bad);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out, "");
  EXPECT_EQ(r.err, fmt::format("{0}:7:37: error: Src0 must be %null.0 for inc: INC, DEC and PREDEC take no Src0 "
                               "(docs/spec/intel.md §3.2)\n"
                               "{0}:8:21: error: execution size 12 is not 1, 2, 4, 8, 16 or 32 "
                               "(docs/spec/intel.md §2.3)\n",
                               bad));
  const SplitRun missing = run("asm visa " + (scratch_dir() / "no-such-file.visaasm").string());
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_EQ(missing.out, "");
  EXPECT_NE(missing.err.find("no-such-file.visaasm: cannot open the file: No such file or directory"),
            std::string::npos)
      << missing.err;
  const SplitRun binary = run("asm visa " + write("garbage.visaasm", std::string("\x01\x02\xff svm", 7)));
  EXPECT_EQ(binary.exit_code, 2);
  EXPECT_NE(binary.err.find(":1:1: error: unexpected byte 0x01"), std::string::npos) << binary.err;
  EXPECT_EQ(run("asm nvidia " + spec_examples).exit_code, 2);
}

TEST(VisaCommands, CheckExitCodes) {
  const SplitRun clean = run("check visa " + spec_examples);
  EXPECT_EQ(clean.exit_code, 0);
  EXPECT_NE(clean.out.find("spec_examples.visaasm: 5 instructions, 0 errors, 0 warnings"), std::string::npos)
      << clean.out;

  const std::string warned = write("warned.visaasm", decls + "svm_atomic.fmin (M1, 8) ADDR.0 %null.0 SD.0 %null.0\n");
  const SplitRun w = run("check visa " + warned);
  EXPECT_EQ(w.exit_code, 0) << w.out;
  EXPECT_NE(w.err.find(warned + ":7:40: warning: Src0 of svm_atomic.fmin should have type F; SD has type D "
                                "(integer vs float) (docs/spec/intel.md §3.4)"),
            std::string::npos)
      << w.err;
  EXPECT_NE(w.out.find("1 instruction, 0 errors, 1 warning"), std::string::npos) << w.out;

  const std::string failing =
      write("failing.visaasm", decls + "(P1) svm_atomic.add (M3, 8) ADDR.0 OLD.0 VAL.0 %null.0\n");
  const SplitRun f = run("check visa " + failing);
  EXPECT_EQ(f.exit_code, 2);
  EXPECT_NE(f.err.find(failing + ":7:2: error: predicate P1 has 8 bits, but 8 channels with mask M3 read bits 8-15"),
            std::string::npos)
      << f.err;
}

TEST(VisaCommands, CheckPlatformsAndBindings) {
  const std::string typed = write("typed.visaasm", decls +
                                                       "typed_atomic.add.16 (M1, 8) IMG OLD.0 VAL.0 %null.0 %null.0 "
                                                       "VAL.0 %null.0 OLD.0\n");
  EXPECT_EQ(run("check visa " + typed).exit_code, 0);
  const SplitRun gen9 = run("check visa " + typed + " --platform gen9");
  EXPECT_EQ(gen9.exit_code, 2);
  EXPECT_NE(gen9.err.find(":7:18: error: typed_atomic.add.16: 16-bit atomics are TGLLP+"), std::string::npos)
      << gen9.err;
  const SplitRun one_d = run("check visa " + typed + " --bind IMG=1d");
  EXPECT_EQ(one_d.exit_code, 2);
  EXPECT_NE(one_d.err.find(":7:39: error: V must be %null.0: surface IMG is 1d"), std::string::npos) << one_d.err;
  EXPECT_EQ(run("check visa " + typed + " --bind IMG=2d").exit_code, 0);
  EXPECT_EQ(run("check visa " + typed + " --bind IMG=2d:2").exit_code, 0);
  const SplitRun wide = run("check visa " + typed + " --bind IMG=2d:4");
  EXPECT_EQ(wide.exit_code, 2);
  EXPECT_NE(wide.err.find(":7:29: error: surface IMG holds 4-byte elements, but typed_atomic.add.16 accesses 2-byte"),
            std::string::npos)
      << wide.err;
  EXPECT_NE(run("check visa " + typed + " --bind IMG=2d:8").err.find("element size '8' is not 2 or 4"),
            std::string::npos);
  const SplitRun unknown = run("check visa " + typed + " --bind NOPE=2d");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.err.find("--bind NOPE=2d: no surface named NOPE is declared"), std::string::npos) << unknown.err;
  EXPECT_NE(run("check visa " + typed + " --bind IMG=4d").err.find("is not 1d, 1d_array, 2d, 2d_array or 3d"),
            std::string::npos);
  const SplitRun platform = run("check visa " + typed + " --platform gen11");
  EXPECT_EQ(platform.exit_code, 2);
  EXPECT_NE(platform.err.find("--platform gen11: expected gen9, gen12, xehp, dg2, pvc, xe2, xe3, xe3p or one of"),
            std::string::npos);
}

TEST(VisaCommands, DisasmHexOnTheCommandLine) {
  for (size_t i = 0; i < 5; ++i) {
    const SplitRun r = run(std::string("disasm visa ") + spec_bytes[i]);
    EXPECT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("note: no declarations (--decls FILE)"), std::string::npos);
  }
  EXPECT_EQ(run(std::string("disasm visa ") + spec_bytes[1]).out,
            "(P1) svm_atomic.cmpxchg.64 (M1, 8) V35.0 V36.0 V37.0 V38.0\n");
  EXPECT_EQ(run(std::string("disasm visa ") + spec_bytes[3]).out,
            "typed_atomic.minsint (M1, 8) T6 V39.0 V40.0 %null.0 %null.0 V41.0 %null.0 V42.0\n");
  // Bytes may come as one run of digits, 0x-prefixed, comma-separated.
  EXPECT_EQ(run("disasm visa 4e0503000000200000000000220000000000 0x00,0x00 00000000 210000000000").out,
            "svm_atomic.add (M1, 8) V32.0 V33.0 V34.0 %null.0\n");
}

TEST(VisaCommands, DisasmFilesWithDeclarations) {
  const SplitRun encoded = run("asm visa " + spec_examples + " --encode");
  const std::string hex_file = write("examples.hex", encoded.out);
  const SplitRun named = run("disasm visa --file " + hex_file + " --decls " + spec_examples);
  EXPECT_EQ(named.exit_code, 0) << named.err;
  std::string expected;
  for (const char* line : spec_lines) expected += std::string(line) + "\n";
  EXPECT_EQ(named.out, expected);

  std::string raw;
  for (const std::string bytes : spec_bytes)
    for (size_t k = 0; k + 1 < bytes.size(); k += 3)
      raw += static_cast<char>(std::stoi(bytes.substr(k, 2), nullptr, 16));
  const std::string raw_file = write("examples.bin", raw);
  EXPECT_EQ(run("disasm visa --file " + raw_file + " --decls " + spec_examples).out, expected);
  EXPECT_EQ(run("disasm visa --format raw --file " + raw_file + " --decls " + spec_examples).out, expected);
  EXPECT_EQ(run("disasm visa --file - --decls " + spec_examples + " < " + raw_file).out, expected);
}

TEST(VisaCommands, DisasmLegacyIds) {
  const SplitRun r =
      run("disasm visa --visa-legacy-ids 4E 05 03 00 00 00 20 00 00 00 22 00 00 00 00 00 00 00 21 00 00 00");
  EXPECT_EQ(r.exit_code, 0) << r.err;
  EXPECT_EQ(r.out, "svm_atomic.add (M1, 8) V32.0 V33.0 V34.0 %null.0\n");
  const SplitRun four = run("disasm visa 4E 05 03 00 00 00 20 00 00 00 22 00 00 00 00 00 00 00 21 00 00 00");
  EXPECT_EQ(four.exit_code, 2);
  EXPECT_NE(four.err.find("<command line>: byte 0x0: error: truncated SVM ATOMIC: it takes 30 bytes, 22 remain"),
            std::string::npos)
      << four.err;
}

TEST(VisaCommands, DisasmBadInputNamesTheByteOffset) {
  const SplitRun reserved =
      run("disasm visa 4E 05 03 00 00 0F 20 00 00 00 00 00 22 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00");
  EXPECT_EQ(reserved.exit_code, 2);
  EXPECT_EQ(reserved.out, "");
  EXPECT_EQ(reserved.err, "<command line>: byte 0x5: error: op code 0x0f is reserved (docs/spec/intel.md §3.1)\n");
  const SplitRun semantic =
      run("disasm visa 4E 05 03 00 00 02 20 00 00 00 00 00 22 00 00 00 00 00 00 00 00 00 00 00 21 00 00 00 00 00");
  EXPECT_EQ(semantic.exit_code, 2);
  EXPECT_EQ(semantic.out, "");
  EXPECT_NE(semantic.err.find("<command line>: byte 0xc: error: Src0 must be %null.0 for inc"), std::string::npos)
      << semantic.err;
  const SplitRun not_hex = run("disasm visa 4E 05 0G");
  EXPECT_EQ(not_hex.exit_code, 2);
  EXPECT_NE(not_hex.err.find("<command line>:1:7: error: '0G' is not hex bytes"), std::string::npos) << not_hex.err;
  const SplitRun odd = run("disasm visa --file " + write("odd.hex", "4E 05\n  4E0 // comment\n"));
  EXPECT_EQ(odd.exit_code, 2);
  EXPECT_NE(odd.err.find("odd.hex:2:3: error: '4E0' is not hex bytes"), std::string::npos) << odd.err;
  EXPECT_EQ(run("disasm visa").exit_code, 2);
  EXPECT_EQ(run("disasm visa --file " + write("empty.hex", "// nothing\n")).exit_code, 2);
  EXPECT_EQ(run("disasm visa 4E --file " + write("x.hex", "4E")).exit_code, 2);
  EXPECT_EQ(run("disasm visa --format text --file " + write("y.hex", "4E")).exit_code, 2);
  const SplitRun bad_decls =
      run(std::string("disasm visa ") + spec_bytes[0] + " --decls " + write("bad.decls", ".decl X v_type=Q\n"));
  EXPECT_EQ(bad_decls.exit_code, 2);
  EXPECT_NE(bad_decls.err.find("bad.decls:1:16: error: unknown v_type=Q: expected G (general)"), std::string::npos)
      << bad_decls.err;
}

TEST(VisaCommands, Help) {
  for (const char* command : {"asm", "disasm", "check"}) {
    const SplitRun r = run(std::string(command) + " --help");
    EXPECT_EQ(r.exit_code, 0) << command;
    EXPECT_NE(r.out.find("visa"), std::string::npos) << command;
  }
  EXPECT_NE(run("disasm visa --help").out.find("--visa-legacy-ids"), std::string::npos);
}
