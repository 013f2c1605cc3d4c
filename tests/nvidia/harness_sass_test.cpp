// The SASS nvcc made of the CUDA harness (tests/conformance/nvidia/harness-sm90.sass, -sm75.sass,
// written by scripts/extract-harness-sass with cuobjdump): every atomic line parses and prints
// back identically, except the lines listed in harness-sass-expected-failures.txt, which must
// still fail. And the extraction script itself, run on cuobjdump-shaped text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <set>

#include "cli/run_cli.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "nvidia/sass_test_support.hpp"

using namespace gpuatom::nvidia;
namespace fs = std::filesystem;

namespace {

const char* const harness_files[] = {"harness-sm90.sass", "harness-sm75.sass"};

std::set<std::string> expected_failures() {
  const auto lines = sass_test::corpus_lines("harness-sass-expected-failures.txt", "//");
  return {lines.begin(), lines.end()};
}

// What the parser makes of one line: empty when it parses and prints back identically.
std::string round_trip_problem(const std::string& line) {
  const ParsedSass parsed = parse_sass(line, "harness.sass");
  if (parsed.diagnostics.has_errors()) return parsed.diagnostics.format_all();
  if (parsed.instructions.size() != 1) return "not one instruction";
  const std::string printed = print(parsed.instructions[0]);
  return printed == line ? std::string() : "prints back as: " + printed;
}

// A stand-in for cuobjdump that prints `listing` for -sass and a version line for --version.
class FakeCuobjdump {
 public:
  explicit FakeCuobjdump(const std::string& listing)
      : dir_(fs::temp_directory_path() / ("gpuatom-fake-cuobjdump-" + std::to_string(getpid()))) {
    fs::create_directories(dir_);
    std::ofstream(dir_ / "listing.txt") << listing;
    std::ofstream(dir_ / "cuobjdump")
        << "#!/bin/sh\n"
           "if [ \"$1\" = --version ]; then echo 'Cuda compilation tools, fake'; exit 0; fi\n"
           "cat '"
        << (dir_ / "listing.txt").string() << "'\n";
    fs::permissions(dir_ / "cuobjdump", fs::perms::owner_all);
  }
  ~FakeCuobjdump() { fs::remove_all(dir_); }
  fs::path path() const { return dir_ / "cuobjdump"; }
  fs::path dir() const { return dir_; }

 private:
  fs::path dir_;
};

}  // namespace

TEST(HarnessSass, CommittedAtomicLinesParseAndPrintBack) {
  std::vector<std::string> present;
  for (const char* name : harness_files)
    if (fs::exists(sass_test::conformance_path(name))) present.push_back(name);
  if (present.empty())
    GTEST_SKIP() << "no harness SASS committed yet: cuobjdump was not available where the harness was built; run "
                    "scripts/extract-harness-sass build/release/bin/gpuatom-hw-harness tests/conformance/nvidia "
                    "(docs/hardware.md)";
  const std::set<std::string> failing = expected_failures();
  std::set<std::string> seen_failing;
  for (const std::string& name : present) {
    const auto lines = sass_test::corpus_lines(name, "//");
    EXPECT_FALSE(lines.empty()) << name;
    for (const std::string& line : lines) {
      const std::string problem = round_trip_problem(line);
      if (failing.count(line)) {
        EXPECT_FALSE(problem.empty()) << name
                                      << ": now parses and prints back; remove it from the expected failures: " << line;
        seen_failing.insert(line);
      } else {
        EXPECT_TRUE(problem.empty()) << name << ": " << line << "\n" << problem;
      }
    }
  }
  for (const std::string& line : failing)
    EXPECT_TRUE(seen_failing.count(line)) << "expected failure not in any harness file: " << line;
}

TEST(HarnessSass, ExpectedFailuresAreRealFailures) {
  for (const std::string& line : expected_failures())
    EXPECT_FALSE(round_trip_problem(line).empty()) << "parses and prints back: " << line;
}

TEST(HarnessSass, ExtractionKeepsEachAtomicLineOnceAsPrinted) {
  // The layout of `cuobjdump -sass` (address comment, padding, guard, " ;", encoding comment on
  // the line and a second encoding line); the instruction texts are docs/spec/nvidia.md §12 lines.
  const FakeCuobjdump fake(
      "\n\tcode for sm_90\n"
      "\t\tFunction : _Z6kernelPf\n"
      "\t.headerflags\t@\"EF_CUDA_TEXMODE_UNIFIED EF_CUDA_64BIT_ADDRESS EF_CUDA_SM90 "
      "EF_CUDA_VIRTUAL_SM(EF_CUDA_SM90)\"\n"
      "        /*0000*/                   LDC R1, c[0x0][0x28] ;                       /* 0x00000a00ff017b82 */\n"
      "                                                                                 /* 0x000fe40000000800 */\n"
      "        /*0010*/                   ATOMG.E.ADD.F64.RN.STRONG.GPU PT, R24, desc[UR8][R2.64], R4 ;   /* 0x0 */\n"
      "        /*0020*/              @!P0 RED.E.ADD.F64.RN.STRONG.GPU desc[UR8][R2.64+0x8], R6 ;   /* 0x0 */\n"
      "        /*0030*/                   ATOMS.POPC.INC.32 RZ, [R5.X4+URZ] ;          /* 0x0 */\n"
      "        /*0040*/                   ATOMG.E.ADD.F64.RN.STRONG.GPU PT, R24, desc[UR8][R2.64], R4 ;   /* 0x0 */\n"
      "        /*0050*/                   ATOMS.CAST.SPIN.64 R6, [R3+0x3000], R4, R6 ; /* 0x0 */\n"
      "        /*0060*/                   REDUX.SUM UR5, R0 ;                          /* 0x0 */\n"
      "        /*0070*/                   EXIT ;                                       /* 0x0 */\n");
  const std::string script = std::string(GPUATOM_SOURCE_DIR) + "/scripts/extract-harness-sass";
  const CliRun r = run_gpuatom_command("CUOBJDUMP='" + fake.path().string() + "' '" + script + "' harness '" +
                                       fake.dir().string() + "'");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  for (const char* name : harness_files) {
    std::ifstream in(fake.dir() / name);
    std::vector<std::string> header, lines;
    for (std::string line; std::getline(in, line);) (line.rfind("//", 0) == 0 ? header : lines).push_back(line);
    EXPECT_EQ(lines, (std::vector<std::string>{
                         "ATOMG.E.ADD.F64.RN.STRONG.GPU PT, R24, desc[UR8][R2.64], R4 ;",
                         "@!P0 RED.E.ADD.F64.RN.STRONG.GPU desc[UR8][R2.64+0x8], R6 ;",
                         "ATOMS.POPC.INC.32 RZ, [R5.X4+URZ] ;",
                         "ATOMS.CAST.SPIN.64 R6, [R3+0x3000], R4, R6 ;",
                     }))
        << name;
    ASSERT_GE(header.size(), 4u) << name;
    EXPECT_NE(header[2].find("scripts/extract-harness-sass harness"), std::string::npos) << header[2];
    for (const std::string& line : lines) EXPECT_EQ(round_trip_problem(line), "") << line;
  }
}
