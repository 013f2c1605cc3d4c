// What `gpuatom run` says about each scenario file it ran: the text report, the status of a file
// in a batch and the JUnit XML report for CI servers (--junit). The JSON report is run_json.hpp's.
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "gpuatom/scenario/run.hpp"

namespace gpuatom::report {
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

// The text report of one file, as `gpuatom run` prints it.
std::string report_text(const scenario::RunReport& report);
// A JUnit XML document (the schema Jenkins, GitLab and GitHub read): one <testsuite> "gpuatom run"
// with a <testcase> per file, <failure>, <error> or <skipped> inside where it applies. An
// `interruption` (how far the run got) marks the suite with a property "interrupted", the scenario
// it stopped as an <error type="interrupted"> and those never started as <skipped>. A `shard`
// ("2/4", `gpuatom run --shard`) is a property "shard" of the suite.
std::string junit_xml(const std::vector<FileRun>& runs, double seconds,
                      const std::optional<std::string>& interruption = std::nullopt,
                      const std::optional<std::string>& shard = std::nullopt);

}  // namespace gpuatom::report
