// Bit helpers every layer uses: one home for each.
#pragma once

#include <cstdint>

namespace gpuatom::support {

// The low `width` bits of `bits` as a two's-complement number (1 ≤ width ≤ 64): an ALU's signed
// operand, an instruction word's signed offset field.
constexpr int64_t sign_extend(uint64_t bits, int width) {
  const int shift = 64 - width;
  return static_cast<int64_t>(bits << shift) >> shift;
}

}  // namespace gpuatom::support
