// The workloads gpuatom-bench times and gpuatom-bench-guard counts instructions of: the pairs'
// scenarios and the front-ends' inputs, built in one place so that both measure the same work.
#pragma once

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <vector>

#include "gpuatom/amd/isa/target.hpp"
#include "gpuatom/nvidia/binary/sass128.hpp"
#include "gpuatom/nvidia/instruction.hpp"
#include "gpuatom/scenario/scenario.hpp"

namespace gpuatom::bench {

// A file of the source tree (test corpora the benchmarks reuse).
std::string read_source_file(const std::string& relative);

// ---- The pairs: a scenario per pair, run by the executor in parallel mode -------------------

// Which word lane `tid` updates.
enum class Pattern { uncontended, histogram, hot };
uint64_t word_of(Pattern pattern, uint64_t tid);
uint64_t words_of(Pattern pattern, uint64_t lanes);

// Texels per row of the typed 2D pair's surface.
inline constexpr uint64_t typed_width = 1024;

struct PairWorkload {
  const char* name;  // as in pair/NAME/executor
  scenario::Scenario (*scenario)(uint64_t lanes);
};

// Every pair's executor side, in the order the summary table lists them.
std::span<const PairWorkload> pair_workloads();
const PairWorkload& pair_workload(const std::string& name);

// ---- The front-ends' inputs ------------------------------------------------------------------

// `count` items of `corpus`, from its first, cycling.
template <class T>
std::vector<T> cycled(const std::vector<T>& corpus, size_t count) {
  std::vector<T> out(count);
  for (size_t i = 0; i < count; ++i) out[i] = corpus[i % corpus.size()];
  return out;
}

// `lines` lines of the SASS corpus, one per line, cycling.
std::string sass_text_input(size_t lines);
// `count` Maxwell words of the words corpus, cycling.
std::vector<uint64_t> maxwell_decode_input(size_t count);
// The Maxwell corpus words that decode and encode, as instructions.
std::vector<nvidia::Instruction> maxwell_encode_input();
// `count` 128-bit words of nvdisasm 13.0's sm_90 listing, cycling.
std::vector<nvidia::Word128> sass128_decode_input(size_t count);
// The sm_90 words that decode, as instructions.
std::vector<nvidia::Instruction> sass128_encode_input();
// Code as a cubin holds it: `atomics` sm_90 atomic words, each followed by a NOP.
std::string code_walk_input(size_t atomics);
// vISA binary of the specification examples, cycling until `count` instructions; `count` becomes
// the number encoded (the examples that have a binary form).
std::vector<uint8_t> visa_decode_input(size_t& count);

// One AMD instruction as llvm-mc 19 decoded it: its bytes (a literal dword included) and the
// target whose decoder reads them.
struct AmdWord {
  const amd::isa::Target* target;
  std::array<uint8_t, 12> bytes;
  uint8_t size;
  std::span<const uint8_t> span() const { return {bytes.data(), size}; }
};
// The AMD words of a benchmark's targets, in this order: gfx90a (CDNA2) and gfx1100 (RDNA3).
inline constexpr std::array<const char*, 2> amd_word_targets = {"gfx90a", "gfx1100"};
// `count` atomic words llvm-mc 19 decoded (data/amd-isa/words/<target>.txt, the amd-isa tests'
// corpus), an equal share per target in amd_word_targets' order, each corpus cycled.
std::vector<AmdWord> amd_decode_input(size_t count);

}  // namespace gpuatom::bench
