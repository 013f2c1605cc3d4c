// What a run holds per lane (and per atomic, for `explainable`): the peak resident size of
// `gpuatom run` on the scenarios of tests/cli/data/memory/ at two launch sizes, the difference
// over the lanes between them. What does not grow with the lanes (the program, the deterministic
// mode's resident window, the parallel mode's groups in flight) cancels out.
#include <benchmark/benchmark.h>
#include <fcntl.h>
#include <fmt/format.h>
#include <spawn.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdio>
#include <cstdlib>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "workloads.hpp"

extern char** environ;

namespace gpuatom::bench {

namespace {

struct MemoryCase {
  const char* name;  // memory/<name>
  const char* file;  // in tests/cli/data/memory/, with `lanes = 1000000`
  const char* mode;
};
constexpr MemoryCase memory_cases[] = {
    {"sass_histogram_deterministic", "sass-histogram.toml", "deterministic"},
    {"sass_histogram_parallel", "sass-histogram.toml", "parallel"},
    {"visa_lsc_histogram_deterministic", "visa-lsc-histogram.toml", "deterministic"},
    {"visa_svm_lane_values_deterministic", "visa-svm-lane-values.toml", "deterministic"},
    {"amd_add_deterministic", "amd-add.toml", "deterministic"},
    {"sass_hot_explainable_parallel", "sass-hot-explainable.toml", "parallel"},
    {"sass_hot_explainable_deterministic", "sass-hot-explainable.toml", "deterministic"},
};

// A private directory for the scenarios the runs read, made once under $TMPDIR: the benchmark
// must not depend on a directory of the source tree existing (a clean clone has no build/bench/).
// Its name is kept in a plain array so that the exit handler removing it never reads a destroyed
// string.
const char* scenario_directory() {
  static char directory[4096] = {};
  if (directory[0] == '\0') {
    const char* tmp = std::getenv("TMPDIR");
    const std::string pattern = std::string(tmp != nullptr && *tmp != '\0' ? tmp : "/tmp") + "/gpuatom-bench-XXXXXX";
    if (pattern.size() >= sizeof directory) throw std::runtime_error("TMPDIR is too long: " + pattern);
    pattern.copy(directory, pattern.size());
    if (mkdtemp(directory) == nullptr) {
      directory[0] = '\0';
      throw std::runtime_error("cannot make a directory like " + pattern);
    }
    std::atexit([] { rmdir(directory); });  // each run removes its own files first
  }
  return directory;
}

// The scenario with `lanes` lanes, written to the private directory.
std::string scenario_with_lanes(const MemoryCase& c, uint64_t lanes) {
  std::string text = read_source_file(std::string("tests/cli/data/memory/") + c.file);
  const std::string key = "lanes = 1000000";
  const auto at = text.find(key);
  if (at == std::string::npos) throw std::runtime_error(fmt::format("{}: no `{}`", c.file, key));
  text.replace(at, key.size(), fmt::format("lanes = {}", lanes));
  const std::string path = fmt::format("{}/{}.{}.toml", scenario_directory(), c.name, lanes);
  std::ofstream out(path, std::ios::binary | std::ios::trunc);
  out << text;
  out.close();
  if (!out) throw std::runtime_error("cannot write " + path);
  return path;
}

// Peak resident bytes of `gpuatom run PATH --quiet --mode M --threads 2`, or nothing when it did
// not exit 0.
std::optional<double> peak_of_run(const std::string& path, const char* mode) {
  std::vector<std::string> args = {GPUATOM_CLI, "run", path, "--quiet", "--mode", mode, "--threads", "2"};
  std::vector<char*> argv;
  for (std::string& a : args) argv.push_back(a.data());
  argv.push_back(nullptr);
  posix_spawn_file_actions_t actions;
  posix_spawn_file_actions_init(&actions);
  posix_spawn_file_actions_addopen(&actions, STDOUT_FILENO, "/dev/null", O_WRONLY, 0);
  pid_t pid = 0;
  const int spawned = posix_spawn(&pid, argv[0], &actions, nullptr, argv.data(), environ);
  posix_spawn_file_actions_destroy(&actions);
  if (spawned != 0) return std::nullopt;
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  return static_cast<double>(usage.ru_maxrss) * 1024;  // KiB on Linux
}

void memory_per_lane(benchmark::State& state, const MemoryCase& c) {
  const uint64_t small = smoke() ? 20'000 : 1'000'000, large = smoke() ? 80'000 : 4'000'000;
  std::string small_file, large_file;
  try {
    small_file = scenario_with_lanes(c, small);
    large_file = scenario_with_lanes(c, large);
  } catch (const std::exception& e) {  // a benchmark that cannot start says why; it never aborts the run
    state.SkipWithError(e.what());
    for (auto _ : state) {
    }
    return;
  }
  std::optional<double> low, high;
  for (auto _ : state) {
    low = peak_of_run(small_file, c.mode);
    high = peak_of_run(large_file, c.mode);
  }
  std::remove(small_file.c_str());
  std::remove(large_file.c_str());
  if (!low || !high) {
    state.SkipWithError(fmt::format("gpuatom run {} --mode {} failed", c.file, c.mode).c_str());
    return;
  }
  state.counters["bytes_per_lane"] = (*high - *low) / static_cast<double>(large - small);
  state.counters["peak_MiB"] = *high / (1 << 20);
}

}  // namespace

void register_memory() {
  for (const MemoryCase& c : memory_cases)
    benchmark::RegisterBenchmark((std::string("memory/") + c.name).c_str(),
                                 [&c](benchmark::State& state) { memory_per_lane(state, c); })
        ->Iterations(1)
        ->Repetitions(1)
        ->Unit(benchmark::kMillisecond);
}

}  // namespace gpuatom::bench
