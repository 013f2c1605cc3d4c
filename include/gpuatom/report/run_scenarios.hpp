// `gpuatom run` as a whole: its request as the command line spells it, and running it.
//
// Runs every scenario given (a directory: every *.toml under it, in name order), each to the end,
// and prints a report per scenario. A file that cannot be read or run (bad input) is reported
// with its diagnostics on standard error and the batch goes on. The exit code is the worst of
// all (exit_code in run_batch.hpp); a scenario this mode does not apply to (exhaustive mode on
// one not marked `exhaustive = true`) counts as skipped. When every file is bad input, standard
// output stays empty (the diagnostics are the answer). With no file it runs the bundled examples/.
//
// An interrupt (SIGINT; also SIGTERM, SIGHUP and SIGPIPE: support/files.hpp) stops the run
// cleanly: workers take no new group, the scenario running stops, the JUnit report is written
// with what finished and the stop marked, and the run says how far it got ("interrupted after 2
// of 5 scenarios; …") on standard error and exits 130. With `json` nothing is printed on standard
// output then (no partial document). A second interrupt ends the process at once.
//
// With a shard (--shard K/N) only that shard's files run (an exhaustive run of one file: its
// share of the search's subtrees), a shard given no file passes with "0 scenarios", and --json
// prints the shard's result (shard.hpp) that `gpuatom merge` combines.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace gpuatom::report {

// The options of `gpuatom run`, as given (run_options.hpp reads their text).
struct RunRequest {
  std::vector<std::string> files;  // scenario files or directories of them; none: the bundled examples
  std::string mode = "parallel";
  uint64_t seed = 1;
  unsigned threads = 0;
  uint64_t cap = 100000;  // --max-executions
  bool json = false;
  bool quiet = false;
  std::string junit;  // the JUnit XML report to write; empty: none
  std::vector<std::string> dump;
  std::string max_memory;
  bool no_reduction = false;
  // --shard K/N: run only shard K of N (shard.hpp); empty: everything. JSON output is then the
  // shard's result, for `gpuatom merge`.
  std::string shard;
};

// Runs `request`, printing on standard output and standard error, and returns the exit code
// (support/exit_codes.hpp). Bad input found before anything runs (an option's text, no file, a
// --junit target that would overwrite an input) throws support::InputError.
int run_scenarios(const RunRequest& request);

}  // namespace gpuatom::report
