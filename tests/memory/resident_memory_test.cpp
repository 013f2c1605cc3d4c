// "Touching 1,000 pages scattered over a 2^40-byte region uses < 64 MiB resident memory."
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdint>
#include <cstdio>
#include <fstream>

#include "gpuatom/memory/atomic_access.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::memory {
namespace {

// Resident set size of this process in bytes (second field of /proc/self/statm, in pages).
uint64_t resident_bytes() {
  std::ifstream statm("/proc/self/statm");
  uint64_t size_pages = 0;
  uint64_t resident_pages = 0;
  statm >> size_pages >> resident_pages;
  return resident_pages * static_cast<uint64_t>(sysconf(_SC_PAGESIZE));
}

TEST(ResidentMemory, ThousandScatteredPagesInTwoToTheFortyBytes) {
  constexpr uint64_t region_bytes = uint64_t{1} << 40;
  constexpr uint64_t touched = 1000;
  const uint64_t before = resident_bytes();
  ASSERT_GT(before, 0u) << "/proc/self/statm unreadable";
  {
    DeviceMemory memory;
    ASSERT_TRUE(memory.add_region({"huge", 0x1000'0000'0000, region_bytes, {}}));
    // Multiplying by an odd constant modulo 2^28 (the page count) is a bijection: 1,000 distinct
    // pages, spread over the whole region.
    constexpr uint64_t page_mask = region_bytes / page_bytes - 1;
    for (uint64_t i = 0; i < touched; ++i) {
      const uint64_t page = (i * 0x9e3779b1u + 12345) & page_mask;
      ASSERT_TRUE(fetch_add(memory, 0x1000'0000'0000 + page * page_bytes + 8 * (i % 512), 8, i + 1));
    }
    const uint64_t after = resident_bytes();
    const uint64_t grown = after > before ? after - before : 0;
    std::printf("[ resident ] %llu pages touched (%llu allocated): +%.1f MiB resident\n",
                static_cast<unsigned long long>(touched), static_cast<unsigned long long>(memory.allocated_pages()),
                static_cast<double>(grown) / (1 << 20));
    EXPECT_EQ(memory.allocated_pages(), touched);
    EXPECT_LT(grown, uint64_t{64} << 20);
  }
}

}  // namespace
}  // namespace gpuatom::memory
