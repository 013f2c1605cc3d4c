// The runs `gpuatom report` shows (gpuatom/report/page_results.hpp): the chart beside each run,
// the default mode and the page's verdict.
#include "gpuatom/report/page_results.hpp"

#include <gtest/gtest.h>

#include "gpuatom/scenario/scenario.hpp"

using namespace gpuatom;

namespace {

scenario::RunReport with_outcomes() {
  scenario::RunReport r;
  r.file = "/nowhere/x.toml";
  r.mode = scenario::Mode::exhaustive;
  r.outcomes.push_back({"x=[1]", 2, false, {{"x", {0x3f800000}}}, "x == 2"});
  r.outcomes.push_back({"no regions", 4, true, {}, ""});
  return r;
}

}  // namespace

TEST(PageResults, OutcomeChartReadsRegionsInTheirTypes) {
  const report::ExampleResult x = report::page_result(with_outcomes(), {{"x", scenario::ElementType::f32}});
  EXPECT_EQ(x.report.file, "/nowhere/x.toml") << "a path outside the current directory stays as it is";
  EXPECT_EQ(x.chart_title, "executions reaching each outcome");
  ASSERT_EQ(x.bars.size(), 2u);
  EXPECT_EQ(x.bars[0], (std::pair<std::string, double>{"x=[1] (FAILED)", 2.0}));
  EXPECT_EQ(x.bars[1], (std::pair<std::string, double>{"no regions", 4.0}));
  EXPECT_EQ(report::page_result(with_outcomes(), {}).bars[0].first, "x=[1065353216] (FAILED)");
}

TEST(PageResults, DumpChartGivesValueAndBits) {
  scenario::RunReport r;
  r.file = "x.toml";
  r.dumps.push_back({"sum", scenario::ElementType::f32, 0, 2, {0x40400000, 0x7f800000}});
  const report::ExampleResult x = report::page_result(r, {});
  EXPECT_EQ(x.chart_title, "region 'sum' (f32) after the run");
  ASSERT_EQ(x.bars.size(), 2u);
  EXPECT_EQ(x.bars[0].second, 3.0);
  EXPECT_EQ(x.bars[1].second, 0.0) << "an infinity draws no bar";
  EXPECT_NE(x.bars[0].first.find("sum[0] = 3"), std::string::npos) << x.bars[0].first;
}

TEST(PageResults, RunsInTheScenariosDefaultModeAndGivesTheVerdict) {
  const auto loaded =
      scenario::load_scenario(std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/batch/fail-count.toml");
  ASSERT_TRUE(std::holds_alternative<scenario::Scenario>(loaded));
  const report::ExampleResult x = report::run_for_page(std::get<scenario::Scenario>(loaded), std::nullopt, 1);
  EXPECT_EQ(x.report.mode, scenario::Mode::deterministic);
  EXPECT_EQ(x.chart_title, "region 'count' (u32) after the run");
  EXPECT_TRUE(report::any_failed({x}));
  EXPECT_FALSE(report::any_undecided({x}));
  EXPECT_FALSE(report::any_failed({}));
}
