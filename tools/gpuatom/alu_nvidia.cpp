// `gpuatom alu nvidia`: one SASS atomic, spelled as SASS spells it, read and checked against its
// instruction's op x size table and --arch, and computed with its operands, by the library
// (nvidia/spelled_atomic.hpp).
#include <fmt/format.h>

#include <string>

#include "alu_result.hpp"
#include "gpuatom/nvidia/semantics.hpp"
#include "gpuatom/nvidia/spelled_atomic.hpp"

namespace gpuatom::cli {

int run_alu_nvidia(const AluArgs& a) {
  const nvidia::SpelledAtomic spelled = nvidia::read_spelled_atomic(a.op, a.inst, a.arch, a.list);
  if (a.list) {
    for (const std::string& op_size : nvidia::legal_op_sizes(spelled.kind)) fmt::print("{}\n", op_size);
    return exit_ok;
  }
  forbid(a.src0, "--src0", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.src1, "--src1", "NVIDIA operands are --src (Rb) and --swap (the CAS swap value Rc)");
  forbid(a.operand, "--operand", "NVIDIA operands are --src (Rb) and --swap");
  forbid(a.compare, "--compare", "NVIDIA's CAS compares with --src (Rb) and stores --swap (Rc)");
  const nvidia::OpSize op_size = nvidia::read_op_size(spelled);
  if (a.nan != "canonical" && a.nan != "propagate")
    throw BadInput(fmt::format("--nan {}: expected canonical or propagate", a.nan));
  const nvidia::SemanticsOptions options{a.nan == "propagate", a.f16x2_flush, a.safeadd_model};
  return print(nvidia::compute_lane(spelled, op_size, options, {a.old_value, a.src, a.swap}), a.json);
}

}  // namespace gpuatom::cli
