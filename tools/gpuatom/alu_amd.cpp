// `gpuatom alu amd`: a row of AMD's tables (optionally run in one cell on one device), or an
// instruction with --target as the wave executes it.
#include <fmt/format.h>

#include <string>

#include "alu_result.hpp"
#include "amd_arguments.hpp"
#include "gpuatom/amd/isa/instruction_atomic.hpp"
#include "gpuatom/amd/lane_outcome.hpp"
#include "gpuatom/amd/rows.hpp"

namespace gpuatom::cli {

namespace {

// An instruction (`global_atomic_add_f32 --target gfx942`) as the AMD wave executes it.
int run_amd_instruction(const AluArgs& a) {
  forbid(a.src, "--src", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.swap, "--swap", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.src0, "--src0", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  forbid(a.src1, "--src1", "AMD instructions take --operand (and --compare for cmpswap, cmpst, mskor)");
  if (!a.device.empty()) throw BadInput("--device takes a row of AMD's tables; an instruction takes --target");
  const amd::isa::InstructionAtomic atomic = amd::isa::instruction_atomic(
      {a.op, a.target, a.old_value, a.operand, a.compare, a.lds_denormals, a.l2_add_f32, a.inf_minus_inf});
  Computed c = compute(atomic.operation, atomic.old, atomic.value, atomic.compare, atomic.flush_rule);
  if (!atomic.returns) c.returned.reset();
  c.notes.insert(c.notes.begin(), atomic.notes.begin(), atomic.notes.end());
  return print(c, a.json);
}

}  // namespace

int run_alu_amd(const AluArgs& a) {
  if (!a.target.empty()) return run_amd_instruction(a);
  if (a.list) {
    for (const auto& row : amd::rows()) fmt::print("{}\n", row.label);
    return exit_ok;
  }
  forbid(a.src, "--src", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.swap, "--swap", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.src0, "--src0", "AMD rows take --operand (and --compare for atomicCAS)");
  forbid(a.src1, "--src1", "AMD rows take --operand (and --compare for atomicCAS)");
  const auto index = amd::find_row(a.op);
  if (!index)
    throw BadInput(
        fmt::format("unknown AMD row '{}': expected a row label such as \"32 bit atomicAdd\" "
                    "(`gpuatom alu amd --list` prints all 27; docs/spec/amd.md §4), or an instruction "
                    "with --target (global_atomic_add_f32 --target gfx942)",
                    a.op));
  const amd::Row& row = amd::rows()[*index];
  const alu::Operation operation = amd::to_alu(row, {a.unsigned_min_max});
  const int bits = row.width;
  const Value old =
      parse_value("--old", need(a.old_value, "--old", "the memory value before the atomic"), operation, bits);
  const Value value =
      parse_value("--operand", need(a.operand, "--operand", "the row's value operand"), operation, bits);
  Value compare;
  if (row.kind == amd::RowKind::cas)
    compare =
        parse_value("--compare", need(a.compare, "--compare", "atomicCAS compares with this value"), operation, bits);
  else
    forbid(a.compare, "--compare", "only atomicCAS takes a compare value");
  Computed c = compute(operation, old, value, compare);
  if (!a.device.empty()) {
    // One lane on one device: what the cell's outcome does to it (amd/lane_outcome.hpp).
    const amd::Device& device = amd::device(amd::device_named("--device", a.device));
    const amd::Selectors selectors = parse_cell(a.cell, "the cell's selectors, with --device");
    const amd::AskedCell cell = amd::ask_cell(device, amd::AtomicRequest::of(row), selectors, a.cell.pcie_value(), {});
    amd::refuse_pcie_matters(device, cell);
    amd::apply_cell_outcome(c, old, row, device, cell.chosen());
  }
  return print(c, a.json);
}

}  // namespace gpuatom::cli
