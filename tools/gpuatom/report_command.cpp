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

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <map>
#include <memory>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "examples.hpp"
#include "gpuatom/report/html_report.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/support/files.hpp"
#include "gpuatom/support/line_input.hpp"
#include "gpuatom/support/output_target.hpp"
#include "gpuatom/support/text.hpp"
#include "run_output.hpp"
#include "scenario_files.hpp"

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

// A path as the user would type it from here: relative to the current directory when it is below it.
std::string shown_path(const std::string& file) {
  std::error_code ec;
  const fs::path relative = fs::proximate(file, ec);
  if (ec || relative.empty() || *relative.begin() == "..") return file;
  return relative.string();
}

// A number for a bar: the typed value, 0 for a NaN or an infinity.
double bar_value(uint64_t bits, scenario::ElementType type) {
  const double v = scenario::typed_number(bits, type);
  return std::isfinite(v) ? v : 0.0;
}

// "x=[3, 0] y=[1.5]": an outcome's regions, each element in its region's type.
std::string outcome_label(const scenario::RunReport::Outcome& o,
                          const std::map<std::string, scenario::ElementType>& types) {
  std::string out;
  for (const auto& [region, words] : o.regions) {
    const auto t = types.find(region);
    const scenario::ElementType type =
        t == types.end() || scenario::bytes(t->second) != 4 ? scenario::ElementType::u32 : t->second;
    out += (out.empty() ? "" : " ") + region + "=[";
    for (size_t i = 0; i < words.size(); ++i) out += (i ? ", " : "") + scenario::typed_value(words[i], type);
    out += "]";
  }
  if (!o.expectations_hold) out += " (FAILED)";
  return out.empty() ? o.text : out;
}

report::ExampleResult example_of(scenario::RunReport report,
                                 const std::map<std::string, scenario::ElementType>& types) {
  report::ExampleResult x;
  report.file = shown_path(report.file);
  x.report = std::move(report);
  const scenario::RunReport& r = x.report;
  if (!r.outcomes.empty()) {
    x.chart_title = "executions reaching each outcome";
    for (const auto& o : r.outcomes) x.bars.emplace_back(outcome_label(o, types), static_cast<double>(o.count));
  } else if (!r.dumps.empty()) {
    const scenario::RunReport::Dump& d = r.dumps.front();
    x.chart_title = fmt::format("first elements of region '{}' ({}) after the run", d.region, scenario::name(d.type));
    for (size_t i = 0; i < d.values.size(); ++i)
      x.bars.emplace_back(fmt::format("{}[{}] = {} ({})", d.region, i, scenario::typed_value(d.values[i], d.type),
                                      support::hex(d.values[i], 2 * scenario::bytes(d.type))),
                          bar_value(d.values[i], d.type));
  } else if (!r.regions.empty()) {
    const auto& [name, words] = r.regions.front();
    x.chart_title = fmt::format("first words of region '{}' after the run", name);
    for (size_t i = 0; i < words.size(); ++i)
      x.bars.emplace_back(fmt::format("{}[{}] = {} ({})", name, i, words[i], support::hex(words[i], 8)), words[i]);
  }
  return x;
}

report::ExampleResult run_example(const scenario::Scenario& s, const ReportArgs& args) {
  scenario::RunOptions options;
  if (args.mode.empty())
    options.mode = s.exhaustive_ok ? scenario::Mode::exhaustive : scenario::Mode::deterministic;
  else if (const auto mode = mode_named(args.mode))
    options.mode = *mode;
  else
    throw BadInput(fmt::format("--mode {}: expected parallel, deterministic or exhaustive", args.mode));
  options.seed = args.seed;
  options.quiet = true;
  std::map<std::string, scenario::ElementType> types;
  for (const scenario::RegionText& r : s.regions) {
    types[r.name] = r.fill ? r.fill->type : scenario::ElementType::u32;
    options.dump.push_back({r.name, std::nullopt});
  }
  options.dump_limit = 16;
  auto result = scenario::run_scenario(s, options);
  if (auto* d = std::get_if<support::Diagnostics>(&result)) throw BadInput(d->format_all());
  return example_of(std::get<scenario::RunReport>(std::move(result)), types);
}

// The largest `gpuatom run --json` result read: far above any real batch's.
constexpr uint64_t max_json_result_bytes = uint64_t{256} << 20;

// The reports a `gpuatom run --json` result holds (tools/gpuatom/run_output.cpp writes them).
std::vector<report::ExampleResult> read_json_result(const std::string& path) {
  // The shared input layer says why a path cannot be read (a directory, missing, unreadable, too
  // large) as bad input naming it; an ifstream opens a directory and fails later, unexplained.
  const support::WholeInput input = support::read_whole_input(path, max_json_result_bytes);
  if (input.problem != support::WholeInput::Problem::none)
    throw BadInput(support::describe(input, path, max_json_result_bytes));
  nlohmann::json all;
  try {
    all = nlohmann::json::parse(input.bytes);
  } catch (const nlohmann::json::exception& e) {
    throw BadInput(fmt::format("{}: not a `gpuatom run --json` result: {}", path, e.what()));
  }
  if (!all.is_array()) throw BadInput(fmt::format("{}: not a `gpuatom run --json` result (expected an array)", path));
  std::vector<report::ExampleResult> out;
  try {
    for (const nlohmann::json& j : all)
      if (auto r = report_from_json(j)) {
        std::map<std::string, scenario::ElementType> types;  // what the run's dumps were read as
        for (const scenario::RunReport::Dump& d : r->dumps) types[d.region] = d.type;
        out.push_back(example_of(std::move(*r), types));
      }
  } catch (const std::exception& e) {
    throw BadInput(fmt::format("{}: not a `gpuatom run --json` result: {}", path, e.what()));
  }
  if (out.empty()) throw BadInput(fmt::format("{}: the result holds no scenario that ran", path));
  return out;
}

int write_report(const ReportArgs& args) {
  std::vector<report::ExampleResult> results;
  const bool user_runs = !args.files.empty() || !args.json.empty();
  std::vector<std::string> files =
      args.files.empty() && args.json.empty() ? bundled_examples() : scenario_files(args.files);
  const fs::path target = fs::path(args.out) / "index.html";
  // Refused before anything runs: the page must not replace what it is made from (output_target.hpp).
  std::vector<std::string> inputs = files;
  if (!args.json.empty()) inputs.push_back(args.json);
  if (const auto conflict = support::output_target_conflict(target, inputs)) throw BadInput("--out " + *conflict);
  if (!args.json.empty()) results = read_json_result(args.json);
  for (const std::string& file : files) {
    auto loaded = scenario::load_scenario(file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) throw BadInput(d->format_all());
    results.push_back(run_example(std::get<scenario::Scenario>(loaded), args));
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
  const auto any = [&](auto&& predicate) {
    return std::any_of(results.begin(), results.end(),
                       [&](const report::ExampleResult& x) { return predicate(x.report); });
  };
  if (any([](const scenario::RunReport& r) { return !r.skipped && !r.passed() && !r.undecided(); }))
    return exit_expectation_failed;
  if (any([](const scenario::RunReport& r) { return r.undecided(); })) return exit_undecided;
  return exit_ok;
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
