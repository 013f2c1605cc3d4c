// Helpers shared by the memory tests.
#pragma once

#include <cstdint>

#include "common/sanitizers.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::memory::testing {

using gpuatom::testing::under_tsan;

// Iterations per thread for the racing tests: 10^6 normally (the brief's size), 10^5 under TSan.
inline constexpr uint64_t race_iterations = under_tsan ? 100'000 : 1'000'000;

// A memory with one global region "buf" of `size` bytes at `base`.
inline RegionId add_buffer(DeviceMemory& memory, uint64_t base = 0x1000, uint64_t size = 0x4000,
                           const char* name = "buf") {
  const auto id = memory.add_region({name, base, size, {}});
  return id ? *id : no_region;
}

}  // namespace gpuatom::memory::testing
