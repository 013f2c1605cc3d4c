// `gpuatom run [FILE|DIR…] [--mode parallel|deterministic|exhaustive] [--seed N] [--threads N]
//              [--json] [--junit FILE] [--dump REGION[:TYPE][,…]] [--shard K/N]`
// Runs scenario files and checks their expectations (report/run_scenarios.hpp says how).
#include <fmt/format.h>

#include <memory>

#include "command.hpp"
#include "gpuatom/exec/run.hpp"
#include "gpuatom/report/run_scenarios.hpp"

namespace gpuatom::cli {

void add_run_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<report::RunRequest>();
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
  cmd->add_option("--shard", args->shard,
                  "run only shard K of N (1/4 … 4/4): the files whose path hashes to it, or with --mode exhaustive "
                  "and one file its share of the search's subtrees; --json then writes the shard's result for "
                  "`gpuatom merge` (docs/scaling.md)");
  cmd->add_option("--dump", args->dump,
                  "print these regions' final memory, hex and typed value: REGION[:TYPE][,…] (TYPE: the region's "
                  "fill type by default, else u32; the first 4096 elements); one value per --dump, repeat it for more")
      ->delimiter('\0');
  cmd->callback([&action, args] { action = [args] { return report::run_scenarios(*args); }; });
}

}  // namespace gpuatom::cli
