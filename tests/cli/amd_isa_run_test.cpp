// `gpuatom run` and `gpuatom report` on AMD instruction scenarios: the three modes with JSON
// reports (exhaustive outcomes listed), the HTML report, and the ROCm-row form still taken when
// [options] names no target.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <nlohmann/json.hpp>
#include <string>

#include "cli/run_cli.hpp"

namespace {

nlohmann::json json_of(const CliRun& r) {
  const size_t start = r.out.find('[');
  return nlohmann::json::parse(r.out.substr(start == std::string::npos ? 0 : start));
}

TEST(AmdIsaRun, ThreeModesWithJsonReports) {
  const std::string file = source("tests/scenario/amd/isa-cmpswap-three-modes.toml");
  for (const char* mode : {"parallel", "deterministic", "exhaustive"}) {
    const CliRun r = run_gpuatom(std::string("run --json --quiet --mode ") + mode + " " + file);
    ASSERT_EQ(r.exit_code, 0) << mode << ": " << r.out;
    const nlohmann::json report = json_of(r).at(0);
    EXPECT_EQ(report.at("status"), "passed") << mode;
    EXPECT_EQ(report.at("mode"), mode);
    if (std::string(mode) == "exhaustive") {
      // Each lane may win: two outcomes, one trace each.
      ASSERT_EQ(report.at("outcomes").size(), 2u) << r.out;
      for (const auto& outcome : report.at("outcomes")) EXPECT_EQ(outcome.at("count"), 1);
    } else {
      EXPECT_EQ(report.at("counters").at("operations"), 2) << r.out;
    }
  }
}

TEST(AmdIsaRun, RowsWithoutTargetStayRows) {
  const CliRun r =
      run_gpuatom("run --quiet --mode deterministic " + source("examples/amd/fp32-add-fine-host-mi200-cas.toml"));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  // A row program given a target is read as instructions, and says so.
  const CliRun bad = run_gpuatom("run --mode deterministic " + source("tests/scenario/amd/isa-error-parse.toml"));
  EXPECT_EQ(bad.exit_code, 2) << bad.out;
  EXPECT_NE(bad.out.find("isa-error-parse.toml:8:1: error:"), std::string::npos) << bad.out;
}

TEST(AmdIsaRun, HtmlReportShowsTheScenario) {
  const auto dir = std::filesystem::temp_directory_path() / ("gpuatom-amd-isa-report-" + std::to_string(getpid()));
  const CliRun r =
      run_gpuatom("report --out " + dir.string() + " " + source("examples/amd/isa-buffer-out-of-range.toml"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  const CliRun html = run_gpuatom_command("grep -c 'Buffer atomic past its records' " + (dir / "index.html").string());
  EXPECT_EQ(html.exit_code, 0) << html.out;
  std::filesystem::remove_all(dir);
}

}  // namespace
