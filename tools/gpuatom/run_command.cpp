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

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>
#include <nlohmann/json.hpp>
#include <system_error>

#include "command.hpp"
#include "examples.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/output_target.hpp"
#include "run_output.hpp"
#include "scenario_files.hpp"

namespace gpuatom::cli {

namespace {

namespace fs = std::filesystem;
using scenario::Mode;
using scenario::RunReport;

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

// "8G", "512MiB", "1.5 GiB", "100000" (bytes) → bytes.
uint64_t size_in_bytes(const std::string& text) {
  size_t used = 0;
  double number = 0;
  try {
    number = std::stod(text, &used);
  } catch (const std::exception&) {
    used = 0;
  }
  std::string unit = text.substr(used);
  unit.erase(std::remove(unit.begin(), unit.end(), ' '), unit.end());
  for (char& c : unit) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  const std::pair<const char*, double> units[] = {{"", 1},
                                                  {"B", 1},
                                                  {"K", 1024.0},
                                                  {"KB", 1024.0},
                                                  {"KIB", 1024.0},
                                                  {"M", 1048576.0},
                                                  {"MB", 1048576.0},
                                                  {"MIB", 1048576.0},
                                                  {"G", 1073741824.0},
                                                  {"GB", 1073741824.0},
                                                  {"GIB", 1073741824.0},
                                                  {"T", 1099511627776.0},
                                                  {"TB", 1099511627776.0},
                                                  {"TIB", 1099511627776.0}};
  for (const auto& [name, scale] : units)
    if (used > 0 && unit == name && number > 0 && number * scale < 1.8e19) return static_cast<uint64_t>(number * scale);
  throw BadInput(fmt::format("--max-memory {}: expected a positive size such as 8G, 512M or 1000000 (bytes)", text));
}

// "sum,bins:f32" → the regions to dump, each with its type if one is given.
std::vector<scenario::RunOptions::DumpRequest> dump_requests(const std::vector<std::string>& args) {
  std::vector<scenario::RunOptions::DumpRequest> out;
  for (const std::string& arg : args) {
    size_t start = 0;
    while (start <= arg.size()) {
      const size_t comma = std::min(arg.find(',', start), arg.size());
      const std::string item = arg.substr(start, comma - start);
      start = comma + 1;
      if (item.empty()) throw BadInput(fmt::format("--dump '{}': an empty region name", arg));
      const size_t colon = item.find(':');
      scenario::RunOptions::DumpRequest request{item.substr(0, colon), std::nullopt};
      if (colon != std::string::npos) {
        request.type = scenario::parse_element_type(item.substr(colon + 1));
        if (!request.type)
          throw BadInput(
              fmt::format("--dump {}: '{}' is not an element type (u8 u16 u32 u64 s8 s16 s32 s64 f16 bf16 f32 f64)",
                          item, item.substr(colon + 1)));
      }
      out.push_back(std::move(request));
    }
  }
  return out;
}

// Standard output for a run that must go on when it is lost: a closed pipe (`| head`) or a full
// disk stops the printing, not the run, so that the JUnit report is still written; main() then
// says the output was lost (exit 4, docs/reliability.md). Each report is flushed as it is
// printed, so that a CI log shows the scenarios as they finish.
class StandardOutput {
 public:
  template <class Print>
  void print(Print&& print) {
    if (lost_) return;
    try {
      print();
      lost_ = std::fflush(stdout) != 0;
    } catch (const std::system_error&) {  // fmt's failed write
      lost_ = true;
    }
  }

