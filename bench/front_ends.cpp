// Front-ends on one core: SASS text parsed, Maxwell and 128-bit words decoded and encoded, code
// walked as a cubin's, vISA binary decoded;
// and the exhaustive mode's interleavings per second.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "bench.hpp"
#include "gpuatom/amd/isa/binary.hpp"
#include "gpuatom/intel/binary/decoder.hpp"
#include "gpuatom/intel/binary/encoder.hpp"
#include "gpuatom/intel/text/parser.hpp"
#include "gpuatom/nvidia/binary/code.hpp"
#include "gpuatom/nvidia/binary/decoder.hpp"
#include "gpuatom/nvidia/binary/encoder.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/text/parser.hpp"
#include "gpuatom/scenario/bind.hpp"
#include "gpuatom/scenario/scenario.hpp"
#include "workloads.hpp"

namespace gpuatom::bench {

namespace {

constexpr size_t batch = 4096;  // items per benchmark iteration

void sass_text(benchmark::State& state) {
  const std::string source = sass_text_input(batch);
  for (auto _ : state) {
    const nvidia::ParsedSass parsed = nvidia::parse_sass(source, "bench.sass");
    if (parsed.instructions.size() != batch) state.SkipWithError("a corpus line did not parse");
    benchmark::DoNotOptimize(parsed.instructions.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void maxwell_decode(benchmark::State& state) {
  const std::vector<uint64_t> words = maxwell_decode_input(batch);
  for (auto _ : state) {
    for (const uint64_t w : words) {
      const nvidia::Decoded d = nvidia::decode(w);
      benchmark::DoNotOptimize(d.instruction.has_value());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void maxwell_encode(benchmark::State& state) {
  const std::vector<nvidia::Instruction> instructions = maxwell_encode_input();
  for (auto _ : state) {
    for (size_t i = 0; i < batch; ++i) {
      const auto word = nvidia::encode(instructions[i % instructions.size()]);
      benchmark::DoNotOptimize(word.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void sass128_decode(benchmark::State& state) {
  const std::vector<nvidia::Word128> words = sass128_decode_input(batch);
  for (auto _ : state) {
    for (const nvidia::Word128& w : words) {
      const auto d = nvidia::decode128(w, nvidia::Architecture::sm_90);
      benchmark::DoNotOptimize(d.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void sass128_encode(benchmark::State& state) {
  const std::vector<nvidia::Instruction> instructions = sass128_encode_input();
  for (auto _ : state) {
    for (size_t i = 0; i < batch; ++i) {
      const auto word = nvidia::encode128(instructions[i % instructions.size()], nvidia::Architecture::sm_90);
      benchmark::DoNotOptimize(word.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

// A cubin's code as `disasm sass kernel.cubin` walks it: 16-byte words, the atomics among them
// decoded. The code is the sm_90 words with a non-atomic (a NOP) after each, half the words.
void code_walk(benchmark::State& state) {
  const std::string code = code_walk_input(batch / 2);
  for (auto _ : state) {
    const nvidia::CodeAtomics atomics = nvidia::atomics_in_code(code, nvidia::Architecture::sm_90, "bench.cubin");
    if (atomics.atomics.size() != batch / 2) state.SkipWithError("the atomics did not all list");
    benchmark::DoNotOptimize(atomics.atomics.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void visa_decode(benchmark::State& state) {
  size_t count = batch;
  const std::vector<uint8_t> bytes = visa_decode_input(count);
  for (auto _ : state) {
    support::Diagnostics diagnostics;
    const auto decoded = intel::decode(bytes, "bench.isa", {}, diagnostics);
    if (decoded.size() != count) state.SkipWithError("the stream did not decode back");
    benchmark::DoNotOptimize(decoded.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * count));
}

// AMD atomic words as `disasm amd` reads them: gfx90a's and gfx1100's, each by its target.
void amd_decode(benchmark::State& state) {
  const std::vector<AmdWord> words = amd_decode_input(batch);
  for (auto _ : state) {
    for (const AmdWord& w : words) {
      const auto d = amd::isa::decode(w.span(), *w.target);
      if (!std::holds_alternative<amd::isa::Instruction>(d)) state.SkipWithError("an AMD word did not decode");
      benchmark::DoNotOptimize(d.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

// Runs a SASS scenario (TOML text) in exhaustive mode once per iteration, with or without the
// reduction, counting its executions.
void exhaustive_runs(benchmark::State& state, const char* toml, bool reduce) {
  auto parsed = scenario::parse_scenario(toml, "bench.toml");
  if (auto* d = std::get_if<support::Diagnostics>(&parsed)) throw std::runtime_error(d->format_all());
  const auto& s = std::get<scenario::Scenario>(parsed);
  scenario::RunOptions options;
  options.mode = scenario::Mode::exhaustive;
  options.quiet = true;
  options.exhaustive_reduce = reduce;
  uint64_t executions = 0;
  for (auto _ : state) {
    const auto result = scenario::run_sass(s, options);
    const auto* report = std::get_if<scenario::RunReport>(&result);
    if (!report || !report->passed()) {
      state.SkipWithError("the exhaustive run did not pass");
      return;
    }
    executions += report->executions;
  }
  state.SetItemsProcessed(static_cast<int64_t>(executions));
  state.counters["executions_per_run"] = static_cast<double>(executions) / static_cast<double>(state.iterations());
}

// Two bounded increments by each of 4 lanes (4 warps of 1 lane) on one counter: every step
// conflicts with every other, so each of the 8! / 2^4 = 2520 orders is its own trace.
void exhaustive(benchmark::State& state) {
  exhaustive_runs(state, R"TOML(name = "bench"
isa = "sass"
exhaustive = true
program = """
ATOM.E.INC R0, [R2], R4 ;
ATOM.E.INC R1, [R2], R4 ;
"""
[launch]
lanes = 4
group = 1
[[region]]
name = "counter"
size = 4
[lanes]
R2 = "lo(addr(counter))"
R3 = "hi(addr(counter))"
R4 = 7
[[expect]]
region = "counter"
type = "u32"
index = 0
equals = 0
)TOML",
                  true);
}

// 8 lanes add 1 to 4 words without reading the old value: 40320 interleavings, one class. The
// same run with the reduction (reduce = 1) and without it (0), as wall time per complete answer.
void commuting_adds(benchmark::State& state) {
  exhaustive_runs(state, R"TOML(name = "commuting adds"
isa = "sass"
exhaustive = true
program = "ATOM.E.ADD RZ, [R2], R4 ;"
[launch]
lanes = 8
[[region]]
name = "c"
size = 16
[lanes]
R2 = "lo(addr(c) + (tid % 4) * 4)"
R3 = "hi(addr(c) + (tid % 4) * 4)"
R4 = 1
)TOML",
                  state.range(0) != 0);
}

}  // namespace

void register_front_ends() {
  const auto one_core = [](benchmark::internal::Benchmark* b) {
    b->ArgName("threads")->Arg(1)->Unit(benchmark::kMicrosecond);
  };
  benchmark::RegisterBenchmark("front_end/sass_text_lines", sass_text)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/maxwell_decode_words", maxwell_decode)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/maxwell_encode_words", maxwell_encode)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/sass128_decode_words", sass128_decode)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/sass128_encode_words", sass128_encode)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/sass128_code_walk_words", code_walk)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/visa_binary_decode_instructions", visa_decode)->Apply(one_core);
  benchmark::RegisterBenchmark("front_end/amd_decode_words", amd_decode)->Apply(one_core);
}

void register_exhaustive() {
  benchmark::RegisterBenchmark("exhaustive/interleavings_4_lanes", exhaustive)
      ->ArgName("threads")
      ->Arg(1)
      ->Unit(benchmark::kMillisecond);
  benchmark::RegisterBenchmark("exhaustive/commuting_adds_8_lanes", commuting_adds)
      ->ArgName("reduce")
      ->Arg(1)
      ->Arg(0)
      ->Unit(benchmark::kMillisecond);
}

}  // namespace gpuatom::bench
