// What the harness's kernels offer the host code: plain C++ in, plain C++ out, CUDA hidden in
// atomic_kernels.cu. Every function throws std::runtime_error naming the failing CUDA call.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "harness_abi.hpp"

namespace gpuatom_hw {

enum class Space : uint32_t { global, shared };

struct DeviceInfo {
  std::string name;
  int major = 0;
  int minor = 0;
};
DeviceInfo device_info(int device);

// Runs every case in one thread, one after the other, each on a fresh address of `space`.
std::vector<SingleResult> run_single(Space space, const std::vector<SingleCase>& cases);

struct RacingOutcome {
  uint64_t memory = 0;             // the address after every lane finished
  std::vector<uint64_t> operands;  // per lane: the value operand it used (cas_loop: the value stored)
  std::vector<uint64_t> compares;  // per lane: the CAS comparand (cas_loop: the value it replaced)
  std::vector<uint64_t> returned;  // per lane: what its (last) atomic returned; empty for `discarded`
};

// `launch.threads` lanes race on one address of `space` that holds `initial` (global: 256
// lanes per block; shared: one block, so at most 1024 lanes).
RacingOutcome run_racing(Space space, const RacingLaunch& launch, uint64_t initial,
                         const std::vector<uint64_t>& operands, const std::vector<uint64_t>& compares);

}  // namespace gpuatom_hw
