// gpuatom-bench: Google Benchmark's runner, JSON to build/bench/results.json (unless
// --benchmark_out says otherwise), then a summary table of the pairs and their ratios.
//
//   gpuatom-bench [--smoke] [Google Benchmark flags]
//
// --smoke runs the pairs on 2^12 lanes instead of 2^20: the ctest that proves every benchmark
// works. Ratios are taken from the median of repetitions when --benchmark_repetitions is given,
// else from the mean of the runs.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <optional>
#include <sstream>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"

namespace gpuatom::bench {

namespace {
bool smoke_mode = false;
}

bool smoke() { return smoke_mode; }
uint64_t pair_lanes() { return smoke_mode ? uint64_t{1} << 12 : uint64_t{1} << 20; }

namespace {

// Keeps items/s of every run (the median aggregate when there is one) while the console shows them.
class Collector final : public benchmark::ConsoleReporter {
 public:
  void ReportRuns(const std::vector<Run>& runs) override {
    for (const Run& run : runs) {
      if (run.error_occurred) continue;
      if (const auto bytes = run.counters.find("bytes_per_lane"); bytes != run.counters.end())
        bytes_per_lane_[run.run_name.function_name] = bytes->second.value;
      const auto it = run.counters.find("items_per_second");
      if (it == run.counters.end()) continue;
      const std::string key = run.run_name.function_name + "/" + run.run_name.args;
      Entry& e = entries_[key];
      if (run.run_type == Run::RT_Aggregate) {
        if (run.aggregate_name == "median") e.median = it->second.value;
      } else {
        e.sum += it->second.value;
        ++e.count;
      }
    }
    ConsoleReporter::ReportRuns(runs);
  }

  // bytes_per_lane of a memory benchmark, or nothing when it did not run.
  std::optional<double> bytes_per_lane(const std::string& function) const {
    const auto it = bytes_per_lane_.find(function);
    if (it == bytes_per_lane_.end()) return std::nullopt;
    return it->second;
  }

  // items/s of "function/threads:N", or nothing when it did not run.
  std::optional<double> rate(const std::string& function, int threads) const {
    const auto it = entries_.find(fmt::format("{}/threads:{}", function, threads));
    if (it == entries_.end()) return std::nullopt;
    if (it->second.median) return *it->second.median;
    if (it->second.count == 0) return std::nullopt;
    return it->second.sum / it->second.count;
  }

