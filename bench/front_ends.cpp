// Front-ends on one core: SASS text parsed, Maxwell and 128-bit words decoded and encoded, code
// walked as a cubin's, vISA binary decoded;
// and the exhaustive mode's interleavings per second.
#include <benchmark/benchmark.h>
#include <fmt/format.h>

#include <sstream>
#include <stdexcept>

#include "bench.hpp"
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

namespace gpuatom::bench {

namespace {

// The disassembler lines of the SASS corpus (comments dropped).
std::vector<std::string> sass_lines() {
  std::vector<std::string> lines;
  std::istringstream in(read_source_file("tests/conformance/nvidia/corpus.sass"));
  for (std::string line; std::getline(in, line);)
    if (!line.empty() && !line.starts_with("//")) lines.push_back(line);
  return lines;
}

// The Maxwell words of the words corpus.
std::vector<uint64_t> maxwell_words() {
  std::vector<uint64_t> words;
  std::istringstream in(read_source_file("tests/conformance/nvidia/words.txt"));
  for (std::string line; std::getline(in, line);)
    if (line.starts_with("0x")) words.push_back(std::stoull(line.substr(0, line.find(' ')), nullptr, 16));
  return words;
}

// The 128-bit words of the CUDA 13 listing for sm_90 (nvdisasm 13.0's, every encoding of each line).
std::vector<nvidia::Word128> sm90_words() {
  std::vector<nvidia::Word128> words;
  std::istringstream in(read_source_file("tests/conformance/nvidia/cuda13/sm_90.tsv"));
  std::string line;
  std::getline(in, line);  // the header
  while (std::getline(in, line)) {
    std::istringstream fields(line.substr(line.find('\t') + 1));
    for (std::string low, high, bar; fields >> low >> high; fields >> bar)
      words.push_back({std::stoull(low, nullptr, 16), std::stoull(high, nullptr, 16)});
  }
  if (words.empty()) throw std::runtime_error("no sm_90 words");
  return words;
}

constexpr size_t batch = 4096;  // items per benchmark iteration

void sass_text(benchmark::State& state) {
  const auto lines = sass_lines();
  std::string source;
  for (size_t i = 0; i < batch; ++i) source += lines[i % lines.size()] + "\n";
  for (auto _ : state) {
    const nvidia::ParsedSass parsed = nvidia::parse_sass(source, "bench.sass");
    if (parsed.instructions.size() != batch) state.SkipWithError("a corpus line did not parse");
    benchmark::DoNotOptimize(parsed.instructions.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void maxwell_decode(benchmark::State& state) {
  const auto corpus = maxwell_words();
  std::vector<uint64_t> words(batch);
  for (size_t i = 0; i < batch; ++i) words[i] = corpus[i % corpus.size()];
  for (auto _ : state) {
    for (const uint64_t w : words) {
      const nvidia::Decoded d = nvidia::decode(w);
      benchmark::DoNotOptimize(d.instruction.has_value());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void maxwell_encode(benchmark::State& state) {
  std::vector<nvidia::Instruction> instructions;
  for (const uint64_t w : maxwell_words()) {
    nvidia::Decoded d = nvidia::decode(w);
    if (d.instruction && !d.diagnostics.has_errors() &&
        std::holds_alternative<uint64_t>(nvidia::encode(*d.instruction)))
      instructions.push_back(*d.instruction);
  }
  if (instructions.empty()) throw std::runtime_error("no encodable word in the corpus");
  for (auto _ : state) {
    for (size_t i = 0; i < batch; ++i) {
      const auto word = nvidia::encode(instructions[i % instructions.size()]);
      benchmark::DoNotOptimize(word.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void sass128_decode(benchmark::State& state) {
  const auto corpus = sm90_words();
  std::vector<nvidia::Word128> words(batch);
  for (size_t i = 0; i < batch; ++i) words[i] = corpus[i % corpus.size()];
  for (auto _ : state) {
    for (const nvidia::Word128& w : words) {
      const auto d = nvidia::decode128(w, nvidia::Architecture::sm_90);
      benchmark::DoNotOptimize(d.index());
    }
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void sass128_encode(benchmark::State& state) {
  std::vector<nvidia::Instruction> instructions;
  for (const nvidia::Word128& w : sm90_words())
    if (auto d = nvidia::decode128(w, nvidia::Architecture::sm_90); std::holds_alternative<nvidia::Instruction>(d))
      instructions.push_back(std::get<nvidia::Instruction>(d));
  if (instructions.empty()) throw std::runtime_error("no sm_90 word decodes");
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
  const auto corpus = sm90_words();
  std::string code;
  const auto put = [&](uint64_t v) {
    for (int b = 0; b < 8; ++b) code.push_back(static_cast<char>(v >> (8 * b)));
  };
  for (size_t i = 0; i < batch / 2; ++i) {
    put(corpus[i % corpus.size()].lo);
    put(corpus[i % corpus.size()].hi);
    put(0x0000000000007918ULL);  // NOP (sm_90)
    put(0x000fc00000000000ULL);
  }
  for (auto _ : state) {
    const nvidia::CodeAtomics atomics = nvidia::atomics_in_code(code, nvidia::Architecture::sm_90, "bench.cubin");
    if (atomics.atomics.size() != batch / 2) state.SkipWithError("the atomics did not all list");
    benchmark::DoNotOptimize(atomics.atomics.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * batch));
}

void visa_decode(benchmark::State& state) {
  support::Diagnostics d;
  const std::string file = "tests/conformance/intel/spec_examples.visaasm";
  const intel::Module m = intel::parse_visa(read_source_file(file), file, {}, d);
  std::vector<uint8_t> bytes;
  size_t count = 0;
  while (count < batch)
    for (const intel::Instruction& in : m.instructions)
      if (count < batch && !intel::encode(in, bytes)) ++count;
  if (count == 0) throw std::runtime_error("nothing to decode");
  for (auto _ : state) {
    support::Diagnostics diagnostics;
    const auto decoded = intel::decode(bytes, "bench.isa", {}, diagnostics);
    if (decoded.size() != count) state.SkipWithError("the stream did not decode back");
    benchmark::DoNotOptimize(decoded.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * count));
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
