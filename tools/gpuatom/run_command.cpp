// `gpuatom run [FILE|DIR…] [--mode parallel|deterministic|exhaustive] [--seed N] [--threads N]
//              [--json] [--junit FILE] [--dump REGION[:TYPE][,…]]`
// Runs every scenario given (a directory: every *.toml under it, in name order), each to the end,
// and prints a report per scenario. A file that cannot be read or run (bad input) is reported
// with its diagnostics on standard error and the batch goes on. The exit code is the worst of
// all: 2 if a file was bad input, else 1 if an expectation failed, else 5 if a check was
// undecided (the serial-order search ran out of its budget, or an exhaustive run reached
// --max-executions), else 0; a scenario this mode
// does not apply to (exhaustive mode on one not marked `exhaustive = true`) counts as skipped.
// When every file is bad input, standard output stays empty (the diagnostics are the answer).
// With no FILE it runs the bundled examples/.
//
// Ctrl-C (SIGINT; also SIGTERM, SIGHUP and SIGPIPE) stops the run cleanly: workers take no new
// group, the scenario running stops, the --junit report is written with what finished and the
// stop marked, and the command says how far it got ("interrupted after 2 of 5 scenarios; …") on
// standard error and exits 130. With --json nothing is printed on standard output then (no
// partial document). A second Ctrl-C ends the process at once.
#include <fmt/format.h>

#include <cstdio>
#include <memory>
#include <system_error>

#include "command.hpp"
#include "gpuatom/report/run_batch.hpp"
#include "gpuatom/report/run_json.hpp"
#include "gpuatom/report/run_options.hpp"
#include "gpuatom/report/scenario_files.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/output_target.hpp"

namespace gpuatom::cli {

namespace {

using report::FileRun;
using report::FileStatus;

struct RunArgs {
  std::vector<std::string> files;
  std::string mode = "parallel";
  uint64_t seed = 1;
  unsigned threads = 0;
  uint64_t cap = 100000;
  bool json = false;
  bool quiet = false;
  std::string junit;
  std::vector<std::string> dump;
  std::string max_memory;
  bool no_reduction = false;
};

// Standard output for a run that must go on when it is lost: a closed pipe (`| head`) or a full
// disk stops the printing, not the run, so that the JUnit report is still written; main() then
// says the output was lost (exit 4, docs/reliability.md). Each report is flushed as it is
// printed, so that a CI log shows the scenarios as they finish.
class StandardOutput {
 public:
  void print(const std::string& text) {
    if (lost_) return;
    try {
      fmt::print("{}", text);
      lost_ = std::fflush(stdout) != 0;
    } catch (const std::system_error&) {  // fmt's failed write
      lost_ = true;
    }
  }

 private:
  bool lost_ = false;
};

scenario::RunOptions run_options(const RunArgs& args) {
  scenario::RunOptions options;
  options.mode = report::mode_option(args.mode);
  options.seed = args.seed;
  options.threads = args.threads;
  options.exhaustive_cap = args.cap;
  options.exhaustive_reduce = !args.no_reduction;
  options.quiet = args.quiet || args.json;
  support::install_interrupt_handler();
  options.stop = &support::interrupt_flag();
  options.dump = report::dump_requests(args.dump);
  if (!args.max_memory.empty()) options.max_memory = report::max_memory_option(args.max_memory);
  return options;
}

int run(const RunArgs& args) {
  const scenario::RunOptions options = run_options(args);
  std::vector<std::string> files = report::scenario_files(args.files);
  if (args.files.empty()) {
    files = report::bundled_examples();
    if (files.empty()) throw BadInput("no FILE given and no bundled examples/ found (set GPUATOM_EXAMPLES)");
  }
  // Refused before anything runs: a report written over a scenario, or over the file standard
  // output goes to, loses it (support/output_target.hpp).
  if (!args.junit.empty())
    if (const auto conflict = support::output_target_conflict(args.junit, files))
      throw BadInput("--junit " + *conflict);

  StandardOutput out;
  const report::Batch batch = report::run_batch(files, options, [&](const FileRun& run) {
    // --quiet: only what needs a look (a scenario that did not pass) and what was asked for (--dump).
    const FileStatus s = report::status(run);
    const bool worth_showing = s == FileStatus::failed || s == FileStatus::undecided || !run.report->dumps.empty();
    if (!args.json && (!args.quiet || worth_showing)) out.print(report::report_text(*run.report));
  });
  // A JUnit report holds what finished, even when the run was stopped: a CI server shows those
  // results, and the stop, instead of finding no file at all.
  if (!args.junit.empty())
    if (const auto why = support::write_file_atomically(
            args.junit, report::junit_xml(batch.runs, batch.seconds, batch.interruption))) {
      support::write_stderr(fmt::format("gpuatom: error: --junit: {}\n", *why));
      if (!batch.interruption) return exit_output_failed;
    }
  if (batch.interruption) {
    // Reports of the scenarios that finished are printed; nothing claims a finished run (no
    // summary, no partial JSON document).
    support::write_stderr(fmt::format("gpuatom: interrupted {}\n", *batch.interruption));
    return support::exit_interrupted;
  }
  const report::BatchCounts c = report::count(batch.runs);
  // Nothing ran (every file was bad input): the diagnostics on standard error are the whole answer.
  if (c.bad == c.files) return exit_bad_input;
  out.print(args.json ? report::run_json(batch.runs) : report::summary_line(c));
  return c.bad ? exit_bad_input : c.failed ? exit_expectation_failed : c.undecided ? exit_undecided : exit_ok;
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd =
      app.add_subcommand("run", "Run scenario files (default: the bundled examples) and check their expectations");
  cmd->add_option("files", args->files, "scenario TOML files, or directories of them (every *.toml, recursively)");
  cmd->add_option("--mode", args->mode,
                  "parallel (default: host threads race), deterministic (one seeded interleaving) "
                  "or exhaustive (every interleaving of a small scenario)");
  cmd->add_option("--seed", args->seed, "seed of the deterministic interleaving (default 1)")
      ->check(unsigned_in(0, UINT64_MAX));
  cmd->add_option("--threads", args->threads,
                  fmt::format("host threads in parallel mode, 1 to {}; 0 (default): one per core", exec::max_threads))
      ->check(unsigned_in(0, exec::max_threads));
  cmd->add_option("--max-executions", args->cap,
                  "exhaustive mode: stop past this many executions, undecided (exit 5) unless an outcome failed "
                  "(default 100000)")
      ->check(unsigned_in(1, UINT64_MAX));
  cmd->add_flag("--no-reduction", args->no_reduction,
                "exhaustive mode: run every interleaving, not one per class of equivalent ones (slow; checks the "
                "reduction)");
  cmd->add_flag("--json", args->json, "print the reports as JSON");
  cmd->add_flag("--quiet", args->quiet,
                "print only the scenarios that did not pass (and what --dump asks for), then the summary; no progress "
                "bar");
  cmd->add_option("--junit", args->junit, "also write a JUnit XML report to this file (for CI servers)");
  cmd->add_option("--max-memory", args->max_memory,
                  "refuse a scenario whose estimated memory is above this (8G, 512M, bytes; default: 80 % of the "
                  "memory available)");
  cmd->add_option("--dump", args->dump,
                  "print these regions' final memory, hex and typed value: REGION[:TYPE][,…] (TYPE: the region's "
                  "fill type by default, else u32; the first 4096 elements); one value per --dump, repeat it for more")
      ->delimiter('\0');
  cmd->callback([&action, args] { action = [args] { return run(*args); }; });
}

}  // namespace gpuatom::cli
