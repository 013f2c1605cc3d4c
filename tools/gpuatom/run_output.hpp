// What `gpuatom run` prints and writes for each scenario file: the text report, the JSON report
// (docs/reference/cli.md, "run --json") and the JUnit XML report for CI servers (--junit).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include <nlohmann/json.hpp>

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::cli {

// One file of a batch: its report, or why it could not be run (its diagnostics, bad input).
struct FileRun {
  std::string file;
  std::optional<scenario::RunReport> report;
  std::string error;
};

// passed, failed (an expectation, an outcome or an interrupted run), undecided (nothing failed,
// but a check ran out of its budget), skipped (this mode does not apply to it) or error (bad
// input: it never ran).
enum class FileStatus { passed, failed, undecided, skipped, error };
FileStatus status(const FileRun& run);
const char* name(FileStatus status);

// "parallel", "deterministic", "exhaustive" (scenario::name's spellings) → the mode.
std::optional<scenario::Mode> mode_named(std::string_view name);

void print_report(const scenario::RunReport& report);
nlohmann::json to_json(const FileRun& run);
// What to_json wrote for a file that ran, read back (`gpuatom report --json`); nothing for a file
// that never ran. Throws (nlohmann::json's exceptions, std::invalid_argument) on anything else.
std::optional<scenario::RunReport> report_from_json(const nlohmann::json& j);
// A JUnit XML document (the schema Jenkins, GitLab and GitHub read): one <testsuite> "gpuatom run"
// with a <testcase> per file, <failure>, <error> or <skipped> inside where it applies. An
// `interruption` (how far the run got) marks the suite with a property "interrupted", the scenario
// it stopped as an <error type="interrupted"> and those never started as <skipped>.
std::string junit_xml(const std::vector<FileRun>& runs, double seconds,
                      const std::optional<std::string>& interruption = std::nullopt);

}  // namespace gpuatom::cli
