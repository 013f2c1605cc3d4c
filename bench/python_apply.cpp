// The Python module's `apply` beside the C++ ALU on the same op (docs/python.md, "Speed"):
//
//   alu_array/cxx     alu::apply over an array of f32 elements: ATOM.E.ADD.F32.FTZ.RN's operation
//   alu_array/python  gpuatom.nvidia.apply("ATOM.E.ADD.F32.FTZ.RN", old, src) on the same count, timed
//                     inside /usr/bin/python3 (best of 3, so that NumPy's first touch of the pages
//                     does not count); its `ratio` counter is its rate over the C++ loop's
//
// 10^7 elements (2^12 under --smoke). The Python one is skipped when the module was not built.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <array>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <random>
#include <string>
#include <variant>
#include <vector>

#include "bench.hpp"
#include "gpuatom/alu/apply.hpp"
#include "gpuatom/nvidia/semantics.hpp"

namespace gpuatom::bench {

namespace {

uint64_t elements() { return smoke() ? uint64_t{1} << 12 : 10'000'000; }

// Seconds for one pass of the C++ ALU over `n` elements: the best of 3.
double cxx_seconds(uint64_t n) {
  const alu::Operation add = std::get<alu::Operation>(nvidia::to_alu(nvidia::AtomOp::ADD, nvidia::Size::F32_FTZ_RN));
  std::vector<uint32_t> old(n), src(n), memory(n), returned(n);
  std::mt19937 random(43);
  for (uint64_t i = 0; i < n; ++i) old[i] = random(), src[i] = random();
  double best = 1e30;
  for (int pass = 0; pass < 3; ++pass) {
    const auto start = std::chrono::steady_clock::now();
    for (uint64_t i = 0; i < n; ++i) {
      const alu::Result r = alu::apply(add, old[i], {src[i], 0});
      memory[i] = static_cast<uint32_t>(r.memory);
      returned[i] = static_cast<uint32_t>(r.returned);
    }
    benchmark::DoNotOptimize(memory.data());
    benchmark::DoNotOptimize(returned.data());
    best = std::min(best, std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count());
  }
  return best;
}

// The build's package: bin/gpuatom-bench's sibling python/ (empty when the module was not built).
std::string package_dir() {
  const auto dir = std::filesystem::read_symlink("/proc/self/exe").parent_path().parent_path() / "python";
  return std::filesystem::exists(dir / "gpuatom") ? dir.string() : std::string();
}

// Seconds for gpuatom.nvidia.apply over `n` elements in Python (best of 3), or a negative number.
double python_seconds(const std::string& package, uint64_t n) {
  const std::string script = fmt::format(
      "import time, numpy as np, gpuatom\n"
      "rng = np.random.default_rng(43)\n"
      "old = rng.integers(0, 1 << 32, {0}, dtype=np.uint64).astype(np.uint32).view(np.float32)\n"
      "src = rng.integers(0, 1 << 32, {0}, dtype=np.uint64).astype(np.uint32).view(np.float32)\n"
      "best = 1e30\n"
      "for _ in range(3):\n"
      "    t = time.perf_counter(); gpuatom.nvidia.apply('ATOM.E.ADD.F32.FTZ.RN', old, src)\n"
      "    best = min(best, time.perf_counter() - t)\n"
      "print(best)\n",
      n);
  const std::string command = fmt::format("PYTHONPATH='{}' /usr/bin/python3 -c \"{}\"", package, script);
  FILE* pipe = popen(command.c_str(), "r");
  if (pipe == nullptr) return -1;
  std::array<char, 64> line{};
  const bool read = std::fgets(line.data(), line.size(), pipe) != nullptr;
  char* end = nullptr;
  const double seconds = read ? std::strtod(line.data(), &end) : -1;
  return pclose(pipe) == 0 && read && end != line.data() ? seconds : -1;
}

void alu_array_cxx(benchmark::State& state) {
  const uint64_t n = elements();
  for (auto _ : state) state.SetIterationTime(cxx_seconds(n));
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
}

void alu_array_python(benchmark::State& state) {
  const std::string package = package_dir();
  if (package.empty()) return state.SkipWithError("the Python module was not built (GPUATOM_PYTHON)");
  const uint64_t n = elements();
  double cxx = 0, python = 0;
  for (auto _ : state) {
    python = python_seconds(package, n);
    if (python < 0) return state.SkipWithError("python3 -c … gpuatom.nvidia.apply failed");
    cxx = cxx_seconds(n);
    state.SetIterationTime(python);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * n));
  state.counters["ratio"] = cxx / python;  // the Python rate over the C++ rate
}

BENCHMARK(alu_array_cxx)->Name("alu_array/cxx")->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);
BENCHMARK(alu_array_python)->Name("alu_array/python")->UseManualTime()->Iterations(1)->Unit(benchmark::kMillisecond);

}  // namespace

}  // namespace gpuatom::bench
