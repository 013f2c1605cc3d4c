// gpuatom-bench: what the benchmark files share.
#pragma once

#include <benchmark/benchmark.h>

#include <cstdint>
#include <string>

namespace gpuatom::bench {

// Lanes of every pair: 2^20, or 2^12 under --smoke (CI proves the benchmarks work, quickly).
uint64_t pair_lanes();
bool smoke();

// The host thread counts every throughput is measured at (1 and 2), as the `threads` argument;
// wall-clock time, since several threads work.
inline void thread_counts(benchmark::internal::Benchmark* b) {
  b->ArgName("threads")->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);
}

void register_pairs();
void register_front_ends();
void register_exhaustive();
void register_checkers();
void register_memory();
void register_report();
// nvdisasm and llvm-mc beside gpuatom's decoders, where they are fetched (vendor_tools.cpp).
void register_vendor_tools();

}  // namespace gpuatom::bench
