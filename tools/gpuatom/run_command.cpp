// `gpuatom run [FILE…] [--mode parallel|deterministic|exhaustive] [--seed N] [--threads N] [--json]`
// Loads every scenario first (bad input: diagnostics on stderr, exit 2, nothing else written),
// then runs each and prints a table per scenario. Exit 0 when every expectation holds, 1 if one
// failed. With no FILE it runs the bundled examples/.
//
// Ctrl-C (SIGINT) stops the run cleanly: workers take no new group, the scenario running stops,
// and the command says how far it got ("interrupted after 2 of 5 scenarios; …") on standard error
// and exits 130. With --json nothing is printed on standard output then (no partial document). A
// second Ctrl-C ends the process at once.
#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <memory>

#include <fmt/format.h>
#include <nlohmann/json.hpp>

#include "command.hpp"
#include "examples.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/run.hpp"
#include "gpuatom/support/files.hpp"

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
};

std::string format_rate(double lanes, double seconds) {
  if (seconds <= 0) return "-";
  const double rate = lanes / seconds;
  if (rate >= 1e6) return fmt::format("{:.1f} M lanes/s", rate / 1e6);
  if (rate >= 1e3) return fmt::format("{:.1f} k lanes/s", rate / 1e3);
  return fmt::format("{:.0f} lanes/s", rate);
}

void print_report(const RunReport& r) {
  fmt::print("== {}: {}  [{}, {}{}]\n", r.file, r.name, r.isa == scenario::Isa::sass ? "sass" : r.isa == scenario::Isa::visa ? "visa" : "amd",
             scenario::name(r.mode),
             r.mode == Mode::parallel ? fmt::format(", {} threads", r.threads)
             : r.mode == Mode::deterministic ? fmt::format(", seed {}", r.seed) : std::string());
  fmt::print("   lanes {}   time {:.3f} s   {}   operations {}   CAS retries {}   faults {}\n", r.lanes, r.seconds,
             format_rate(static_cast<double>(r.lanes) * std::max<uint64_t>(1, r.executions), r.seconds),
             r.counters.operations, r.counters.cas_retries, r.counters.faults);
  for (const std::string& note : r.notes) fmt::print("   note: {}\n", note);
  for (const auto& e : r.expectations)
    fmt::print("   {}  {}{}\n", e.passed ? "PASS" : "FAIL", e.what, e.detail.empty() ? "" : "    " + e.detail);
  for (const std::string& f : r.fault_text) fmt::print("   fault: {}\n", f);
  if (!r.outcomes.empty()) {
    fmt::print("   {} distinct outcomes over {} executions:\n", r.outcomes.size(), r.executions);
    for (const auto& o : r.outcomes)
      fmt::print("   {:>8}  {}  {}\n", o.count, o.expectations_hold ? "hold" : "FAIL", o.text);
  }
  fmt::print("   {}\n\n", r.passed() ? "ok" : "FAILED");
}

nlohmann::json to_json(const RunReport& r) {
  nlohmann::json j;
  j["file"] = r.file;
  j["name"] = r.name;
  j["mode"] = scenario::name(r.mode);
  j["seed"] = r.seed;
  j["threads"] = r.threads;
  j["lanes"] = r.lanes;
  j["seconds"] = r.seconds;
  j["passed"] = r.passed();
  j["counters"] = {{"operations", r.counters.operations}, {"cas_retries", r.counters.cas_retries},
                   {"faults", r.counters.faults}};
  j["expectations"] = nlohmann::json::array();
  for (const auto& e : r.expectations)
    j["expectations"].push_back({{"what", e.what}, {"passed", e.passed}, {"detail", e.detail},
                                 {"line", e.where.line}});
  j["faults"] = r.fault_text;
  if (!r.outcomes.empty()) {
    j["executions"] = r.executions;
    j["outcomes"] = nlohmann::json::array();
    for (const auto& o : r.outcomes)
      j["outcomes"].push_back({{"outcome", o.text}, {"count", o.count}, {"expectations_hold", o.expectations_hold}});
  }
  j["notes"] = r.notes;
  return j;
}

