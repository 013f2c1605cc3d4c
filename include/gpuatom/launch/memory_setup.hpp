// Builds a scenario's memory: creates its regions in a DeviceMemory, marks sparse pages and
// writes the fills. Errors come back as diagnostics at the region's place in the file.
#pragma once

#include <vector>

#include "gpuatom/launch/setup.hpp"
#include "gpuatom/launch/symbols.hpp"
#include "gpuatom/memory/device_memory.hpp"

namespace gpuatom::launch {

// Where each region of the scenario was placed (same order as scenario.regions).
std::vector<RegionPlacement> placements(const Setup& scenario);

// Creates the regions and writes the fills. Returns no diagnostics on success.
support::Diagnostics setup_memory(const Setup& scenario, memory::DeviceMemory& memory, uint32_t group_size);

// Reads element `index` of `type` from a region (zero-extended bits).
memory::Expected<uint64_t> read_element(const memory::DeviceMemory& memory, uint64_t base, ElementType type,
                                        uint64_t index);

}  // namespace gpuatom::launch
