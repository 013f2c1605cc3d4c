// A batch of scenario files (gpuatom/report/run_batch.hpp): bad input reported and the rest run,
// each finished file seen as it ends, the counts and the summary line.
#include "gpuatom/report/run_batch.hpp"

#include <gtest/gtest.h>

#include "gpuatom/support/exit_codes.hpp"
#include "gpuatom/support/input_error.hpp"
#include "report/test_support.hpp"

using namespace gpuatom;
using gpuatom::report::testing::batch_dir;

namespace {

scenario::RunOptions deterministic() {
  scenario::RunOptions options;
  options.mode = scenario::Mode::deterministic;
  options.quiet = true;
  return options;
}

}  // namespace

TEST(RunBatch, BadInputIsReportedAndTheOthersRun) {
  const std::vector<std::string> files = {batch_dir + "bad-lanes.toml", batch_dir + "pass-sum.toml",
                                          batch_dir + "fail-count.toml"};
  std::vector<std::string> seen;
  testing::internal::CaptureStderr();
  const report::Batch batch =
      report::run_batch(files, deterministic(), [&](const report::FileRun& run) { seen.push_back(run.file); });
  const std::string errors = testing::internal::GetCapturedStderr();
  EXPECT_EQ(seen, (std::vector<std::string>{files[1], files[2]}));
  ASSERT_EQ(batch.runs.size(), 3u);
  EXPECT_FALSE(batch.runs[0].report);
  EXPECT_EQ(batch.runs[0].error, errors) << "the diagnostics are kept as written";
  EXPECT_NE(errors.find("bad-lanes.toml"), std::string::npos) << errors;
  EXPECT_FALSE(batch.interruption);
  const report::BatchCounts c = report::count(batch.runs);
  EXPECT_EQ(c.files, 3u);
  EXPECT_EQ(c.passed, 1u);
  EXPECT_EQ(c.failed, 1u);
  EXPECT_EQ(c.bad, 1u);
  EXPECT_EQ(report::summary_line(c), "3 scenarios: 1 passed, 1 failed, 1 bad input\n");
}

TEST(RunBatch, DumpOfARegionNoScenarioHasIsRefusedBeforeRunning) {
  scenario::RunOptions options = deterministic();
  options.dump.push_back({"nowhere", std::nullopt});
  bool ran = false;
  try {
    report::run_batch({batch_dir + "pass-sum.toml"}, options, [&](const report::FileRun&) { ran = true; });
    FAIL() << "no error";
  } catch (const support::InputError& e) {
    EXPECT_EQ(std::string(e.what()), "--dump nowhere: no scenario given has a region of that name");
  }
  EXPECT_FALSE(ran);
}

TEST(RunBatch, SummaryNamesUndecidedAndSkippedOnlyWhenThereAreSome) {
  report::BatchCounts c;
  c.files = 4;
  c.passed = 4;
  EXPECT_EQ(report::summary_line(c), "4 scenarios: 4 passed, 0 failed\n");
  c.passed = 2;
  c.undecided = 1;
  c.skipped = 1;
  EXPECT_EQ(report::summary_line(c), "4 scenarios: 2 passed, 0 failed, 1 undecided, 1 skipped\n");
}

TEST(RunBatch, ExitCodeIsTheWorstOfTheFiles) {
  report::BatchCounts c;
  c.files = 4;
  c.passed = 3;
  c.skipped = 1;
  EXPECT_EQ(report::exit_code(c), support::exit_ok) << "a skipped file is not a failure";
  c.undecided = 1;
  EXPECT_EQ(report::exit_code(c), support::exit_undecided);
  c.failed = 1;
  EXPECT_EQ(report::exit_code(c), support::exit_expectation_failed);
  c.bad = 1;
  EXPECT_EQ(report::exit_code(c), support::exit_bad_input);
}