int run(const RunArgs& args) {
  scenario::RunOptions options;
  if (args.mode == "parallel") options.mode = Mode::parallel;
  else if (args.mode == "deterministic") options.mode = Mode::deterministic;
  else if (args.mode == "exhaustive") options.mode = Mode::exhaustive;
  else throw BadInput(fmt::format("--mode {}: expected parallel, deterministic or exhaustive", args.mode));
  options.seed = args.seed;
  options.threads = args.threads;
  options.exhaustive_cap = args.cap;
  options.quiet = args.quiet || args.json;
  support::install_interrupt_handler();
  options.stop = &support::interrupt_flag();

  std::vector<std::string> files = args.files;
  if (files.empty()) {
    files = bundled_examples();
    if (files.empty()) throw BadInput("no FILE given and no bundled examples/ found (set GPUATOM_EXAMPLES)");
  }

  // Read and check everything before running anything.
  std::vector<scenario::Scenario> scenarios;
  std::string diagnostics;
  for (const std::string& file : files) {
    auto loaded = scenario::load_scenario(file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) {
      diagnostics += d->format_all();
      continue;
    }
    scenario::Scenario& s = std::get<scenario::Scenario>(loaded);
    scenarios.push_back(std::move(s));
  }
  if (!diagnostics.empty()) {
    fmt::print(stderr, "{}", diagnostics);
    return exit_bad_input;
  }

  std::vector<RunReport> reports;
  // What ran before an interrupt, on standard error; exit 130.
  const auto interrupted = [&](const RunReport* stopped) {
    std::fflush(stdout);
    std::string where;
    if (stopped) where = fmt::format("; {} stopped after {}", stopped->file, stopped->progress);
    fmt::print(stderr, "gpuatom: interrupted after {} of {} scenarios{}\n", reports.size(), scenarios.size(), where);
    return support::exit_interrupted;
  };
  for (const scenario::Scenario& s : scenarios) {
    if (support::interrupted()) return interrupted(nullptr);
    auto result = scenario::run_scenario(s, options);
    if (auto* d = std::get_if<support::Diagnostics>(&result)) {
      fmt::print(stderr, "{}", d->format_all());
      return exit_bad_input;
    }
    RunReport& report = std::get<RunReport>(result);
    if (report.interrupted) return interrupted(&report);
    reports.push_back(std::move(report));
    if (!args.json) print_report(reports.back());
  }
  const auto failed = std::count_if(reports.begin(), reports.end(), [](const RunReport& r) { return !r.passed(); });
  if (args.json) {
    nlohmann::json out = nlohmann::json::array();
    for (const RunReport& r : reports) out.push_back(to_json(r));
    fmt::print("{}\n", out.dump(2));
  } else {
    fmt::print("{} scenarios: {} passed, {} failed\n", reports.size(), reports.size() - static_cast<size_t>(failed),
               failed);
  }
  return failed ? exit_expectation_failed : exit_ok;
}

}  // namespace

void add_run_command(CLI::App& app, Action& action) {
  auto args = std::make_shared<RunArgs>();
  CLI::App* cmd = app.add_subcommand("run", "Run scenario files (default: the bundled examples) and check their expectations");
  cmd->add_option("files", args->files, "scenario TOML files");
  cmd->add_option("--mode", args->mode, "parallel (default: host threads race), deterministic (one seeded interleaving) "
                                        "or exhaustive (every interleaving of a small scenario)");
  cmd->add_option("--seed", args->seed, "seed of the deterministic interleaving (default 1)");
  cmd->add_option("--threads", args->threads, "host threads in parallel mode (default: all cores)");
  cmd->add_option("--max-executions", args->cap, "exhaustive mode: give up past this many executions (default 100000)");
  cmd->add_flag("--json", args->json, "print the reports as JSON");
  cmd->add_flag("--quiet", args->quiet, "no progress output");
  cmd->callback([&action, args] { action = [args] { return run(*args); }; });
}

}  // namespace gpuatom::cli
