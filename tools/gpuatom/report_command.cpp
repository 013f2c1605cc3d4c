// `gpuatom report [FILE|DIR…] [--json RESULT] [--mode M] [--seed N] [--out DIR]`: one self-contained
// page, DIR/index.html. With no input it runs the bundled examples; with scenario files (a
// directory: every *.toml under it) it runs those, and with --json it reads what `gpuatom run
// --json` wrote; the user's runs then come first, with paths relative to the current directory,
// every expectation, typed values beside the hex and a chart (the outcome histogram of an
// exhaustive run, else the regions' first elements). The page is written to a temporary file and
// renamed into place (support/files.hpp), so a failed run never leaves a half-written report or a
// temporary file. The exit status is the worst verdict shown, as `run` gives it (1 a scenario
// failed, 5 undecided), the page written all the same.
#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "command.hpp"
#include "gpuatom/report/page_results.hpp"
#include "gpuatom/report/run_options.hpp"
#include "gpuatom/report/scenario_files.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/output_target.hpp"

namespace gpuatom::cli {

namespace {

namespace fs = std::filesystem;

struct ReportArgs {
  std::string out = "report";
  std::vector<std::string> files;
  std::string json;
  std::string mode;
  uint64_t seed = 1;
};

int write_report(const ReportArgs& args) {
  std::vector<report::ExampleResult> results;
  const bool user_runs = !args.files.empty() || !args.json.empty();
  std::vector<std::string> files =
      args.files.empty() && args.json.empty() ? report::bundled_examples() : report::scenario_files(args.files);
  const fs::path target = fs::path(args.out) / "index.html";
  // Refused before anything runs: the page must not replace what it is made from (output_target.hpp).
  std::vector<std::string> inputs = files;
  if (!args.json.empty()) inputs.push_back(args.json);
  if (const auto conflict = support::output_target_conflict(target, inputs)) throw BadInput("--out " + *conflict);
  if (!args.json.empty()) results = report::page_results_of_json(args.json);
  for (const std::string& file : files) {
    auto loaded = scenario::load_scenario(file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) throw BadInput(d->format_all());
    const auto mode = args.mode.empty() ? std::nullopt : std::optional(report::mode_option(args.mode));
    results.push_back(report::run_for_page(std::get<scenario::Scenario>(loaded), mode, args.seed));
  }
  const std::string page = report::html_report(results, GPUATOM_VERSION, user_runs);
  std::error_code ec;
  fs::create_directories(args.out, ec);
  if (ec) throw BadInput(fmt::format("cannot create {}: {}", args.out, ec.message()));
  if (auto error = support::write_file_atomically(target, page)) throw BadInput(*error);
  fmt::print("wrote {} ({} {}, {} KiB)\n", target.string(), results.size(), user_runs ? "scenarios" : "examples",
             page.size() / 1024);
  // The page shows every verdict; the exit status says the worst, as `run` does, so that a CI job
  // making the report still fails on a failed scenario.
  return report::any_failed(results)      ? exit_expectation_failed
         : report::any_undecided(results) ? exit_undecided
                                          : exit_ok;
}

}  // namespace

void add_report_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd =
      app.add_subcommand("report", "Write a self-contained HTML report: tables, AMD matrices, examples, assumptions");
  cmd->add_option("files", args->files,
                  "scenario files or directories to run into the report (default: the bundled examples)");
  cmd->add_option("--json", args->json, "a `gpuatom run --json` result to show instead of (or beside) running files");
  cmd->add_option("--mode", args->mode,
                  "parallel, deterministic or exhaustive (default: exhaustive where a scenario "
                  "is marked for it, else deterministic)");
  cmd->add_option("--seed", args->seed, "seed of the deterministic mode (default 1)")
      ->check(unsigned_in(0, UINT64_MAX));
  cmd->add_option("--out", args->out, "directory for index.html (default: report)");
  cmd->callback([&run, args] { run = [args] { return write_report(*args); }; });
}

}  // namespace gpuatom::cli
