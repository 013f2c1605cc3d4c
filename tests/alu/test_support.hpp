// Helpers shared by the ALU known-answer tests.
#pragma once

#include <cstdint>

#include "gpuatom/alu/apply.hpp"

namespace gpuatom::alu::testing {

// One op of `type` applied to `old` with `value` (and `compare`), no options.
inline Result run(Op op, Type type, uint64_t old, uint64_t value, uint64_t compare = 0) {
  return apply(Operation{op, type, {}}, old, Operands{value, compare});
}

}  // namespace gpuatom::alu::testing
