// A run's memory is estimated before it starts (src/scenario/memory_estimate.cpp): a scenario
// that would not fit is refused, exit 2, with the estimate, the cause and the way out, instead of
// meeting the kernel's out-of-memory killer; and the estimate is close to the peak that a run
// which fits really reaches (tests/cli/data/memory/).
#include <gtest/gtest.h>

#include <cmath>
#include <fstream>
#include <optional>
#include <regex>
#include <string>

#include "cli/run_cli.hpp"
#include "common/child_process.hpp"
#include "common/sanitizers.hpp"

namespace {

using gpuatom::testing::ChildOptions;
using gpuatom::testing::ChildResult;
using gpuatom::testing::run_child;

ChildResult gpuatom(std::vector<std::string> args) {
  ChildOptions options;
  options.args = {GPUATOM_CLI};
  options.args.insert(options.args.end(), args.begin(), args.end());
  options.kill_after_seconds = 120;
  return run_child(options);
}

// "this run would need about 701 MiB of memory" → bytes.
std::optional<double> estimate_in(const std::string& text) {
  static const std::regex about(R"(this run would need about ([0-9.]+) (bytes|KiB|MiB|GiB) of memory)");
  std::smatch m;
  if (!std::regex_search(text, m, about)) return std::nullopt;
  const double scale = m[2] == "GiB" ? 1 << 30 : m[2] == "MiB" ? 1 << 20 : m[2] == "KiB" ? 1 << 10 : 1;
  return std::stod(m[1]) * scale;
}

TEST(MemoryEstimate, EightyMillionExplainableLanesAreRefusedBeforeAnythingIsAllocated) {
  // A 24 GiB machine's limit, whatever this machine has.
  const ChildResult r = gpuatom({"run", memory_data("explainable-80m.toml"), "--quiet", "--max-memory", "24G"});
  std::cout << "[ measured ] refused in " << r.seconds << " s, peak " << r.max_rss_kib / 1024 << " MiB\n";
  EXPECT_TRUE(r.exited && r.exit_code == 2) << r.err;
  EXPECT_NE(r.err.find("explainable-80m.toml:12:1: error: this run would need about"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the serial-order check of `explainable`: 240000000 atomics"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("more than the 24.0 GiB --max-memory allows"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("drop `explainable`"), std::string::npos) << r.err;
  const auto bytes = estimate_in(r.err);
  ASSERT_TRUE(bytes);
  EXPECT_GT(*bytes, 24.0 * (1 << 30));  // 240 M atomics at about 116 bytes each
  EXPECT_EQ(r.out, "");
  if (!gpuatom::testing::under_asan) {
    EXPECT_LT(r.max_rss_kib, 100 * 1024) << "nothing is allocated for the lanes";
  }
  // The same file in deterministic mode is refused too, and counts its resident groups.
  const ChildResult d = gpuatom(
      {"run", memory_data("explainable-80m.toml"), "--quiet", "--mode", "deterministic", "--max-memory", "24G"});
  EXPECT_EQ(d.exit_code, 2);
  EXPECT_NE(d.err.find("the resident groups of deterministic mode: 131072 lanes"), std::string::npos) << d.err;
}

TEST(MemoryEstimate, WithoutALimitTheMachinesAvailableMemoryDecides) {
  // 80 % of what is available: on a machine with less than about 32 GiB free the 80 M lanes are
  // refused the same way; on a larger one they would run, which this test does not wait for.
  std::ifstream meminfo("/proc/meminfo");
  std::string key;
  uint64_t kib = 0;
  while (meminfo >> key >> kib && key != "MemAvailable:") meminfo.ignore(256, '\n');
  if (key != "MemAvailable:" || kib > (uint64_t{32} << 20)) GTEST_SKIP() << "this machine has room for the run";
  const ChildResult r = gpuatom({"run", memory_data("explainable-80m.toml"), "--quiet"});
  EXPECT_EQ(r.exit_code, 2) << r.err;
  EXPECT_NE(r.err.find("80 % of the"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("--max-memory sets another limit"), std::string::npos) << r.err;
}

TEST(MemoryEstimate, AnExplicitLimitIsObeyed) {
  const ChildResult r =
      gpuatom({"run", memory_data("sass-histogram.toml"), "--quiet", "--mode", "deterministic", "--max-memory", "1K"});
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.err.find("more than the 1 KiB --max-memory allows"), std::string::npos) << r.err;
  EXPECT_NE(r.err.find("the resident groups of deterministic mode"), std::string::npos) << r.err;
  // A limit that fits: it runs.
  EXPECT_EQ(gpuatom({"run", memory_data("sass-histogram.toml"), "--quiet", "--max-memory", "4G"}).exit_code, 0);
  const ChildResult bad = gpuatom({"run", memory_data("sass-histogram.toml"), "--max-memory", "lots"});
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.err.find("--max-memory lots: expected a positive size"), std::string::npos) << bad.err;
}

// The estimate against the peak resident size of the same run, within 25 %.
struct Case {
  const char* file;
  const char* mode;
};

class EstimateAgainstPeak : public testing::TestWithParam<Case> {};

TEST_P(EstimateAgainstPeak, WithinAQuarter) {
  if (gpuatom::testing::under_asan) GTEST_SKIP() << "ASan's shadow memory is not the program's";
  const Case c = GetParam();
  const ChildResult refused =
      gpuatom({"run", memory_data(c.file), "--quiet", "--mode", c.mode, "--threads", "2", "--max-memory", "1K"});
  const auto estimate = estimate_in(refused.err);
  ASSERT_TRUE(estimate) << refused.err;
  const ChildResult run = gpuatom({"run", memory_data(c.file), "--quiet", "--mode", c.mode, "--threads", "2"});
  ASSERT_EQ(run.exit_code, 0) << run.err;
  const double peak = static_cast<double>(run.max_rss_kib) * 1024;
  std::cout << "[ measured ] " << c.file << " (" << c.mode << "): estimate " << *estimate / (1 << 20) << " MiB, peak "
            << peak / (1 << 20) << " MiB\n";
  EXPECT_LE(std::abs(*estimate - peak), 0.25 * peak);
}

INSTANTIATE_TEST_SUITE_P(Scenarios, EstimateAgainstPeak,
                         testing::Values(Case{"sass-histogram.toml", "deterministic"},
                                         Case{"sass-hot-explainable.toml", "parallel"},
                                         Case{"sass-hot-explainable.toml", "deterministic"},
                                         Case{"visa-lsc-histogram.toml", "deterministic"},
                                         Case{"visa-svm-lane-values.toml", "deterministic"},
                                         Case{"visa-svm-lane-values.toml", "parallel"},
                                         Case{"amd-add.toml", "deterministic"}),
                         [](const auto& param) {
                           std::string name = std::string(param.param.file) + "_" + param.param.mode;
                           for (char& ch : name)
                             if (!std::isalnum(static_cast<unsigned char>(ch))) ch = '_';
                           return name;
                         });

}  // namespace