 private:
  struct Entry {
    std::optional<double> median;
    double sum = 0;
    int count = 0;
  };
  std::map<std::string, Entry> entries_;
  std::map<std::string, double> bytes_per_lane_;
};

std::string rate_text(std::optional<double> r) {
  if (!r) return "-";
  if (*r >= 1e6) return fmt::format("{:.2f} M/s", *r / 1e6);
  if (*r >= 1e3) return fmt::format("{:.2f} k/s", *r / 1e3);
  return fmt::format("{:.1f} /s", *r);
}

std::string ratio_text(std::optional<double> a, std::optional<double> b) {
  if (!a || !b || *b == 0) return "-";
  return fmt::format("{:.2f}", *a / *b);
}

// Each decoder beside its vendor's disassembler on the same words: decode alone, decode and print
// to text (what the tools do), the tool, and the ratios.
void print_vendor_tools(const Collector& c) {
  struct Row {
    const char* words;
    const char* decode;  // gpuatom's decode benchmark
    const char* set;     // vendor/SET/…
    const char* tool;    // vendor/SET/TOOL
    const char* absent;  // what the summary says without the tool
  };
  const Row rows[] = {
      {"Maxwell (nvdisasm 11.8 -b SM52)", "front_end/maxwell_decode_words", "maxwell", "nvdisasm",
       "nvdisasm 11.8 not fetched (scripts/fetch-nvidia-tools)"},
      {"sm_90 (nvdisasm 11.8 -b SM90)", "front_end/sass128_decode_words", "sm_90", "nvdisasm",
       "nvdisasm 11.8 not fetched (scripts/fetch-nvidia-tools)"},
      {"AMD gfx90a+gfx1100 (llvm-mc 19)", "front_end/amd_decode_words", "amd", "llvm_mc",
       "llvm-mc 19 not fetched (scripts/fetch-amd-isa-tools)"},
  };
  fmt::print(
      "\nBeside the vendor tools, the same words (one core, CPU time; a tool's includes its start-up) "
      "[>= 10x]\n");
  fmt::print("  {:<32} {:>13} {:>13} {:>13} {:>12} {:>12}\n", "words", "decode", "decode+print", "tool", "decode/tool",
             "print/tool");
  for (const Row& r : rows) {
    const auto decode = c.rate(r.decode, 1);
    const auto print = c.rate(fmt::format("vendor/{}/gpuatom_decode_print", r.set), 1);
    const auto tool = c.rate(fmt::format("vendor/{}/{}", r.set, r.tool), 1);
    fmt::print("  {:<32} {:>13} {:>13} {:>13} {:>12} {:>12}{}\n", r.words, rate_text(decode), rate_text(print),
               rate_text(tool), ratio_text(decode, tool), ratio_text(print, tool),
               tool ? "" : fmt::format("  ({})", r.absent));
  }
}

void print_summary(const Collector& c) {
  fmt::print("\nSummary (items/s; ratios of the same run; target in brackets)\n");
  fmt::print("{:<34} {:>3} {:>13} {:>13} {:>13} {:>10} {:>10}\n", "pair", "thr", "executor", "host", "mutex",
             "exec/host", "exec/mutex");
  struct Pair {
    const char* name;
    const char* host;
    bool mutex;
  };
  const Pair pairs[] = {
      {"u32_add_uncontended", "host_atomic", true},      {"u32_add_histogram256", "host_atomic", true},
      {"u32_add_hot_address", "host_atomic", true},      {"f32_ftz_add_uncontended", "host_cas", false},
      {"intel_svm_add_simd8", "host_atomic", false},     {"intel_typed2d_add_simd8", "host_atomic", false},
      {"intel_lsc_add_simd16", "host_atomic", false},    {"amd_cas_fp32_add", "host_cas", false},
      {"amd_isa_add_uncontended", "host_atomic", false}, {"amd_isa_add_histogram256", "host_atomic", false},
  };
  for (const Pair& p : pairs) {
    const std::string base = std::string("pair/") + p.name + "/";
    for (int threads : {1, 2}) {
      const auto exec = c.rate(base + "executor", threads);
      const auto host = c.rate(base + p.host, threads);
      const auto mutex = p.mutex ? c.rate(base + "global_mutex", threads) : std::nullopt;
      fmt::print("{:<34} {:>3} {:>13} {:>13} {:>13} {:>10} {:>10}\n", p.name, threads, rate_text(exec), rate_text(host),
                 rate_text(mutex), ratio_text(exec, host), ratio_text(exec, mutex));
    }
  }
  fmt::print("\nScaling, 2 threads / 1 thread (executor) [u32_add_uncontended >= 1.7]\n");
  for (const Pair& p : pairs) {
    const std::string name = std::string("pair/") + p.name + "/executor";
    fmt::print("  {:<32} {:>6}   (host: {})\n", p.name, ratio_text(c.rate(name, 2), c.rate(name, 1)),
               ratio_text(c.rate(std::string("pair/") + p.name + "/" + p.host, 2),
                          c.rate(std::string("pair/") + p.name + "/" + p.host, 1)));
  }
  fmt::print("\nOne core\n");
  const std::pair<const char*, const char*> singles[] = {
      {"front_end/sass_text_lines", "[>= 2 M/s]"},
      {"front_end/maxwell_decode_words", "[>= 20 M/s]"},
      {"front_end/maxwell_encode_words", ""},
      {"front_end/sass128_decode_words", ""},
      {"front_end/sass128_encode_words", ""},
      {"front_end/sass128_code_walk_words", ""},
      {"front_end/visa_binary_decode_instructions", "[>= 10 M/s]"},
      {"front_end/amd_decode_words", "[>= 20 M/s]"},
      {"exhaustive/interleavings_4_lanes", ""},
  };
  for (const auto& [name, target] : singles)
    fmt::print("  {:<44} {:>13} {}\n", name, rate_text(c.rate(name, 1)), target);
  print_vendor_tools(c);
  fmt::print("\nMemory: bytes per lane (explainable: per atomic) between 1 M and 4 M lanes\n");
  const std::pair<const char*, const char*> memory[] = {
      {"memory/sass_histogram_deterministic", "[<= 64]"},
      {"memory/sass_histogram_parallel", "[<= 64]"},
      {"memory/visa_lsc_histogram_deterministic", "[<= 64]"},
      {"memory/visa_svm_lane_values_deterministic", "[<= 64]"},
      {"memory/amd_add_deterministic", "[<= 64]"},
      {"memory/sass_hot_explainable_parallel", "[<= 128]"},
      {"memory/sass_hot_explainable_deterministic", "[<= 128]"},
  };
  for (const auto& [name, target] : memory) {
    const auto bytes = c.bytes_per_lane(name);
    fmt::print("  {:<44} {:>13} {}\n", name, bytes ? fmt::format("{:.1f} B", *bytes) : std::string("-"), target);
  }
}

}  // namespace

}  // namespace gpuatom::bench

int main(int argc, char** argv) {
  using namespace gpuatom::bench;
  std::vector<char*> args;
  bool has_out = false;
  for (int i = 0; i < argc; ++i) {
    if (std::strcmp(argv[i], "--smoke") == 0) {
      smoke_mode = true;
      continue;
    }
    if (std::strncmp(argv[i], "--benchmark_out=", 16) == 0) has_out = true;
    args.push_back(argv[i]);
  }
  std::string out = std::string("--benchmark_out=") + GPUATOM_BENCH_OUT;
  if (!has_out) {
    std::filesystem::create_directories(std::filesystem::path(GPUATOM_BENCH_OUT).parent_path());
    args.push_back(out.data());
  }
  int count = static_cast<int>(args.size());
  args.push_back(nullptr);
  benchmark::Initialize(&count, args.data());
  if (benchmark::ReportUnrecognizedArguments(count, args.data())) return 2;
  try {
    register_pairs();
    register_front_ends();
    register_exhaustive();
    register_checkers();
    register_memory();
    register_report();
    register_vendor_tools();
  } catch (const std::exception& e) {
    fmt::print(stderr, "gpuatom-bench: {}\n", e.what());
    return 1;
  }
  Collector collector;
  benchmark::RunSpecifiedBenchmarks(&collector);
  print_summary(collector);
  benchmark::Shutdown();
  return 0;
}
