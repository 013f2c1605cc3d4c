// A 128-bit value (memory and ALU) as two little-endian 64-bit halves (the only 128-bit atomics are
// exchange and compare-and-swap, which need no arithmetic on it).
#pragma once

#include <cstdint>

namespace gpuatom::support {

struct Bits128 {
  uint64_t lo = 0;  // bytes 0..7 at the address
  uint64_t hi = 0;  // bytes 8..15
  friend constexpr bool operator==(const Bits128&, const Bits128&) = default;
};

}  // namespace gpuatom::support

namespace gpuatom::memory {
using support::Bits128;
}
namespace gpuatom::alu {
using support::Bits128;
}
