// The vendor disassemblers beside gpuatom's decoders, on the same words in the same run: nvdisasm
// 11.8 on Maxwell (SM52) and sm_90 (SM90) words, llvm-mc 19 on AMD words (gfx90a and gfx1100).
// A tool reads one file of `vendor_words()` words and prints their text, as `disasm` does; its
// time is its process's CPU time (user + system, from wait4), start-up included, so that it
// compares with the CPU time gpuatom's benchmarks report. Beside each tool, gpuatom decodes the
// same words and prints them to text (the like-for-like: the tools print text).
//
// A tool that is not fetched (scripts/fetch-nvidia-tools, scripts/fetch-amd-isa-tools) has no
// benchmark; the summary says so.
#include <fcntl.h>
#include <fmt/format.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <optional>
#include <stdexcept>
#include <string>
#include <vector>

#include "bench.hpp"
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/amd/isa/text.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/printer.hpp"
#include "workloads.hpp"

namespace gpuatom::bench {

namespace {

namespace fs = std::filesystem;

// Words per tool run: enough that start-up (nvdisasm's is about 0.1 s of CPU, 3 % of a run of
// 2^18 words) is a small part; 2^10 under --smoke.
size_t vendor_words() { return smoke() ? size_t{1} << 10 : size_t{1} << 18; }

fs::path words_dir() { return fs::path(GPUATOM_BENCH_OUT).parent_path() / "vendor-words"; }

// $VARIABLE, else the fetched copy under the source tree's build/ (as the oracle tests find them).
fs::path tool_root(const char* variable, const char* fetched) {
  if (const char* env = std::getenv(variable); env && *env) return env;
  return fs::path(GPUATOM_SOURCE_DIR) / fetched;
}

std::optional<fs::path> nvdisasm() {
  const fs::path tool = tool_root("GPUATOM_NVIDIA_TOOLS", "build/nvidia-tools/root/usr/bin") / "nvdisasm";
  return fs::exists(tool) ? std::optional(tool) : std::nullopt;
}

struct LlvmMc {
  fs::path tool;
  std::string library_path;
};
std::optional<LlvmMc> llvm_mc() {
  const fs::path root = tool_root("GPUATOM_AMD_ISA_TOOLS", "build/amd-isa-tools/root");
  LlvmMc mc{root / "usr/lib/llvm-19/bin/llvm-mc",
            (root / "usr/lib/x86_64-linux-gnu").string() + ":" + (root / "usr/lib/llvm-19/lib").string()};
  return fs::exists(mc.tool) ? std::optional(mc) : std::nullopt;
}

// Runs `args` with its output to /dev/null; the CPU seconds its process took, or nothing when it
// did not exit 0.
std::optional<double> child_cpu_seconds(const std::vector<std::string>& args, const std::string& library_path) {
  std::vector<char*> argv;
  for (const std::string& a : args) argv.push_back(const_cast<char*>(a.c_str()));
  argv.push_back(nullptr);
  const pid_t pid = fork();
  if (pid < 0) return std::nullopt;
  if (pid == 0) {
    const int null = open("/dev/null", O_WRONLY);
    if (null >= 0) {
      dup2(null, STDOUT_FILENO);
      dup2(null, STDERR_FILENO);
    }
    if (!library_path.empty()) setenv("LD_LIBRARY_PATH", library_path.c_str(), 1);
    execv(argv[0], argv.data());
    _exit(127);
  }
  int status = 0;
  rusage usage{};
  if (wait4(pid, &status, 0, &usage) != pid || !WIFEXITED(status) || WEXITSTATUS(status) != 0) return std::nullopt;
  const auto seconds = [](const timeval& t) {
    return static_cast<double>(t.tv_sec) + 1e-6 * static_cast<double>(t.tv_usec);
  };
  return seconds(usage.ru_utime) + seconds(usage.ru_stime);
}

// One benchmark iteration per set of tool runs, timed by the runs' CPU time.
void tool_runs(benchmark::State& state, const std::vector<std::vector<std::string>>& runs,
               const std::string& library_path, size_t words) {
  for (auto _ : state) {
    double cpu = 0;
    for (const auto& run : runs) {
      const auto seconds = child_cpu_seconds(run, library_path);
      if (!seconds) {
        state.SkipWithError(fmt::format("{} failed", run.front()).c_str());
        return;
      }
      cpu += *seconds;
    }
    state.SetIterationTime(cpu);
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words));
}

void write_file(const fs::path& path, const std::string& bytes) {
  fs::create_directories(path.parent_path());
  std::ofstream out(path, std::ios::binary);
  out << bytes;
  if (!out) throw std::runtime_error("cannot write " + path.string());
}

void put64(std::string& out, uint64_t v) {
  for (int b = 0; b < 8; ++b) out.push_back(static_cast<char>(v >> (8 * b)));
}

// Maxwell code comes in bundles of a scheduling control word and three instructions: the words
// three to a bundle behind a control word that sets only stall and yield bits (NOPs pad the last).
std::string maxwell_raw(const std::vector<uint64_t>& words) {
  constexpr uint64_t control = 0x001f8000fc0007e0ULL, nop = 0x50b0000000070f00ULL;
  std::string out;
  for (size_t i = 0; i < words.size(); i += 3) {
    put64(out, control);
    for (size_t k = i; k < i + 3; ++k) put64(out, k < words.size() ? words[k] : nop);
  }
  return out;
}

std::string sass128_raw(const std::vector<nvidia::Word128>& words) {
  std::string out;
  for (const nvidia::Word128& w : words) {
    put64(out, w.lo);
    put64(out, w.hi);
  }
  return out;
}

// llvm-mc's --disassemble input: one instruction's bytes a line, "0x.." each.
std::string llvm_mc_text(const std::vector<AmdWord>& words, const amd::isa::Target* target) {
  std::string out;
  for (const AmdWord& w : words) {
    if (w.target != target) continue;
    for (size_t i = 0; i < w.size; ++i) out += fmt::format("{}0x{:02x}", i ? " " : "", w.bytes[i]);
    out += '\n';
  }
  return out;
}

void maxwell_print(benchmark::State& state, const std::vector<uint64_t>& words) {
  for (auto _ : state)
    for (const uint64_t w : words) {
      const nvidia::Decoded d = nvidia::decode(w);
      if (!d.instruction) state.SkipWithError("a Maxwell word did not decode");
      benchmark::DoNotOptimize(nvidia::print(*d.instruction).size());
    }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}

void sass128_print(benchmark::State& state, const std::vector<nvidia::Word128>& words) {
  for (auto _ : state)
    for (const nvidia::Word128& w : words) {
      const auto d = nvidia::decode128(w, nvidia::Architecture::sm_90);
      const auto* inst = std::get_if<nvidia::Instruction>(&d);
      benchmark::DoNotOptimize(inst ? nvidia::print(*inst).size() : 0);
    }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}

void amd_print(benchmark::State& state, const std::vector<AmdWord>& words) {
  for (auto _ : state)
    for (const AmdWord& w : words) {
      const auto d = amd::isa::decode(w.span(), *w.target);
      const auto* inst = std::get_if<amd::isa::Instruction>(&d);
      if (!inst) state.SkipWithError("an AMD word did not decode");
      benchmark::DoNotOptimize(inst ? amd::isa::print(*inst, *w.target).size() : 0);
    }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * words.size()));
}

