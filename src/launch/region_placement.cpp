#include <algorithm>

#include "gpuatom/launch/setup.hpp"
#include "gpuatom/nvidia/generic_windows.hpp"

namespace gpuatom::launch {

namespace {
constexpr uint64_t first_global_base = 0x10000000;  // where global regions without a base start
constexpr uint64_t region_alignment = 0x10000;
}  // namespace

RegionPlacer::RegionPlacer() : next_global_(first_global_base) {}

uint64_t RegionPlacer::place(const RegionText& region) {
  // Shared and local regions start at NVIDIA's windows (docs/spec/nvidia.md §7.2); global regions
  // follow one another, 64 KiB apart at least.
  const memory::Space space = region.attributes.space;
  const uint64_t base = region.base                      ? *region.base
                        : space == memory::Space::shared ? nvidia::generic_shared_window.base
                        : space == memory::Space::local  ? nvidia::generic_local_window.base
                                                         : next_global_;
  if (space == memory::Space::global)
    next_global_ =
        std::max(next_global_, (base + region.size + 2 * region_alignment - 1) / region_alignment * region_alignment);
  return base;
}

}  // namespace gpuatom::launch