 private:
  bool lost_ = false;
};

int run(const RunArgs& args) {
  scenario::RunOptions options;
  if (const auto mode = mode_named(args.mode))
    options.mode = *mode;
  else
    throw BadInput(fmt::format("--mode {}: expected parallel, deterministic or exhaustive", args.mode));
  options.seed = args.seed;
  options.threads = args.threads;
  options.exhaustive_cap = args.cap;
  options.exhaustive_reduce = !args.no_reduction;
  options.quiet = args.quiet || args.json;
  support::install_interrupt_handler();
  options.stop = &support::interrupt_flag();

  options.dump = dump_requests(args.dump);
  if (!args.max_memory.empty()) options.max_memory = size_in_bytes(args.max_memory);

  std::vector<std::string> files = scenario_files(args.files);
  if (args.files.empty()) {
    files = bundled_examples();
    if (files.empty()) throw BadInput("no FILE given and no bundled examples/ found (set GPUATOM_EXAMPLES)");
  }
  // Refused before anything runs: a report written over a scenario, or over the file standard
  // output goes to, loses it (support/output_target.hpp).
  if (!args.junit.empty())
    if (const auto conflict = support::output_target_conflict(args.junit, files))
      throw BadInput("--junit " + *conflict);

  // Read and check everything before running anything; a file that is bad input is reported and
  // the others still run.
  const scenario::Stopwatch clock;
  std::vector<FileRun> runs(files.size());
  std::vector<std::optional<scenario::Scenario>> scenarios(files.size());
  for (size_t k = 0; k < files.size(); ++k) {
    runs[k].file = files[k];
    auto loaded = scenario::load_scenario(files[k]);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
      runs[k].error = d->format_all();
      support::write_stderr(runs[k].error);
      continue;
    }
    scenarios[k] = std::move(std::get<scenario::Scenario>(loaded));
  }
  for (const auto& request : options.dump)
    if (std::none_of(scenarios.begin(), scenarios.end(), [&](const std::optional<scenario::Scenario>& s) {
          return s && std::any_of(s->regions.begin(), s->regions.end(),
                                  [&](const scenario::RegionText& r) { return r.name == request.region; });
        }))
      throw BadInput(fmt::format("--dump {}: no scenario given has a region of that name", request.region));

  StandardOutput out;
  size_t done = 0;
  std::optional<std::string> interruption;  // how far an interrupted run got
  for (size_t k = 0; k < files.size() && !interruption; ++k) {
    if (!scenarios[k]) continue;
    if (support::interrupted()) {
      interruption = fmt::format("after {} of {} scenarios", done, files.size());
      break;
    }
    auto result = scenario::run_scenario(*scenarios[k], options);
    if (auto* d = std::get_if<support::Diagnostics>(&result)) {
      runs[k].error = d->format_all();
      support::write_stderr(runs[k].error);
      continue;
    }
    runs[k].report = std::get<RunReport>(std::move(result));
    const RunReport& report = *runs[k].report;
    if (report.interrupted) {
      interruption = fmt::format("after {} of {} scenarios; {} stopped after {}", done, files.size(), report.file,
                                 report.progress);
      break;
    }
    ++done;
    // --quiet: only what needs a look (a scenario that did not pass) and what was asked for (--dump).
    const FileStatus s = status(runs[k]);
    const bool worth_showing = s == FileStatus::failed || s == FileStatus::undecided || !report.dumps.empty();
    if (!args.json && (!args.quiet || worth_showing)) out.print([&] { print_report(report); });
  }

  // A JUnit report holds what finished, even when the run was stopped: a CI server shows those
  // results, and the stop, instead of finding no file at all.
  if (!args.junit.empty())
    if (const auto why = support::write_file_atomically(args.junit, junit_xml(runs, clock.seconds(), interruption))) {
      support::write_stderr(fmt::format("gpuatom: error: --junit: {}\n", *why));
      if (!interruption) return exit_output_failed;
    }
  if (interruption) {
    // Reports of the scenarios that finished are printed; nothing claims a finished run (no
    // summary, no partial JSON document).
    support::write_stderr(fmt::format("gpuatom: interrupted {}\n", *interruption));
    return support::exit_interrupted;
  }

  size_t counts[5] = {};
  for (const FileRun& r : runs) ++counts[static_cast<int>(status(r))];
  const size_t passed = counts[static_cast<int>(FileStatus::passed)],
               failed = counts[static_cast<int>(FileStatus::failed)],
               skipped = counts[static_cast<int>(FileStatus::skipped)],
               bad = counts[static_cast<int>(FileStatus::error)],
               undecided = counts[static_cast<int>(FileStatus::undecided)];
  // Nothing ran (every file was bad input): the diagnostics on standard error are the whole answer.
  if (bad == runs.size()) return exit_bad_input;
  if (args.json) {
    nlohmann::json all = nlohmann::json::array();
    for (const FileRun& r : runs) all.push_back(to_json(r));
    out.print([&] { fmt::print("{}\n", all.dump(2)); });
  } else {
    out.print([&] {
      fmt::print("{} scenarios: {} passed, {} failed{}{}{}\n", runs.size(), passed, failed,
                 undecided ? fmt::format(", {} undecided", undecided) : "",
                 skipped ? fmt::format(", {} skipped", skipped) : "", bad ? fmt::format(", {} bad input", bad) : "");
    });
  }
  return bad ? exit_bad_input : failed ? exit_expectation_failed : undecided ? exit_undecided : exit_ok;
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
