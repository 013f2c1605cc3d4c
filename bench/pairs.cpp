// The pairs: the executor running a scenario in parallel mode, beside the host's own atomics on
// the same addresses, in the same process, with the same number of host threads.
//
//   executor      gpuatom's scenario runner, parallel mode, `threads` host threads: fresh device
//                 memory, per-warp lane setup from the [lanes] expressions, the atomics, counters
//   host_atomic   std::atomic_ref<uint32_t>::fetch_add on a warm host buffer (the limit)
//   global_mutex  one std::mutex around load-op-store (the naive emulator design)
//   host_cas      a compare-and-swap loop doing a float add with the host FPU
//
// Host workers split the lanes into contiguous halves; the executor's workers each run a
// contiguous share of the warps, then help the others with theirs. Items are lane atomics.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <atomic>
#include <bit>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

#include "bench.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "workloads.hpp"

namespace gpuatom::bench {

namespace {

// Runs a scenario per iteration and checks it did every lane's atomic.
template <class Runner>
void run_executor(benchmark::State& state, const scenario::Scenario& s, Runner runner) {
  scenario::RunOptions options;
  options.mode = scenario::Mode::parallel;
  options.threads = static_cast<unsigned>(state.range(0));
  options.quiet = true;
  for (auto _ : state) {
    const scenario::RunResult result = runner(s, options);
    const auto* report = std::get_if<scenario::RunReport>(&result);
    if (!report) {
      state.SkipWithError(std::get<support::Diagnostics>(result).format_all().c_str());
      return;
    }
    if (report->counters.operations != s.launch.lanes || report->counters.faults != 0) {
      state.SkipWithError(
          fmt::format("{} of {} lanes did their atomic", report->counters.operations, s.launch.lanes).c_str());
      return;
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * s.launch.lanes));
}

// Runs `body(first, last)` on `threads` host threads over contiguous shares of [0, lanes).
template <class Body>
void on_threads(unsigned threads, uint64_t lanes, Body body) {
  std::vector<std::jthread> pool;
  for (unsigned t = 1; t < threads; ++t)
    pool.emplace_back([&, t] { body(lanes * t / threads, lanes * (t + 1) / threads); });
  body(0, lanes / threads);
}

void host_loop(benchmark::State& state, Pattern pattern, uint64_t lanes, bool mutex) {
  const auto threads = static_cast<unsigned>(state.range(0));
  std::vector<uint32_t> buffer(words_of(pattern, lanes) + 1024, 0);
  std::mutex lock;
  std::atomic<uint64_t> sink{0};
  for (auto _ : state) {
    on_threads(threads, lanes, [&](uint64_t first, uint64_t last) {
      uint64_t returned = 0;
      for (uint64_t tid = first; tid < last; ++tid) {
        uint32_t& word = buffer[word_of(pattern, tid)];
        if (mutex) {
          const std::lock_guard guard(lock);
          returned += word;
          word = word + 1;
        } else {
          returned += std::atomic_ref<uint32_t>(word).fetch_add(1, std::memory_order_seq_cst);
        }
      }
      sink.fetch_add(returned, std::memory_order_relaxed);
    });
  }
  benchmark::DoNotOptimize(sink.load());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lanes));
}

// The host's float add by compare-and-swap (what a compiler emits without a float atomic).
inline uint32_t host_cas_float_add(uint32_t& word, float value) {
  std::atomic_ref<uint32_t> ref(word);
  uint32_t observed = ref.load(std::memory_order_relaxed);
  while (!ref.compare_exchange_weak(observed, std::bit_cast<uint32_t>(std::bit_cast<float>(observed) + value),
                                    std::memory_order_seq_cst, std::memory_order_relaxed)) {
  }
  return observed;
}

void host_cas_loop(benchmark::State& state, uint64_t lanes) {
  const auto threads = static_cast<unsigned>(state.range(0));
  std::vector<uint32_t> buffer(lanes, 0);
  std::atomic<uint64_t> sink{0};
  for (auto _ : state) {
    on_threads(threads, lanes, [&](uint64_t first, uint64_t last) {
      uint64_t returned = 0;
      for (uint64_t tid = first; tid < last; ++tid) returned += host_cas_float_add(buffer[tid], 1.0f);
      sink.fetch_add(returned, std::memory_order_relaxed);
    });
  }
  benchmark::DoNotOptimize(sink.load());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lanes));
}