void one_core(benchmark::internal::Benchmark* b) { b->ArgName("threads")->Arg(1)->Unit(benchmark::kMillisecond); }
void tool_timing(benchmark::internal::Benchmark* b) {
  one_core(b);
  b->UseManualTime();
}

}  // namespace

void register_vendor_tools() {
  const size_t n = vendor_words();
  // gpuatom prints the words of its own decode benchmarks (workloads.hpp), 4096 per iteration.
  benchmark::RegisterBenchmark("vendor/maxwell/gpuatom_decode_print", maxwell_print, maxwell_decode_input(4096))
      ->Apply(one_core);
  benchmark::RegisterBenchmark("vendor/sm_90/gpuatom_decode_print", sass128_print, sass128_decode_input(4096))
      ->Apply(one_core);
  benchmark::RegisterBenchmark("vendor/amd/gpuatom_decode_print", amd_print, amd_decode_input(4096))->Apply(one_core);

  if (const auto tool = nvdisasm()) {
    const fs::path maxwell = words_dir() / "maxwell.bin", sm90 = words_dir() / "sm_90.bin";
    write_file(maxwell, maxwell_raw(maxwell_decode_input(n)));
    write_file(sm90, sass128_raw(sass128_decode_input(n)));
    benchmark::RegisterBenchmark(
        "vendor/maxwell/nvdisasm", tool_runs,
        std::vector<std::vector<std::string>>{{tool->string(), "-b", "SM52", maxwell.string()}}, std::string(), n)
        ->Apply(tool_timing);
    benchmark::RegisterBenchmark("vendor/sm_90/nvdisasm", tool_runs,
                                 std::vector<std::vector<std::string>>{{tool->string(), "-b", "SM90", sm90.string()}},
                                 std::string(), n)
        ->Apply(tool_timing);
  }
  if (const auto mc = llvm_mc()) {
    const std::vector<AmdWord> words = amd_decode_input(n);
    std::vector<std::vector<std::string>> runs;
    for (const char* name : amd_word_targets) {
      const fs::path file = words_dir() / fmt::format("{}.txt", name);
      write_file(file, llvm_mc_text(words, amd::isa::find_target(name)));
      runs.push_back(
          {mc->tool.string(), "--disassemble", "-triple=amdgcn", fmt::format("-mcpu={}", name), file.string()});
    }
    benchmark::RegisterBenchmark("vendor/amd/llvm_mc", tool_runs, runs, mc->library_path, n)->Apply(tool_timing);
  }
}

}  // namespace gpuatom::bench
