// `gpuatom merge RESULT… [--json] [--quiet] [--junit FILE] [--report DIR]`: the shards' results
// of one run (`gpuatom run --shard K/N --json`) combined into the unsharded run's (report/merge.hpp),
// printed as `gpuatom run` prints it, with its exit status; --junit and --report write the JUnit
// report and the HTML page the unsharded run would have. Times are the shards' own, summed.
#include "merge_command.hpp"

#include <fmt/format.h>

#include <filesystem>
#include <memory>

#include "gpuatom/report/html_report.hpp"
#include "gpuatom/report/merge.hpp"
#include "gpuatom/report/page_results.hpp"
#include "gpuatom/report/run_batch.hpp"
#include "gpuatom/report/run_json.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/output_target.hpp"
#include "gpuatom/support/standard_output.hpp"

namespace gpuatom::cli {

namespace {

namespace fs = std::filesystem;

struct MergeArgs {
  std::vector<std::string> results;
  bool json = false;
  bool quiet = false;
  std::string junit;
  std::string report;
};

// The page `gpuatom report --json` draws from the unsharded run's result.
std::string html_page(const std::vector<report::FileRun>& runs) {
  std::vector<report::ExampleResult> results;
  for (const report::FileRun& run : runs) {
    if (!run.report) continue;
    std::map<std::string, scenario::ElementType> types;  // what the run's dumps were read as
    for (const scenario::RunReport::Dump& d : run.report->dumps) types[d.region] = d.type;
    results.push_back(report::page_result(*run.report, types));
  }
  return report::html_report(results, GPUATOM_VERSION, true);
}

int merge(const MergeArgs& args) {
  const fs::path page = fs::path(args.report) / "index.html";
  // Refused before anything is read: a report written over a shard's result loses it.
  if (!args.junit.empty())
    if (const auto conflict = support::output_target_conflict(args.junit, args.results))
      throw BadInput("--junit " + *conflict);
  if (!args.report.empty())
    if (const auto conflict = support::output_target_conflict(page, args.results))
      throw BadInput("--report " + *conflict);
  const report::MergedRun merged = report::merge_shards(args.results);
  support::StandardOutput out;
  for (const report::FileRun& run : merged.runs) {
    if (!run.report) {
      support::write_stderr(run.error);
      continue;
    }
    const report::FileStatus s = report::status(run);
    const bool worth_showing =
        s == report::FileStatus::failed || s == report::FileStatus::undecided || !run.report->dumps.empty();
    if (!args.json && (!args.quiet || worth_showing)) out.print(report::report_text(*run.report));
  }
  if (!args.junit.empty())
    if (const auto why = support::write_file_atomically(args.junit, report::junit_xml(merged.runs, merged.seconds)))
      throw BadInput("--junit: " + *why);
  if (!args.report.empty()) {
    std::error_code ec;
    fs::create_directories(args.report, ec);
    if (ec) throw BadInput(fmt::format("--report: cannot create {}: {}", args.report, ec.message()));
    if (const auto why = support::write_file_atomically(page, html_page(merged.runs))) throw BadInput(*why);
  }
  const report::BatchCounts c = report::count(merged.runs);
  if (c.files > 0 && c.bad == c.files) return exit_bad_input;  // as `run`: the diagnostics are the answer
  out.print(args.json ? report::run_json(merged.runs) : report::summary_line(c));
  return report::exit_code(c);
}

}  // namespace

void add_merge_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<MergeArgs>();
  CLI::App* cmd = app.add_subcommand(
      "merge",
      "Combine the shards' results of one run (`run --shard K/N --json`) into the unsharded run's (docs/scaling.md)");
  cmd->add_option("results", args->results, "every shard's JSON result, one file per shard, in any order")->required();
  cmd->add_flag("--json", args->json, "print the merged result as `gpuatom run --json` prints it");
  cmd->add_flag("--quiet", args->quiet, "print only the scenarios that did not pass, then the summary");
  cmd->add_option("--junit", args->junit, "also write the merged JUnit XML report to this file");
  cmd->add_option("--report", args->report, "also write the merged HTML report, DIR/index.html");
  cmd->callback([&action, args] { action = [args] { return merge(*args); }; });
}

}  // namespace gpuatom::cli
