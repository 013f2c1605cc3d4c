// A failed memory access, as a value. Faults are returned to the caller (per lane, per channel),
// never thrown and never fatal: a faulting access reads and writes nothing.
#pragma once

#include <cstdint>
#include <string>
#include <string_view>

namespace gpuatom::memory {

// Identifies a region of one DeviceMemory (its index in creation order).
using RegionId = uint32_t;
inline constexpr RegionId no_region = ~RegionId{0};

// The kinds of fault, in the order DeviceMemory checks them (nvidia.md §7.4; the order of the
// first three is PROPOSED there and adopted for every vendor).
enum class FaultKind : uint8_t {
  bad_width,              // width is not one the call supports (a caller bug, reported, not fatal)
  invalid_address_space,  // a global access hit the local or shared window, or a non-global region
  misaligned,             // address not a multiple of the access width (or .BA x of the element size)
  out_of_range,           // [address, address + width) not inside one region of the expected space
  sparse,                 // the page is marked sparse (not resident); vendors with Ps turn it into a status
  surface_out_of_bounds,  // a surface coordinate out of bounds under the TRAP clamp mode
};

// Everything needed to report a fault: "misaligned 4-byte access at 0x1002 in region 'buf'".
// Trivially copyable so that results carrying it stay cheap on the hot path.
struct Fault {
  FaultKind kind = FaultKind::out_of_range;
  uint8_t width = 0;            // access width in bytes
  RegionId region = no_region;  // the region the address fell in, when there is one
  uint64_t address = 0;         // the device address that was asked for (surfaces: unclamped)
  // Name of `region`; points into the DeviceMemory that produced the fault and lives as long as
  // it does (regions are never removed). Empty when there is no region.
  std::string_view region_name{};

  friend bool operator==(const Fault&, const Fault&) = default;
};

// "misaligned", "out-of-range", ... (stable names for reports and JSON).
std::string_view name(FaultKind kind);

// One line for a human: "misaligned 4-byte access at 0x0000000000001002 in region 'buf'".
std::string describe(const Fault& fault);

}  // namespace gpuatom::memory
