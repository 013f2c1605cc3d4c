// Regions: named, non-overlapping address ranges of a DeviceMemory, each with the attributes the
// vendor front-ends ask about (NVIDIA address spaces and sparse pages; AMD location and
// granularity, amd.md §1). Memory outside every region does not exist: an access to it is an
// out-of-range fault.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

#include "gpuatom/memory/fault.hpp"

namespace gpuatom::memory {

// Which address space a region belongs to, and which space an access expects (nvidia.md §7).
enum class Space : uint8_t {
  global,  // reachable by generic (ATOM, RED) and global accesses
  shared,  // CTA shared memory: lies in the shared window, reachable only by shared accesses (ATOMS)
  local,   // thread-local memory: lies in the local window, reachable only by local accesses
};

// An address window of the generic address space (nvidia.md §7.2). A global access whose
// address falls inside the shared or local window is an invalid-address-space fault, whether or
// not a region is there. Size 0 = no window (the default: Intel and AMD have none).
struct Window {
  uint64_t base = 0;
  uint64_t size = 0;
  constexpr bool contains(uint64_t address) const { return address - base < size; }
};

// Where the memory lives (amd.md §1.1). Functionally identical here; AMD's outcome rules read it.
enum class Location : uint8_t { device, host_migratable, host_pinned };

// Coherence granularity (amd.md §1.2). Functionally identical here; AMD's outcome rules read it.
enum class Granularity : uint8_t { coarse, fine };

struct RegionAttributes {
  Space space = Space::global;
  Location location = Location::device;
  Granularity granularity = Granularity::coarse;
  // Every page starts sparse (not resident; accesses fault with FaultKind::sparse) until made
  // resident with DeviceMemory::set_sparse(..., false). Otherwise every page starts resident
  // (reads zero) and individual pages can be marked sparse.
  bool sparse_by_default = false;
};

// What to create. `base` must be a multiple of 16 (so that naturally aligned device addresses are
// naturally aligned host addresses, up to 128 bits); `size` > 0; [base, base + size) must not
// wrap past 2^64 and must not overlap another region; names must be unique and non-empty.
struct RegionSpec {
  std::string name;
  uint64_t base = 0;
  uint64_t size = 0;
  RegionAttributes attributes{};
};

// A created region, as callers see it. `name` lives as long as the DeviceMemory.
struct RegionInfo {
  RegionId id = no_region;
  std::string_view name;
  uint64_t base = 0;
  uint64_t size = 0;
  RegionAttributes attributes{};

  // Whether [address, address + width) lies inside the region (overflow-safe).
  constexpr bool contains(uint64_t address, uint64_t width = 1) const {
    return address >= base && address - base <= size && width <= size - (address - base);
  }
};

// Why a region could not be created.
enum class RegionError : uint8_t {
  empty,            // size 0
  misaligned_base,  // base not a multiple of 16
  wraps,            // base + size > 2^64
  overlap,          // intersects an existing region
  duplicate_name,   // another region has this name
  empty_name,       // name is ""
  outside_window,   // a shared/local region that is not inside its (non-empty) window
};
std::string_view describe(RegionError error);

std::string_view name(Space space);
std::string_view name(Location location);
std::string_view name(Granularity granularity);

}  // namespace gpuatom::memory
