// `gpuatom run` as a whole (gpuatom/report/run_scenarios.hpp): what it prints and the exit code
// it returns for a batch, and the bad input it refuses before running anything.
#include "gpuatom/report/run_scenarios.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/exit_codes.hpp"
#include "gpuatom/support/input_error.hpp"
#include "report/test_support.hpp"

using namespace gpuatom;
using gpuatom::report::testing::batch_dir;

namespace {

report::RunRequest deterministic_request(std::vector<std::string> files) {
  report::RunRequest request;
  request.files = std::move(files);
  request.mode = "deterministic";
  request.quiet = true;
  return request;
}

}  // namespace

TEST(RunScenarios, PrintsTheSummaryAndReturnsTheWorstExitCode) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const int code =
      report::run_scenarios(deterministic_request({batch_dir + "pass-sum.toml", batch_dir + "fail-count.toml"}));
  const std::string out = testing::internal::GetCapturedStdout();
  testing::internal::GetCapturedStderr();
  EXPECT_EQ(code, support::exit_expectation_failed);
  const std::string summary = "2 scenarios: 1 passed, 1 failed\n";
  ASSERT_GE(out.size(), summary.size()) << out;
  EXPECT_EQ(out.substr(out.size() - summary.size()), summary);
  EXPECT_NE(out.find("fail-count.toml"), std::string::npos) << "--quiet still shows a failed scenario: " << out;
  EXPECT_EQ(out.find("pass-sum.toml"), std::string::npos) << "--quiet hides a passed one: " << out;
}

TEST(RunScenarios, OnlyBadInputLeavesStandardOutputEmpty) {
  testing::internal::CaptureStdout();
  testing::internal::CaptureStderr();
  const int code = report::run_scenarios(deterministic_request({batch_dir + "bad-lanes.toml"}));
  EXPECT_EQ(testing::internal::GetCapturedStdout(), "");
  EXPECT_NE(testing::internal::GetCapturedStderr().find("bad-lanes.toml"), std::string::npos);
  EXPECT_EQ(code, support::exit_bad_input);
}

TEST(RunScenarios, RefusesAJunitReportOverAScenario) {
  report::RunRequest request = deterministic_request({batch_dir + "pass-sum.toml"});
  request.junit = batch_dir + "pass-sum.toml";
  EXPECT_THROW(report::run_scenarios(request), support::InputError);
  request.junit.clear();
  request.mode = "sideways";
  EXPECT_THROW(report::run_scenarios(request), support::InputError);
}
