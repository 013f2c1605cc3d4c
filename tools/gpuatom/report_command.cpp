// `gpuatom report [--out DIR]`: runs the bundled examples and writes DIR/index.html, one
// self-contained page. The page is written to a temporary file and renamed into place
// (support/files.hpp), so a failed run never leaves a half-written report or a temporary file.
#include <filesystem>
#include <memory>

#include <fmt/format.h>

#include "command.hpp"
#include "examples.hpp"
#include "gpuatom/report/html_report.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/support/files.hpp"

namespace gpuatom::cli {

namespace {

namespace fs = std::filesystem;

struct ReportArgs {
  std::string out = "report";
};

report::ExampleResult run_example(const scenario::Scenario& s) {
  scenario::RunOptions options;
  options.mode = s.exhaustive_ok ? scenario::Mode::exhaustive : scenario::Mode::deterministic;
  options.quiet = true;
  report::ExampleResult x;
  auto result = scenario::run_scenario(s, options);
  if (auto* d = std::get_if<support::Diagnostics>(&result)) throw BadInput(d->format_all());
  x.report = std::get<scenario::RunReport>(std::move(result));
  if (!x.report.outcomes.empty()) {
    x.chart_title = "executions reaching each outcome";
    for (const auto& o : x.report.outcomes) x.bars.emplace_back(o.text, static_cast<double>(o.count));
  } else if (!x.report.regions.empty()) {
    const auto& [name, words] = x.report.regions.front();
    x.chart_title = fmt::format("first words of region '{}' after the run", name);
    for (size_t i = 0; i < words.size(); ++i) x.bars.emplace_back(fmt::format("{}[{}]", name, i), words[i]);
  }
  return x;
}

int write_report(const ReportArgs& args) {
  std::vector<report::ExampleResult> results;
  for (const std::string& file : bundled_examples()) {
    auto loaded = scenario::load_scenario(file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) throw BadInput(d->format_all());
    const auto& s = std::get<scenario::Scenario>(loaded);
    results.push_back(run_example(s));
  }
  const std::string page = report::html_report(results, GPUATOM_VERSION);
  std::error_code ec;
  fs::create_directories(args.out, ec);
  if (ec) throw BadInput(fmt::format("cannot create {}: {}", args.out, ec.message()));
  const fs::path target = fs::path(args.out) / "index.html";
  if (auto error = support::write_file_atomically(target, page)) throw BadInput(*error);
  fmt::print("wrote {} ({} examples, {} KiB)\n", target.string(), results.size(), page.size() / 1024);
  return exit_ok;
}

}  // namespace

void add_report_command(CLI::App& app, Action& run) {
  auto args = std::make_shared<ReportArgs>();
  CLI::App* cmd = app.add_subcommand("report", "Write a self-contained HTML report: tables, AMD matrices, examples, assumptions");
  cmd->add_option("--out", args->out, "directory for index.html (default: report)");
  cmd->callback([&run, args] { run = [args] { return write_report(*args); }; });
}

}  // namespace gpuatom::cli
