// Helpers shared by the memory tests.
#pragma once

#include <cstdint>

#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::memory::testing {

// ThreadSanitizer slows racing loops by ~10-50×: keep the racing tests' sizes reasonable there.
#if defined(__SANITIZE_THREAD__)
inline constexpr bool under_tsan = true;
#elif defined(__has_feature)
#if __has_feature(thread_sanitizer)
inline constexpr bool under_tsan = true;
#else
inline constexpr bool under_tsan = false;
#endif
#else
inline constexpr bool under_tsan = false;
#endif

// Iterations per thread for the racing tests: 10^6 normally (the brief's size), 10^5 under TSan.
inline constexpr uint64_t race_iterations = under_tsan ? 100'000 : 1'000'000;

// A memory with one global region "buf" of `size` bytes at `base`.
inline RegionId add_buffer(DeviceMemory& memory, uint64_t base = 0x1000, uint64_t size = 0x4000,
                           const char* name = "buf") {
  const auto id = memory.add_region({name, base, size, {}});
  return id ? *id : no_region;
}

}  // namespace gpuatom::memory::testing
