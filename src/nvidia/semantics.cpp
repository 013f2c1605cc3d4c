#include "gpuatom/nvidia/semantics.hpp"

#include <fmt/format.h>

namespace gpuatom::nvidia {

int vector_words(Size size) { return info(size).vector ? info(size).bits / 32 : 0; }

alu::FloatRules float_rules(Size size, const SemanticsOptions& options) {
  using namespace numeric;
  alu::FloatRules rules;
  // Canonical NaN 0x7fffffff / 0x7fff… (ASSUMPTION §4.3) or the first NaN made quiet (switch).
  rules.add.nan = options.nan_propagate ? NanResult::propagate : NanResult::canonical;
  rules.add.default_nan = DefaultNan::all_ones;
  // PTX min/max: one NaN → the other operand; two NaNs → canonical (ASSUMPTION §4.4).
  rules.min_max.nan = options.nan_propagate ? MinMaxNan::number_else_first_quiet : MinMaxNan::number_else_default;
  rules.min_max.default_nan = DefaultNan::all_ones;
  switch (size) {
    case Size::F32_FTZ_RN:  // inputs and result flushed (§4.3)
    case Size::F32x2:       // each element as .F32.FTZ.RN: an H100 run of 84,000 element atomics
    case Size::F32x4:       // agreed (the harness runs them now; not yet in hw/results)
      rules.add.flush_inputs = rules.add.flush_result = true;
      break;
    case Size::F16x2:
    case Size::F16x4:
    case Size::F16x8:
      rules.add.flush_inputs = rules.add.flush_result = options.f16x2_flush;
      rules.min_max.flush_inputs = options.f16x2_flush;
      break;
    case Size::F64_RN:
      // Measured on an H200 (docs/hardware.md, hw/results/h200), not assumed, so the switch does
      // not apply: the operand's NaN if it is one, else memory's, bit for bit (a signalling NaN
      // stays signalling); inf − inf gives 0xfff8000000000000. No flushing.
      rules.add.nan = NanResult::last_exact;
      rules.add.default_nan = DefaultNan::negative_quiet;
      break;
    default:  // BF16x2.RN never flushes
      break;
  }
  return rules;
}

std::variant<alu::Operation, std::string> to_alu(AtomOp op, Size size, const SemanticsOptions& options) {
  if (!info(op).executable)
    return fmt::format(
        "{} has no defined semantics here: it parses and prints but does not execute "
        "(docs/spec/nvidia.md §10.3)",
        info(op).name);
  if (size == Size::F32_RN || size == Size::F32x2_RN || size == Size::F32x4_RN)
    return fmt::format(
        "{} (Hopper's f32 without .FTZ, read from nvdisasm on random words) parses and prints but does "
        "not execute: no ptxas output or GPU measurement defines it yet (docs/spec/nvidia.md §10.3)",
        info(size).spelling);
  if (op == AtomOp::SAFEADD && !options.safeadd_model)
    return std::string(
        "SAFEADD semantics are not publicly specified (docs/spec/nvidia.md §3.2); the opt-in model "
        "(--safeadd-model: 64-bit wrapping add, ASSUMPTION) executes it");
  alu::Operation operation;
  operation.op = info(op).alu_op;
  operation.type = info(size).type;
  operation.floats = float_rules(size, options);
  return operation;
}

}  // namespace gpuatom::nvidia
