// A run's peak memory, estimated from the scenario before anything is allocated, so that a run
// that cannot fit is refused with the estimate and the way out instead of meeting the kernel's
// out-of-memory killer. The costs per lane and per atomic were measured (memory_estimate.cpp);
// docs/reliability.md says how.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "gpuatom/launch/run.hpp"
#include "gpuatom/support/diagnostic.hpp"

namespace gpuatom::launch {

// What a binding knows of its lanes' cost.
struct LaneCosts {
  uint64_t state_bytes = 0;       // one lane's registers, variables or results as the binding stores them
  uint64_t atomics_per_lane = 1;  // instructions that may perform an atomic, per lane (an upper bound)
  uint64_t kept_bytes = 0;        // per lane, what a streamed run keeps for the expectations
  uint64_t group_size = 32;       // lanes per group (a deterministic run keeps exec::default_resident groups)
};

struct MemoryEstimate {
  uint64_t bytes = 0;
  std::vector<std::string> parts;  // "lane state: 80000000 lanes × 230 B in deterministic mode"
  std::vector<std::string> ways_out;
};

// `streamed`: the parallel and deterministic modes make lane state only for the groups in flight
// (a host worker's, or the deterministic mode's resident window).
MemoryEstimate estimate_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs, bool streamed);

// Bad input at [launch] when the estimate is above options.max_memory (0: 80 % of the memory
// available, support::available_memory(); no check when that cannot be read).
support::Diagnostics check_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs,
                                  bool streamed);

// Bad input at [launch] for a run that met an allocation failure all the same (the estimate is
// not exact, and other processes take memory too): the estimate, the limit and the ways out.
support::Diagnostics out_of_memory(const Setup& scenario, const RunOptions& options, const LaneCosts& costs,
                                   bool streamed);

}  // namespace gpuatom::launch