// Host atomics at the texel each lane's (U, V) names: base + (V * width + U) * 4, pitch-linear.
void host_texel_loop(benchmark::State& state, uint64_t lanes) {
  const auto threads = static_cast<unsigned>(state.range(0));
  const uint64_t rows = (lanes + typed_width - 1) / typed_width;
  std::vector<uint32_t> texels(rows * typed_width, 0);
  std::atomic<uint64_t> sink{0};
  for (auto _ : state) {
    on_threads(threads, lanes, [&](uint64_t first, uint64_t last) {
      uint64_t returned = 0;
      for (uint64_t tid = first; tid < last; ++tid) {
        const uint64_t u = tid % typed_width;
        const uint64_t v = tid / typed_width;
        returned += std::atomic_ref<uint32_t>(texels[v * typed_width + u]).fetch_add(1, std::memory_order_seq_cst);
      }
      sink.fetch_add(returned, std::memory_order_relaxed);
    });
  }
  benchmark::DoNotOptimize(sink.load());
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * lanes));
}

// The executor side of pair `name`: its scenario over `lanes` lanes, run per iteration. Its CPU
// column is the process's (every host thread's): CPU(2 threads) ÷ CPU(1 thread) is what a second
// core adds to the same work, which other processes on the machine move far less than wall time.
void executor(const char* name, uint64_t lanes) {
  auto s = std::make_shared<scenario::Scenario>(pair_workload(name).scenario(lanes));
  benchmark::RegisterBenchmark(fmt::format("pair/{}/executor", name).c_str(),
                               [s](benchmark::State& state) { run_executor(state, *s, scenario::run_scenario); })
      ->Apply(thread_counts)
      ->MeasureProcessCPUTime();
}

// A pair whose host side is `fetch_add` (and, for the SASS integer pairs, the global mutex) on
// the words of `pattern`.
void host_atomic_pair(const char* name, Pattern pattern, bool with_mutex) {
  const uint64_t lanes = pair_lanes();
  executor(name, lanes);
  benchmark::RegisterBenchmark(fmt::format("pair/{}/host_atomic", name).c_str(), [=](benchmark::State& state) {
    host_loop(state, pattern, lanes, false);
  })->Apply(thread_counts);
  if (!with_mutex) return;
  benchmark::RegisterBenchmark(fmt::format("pair/{}/global_mutex", name).c_str(), [=](benchmark::State& state) {
    host_loop(state, pattern, lanes, true);
  })->Apply(thread_counts);
}

// A float add pair: the host side is a compare-and-swap loop with the host FPU.
void host_cas_pair(const char* name) {
  const uint64_t lanes = pair_lanes();
  executor(name, lanes);
  benchmark::RegisterBenchmark(fmt::format("pair/{}/host_cas", name).c_str(), [=](benchmark::State& state) {
    host_cas_loop(state, lanes);
  })->Apply(thread_counts);
}

}  // namespace

void register_pairs() {
  host_atomic_pair("u32_add_uncontended", Pattern::uncontended, true);
  host_atomic_pair("u32_add_histogram256", Pattern::histogram, true);
  host_atomic_pair("u32_add_hot_address", Pattern::hot, true);
  host_atomic_pair("amd_isa_add_uncontended", Pattern::uncontended, false);
  host_atomic_pair("amd_isa_add_histogram256", Pattern::histogram, false);
  host_cas_pair("f32_ftz_add_uncontended");
  host_atomic_pair("intel_svm_add_simd8", Pattern::uncontended, false);
  host_atomic_pair("intel_lsc_add_simd16", Pattern::uncontended, false);

  // The typed 2D pair's host side computes each channel's texel address from the same (U, V).
  const uint64_t lanes = pair_lanes();
  executor("intel_typed2d_add_simd8", lanes);
  benchmark::RegisterBenchmark("pair/intel_typed2d_add_simd8/host_atomic", [=](benchmark::State& state) {
    host_texel_loop(state, lanes);
  })->Apply(thread_counts);

  host_cas_pair("amd_cas_fp32_add");
}

}  // namespace gpuatom::bench
