// How an NVIDIA op and size compute: the ALU operation with NVIDIA's float rules
// (docs/spec/nvidia.md §3, §4), and the switches the spec provides for its assumptions.
#pragma once

#include <optional>
#include <string>
#include <variant>

#include "gpuatom/alu/operation.hpp"
#include "gpuatom/nvidia/opcodes.hpp"

namespace gpuatom::nvidia {

struct SemanticsOptions {
  // NaN results of f32 and packed adds: canonical NaN (ASSUMPTION, §4.3; an H200 agrees) unless
  // `nan_propagate` (the spec's switch). F64 follows the H200's measured rule either way.
  bool nan_propagate = false;
  // F16x2 keeps subnormals for both spellings (ASSUMPTION, §4.2); `--f16x2-flush` flushes
  // inputs and results of add and the inputs of min/max (§4.4's .FTZ rule).
  bool f16x2_flush = false;
  // SAFEADD refuses to execute (DECISION, §3.2) unless the opt-in model is asked for
  // (ASSUMPTION: a 64-bit wrapping add returning the old value).
  bool safeadd_model = false;
};

// The ALU operation for an NVIDIA op and size, or why it cannot execute.
// Legality (op × size) is checked separately with illegal_reason(). For a vector size (.F16x8 …
// .F32x4) it is the operation on one 32-bit element (an f32, or an f16x2/bf16x2 pair), which
// alu::apply_vector() applies to each of vector_words(size).
std::variant<alu::Operation, std::string> to_alu(AtomOp op, Size size, const SemanticsOptions& options = {});

// The 32-bit elements of a vector size (2 or 4), or 0 for any other size.
int vector_words(Size size);

// The float rules NVIDIA's atomics follow for a size (exposed for the docs and tests).
alu::FloatRules float_rules(Size size, const SemanticsOptions& options = {});

}  // namespace gpuatom::nvidia
