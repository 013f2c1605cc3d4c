// `gpuatom run` over many files, as a CI job runs it: directories, a bad file among good ones,
// skipped files, JUnit XML, structured JSON outcomes and --dump (tests/cli/data/batch/).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <map>
#include <nlohmann/json.hpp>
#include <set>
#include <sstream>
#include <string>

#include "cli/run_cli.hpp"

namespace {

namespace fs = std::filesystem;

std::string file_text(const fs::path& path) {
  std::ifstream in(path);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

fs::path temporary(const std::string& name) {
  const fs::path dir = fs::temp_directory_path() / ("gpuatom-batch-" + std::to_string(getpid()));
  fs::create_directories(dir);
  return dir / name;
}

// The part of stdout that is the JSON document (stderr carries the bad file's diagnostics).
nlohmann::json parsed_json(const std::string& out) {
  const size_t start = out.find("[\n");
  return nlohmann::json::parse(out.substr(start == std::string::npos ? 0 : start));
}

TEST(RunBatch, ADirectoryRunsEveryScenarioUnderItAndABadFileDoesNotStopTheOthers) {
  const CliRun r = run_gpuatom("run " + batch() + " --mode deterministic");
  EXPECT_EQ(r.exit_code, 2) << r.out;  // the worst of all: a bad input
  EXPECT_NE(r.out.find("bad-lanes.toml:"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("batch pass: float sum"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("batch fail: counter"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("batch pass: exchange"), std::string::npos) << r.out;  // found in deeper/
  EXPECT_NE(r.out.find("4 scenarios: 2 passed, 1 failed, 1 bad input"), std::string::npos) << r.out;
}

TEST(RunBatch, TheExitCodeIsTheWorstOfAll) {
  EXPECT_EQ(run_gpuatom("run " + batch() + "/pass-sum.toml " + batch() + "/fail-count.toml --quiet").exit_code, 1);
  EXPECT_EQ(run_gpuatom("run " + batch() + "/fail-count.toml " + batch() + "/bad-lanes.toml --quiet").exit_code, 2);
  EXPECT_EQ(run_gpuatom("run " + batch() + "/pass-sum.toml " + batch() + "/deeper --quiet").exit_code, 0);
}

TEST(RunBatch, JsonCarriesEveryFileWithItsStatus) {
  const CliRun r = run_gpuatom("run " + batch() + " --quiet --json --mode deterministic");
  EXPECT_EQ(r.exit_code, 2);
  const nlohmann::json j = parsed_json(r.out);
  ASSERT_EQ(j.size(), 4u) << r.out;
  std::map<std::string, std::string> status;
  for (const auto& f : j) status[fs::path(f["file"].get<std::string>()).filename().string()] = f["status"];
  EXPECT_EQ(status["bad-lanes.toml"], "error");
  EXPECT_EQ(status["fail-count.toml"], "failed");
  EXPECT_EQ(status["pass-sum.toml"], "passed");
  EXPECT_EQ(status["pass-exhaustive.toml"], "passed");
  for (const auto& f : j)
    if (f["status"] == "error") {
      EXPECT_NE(f["error"].get<std::string>().find("bad-lanes.toml:"), std::string::npos);
    }
}

TEST(RunBatch, AFileThisModeDoesNotApplyToIsSkippedNotPassed) {
  const CliRun r = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --mode exhaustive");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("1 scenarios: 0 passed, 0 failed, 1 skipped"), std::string::npos) << r.out;
  const nlohmann::json j =
      parsed_json(run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --json --mode exhaustive").out);
  EXPECT_EQ(j[0]["status"], "skipped");
  EXPECT_EQ(j[0]["skipped"], true);
}

TEST(RunBatch, ExhaustiveOutcomesInJsonAreValuesPerRegion) {
  const nlohmann::json j =
      parsed_json(run_gpuatom("run " + batch() + "/deeper/pass-exhaustive.toml --quiet --json --mode exhaustive").out);
  ASSERT_EQ(j[0]["outcomes"].size(), 2u) << j.dump(2);
  std::set<uint64_t> cells;
  for (const auto& o : j[0]["outcomes"]) {
    EXPECT_EQ(o["count"], 1);
    EXPECT_EQ(o["expectations_hold"], true);
    EXPECT_EQ(o["failed"], "");
    cells.insert(o["regions"]["cell"][0].get<uint64_t>());
  }
  EXPECT_EQ(cells, (std::set<uint64_t>{1, 2}));  // the last exchange wins
}

TEST(RunBatch, JunitReportValidatesAndCountsEachKind) {
  if (std::system("command -v xmllint >/dev/null 2>&1") != 0)
    GTEST_SKIP() << "xmllint (libxml2-utils) is not installed";
  const fs::path xml = temporary("junit.xml");
  const CliRun r = run_gpuatom("run " + batch() + " --quiet --mode deterministic --junit " + xml.string());
  EXPECT_EQ(r.exit_code, 2) << r.out;
  const std::string text = file_text(xml);
  EXPECT_NE(text.find("tests=\"4\" failures=\"1\" errors=\"1\" skipped=\"0\""), std::string::npos) << text;
  EXPECT_NE(text.find("<failure message=\"count[0] == 33 (u32)\""), std::string::npos) << text;
  EXPECT_NE(text.find("<error message=\"bad input\""), std::string::npos) << text;
  const std::string schema = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/junit.xsd";
  const CliRun valid = run_gpuatom_command("xmllint --noout --schema " + schema + " " + xml.string());
  EXPECT_EQ(valid.exit_code, 0) << valid.out;
  // Exhaustive mode: the files not marked for it are <skipped/>.
  run_gpuatom("run " + batch() + " --quiet --mode exhaustive --junit " + xml.string());
  EXPECT_NE(file_text(xml).find("<skipped message=\"skipped: not marked"), std::string::npos) << file_text(xml);
  EXPECT_EQ(run_gpuatom_command("xmllint --noout --schema " + schema + " " + xml.string()).exit_code, 0);
  fs::remove_all(xml.parent_path());
}

// Undecided (the serial-order search ran out of budget) is neither passed nor failed: exit 5, its
// own count in the summary, a JUnit <error type="undecided">; a failure beside it wins (exit 1).
TEST(RunBatch, UndecidedHasItsOwnExitCodeCountAndJunitType) {
  const std::string undecided = std::string(GPUATOM_SOURCE_DIR) + "/tests/scenario/nvidia/explainable-undecided.toml";
  const fs::path xml = temporary("undecided.xml");
  const CliRun r = run_gpuatom("run " + undecided + " " + batch() +
                               "/pass-sum.toml --quiet --mode deterministic --junit " + xml.string());
  EXPECT_EQ(r.exit_code, 5) << r.out;
  EXPECT_NE(r.out.find("UNDECIDED  returned values explainable by a serial order"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("2 scenarios: 1 passed, 0 failed, 1 undecided"), std::string::npos) << r.out;
  EXPECT_NE(file_text(xml).find("<error message=\"undecided: a check ran out of its budget\" type=\"undecided\">"),
            std::string::npos)
      << file_text(xml);
  if (std::system("command -v xmllint >/dev/null 2>&1") == 0) {
    const std::string schema = std::string(GPUATOM_SOURCE_DIR) + "/tests/cli/data/junit.xsd";
    EXPECT_EQ(run_gpuatom_command("xmllint --noout --schema " + schema + " " + xml.string()).exit_code, 0);
  }
  EXPECT_EQ(run_gpuatom("run " + undecided + " " + batch() + "/fail-count.toml --quiet --mode deterministic").exit_code,
            1);
  fs::remove_all(xml.parent_path());
}

TEST(RunBatch, AJunitFileThatCannotBeWrittenIsAnError) {
  const CliRun r = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --junit /nonexistent-dir/out.xml");
  EXPECT_EQ(r.exit_code, 4) << r.out;
  EXPECT_NE(r.out.find("gpuatom: error: --junit:"), std::string::npos) << r.out;
}

TEST(RunBatch, DumpPrintsFinalMemoryInHexAndTypedValue) {
  const CliRun r = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --mode deterministic --dump sum");
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("sum (4 × f32, at 0x"), std::string::npos) << r.out;  // the fill's type
  EXPECT_NE(r.out.find("[0]  0x42c08000  96.25"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("[1..3]  0x3e800000  0.25"), std::string::npos) << r.out;  // a run of equal elements
  const CliRun s32 = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --dump sum:s32");
  EXPECT_NE(s32.out.find("0x42c08000  1119911936"), std::string::npos) << s32.out;
  const nlohmann::json j = parsed_json(run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --json --dump sum").out);
  EXPECT_EQ(j[0]["dumps"]["sum"]["type"], "f32");
  EXPECT_EQ(j[0]["dumps"]["sum"]["values"][0]["bits"], "0x42c08000");
  EXPECT_EQ(j[0]["dumps"]["sum"]["values"][0]["value"], "96.25");
}

// A file that cannot be read says why, with its name: missing, a directory, no permission.
TEST(RunBatch, UnreadableInputsSayWhy) {
  const CliRun missing = run_gpuatom("run /nonexistent/nothing.toml");
  EXPECT_EQ(missing.exit_code, 2);
  EXPECT_NE(missing.out.find("/nonexistent/nothing.toml: error: cannot open the file: No such file or directory"),
            std::string::npos)
      << missing.out;
  const CliRun directory = run_gpuatom("check sass " + batch());
  EXPECT_EQ(directory.exit_code, 2);
  EXPECT_NE(directory.out.find(batch() + ": is a directory, not a file"), std::string::npos) << directory.out;
}

TEST(RunBatch, BadArgumentsAreBadInput) {
  const CliRun unknown = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --dump nowhere");
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("--dump nowhere: no scenario given has a region of that name"), std::string::npos)
      << unknown.out;
  const CliRun type = run_gpuatom("run " + batch() + "/pass-sum.toml --quiet --dump sum:f33");
  EXPECT_EQ(type.exit_code, 2);
  EXPECT_NE(type.out.find("'f33' is not an element type"), std::string::npos) << type.out;
  const fs::path empty = temporary("empty");
  fs::create_directories(empty);
  const CliRun none = run_gpuatom("run " + empty.string());
  EXPECT_EQ(none.exit_code, 2);
  EXPECT_NE(none.out.find("the directory holds no .toml scenario files"), std::string::npos) << none.out;
  fs::remove_all(empty.parent_path());
}

}  // namespace
