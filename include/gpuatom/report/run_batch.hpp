// A batch of scenario files run to the end, one after another (`gpuatom run`): every file is read
// and checked before any runs, a file that is bad input is reported and the others still run, and
// an interrupt (support/files.hpp) stops the batch cleanly with how far it got.
#pragma once

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "gpuatom/report/run_text.hpp"

namespace gpuatom::report {

struct Batch {
  std::vector<FileRun> runs;  // one per file, in the order given; those never started hold neither
  double seconds = 0;         // from the first read to the last run
  // How far an interrupted batch got: "after 2 of 5 scenarios; FILE stopped after …".
  std::optional<std::string> interruption;
};

// Runs `files` with `options`. A file that cannot be read or run has its diagnostics written to
// standard error (and kept as its FileRun::error). `finished` sees each file that ran to its end,
// as it ends (to print it). A --dump region that no scenario read has is bad input
// (support::InputError), thrown before anything runs.
Batch run_batch(const std::vector<std::string>& files, const scenario::RunOptions& options,
                const std::function<void(const FileRun&)>& finished);

// How many files of a batch ended each way (FileStatus).
struct BatchCounts {
  size_t files = 0, passed = 0, failed = 0, undecided = 0, skipped = 0, bad = 0;
};
BatchCounts count(const std::vector<FileRun>& runs);

// "5 scenarios: 3 passed, 1 failed, 1 bad input\n": undecided, skipped and bad input only when some are.
std::string summary_line(const BatchCounts& counts);

// The exit code of a batch that ran to its end, the worst of its files' (support/exit_codes.hpp):
// bad input if a file was, else expectation failed if one did, else undecided if a check was (the
// serial-order search ran out of its budget, or an exhaustive run reached --max-executions), else
// ok (a skipped file is not a failure).
int exit_code(const BatchCounts& counts);

}  // namespace gpuatom::report
