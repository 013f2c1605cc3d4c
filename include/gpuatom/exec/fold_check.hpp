// Checkers for racing runs whose ops need no order to explain (usable by tests and scenarios). A
// parallel run's outcome varies, so what can be checked are invariants every legal interleaving
// keeps:
//
//   check_fold         order-independent ops (integer add, and/or/xor, min/max, exact float sums,
//                      INC with one bound …): the final value is the sequential fold of the ops
//                      over the initial value, in any order — the checker folds in the order given.
//   check_permutation  exchange: every value stored is returned exactly once or is the final
//                      value, so {initial} ∪ stored = returned ∪ {final} as multisets.
//
// Every checker explains its first mismatch in words. Values are compared at the operation's
// width (alu::width_mask); 128-bit types are not covered. The order-dependent check is
// serial_order.hpp.
#pragma once

#include <cstdint>
#include <span>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/exec/check_result.hpp"

namespace gpuatom::exec {

// One operation of a fold.
struct FoldStep {
  alu::Operation operation;
  alu::Operands operands;
};

CheckResult check_fold(uint64_t initial, std::span<const FoldStep> steps, uint64_t final_value);
// The common case: one operation, one operand list.
CheckResult check_fold(const alu::Operation& operation, uint64_t initial, std::span<const uint64_t> values,
                       uint64_t final_value);

// Values are compared at `width_bits` (16, 32 or 64).
CheckResult check_permutation(uint64_t initial, std::span<const uint64_t> stored, std::span<const uint64_t> returned,
                              uint64_t final_value, int width_bits = 32);

}  // namespace gpuatom::exec
