#include "gpuatom/report/run_scenarios.hpp"

#include <fmt/format.h>

#include "gpuatom/report/run_batch.hpp"
#include "gpuatom/report/run_json.hpp"
#include "gpuatom/report/run_options.hpp"
#include "gpuatom/report/scenario_files.hpp"
#include "gpuatom/report/shard.hpp"
#include "gpuatom/support/diagnostic.hpp"
#include "gpuatom/support/exit_codes.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/input_error.hpp"
#include "gpuatom/support/output_target.hpp"
#include "gpuatom/support/standard_output.hpp"

namespace gpuatom::report {

namespace {

scenario::RunOptions run_options(const RunRequest& args) {
  scenario::RunOptions options;
  options.mode = mode_option(args.mode);
  options.seed = args.seed;
  options.threads = args.threads;
  options.exhaustive_cap = args.cap;
  options.exhaustive_reduce = !args.no_reduction;
  options.quiet = args.quiet || args.json;
  support::install_interrupt_handler();
  options.stop = &support::interrupt_flag();
  options.dump = dump_requests(args.dump);
  if (!args.max_memory.empty()) options.max_memory = max_memory_option(args.max_memory);
  return options;
}

std::vector<std::string> files_to_run(const RunRequest& args) {
  if (!args.files.empty()) return scenario_files(args.files);
  std::vector<std::string> files = bundled_examples();
  if (files.empty()) throw support::InputError("no FILE given and no bundled examples/ found (set GPUATOM_EXAMPLES)");
  return files;
}

// A sharded run's plan: how it splits, and the files it runs (all of them when it splits one
// exhaustive search by subtree, whose share `options` then names).
ShardHeader plan_shard(const RunRequest& args, const std::vector<std::string>& all, scenario::RunOptions& options,
                       std::vector<std::string>& files) {
  ShardHeader header{shard_option(args.shard), ShardSplit::files, all, 0};
  if (options.mode == scenario::Mode::exhaustive && all.size() == 1) {
    header.split = ShardSplit::subtrees;
    options.shard_index = header.shard.index - 1;
    options.shard_count = header.shard.count;
    return header;
  }
  files.clear();
  for (const std::string& file : all)
    if (in_shard(shard_key(file, args.files), header.shard)) files.push_back(file);
  return header;
}

}  // namespace

int run_scenarios(const RunRequest& args) {
  scenario::RunOptions options = run_options(args);
  std::vector<std::string> files = files_to_run(args);
  std::optional<ShardHeader> shard;
  if (!args.shard.empty()) shard = plan_shard(args, std::vector<std::string>(files), options, files);
  // Refused before anything runs: a report written over a scenario, or over the file standard
  // output goes to, loses it (support/output_target.hpp).
  if (!args.junit.empty())
    if (const auto conflict = support::output_target_conflict(args.junit, files))
      throw support::InputError("--junit " + *conflict);

  support::StandardOutput out;
  const Batch batch = run_batch(files, options, [&](const FileRun& run) {
    // --quiet: only what needs a look (a scenario that did not pass) and what was asked for (--dump).
    const FileStatus s = status(run);
    const bool worth_showing = s == FileStatus::failed || s == FileStatus::undecided || !run.report->dumps.empty();
    if (!args.json && (!args.quiet || worth_showing)) out.print(report_text(*run.report));
  });
  // A JUnit report holds what finished, even when the run was stopped: a CI server shows those
  // results, and the stop, instead of finding no file at all.
  const std::optional<std::string> shard_name =
      shard ? std::optional(fmt::format("{}/{}", shard->shard.index, shard->shard.count)) : std::nullopt;
  if (!args.junit.empty())
    if (const auto why = support::write_file_atomically(
            args.junit, junit_xml(batch.runs, batch.seconds, batch.interruption, shard_name))) {
      support::write_stderr(fmt::format("gpuatom: error: --junit: {}\n", *why));
      if (!batch.interruption) return support::exit_output_failed;
    }
  if (batch.interruption) {
    // Reports of the scenarios that finished are printed; nothing claims a finished run (no
    // summary, no partial JSON document).
    support::write_stderr(fmt::format("gpuatom: interrupted {}\n", *batch.interruption));
    return support::exit_interrupted;
  }
  const BatchCounts c = count(batch.runs);
  // Nothing ran (every file was bad input): the diagnostics on standard error are the whole answer.
  if (c.files > 0 && c.bad == c.files) return support::exit_bad_input;
  if (shard) shard->seconds = batch.seconds;
  out.print(!args.json ? summary_line(c) : shard ? shard_json(*shard, batch.runs) : run_json(batch.runs));
  return exit_code(c);
}

}  // namespace gpuatom::report
