// `gpuatom alu nvidia`: one SASS atomic, spelled as SASS spells it, read and checked against its
// instruction's op x size table and --arch by the library (nvidia/spelled_atomic.hpp), and computed.
#include <fmt/format.h>

#include <optional>
#include <string>
#include <variant>

#include "alu_result.hpp"
#include "gpuatom/alu/apply.hpp"
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
  const auto [op, size] = nvidia::read_op_size(spelled);
  if (a.nan != "canonical" && a.nan != "propagate")
    throw BadInput(fmt::format("--nan {}: expected canonical or propagate", a.nan));

  nvidia::SemanticsOptions options;
  options.nan_propagate = a.nan == "propagate";
  options.f16x2_flush = a.f16x2_flush;
  options.safeadd_model = a.safeadd_model;
  const auto resolved = nvidia::to_alu(op, size, options);
  if (const auto* error = std::get_if<std::string>(&resolved)) throw BadInput(*error);
  const alu::Operation operation = std::get<alu::Operation>(resolved);
  check_alu(operation);

  const int bits = nvidia::info(size).bits;
  const bool is_cas = op == nvidia::AtomOp::CAS || op == nvidia::AtomOp::CAST || op == nvidia::AtomOp::CAST_SPIN;
  const Value old =
      parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  const Value src =
      parse_value("--src", need(a.src, "--src", "the Rb operand (the comparand for CAS)"), operation, bits);
  Value swap;
  if (is_cas)
    swap = parse_value("--swap", need(a.swap, "--swap", "CAS stores the Rc value (docs/spec/nvidia.md §3.1)"),
                       operation, bits);
  else
    forbid(a.swap, "--swap", "only CAS takes a swap value (Rc)");

  // CAS: compare with Rb, store Rc (docs/spec/nvidia.md §3.1); other ops: the operand is Rb. A vector
  // (.F16x8 …) applies the operation to each 32-bit element of --old and --src.
  Computed c = is_cas ? compute(operation, old, swap, src) : compute(operation, old, src, {});
  if (const int words = nvidia::vector_words(size)) {
    const alu::Result128 r = alu::apply_vector(operation, words, {old.lo, old.hi}, {src.lo, src.hi});
    c = {bits, {r.memory.lo, r.memory.hi}, Value{r.returned.lo, r.returned.hi}, bits, operation.type, {}, {}};
  }
  if (!spelled.kind.returns) c.returned.reset();  // RED / SURED write no destination
  // The model has one rule per form for every architecture: the answer does not depend on which.
  const bool float_type = alu::is_float(operation.type);
  if (!spelled.architecture && float_type)
    c.notes.push_back("the same on every architecture that has this form (--arch checks that one does)");
  return print(c, a.json);
}

}  // namespace gpuatom::cli
