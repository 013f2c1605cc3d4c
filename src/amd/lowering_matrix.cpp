// The bridge from a HIP atomic to AMD's support tables (docs/spec/amd.md; docs/spec/amd-isa.md
// §8.4): the page's row for the op and type, the selectors the atomic implies, and whether the
// compiler's lowering tells the same story as the model's outcome.
#include <fmt/format.h>

#include "gpuatom/amd/lowering.hpp"

namespace gpuatom::amd {

namespace {

// The page's operation name ("Add", "Exch") and whether it has a float row.
std::string_view page_op(HipOp op) {
  switch (op) {
    case HipOp::add: return "Add";
    case HipOp::sub: return "Sub";
    case HipOp::bit_and: return "And";
    case HipOp::bit_or: return "Or";
    case HipOp::bit_xor: return "Xor";
    case HipOp::min: return "Min";
    case HipOp::max: return "Max";
    case HipOp::exchange: return "Exch";
    case HipOp::cas: return "CAS";
    case HipOp::inc: return "Inc";
    case HipOp::dec: return "Dec";
  }
  return "";
}

bool hardware_path(Outcome o) {
  return o == Outcome::native || o == Outcome::no_return || o == Outcome::scope_downgrade || o == Outcome::nop;
}
bool cas_path(Outcome o) { return o == Outcome::cas || o == Outcome::scope_downgrade_cas; }

}  // namespace

std::optional<AtomicRequest> matrix_request(const HipAtomic& a) {
  if (a.type == HipType::f16x2) return find_request("16bx2 half2 atomicAdd");
  if (a.type == HipType::bf16x2) return find_request("16bx2 bfloat162 atomicAdd");
  // Exchange and CAS of a float are the page's bitwise rows of the same width (HIP's
  // atomicExch(float*) moves the bits); float add/min/max are the float rows.
  const bool float_row = is_float(a.type) && a.op != HipOp::exchange && a.op != HipOp::cas;
  return find_request(fmt::format("{} bit {}atomic{}", width(a.type), float_row ? "float " : "", page_op(a.op)));
}

MatrixCell matrix_cell(const Device& device, const HipAtomic& a, const CompileFlags& flags, Memory memory) {
  MatrixCell cell;
  if (a.memory == AddressSpace::lds) {
    cell.why = "AMD's tables cover device and host DRAM, not LDS";
    return cell;
  }
  const std::optional<AtomicRequest> request = matrix_request(a);
  if (!request) {
    cell.why = fmt::format("AMD's tables have no row for a {}-bit {}{}", width(a.type),
                           is_float(a.type) ? "float " : "", name(a.op));
    return cell;
  }
  Selectors s;
  s.strategy = Strategy::hw_atomics;
  s.memory = memory;
  s.granularity = flags.fine_grained ? Granularity::fine : Granularity::coarse;
  s.scope = a.scope == HipScope::system ? Scope::system : Scope::device;
  s.pcie = PcieAtomics::unsupported;
  cell.without_pcie = evaluate(device, *request, s);
  s.pcie = PcieAtomics::supported;
  cell.with_pcie = evaluate(device, *request, s);
  return cell;
}

std::string disagreement(const Lowering& lowering, Outcome outcome) {
  if (lowering.kind == LoweringKind::unavailable)
    return hardware_path(outcome)
               ? fmt::format("clang-19 has no builtin for it on this target where the matrix says {}", name(outcome))
               : "";
  const bool compiler_cas = lowering.kind == LoweringKind::cas_loop;
  if (outcome == Outcome::not_applicable)
    return fmt::format("the matrix says n/a (no atomic for this cell) where clang-19 emits {}",
                       compiler_cas ? "a CAS loop" : lowering.instruction);
  if (compiler_cas && hardware_path(outcome))
    return fmt::format("clang-19 emits a CAS loop where the matrix says {}", name(outcome));
  if (!compiler_cas && cas_path(outcome))
    return fmt::format("clang-19 emits {} where the matrix says {}", lowering.instruction, name(outcome));
  return "";
}

}  // namespace gpuatom::amd
