// A process limit on memory (`ulimit -v`, RLIMIT_AS) counts in the memory a run may use
// (support/memory_available.hpp), and an allocation that fails all the same is bad input with
// the estimate and the ways out (exit 2), never "internal error: std::bad_alloc" (exit 3). The
// limits are set in a child shell: the runs are refused, or fail, within 400 MB.
#include <gtest/gtest.h>

#include <string>

#include "cli/run_cli.hpp"
#include "common/sanitizers.hpp"

namespace {

// `gpuatom ARGS` under `ulimit -v KIB`.
CliRun under_address_space_limit(const std::string& kib, const std::string& args) {
  return run_gpuatom_command("timeout 120 sh -c 'ulimit -v " + kib + " && exec " + std::string(GPUATOM_CLI) + " " +
                             args + "'");
}

TEST(MemoryLimit, TheAddressSpaceLimitCountsInTheEstimate) {
  if (gpuatom::testing::under_asan || gpuatom::testing::under_tsan) GTEST_SKIP() << "the sanitizers reserve terabytes";
  const CliRun r = under_address_space_limit("400000", "run --threads 2 " + memory_data("explainable-16m.toml"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("explainable-16m.toml:6:1: error: this run would need about"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("the process's address-space limit (RLIMIT_AS, ulimit -v)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("use fewer lanes"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
}

TEST(MemoryLimit, AnAllocationThatFailsAnywayIsOutOfMemoryNotAnInternalError) {
  if (gpuatom::testing::under_asan || gpuatom::testing::under_tsan) GTEST_SKIP() << "the sanitizers reserve terabytes";
  // --max-memory above the limit: the estimate lets the run start, and an allocation fails.
  const CliRun r =
      under_address_space_limit("400000", "run --threads 2 --max-memory 100G " + memory_data("explainable-16m.toml"));
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("explainable-16m.toml:6:1: error: out of memory: an allocation failed during the run, whose "
                       "estimate was about"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("within the 100.0 GiB --max-memory allows"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("use fewer lanes"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
}

}  // namespace
