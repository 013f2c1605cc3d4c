// The pairs: the executor running a scenario in parallel mode, beside the host's own atomics on
// the same addresses, in the same process, with the same number of host threads.
//
//   executor      gpuatom's scenario runner, parallel mode, `threads` host threads: fresh device
//                 memory, per-warp lane setup from the [lanes] expressions, the atomics, counters
//   host_atomic   std::atomic_ref<uint32_t>::fetch_add on a warm host buffer (the limit)
//   global_mutex  one std::mutex around load-op-store (the naive emulator design)
//   host_cas      a compare-and-swap loop doing a float add with the host FPU
//
// Host workers split the lanes into contiguous halves; the executor's workers take warps from a
// shared counter. Items are lane atomics.
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

namespace gpuatom::bench {

namespace {

enum class Pattern { uncontended, histogram, hot };

// The word lane `tid` updates, as an index into the buffer.
inline uint64_t word_of(Pattern pattern, uint64_t tid) {
  switch (pattern) {
    case Pattern::uncontended: return tid;
    case Pattern::histogram: return tid % 256;
    case Pattern::hot: return 0;
  }
  return 0;
}

uint64_t words_of(Pattern pattern, uint64_t lanes) {
  return pattern == Pattern::uncontended ? lanes : pattern == Pattern::histogram ? 256 : 1;
}

const char* address_expression(Pattern pattern) {
  switch (pattern) {
    case Pattern::uncontended: return "addr(buf) + tid * 4";
    case Pattern::histogram: return "addr(buf) + (tid % 256) * 4";
    case Pattern::hot: return "addr(buf)";
  }
  return "";
}

// The bytes of the region a pair's lanes address: their words, at least a page.
uint64_t buffer_bytes(Pattern pattern, uint64_t lanes) {
  return std::max<uint64_t>(4096, words_of(pattern, lanes) * 4);
}

scenario::Scenario load(const std::string& text) {
  auto parsed = scenario::parse_scenario(text, "bench.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&parsed)) throw std::runtime_error(d->format_all());
  return std::get<scenario::Scenario>(std::move(parsed));
}

scenario::Scenario sass_scenario(Pattern pattern, uint64_t lanes, const char* instruction, const char* operand) {
  const std::string address = address_expression(pattern);
  return load(fmt::format(R"TOML(name = "bench"
isa = "sass"
program = "{} R0, [R2], R4 ;"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
[lanes]
R2 = "lo({})"
R3 = "hi({})"
R4 = "{}"
)TOML",
                          instruction, lanes, buffer_bytes(pattern, lanes), address, address, operand));
}

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

// Texels per row of the typed 2D pair's surface.
constexpr uint64_t typed_width = 1024;

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

void sass_pair(const char* name, Pattern pattern) {
  const uint64_t lanes = pair_lanes();
  const std::string prefix = fmt::format("pair/{}/", name);
  auto s = std::make_shared<scenario::Scenario>(sass_scenario(pattern, lanes, "ATOM.E.ADD", "1"));
  benchmark::RegisterBenchmark((prefix + "executor").c_str(), [s](benchmark::State& state) {
    run_executor(state, *s, scenario::run_sass);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark((prefix + "host_atomic").c_str(), [=](benchmark::State& state) {
    host_loop(state, pattern, lanes, false);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark((prefix + "global_mutex").c_str(), [=](benchmark::State& state) {
    host_loop(state, pattern, lanes, true);
  })->Apply(thread_counts);
}

}  // namespace

// An Intel pair: `program` (a vISA program whose ADDR and VAL are its addresses and values) run by
// the executor over `lanes` channels of one dword each, beside the host's atomics on the same words.
void intel_untyped_pair(const std::string& name, const std::string& program, const std::string& platform,
                        unsigned group, uint64_t lanes) {
  auto s = std::make_shared<scenario::Scenario>(load(fmt::format(R"TOML(name = "bench"
isa = "visa"
program = """
{}
"""
options = {{ platform = "{}" }}
[launch]
lanes = {}
group = {}
[[region]]
name = "buf"
size = {}
[lanes]
ADDR = "addr(buf) + tid * 4"
VAL = 1
)TOML",
                                                                 program, platform, lanes, group, lanes * 4)));
  benchmark::RegisterBenchmark(("pair/" + name + "/executor").c_str(), [s](benchmark::State& state) {
    run_executor(state, *s, scenario::run_visa);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark(("pair/" + name + "/host_atomic").c_str(), [=](benchmark::State& state) {
    host_loop(state, Pattern::uncontended, lanes, false);
  })->Apply(thread_counts);
}

// An AMD instruction pair: `global_atomic_add v[2:3], v1, off` (gfx90a, waves of 64, returning
// nothing) run by the executor with the address in a VGPR pair, beside the host's atomics on the
// same words.
void amd_isa_pair(const char* name, Pattern pattern) {
  const uint64_t lanes = pair_lanes();
  auto s = std::make_shared<scenario::Scenario>(
      load(fmt::format(R"TOML(name = "bench"
isa = "amd"
program = "global_atomic_add v[2:3], v1, off"
[options]
target = "gfx90a"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
[lanes]
"v[2:3]" = "{}"
v1 = 1
)TOML",
                       lanes, buffer_bytes(pattern, lanes), address_expression(pattern))));
  const std::string prefix = fmt::format("pair/{}/", name);
  benchmark::RegisterBenchmark((prefix + "executor").c_str(), [s](benchmark::State& state) {
    run_executor(state, *s, scenario::run_amd);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark((prefix + "host_atomic").c_str(), [=](benchmark::State& state) {
    host_loop(state, pattern, lanes, false);
  })->Apply(thread_counts);
}

void register_pairs() {
  const uint64_t lanes = pair_lanes();
  sass_pair("u32_add_uncontended", Pattern::uncontended);
  sass_pair("u32_add_histogram256", Pattern::histogram);
  sass_pair("u32_add_hot_address", Pattern::hot);
  amd_isa_pair("amd_isa_add_uncontended", Pattern::uncontended);
  amd_isa_pair("amd_isa_add_histogram256", Pattern::histogram);

  auto f32 = std::make_shared<scenario::Scenario>(
      sass_scenario(Pattern::uncontended, lanes, "ATOM.E.ADD.F32.FTZ.RN", "f32(1.0)"));
  benchmark::RegisterBenchmark("pair/f32_ftz_add_uncontended/executor", [f32](benchmark::State& state) {
    run_executor(state, *f32, scenario::run_sass);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark("pair/f32_ftz_add_uncontended/host_cas", [=](benchmark::State& state) {
    host_cas_loop(state, lanes);
  })->Apply(thread_counts);

  // Intel SIMD8 svm_atomic.add and SIMD16 lsc_atomic_iadd.ugm (DG2/PVC, returning nothing, as IGC
  // writes an atomic whose result is unused): one dword per channel, beside the host's atomics.
  intel_untyped_pair("intel_svm_add_simd8", R"(.decl ADDR v_type=G type=uq num_elts=8 align=GRF
.decl OLD  v_type=G type=ud num_elts=8 align=GRF
.decl VAL  v_type=G type=ud num_elts=8 align=GRF
svm_atomic.add (M1, 8) ADDR.0 OLD.0 VAL.0 %null.0)",
                     "gen12", 8, lanes);
  intel_untyped_pair("intel_lsc_add_simd16", R"(.decl ADDR v_type=G type=uq num_elts=16 align=GRF
.decl VAL  v_type=G type=ud num_elts=16 align=GRF
lsc_atomic_iadd.ugm (M1, 16)  %null:d32  flat[ADDR]:a64  VAL  %null)",
                     "dg2", 16, lanes);

  // Intel SIMD8 typed_atomic.add on a 2D surface of u32 texels, one texel per channel: 1024 texels
  // per row, channel tid at (U, V) = (tid % 1024, tid / 1024). The host side computes the same
  // texel address from the same coordinates.
  const uint64_t rows = (lanes + typed_width - 1) / typed_width;
  auto typed = std::make_shared<scenario::Scenario>(
      load(fmt::format(R"TOML(name = "bench"
isa = "visa"
program = """
.decl U    v_type=G type=ud num_elts=8 align=GRF
.decl V    v_type=G type=ud num_elts=8 align=GRF
.decl VAL  v_type=G type=ud num_elts=8 align=GRF
.decl OLD  v_type=G type=ud num_elts=8 align=GRF
.decl TEX  v_type=T num_elts=1
typed_atomic.add (M1, 8) TEX U.0 V.0 %null.0 %null.0 VAL.0 %null.0 OLD.0
"""
[launch]
lanes = {}
[[region]]
name = "tex"
size = {}
[[surface]]
header = 6
dim = "2d"
width = {}
height = {}
region = "tex"
[lanes]
U = "tid % {}"
V = "tid / {}"
VAL = 1
)TOML",
                       lanes, rows * typed_width * 4, typed_width, rows, typed_width, typed_width)));
  benchmark::RegisterBenchmark("pair/intel_typed2d_add_simd8/executor", [typed](benchmark::State& state) {
    run_executor(state, *typed, scenario::run_visa);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark("pair/intel_typed2d_add_simd8/host_atomic", [=](benchmark::State& state) {
    host_texel_loop(state, lanes);
  })->Apply(thread_counts);

  // AMD FP32 atomicAdd with the CAS-emulation strategy, one float per lane.
  auto amd = std::make_shared<scenario::Scenario>(load(fmt::format(R"TOML(name = "bench"
isa = "amd"
program = """
"32 bit float atomicAdd" address="addr(buf) + tid * 4" operand="f32(1.0)" scope="device"
"""
[options]
device = "MI200 PCIe"
strategy = "cas"
[launch]
lanes = {}
[[region]]
name = "buf"
size = {}
)TOML",
                                                                   lanes, lanes * 4)));
  benchmark::RegisterBenchmark("pair/amd_cas_fp32_add/executor", [amd](benchmark::State& state) {
    run_executor(state, *amd, scenario::run_amd);
  })->Apply(thread_counts);
  benchmark::RegisterBenchmark("pair/amd_cas_fp32_add/host_cas", [=](benchmark::State& state) {
    host_cas_loop(state, lanes);
  })->Apply(thread_counts);
}

}  // namespace gpuatom::bench
