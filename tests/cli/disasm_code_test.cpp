// `disasm sass` on code: cubins whose sections share code are refused, the listing is written as
// it is decoded (never held whole), and --control works on cubins and listings with the file's own
// architecture.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "cli/run_cli.hpp"
#include "common/child_process.hpp"
#include "common/sanitizers.hpp"
#include "common/scratch_file.hpp"
#include "common/tiny_cubin.hpp"

namespace {

using gpuatom::testing::ScratchFile;

using gpuatom::testing::TinySection;

// `@P0 REDG.E.ADD.STRONG.GPU desc[UR4][R2.64], R5 ;`, ptxas 13.0's sm_90 word, as code bytes.
std::string redg_word() {
  std::string out;
  for (const uint64_t half : {0x000000050200098eull, 0x008fe8000c10e184ull})
    for (int b = 0; b < 8; ++b) out.push_back(static_cast<char>(half >> (8 * b)));
  return out;
}

}  // namespace

TEST(DisasmCode, SectionsOverOneCodeAreRefused) {
  // The crafted cubin of the report: 1,000 sections over one code listed it 1,000 times.
  std::string code;
  for (int i = 0; i < 64; ++i) code += redg_word();
  std::vector<TinySection> sections;
  for (int i = 0; i < 1000; ++i) {
    std::string name = "k";  // (not "k" + to_string: GCC 12 warns a false -Wrestrict on it)
    name += std::to_string(i);
    sections.push_back({name, 0, code.size()});
  }
  const ScratchFile cubin(gpuatom::testing::tiny_cubin(90, code, sections), ".cubin");
  const CliRun r = run_gpuatom("disasm sass " + cubin.path());
  EXPECT_EQ(r.exit_code, 2) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find(cubin.path() + ": byte 0x"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_NE(r.out.find("overlaps .text.k0 (1024 bytes at 0x"), std::string::npos) << r.out.substr(0, 2000);
  EXPECT_EQ(r.out.find("REDG"), std::string::npos) << "nothing listed";

  // Overlapping in part, and one name twice.
  const ScratchFile part(gpuatom::testing::tiny_cubin(90, code, {{"a", 0, 512}, {"b", 496, 512}}), ".cubin");
  const CliRun overlap = run_gpuatom("disasm sass " + part.path());
  EXPECT_EQ(overlap.exit_code, 2);
  EXPECT_NE(overlap.out.find("code section .text.b (512 bytes at 0x"), std::string::npos) << overlap.out;
  const ScratchFile twice(gpuatom::testing::tiny_cubin(90, code, {{"a", 0, 512}, {"a", 512, 512}}), ".cubin");
  const CliRun repeated = run_gpuatom("disasm sass " + twice.path());
  EXPECT_EQ(repeated.exit_code, 2);
  EXPECT_NE(repeated.out.find("a second code section .text.a: each kernel has one"), std::string::npos) << repeated.out;

  // Sections side by side, and empty ones anywhere, are a cubin as ptxas writes them.
  const ScratchFile apart(gpuatom::testing::tiny_cubin(90, code, {{"a", 0, 512}, {"b", 512, 512}, {"c", 16, 0}}),
                          ".cubin");
  const CliRun fine = run_gpuatom("disasm sass " + apart.path());
  EXPECT_EQ(fine.exit_code, 0) << fine.out.substr(0, 2000);
}

TEST(DisasmCode, TheListingIsWrittenAsItIsDecoded) {
  // 4 MiB of atomics list as about 57 MB of text. Held whole, as before, the peak was over 100 MiB;
  // written as it is decoded, it stays near the input's size.
  std::string code;
  const std::string word = redg_word();
  code.reserve(4 << 20);
  while (code.size() < (4u << 20)) code += word;
  const ScratchFile cubin(gpuatom::testing::tiny_cubin(90, code, {{"big", 0, code.size()}}), ".cubin");
  gpuatom::testing::ChildOptions options;
  options.args = {GPUATOM_CLI, "disasm", "sass", cubin.path()};
  options.stdout_path = "/dev/null";
  options.kill_after_seconds = 600;
  const gpuatom::testing::ChildResult r = gpuatom::testing::run_child(options);
  EXPECT_EQ(r.exit_code, 0) << r.err.substr(0, 2000);
  std::cout << "[ measured ] disasm of 4 MiB of atomics: " << r.max_rss_kib / 1024 << " MiB peak\n";
  if (!gpuatom::testing::under_asan) {
    EXPECT_LT(r.max_rss_kib, 48 * 1024);
  }
}

TEST(DisasmCode, ControlWorksOnCubinsAndListingsOfTheirOwnArchitecture) {
  const std::string cubin = source("tests/conformance/nvidia/cubins/atomics-sm_90.cubin");
  // Without --arch: the cubin's sm_90, not the default sm_61, decides whether --control applies.
  const CliRun listed = run_gpuatom("disasm sass --control " + cubin);
  ASSERT_EQ(listed.exit_code, 0) << listed.out;
  EXPECT_NE(listed.out.find("ATOMG.E.ADD.64.STRONG.GPU PT, R4, desc[UR4][R8.64], R6 ;  /* stall 4, yield 1, write "
                            "barrier 2, read barrier 7, wait mask 0x02, reuse 0x0 */"),
            std::string::npos)
      << listed.out;
  // A listing of it, read again, keeps the comment; check reads the result back.
  const ScratchFile listing(run_gpuatom("disasm sass " + cubin).out, ".sass");
  const CliRun again = run_gpuatom("disasm sass --control --file " + listing.path());
  EXPECT_EQ(again.exit_code, 0) << again.out;
  EXPECT_EQ(again.out, listed.out);
  const ScratchFile with_control(listed.out, ".sass");
  const CliRun checked = run_gpuatom("check sass " + with_control.path());
  EXPECT_EQ(checked.exit_code, 0) << checked.out;
  // Maxwell code keeps its control bits apart: said, for the cubin's architecture.
  const CliRun maxwell =
      run_gpuatom("disasm sass --control " + source("tests/conformance/nvidia/cubins/atomics-sm_52.cubin"));
  EXPECT_EQ(maxwell.exit_code, 2);
  EXPECT_NE(maxwell.out.find("the cubin is sm_52 code, which keeps them in control words"), std::string::npos)
      << maxwell.out;
}
