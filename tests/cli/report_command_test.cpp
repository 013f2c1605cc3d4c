// `gpuatom report` as a CI job uses it: bad input names its path (exit 2, never an internal
// error), and the exit status is the worst verdict shown, as `run` gives it, with the page still
// written.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

fs::path report_scratch() {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-report-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir;
}

TEST(ReportCommand, AJsonResultThatIsADirectoryIsBadInputNamingIt) {
  const fs::path dir = report_scratch();
  const CliRun r = run_gpuatom("report --json " + batch() + " --out " + (dir / "out").string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("gpuatom: error: " + batch() + ": is a directory, not a file"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("internal error"), std::string::npos) << r.out;
  const CliRun missing =
      run_gpuatom("report --json " + (dir / "none.json").string() + " --out " + (dir / "out").string());
  EXPECT_EQ(missing.exit_code, 2) << missing.out;
  EXPECT_NE(missing.out.find("none.json: cannot open the file: No such file or directory"), std::string::npos)
      << missing.out;
  fs::remove_all(dir);
}

TEST(ReportCommand, AFailedScenarioMakesItExitOneAndTheReportIsWritten) {
  const fs::path dir = report_scratch();
  const CliRun failed =
      run_gpuatom("report --out " + dir.string() + " " + batch() + "/pass-sum.toml " + batch() + "/fail-count.toml");
  EXPECT_EQ(failed.exit_code, 1) << failed.out;
  EXPECT_NE(failed.out.find("wrote " + (dir / "index.html").string()), std::string::npos) << failed.out;
  EXPECT_TRUE(fs::exists(dir / "index.html"));
  const CliRun passed = run_gpuatom("report --out " + dir.string() + " " + batch() + "/pass-sum.toml");
  EXPECT_EQ(passed.exit_code, 0) << passed.out;
  fs::remove_all(dir);
}

// The AMD matrix has the instructions behind it: per gfx target, what the compiler emits for each
// HIP atomic (gfx90a's f32 add without -munsafe-fp-atomics is a CAS loop; gfx942's is the
// instruction) and how many atomic mnemonics each class has.
TEST(ReportCommand, TheAmdMatrixShowsTheInstructionsBehindIt) {
  const fs::path dir = report_scratch();
  const CliRun r = run_gpuatom("report --out " + dir.string() + " " + batch() + "/pass-sum.toml");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  std::ifstream in(dir / "index.html");
  std::stringstream page;
  page << in.rdbuf();
  const std::string html = page.str();
  const size_t section = html.find("<section id=\"amd-instructions\">");
  ASSERT_NE(section, std::string::npos);
  const std::string body = html.substr(section, html.find("</section>", section) - section);
  const size_t row = body.find("<tr><th>add f32</th>");
  ASSERT_NE(row, std::string::npos);
  const std::string add_f32 = body.substr(row, body.find("</tr>", row) - row);
  EXPECT_NE(add_f32.find("<code>CAS loop</code>"), std::string::npos) << add_f32;
  EXPECT_NE(add_f32.find("<code>global_atomic_add_f32"), std::string::npos) << add_f32;
  EXPECT_NE(body.find("<th>FLAT</th>"), std::string::npos);
  EXPECT_NE(body.find("<th>DS</th>"), std::string::npos);
  fs::remove_all(dir);
}

}  // namespace
