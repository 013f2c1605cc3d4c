// `gpuatom report` of the bundled examples: every example run as the page runs it and the page
// made, in this process, timed on the wall clock and in CPU seconds of the process. Its target is
// 2 s: a run whose wall time and CPU time are both over it is flagged as an error in the output.
// CPU time too, because the development machine is shared: a wall time over 2 s with the CPU time
// under it is the machine's load, not the report's work (and the CPU time is what an idle 2-core
// machine's wall time would be, the report's runs being one thread each). Under --smoke, one small
// example only: the ctest proves the benchmark works without spending the whole report's time.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <chrono>
#include <ctime>
#include <string>
#include <variant>
#include <vector>

#include "bench.hpp"
#include "gpuatom/report/html_report.hpp"
#include "gpuatom/report/page_results.hpp"
#include "gpuatom/report/scenario_files.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::bench {

namespace {

constexpr double target_seconds = 2.0;

double cpu_seconds() {
  timespec t{};
  clock_gettime(CLOCK_PROCESS_CPUTIME_ID, &t);
  return static_cast<double>(t.tv_sec) + static_cast<double>(t.tv_nsec) * 1e-9;
}

// The page of `files`, as `gpuatom report` makes it; its size in bytes.
size_t report_page(const std::vector<std::string>& files) {
  std::vector<report::ExampleResult> results;
  for (const std::string& file : files) {
    auto loaded = scenario::load_scenario(file);
    if (auto* d = std::get_if<support::Diagnostics>(&loaded)) throw std::runtime_error(d->format_all());
    results.push_back(report::run_for_page(std::get<scenario::Scenario>(loaded), std::nullopt, 1));
  }
  return report::html_report(results, "bench", false).size();
}

void bundled_examples(benchmark::State& state) {
  const std::vector<std::string> files =
      smoke() ? std::vector<std::string>{std::string(GPUATOM_SOURCE_DIR) + "/examples/nvidia/inc-race-small.toml"}
              : report::bundled_examples();
  if (files.empty()) {
    state.SkipWithError("no bundled examples found");
    return;
  }
  double wall = 0, cpu = 0;
  size_t bytes = 0;
  for (auto _ : state) {
    const auto start = std::chrono::steady_clock::now();
    const double cpu_start = cpu_seconds();
    bytes = report_page(files);
    const std::chrono::duration<double> took = std::chrono::steady_clock::now() - start;
    wall = std::max(wall, took.count());
    cpu = std::max(cpu, cpu_seconds() - cpu_start);
    state.SetIterationTime(took.count());
  }
  state.counters["examples"] = static_cast<double>(files.size());
  state.counters["page_KiB"] = static_cast<double>(bytes) / 1024;
  state.counters["wall_s"] = wall;
  state.counters["cpu_s"] = cpu;
  if (!smoke() && wall > target_seconds && cpu > target_seconds)
    state.SkipWithError(
        fmt::format("the report took {:.2f} s ({:.2f} s of CPU), over its {} s target", wall, cpu, target_seconds)
            .c_str());
}

}  // namespace

void register_report() {
  benchmark::RegisterBenchmark("report/bundled_examples", bundled_examples)
      ->Iterations(1)
      ->UseManualTime()
      ->Unit(benchmark::kMillisecond);
}

}  // namespace gpuatom::bench
